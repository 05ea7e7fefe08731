"""Values made without their checks (canasta._model.trusted) held to attrs.

A maker's value equals the one ``__init__`` makes from the same fields, and a copier's copy
the one ``attrs.evolve`` makes from the same changes, for frozen slotted classes of every
number of fields the engine's classes have; and a game after a move is the game before it
with the new deal, as ``attrs.evolve`` makes it, no legal moves found yet.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from fuzz.options import random_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import random_walk
from profiles import examples

from canasta import Game, Phase
from canasta._model import trusted


def _frozen_class(fields: int) -> type:
    """A frozen slotted attrs class of ``fields`` fields, as the engine's values are."""
    return attrs.make_class(
        f"Fields{fields}", [f"f{index}" for index in range(fields)], frozen=True, slots=True
    )


def _fields(value: object) -> tuple[Any, ...]:
    return tuple(getattr(value, field.name) for field in attrs.fields(type(value)))


@settings(max_examples=examples(50), deadline=None)
@given(values=st.lists(st.integers() | st.text(max_size=3) | st.none(), min_size=1, max_size=22))
def test_a_made_value_is_the_one_init_makes(values: list[Any]) -> None:
    cls = _frozen_class(len(values))
    made = trusted.maker(cls)(*values)
    assert type(made) is cls
    assert _fields(made) == _fields(cls(*values)) == tuple(values)
    with pytest.raises((TypeError, ValueError)):  # every field, no more
        trusted.maker(cls)(*values, None)


@settings(max_examples=examples(50), deadline=None)
@given(data=st.data(), fields=st.integers(2, 22))
def test_a_copy_is_the_one_evolve_makes(data: st.DataObject, fields: int) -> None:
    cls = _frozen_class(fields)
    value = cls(*range(fields))
    names = [f"f{index}" for index in range(fields)]
    changed = data.draw(st.lists(st.sampled_from(names), unique=True))
    changes = {name: data.draw(st.integers() | st.none()) for name in changed}
    copy = trusted.copier(cls)(value, changes)
    assert type(copy) is cls
    assert _fields(copy) == _fields(attrs.evolve(value, **changes))
    assert _fields(value) == tuple(range(fields))  # the value copied is as it was
    with pytest.raises(TypeError):
        trusted.copier(cls)(value, {"missing": 1})
    with pytest.raises(TypeError):  # one field: made anew, not copied
        trusted.copier(_frozen_class(1))


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_game_after_a_move_is_the_game_with_the_new_deal(seed: int) -> None:
    rng = random.Random(seed)
    before = None
    for game in random_walk(Game.new(random_rules(rng), seed=seed), rng):
        if before is not None and game.phase is not Phase.OVER:  # not scored: a deal goes on
            expected = attrs.evolve(before, deal=game.deal)  # no legal moves found yet
            assert _fields(game) == _fields(expected)  # the fields equality skips too
        before = game
