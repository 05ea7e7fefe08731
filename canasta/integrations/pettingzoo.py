"""Canasta as a PettingZoo AEC environment (``pip install canasta[pettingzoo]``).

:func:`env` makes the environment, wrapped as PettingZoo's own classic games are; the class
itself is :class:`CanastaEnv` (also called ``raw_env``, PettingZoo's name for it). Agents are
``"player_0"``, ``"player_1"`` ... in seating order; only the player to act is selected, so
the order follows the game (a partner answers "may I go out?" out of turn). Each
observation is a dict: ``"observation"``, the player's view as
:func:`canasta.observation.observation` has it, and ``"action_mask"``, 1 for each legal
action id of :mod:`canasta.actions` (all zeros when it is not the agent's move). At the end of
each deal every agent is rewarded with its side's score for the deal divided by
``reward_scale`` (1000 unless given); the environment ends after ``deals`` deals (one unless
given) or when the match ends.

>>> from canasta.integrations.pettingzoo import env
>>> table = env("classic", players=4)
>>> table.reset(seed=7)
>>> table.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = table.last()
>>> observation["observation"].shape, observation["action_mask"].nonzero()[0].tolist()
((487,), [0])
>>> table.step(0)  # draw
>>> table.agent_selection, table.rewards["player_0"]
('player_0', 0.0)

Importing :mod:`canasta` never imports PettingZoo; this module needs it, Gymnasium and NumPy.
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from canasta._model.moves import Move, NextDeal
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet
from canasta.actions import decode, legal_action_map, num_actions
from canasta.errors import CanastaError
from canasta.game import Game
from canasta.observation import observation, observation_layout, observation_shape

__all__ = ["CanastaEnv", "env", "raw_env"]

_NEXT_DEAL = NextDeal()

Observation = dict[str, NDArray[Any]]

#: The reward of a deal is the side's score for it divided by this, unless told otherwise.
REWARD_SCALE = 1000.0


def env(
    rules: str | RuleSet = "classic",
    players: int | None = None,
    *,
    deals: int | None = 1,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    reward_scale: float = REWARD_SCALE,
) -> AECEnv:
    """A Canasta environment in PettingZoo's ``OrderEnforcingWrapper`` (which refuses steps
    and observations before :meth:`~CanastaEnv.reset`); the arguments are
    :class:`CanastaEnv`'s. ``env(...).unwrapped`` is the :class:`CanastaEnv`."""
    return wrappers.OrderEnforcingWrapper(
        CanastaEnv(
            rules,
            players,
            deals=deals,
            options=options,
            render_mode=render_mode,
            max_steps=max_steps,
            reward_scale=reward_scale,
        )
    )


class CanastaEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type hints
    """Canasta for PettingZoo's agent-environment cycle (AEC) API.

    ``rules`` is a rule set or the name of a preset (``"classic"``, ``"hollywood"``,
    ``"samba"``, ``"bolivia"``) for ``players`` players (the preset's usual four if
    omitted); ``options`` are house rules for :meth:`RuleSet.with_options
    <canasta._rules.ruleset.RuleSet.with_options>`. The environment ends (every agent terminated)
    after ``deals`` deals, or when the match ends (a side reaches the target score) if
    that comes first or ``deals`` is ``None``. With ``max_steps``, it is cut off (every
    agent truncated) after that many moves. At the end of each deal every agent is
    rewarded with its side's score for the deal divided by ``reward_scale``.
    ``render_mode`` is ``None``, ``"ansi"`` (:meth:`render` returns the table as text) or
    ``"human"`` (it prints it after every step).

    Actions are the ids of :mod:`canasta.actions` (``Discrete(num_actions(rules))``); an
    action that is not legal raises :class:`~canasta.actions.IllegalActionError` (a
    :class:`ValueError`) saying why, and leaves the environment as it was.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "canasta_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str | RuleSet = "classic",
        players: int | None = None,
        *,
        deals: int | None = 1,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        reward_scale: float = REWARD_SCALE,
    ) -> None:
        super().__init__()
        ruleset = find_rules(rules, players)
        if options:
            ruleset = ruleset.with_options(**options)
        if deals is not None and deals < 1:
            raise CanastaError(
                f"deals must be at least 1 (or None for the whole match), not {deals}"
            )
        if deals is not None and (ruleset.deal_limit is None or deals < ruleset.deal_limit):
            ruleset = ruleset.with_options(deal_limit=deals)
        if max_steps is not None and max_steps < 1:
            raise CanastaError(f"max_steps must be at least 1 (or None), not {max_steps}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise CanastaError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if not reward_scale > 0:
            raise CanastaError(f"reward_scale must be positive, not {reward_scale}")
        #: The rule set played.
        self.rules: RuleSet = ruleset
        self.deals = deals
        self.max_steps = max_steps
        self.reward_scale = float(reward_scale)
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"player_{p}" for p in range(ruleset.num_players)]
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        actions = num_actions(ruleset)
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(actions) for agent in self.possible_agents
        }
        box = _observation_box(ruleset)
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._num_actions = actions
        self._rng = random.Random()  # seeded by the operating system; reset(seed=...) reseeds
        self._game: Game | None = None
        self._steps = 0
        self._legal: dict[int, Move] | None = None
        self._observations: dict[int, NDArray[np.float32]] = {}

    # --- the PettingZoo API ------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """``Dict(observation=Box(...), action_mask=Box(0, 1, (num_actions,), int8))``: the
        same object every time."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(num_actions(rules))``: the same object every time."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: ``Game.new(rules, seed=seed)`` when a seed is given (later
        resets without one then follow from it), else from a seed drawn from the
        environment's own random generator. ``options`` is accepted and ignored."""
        if seed is not None:
            game_seed = operator.index(seed)
            self._rng = random.Random(game_seed)
        else:
            game_seed = self._rng.randrange(2**53)
        self._set_game(Game.new(self.rules, seed=game_seed))
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]
        # A deal can end as it is dealt (the last red three replaced from a short stock).
        self._settle(self.game, 0, None)
        self._accumulate_rewards()

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play ``action`` for :attr:`agent_selection`; ``None`` for an agent that is done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.game
        move = self._move(action)
        after = before.apply(move)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._settle(after, len(before.results), before)
        cut_off = self.max_steps is not None and self._steps >= self.max_steps
        if cut_off and not any(self.terminations.values()):
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """``{"observation": ..., "action_mask": ...}`` for ``agent``: its view as a vector
        and its legal action ids (none unless it is the agent's move)."""
        player = self._index[agent]
        vector = self._observations.get(player)
        if vector is None:
            vector = self._observations[player] = observation(self.game.view(player))
        mask = np.zeros(self._num_actions, dtype=np.int8)
        if player == self.game.to_move:
            mask[list(self.legal_action_map())] = 1
        return {"observation": vector.copy(), "action_mask": mask}

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or print it (``"human"``): each side's melds and
        red threes, the pile and stock, the hands' sizes, and the hand of the player to act."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: pass render_mode='ansi' or 'human'"
            )
            return None
        text = _table_text(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

    # --- beyond the API ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played, under :attr:`rules` (the rule set asked for, with
        ``deal_limit=deals``: the match ends after ``deals`` deals, the last as it ended)."""
        if self._game is None:
            raise RuntimeError("the environment has no game before reset()")
        return self._game

    def legal_action_map(self) -> dict[int, Move]:
        """The legal moves of the player to act, by action id (computed once per position)."""
        if self._legal is None:
            self._legal = legal_action_map(self.game)
        return self._legal

    # --- inside ------------------------------------------------------------------------------

    def _clear_rewards(self) -> None:
        """Every agent's reward for the step to 0.0 (PettingZoo's own sets the int 0)."""
        self.rewards = dict.fromkeys(self.rewards, 0.0)

    def _set_game(self, game: Game) -> None:
        self._game = game
        self._legal = None
        self._observations = {}

    def _move(self, action: object) -> Move:
        """The legal move with id ``action``, or a :class:`ValueError` saying why there is none."""
        if not isinstance(action, (int, np.integer)):
            raise CanastaError(f"an action is an integer id, not {action!r}")
        index = int(action)
        legal = self.legal_action_map()
        return legal[index] if index in legal else decode(self.game, index)

    def _settle(self, game: Game, counted: int, before: Game | None) -> None:
        """Take ``game`` as the new position: reward the deals finished since the first
        ``counted``, end the environment if its deals are done, and select the next agent.
        The end of a deal is no decision: the environment plays :class:`~canasta.NextDeal`."""
        if game.to_move is None and not game.is_over:
            game = game.apply(_NEXT_DEAL)
        for result in game.results[counted:]:
            for agent, player in self._index.items():
                self.rewards[agent] += (
                    result.totals[game.side_of_player(player)] / self.reward_scale
                )
        self._set_game(game)
        to_move = game.to_move
        if to_move is None:
            self.terminations = dict.fromkeys(self.agents, True)
            mover = None if before is None else before.to_move
            self.agent_selection = self.possible_agents[
                0 if mover is None else (mover + 1) % len(self.possible_agents)
            ]
        else:
            self.agent_selection = self.possible_agents[to_move]


#: PettingZoo's name for the environment class.
raw_env = CanastaEnv


def _observation_box(rules: RuleSet) -> spaces.Box:
    """Every number of an observation lies in 0 to 1 but the cumulative scores (divided by
    the target score), which may be negative or above 1."""
    shape = observation_shape(rules)
    low = np.zeros(shape, dtype=np.float32)
    high = np.ones(shape, dtype=np.float32)
    for name, start, length in observation_layout(rules):
        if name == "scores":
            low[start : start + length] = -np.inf
            high[start : start + length] = np.inf
    return spaces.Box(low, high, dtype=np.float32)


def _table_text(game: Game) -> str:
    """The table as text, as :meth:`CanastaEnv.render` shows it."""
    rules, table = game.rules, game.table
    lines = [
        f"Canasta ({rules.name}, {rules.num_players} players), deal {game.deal_number + 1}"
        f"; scores: " + ", ".join(f"side {s} {score}" for s, score in enumerate(game.scores))
    ]
    for side in range(rules.num_sides):
        players = [p for p in range(rules.num_players) if game.side_of_player(p) == side]
        melds = " | ".join(str(meld) for meld in table.melds[side]) or "-"
        red = str(table.red_threes[side]) or "-"
        lines.append(f"  side {side} (players {', '.join(map(str, players))}): red threes {red}")
        lines.append(f"    melds: {melds}")
    top = str(table.pile_top) if table.pile_top is not None else "empty"
    frozen = ", frozen" if table.pile_frozen else ""
    lines.append(f"  pile: {top} ({table.pile_size} cards{frozen}); stock: {table.stock_size}")
    sizes = ", ".join(f"player {p} {len(game.hand(p))}" for p in game.seat_players)
    lines.append(f"  cards in hands: {sizes}")
    if game.moves:
        player, move = game.moves[-1]
        lines.append(f"  last move: player {player}: {move}")
    if game.to_move is None:
        lines.append(f"  over after {len(game.results)} deal(s)")
    else:
        lines.append(
            f"  player {game.to_move} to {game.phase.value}; hand: {game.hand(game.to_move)}"
        )
    return "\n".join(lines)
