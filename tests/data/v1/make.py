"""Writes the version-1 documents of this folder; it ran on the release that wrote version 1.

    PYTHONPATH=<a checkout of commit 95d5f56> python tests/data/v1/make.py

Each case is a game reached by replaying moves from ``Game.new(rules, seed=...)`` (the record
in ``cases.json``), written as a game document and as the view of one player. The tests
replay the same moves with the library of today and check that the documents load to the
same game and view.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs

import canasta

HERE = Path(__file__).parent


STOPS = {
    "": lambda game: False,
    "pending": lambda game: bool(game.deal.pending_red_threes) and game.phase.value == "meld",
    "answer": lambda game: game.phase.value == "answer",
    "locked": lambda game: bool(game.deal.draft.locked),
}


def random_moves(
    game: canasta.Game, rng: random.Random, count: int, stop: str
) -> list[tuple[int, str]] | None:
    """Random moves, ``count`` of them or until ``stop`` holds (``None`` if it never does)."""
    moves = []
    for _ in range(count):
        if STOPS[stop](game):
            return moves
        if game.is_over:
            break
        move = rng.choice(list(game.legal_moves()))
        moves.append((game.to_move, str(move)))
        game = game.apply(move)
    return None if stop else moves


def cases() -> list[dict[str, object]]:
    found = []
    first_turn = {"red_three_timing": "first_turn"}
    specs = [
        ("classic-4p-mid-deal", "classic", 4, {}, 7, 40, 1, ""),
        ("classic-5p-second-deal", "classic", 5, {}, 3, 400, 4, ""),
        ("classic-3p-first-turn-red-threes", "classic", 3, first_turn, 5, 3, 1, "pending"),
        ("classic-4p-asking", "classic", 4, {}, 1, 400, 2, "answer"),
        ("classic-4p-pile-taken-locked", "classic", 4, {}, 1, 400, 3, "locked"),
        ("hollywood-4p-mid-deal", "hollywood", 4, {}, 2, 60, 2, ""),
        ("hollywood-2p-pile-taken-locked", "hollywood", 2, {}, 1, 400, 1, "locked"),
        ("samba-3p-mid-deal", "samba", 3, {}, 4, 45, 0, ""),
        ("bolivia-6p-mid-deal", "bolivia", 6, {}, 9, 50, 5, ""),
        ("classic-4p-match-over", "classic", 4, {"target_score": 5}, 1, 2000, 3, ""),
    ]
    for name, preset, players, options, seed, count, viewer, stop in specs:
        rules = canasta.find_rules(preset, players)
        if options:
            rules = attrs.evolve(rules, **options)
        moves = None
        while moves is None:  # the first seed from ``seed`` where ``stop`` comes true
            game = canasta.Game.new(rules, seed=seed)
            moves = random_moves(game, random.Random(seed), count, stop)
            seed += moves is None
        for player, text in moves:
            game = game.apply(canasta.parse_move(text), player=player)
        found.append(
            {
                "name": name,
                "rules": preset,
                "players": players,
                "options": options,
                "seed": seed,
                "moves": moves,
                "viewer": viewer,
                "game": game,
            }
        )
    return found


def main() -> None:
    index = []
    for case in cases():
        game = case.pop("game")
        name = case["name"]
        (HERE / f"{name}.game.json").write_text(game.to_json() + "\n")
        view = game.view(case["viewer"])
        (HERE / f"{name}.view.json").write_text(view.to_json() + "\n")
        index.append(case)
    (HERE / "cases.json").write_text(json.dumps(index, indent=1) + "\n")


if __name__ == "__main__":
    main()
