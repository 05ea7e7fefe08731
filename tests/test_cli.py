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
