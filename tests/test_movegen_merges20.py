"""The move generator's merges (HW-MRG-1) are exactly the validator's (issue 20).

The generator asks only pairs of melds of one family, where a plain discard could end the
turn (:meth:`~canasta._engine.finishing.PlainFinish.allows_merge`) only whether the two
make a meld, and :func:`~canasta._engine.meld_rules.merged` is remembered: held here to
:func:`~canasta._engine.transitions.check` of every pair of the side's melds, the check's
quick verdict to the whole transition (which asks whether the turn can be finished), and
the remembered merge to a fresh one, over every rule set that merges (the presets and drawn
house rules) and the meld phases of random deals.
"""

from __future__ import annotations

import random

from fuzz.options import random_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import merged
from play_helpers import meld_phases
from profiles import examples

from canasta import MergeMelds, RuleSet, Violation, find_rules, rule_set_names
from canasta._engine import movegen, transitions
from canasta._engine.finishing import plain_finish

_PRESETS = [
    find_rules(name, players=players)
    for name in rule_set_names()
    for players in (2, 3, 4)
    if find_rules(name, players=players).merging_allowed
]
merging_rules = st.one_of(
    st.sampled_from(_PRESETS),
    st.integers(0, 2**32)
    .map(lambda seed: random_rules(random.Random(seed)))
    .filter(lambda rules: rules.merging_allowed),
)
seeds = st.integers(min_value=0, max_value=2**32)


def test_the_presets_that_merge_are_drawn() -> None:
    assert {rules.name for rules in _PRESETS} >= {"hollywood", "samba", "bolivia"}


@settings(max_examples=examples(20), deadline=None)
@given(rules=merging_rules, seed=seeds)
def test_generated_merges_are_the_validators(rules: RuleSet, seed: int) -> None:
    for deal in meld_phases(rules, seed):
        melds = deal.melds[deal.side]
        pairs = [(first, second) for second in range(len(melds)) for first in range(second)]
        allowed = []
        for first, second in pairs:
            fresh = merged.__wrapped__(melds[first], melds[second], rules)  # type: ignore[attr-defined]
            assert merged(melds[first], melds[second], rules) == fresh
            move = MergeMelds(first, second)
            verdict = transitions.check(deal, move)
            whole = transitions._outcome(deal, move, trusted=False)
            assert (verdict is None) == (not isinstance(whole, Violation)), (move, verdict)
            if verdict is None:
                allowed.append(move)
        generated = movegen._merges(deal, plain_finish(deal))
        assert len(generated) == len(set(generated))
        assert set(generated) == set(allowed), (generated, allowed)
