"""The PettingZoo environment: PettingZoo's own checks, rewards, determinism, no leaks."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from test_views import swap_hidden_card  # noqa: E402

import canasta  # noqa: E402
from canasta.actions import ActionError, IllegalActionError, num_actions  # noqa: E402
from canasta.integrations.pettingzoo import CanastaEnv, env, raw_env  # noqa: E402
from canasta.observation import observation  # noqa: E402

# PettingZoo's api_test warns about every observation that is a dict, as the action masks of
# its own classic games are; those warnings say nothing about this environment.
DICT_WARNINGS = [
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
]
# Every rule set, and the tables with someone sitting out (five) and three sides (six).
TABLES = [
    ("classic", 4),
    ("classic", 5),
    ("hollywood", 2),
    ("samba", 3),
    ("bolivia", 6),
]


def _play(table: Any, rng: random.Random) -> dict[str, float]:
    """Play random legal actions (from the masks) to the end; each agent's total reward."""
    totals: dict[str, float] = {}
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            table.step(None)
        else:
            table.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals


def test_importing_canasta_does_not_import_pettingzoo() -> None:
    code = (
        "import sys, canasta, canasta.integrations, canasta.actions, canasta.observation\n"
        "assert not {'pettingzoo', 'gymnasium'} & set(sys.modules), sys.modules.keys()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("name", "players"), TABLES)
@pytest.mark.filterwarnings(*DICT_WARNINGS)
def test_pettingzoo_api_test(name: str, players: int) -> None:
    # Enough cycles to play the deal to its end, so the end of the game is checked too.
    api_test(env(name, players), num_cycles=math.ceil(600 / players), verbose_progress=False)


@pytest.mark.parametrize("name", ["classic", "hollywood"])
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: env(name, 2), num_cycles=100)


def test_spaces() -> None:
    table = env("samba", 3)
    rules = canasta.find_rules("samba", players=3)
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    for agent in table.possible_agents:
        space = table.observation_space(agent)
        assert space is table.observation_space(agent)
        assert space["observation"].shape == observation(canasta.Game.new(rules).view(0)).shape
        assert space["action_mask"].shape == (num_actions(rules),)
        assert space["action_mask"].dtype == np.int8
        assert table.action_space(agent).n == num_actions(rules) == 48389
    assert isinstance(table.unwrapped, CanastaEnv)
    assert raw_env is CanastaEnv


def test_house_rules_and_bad_arguments() -> None:
    table = env("classic", 2, options={"target_score": 1500})
    assert table.unwrapped.rules.target_score == 1500
    assert env(canasta.find_rules("bolivia", players=2)).unwrapped.rules.num_players == 2
    for bad in ({"deals": 0}, {"max_steps": 0}, {"render_mode": "rgb_array"}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            CanastaEnv("classic", **bad)
    with pytest.raises(canasta.RuleSetError):
        CanastaEnv("classic", players=7)


def test_a_seed_deals_the_game_of_that_seed_and_fixes_later_resets() -> None:
    first, second = env("classic", 4), env("classic", 4)
    first.reset(seed=11)
    rules = canasta.find_rules("classic", players=4).with_options(deal_limit=1)
    assert first.unwrapped.rules == rules
    assert first.unwrapped.game == canasta.Game.new(rules, seed=11)
    first.reset()
    second.reset(seed=11)
    second.reset()
    assert first.unwrapped.game == second.unwrapped.game
    assert first.unwrapped.game.seed != 11


@pytest.mark.parametrize(("name", "players"), [("classic", 4), ("bolivia", 2)])
def test_the_same_seed_and_actions_give_the_same_observations_and_rewards(
    name: str, players: int
) -> None:
    tables = [env(name, players) for _ in range(2)]
    for table in tables:
        table.reset(seed=5)
    rng = random.Random(1)
    for agent in tables[0].agent_iter():
        assert tables[1].agent_selection == agent
        (obs, *rest), (obs2, *rest2) = tables[0].last(), tables[1].last()
        assert rest == rest2
        assert np.array_equal(obs["observation"], obs2["observation"])
        assert np.array_equal(obs["action_mask"], obs2["action_mask"])
        terminated, truncated = rest[1], rest[2]
        action = (
            None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]))
        )
        for table in tables:
            table.step(action)
    assert not tables[1].agents


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_random_play_rewards_the_deal_scores(name: str, players: int) -> None:
    table = env(name, players)
    table.reset(seed=3)
    raw = table.unwrapped
    rng = random.Random(2)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    while table.agents:
        agent = table.agent_selection
        obs, reward, terminated, truncated, info = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        game = raw.game
        assert agent == f"player_{game.to_move}"
        assert (terminated, truncated, info) == (False, False, {})
        view = game.view(game.to_move)
        assert np.flatnonzero(obs["action_mask"]).tolist() == view.legal_actions()
        assert np.array_equal(obs["observation"], observation(view))
        other = table.possible_agents[(game.to_move + 1) % players]
        assert not table.observe(other)["action_mask"].any()
        table.step(rng.choice(view.legal_actions()))
    game = raw.game
    assert game.is_over
    assert len(game.results) == 1
    result = game.results[0]
    for player, agent in enumerate(table.possible_agents):
        assert totals[agent] == result.totals[game.side_of_player(player)] / 1000
    assert game.scores == result.totals
    # The last position is the deal as it ended, not the next one dealt.
    assert game.deal.number == 0
    assert game.deal.history == result.history


