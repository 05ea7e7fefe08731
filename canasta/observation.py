"""A player's view as a fixed-size vector of numbers, for learning agents (game AI).

:func:`observation` turns a :class:`~canasta.views.PlayerView` into a one-dimensional
``float32`` NumPy array whose layout depends only on the rule set: :func:`observation_shape`
gives its shape and :func:`observation_layout` names its blocks, one after another. Only
what the view holds goes in, so two games that differ only in cards the player cannot see
give equal observations. The layout is described, with its blocks for every preset, in
:doc:`/observation`.

NumPy is needed only by :func:`observation` (``pip install canasta[ai]``); the layout and
shape are plain Python.

>>> import canasta
>>> from canasta.observation import observation, observation_layout, observation_shape
>>> rules = canasta.find_rules("classic", players=4)
>>> observation_shape(rules)
(487,)
>>> observation_layout(rules)[:3]
[('hand', 0, 53), ('side0.meld_cards', 53, 53), ('side0.meld_kinds', 106, 4)]
>>> vector = observation(canasta.Game.new(rules, seed=7).view(0))
>>> vector.shape, vector.dtype, float(vector.min()) >= 0.0
((487,), dtype('float32'), True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta._action_table import MELD_SLOTS as _ACTION_MELD_SLOTS
from canasta._cache import remembered
from canasta._engine.meld_rules import Meld, MeldKind
from canasta._engine.state import Phase
from canasta._model.cards import NATURAL_RANKS, Rank
from canasta._model.deck import Cards
from canasta._rules.ruleset import RuleSet

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from canasta.views import PlayerView

__all__ = [
    "MELD_SLOTS",
    "SLOT_WIDTH",
    "meld_slots",
    "observation",
    "observation_layout",
    "observation_shape",
]

#: The most meld slots of a side in any game action ids cover (``#0`` to ``#77``): the same
#: constant as :data:`canasta.actions.MELD_SLOTS`. A rule set's own count is
#: :func:`meld_slots`.
MELD_SLOTS = _ACTION_MELD_SLOTS
#: Card faces: 4 to Ace of each suit, the twos, the threes and the joker.
FACES = 53
_MELD_KINDS = (MeldKind.RANK, MeldKind.SEQUENCE, MeldKind.WILD, MeldKind.BLACK_THREES)
_PHASES = (Phase.DRAW, Phase.MELD, Phase.ANSWER, Phase.OVER)
_POSITION = {rank: position for position, rank in enumerate(NATURAL_RANKS)}
_NATURALS = len(NATURAL_RANKS)
# One slot: kind one-hot (4), rank one-hot (11), suit one-hot (4), low, high, wild_as,
# size, wilds, jokers, canasta flag.
#: Numbers per meld slot.
SLOT_WIDTH = len(_MELD_KINDS) + _NATURALS + 4 + 7
_DRAFT_FLAGS = (
    "drew",
    "took_pile",
    "opening",
    "committed",
    "melded",
    "touched_existing",
    "had_melded",
    "asked",
    "black_threes",
    "no_discard",
)


def _blocks(rules: RuleSet) -> list[tuple[str, int]]:
    """The blocks' names and lengths, in order."""
    players, sides = rules.num_players, rules.num_sides
    blocks = [("hand", FACES)]
    for k in range(sides):
        blocks += [
            (f"side{k}.meld_cards", FACES),
            (f"side{k}.meld_kinds", len(_MELD_KINDS)),
            (f"side{k}.canastas", 5),
        ]
        if rules.melds_by_position:
            blocks.append((f"side{k}.meld_slots", meld_slots(rules) * SLOT_WIDTH))
        blocks.append((f"side{k}.red_threes", 1))
    blocks += [
        ("pile_top", FACES + 1),
        ("pile_size", 1),
        ("pile_frozen", 1),
        ("pile_frozen_for_own_side", 1),
    ]
    blocks += [(f"known{k}", FACES) for k in range(1, players)]
    blocks += [
        ("hand_sizes", players),
        ("melded_players", players),
        ("stock_size", 1),
        ("scores", sides),
        ("minimums", sides),
        ("phase", len(_PHASES)),
        ("turn_player", players),
        ("to_move", players),
        ("draft.flags", len(_DRAFT_FLAGS)),
        ("draft.answer", 2),
        ("draft.owed_points", 1),
        ("draft.melds_before", 1),
        ("draft.locked", FACES),
    ]
    if rules.cutthroat:  # who plays alone, once somebody took the pile (CL-V3-3)
        blocks.append(("lone_hand", sides))
    return blocks


@remembered(64)
def _layout(rules: RuleSet) -> tuple[tuple[str, int, int], ...]:
    layout = []
    start = 0
    for name, length in _blocks(rules):
        layout.append((name, start, length))
        start += length
    return tuple(layout)


