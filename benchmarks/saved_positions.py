"""Time the saved slow positions: listing their legal moves, then explaining each one.

    python benchmarks/saved_positions.py
    python benchmarks/saved_positions.py --folder tests/data/slow26

For each game document of the folder (``tests/data/slow26``: the slowest ``legal_moves()``
positions random play found, see ``tests/test_slow_positions26.py``), with the caches
emptied first: the CPU seconds of ``Game.from_json`` (whose position check lists the legal
moves, which the game keeps for ``legal_moves()``), and of ``explain()`` of every move
listed, as a front end that shows the moves and then checks the one picked. Times are CPU
time of this process (``time.process_time``), which a busy machine disturbs less than the
wall clock.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import canasta

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "data" / "slow26"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=FOLDER)
    args = parser.parse_args(argv)
    clock = time.process_time
    listing = explaining = 0.0
    moves_in_all = 0
    for path in sorted(args.folder.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        canasta.clear_caches()
        start = clock()
        game = canasta.Game.from_json(text)
        moves = list(game.legal_moves())
        listed = clock()
        refused = sum(game.explain(move) is not None for move in moves)
        explained = clock()
        listing += listed - start
        explaining += explained - listed
        moves_in_all += len(moves)
        print(
            f"{path.name}: {len(moves)} moves, listed in {listed - start:.3f} s, "
            f"each explained in {explained - listed:.3f} s in all ({refused} refused)"
        )
    print(f"{moves_in_all} moves: listed in {listing:.2f} s, explained in {explaining:.2f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