def test_rewards_come_at_the_end_of_each_deal() -> None:
    table = env("classic", 2, deals=2, reward_scale=1)
    table.reset(seed=8)
    raw = table.unwrapped
    rng = random.Random(4)
    seen: list[tuple[float, float]] = []
    while table.agents:
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        table.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        if any(table.rewards.values()) or raw.game.is_over:
            seen.append((table.rewards.get("player_0", 0.0), table.rewards.get("player_1", 0.0)))
    results = raw.game.results
    assert len(results) == 2
    assert [list(map(int, pair)) for pair in seen] == [list(r.totals) for r in results]


def test_without_a_deal_limit_the_match_is_played_out() -> None:
    table = env("classic", 2, deals=None, options={"target_score": 1000})
    table.reset(seed=2)
    totals = _play(table, random.Random(3))
    game = table.unwrapped.game
    assert game.is_over
    assert max(game.scores) >= 1000
    assert [totals[f"player_{side}"] for side in (0, 1)] == pytest.approx(
        [score / 1000 for score in game.scores]
    )


def test_observations_hold_no_hidden_card() -> None:
    table = env("hollywood", 4)
    table.reset(seed=6)
    rng = random.Random(5)
    compared = 0
    for step in range(120):
        game = table.unwrapped.game
        if step % 10 == 0:
            for player, agent in enumerate(table.possible_agents):
                swapped = swap_hidden_card(game, player, rng)
                if swapped is None:
                    continue
                assert swapped.hands != game.hands
                seen = table.observe(agent)["observation"]
                assert np.array_equal(seen, observation(swapped.view(player)))
                compared += 1
        obs = table.observe(table.agent_selection)
        table.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert compared > 20


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    table = env("classic", 4)
    table.reset(seed=7)
    before = table.unwrapped.game
    with pytest.raises(IllegalActionError, match="CL-TURN-1") as caught:
        table.step(5)  # a discard before drawing
    assert isinstance(caught.value, ValueError)
    assert caught.value.rule == "CL-TURN-1"
    with pytest.raises(ActionError):
        table.step(num_actions(before.rules))
    with pytest.raises(ValueError, match="integer"):
        table.step(0.5)
    assert table.unwrapped.game is before
    assert table.agent_selection == "player_0"
    table.step(np.int64(0))  # NumPy integers are actions too
    assert table.unwrapped.game == before.apply(canasta.Draw())


def test_max_steps_truncates_every_agent() -> None:
    table = env("classic", 4, max_steps=10)
    table.reset(seed=1)
    rng = random.Random(0)
    for _ in range(10):
        obs = table.observe(table.agent_selection)
        table.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert all(table.truncations.values())
    assert not any(table.terminations.values())
    with pytest.raises(ValueError, match="None"):
        table.step(0)
    for _ in range(4):
        table.step(None)
    assert table.agents == []


def test_render(capsys: pytest.CaptureFixture[str]) -> None:
    table = env("samba", 4, render_mode="ansi")
    table.reset(seed=9)
    text = table.render()
    assert "side 0 (players 0, 2)" in text
    assert "player 0 to draw" in text
    human = env("classic", 2, render_mode="human")
    human.reset(seed=9)
    human.step(0)
    assert "last move: player 0: draw" in capsys.readouterr().out
    silent = env("classic", 2)
    silent.reset(seed=9)
    with pytest.warns(UserWarning, match="render_mode"):
        assert silent.render() is None
    silent.close()
