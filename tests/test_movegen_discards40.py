"""The move generator's discards are exactly the validator's (issue 20).

The generator lists every discard of a usable card without asking the validator where the
deal's plain-finish limits (:func:`~canasta._engine.finishing.plain_finish`) say a plain
discard could end the turn now and no opening begun owes its minimum
(``movegen._discards_free``); elsewhere it asks :func:`~canasta._engine.transitions.check`
of each. Held here to ``check`` of the discard of every face in hand, over the presets and
drawn house rules and the meld phases of random deals: where the limits let every discard
through, each is legal, and the discards listed are exactly the legal ones. Dropping the
limits' two cards in hand from ``_discards_free`` fails it (the example below).
"""

from __future__ import annotations

import random

from fuzz.options import random_rules
from hypothesis import example, given, settings
from hypothesis import strategies as st
from play_helpers import meld_phases
from profiles import examples

from canasta import Discard, RuleSet, find_rules, rule_set_names
from canasta._engine import movegen, transitions
from canasta._engine.finishing import plain_finish

_PRESETS = [find_rules(name, players=players) for name in rule_set_names() for players in (2, 4)]
rule_sets = st.one_of(
    st.sampled_from(_PRESETS),
    st.integers(0, 2**32).map(lambda seed: random_rules(random.Random(seed))),
)
seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=examples(20), deadline=None)
@given(rules=rule_sets, seed=seeds)
# A hand of one card left after taking the pile, whose discard would go out without a
# canasta (CL-OUT-2): the limits' two cards in hand keep it from the free discards.
@example(rules=find_rules("classic", players=4), seed=78)
def test_CL_TURN_8_generated_discards_are_the_validators(rules: RuleSet, seed: int) -> None:
    for deal in meld_phases(rules, seed):
        legal = [
            Discard(face)
            for face in deal.hand.faces()
            if transitions.check(deal, Discard(face)) is None
        ]
        if movegen._discards_free(deal, plain_finish(deal)):
            assert legal == [Discard(face) for face in deal.usable.faces()], deal.hand
        listed = [move for move in movegen.legal_moves(deal) if isinstance(move, Discard)]
        assert listed == legal, (listed, legal)
