"""The OpenSpiel games: registration, OpenSpiel's own checks, chance, observations, returns."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import attrs  # noqa: E402
from internals import score_deal  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import canasta  # noqa: E402
from canasta import ALL_FACES  # noqa: E402
from canasta.actions import legal_actions, num_actions  # noqa: E402
from canasta.integrations import openspiel  # noqa: E402
from canasta.integrations.openspiel import (  # noqa: E402
    FAMILIES,
    GAME_NAMES,
    CanastaState,
    deal_score_bounds,
    moves_per_deal_bound,
    parse_options,
)
from canasta.observation import observation, observation_shape  # noqa: E402


def _load(name: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(name, dict(params))


def _deal(state: CanastaState, pack: list[canasta.Card]) -> None:
    """Deal ``pack`` (in dealing order) at the chance nodes of a deal."""
    for card in pack:
        assert state.is_chance_node()
        state.apply_action(card.index)
    assert not state.is_chance_node()


def _random_pack(rules: canasta.RuleSet, seed: int) -> list[canasta.Card]:
    pack = list(canasta.pack_cards(rules.decks))
    random.Random(seed).shuffle(pack)
    return pack


def _step(state: CanastaState, rng: random.Random) -> None:
    """One random step: a chance outcome by its probability, or a uniform legal action."""
    if state.is_chance_node():
        faces, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(faces, weights)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


# --- registration and parameters -------------------------------------------------------------


def test_importing_canasta_never_imports_pyspiel() -> None:
    code = (
        "import sys, canasta, canasta.actions, canasta.observation, canasta.integrations; "
        "assert 'pyspiel' not in sys.modules, 'pyspiel imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("family", "name"), list(zip(FAMILIES, GAME_NAMES, strict=True)))
def test_each_rule_set_is_registered_with_its_type(family: str, name: str) -> None:
    assert name in pyspiel.registered_names()
    game = pyspiel.load_game(name)
    kind = game.get_type()
    assert kind.short_name == name
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 6)
    assert kind.provides_information_state_string
    assert kind.provides_information_state_tensor
    assert kind.provides_observation_string
    assert kind.provides_observation_tensor
    rules = canasta.find_rules(family)
    assert game.rules == rules.with_options(deal_limit=1)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == num_actions(rules)
    assert game.max_chance_outcomes() == 53
    assert game.observation_tensor_shape() == list(observation_shape(rules))
    assert game.information_state_tensor_shape() == game.observation_tensor_shape()
    assert game.max_game_length() == moves_per_deal_bound(rules) == 10 * rules.pack_size
    low, high = deal_score_bounds(rules)
    assert (game.min_utility(), game.max_utility()) == (low, high)


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_count_loads(family: str, players: int) -> None:
    game = pyspiel.load_game(f"python_canasta_{family}(players={players})")
    assert game.num_players() == players
    assert game.rules == canasta.find_rules(family, players=players).with_options(deal_limit=1)


def test_options_are_house_rules_and_survive_the_game_string() -> None:
    text = "target_score:3000;ask_permission:disabled;one_card_pile_rule:false"
    game = pyspiel.load_game(f"python_canasta_classic(players=2,options={text})")
    expected = canasta.find_rules("classic", players=2).with_options(
        target_score=3000, ask_permission="disabled", one_card_pile_rule=False, deal_limit=1
    )
    assert game.rules == expected
    assert pyspiel.load_game(str(game)).rules == expected
    unpickled = pickle.loads(pickle.dumps(game))
    assert unpickled.rules == expected
    assert unpickled.new_initial_state().is_chance_node()


def test_parse_options_reads_values() -> None:
    assert parse_options("") == {}
    assert parse_options(" max_sequence_length : none ; draw_count:2 ;") == {
        "max_sequence_length": None,
        "draw_count": 2,
    }


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("python_canasta_classic(players=7)", "not 7"),
        ("python_canasta_classic(deals=-1)", "deals is 0"),
        ("python_canasta_classic(options=colour:red)", "unknown option 'colour'"),
        ("python_canasta_classic(options=num_players:2)", "use the players parameter"),
        ("python_canasta_classic(options=draw_count:5)", "draw_count"),
        ("python_canasta_classic(options=draw_count)", "key:value pairs"),
    ],
)
def test_bad_parameters_are_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game(spec)


def test_unknown_parameter_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown parameters"):
        openspiel.ClassicGame({"seed": 3})
    with pytest.raises(ValueError, match="twice"):
        parse_options("draw_count:1;draw_count:2")


def test_score_bounds_hold_every_deal_score() -> None:
    for family in FAMILIES:
        rules = canasta.find_rules(family, players=2)
        low, high = deal_score_bounds(rules)
        assert low < 0 < high
    assert deal_score_bounds(canasta.find_rules("classic")) == (-1980, 9180)


# --- OpenSpiel's own checks ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "params", "sims"),
    [
        ("python_canasta_classic", {"players": 2}, 2),
        ("python_canasta_classic", {"players": 4}, 1),
        ("python_canasta_classic", {"players": 2, "deals": 2}, 1),
        ("python_canasta_hollywood", {"players": 2}, 1),
        ("python_canasta_hollywood", {"players": 4}, 1),
        ("python_canasta_samba", {"players": 2}, 1),
        ("python_canasta_bolivia", {"players": 2}, 1),
    ],
)
def test_random_sim_test_passes(name: str, params: dict[str, int], sims: int) -> None:
    pyspiel.random_sim_test(_load(name, **params), num_sims=sims, serialize=True, verbose=False)


def test_ismcts_bots_play_a_whole_deal() -> None:
    game = _load("python_canasta_classic", players=2)
    rng = np.random.RandomState(0)
    # Short rollouts keep the test quick; the search itself is OpenSpiel's.
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=2)
    bots = [
        ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=2, random_state=np.random.RandomState(p)
        )
        for p in range(2)
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            faces, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(faces, p=probabilities)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    totals = state.canasta_game.results[0].totals
    assert state.returns() == [float(totals[0]), float(totals[1])]


# --- chance --------------------------------------------------------------------------------


def test_chance_deals_the_pack_card_by_card() -> None:
    game = _load("python_canasta_classic", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [face for face, _ in outcomes] == list(range(53))
    assert dict(outcomes)[52] == pytest.approx(4 / 108)  # four jokers
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 52) == "JK"
    rng = random.Random(5)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert state.legal_actions() == [face for face, _ in outcomes]
        _step(state, rng)
    assert len(state.history()) == 108


def test_the_same_chance_actions_give_the_same_deal() -> None:
    game = _load("python_canasta_samba", players=2)
    rules = game.rules
    pack = _random_pack(rules, 11)
    first, second = game.new_initial_state(), game.new_initial_state()
    _deal(first, pack)
    _deal(second, pack)
    expected = canasta.Game.new(rules, seed=0).redealt(pack)
    assert first.canasta_game == second.canasta_game == expected
    assert str(first) == str(second)
    assert first.legal_actions() == legal_actions(expected)


def test_an_impossible_chance_outcome_is_refused() -> None:
    state = _load("python_canasta_classic", players=2).new_initial_state()
    for _ in range(4):
        state.apply_action(52)
    with pytest.raises(ValueError, match="not a face left"):
        state.apply_action(52)


# --- play ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), [("classic", 2), ("hollywood", 3)])
def test_legal_actions_are_the_engines_and_returns_the_deal_scores(
    name: str, players: int
) -> None:
    game = _load(f"python_canasta_{name}", players=players)
    state = game.new_initial_state()
    rng = random.Random(players)
    _deal(state, _random_pack(game.rules, players))
    while not state.is_terminal():
        engine = state.canasta_game
        player = state.current_player()
        assert player == engine.to_move
        assert state.legal_actions() == legal_actions(engine)
        assert all(state.legal_actions(p) == [] for p in range(players) if p != player)
        assert state.returns() == [0.0] * players
        action = rng.choice(state.legal_actions())
        move = canasta.actions.decode(engine, action)
        assert state.action_to_string(player, action) == str(move)
        state.apply_action(action)
        if not state.is_terminal():
            assert state.canasta_game == engine.apply(move)
    result = state.canasta_game.results[0]
    rules = game.rules
    assert state.returns() == [
        float(result.totals[rules.side_of_player(p)]) for p in range(players)
    ]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []


def test_illegal_action_is_refused() -> None:
    state = _load("python_canasta_classic", players=2).new_initial_state()
    _deal(state, _random_pack(state.canasta_game.rules, 3))
    illegal = next(a for a in range(100) if a not in state.legal_actions())
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(illegal)


def test_several_deals_are_dealt_by_chance_and_summed() -> None:
    game = _load("python_canasta_classic", players=2, deals=2)
    assert game.max_game_length() == 2 * 1080
    assert game.max_utility() == 2 * deal_score_bounds(game.rules)[1]
    state = game.new_initial_state()
    rng = random.Random(8)
    deals_dealt = 0
    while not state.is_terminal():
        if state.is_chance_node():
            before = state.canasta_game
            pack = _random_pack(game.rules, deals_dealt)
            _deal(state, pack)
            assert state.canasta_game == before.redealt(pack)
            assert state.canasta_game.deal_number == deals_dealt
            deals_dealt += 1
        else:
            _step(state, rng)
    engine = state.canasta_game
    assert deals_dealt == 2
    assert len(engine.results) == 2
    sides = [sum(result.totals[side] for result in engine.results) for side in (0, 1)]
    assert state.returns() == [float(side) for side in sides]


def test_deals_zero_plays_to_the_target() -> None:
    game = _load("python_canasta_classic", players=2, deals=0, options="target_score:50")
    assert game.max_game_length() == openspiel.MAX_DEALS * 1080
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        _step(state, rng)
    engine = state.canasta_game
    assert engine.is_over
    assert max(engine.scores) >= 50 or len(engine.results) == openspiel.MAX_DEALS
    assert state.returns() == [float(engine.scores[p]) for p in (0, 1)]
    assert "the game is over" in state.observation_string(0)
    assert game.rules.deal_limit == openspiel.MAX_DEALS


def test_a_deal_limit_option_may_end_the_game_sooner() -> None:
    game = _load("python_canasta_classic", players=2, deals=3, options="deal_limit:2")
    assert game.rules.deal_limit == 2
    assert game.max_game_length() == 2 * 1080


def test_the_move_bound_ends_a_game_and_scores_the_deal_as_it_stands() -> None:
    state = _load("python_canasta_classic", players=2).new_initial_state()
    state._setup = attrs.evolve(state._setup, max_moves=12)
    _deal(state, _random_pack(state.canasta_game.rules, 6))
    rng = random.Random(6)
    for _ in range(12):
        assert not state.is_terminal()
        _step(state, rng)
    assert state.is_terminal()
    scores = score_deal(state.canasta_game.deal)
    assert state.returns() == [float(scores[0].total), float(scores[1].total)]


# --- observations and information states -------------------------------------------------------


def _hidden_swap(rules: canasta.RuleSet, pack: list[canasta.Card]) -> list[canasta.Card]:
    """``pack`` with a card of player 1's hand and a card deep in the stock swapped, so that
    player 0's hand and the upcard stay as they were."""
    start = canasta.Game.new(rules, seed=0)
    dealt = start.redealt(pack)
    for i in range(len(pack)):
        for j in range(len(pack) - 1, i, -1):
            a, b = pack[i], pack[j]
            if a == b or a.is_red_three or b.is_red_three:
                continue
            other = [*pack[:i], b, *pack[i + 1 : j], a, *pack[j + 1 :]]
            swapped = start.redealt(other)
            if (
                swapped.hand(0) == dealt.hand(0)
                and swapped.hand(1) != dealt.hand(1)
                and swapped.table == dealt.table
            ):
                return other
    raise AssertionError("no swap found")  # pragma: no cover