def observation_layout(rules: RuleSet) -> list[tuple[str, int, int]]:
    """The blocks of an observation under ``rules``: ``(name, start, length)``, in order.

    The blocks tile the vector: each starts where the one before it ends. Sides are
    numbered from the viewer's (``side0``) clockwise; players too (``known1`` is the next
    player clockwise). See :doc:`/observation` for what each block holds and how it is
    scaled.

    >>> import canasta
    >>> [name for name, _, _ in observation_layout(canasta.find_rules("samba"))][:6]
    ['hand', 'side0.meld_cards', 'side0.meld_kinds', 'side0.canastas', 'side0.meld_slots', \
'side0.red_threes']
    """
    return list(_layout(rules))


def observation_shape(rules: RuleSet) -> tuple[int, ...]:
    """The shape of every observation under ``rules``: one dimension.

    >>> import canasta
    >>> observation_shape(canasta.find_rules("hollywood", players=2))
    (3077,)
    """
    _, start, length = _layout(rules)[-1]
    return (start + length,)


def meld_slots(rules: RuleSet) -> int:
    """The meld slots of each side's ``meld_slots`` block: the most melds one side can hold
    where melds are named by number (every card but the red threes, in melds of the least
    size), so that the observation describes every meld a move, or an action id, can name;
    0 where melds are named by rank. Never more than :data:`MELD_SLOTS` in the games action
    ids cover.

    >>> import canasta
    >>> meld_slots(canasta.find_rules("hollywood")), meld_slots(canasta.find_rules("classic"))
    (52, 0)
    """
    if not rules.melds_by_position:
        return 0
    return (rules.pack_size - rules.red_threes_in_pack) // rules.min_meld_size


def _meld_scale(rules: RuleSet) -> int:
    """The most melds one side could hold: one per natural rank and black threes, or, where
    melds are named by position, :func:`meld_slots`."""
    return meld_slots(rules) or _NATURALS + 1


def _max_minimum(rules: RuleSet) -> int:
    values = [minimum for _, minimum in rules.initial_meld_table]
    if rules.uses_extra_bracket:
        values.append(rules.extra_bracket_minimum)
    return max(max(values), 1)


def _canasta_index(meld: Meld) -> int:
    """Natural, mixed, natural sequence, mixed sequence, wild."""
    if meld.kind is MeldKind.WILD:
        return 4
    if meld.kind is MeldKind.SEQUENCE:
        return 3 if meld.wilds else 2
    return 1 if meld.wilds else 0


def numpy_missing(feature: str) -> ImportError:
    """The error for ``feature`` without NumPy: it says which extra installs it."""
    return ImportError(f"{feature} needs NumPy: pip install 'canasta[ai]'")


def observation(view: PlayerView) -> NDArray[np.float32]:
    """The view as a ``float32`` vector laid out as :func:`observation_layout` says.

    Counts are divided by the most there could be, so they lie in 0 to 1; only the scores
    (divided by the target score) may be negative or above 1. Raises :class:`ImportError`
    when NumPy is not installed (``pip install 'canasta[ai]'``).
    """
    try:
        import numpy as np
    except ImportError as error:
        raise numpy_missing("canasta.observation.observation") from error

    rules = view.rules
    vector = _Vector(rules, np.zeros(observation_shape(rules), dtype=np.float32))
    players, sides = rules.num_players, rules.num_sides
    me = view.player
    order = [(me + k) % players for k in range(players)]
    own_side = rules.side_of_player(me)
    side_order = [(own_side + k) % sides for k in range(sides)]

    vector.put("hand", vector.faces(view.hand))
    for k, side in enumerate(side_order):
        _put_side(vector, view, k, side)
    _put_table(vector, view, order, side_order)
    _put_draft(vector, view)
    return vector.out


class _Vector:
    """The observation vector being filled, block by block (blocks named as in the layout)."""

    def __init__(self, rules: RuleSet, out: NDArray[np.float32]) -> None:
        import numpy as np

        self.rules = rules
        self.out = out
        self.starts = {name: (start, length) for name, start, length in _layout(rules)}
        self.face_max = np.full(FACES, rules.decks, dtype=np.float32)
        self.face_max[-1] = 2 * rules.decks
        self.pack = float(rules.pack_size)
        self.meld_scale = float(_meld_scale(rules))
        self.max_minimum = float(_max_minimum(rules))

    def put(self, name: str, values: object) -> None:
        import numpy as np

        start, length = self.starts[name]
        array = np.asarray(values, dtype=np.float32)
        if array.shape != (length,):  # pragma: no cover - a bug in this module
            raise AssertionError(f"block {name}: {array.shape} for length {length}")
        self.out[start : start + length] = array

    def one_hot(self, name: str, index: int | None) -> None:
        if index is not None:
            start, _ = self.starts[name]
            self.out[start + index] = 1.0

    def faces(self, cards: Cards) -> NDArray[np.float32]:
        import numpy as np

        counts: NDArray[np.float32] = (
            np.frombuffer(cards.counts, dtype=np.uint8).astype(np.float32) / self.face_max
        )
        return counts


