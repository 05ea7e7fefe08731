"""Secrets (issue 26): the seed fixes every shuffle, so it is as secret as the cards. A game
made without one takes its seed from the operating system; nothing a player is sent (a view,
its JSON, an observation vector, the OpenSpiel strings) carries the seed or anything derived
from the cards that player cannot see."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import rule_sets
from profiles import examples
from test_views import positions, swap_hidden_card

import canasta
from canasta import Game

# Seeds whose digits are too long to turn up in a view by chance.
SEED = 4_817_293_650_118_274
OTHER_SEED = 3_905_561_277_406_993


def twins(rules: canasta.RuleSet, seed: int) -> Iterator[tuple[Game, Game, int]]:
    """Positions of a random deal from ``SEED``, each with a viewer and a twin: the same
    game with ``OTHER_SEED`` and one card the viewer cannot see swapped with another, so
    that only the seed and the hidden cards differ."""
    rng = random.Random(seed)
    for game in positions(rules, seed):
        game = attrs.evolve(game, seed=SEED)
        for viewer in range(rules.num_players):
            other = swap_hidden_card(game, viewer, rng)
            if other is not None:
                yield game, attrs.evolve(other, seed=OTHER_SEED), viewer


def test_a_game_without_a_seed_takes_it_from_the_operating_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = random.getstate()
    seeds = {Game.new("classic").seed for _ in range(5)}
    assert len(seeds) == 5  # 53 random bits each
    assert random.getstate() == state  # the global random state is neither used nor seeded

    drawn: list[int] = []

    class Recorded(random.SystemRandom):
        def getrandbits(self, k: int) -> int:
            drawn.append(k)
            return super().getrandbits(k)

    monkeypatch.setattr(random, "SystemRandom", Recorded)
    game = Game.new("classic")
    assert drawn, "seed=None did not draw from random.SystemRandom (os.urandom)"
    assert 0 <= int(game.seed) < 2**53


def test_seeding_with_secrets_is_accepted() -> None:
    import secrets

    seed = secrets.randbits(64)
    assert Game.new("classic", seed=seed).seed == seed
    token = secrets.token_hex(16)
    assert Game.new("classic", seed=token) == Game.new("classic", seed=token)


@settings(max_examples=examples(8), deadline=None)
@given(rules=rule_sets, seed=st.integers(min_value=0, max_value=2**32))
def test_views_and_their_json_carry_no_seed_and_no_hidden_card(
    rules: canasta.RuleSet, seed: int
) -> None:
    for game, twin, viewer in twins(rules, seed):
        assert twin != game
        view, twin_view = game.view(viewer), twin.view(viewer)
        assert view == twin_view
        for options in ({}, {"legal_moves": True, "history": "full", "rules": "full"}):
            text = view.to_json(**options)  # type: ignore[arg-type]
            assert text == twin_view.to_json(**options)  # type: ignore[arg-type]
            assert str(SEED) not in text
            assert "seed" not in json.loads(text)
        assert str(SEED) not in repr(view) + str(view)


def test_a_text_seed_is_not_in_the_view() -> None:
    game = Game.new("classic", seed="table-7-tuesday-secret").apply(canasta.Draw())
    for player in range(4):
        assert "secret" not in game.view(player).to_json(legal_moves=True, history="full")
    assert "secret" in game.to_json()  # the game's document does hold it: it stays on the server


@settings(max_examples=examples(5), deadline=None)
@given(rules=rule_sets, seed=st.integers(min_value=0, max_value=2**32))
def test_observations_carry_no_seed_and_no_hidden_card(rules: canasta.RuleSet, seed: int) -> None:
    np = pytest.importorskip("numpy")
    from canasta.observation import observation

    for game, twin, viewer in twins(rules, seed):
        assert np.array_equal(observation(game.view(viewer)), observation(twin.view(viewer)))


def test_openspiel_strings_carry_nothing_hidden() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("numpy")
    import canasta.integrations.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_canasta_classic", {"players": 4})
    state = game.new_initial_state()
    rng = random.Random(5)
    sampler = random.Random(6).random
    compared = differed = 0
    while not state.is_terminal() and compared < 40:
        if state.is_chance_node():
            faces, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(faces, weights)[0])
            continue
        for player in range(4):
            other = state.resample_from_infostate(player, sampler)
            differed += str(other) != str(state)  # the hidden cards were dealt again
            assert other.observation_string(player) == state.observation_string(player)
            assert other.information_state_string(player) == (
                state.information_state_string(player)
            )
            compared += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert compared >= 40
    assert differed > compared // 2
