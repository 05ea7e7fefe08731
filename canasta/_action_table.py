"""The table of action ids: the blocks of :mod:`canasta.actions`, their sizes, and how an
id within a block is made and described. Shared by the encoder, the decoder and the
refusals of illegal ids (:mod:`canasta._action_probe`)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import attrs

from canasta._model.cards import ALL_FACES, NATURAL_RANKS, Rank, Suit
from canasta._model.moves import Answer, Ask, Draw, Move, Pass

_MAX_DECKS = 3  # the most decks the ids cover (num_actions refuses more)
_NATURALS = 4 * _MAX_DECKS  # naturals of one rank in three decks
#: Melds a side may number (``#0`` to ``#77``) in the ids of additions, takes and merges: as
#: many as one side can hold in any game the ids cover, so that every legal move has an id.
#: A meld has two cards or more (``min_meld_size`` is at least 2) and red threes are never
#: melded: the 54 cards of each of three decks but their six red threes, two a meld.
MELD_SLOTS = (54 * _MAX_DECKS - 2 * _MAX_DECKS) // 2
#: The meld numbers the first table covered (``#0`` to ``#31``). Ids never change, so the
#: moves naming meld #32 or later have blocks of their own at the end of the table (their
#: names end in :data:`MORE`).
_FIRST_SLOTS = 32
MORE = " from #32"
_TWOS = 12
_JOKERS = 6
#: (twos, jokers) with at most three wild cards, in this order.
_FEW_WILDS = tuple((total - j, j) for total in range(4) for j in range(total + 1))
_FEW_WILD_INDEX = {pair: index for index, pair in enumerate(_FEW_WILDS)}
_MELD_RANKS = (*NATURAL_RANKS, Rank.THREE)
_MELD_RANK_INDEX = {rank: index for index, rank in enumerate(_MELD_RANKS)}
_POSITIONS = len(NATURAL_RANKS)
_POSITION = {rank: index for index, rank in enumerate(NATURAL_RANKS)}
_SUITS = tuple(Suit)
_SUIT_INDEX = {suit: index for index, suit in enumerate(_SUITS)}
#: (low, high) positions of a run of naturals, low <= high.
_RUNS = tuple((lo, hi) for lo in range(_POSITIONS) for hi in range(lo, _POSITIONS))
_RUN_INDEX = {run: index for index, run in enumerate(_RUNS)}
#: Spans of a sequence (three cards or more).
_SPANS = tuple(run for run in _RUNS if run[1] - run[0] >= 2)
_SPAN_INDEX = {span: index for index, span in enumerate(_SPANS)}
_WILD_KINDS = (Rank.TWO, Rank.JOKER)
#: (low, high, wild position, wild kind) of a run with one wild card.
_WILD_RUNS = tuple(
    (lo, hi, at, kind) for lo, hi in _RUNS for at in range(lo, hi + 1) for kind in (0, 1)
)
_WILD_RUN_INDEX = {run: index for index, run in enumerate(_WILD_RUNS)}
_WILD_SPANS = tuple(run for run in _WILD_RUNS if run[1] - run[0] >= 2)
_WILD_SPAN_INDEX = {span: index for index, span in enumerate(_WILD_SPANS)}
#: Pairs of meld numbers, lower first: those of the first table, then those naming #32 on.
_PAIRS = (
    *combinations(range(_FIRST_SLOTS), 2),
    *((low, high) for high in range(_FIRST_SLOTS, MELD_SLOTS) for low in range(high)),
)
_PAIR_INDEX = {pair: index for index, pair in enumerate(_PAIRS)}
_DRAW = Draw()
_SIMPLE: tuple[Move, ...] = (_DRAW, Ask(), Answer(True), Answer(False), Pass())
_SIMPLE_INDEX = {move: index for index, move in enumerate(_SIMPLE)}
_TAKES = ("onto", "natural pair", "natural and a two", "natural and a joker")
_WILD_PAIR_TAKES = ((2, 0), (1, 1), (0, 2))
# An addition to a numbered meld: naturals of one rank (by count) with up to three wild
# cards, wild cards alone, or a run of naturals of one suit.
_SAME_RANK = _NATURALS * len(_FEW_WILDS)
_WILDS_ONLY = (_TWOS + 1) * (_JOKERS + 1)
_SLOT_SHAPES = _SAME_RANK + _WILDS_ONLY + len(_RUNS)


@attrs.frozen
class ActionBlock:
    """A run of ids coding one kind of move: ``first`` to ``first + size - 1``."""

    name: str
    first: int
    size: int
    coding: str
    describe: Callable[[int], str] = attrs.field(repr=False, eq=False)

    @property
    def stop(self) -> int:
        """The first id after the block."""
        return self.first + self.size


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def _wilds_text(twos: int, jokers: int) -> str:
    return f"{_plural(twos, 'two')}, {_plural(jokers, 'joker')}"


def _rank_name(rank: Rank) -> str:
    return f"{rank.text}s"


def _span_text(lo: int, hi: int) -> str:
    return f"{NATURAL_RANKS[lo].text} to {NATURAL_RANKS[hi].text}"


def _describe_simple(index: int) -> str:
    return ("draw", "ask to go out", "answer yes", "answer no", "pass")[index]


def _describe_discard(index: int) -> str:
    return f"discard {ALL_FACES[index]}"


def _describe_take(index: int) -> str:
    if index == 0:
        return "take the pile onto your meld of its rank"
    return f"take the pile with a {_TAKES[index]}"


def _counts(index: int) -> tuple[Rank, int, int, int]:
    rank_index, rest = divmod(index, _NATURALS * len(_FEW_WILDS))
    naturals, wild_index = divmod(rest, len(_FEW_WILDS))
    twos, jokers = _FEW_WILDS[wild_index]
    return _MELD_RANKS[rank_index], naturals, twos, jokers


def _describe_meld(index: int) -> str:
    rank, naturals, twos, jokers = _counts(index)
    return (
        f"meld {_rank_name(rank)}: {_plural(naturals + 1, 'natural')}, {_wilds_text(twos, jokers)}"
    )


def _describe_add(index: int) -> str:
    rank_index, rest = divmod(index, (_NATURALS + 1) * len(_FEW_WILDS))
    naturals, wild_index = divmod(rest, len(_FEW_WILDS))
    twos, jokers = _FEW_WILDS[wild_index]
    rank = _MELD_RANKS[rank_index]
    text = f"{_plural(naturals, 'natural')}, {_wilds_text(twos, jokers)}"
    return f"add to the {_rank_name(rank)}: {text}"


def _describe_wild_pair(index: int) -> str:
    return f"take the pile with {_wilds_text(*_WILD_PAIR_TAKES[index])}"


def _describe_suited(index: int) -> str:
    lo, gap = divmod(index, 2)
    hi = lo + gap + 1
    if hi >= _POSITIONS:
        return "(unused)"
    return (
        f"take the pile with the {NATURAL_RANKS[lo].text} and {NATURAL_RANKS[hi].text} of its suit"
    )


def _describe_onto(index: int) -> str:
    return f"take the pile onto meld #{index}"


def _describe_sequence(index: int) -> str:
    suit, span = divmod(index, len(_SPANS))
    return f"meld a sequence of {_SUITS[suit].name.lower()}, {_span_text(*_SPANS[span])}"


def _describe_wild_meld(index: int) -> str:
    twos, jokers = divmod(index, _JOKERS + 1)
    return f"meld wild cards: {_wilds_text(twos, jokers)}"


def _describe_merge(index: int) -> str:
    first, second = _PAIRS[index]
    return f"merge #{first} #{second}"


def _describe_slot_shape(shape: int) -> str:
    if shape < _SAME_RANK:
        naturals, wild_index = divmod(shape, len(_FEW_WILDS))
        wilds = _wilds_text(*_FEW_WILDS[wild_index])
        return f"{_plural(naturals + 1, 'natural')} of its rank, {wilds}"
    shape -= _SAME_RANK
    if shape < _WILDS_ONLY:
        return f"wild cards: {_wilds_text(*divmod(shape, _JOKERS + 1))}"
    lo, hi = _RUNS[shape - _WILDS_ONLY]
    return f"the naturals from {_span_text(lo, hi)} it lacks"


def _describe_addition(index: int) -> str:
    slot, shape = divmod(index, _SLOT_SHAPES)
    return f"add to #{slot}: {_describe_slot_shape(shape)}"


def _wild_run_text(lo: int, hi: int, at: int, kind: int) -> str:
    wild = f"{'a two' if kind == 0 else 'a joker'} as the {NATURAL_RANKS[at].text}"
    return wild if lo == hi else f"{_span_text(lo, hi)}, {wild}"


def _describe_wild_sequence(index: int) -> str:
    suit, span = divmod(index, len(_WILD_SPANS))
    return f"meld a sequence of {_SUITS[suit].name.lower()}, {_wild_run_text(*_WILD_SPANS[span])}"


def _describe_wild_addition(index: int) -> str:
    slot, run = divmod(index, len(_WILD_RUNS))
    return f"add to #{slot}: {_wild_run_text(*_WILD_RUNS[run])}"


_LAYOUT = (
    ("simple", len(_SIMPLE), "draw, ask, yes, no, pass", _describe_simple),
    ("discard", len(ALL_FACES), "the card's face (4C, 4D, ... AS, 2C ... 2S, 3C ... 3S, JK)",
     _describe_discard),
    ("take", len(_TAKES), "onto the meld of its rank; with a natural pair, a natural and a "
     "two, a natural and a joker", _describe_take),
    ("meld", len(_MELD_RANKS) * _NATURALS * len(_FEW_WILDS),
     "rank (4 ... A, then black 3) x naturals (1-12) x (twos, jokers) with at most 3 wild",
     _describe_meld),
    ("add", len(_MELD_RANKS) * (_NATURALS + 1) * len(_FEW_WILDS),
     "rank (4 ... A, 3) x naturals (0-12) x (twos, jokers) with at most 3 wild",
     _describe_add),
    ("take wild pair", len(_WILD_PAIR_TAKES), "two twos, a two and a joker, two jokers",
     _describe_wild_pair),
    ("take suited pair", 2 * _POSITIONS,
     "lower card's rank x gap (next rank, or one between)", _describe_suited),
    ("take onto meld", _FIRST_SLOTS, "the meld's number", _describe_onto),
    ("meld sequence", len(_SUITS) * len(_SPANS), "suit x span (low, high)",
     _describe_sequence),
    ("meld wild cards", _WILDS_ONLY, "twos (0-12) x jokers (0-6)", _describe_wild_meld),
    ("merge", _FIRST_SLOTS * (_FIRST_SLOTS - 1) // 2, "pairs of meld numbers, lower first",
     _describe_merge),
    ("add to meld", _FIRST_SLOTS * _SLOT_SHAPES,
     "meld number x (naturals of one rank (1-12) x (twos, jokers) with at most 3 wild | "
     "twos (0-12) x jokers (0-6) | a run of naturals of its suit, low x high)",
     _describe_addition),
    ("meld sequence with wild", len(_SUITS) * len(_WILD_SPANS),
     "suit x span (low, high) x the wild card's rank x its kind (two, joker)",
     _describe_wild_sequence),
    ("add to sequence with wild", _FIRST_SLOTS * len(_WILD_RUNS),
     "meld number x run (low, high) x the wild card's rank x its kind (two, joker)",
     _describe_wild_addition),
)  # fmt: skip
#: The blocks of moves naming a meld by number, continued at the end for #32 to #77: the
#: size of each whole block, and its meaning, are those of the first part.
_NUMBERED = {
    "take onto meld": MELD_SLOTS,
    "merge": len(_PAIRS),
    "add to meld": MELD_SLOTS * _SLOT_SHAPES,
    "add to sequence with wild": MELD_SLOTS * len(_WILD_RUNS),
}


def _blocks() -> dict[str, ActionBlock]:
    blocks, first = {}, 0
    for name, size, coding, describer in _LAYOUT:
        blocks[name] = ActionBlock(name, first, size, coding, describer)
        first += size
    for name, whole in _NUMBERED.items():
        part = blocks[name]

        def describe(index: int, part: ActionBlock = part) -> str:
            return part.describe(part.size + index)

        coding = f"as {name}, for the meld numbers from #{_FIRST_SLOTS} to #{MELD_SLOTS - 1}"
        blocks[name + MORE] = ActionBlock(name + MORE, first, whole - part.size, coding, describe)
        first += whole - part.size
    return blocks


_BLOCKS = _blocks()
_CLASSIC_STOP = _BLOCKS["add"].stop
_POSITIONAL_STOP = _BLOCKS["add to meld" + MORE].stop
_ALL_STOP = _BLOCKS["add to sequence with wild" + MORE].stop


def place(name: str, index: int) -> int:
    """The id of the move ``index`` of block ``name``; in a block of moves naming a meld by
    number, ``index`` counts on into the block's continuation (:data:`MORE`)."""
    block = _BLOCKS[name]
    if index < block.size:
        return block.first + index
    return _BLOCKS[name + MORE].first + index - block.size


def locate(action: int) -> tuple[str, int]:
    """The block of an id in range, and the id's index in it, as :func:`place` counts."""
    for name, block in _BLOCKS.items():
        if action < block.stop:
            index = action - block.first
            if name.endswith(MORE):
                name = name.removesuffix(MORE)
                index += _BLOCKS[name].size
            return name, index
    raise ValueError(f"action {action} is past the table")
