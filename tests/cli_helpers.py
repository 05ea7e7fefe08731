"""Helpers shared by the tests of the ``canasta`` command (``test_cli*.py``)."""

from __future__ import annotations

import io

import pytest

from canasta.cli import main


def run(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "", columns: int = 100
) -> tuple[int, str, str]:
    """Run the command with this standard input, ``columns`` wide; the exit status, stdout
    and stderr."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setenv("COLUMNS", str(columns))
    code = main(argv)
    return code, out.getvalue(), err.getvalue()


def too_wide(text: str, columns: int = 80) -> list[str]:
    """The lines of ``text`` longer than ``columns``."""
    return [line for line in text.splitlines() if len(line) > columns]
