"""Can this turn still be finished? The one question the rules of a move ask of the future.

A step in the meld phase is legal only if the player can still end the turn afterwards
(CL-TURN-8, CL-INIT-1, CL-B3-3, CL-ASK-3): by a discard that keeps a card, with the opening
minimum reached if it is owed, or by going out. The validator
(:mod:`canasta._engine.transitions`) and the move generator (:mod:`canasta._engine.movegen`)
both ask it here, and here one of two solvers answers:

* the planner (:mod:`canasta._engine.search.planner`), which counts: the default;
* the reference solver (:mod:`canasta._engine.search.reference`), which plays every step
  out: plain and slow, the standard the planner is tested against. With the environment
  variable ``CANASTA_REFERENCE=1`` set when the package is imported, it answers instead, so
  that the whole test suite can run on it.

The questions answered without either, because the answer is plain, are stated here too, as
is the planner's answer for a meld of black threes from its quick tests alone, given without
the deal after it (:func:`black_threes_plain`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from canasta._engine.naming import naming
from canasta._engine.obligations import may_go_out, must_go_out
from canasta._engine.search import going_out, planner, reference
from canasta._engine.state import EMPTY, Deal
from canasta._model.deck import Cards
from canasta._model.melds import Meld, MeldKind
from canasta._model.moves import TakePile

__all__ = [
    "PlainFinish",
    "black_threes_plain",
    "can_finish",
    "can_go_out",
    "can_stay",
    "finishable_at_once",
    "plain_finish",
    "solver_name",
    "take_finishable_at_once",
    "using",
]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_BLACK, _RANK = MeldKind.BLACK_THREES, MeldKind.RANK


class Solver(NamedTuple):
    """The three questions a solver answers, for a deal in the meld phase."""

    name: str
    can_finish: Callable[[Deal], bool]
    can_stay: Callable[[Deal], bool]
    can_go_out: Callable[..., bool]


_SOLVERS = {
    "planner": Solver("planner", planner.can_finish, planner.can_stay, planner.can_go_out),
    "reference": Solver(
        "reference", reference.can_finish, reference.can_stay, reference.can_go_out
    ),
}
_solver = _SOLVERS["reference" if os.environ.get("CANASTA_REFERENCE") == "1" else "planner"]


def solver_name() -> str:
    """Which solver answers: ``"planner"`` or ``"reference"``."""
    return _solver.name


@contextmanager
def using(name: str) -> Iterator[None]:
    """Let the solver called ``name`` answer within a ``with`` block (for tests)."""
    global _solver
    before, _solver = _solver, _SOLVERS[name]
    try:
        yield
    finally:
        _solver = before


def can_finish(deal: Deal) -> bool:
    """Whether the player in the meld phase can still end the turn legally."""
    return _solver.can_finish(deal)


def can_stay(deal: Deal) -> bool:
    """Whether the turn can end without going out (CL-TURN-8, CL-INIT-1, CL-INIT-4)."""
    return _solver.can_stay(deal)


def can_go_out(deal: Deal, *, permitted: bool = False) -> bool:
    """Whether the player can go out this turn; with ``permitted``, as if the partner had
    said yes (CL-ASK-3)."""
    return bool(_solver.can_go_out(deal, permitted=permitted))


class PlainFinish(NamedTuple):
    """Which meld steps surely leave a turn that a plain discard can end (see
    :func:`plain_finish`)."""

    #: The most cards such a step melds (two stay in hand).
    most_cards: int
    #: The fewest points it is worth (what the opening still owes).
    fewest_points: int
    #: The cards it may use, where pile cards taken stay locked in hand (CL-INIT-4); ``None``
    #: where every card in hand may be used.
    usable: Cards | None

    def allows(self, cards: Cards, size: int, points: int, kind: MeldKind) -> bool:
        """Whether melding ``cards`` (``size`` of them, worth ``points``) as a meld of
        ``kind`` is surely followed by a plain discard; black threes never are (they oblige
        the player to go out, CL-B3-3)."""
        return (
            size <= self.most_cards
            and points >= self.fewest_points
            and kind is not _BLACK
            and (self.usable is None or self.usable.issuperset(cards))
        )

    def allows_merge(self) -> bool:
        """Whether a merge of two of the side's melds is surely followed by a plain discard:
        a merge melds no card from the hand, so where a discard could end the turn before
        it, one can after it."""
        return self.allows(EMPTY, 0, 0, _RANK)


def plain_finish(deal: Deal) -> PlainFinish | None:
    """What a meld step needs so that a plain discard can surely end the turn after it:
    nothing obliges the player to go out or forbids the discard, two cards stay in hand,
    the step reaches any opening minimum owed, and it uses no pile card still locked.
    ``None`` where no step is surely so. Asked once for all the steps of a position: after
    such a step no search is needed."""
    draft = deal.draft
    if must_go_out(deal.draft) or draft.no_discard:
        return None
    owed = 0
    if draft.opening and not deal.minimum_reached():
        owed = deal.minimums[deal.side] - draft.points
    return PlainFinish(len(deal.hand) - 2, owed, deal.usable if draft.locked else None)


def finishable_at_once(deal: Deal, cards: Cards, meld: Meld) -> bool:
    """Whether melding ``cards`` (from the hand) into ``meld`` surely leaves a turn that a
    plain discard can end (:func:`plain_finish`)."""
    limits = plain_finish(deal)
    return limits is not None and limits.allows(cards, len(cards), cards.points, meld.kind)


def black_threes_plain(deal: Deal, cards: Cards, meld: Meld) -> bool | None:
    """Whether melding ``cards`` from the hand as the meld of black threes ``meld`` is legal,
    where the planner answers without the deal after it (``None`` elsewhere; and where the
    step leaves no card, where the reference solver answers, or where pile cards are locked,
    CL-INIT-4, when going out may meld usable cards first and ask of other hands).

    After black threes the player must go out (CL-B3-3): the step is legal exactly when
    the planner's :func:`~canasta._engine.search.planner.can_go_out` says yes of the hand
    and the side's melds after it (:meth:`~canasta._engine.naming.Naming.with_new`). Every
    way it asks begins with the going-out search's quick tests of them, so where those
    refuse (:func:`~canasta._engine.search.going_out.plainly_stuck`) the step is refused;
    where nothing is owed (the minimum reached, no concealed going out obliged, CL-INIT-1,
    CL-CONC-4) and going out is permitted, it asks the quick "no" and the quick "yes",
    :func:`~canasta._engine.search.planner.naturals_stuck` and
    :func:`~canasta._engine.search.planner.out_at_once`, first: where they say yes, so
    does it. Most melds of black threes in random play are settled so."""
    draft, rules = deal.draft, deal.rules
    if _solver.name != "planner" or draft.locked or len(cards) >= len(deal.hand):
        return None
    hand = deal.hand - cards
    melds = naming(rules).with_new(deal.melds[deal.side], meld)
    if going_out.plainly_stuck(hand, melds, rules):
        return False
    if (
        deal.minimum_reached()
        and not draft.concealed_only
        and may_go_out(draft, rules)
        and not planner.naturals_stuck(hand, melds, rules)
        and planner.out_at_once(hand, melds, rules)
    ):
        return True
    return None


def take_finishable_at_once(deal: Deal, move: TakePile) -> bool:
    """Whether a take by a side that has opened surely leaves a turn that a plain discard
    can end: two cards in hand after it."""
    if not deal.has_opened(deal.side):
        return False
    left = len(deal.hand) - len(move.cards)
    if left >= 2:
        return True
    rest = deal.pile[:-1]
    if deal.stock_exhausted and deal.rules.exhausted_take == "top_card_only":
        rest = ()
    return left + sum(1 for card in rest if not card.is_red_three) >= 2
