"""A case of issue 26: going out where every card of the hand fills a gap.

    python benchmarks/late_merges.py --suits 2 3 4

Hollywood for four with ``canastas_to_go_out`` equal to the number of suits and
``ask_permission="optional"``: the side to act has laid, for each suit, the sequences 4-6
and 9-J, and the player holds that suit's seven and eight. Every canasta going out needs is
a merge of two sequences (HW-MRG-1), which can only follow the card that fills their gap;
going out is judged when the last card is placed, so the player cannot go out (a merge after
it is too late). ``search/merge_last.py`` counts the canastas a going out can have when
the card it melds last, or discards, fills no gap (``last_card_canastas``): one fewer than
the suits, so no search is asked, however many suits (up to twelve: three decks hold each
card three times). Until suits43 the search refuted every placing of the gap cards, some
four times as many a suit (7 suits 0.6 to 0.9 s, 8 suits 3 s), and until late42 the reference
solver did, some seventeen times as many. Loading the position lists its legal moves, and
listing asks whether the player may ask to go out (CL-ASK-2), so the load shows the cost.
Prints, for each count of suits, the legal moves and the CPU milliseconds to load and list
(caches emptied).
"""

from __future__ import annotations

import argparse
import time

import attrs

import canasta

SUITS = "SHDC"


def position(suits: int) -> canasta.Game:
    """The position described above, with ``suits`` suits (taken S, H, D, C, S, ...)."""
    rules = attrs.evolve(
        canasta.find_rules("hollywood", players=4),
        canastas_to_go_out=suits,
        ask_permission="optional",
    )
    melds: list[str] = []
    hand: list[str] = []
    for number in range(suits):
        suit = SUITS[number % len(SUITS)]
        melds += [f"4{suit} 5{suit} 6{suit}", f"9{suit} 10{suit} J{suit}"]
        hand += [f"7{suit}", f"8{suit}"]
    return canasta.Game.from_position(
        rules,
        hands=[" ".join(hand), "QS QH", "KS KH", "AS AH"],
        melds=[melds, []],
        phase="meld",
        melded_players=[0],
        scores=[0, 0],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suits", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args(argv)
    for suits in args.suits:
        canasta.clear_caches()
        start = time.process_time()
        moves = list(position(suits).legal_moves())
        spent = 1000 * (time.process_time() - start)
        print(f"{suits} suits, {2 * suits} cards: {len(moves)} legal moves, {spent:.1f} ms CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