def test_observations_do_not_show_hidden_cards() -> None:
    game = _load("python_canasta_classic", players=2)
    pack = _random_pack(game.rules, 21)
    states = []
    for order in (pack, _hidden_swap(game.rules, pack)):
        state = game.new_initial_state()
        _deal(state, order)
        states.append(state)
    first, second = states
    assert str(first) != str(second)
    assert first.current_player() == 0
    for method in ("observation_tensor", "information_state_tensor"):
        assert getattr(first, method)(0) == getattr(second, method)(0)
        assert getattr(first, method)(1) != getattr(second, method)(1)
    for method in ("observation_string", "information_state_string"):
        assert getattr(first, method)(0) == getattr(second, method)(0)
        assert getattr(first, method)(1) != getattr(second, method)(1)


def test_the_tensor_is_the_view_observation_and_zero_while_dealing() -> None:
    game = _load("python_canasta_hollywood", players=2)
    state = game.new_initial_state()
    assert not any(state.observation_tensor(0))
    assert "dealing, 0 of 162 cards dealt" in state.observation_string(1)
    _deal(state, _random_pack(game.rules, 2))
    for player in (0, 1):
        vector = observation(state.canasta_game.view(player))
        assert np.array_equal(np.asarray(state.observation_tensor(player)), vector)
        assert np.array_equal(np.asarray(state.information_state_tensor(player)), vector)
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 1)
    assert np.array_equal(observer.tensor, state.information_state_tensor(1))
    assert observer.string_from(state, 1) == state.information_state_string(1)


