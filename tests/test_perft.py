"""The legal moves of seeded random games match the committed move-count files (perft).

``tests/perft/<preset>.txt`` holds, for every preset, one line per decision of a few seeded
games' first deal: the number of legal moves and a hash of their sorted texts. A failure
names the first line that differs. If the change of moves was intended (a rule was fixed),
regenerate the files and commit them with the change::

    python tests/perft/generate.py            # rewrite every file
    python tests/perft/generate.py --check    # compare only
    python tests/perft/generate.py --moves classic-4 40 17   # list one decision's moves

(see ``tests/perft/README.md``).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import canasta

HERE = Path(__file__).resolve().parent / "perft"


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("perft_generate", HERE / "generate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


generate = _load_generator()
REGENERATE = (
    "regenerate with `python tests/perft/generate.py` if the change is intended; "
    "`python tests/perft/generate.py --moves PRESET SEED PLY` lists a decision's moves"
)


@pytest.mark.parametrize("preset", generate.presets())
def test_legal_moves_match_the_committed_file(preset: str) -> None:
    path = generate.path_of(preset)
    assert path.exists(), f"{path.name} is missing: {REGENERATE}"
    difference = generate.first_difference(
        path.read_text(encoding="utf-8"), generate.render(preset)
    )
    assert difference is None, f"{preset}, {difference}; {REGENERATE}"


def test_every_file_is_a_preset() -> None:
    files = {path.stem for path in HERE.glob("*.txt")}
    assert files == set(generate.presets())


def test_a_missing_legal_move_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drop one move where a decision has many: the comparison names the first such line."""
    original = canasta.Game.legal_moves

    def fewer(game: canasta.Game) -> Iterator[canasta.Move]:
        moves = list(original(game))
        return iter(moves[1:] if len(moves) > 30 else moves)

    preset = "classic-4"
    unchanged = generate.render(preset)
    monkeypatch.setattr(canasta.Game, "legal_moves", fewer)
    difference = generate.first_difference(unchanged, generate.render(preset))
    assert difference is not None
    lines = unchanged.splitlines()
    many = next(n for n, line in enumerate(lines) if line[0] != "#" and int(line.split()[5]) > 30)
    assert difference.startswith(f"line {many + 1} ")  # the first decision with over 30 moves


def test_the_files_do_not_depend_on_the_order_of_the_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = canasta.Game.legal_moves

    def backwards(game: canasta.Game) -> Iterator[canasta.Move]:
        return reversed(list(original(game)))

    preset = "samba-3"
    unchanged = generate.render(preset)
    monkeypatch.setattr(canasta.Game, "legal_moves", backwards)
    assert generate.first_difference(unchanged, generate.render(preset)) is None


def test_first_difference_names_the_line() -> None:
    assert generate.first_difference("a\nb\n", "a\nb\n") is None
    assert generate.first_difference("a\nb\n", "a\nc\n") == (
        f"line 2 ({generate.COLUMNS}): expected 'b', got 'c'"
    )
    assert generate.first_difference("a\nb\n", "a\n") == (
        "line 2: expected 'b', got the end of the file"
    )
    assert generate.first_difference("a\n", "a\nb\n") == (
        "line 2: expected the end of the file, got 'b'"
    )
