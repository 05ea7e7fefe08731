"""The canastas' cores asked of a hand that needs its discard (issue 26): where the
reasoning of ``forced.forced_short`` finds that the naturals cannot all be melded and that
only a card of one face may be the discard (``forced.discards_left``), every plan discards a
card of it (CL-OUT-1: at most one card is discarded), so the cores are asked of the hand
with that card discarded and none to discard (``going_out._cores_answer``): the same
question, whose searches of placing (each choice of cores, ``forced_short`` of its cards
left) no longer ask the hand melding every card too.

Held to the search of the whole question without the cores, on drawn positions under
Hollywood, Samba and Bolivia with drawn house rules, and on the Hollywood for two
``hand_size=60`` position of tests/data/slow26, whose refusals are each answered so.
"""

from __future__ import annotations

from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from profiles import examples
from test_cores26 import (
    _HOLLYWOOD_REFUSED,
    HOLLYWOOD_60,
    Case,
    _built,
    _out,
    _positions,
    _question,
)

import canasta
from canasta._engine.search.cores import cores_answer
from canasta._engine.search.forced import discards_left
from canasta._engine.tables import tables


def _one_discard(case: Case) -> int | None:
    """The one face a card of which every plan of the case must discard, by
    ``forced.discards_left``; ``None`` where it leaves none, or more than one."""
    rules, _, wilds, layout, spare = case
    nat, _ = _question(case)
    canasta.clear_caches()
    left = discards_left(nat, layout, wilds, spare, tables(rules))
    if left is None or len(left) != 1:
        return None
    (face,) = left
    return face


def _discarded_answer(case: Case, face: int) -> bool | None:
    """The cores' answer for the case's hand with a card of ``face`` discarded, none left
    to discard."""
    rules, _, wilds, layout, _ = case
    nat, new_wild = _question(case)
    less = bytearray(nat)
    less[face] -= 1
    canasta.clear_caches()
    return cores_answer(bytes(less), wilds, layout, 0, frozenset(), tables(rules), new_wild)


@settings(max_examples=examples(1500), deadline=None)
@given(st.one_of(_positions(), _built()))
@example(_HOLLYWOOD_REFUSED)
def test_CL_OUT_1_the_cores_of_a_hand_that_needs_its_one_discard_answer_as_the_search(
    case: Case,
) -> None:
    """Where the reasoning leaves one face to discard, the cores' answer with a card of it
    discarded, where they answer, is the search's of the whole question (which never asks
    the reasoning: any natural of the case's discards, or none)."""
    face = _one_discard(case)
    event(f"one face to discard {face is not None}")
    if face is None:
        return
    answer = _discarded_answer(case, face)
    event(f"answer {answer}")
    if answer is not None:
        assert answer == _out(case), case


def test_CL_OUT_1_the_hollywood_hand_needs_its_ace_of_diamonds_discarded() -> None:
    """The first question of the Hollywood for two ``hand_size=60`` hand that the cores
    refuse: the ace of diamonds is the one discard, and with it discarded every choice of
    two cores leaves cards that cannot be melded; the search finds no way either."""
    face = _one_discard(_HOLLYWOOD_REFUSED)
    assert face is not None
    assert _discarded_answer(_HOLLYWOOD_REFUSED, face) is False
    assert not _out(_HOLLYWOOD_REFUSED)


def test_CL_OUT_1_the_hollywood_hand_lists_its_moves_so() -> None:
    """The saved position lists the moves it lists with the cores asked of the whole
    question (tests/test_slow_positions26.py holds its count and digest; listed here with
    the cores asked, seven of them refusals of hands that need their ace discarded)."""
    canasta.clear_caches()
    game = canasta.Game.from_json(HOLLYWOOD_60.read_text())
    assert len(game.legal_moves()) == 271
