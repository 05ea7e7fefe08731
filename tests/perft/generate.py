"""Write (or check) the move-count regression files, one per preset, in this folder.

For every rule set (``canasta.rule_set_names()``) and 2 to 6 players, a few seeded games
are played at random through their first deal. At each decision the file gets one line: the
deal number, the decision's number in the game (its ply), the player to move, the phase, the
number of legal moves and the first 12 hex digits of the sha256 of their texts, sorted. The
moves are compared as sorted texts, so the order in which an engine lists them does not
matter, and the next move is drawn (from a seeded ``random.Random``) by index into those
sorted texts: two engines with the same legal moves walk the same games. A game stops when
its first deal ends, so the files say nothing about what comes after a deal.

Commands (from the repository's root)::

    python tests/perft/generate.py                # rewrite every file (after a rule change)
    python tests/perft/generate.py --check        # compare only; exit 1 on a difference
    python tests/perft/generate.py classic-4      # only the presets named
    python tests/perft/generate.py --moves classic-4 1 17   # the legal moves at ply 17 of seed 1

``tests/test_perft.py`` runs the same comparison; see ``tests/perft/README.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import canasta
from canasta import Game, Move, Phase

HERE = Path(__file__).resolve().parent
PLAYERS = range(2, 7)
#: The number of games of each preset.
GAMES = 3
#: A deal longer than this is taken for an engine that never ends it.
MAX_DECISIONS = 10_000
COLUMNS = "seed deal ply player phase moves sha256"


def presets() -> list[str]:
    """Every preset's name, such as ``classic-4``: the rule sets times 2 to 6 players."""
    return [f"{name}-{players}" for name in canasta.rule_set_names() for players in PLAYERS]


def seeds(players: int) -> range:
    """The seeds of a preset's games (of the deal and of the random walk). They differ with the
    number of players: the first deal of a five-player game is a four-player one with the
    fifth player sitting out, which the same seeds would only repeat."""
    return range(10 * players, 10 * players + GAMES)


def split_preset(preset: str) -> tuple[str, int]:
    """``"classic-4"`` -> ``("classic", 4)``."""
    name, _, players = preset.rpartition("-")
    if not name or not players.isdigit():
        raise ValueError(f"{preset!r} is not a preset such as 'classic-4'")
    return name, int(players)


def path_of(preset: str) -> Path:
    """The file of a preset."""
    return HERE / f"{preset}.txt"


def digest(texts: Sequence[str]) -> str:
    """The short hash of sorted move texts."""
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:12]


def decisions(preset: str, seed: int) -> Iterator[tuple[Game, list[str], dict[str, Move]]]:
    """Each decision of one game's first deal: the game, its sorted move texts, text -> move."""
    name, players = split_preset(preset)
    game = Game.new(name, players=players, seed=seed)
    rng = random.Random(seed)
    first_deal = game.deal_number
    for ply in range(MAX_DECISIONS):
        if game.is_over or game.phase is Phase.OVER or game.deal_number != first_deal:
            return
        moves: dict[str, Move] = {}
        texts = []
        for move in game.legal_moves():
            text = str(move)
            texts.append(text)
            moves.setdefault(text, move)
        texts.sort()
        yield game, texts, moves
        if not texts:
            raise RuntimeError(f"{preset} seed {seed}: no legal move at ply {ply}")
        game = game.apply(moves[texts[rng.randrange(len(texts))]])
    raise RuntimeError(f"{preset} seed {seed}: the first deal lasts over {MAX_DECISIONS} moves")


def render(preset: str) -> str:
    """The text of a preset's file."""
    name, players = split_preset(preset)
    lines = [
        f"# {name}, {players} players: seeded random games, first deal only.",
        "# Regenerate with `python tests/perft/generate.py` (see README.md); do not edit.",
        f"# {COLUMNS}",
    ]
    for seed in seeds(players):
        for ply, (game, texts, _) in enumerate(decisions(preset, seed)):
            player = "-" if game.to_move is None else game.to_move
            lines.append(
                f"{seed} {game.deal_number} {ply} {player} {game.phase.value} "
                f"{len(texts)} {digest(texts)}"
            )
    return "\n".join(lines) + "\n"


def first_difference(expected: str, actual: str) -> str | None:
    """Where two files' texts first differ, said for a reader; ``None`` if they are equal."""
    old, new = expected.splitlines(), actual.splitlines()
    for number, (was, now) in enumerate(zip(old, new, strict=False), start=1):
        if was != now:
            return f"line {number} ({COLUMNS}): expected {was!r}, got {now!r}"
    if len(old) != len(new):
        number = min(len(old), len(new)) + 1
        if len(old) > len(new):
            return f"line {number}: expected {old[number - 1]!r}, got the end of the file"
        return f"line {number}: expected the end of the file, got {new[number - 1]!r}"
    return None


def show_moves(preset: str, seed: int, ply: int) -> str:
    """The sorted legal moves at one decision, one a line."""
    for number, (_, texts, _) in enumerate(decisions(preset, seed)):
        if number == ply:
            return "\n".join([f"{len(texts)} moves, sha256 {digest(texts)}", *texts])
    raise ValueError(f"{preset} seed {seed} has no ply {ply}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("presets", nargs="*", help="presets such as classic-4 (default: all)")
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    parser.add_argument(
        "--moves",
        nargs=3,
        metavar=("PRESET", "SEED", "PLY"),
        help="print the sorted legal moves at one decision",
    )
    args = parser.parse_args(argv)
    if args.moves:
        preset, seed, ply = args.moves
        print(show_moves(preset, int(seed), int(ply)))
        return 0
    known = presets()
    unknown = sorted(set(args.presets) - set(known))
    if unknown:
        parser.error(f"unknown presets {', '.join(unknown)}; known: {', '.join(known)}")
    failed = 0
    for preset in args.presets or known:
        text, path = render(preset), path_of(preset)
        if not args.check:
            path.write_text(text, encoding="utf-8")
            continue
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        difference = None if path.exists() else "the file is missing"
        difference = difference or first_difference(old, text)
        if difference:
            failed += 1
            print(f"{preset}: {difference}")
    if args.check:
        print(f"{failed} of {len(args.presets or known)} presets differ" if failed else "same")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
