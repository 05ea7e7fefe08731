"""Action ids: every move as one integer, the same numbering in every rule set.

Game-AI frameworks want moves as small integers. :func:`encode` turns a move into its id
from the move alone; :func:`decode` turns an id back into the move, given the game or view
it is played in; :func:`legal_actions` lists the ids of the legal moves, sorted, and
:func:`action_mask` marks them in an array of :func:`num_actions` entries.

Melds are coded by counts, not by suits: "a meld of sevens, three naturals and a joker" is
one id, whichever sevens the hand holds (the move generator offers one representative of
each such choice, so an id names one legal move). Twos and jokers are counted apart.
Sequences are coded by suit and span, and a sequence's wild card by its kind and the rank
it stands for. Additions to a meld named by its number (``#3``) are coded by that number
and the shape of what is added, so the ids of additions depend on nothing but the move.

:class:`~canasta.NextDeal`, played at the end of a deal, shares id 0 with the draw: the two
are never legal in the same position, so an id still names one legal move.

The numbering is one table for all rule sets: an id means the same thing in every game,
and a rule set uses the ids below its :func:`num_actions` (Classic the first 3,062,
Samba and Bolivia 48,389, Hollywood, with wild cards in sequences, 74,701). Melds are
numbered ``#0`` to ``#77`` (:data:`MELD_SLOTS`), as many as one side can hold, so every
legal move of any position has an id. The table, block by block, is in :doc:`/actions`;
:func:`action_blocks` lists it, and ids do not change between releases (the numbers from
``#32`` were added as blocks of their own at the end).

>>> import canasta
>>> from canasta.actions import decode, describe, encode, legal_actions, num_actions
>>> game = canasta.Game.new("classic", seed=10)
>>> legal_actions(game)
[0, 59]
>>> describe(59), decode(game, 59)
('take the pile with a natural pair', TakePile(cards=Cards.parse('5C 5S')))
>>> encode(canasta.parse_move("meld 7H 7S JK")), describe(434)
(434, 'meld 7s: 2 naturals, 0 twos, 1 joker')
>>> num_actions(game.rules)
3062
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol

from canasta._action_table import (
    _ALL_STOP,
    _BLOCKS,
    _CLASSIC_STOP,
    _DRAW,
    _FEW_WILD_INDEX,
    _FEW_WILDS,
    _JOKERS,
    _MAX_DECKS,
    _MELD_RANK_INDEX,
    _NATURALS,
    _PAIR_INDEX,
    _PAIRS,
    _POSITION,
    _POSITIONAL_STOP,
    _POSITIONS,
    _RUN_INDEX,
    _SAME_RANK,
    _SIMPLE,
    _SIMPLE_INDEX,
    _SLOT_SHAPES,
    _SPAN_INDEX,
    _SPANS,
    _SUIT_INDEX,
    _TWOS,
    _WILD_PAIR_TAKES,
    _WILD_RUN_INDEX,
    _WILD_RUNS,
    _WILD_SPAN_INDEX,
    _WILD_SPANS,
    _WILDS_ONLY,
    MELD_SLOTS,
    ActionBlock,
    locate,
    place,
)
from canasta._cache import remembered
from canasta._model.cards import ALL_FACES, Card, Rank, Suit
from canasta._model.deck import Cards
from canasta._model.melds import layout as meld_layout
from canasta._model.moves import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    LayMeld,
    MergeMelds,
    Move,
    NextDeal,
    Pass,
    TakePile,
)
from canasta._rules.ruleset import RuleSet
from canasta.errors import ActionError, IllegalActionError, Violation, shown
from canasta.observation import numpy_missing

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "MELD_SLOTS",
    "ActionBlock",
    "ActionError",
    "IllegalActionError",
    "action_blocks",
    "action_mask",
    "decode",
    "describe",
    "encode",
    "legal_action_map",
    "legal_actions",
    "num_actions",
]


def action_blocks() -> tuple[ActionBlock, ...]:
    """The blocks of ids in order: each block's name, first id, size and how an id within
    it is made.

    >>> [(block.name, block.first, block.size) for block in action_blocks()][:3]
    [('simple', 0, 5), ('discard', 5, 53), ('take', 58, 4)]
    """
    return tuple(_BLOCKS.values())


@remembered(64)
def num_actions(rules: RuleSet) -> int:
    """How many ids the rule set's moves use: every id of its moves is below this number.

    >>> import canasta
    >>> num_actions(canasta.find_rules("classic")), num_actions(canasta.find_rules("samba"))
    (3062, 48389)

    A rule set these ids cannot cover (more than three decks, more than three wild cards in
    a meld of one rank, more than one in a sequence, sequences of two cards) raises
    :class:`ActionError`.
    """
    if rules.decks > _MAX_DECKS:
        raise ActionError("action ids cover games of at most three decks")
    if rules.max_wilds_per_meld > 3 or rules.black_three_meld_max_wilds > 3:
        raise ActionError("action ids cover melds with at most three wild cards")
    if rules.max_wilds_per_sequence > 1:
        raise ActionError("action ids cover sequences with at most one wild card")
    if rules.sequences_allowed and rules.min_meld_size < 3:
        raise ActionError("action ids cover sequences of three cards or more")
    if rules.sequences_allowed and rules.max_wilds_per_sequence:
        return _ALL_STOP
    positional = rules.melds_by_position or rules.take_with_suited_pair
    if positional or rules.wild_top_card != "stop":
        return _POSITIONAL_STOP
    return _CLASSIC_STOP


def describe(action: int) -> str:
    """What the id means, in words (the cards themselves depend on the position).

    >>> describe(5), describe(4690)
    ('discard 4C', 'add to #2: the naturals from 8 to 9 it lacks')
    >>> describe(14790), describe(14793)
    ('add to #0: a two as the 4', 'add to #0: 4 to 5, a joker as the 4')
    """
    name, index = locate(_check_id(action, _ALL_STOP))
    return _BLOCKS[name].describe(index)


def _check_id(action: object, stop: int) -> int:
    numpy = sys.modules.get("numpy")  # an id made by NumPy exists only once NumPy is loaded
    if numpy is not None and isinstance(action, numpy.integer):
        action = int(action)
    if isinstance(action, bool) or not isinstance(action, int):
        raise ActionError(f"an action is an int, not {shown(action)} ({type(action).__name__})")
    if not 0 <= action < stop:
        raise ActionError(f"action {action} is out of range: the ids are 0 to {stop - 1}")
    return action


# --- encoding -----------------------------------------------------------------------------


_TWO_FACES = slice(4 * _POSITIONS, 4 * _POSITIONS + 4)


def _split(cards: Cards) -> tuple[list[Card], int, int]:
    """The natural cards (black threes among them), and the counts of twos and jokers."""
    counts = cards.counts
    naturals = [
        ALL_FACES[face]
        for face, count in enumerate(counts)
        if count and not ALL_FACES[face].is_wild
        for _ in range(count)
    ]
    return naturals, sum(counts[_TWO_FACES]), counts[-1]


def _no_id(move: Move, why: str) -> ActionError:
    return ActionError(f"{move} has no action id: {why}")


def _few_wilds(move: Move, twos: int, jokers: int) -> int:
    index = _FEW_WILD_INDEX.get((twos, jokers))
    if index is None:
        raise _no_id(move, "more than three wild cards")
    return index


def _one_rank(move: Move, naturals: list[Card]) -> Rank | None:
    ranks = {card.rank for card in naturals}
    if len(ranks) > 1:
        return None
    if len(naturals) > _NATURALS:
        raise _no_id(move, f"more than {_NATURALS} natural cards of one rank")
    return next(iter(ranks)) if ranks else None


def _rank_counts(move: Move, rank: Rank, naturals: int, twos: int, jokers: int) -> int:
    if rank not in _MELD_RANK_INDEX:
        raise _no_id(move, "a meld of red threes or wild ranks")
    per_rank = (_NATURALS + 1) * len(_FEW_WILDS)
    return (
        _MELD_RANK_INDEX[rank] * per_rank
        + naturals * len(_FEW_WILDS)
        + (_few_wilds(move, twos, jokers))
    )


def _run(move: Move, naturals: list[Card], wild_as: Rank | None) -> tuple[Suit | None, int, int]:
    """The suit and the span of naturals of one suit (the wild card's rank included)."""
    suits = {card.suit for card in naturals}
    positions = [_POSITION.get(card.rank) for card in naturals]
    if len(suits) > 1 or None in positions or len(set(positions)) != len(positions):
        raise _no_id(move, "its natural cards are neither of one rank nor a run of one suit")
    spread = [p for p in positions if p is not None]
    if wild_as is not None:
        if wild_as not in _POSITION:
            raise _no_id(move, f"a wild card cannot stand for {wild_as.text}")
        spread.append(_POSITION[wild_as])
    if not spread:
        raise _no_id(move, "no natural cards and no wild_as")
    return (suits.pop() if suits else None), min(spread), max(spread)


def _wild_kind(move: Move, twos: int, jokers: int) -> int:
    if twos + jokers != 1:
        raise _no_id(move, "a sequence holds one wild card at most")
    return 0 if twos else 1


def _encode_lay(move: LayMeld) -> int:
    naturals, twos, jokers = _split(move.cards)
    if not naturals:
        if move.wild_as is not None or twos > _TWOS or jokers > _JOKERS:
            raise _no_id(move, "not a meld of wild cards")
        return _BLOCKS["meld wild cards"].first + twos * (_JOKERS + 1) + jokers
    rank = _one_rank(move, naturals)
    if rank is not None and move.wild_as is None:
        if rank not in _MELD_RANK_INDEX:
            raise _no_id(move, "a meld of red threes")
        index = (_MELD_RANK_INDEX[rank] * _NATURALS + len(naturals) - 1) * len(_FEW_WILDS)
        return _BLOCKS["meld"].first + index + _few_wilds(move, twos, jokers)
    wild_as = move.wild_as
    if wild_as is not None and not twos + jokers:
        raise _no_id(move, "wild_as names the rank of a wild card, and there is none")
    if twos + jokers and wild_as is None:
        layout = meld_layout(move.cards)
        if isinstance(layout, Violation):
            raise _no_id(move, layout.message)
        wild_as = layout.wild_as
    suit, lo, hi = _run(move, naturals, wild_as)
    if suit is None or hi - lo < 2 or hi - lo + 1 != len(move.cards):
        raise _no_id(move, "not a sequence of three cards or more without gaps")
    if not twos + jokers:
        index = _SUIT_INDEX[suit] * len(_SPANS) + _SPAN_INDEX[lo, hi]
        return _BLOCKS["meld sequence"].first + index
    assert wild_as is not None
    key = (lo, hi, _POSITION[wild_as], _wild_kind(move, twos, jokers))
    index = _SUIT_INDEX[suit] * len(_WILD_SPANS) + _WILD_SPAN_INDEX[key]
    return _BLOCKS["meld sequence with wild"].first + index


def _slot(move: Move, meld: int) -> int:
    if meld >= MELD_SLOTS:
        raise _no_id(move, f"meld numbers in action ids stop at #{MELD_SLOTS - 1}")
    return meld


def _encode_addition(move: AddToMeld) -> int:
    naturals, twos, jokers = _split(move.cards)
    if move.rank is not None:
        if move.wild_as is not None or not move.cards:
            raise _no_id(move, "an addition by rank has natural cards of the rank and wilds")
        rank = _one_rank(move, naturals)
        if rank not in (None, move.rank):
            raise _no_id(move, f"cards of another rank than {move.rank.text}")
        index = _rank_counts(move, move.rank, len(naturals), twos, jokers)
        return _BLOCKS["add"].first + index
    assert move.meld is not None
    slot = _slot(move, move.meld)
    if move.wild_as is not None:
        _, lo, hi = _run(move, naturals, move.wild_as)
        key = (lo, hi, _POSITION[move.wild_as], _wild_kind(move, twos, jokers))
        return place("add to sequence with wild", slot * len(_WILD_RUNS) + _WILD_RUN_INDEX[key])
    first = place("add to meld", slot * _SLOT_SHAPES)  # the meld's shapes are consecutive
    if not naturals:
        if not move.cards or twos > _TWOS or jokers > _JOKERS:
            raise _no_id(move, "too many wild cards")
        return first + _SAME_RANK + twos * (_JOKERS + 1) + jokers
    rank = _one_rank(move, naturals)
    if rank is not None and (len(naturals) > 1 or twos + jokers or rank not in _POSITION):
        shape = (len(naturals) - 1) * len(_FEW_WILDS) + _few_wilds(move, twos, jokers)
        return first + shape
    if twos + jokers:
        raise _no_id(move, "a wild card added to a sequence needs wild_as")
    _, lo, hi = _run(move, naturals, None)
    return first + _SAME_RANK + _WILDS_ONLY + _RUN_INDEX[lo, hi]


def _encode_take(move: TakePile) -> int:
    if move.meld is not None:
        if move.cards:
            raise _no_id(move, "a take onto a meld names no cards")
        return place("take onto meld", _slot(move, move.meld))
    if not move.cards:
        return _BLOCKS["take"].first
    naturals, twos, jokers = _split(move.cards)
    if len(move.cards) != 2:
        raise _no_id(move, "the pile is taken with two cards")
    if not naturals:
        return _BLOCKS["take wild pair"].first + _WILD_PAIR_TAKES.index((twos, jokers))
    if len(naturals) == 1:
        return _BLOCKS["take"].first + (2 if twos else 3)
    first, second = naturals
    if first.rank is second.rank:
        return _BLOCKS["take"].first + 1
    low, high = sorted((_POSITION.get(first.rank, -9), _POSITION.get(second.rank, -9)))
    if first.suit is not second.suit or low < 0 or not 1 <= high - low <= 2:
        raise _no_id(move, "the two cards are neither a pair nor two of a suit within a gap")
    return _BLOCKS["take suited pair"].first + 2 * low + (high - low - 1)


def encode(move: Move) -> int:
    """The id of a move, from the move alone.

    Moves that differ only in the suits of cards of one rank share an id (the generator
    offers one of them). A move with no id (say, ten cards at once in one meld of wild
    cards of two decks) raises :class:`ActionError`.

    >>> import canasta
    >>> encode(canasta.Discard("JK")), encode(canasta.parse_move("add #2 8D 9D"))
    (57, 4690)
    """
    if isinstance(move, (Draw, Ask, Answer, Pass)):
        return _SIMPLE_INDEX[move]
    if isinstance(move, NextDeal):
        return _SIMPLE_INDEX[_DRAW]  # never legal where a draw is: they share the id
    if isinstance(move, Discard):
        return _BLOCKS["discard"].first + move.card.index
    if isinstance(move, TakePile):
        return _encode_take(move)
    if isinstance(move, LayMeld):
        return _encode_lay(move)
    if isinstance(move, AddToMeld):
        return _encode_addition(move)
    if isinstance(move, MergeMelds):
        first, second = _slot(move, move.first), _slot(move, move.second)
        if first >= second:
            raise _no_id(move, "a merge is coded with the lower meld number first")
        return place("merge", _PAIR_INDEX[first, second])
    raise ActionError(f"{shown(move)} is not a move")


# --- decoding -----------------------------------------------------------------------------


class _Position(Protocol):
    """A game or a player's view: what the functions here read."""

    @property
    def rules(self) -> RuleSet: ...

    def legal_moves(self) -> Iterator[Move]: ...

    def explain(self, move: Move) -> Violation | None: ...


def legal_action_map(position: _Position) -> dict[int, Move]:
    """The legal moves of the player to act (for a view, of its player), by id.

    >>> import canasta
    >>> legal_action_map(canasta.Game.new("classic", seed=10))
    {0: Draw(), 59: TakePile(cards=Cards.parse('5C 5S'))}
    """
    stop = num_actions(position.rules)
    by_id: dict[int, Move] = {}
    for move in position.legal_moves():
        action = encode(move)
        if action >= stop or action in by_id:
            raise ActionError(  # a defect of the generator or of the table, never of the caller
                f"{move} codes as {action}, which "
                + (f"is past the {stop} ids" if action >= stop else f"{by_id[action]} has too")
            )
        by_id[action] = move
    return by_id


def legal_actions(position: _Position) -> list[int]:
    """The ids of the legal moves, in increasing order."""
    return sorted(legal_action_map(position))


def action_mask(position: _Position) -> NDArray[np.int8]:
    """A NumPy array of :func:`num_actions` entries: 1 where the id is legal, else 0
    (``pip install 'canasta[ai]'``; without NumPy, an :class:`ImportError` says so)."""
    try:
        import numpy as np
    except ImportError as error:
        raise numpy_missing("the action mask (canasta.actions.action_mask)") from error

    mask = np.zeros(num_actions(position.rules), dtype=np.int8)
    mask[list(legal_action_map(position))] = 1
    return mask


def decode(position: _Position, action: int) -> Move:
    """The legal move with id ``action``.

    An id that is not legal here raises :class:`IllegalActionError` with the reason (and the
    rule, where the id names a move the validator can judge: a draw, a discard ...); an id
    out of range, :class:`ActionError`.

    >>> import canasta
    >>> decode(canasta.Game.new("classic", seed=7), 5)
    Traceback (most recent call last):
    ...
    canasta.errors.IllegalActionError: action 5: CL-TURN-1: draw from the stock or take ...
    """
    action = _check_id(action, num_actions(position.rules))
    by_id = legal_action_map(position)
    move = by_id.get(action)
    if move is not None:
        return move
    raise _illegal(position, action)


def _illegal(position: _Position, action: int) -> ActionError:
    """Why ``action`` is not legal: the rule its move breaks (for an id that codes a move up
    to suits, the rule that a move of its kind made from the player's cards breaks)."""
    text = describe(action)
    move = _plain_move(action)
    if move is not None:
        violation = position.explain(move)
        if violation is not None:
            return IllegalActionError(action, violation.rule, violation.message, move)
    else:
        from canasta._action_probe import probe_move

        move = probe_move(position, action)
        if move is None:
            return ActionError(f"action {action} ({text}) names no move: it holds no cards")
        violation = position.explain(move)
        if violation is not None:
            return IllegalActionError(
                action,
                violation.rule,
                f"no legal move of this kind here ({text}): {violation.message}",
                move,
            )
    # The move the id reads as is legal, but legal_actions() gives it another id (in a game
    # of numbered melds, an addition by rank is made by the meld's number).
    return ActionError(
        f"action {action} ({text}) names no legal move here: its move, {move}, is legal "
        "under another action id (see legal_actions())"
    )


def _plain_move(action: int) -> Move | None:
    """The move of an id that names one whatever the position (draws, discards, merges)."""
    if action < _BLOCKS["simple"].stop:
        return _SIMPLE[action]
    block = _BLOCKS["discard"]
    if block.first <= action < block.stop:
        return Discard(ALL_FACES[action - block.first])
    name, index = locate(action)
    if name == "merge":
        return MergeMelds(*_PAIRS[index])
    if name == "take onto meld":
        return TakePile(meld=index)
    if action == _BLOCKS["take"].first:
        return TakePile()
    return None