def test_information_state_recalls_private_draws() -> None:
    """The information state is the observation, the public history and the player's own
    cards dealt and drawn, in order."""
    game = _load("python_canasta_classic", players=2)
    state = game.new_initial_state()
    _deal(state, _random_pack(game.rules, 1))
    rng = random.Random(2)
    for _ in range(30):
        _step(state, rng)
    text = state.information_state_string(0)
    assert "private: deal 0: dealt " in text
    assert "drew " in text
    assert "history:\ndeal 0 (players 0 1): seat 0: " in text
    assert text.startswith(state.observation_string(0))


def test_resampling_keeps_the_information_state() -> None:
    game = _load("python_canasta_classic", players=4)
    state = game.new_initial_state()
    rng = random.Random(9)
    sampler = random.Random(1).random  # any function giving numbers in [0, 1)
    steps = 0
    while not state.is_terminal() and steps < 200:
        if not state.is_chance_node() and steps % 7 == 0:
            for player in range(4):
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert other.information_state_tensor(player) == (
                    state.information_state_tensor(player)
                )
                assert other.current_player() == state.current_player()
                if player == state.current_player():
                    assert other.legal_actions() == state.legal_actions()
        _step(state, rng)
        steps += 1
    dealing = game.new_initial_state()
    for _ in range(10):
        dealing.apply_action(dealing.chance_outcomes()[0][0])
    other = dealing.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.is_chance_node()
    assert sum(p for _, p in other.chance_outcomes()) == pytest.approx(1.0)
    assert len(other.history()) == 0
    assert "10 of 108 cards dealt" in str(other)
    assert other.information_state_string(0) == dealing.information_state_string(0)


