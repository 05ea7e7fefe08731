"""The slowest ``legal_moves()`` positions found by random legal play (issue 26, bounded
work): each lists the moves it listed before the going-out search was made quicker.

The counts and the digests of the sorted move texts were computed with the search as it
was (the Hollywood position took about 20 s then, the Bolivia ones 3 s and 0.8 s); the
search must still answer every one of them the same. Times are measured in
``benchmarks/worst_case.py``, not here.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import canasta

DATA = Path(__file__).parent / "data" / "slow26"

#: file, legal moves, the first ten hex digits of the SHA-1 of their sorted texts.
POSITIONS = [
    # Hollywood for two, hand_size=2 and an opening minimum of 140: a 45-card hand that has
    # laid black threes and so must go out (CL-B3-3) with every meld step it offers.
    ("hollywood-45-cards-after-black-threes.json", 185, "33df49e87f"),
    # Bolivia for five: every going out needs a natural sequence canasta (BO-OUT-1).
    ("bolivia-5p-going-out-needs-a-natural-sequence.json", 210, "2e80261b05"),
    # Bolivia for five: the pile taken before the minimum, its cards locked (CL-INIT-4).
    ("bolivia-5p-pile-taken-before-the-minimum.json", 1, "76a4e12c21"),
    # Found later by benchmarks/worst_case.py (counts and digests from before the changes
    # they led to). Samba for five, an opening minimum of 125 owed: each take of the pile
    # asked whether the locked cards could be unlocked and melded out, a search over every
    # opening (about 6 s) although the usable cards reach no 125 points at all.
    ("samba-5p-pile-locked-opening-out-of-reach.json", 1, "76a4e12c21"),
    # Hollywood for six, canastas of nine: a 45-card hand whose meld of black threes is
    # legal only if it goes out (CL-B3-3), one going-out search a choice (about 4.5 s).
    ("hollywood-6p-black-threes-with-45-cards.json", 481, "bb68f0ec27"),
    # Black threes laid, so every step must go out: Hollywood for five with 36 cards, Samba
    # for four with 31 (a going-out search a meld step, 155 and 119 of them).
    ("hollywood-5p-36-cards-after-black-threes.json", 29, "c51cb76441"),
    ("samba-4p-31-cards-after-black-threes.json", 36, "3f59aa5c1d"),
    # Hollywood for two: a 42-card hand that cannot go out, and twelve melds of black threes
    # (with up to two wild cards of each kind), each refused after its own going-out search.
    ("hollywood-2p-black-threes-refused-42-cards.json", 227, "d5fa70a9af"),
]


@pytest.mark.parametrize(("name", "count", "digest"), POSITIONS)
def test_the_slowest_positions_found_list_the_same_moves(
    name: str, count: int, digest: str
) -> None:
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    texts = sorted(str(move) for move in game.legal_moves())
    assert len(texts) == count
    assert hashlib.sha1("\n".join(texts).encode()).hexdigest()[:10] == digest
