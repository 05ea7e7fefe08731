"""OpenSpiel games: one Python game per rule set, registered when this module is imported.

Importing :mod:`canasta.integrations.openspiel` registers ``python_canasta_classic``,
``python_canasta_hollywood``, ``python_canasta_samba`` and ``python_canasta_bolivia`` with
OpenSpiel (``pip install canasta[openspiel]``); ``import canasta`` alone never imports
``pyspiel``. A game takes three parameters: ``players`` (2 to 6, default 4), ``deals`` (the
deals one OpenSpiel game plays, default 1; 0 plays to the rule set's target score, at most
:data:`MAX_DEALS` deals) and ``options``, house rules as ``key:value`` pairs separated by
``;`` (``"target_score:3000;ask_permission:disabled"``; see :func:`parse_options`).

Player actions are the ids of :mod:`canasta.actions`. Each deal begins with chance nodes
that deal the pack one card at a time, in the order :meth:`~canasta.game.Game.redealt`
takes it; an outcome is a card face (0 to 52, :data:`~canasta._model.cards.ALL_FACES`) with
probability proportional to the copies of it not yet dealt. Observation and
information-state tensors are :func:`canasta.observation.observation` of the player's view;
the information-state string adds the public history and the cards the player has been
dealt and has drawn, so it has perfect recall. Returns, given at the end, are each player's
side's points for the deals played. :doc:`/openspiel` describes it all.

>>> import pyspiel
>>> import canasta.integrations.openspiel
>>> game = pyspiel.load_game("python_canasta_classic(players=2)")
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players()
(3062, 53, 2)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[:2]
(True, [(0, 0.018518518518518517), (1, 0.018518518518518517)])
>>> while state.is_chance_node():  # deal the pack in sorted order
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), state.legal_actions()
(0, [0, 59])
>>> [state.action_to_string(0, action) for action in state.legal_actions()]
['draw', 'take 7C 7D']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import numpy as np
import pyspiel
from numpy.typing import NDArray

from canasta import CanastaError, Game, NextDeal
from canasta._cache import remembered
from canasta._engine.meld_rules import Meld
from canasta._engine.scoring import score_deal
from canasta._engine.state import Event, TurnDraft
from canasta._engine.transitions import missing_cards
from canasta._model.cards import ALL_FACES, FACE_TEXT, Card
from canasta._model.deck import pack_cards
from canasta._model.moves import Move
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet
from canasta.actions import ActionError, describe, legal_action_map, num_actions
from canasta.observation import observation, observation_shape
from canasta.views import PlayerView

__all__ = [
    "FAMILIES",
    "GAME_NAMES",
    "MAX_DEALS",
    "MOVES_PER_CARD",
    "BoliviaGame",
    "CanastaGame",
    "CanastaObserver",
    "CanastaState",
    "ClassicGame",
    "GameSetup",
    "HollywoodGame",
    "SambaGame",
    "deal_score_bounds",
    "game_type",
    "moves_per_deal_bound",
    "parse_options",
]

#: The rule sets with a game each, in the order of :data:`GAME_NAMES`.
FAMILIES = ("classic", "hollywood", "samba", "bolivia")
#: The OpenSpiel short names of the games.
GAME_NAMES = tuple(f"python_canasta_{family}" for family in FAMILIES)
#: The most deals a game with ``deals=0`` plays: random play may never reach the target
#: score, and OpenSpiel needs a bound on a game's length (the same cap as ``canasta
#: simulate``'s).
MAX_DEALS = 30
#: Player moves per card of the pack that bound one deal (see :func:`moves_per_deal_bound`).
MOVES_PER_CARD = 10

_PARAMETERS: dict[str, int | str] = {"players": 4, "deals": 1, "options": ""}
_FACES = len(ALL_FACES)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
# RuleSet fields that an option cannot set: the family's name and the player count (the
# ``players`` parameter), and fields whose values are tables rather than one value.
_NOT_OPTIONS = frozenset({"name", "num_players"})


def _option_fields() -> dict[str, str]:
    """Public name of each settable RuleSet field -> the kind of its value."""
    fields: dict[str, str] = {}
    for field in attrs.fields(RuleSet):
        name = field.alias or field.name
        default = field.default
        if name in _NOT_OPTIONS:
            continue
        if isinstance(default, bool):
            fields[name] = "true or false"
        elif isinstance(default, int):
            fields[name] = "an integer"
        elif isinstance(default, str):
            fields[name] = "a word"
        elif default is None:
            fields[name] = "an integer or none"
    return fields


_OPTIONS = _option_fields()


def _option_value(text: str) -> int | bool | str | None:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text


def parse_options(text: str) -> dict[str, int | bool | str | None]:
    """The house rules of an ``options`` parameter: ``key:value`` pairs separated by ``;``.

    Keys are :class:`~canasta._rules.ruleset.RuleSet` fields that hold one value (``target_score``,
    ``ask_permission``, ``draw_count`` ...; not ``num_players``, which is the ``players``
    parameter, nor the fields that hold tables). Values are read as ``true``/``false``,
    ``none``, an integer, or else a word. OpenSpiel's game strings keep ``,`` and ``=`` for
    their own parameters, hence ``;`` and ``:``.

    >>> parse_options("target_score:3000; ask_permission:disabled;one_card_pile_rule:false")
    {'target_score': 3000, 'ask_permission': 'disabled', 'one_card_pile_rule': False}
    >>> parse_options("target=3000")
    Traceback (most recent call last):
    ...
    canasta.errors.CanastaError: option 'target=3000': write options as key:value pairs ...
    """
    options: dict[str, int | bool | str | None] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        key, colon, value = (part.strip() for part in item.partition(":"))
        if not colon or not key or not value:
            raise CanastaError(
                f"option {item.strip()!r}: write options as key:value pairs separated by ';' "
                "(for example 'target_score:3000;ask_permission:disabled')"
            )
        if key not in _OPTIONS:
            hint = " (use the players parameter)" if key == "num_players" else ""
            raise CanastaError(
                f"unknown option {key!r}{hint}; the options are the rule-set fields that hold "
                f"one value: {', '.join(sorted(_OPTIONS))}"
            )
        if key in options:
            raise CanastaError(f"option {key!r} is given twice")
        options[key] = _option_value(value)
    return options


def _rules_for(family: str, players: int, options: str) -> RuleSet:
    try:
        rules = find_rules(family, players)
        return rules.with_options(**parse_options(options)) if options.strip() else rules
    except (TypeError, ValueError) as error:  # RuleSetError is a ValueError
        message = f"{family} for {players} players with options {options!r}: {error}"
        raise CanastaError(message) from error


# --- bounds ---------------------------------------------------------------------------------


def moves_per_deal_bound(rules: RuleSet) -> int:
    """An upper bound on the player moves of one deal: :data:`MOVES_PER_CARD` per card.

    Every turn begins with a draw, which takes at least one card from the stock, or a take
    of the pile, which melds at least its top card, and melded cards stay on the table; so a
    deal has at most two turns per card. A turn holds at most a draw or take, an ask, an
    answer and a discard, and every meld or addition melds at least one card, every merge
    removes a meld: at most ``4 * 2 + 2`` = 10 moves per card. Random play stays far below
    (the longest deal of 300 random deals per preset and player count was under 300 moves).
    """
    return MOVES_PER_CARD * rules.pack_size


def deal_score_bounds(rules: RuleSet) -> tuple[int, int]:
    """Bounds on one side's score for one deal: ``(lowest, highest)``.

    The highest melds every card but the red threes, makes as many canastas as the pack
    allows with the largest bonus, holds the best red-three amount and goes out with the
    largest bonus; the lowest holds every card, charged as in the hand, and the worst red
    threes. The bounds are safe, not tight.

    >>> import canasta
    >>> deal_score_bounds(canasta.find_rules("classic"))
    (-1980, 9180)
    """
    cards = [card for card in pack_cards(rules.decks) if not card.is_red_three]
    points = sum(card.points for card in cards)
    black_threes = sum(1 for card in cards if card.is_black_three)
    bonuses = [rules.natural_canasta_bonus, rules.mixed_canasta_bonus]
    if rules.sequences_allowed:
        bonuses += [rules.natural_sequence_canasta_bonus, rules.mixed_sequence_canasta_bonus]
    if rules.wild_melds_allowed:
        bonuses.append(rules.wild_canasta_bonus)
    bonus = max(abs(value) for value in bonuses)
    canastas = len(cards) // rules.canasta_size
    red = max(abs(rules.red_three_amount(n)) for n in range(rules.red_threes_in_pack + 1))
    going_out = max(abs(rules.going_out_bonus), abs(rules.concealed_bonus_total))
    surcharge = black_threes * abs(rules.black_three_in_hand_value - 5)
    return -(points + surcharge + red), points + bonus * canastas + red + going_out


# --- the game ---------------------------------------------------------------------------------


def game_type(family: str) -> Any:
    """The ``pyspiel.GameType`` of the game of ``family`` (one of :data:`FAMILIES`)."""
    return pyspiel.GameType(
        short_name=f"python_canasta_{family}",
        long_name=f"Python Canasta ({family.capitalize()})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMETERS),
    )


@attrs.frozen(eq=False)
class GameSetup:
    """What a game's parameters fix, shared by the game and all its states (never copied):
    ``game.setup``."""

    family: str
    players: int
    deals: int
    options: str
    #: The rule set played: the preset with the options, and ``deal_limit`` set to
    #: :attr:`deal_limit`.
    rules: RuleSet
    #: Deals after which the game ends: ``deals``, or MAX_DEALS for ``deals=0`` (or the
    #: ``deal_limit`` option, if that is fewer).
    deal_limit: int
    max_moves: int
    min_utility: int
    max_utility: int
    #: The game before its first deal is dealt by chance.
    start: Game
    pack_counts: bytes
    shape: tuple[int, ...]

    def __deepcopy__(self, memo: dict[int, object]) -> GameSetup:
        return self  # immutable: clones share it

    def __reduce__(self) -> tuple[Any, tuple[str, int, int, str]]:
        return _setup, (self.family, self.players, self.deals, self.options)


@remembered(64)
def _setup(family: str, players: int, deals: int, options: str) -> GameSetup:
    if family not in FAMILIES:
        raise CanastaError(f"no OpenSpiel game for {family!r}; the games: {', '.join(FAMILIES)}")
    if deals < 0:
        raise CanastaError(f"deals is 0 (play to the target score) or more, not {deals}")
    rules = _rules_for(family, players, options)
    limit = deals or MAX_DEALS
    if rules.deal_limit is not None:  # an option may stop the match sooner
        limit = min(limit, rules.deal_limit)
    rules = rules.with_options(deal_limit=limit)
    low, high = deal_score_bounds(rules)
    return GameSetup(
        family=family,
        players=players,
        deals=deals,
        options=options,
        rules=rules,
        deal_limit=limit,
        max_moves=limit * moves_per_deal_bound(rules),
        min_utility=limit * low,
        max_utility=limit * high,
        start=Game.new(rules, seed=0),
        pack_counts=pack_cards(rules.decks).counts,
        shape=observation_shape(rules),
    )


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of the rule set :attr:`family` with ``params`` (see the module):
    :class:`ClassicGame`, :class:`HollywoodGame`, :class:`SambaGame` or :class:`BoliviaGame`.
    """

    #: The rule set's name (one of :data:`FAMILIES`).
    family = "classic"

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        family = self.family
        given = dict(params or {})
        unknown = sorted(set(given) - set(_PARAMETERS))
        if unknown:
            raise CanastaError(
                f"unknown parameters {', '.join(unknown)}; the parameters: players, deals, options"
            )
        values = {**_PARAMETERS, **given}
        setup = _setup(
            family, int(values["players"]), int(values["deals"]), str(values["options"])
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(setup.rules),
            max_chance_outcomes=_FACES,
            num_players=setup.rules.num_players,
            min_utility=float(setup.min_utility),
            max_utility=float(setup.max_utility),
            max_game_length=setup.max_moves,
        )
        super().__init__(game_type(family), info, values)
        self._canasta_setup = setup

    @property
    def setup(self) -> GameSetup:
        """What the parameters fix: the rule set, the bounds, the deal limit."""
        try:
            return self._canasta_setup
        except AttributeError:  # an unpickled game is made without __init__
            values = self.get_parameters()
            self._canasta_setup = _setup(
                self.family, int(values["players"]), int(values["deals"]), str(values["options"])
            )
            return self._canasta_setup

    @property
    def rules(self) -> RuleSet:
        """The rule set played, its ``deal_limit`` the deals the game plays."""
        return self.setup.rules

    def new_initial_state(self) -> CanastaState:
        """The state before the first card is dealt."""
        return CanastaState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card per deal."""
        return self.setup.deal_limit * self.setup.rules.pack_size

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CanastaObserver:
        """The observer of ``iig_obs_type``: the observation (default) or, with perfect
        recall, the information state."""
        return CanastaObserver(self.setup, iig_obs_type, params)


# --- states -------------------------------------------------------------------------------------


class _Core:
    """A state's contents, never changed once made: a move makes a new one, and clones share
    it (OpenSpiel clones a Python state by deep-copying its attributes)."""

    __slots__ = ("dealt", "game", "memo", "moves", "private")

    def __init__(
        self,
        game: Game,
        dealt: tuple[int, ...] | None,
        moves: int,
        private: tuple[tuple[str, ...] | None, ...],
    ) -> None:
        #: The game; while a deal is dealt, the game whose current deal it replaces.
        self.game = game
        #: The faces dealt so far while a deal is dealt, else None.
        self.dealt = dealt
        #: Player moves so far.
        self.moves = moves
        #: Each player's private observations (cards dealt, cards drawn); None where unknown
        #: (the other players of a state drawn by resample_from_infostate).
        self.private = private
        #: Values computed from this core (legal moves, views, texts).
        self.memo: dict[object, Any] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> _Core:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        text = self.game.to_json(history="full")  # information_text lists past deals' moves
        return _core_from_json, (text, self.dealt, self.moves, self.private)


def _core_from_json(
    text: str,
    dealt: tuple[int, ...] | None,
    moves: int,
    private: tuple[tuple[str, ...] | None, ...],
) -> _Core:
    return _Core(Game.from_json(text), dealt, moves, private)


@remembered(4096)
def _outcomes(left: bytes) -> tuple[tuple[int, float], ...]:
    total = sum(left)
    return tuple((face, count / total) for face, count in enumerate(left) if count)


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`CanastaGame`: a :class:`~canasta.game.Game` while players move,
    and the cards dealt so far while a deal is dealt."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        setup = game.setup
        self._setup = setup
        self._core = _Core(setup.start, (), 0, ((),) * setup.rules.num_players)

    # --- reading the state ----------------------------------------------------------------

    @property
    def canasta_game(self) -> Game:
        """The Canasta game: while a deal is dealt, the position before it was dealt."""
        return self._core.game

    def _dealing(self) -> bool:
        return self._core.dealt is not None

    def _truncated(self) -> bool:
        core = self._core
        return core.dealt is None and not core.game.is_over and core.moves >= self._setup.max_moves

    def is_terminal(self) -> bool:
        """Whether the game is over: the match ended (a side reached the target, or the deals
        were played: ``rules.deal_limit``), or (never seen in play) the bound on moves was
        reached."""
        return self._core.dealt is None and (self._core.game.is_over or self._truncated())

    def current_player(self) -> int:
        """The player to move, chance while dealing, or terminal."""
        if self._dealing():
            return _CHANCE
        if self.is_terminal():
            return _TERMINAL
        to_move = self._core.game.to_move
        assert to_move is not None  # the game is not over
        return to_move

    def _legal_map(self) -> dict[int, Move]:
        memo = self._core.memo
        if "legal" not in memo:
            memo["legal"] = legal_action_map(self._core.game)
        legal: dict[int, Move] = memo["legal"]
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        if self._dealing() or self.is_terminal() or player != self._core.game.to_move:
            return []
        return sorted(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The faces not yet dealt, each with its share of the cards left."""
        if not self._dealing():
            return []
        return list(_outcomes(self._left()))

    def _left(self) -> bytes:
        memo = self._core.memo
        if "left" not in memo:
            counts = bytearray(self._setup.pack_counts)
            for face in self._core.dealt or ():
                counts[face] -= 1
            memo["left"] = bytes(counts)
        left: bytes = memo["left"]
        return left

    def returns(self) -> list[float]:
        """Each player's side's points over the deals played, at the end; zeros before."""
        rules = self._setup.rules
        if not self.is_terminal():
            return [0.0] * rules.num_players
        game = self._core.game
        sides = list(game.scores)  # the sum of the finished deals' scores
        if self._truncated():  # the deal in progress, scored as it stands
            for side, score in enumerate(score_deal(game.deal)):
                sides[side] += score.total
        return [float(sides[rules.side_of_player(p)]) for p in range(rules.num_players)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return str(ALL_FACES[action]) if 0 <= action < _FACES else f"face {action}"
        if not self._dealing() and not self.is_terminal() and player == self.current_player():
            move = self._legal_map().get(action)
            if move is not None:
                return str(move)
        return _describe(action)

    # --- moving -----------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.dealt is not None:
            self._deal_card(core, action)
            return
        move = self._legal_map().get(action) if not self.is_terminal() else None
        if move is None:
            raise CanastaError(f"action {action} ({_describe(action)}) is not legal here")
        before = core.game
        mover = before.to_move
        after = before.apply(move)
        private = core.private
        if mover is not None and after.deal_number == before.deal_number and not after.is_over:
            event = after.deal.history[-1]
            if event.drawn and private[mover] is not None:
                drawn = str(missing_cards(after.hand(mover), before.hand(mover)))
                note = f"deal {after.deal_number} turn {after.deal.turn}: drew {drawn}"
                private = _noted(private, mover, note)
        self._core = self._next_core(after, before.deal_number, core.moves + 1, private)

    def _deal_card(self, core: _Core, face: int) -> None:
        if not 0 <= face < _FACES or not self._left()[face]:
            raise CanastaError(f"chance outcome {face} is not a face left to deal")
        dealt = (*(core.dealt or ()), face)
        if len(dealt) < self._setup.rules.pack_size:
            self._core = _Core(core.game, dealt, core.moves, core.private)
            return
        game = core.game.redealt([ALL_FACES[index] for index in dealt])
        private = core.private
        if game.deal_number == core.game.deal_number:
            for player in range(self._setup.rules.num_players):
                note = f"deal {game.deal_number}: dealt {game.hand(player)}"
                private = _noted(private, player, note)
        self._core = self._next_core(game, core.game.deal_number, core.moves, private)

    def _next_core(
        self,
        game: Game,
        deal_before: int,
        moves: int,
        private: tuple[tuple[str, ...] | None, ...],
    ) -> _Core:
        """The core of ``game`` after deal ``deal_before``: past a deal's end, a new deal dealt."""
        game = game.apply(NextDeal()) if game.to_move is None and not game.is_over else game
        dealing = game.deal_number != deal_before and not game.is_over
        return _Core(game, () if dealing else None, moves, private)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CanastaState:
        """A state ``player_id`` cannot tell from this one, drawn at random (for IS-MCTS).

        The hidden cards are dealt again uniformly among the places ``player_id`` cannot see
        (:meth:`~canasta.views.PlayerView.sample`); the other players' private observations
        are unknown in the result (None), and its OpenSpiel history is empty.
        ``probability_sampler()`` gives a number in [0, 1) that seeds the draw.
        """
        core = self._core
        rng = random.Random(int(probability_sampler() * 2**53))
        private = tuple(
            notes if player == player_id else None for player, notes in enumerate(core.private)
        )
        if core.dealt is not None:
            pack = list(pack_cards(self._setup.rules.decks))
            dealt: tuple[int, ...] | None = tuple(
                card.index for card in rng.sample(pack, len(core.dealt))
            )
            game = core.game
        elif self.is_terminal():
            dealt, game = None, core.game
        else:
            dealt, game = None, core.game.view(player_id).sample(rng)
        state: CanastaState = self.get_game().new_initial_state()
        state._core = _Core(game, dealt, core.moves, private)
        return state

    # --- what players see --------------------------------------------------------------------

    def _view(self, player: int) -> PlayerView:
        memo = self._core.memo
        key = ("view", player)
        if key not in memo:
            memo[key] = self._core.game.view(player)
        view: PlayerView = memo[key]
        return view

    def observation_vector(self, player: int) -> NDArray[np.float32]:
        """:func:`canasta.observation.observation` of ``player``'s view; zeros while a deal
        is dealt (the cards are picked up once all are dealt)."""
        memo = self._core.memo
        key = ("vector", player)
        if key not in memo:
            if self._dealing():
                memo[key] = np.zeros(self._setup.shape, dtype=np.float32)
            else:
                memo[key] = observation(self._view(player))
        vector: NDArray[np.float32] = memo[key]
        return vector

    def observation_text(self, player: int) -> str:
        """What ``player`` sees now, as text: their hand, the table, the turn."""
        memo = self._core.memo
        key = ("text", player)
        if key not in memo:
            if self._dealing():
                memo[key] = f"player {player}\n{self._dealing_text()}"
            else:
                memo[key] = _view_text(self._view(player))
        text: str = memo[key]
        return text

    def information_text(self, player: int) -> str:
        """Everything ``player`` has seen, in order: :meth:`observation_text`, the public
        history of every deal, and the player's own cards dealt and drawn."""
        # Not kept with the state: its length grows with the game, and OpenSpiel's tests keep
        # a clone of every state of a game.
        game = self._core.game
        lines = [self.observation_text(player), "history:"]
        for result in game.results:
            events = "; ".join(map(_event_text, result.history))
            seats = " ".join(map(str, result.seat_players))
            totals = " ".join(map(str, result.totals))
            lines.append(f"deal {result.number} (players {seats}): {events}; scores {totals}")
        if not self._dealing() and not game.is_over:
            events = "; ".join(map(_event_text, game.deal.history))
            seats = " ".join(map(str, game.seat_players))
            lines.append(f"deal {game.deal_number} (players {seats}): {events}")
        notes = self._core.private[player]
        lines.append("private: " + ("unknown" if notes is None else "; ".join(notes)))
        return "\n".join(lines)

    def _dealing_text(self) -> str:
        game = self._core.game
        dealt = len(self._core.dealt or ())
        scores = " ".join(map(str, game.scores))
        return (
            f"deal {game.deal_number}: dealing, {dealt} of {self._setup.rules.pack_size} cards "
            f"dealt; scores {scores}"
        )

    def __str__(self) -> str:
        memo = self._core.memo
        if "str" not in memo:
            memo["str"] = self._text()
        text: str = memo["str"]
        return text

    def _text(self) -> str:
        core = self._core
        if core.dealt is not None:
            cards = " ".join(FACE_TEXT[face] for face in core.dealt)
            return f"{self._dealing_text()}: {cards}"
        game = core.game
        lines = [repr(game), f"moves {core.moves}"]
        lines += [f"player {p}: {hand}" for p, hand in enumerate(game.hands)]
        deal = game.deal
        lines.append("melds: " + " | ".join(_melds_text(side) for side in deal.melds))
        lines.append("red threes: " + " | ".join(str(red) for red in deal.red_threes))
        lines.append("pile: " + _sequence_text(deal.pile))
        lines.append("stock: " + _sequence_text(deal.stock))
        lines.append(f"draft: {_draft_text(deal.draft)}")
        return "\n".join(lines)


def _sequence_text(cards: Iterable[Card]) -> str:
    return " ".join(FACE_TEXT[card.index] for card in cards)


@remembered(1 << 16)
def _event_text(event: Event) -> str:
    return str(event)


@remembered(1 << 14)
def _meld_text(meld: Meld) -> str:
    return str(meld) if meld.wild_as is None else f"{meld} ({meld.wild_as.text})"


def _describe(action: int) -> str:
    try:
        return describe(action)
    except ActionError:
        return "no action of the id table"


def _noted(
    private: tuple[tuple[str, ...] | None, ...], player: int, note: str
) -> tuple[tuple[str, ...] | None, ...]:
    notes = private[player]
    if notes is None:
        return private
    return (*private[:player], (*notes, note), *private[player + 1 :])


def _melds_text(melds: tuple[Meld, ...]) -> str:
    return ", ".join(map(_meld_text, melds)) or "-"


def _draft_text(draft: TurnDraft) -> str:
    parts = []
    for field in attrs.fields(TurnDraft):
        value = getattr(draft, field.name)
        if value != field.default:
            if isinstance(value, frozenset):
                value = " ".join(sorted(rank.text for rank in value))
            parts.append(f"{field.name}={value}")
    return ", ".join(parts) or "-"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def _view_text(view: PlayerView) -> str:
    rules = view.rules
    table = view.table
    if view.is_over:
        status = "the game is over"
    else:
        status = f"player {view.turn_player}'s turn, player {view.to_move} to {view.phase.value}"
    lines = [
        f"player {view.player}: deal {view.deal_number}, turn {view.turn}, {status}",
        f"hand: {view.hand}",
    ]
    for side in range(rules.num_sides):
        lines.append(
            f"side {side}: score {view.scores[side]}, minimum {view.minimums[side]}, "
            f"red threes {str(table.red_threes[side]) or '-'}, "
            f"melds {_melds_text(table.melds[side])}"
        )
    frozen = ", frozen" if table.pile_frozen else ""
    pile = _sequence_text(view.pile) or "-"
    lines.append(f"pile ({_plural(table.pile_size, 'card')}{frozen}): {pile}")
    lines.append(f"stock: {_plural(table.stock_size, 'card')}")
    lines.append("hand sizes: " + " ".join(map(str, view.hand_sizes)))
    known = [f"{p}: {cards}" for p, cards in enumerate(view.known_cards) if cards]
    lines.append("known cards: " + ("; ".join(known) or "-"))
    melded = " ".join(map(str, sorted(view.melded_players))) or "-"
    lines.append(f"melded: {melded}")
    lines.append(f"draft: {_draft_text(view.draft)}")
    return "\n".join(lines)


# --- observers ----------------------------------------------------------------------------------


class CanastaObserver:
    """OpenSpiel's Python observer: :attr:`tensor` is the observation vector of the view
    (for the information state too), and the string is the view as text, with the history
    and the player's own cards for the information state (perfect recall)."""

    def __init__(
        self, setup: GameSetup, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        if params:
            raise CanastaError(f"the Canasta observer takes no parameters; got {dict(params)}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise CanastaError(
                "the Canasta games observe one player's view (public information and that "
                "player's private cards) only"
            )
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor: NDArray[np.float32] = np.zeros(setup.shape, dtype=np.float32)
        name = "info_state" if self.perfect_recall else "observation"
        self.dict: dict[str, NDArray[np.float32]] = {name: self.tensor}

    def set_from(self, state: CanastaState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        self.tensor[:] = state.observation_vector(player)

    def string_from(self, state: CanastaState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        if self.perfect_recall:
            return state.information_text(player)
        return state.observation_text(player)


class ClassicGame(CanastaGame):
    """``python_canasta_classic``: Classic Canasta."""

    family = "classic"


class HollywoodGame(CanastaGame):
    """``python_canasta_hollywood``: Hollywood Canasta."""

    family = "hollywood"


class SambaGame(CanastaGame):
    """``python_canasta_samba``: Samba."""

    family = "samba"


class BoliviaGame(CanastaGame):
    """``python_canasta_bolivia``: Bolivia."""

    family = "bolivia"


def _register() -> None:
    # The classes themselves are registered: OpenSpiel keeps its creators until the process
    # ends, and releasing a creator object then (a functools.partial, say) aborts Python.
    registered = set(pyspiel.registered_names())
    classes = (ClassicGame, HollywoodGame, SambaGame, BoliviaGame)
    for name, cls in zip(GAME_NAMES, classes, strict=True):
        if name not in registered:
            pyspiel.register_game(game_type(cls.family), cls)


_register()