def test_states_serialize_and_clone() -> None:
    game = _load("python_canasta_bolivia", players=2)
    state = game.new_initial_state()
    rng = random.Random(12)
    for _ in range(200):
        _step(state, rng)
    for copy in (
        pickle.loads(pickle.dumps(state)),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        state.clone(),
    ):
        assert str(copy) == str(state)
        assert copy.canasta_game == state.canasta_game
        assert copy.legal_actions() == state.legal_actions()
        assert copy.information_state_string(1) == state.information_state_string(1)
    action = state.legal_actions()[0]
    clone = state.clone()
    clone.apply_action(action)
    assert clone.canasta_game != state.canasta_game


def test_serialized_states_keep_the_moves_of_finished_deals() -> None:
    game = _load("python_canasta_classic", players=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.canasta_game.results:
        _step(state, rng)
    while state.is_chance_node():
        _step(state, rng)
    again = pickle.loads(pickle.dumps(state))
    assert again.canasta_game.results[0].history == state.canasta_game.results[0].history
    for player in range(2):
        assert again.information_state_string(player) == state.information_state_string(player)


def test_action_strings_name_moves_and_ids() -> None:
    state = _load("python_canasta_classic", players=2).new_initial_state()
    _deal(state, sorted(canasta.pack_cards(2), key=lambda card: card.index))
    assert state.action_to_string(0, 0) == "draw"
    assert state.action_to_string(0, 434) == "meld 7s: 2 naturals, 0 twos, 1 joker"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == str(ALL_FACES[0])
