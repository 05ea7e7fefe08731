"""benchmarks/late_merges.py builds its position and lists its moves (its speed is not
tested: it measures an open case of issue 26, docs/performance.rst)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "late_merges.py"

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="benchmarks/ is not here")


def test_the_position_of_two_suits_loads_and_lists_its_moves() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--suits", "2"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("2 suits, 4 cards: 12 legal moves, ")
