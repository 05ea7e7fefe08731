"""The package's version, kept in one place for the build backend and the code."""

__version__ = "0.1.0.dev0"
