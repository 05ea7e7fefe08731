"""``canasta serve``: the web front end on uvicorn, and what it says without the web extra."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run


def test_serve_runs_the_app_on_uvicorn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append((app, options)))
    db = tmp_path / "games.sqlite"
    code, _, err = run(
        ["serve", "--port", "8123", "--db", str(db), "--bot-delay", "0"], monkeypatch
    )
    assert code == 0
    assert f"serving on http://127.0.0.1:8123 (games in {db})" in err
    [(app, options)] = calls
    assert options["host"] == "127.0.0.1"
    assert options["port"] == 8123
    assert options["ws_max_size"] <= 65536
    assert app.state.tables.bot_delay == 0
    assert db.exists()


def test_serve_without_the_web_extra_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn fails
    code, _, err = run(["serve"], monkeypatch)
    assert code == 1
    assert "canasta serve: the web front end needs the web extra (uvicorn is missing)" in err
    assert "pip install 'canasta[web]'" in err


def test_serve_with_a_file_that_is_no_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database, and it is long enough to be read as one" * 20)
    code, _, err = run(["serve", "--db", str(junk)], monkeypatch)
    assert code == 1
    assert str(junk) in err


def test_neither_the_library_nor_the_command_imports_the_web_extra() -> None:
    """``import canasta`` needs attrs alone, and the command loads the web front end only
    when ``serve`` runs."""
    code = (
        "import sys, canasta, canasta.cli\n"
        "from canasta.cli import main\n"
        "main(['rules', 'CL-PILE-5'])\n"
        "web = {'starlette', 'uvicorn', 'websockets', 'canasta.web'}\n"
        "assert not web & set(sys.modules), web & set(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
