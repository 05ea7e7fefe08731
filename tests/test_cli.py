"""The ``canasta`` command and ``python -m canasta``."""

from __future__ import annotations

import subprocess
import sys

import pytest

import canasta
from canasta.cli import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"canasta {canasta.__version__}"


@pytest.mark.parametrize("argv", [[], ["info"]])
def test_info_lists_version_and_rule_sets(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"canasta {canasta.__version__}" in out
    assert "classic" in out


def test_unknown_command_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["no-such-command"])
    assert info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_python_m_canasta() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "canasta", "--version"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert result.stdout.strip() == f"canasta {canasta.__version__}"


def run_play(argv: list[str], text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    import io

    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    monkeypatch.setattr("sys.stdout", out)
    code = main(["play", *argv])
    return code, out.getvalue()


def test_play_shows_the_table_and_refuses_an_illegal_move_with_its_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out = run_play(["--seed", "3", "--color", "never"], "discard 4C\nmoves\n", monkeypatch)
    assert code == 0
    assert "Your hand (11):" in out
    assert "Not allowed (CL-TURN-1)" in out
    assert "Legal moves: draw" in out
    assert out.rstrip().endswith("End of input: goodbye.")


def test_play_accepts_moves_and_lets_the_bots_play(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run_play(["--seed", "3", "--players", "2"], "draw\nfly\nquit\n", monkeypatch)
    assert code == 0
    assert "Your hand (17):" in out  # 15 dealt, two drawn (CL-V2-2)
    assert "'fly' is not a move" in out
    assert "Goodbye." in out


def test_play_rejects_bad_options(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run_play(["--players", "9"], "", monkeypatch)
    assert code == 2
    assert "classic is played by" in out
    code, out = run_play(["--seat", "5"], "", monkeypatch)
    assert code == 2