def _put_side(vector: _Vector, view: PlayerView, k: int, side: int) -> None:
    """The blocks of ``side``, the ``k``-th side from the player's own."""
    import numpy as np

    rules = vector.rules
    table = view.table
    melds = table.melds[side]
    total = Cards()
    kinds = [0.0] * len(_MELD_KINDS)
    canastas = [0.0] * 5
    for meld in melds:
        total = total + meld.cards
        kinds[_MELD_KINDS.index(meld.kind)] += 1
        if meld.is_canasta_under(rules):
            canastas[_canasta_index(meld)] += 1
    vector.put(f"side{k}.meld_cards", vector.faces(total))
    vector.put(f"side{k}.meld_kinds", np.asarray(kinds) / vector.meld_scale)
    vector.put(f"side{k}.canastas", np.asarray(canastas) / vector.meld_scale)
    if rules.melds_by_position:
        slots = np.zeros((meld_slots(rules), SLOT_WIDTH), dtype=np.float32)
        for slot, meld in zip(slots, melds, strict=False):
            _fill_slot(slot, meld, rules)
        vector.put(f"side{k}.meld_slots", slots.reshape(-1))
    vector.put(f"side{k}.red_threes", [len(table.red_threes[side]) / rules.red_threes_in_pack])


def _put_table(vector: _Vector, view: PlayerView, order: list[int], side_order: list[int]) -> None:
    """The pile, the other players, the stock, the scores and whose turn it is: players in
    ``order`` and sides in ``side_order``, each from the player's own."""
    rules, table, pack = vector.rules, view.table, vector.pack
    relative = {player: k for k, player in enumerate(order)}
    own_side = side_order[0]
    top = table.pile_top
    vector.one_hot("pile_top", FACES if top is None else top.index)
    vector.put("pile_size", [table.pile_size / pack])
    vector.put("pile_frozen", [float(table.pile_frozen)])
    vector.put("pile_frozen_for_own_side", [float(table.frozen_for(own_side))])
    for k in range(1, rules.num_players):
        vector.put(f"known{k}", vector.faces(view.known_cards[order[k]]))
    vector.put("hand_sizes", [view.hand_sizes[player] / pack for player in order])
    vector.put("melded_players", [float(player in view.melded_players) for player in order])
    vector.put("stock_size", [table.stock_size / pack])
    vector.put("scores", [view.scores[side] / rules.target_score for side in side_order])
    vector.put("minimums", [view.minimums[side] / vector.max_minimum for side in side_order])
    vector.one_hot("phase", _PHASES.index(view.phase))
    vector.one_hot("turn_player", relative[view.turn_player])
    vector.one_hot("to_move", None if view.to_move is None else relative[view.to_move])
    if table.lone_hand is not None:  # cutthroat: who plays alone (CL-V3-3)
        vector.one_hot("lone_hand", side_order.index(table.lone_hand))


def _put_draft(vector: _Vector, view: PlayerView) -> None:
    """The turn so far: its flags, the partner's answer, what an opening still owes."""
    rules, draft = vector.rules, view.draft
    vector.put("draft.flags", [float(getattr(draft, flag)) for flag in _DRAFT_FLAGS])
    vector.put("draft.answer", [float(draft.answer is True), float(draft.answer is False)])
    if draft.opening:
        owed = max(0, view.minimums[rules.side_of_player(view.turn_player)] - draft.points)
        vector.put("draft.owed_points", [min(owed / vector.max_minimum, 1.0)])
    vector.put("draft.melds_before", [min(draft.melds_before / vector.meld_scale, 1.0)])
    vector.put("draft.locked", vector.faces(draft.locked))


def _fill_slot(slot: NDArray[np.float32], meld: Meld, rules: RuleSet) -> None:
    """One meld slot: kind, rank, suit, low, high, wild_as, size, wilds, jokers, canasta."""
    slot[_MELD_KINDS.index(meld.kind)] = 1.0
    at = len(_MELD_KINDS)
    if meld.kind is MeldKind.RANK:
        slot[at + _POSITION[meld.rank]] = 1.0
    at += _NATURALS
    if meld.suit is not None:
        slot[at + "CDHS".index(meld.suit.letter)] = 1.0
    at += 4
    if meld.kind is MeldKind.SEQUENCE:
        slot[at] = (_POSITION[meld.low] + 1) / _NATURALS
        slot[at + 1] = (_POSITION[meld.high] + 1) / _NATURALS
    wild_as: Rank | None = meld.wild_as
    if wild_as is not None:
        slot[at + 2] = (_POSITION[wild_as] + 1) / _NATURALS
    slot[at + 3] = meld.size / (10 * rules.decks)
    slot[at + 4] = meld.wilds / (6 * rules.decks)
    slot[at + 5] = meld.jokers / (2 * rules.decks)
    slot[at + 6] = float(meld.is_canasta_under(rules))
