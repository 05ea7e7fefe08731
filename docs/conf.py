"""Sphinx configuration for the canasta documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html`` (``./run test`` does,
and runs the ``doctest`` builder too). Nothing here needs the network: there are no
intersphinx mappings.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

from canasta import __version__

# The project's own extensions (docs/_ext): rule IDs as anchors and links, the table of rule
# sets, and pictures of positions drawn by canasta.svg.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "canasta"
author = "The canasta developers"
copyright = "The canasta developers"
release = __version__
version = ".".join(__version__.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
    "canasta_rules",
    "canasta_figures",
    "canasta_observation",
    "canasta_actions",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

# --- autodoc ------------------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
    # attrs writes every __init__; the fields are documented as attributes instead, which
    # keeps signatures such as RuleSet's (30-odd keyword arguments) readable.
    "exclude-members": "__init__",
}
autodoc_class_signature = "separated"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"

# --- doctest ------------------------------------------------------------------------------

# The examples in docstrings are run by pytest (``--doctest-modules``), in their module's
# namespace; running them again here would need every module's names in one namespace. The
# doctest builder therefore runs only the ``.. doctest::`` blocks of these pages (pytest does
# not collect the pages), so each page's examples must import what they use.
doctest_test_doctest_blocks = ""
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# --- HTML ---------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"canasta {release}"
