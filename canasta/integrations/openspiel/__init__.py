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

from collections.abc import Mapping
from typing import Any

import attrs
import pyspiel

from canasta import CanastaError, Game
from canasta._cache import remembered
from canasta._model.cards import ALL_FACES
from canasta._model.deck import pack_cards
from canasta._rules.ruleset import RuleSet
from canasta.actions import num_actions
from canasta.integrations.openspiel._observer import CanastaObserver
from canasta.integrations.openspiel._options import _rules_for, parse_options
from canasta.integrations.openspiel._state import CanastaState
from canasta.observation import observation_shape

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
            max_chance_outcomes=len(ALL_FACES),
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
