"""The rules of a turn: checking a move and making the deal that follows it.

:func:`play` returns the next :class:`~canasta._engine.state.Deal`, or the
:class:`~canasta.errors.Violation` that makes the move illegal; ``apply`` uses it. :func:`check`
gives the same verdict for ``is_legal``, ``explain`` and the move generator: it runs the same
rule checks (``_*_violation``) but skips building the next deal where the turn can surely be
finished. Nothing is changed in either case; deals are values.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat
from operator import le, sub
from typing import Any, TypeVar

from canasta._engine.feasibility import (
    can_finish,
    can_go_out,
    can_stay,
    going_out_ruled_out,
    may_go_out,
    turn_side,
)
from canasta._engine.meld_rules import (
    CanastaKind,
    Meld,
    MeldKind,
    added,
    check_addition,
    check_new_meld,
    meld_layout,
    meld_rank,
    merged,
    new_meld,
    representative,
)
from canasta._engine.plan import naturals_key, sequence_cost
from canasta._engine.state import (
    EMPTY,
    Deal,
    DealEnd,
    Phase,
    TurnDraft,
    deal_copier,
    lay_out_red_threes,
    new_event,
    stock_exhausted,
)
from canasta._model.cards import ALL_FACES, NATURAL_RANKS, Card, Rank
from canasta._model.deck import Cards, counts_minimum, trusted_cards
from canasta._model.melds import trusted_meld
from canasta._model.moves import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    LayMeld,
    MergeMelds,
    Move,
    Pass,
    TakePile,
)
from canasta._rules.ruleset import RuleSet
from canasta.errors import Violation

T = TypeVar("T")

#: The counts of no cards: a hand or set of cards is empty when its counts are these.
NO_COUNTS = EMPTY.counts

__all__ = ["check", "check_built", "missing_cards", "pile_takes", "play"]


#: Where melds are named by position, a meld of black threes, which obliges the player to go
#: out (HW-B3-3), is laid when at most this many other cards stay in hand. The order of a
#: going-out turn is free, so no way of going out is lost, and the search for the rest of
#: the turn stays small; with thirty cards and more it could take seconds.
BLACK_THREES_LAST = 10


def check(deal: Deal, move: Move) -> Violation | None:
    """Why ``move`` is illegal, or ``None``; the same verdict as :func:`play`, sometimes faster.

    The rule cited is the one of the rule set being played (:meth:`RuleSet.rule_id`).
    """
    problem = _check(deal, move)
    if problem is None or (not deal.rules.rule_ids and "/" not in problem.rule):
        return problem
    return _cited(deal.rules, problem)


def _cited(rules: RuleSet, problem: Violation) -> Violation:
    rule = rules.rule_id(problem.rule)
    return problem if rule == problem.rule else Violation(rule, problem.message)


def _check(deal: Deal, move: Move) -> Violation | None:
    if isinstance(move, Discard) and deal.phase is not Phase.OVER:
        return _discard_violation(deal, move)
    if isinstance(move, TakePile) and deal.phase is Phase.DRAW:
        taking: tuple[int | None, Meld] | None = None
        if deal.rules.melds_by_position:
            made = _positional_take(deal, move)
            if isinstance(made, Violation):
                return made
            taking = made
        else:
            problem = _take_pile_violation(deal, move)
            if problem is not None:
                return problem
        if _take_keeps_two_cards(deal, move):
            return None
        outcome = _after_taking(deal, move, taking, trusted=False)
        return outcome if isinstance(outcome, Violation) else None
    if isinstance(move, LayMeld) and deal.phase is Phase.MELD:
        laid = _laid_meld(deal, move)
        if isinstance(laid, Violation):
            return laid
        if laid.rank is not Rank.THREE and _finishable_at_once(deal, move.cards):
            return None
        outcome = _with_laid_meld(deal, move, laid, trusted=False)
        return outcome if isinstance(outcome, Violation) else None
    if isinstance(move, AddToMeld) and deal.phase is Phase.MELD:
        target = _addition_target(deal, move)
        if isinstance(target, Violation):
            return target
        if _finishable_at_once(deal, move.cards):
            return None
        outcome = _with_addition(deal, move, target, trusted=False)
        return outcome if isinstance(outcome, Violation) else None
    outcome = _outcome(deal, move)
    return outcome if isinstance(outcome, Violation) else None


def check_built(
    deal: Deal, move: LayMeld | AddToMeld, meld: Meld | None = None, target: int | None = None
) -> Violation | None:
    """:func:`check` for a meld or addition (not black threes) that the move generator built
    from the usable cards, valid by construction, so only whether the turn can still be
    finished after it is asked. ``meld`` is the meld laid or grown (with ``target``, the
    position of the meld grown), made from the move if not given (:func:`_built_meld`)."""
    if meld is None:
        target, meld = _built_meld(deal, move)
    if isinstance(move, LayMeld):
        outcome = _with_laid_meld(deal, move, meld, trusted=False)
    else:
        assert target is not None
        outcome = _with_addition(deal, move, (target, meld), trusted=False)
    return outcome if isinstance(outcome, Violation) else None


def _built_meld(deal: Deal, move: LayMeld | AddToMeld) -> tuple[int | None, Meld]:
    """The meld a valid move lays (position ``None``), or the position of the meld a valid
    addition grows and the grown meld: only their layout is made, nothing is checked."""
    rules, melds = deal.rules, deal.melds[turn_side(deal)]
    if isinstance(move, LayMeld):
        if rules.melds_by_position:
            laid = meld_layout(move.cards, move.wild_as)
            assert isinstance(laid, Meld)
            return None, laid
        rank = meld_rank(move.cards)
        assert rank is not None
        return None, trusted_meld(rank, move.cards)
    if move.meld is not None:
        index = move.meld
    else:
        assert move.rank is not None
        found = _only_rank_meld(melds, move.rank)
        assert found is not None
        index = found
    meld = melds[index]
    if meld.kind is MeldKind.SEQUENCE:  # its wild card may now stand for a rank
        grown = meld_layout(meld.cards + move.cards, meld.wild_as or move.wild_as)
        assert isinstance(grown, Meld)
        return index, grown
    return index, meld.add(move.cards)


def play(deal: Deal, move: Move, *, trusted: bool = False) -> Deal | Violation:
    """The deal after ``move``, with the move in its history, or why ``move`` is illegal.

    ``trusted`` skips the searches that decide whether the turn can still be finished:
    only for a move known to be legal (one :func:`canasta._engine.movegen.legal_moves` gave).
    """
    outcome = _outcome(deal, move, trusted)
    if isinstance(outcome, Violation):
        return _cited(deal.rules, outcome)
    return _recorded(deal, move, outcome)


def _outcome(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    if deal.phase is Phase.OVER:
        return Violation("CL-OUT-3", "the deal is over; no more moves can be made in it")
    handler = _HANDLERS.get(type(move))
    if handler is None:
        return Violation("CL-TURN-1", f"{move!r} is not a move")
    return handler(deal, move, trusted)


def _recorded(before: Deal, move: Move, after: Deal) -> Deal:
    """``after`` with the public record of ``move`` added to its history."""
    seat = before.seat if before.phase is not Phase.ANSWER else before.to_act
    assert seat is not None
    shown, drawn = EMPTY, 0
    if isinstance(move, Draw):
        drawn = len(before.stock) - len(after.stock)
        if after.red_threes is not before.red_threes:
            side = before.side
            shown = missing_cards(after.red_threes[side], before.red_threes[side])
    elif isinstance(move, TakePile):
        known = before.known[seat]
        shown = missing_cards(after.known[seat], known) if known else after.known[seat]
    history = after.history.append(new_event(seat, move, shown, drawn))
    if after is before:
        return after.replace(history=history)
    # ``after`` was built by this move's handler and nobody else holds it yet: completing
    # it in place saves copying the whole deal a second time on every move.
    _SET_HISTORY(after, history)
    return after


_SET_HISTORY = Deal.__dict__["history"].__set__


# --- acquisition ---------------------------------------------------------------------------


def _draw(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    if deal.phase is not Phase.DRAW:
        return _wrong_phase(deal, "draw")
    rules, stock, seat = deal.rules, deal.stock, deal.seat
    if stock_exhausted(rules, len(stock)):
        if stock:
            return Violation(
                "HW-STOCK-1",
                "the last card of the stock is never drawn: take the pile if you can, or pass "
                "to end the deal",
            )
        return Violation(
            "CL-EXH-3", "the stock is empty: take the pile if you can, or pass to end the deal"
        )
    side = turn_side(deal)
    reserve = rules.stock_reserve
    # CL-EXH-7, HW-STOCK-2: draw what is left, never the reserved last card; the stock is
    # not exhausted, so at least one card is drawn.
    left = len(stock) - min(rules.draw_count, len(stock) - reserve)
    stock, drawn = stock[:left], stock[left:]
    hand = deal.hands[seat]
    if len(drawn) == 1:
        card = drawn[0]
        hand = hand.add(card)
        red_drawn = card.is_red_three
    else:
        hand = hand + drawn
        red_drawn = any(card.is_red_three for card in drawn)
    if red_drawn:
        rest = list(stock)
        hand, red_threes, ran_out = lay_out_red_threes(hand, rest, reserve)
        stock = tuple(rest)
    else:  # the usual case: nothing to lay out (the hand holds no red three now)
        red_threes, ran_out = EMPTY, False
    draft = _fresh_draft(deal, True, side)
    after = _DRAWN(
        deal,
        _replace(deal.hands, seat, hand),
        _replace(deal.red_threes, side, deal.red_threes[side] + red_threes)
        if red_threes
        else deal.red_threes,
        stock,
        Phase.MELD,
        draft,
    )
    if ran_out:  # CL-EXH-1, HW-R3-7: a red three found no replacement
        if not rules.last_red_three_may_meld:
            return _end(after, DealEnd.LAST_RED_THREE)
        after = after.replace(draft=draft.replace(no_discard=True))
    return after


# Deal.replace for the fields a draw, a meld and a discard change, quicker.
_DRAWN = deal_copier("hands", "red_threes", "stock", "phase", "draft")
_MELDED = deal_copier("hands", "known", "melds", "draft", "melded_seats")
_DISCARDED = deal_copier("hands", "known", "pile", "pile_frozen", "seat", "phase", "draft", "turn")


def _fresh_draft(deal: Deal, drew: bool, side: int) -> TurnDraft:
    melds = deal.melds[side]
    key = (drew, not melds, deal.seat in deal.melded_seats, len(melds))
    draft = _FRESH_DRAFTS.get(key)
    if draft is None:  # drafts are values: one of each kind is enough
        draft = _FRESH_DRAFTS[key] = TurnDraft(
            drew=drew, took_pile=not drew, opening=key[1], had_melded=key[2], melds_before=key[3]
        )
    return draft


# Bounded: two ways to begin, and a side holds a few dozen melds at most.
_FRESH_DRAFTS: dict[tuple[bool, bool, bool, int], TurnDraft] = {}


def _take_pile(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    assert isinstance(move, TakePile)
    if deal.phase is Phase.DRAW and deal.rules.melds_by_position:
        taking = _positional_take(deal, move)
        if isinstance(taking, Violation):
            return taking
        return _after_taking(deal, move, taking, trusted)
    problem = None if trusted else _take_pile_violation(deal, move)
    if problem is not None:
        return problem
    return _after_taking(deal, move, None, trusted)


def _take_pile_violation(deal: Deal, move: TakePile) -> Violation | None:
    """Why taking the pile is illegal, apart from whether the turn can be finished after it."""
    if deal.phase is not Phase.DRAW:
        return _wrong_phase(deal, "take the pile")
    if deal.rules.melds_by_position:
        taking = _positional_take(deal, move)
        return taking if isinstance(taking, Violation) else None
    problem = _take_preamble(deal, move)
    if problem is not None:
        return problem
    rules, side, cards = deal.rules, deal.side, move.cards
    top = deal.top_card
    assert top is not None
    rank = top.rank
    frozen = deal.pile_frozen_for(side)
    existing = deal.meld_of(side, rank)
    naturals = cards.count_rank(rank)
    wilds = cards.count_wild()
    if (frozen and naturals != 2) or len(cards) not in (0, 2):
        why = (
            "the pile is frozen for your side" if deal.pile_frozen else "your side has not melded"
        )
        if frozen:
            return Violation(
                "CL-PILE-5",
                f"{why}: take it only by showing two natural {rank.text}s from your hand",
            )
        return Violation(
            "CL-PILE-3",
            f"take the pile with two cards from your hand that meld with the {top} (two "
            f"natural {rank.text}s, or one and a wild card), or with none to add it to your "
            f"meld of {rank.text}s; add more cards afterwards",
        )
    if len(cards) == 2 and (naturals + wilds != 2 or naturals == 0):
        return Violation(
            "CL-PILE-3",
            f"{cards} do not meld with the {top}: use two natural {rank.text}s or one "
            "natural and one wild card",
        )
    with_top = cards.add(top)
    if existing is None:
        if not cards:
            return Violation(
                "CL-PILE-3",
                f"your side has no meld of {rank.text}s to add the {top} to; name two cards "
                "from your hand to meld with it",
            )
        return check_new_meld(with_top, rules)
    problem = check_addition(existing, with_top, rules)
    if problem is not None and problem.rule == "CL-MELD-3":
        return Violation("CL-PILE-4", problem.message)
    return problem


def _take_preamble(deal: Deal, move: TakePile) -> Violation | None:
    """What refuses any take whatever the cards: an empty pile, a stop card on top
    (CL-PILE-2, HW-PILE-4), a side not allowed to take before melding (CL-PILE-6), the
    one-card rule (CL-PILE-7), cards the player does not hold."""
    rules, seat, pile = deal.rules, deal.seat, deal.pile
    hand = deal.hands[seat]
    if not pile:
        return Violation("CL-PILE-2", "the pile is empty")
    top = pile[-1]
    stop = top.is_black_three or top.is_red_three
    if stop or (top.is_wild and rules.wild_top_card == "stop"):
        return Violation(
            "CL-PILE-2" if stop else "CL-PILE-2/wild",
            f"the top card {top} is a stop card: nobody can take the pile now",
        )
    if not deal.melds[turn_side(deal)] and not rules.allow_take_before_opening:  # not opened
        return Violation("CL-PILE-6", "your side must meld before it may take the pile")
    if rules.one_card_pile_rule and len(hand) == 1 and len(pile) == 1:
        return Violation(
            "CL-PILE-7", "with one card in your hand you may not take a pile of one card"
        )
    if not hand.issuperset(move.cards):
        return _not_held(move.cards, hand, "CL-PILE-3")
    return None


def _take_keeps_two_cards(deal: Deal, move: TakePile) -> bool:
    """Whether a take by an opened side surely leaves a turn that ends with a plain discard."""
    if not deal.has_opened(deal.side):
        return False
    if len(deal.hand) - len(move.cards) >= 2:
        return True  # whatever the rest of the pile holds
    rest: tuple[Card, ...] = deal.pile[:-1]
    if deal.stock_exhausted and deal.rules.exhausted_take == "top_card_only":
        rest = ()
    gained = sum(1 for card in rest if not card.is_red_three)
    return len(deal.hand) - len(move.cards) + gained >= 2


def _after_taking(
    deal: Deal, move: TakePile, taking: tuple[int | None, Meld] | None, trusted: bool
) -> Deal | Violation:
    """The deal after a take that :func:`_take_pile_violation` allows, if it can be finished;
    ``taking`` is what :func:`_positional_take` made of it where melds are numbered."""
    rules, side, hand, cards = deal.rules, deal.side, deal.hand, move.cards
    top = deal.top_card
    assert top is not None
    rank = top.rank
    opening = not deal.has_opened(side)
    with_top = cards.add(top)
    if taking is not None:
        target, grown = taking
        melds = _put(deal.melds[side], target, grown)
        existing: Meld | None = None if target is None else deal.melds[side][target]
    else:
        existing = deal.meld_of(side, rank)
        new_meld = trusted_meld(rank, with_top) if existing is None else existing.add(with_top)
        melds = _with_meld(deal.melds[side], new_meld)

    # The top card is melded; the rest of the pile goes to the hand (or stays, CL-EXH-6).
    pile_rest: tuple[Card, ...] = deal.pile[:-1]
    stays: tuple[Card, ...] = ()
    if deal.stock_exhausted and rules.exhausted_take == "top_card_only":
        stays, pile_rest = pile_rest, ()
    taken, red_threes = _without_red_threes(Cards.of(pile_rest))  # CL-R3-4
    points = with_top.points if opening else 0
    draft = _fresh_draft(deal, False, side).replace(
        committed=opening,
        points=points,
        locked=taken if opening else EMPTY,
        new_ranks=frozenset() if existing else frozenset({rank}),
        touched_existing=existing is not None,
    )
    seat = deal.seat
    kept = hand - cards
    held = deal.known[seat]  # usually nothing: then what is known is what was taken
    known = trusted_cards(counts_minimum(held.counts, kept.counts)) + taken if held else taken
    after = deal.replace(
        hands=_replace(deal.hands, seat, kept + taken),
        known=_replace(deal.known, seat, known),
        melds=_replace(deal.melds, side, melds),
        red_threes=_replace(deal.red_threes, side, deal.red_threes[side] + red_threes)
        if red_threes
        else deal.red_threes,
        pile=stays,
        pile_frozen=any(rules.freezes_pile(card) for card in stays),
        phase=Phase.MELD,
        draft=draft,
        melded_seats=deal.melded_seats | {deal.seat},
    )
    after = _unlock_if_opened(after)
    if not trusted and not can_finish(after):
        if opening:
            return Violation(
                "CL-PILE-6/minimum",
                f"with the {top} and your hand you cannot reach your side's opening minimum "
                f"of {deal.minimums[side]} and still finish the turn",
            )
        return _stuck(after)
    return after


def _without_red_threes(cards: Cards) -> tuple[Cards, Cards]:
    """The cards apart from red threes, and the red threes."""
    counts = cards.counts
    if not any(counts[i] for i in _RED_THREE_FACES):
        return cards, EMPTY
    rest, red = bytearray(counts), bytearray(len(counts))
    for i in _RED_THREE_FACES:
        rest[i], red[i] = 0, counts[i]
    return trusted_cards(bytes(rest)), trusted_cards(bytes(red))


_RED_THREE_FACES = tuple(i for i, face in enumerate(ALL_FACES) if face.is_red_three)


def _pass(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    if deal.phase is Phase.MELD and deal.draft.no_discard:
        if deal.draft.committed and not deal.minimum_reached():
            return _minimum_violation(deal)
        return _end(deal, DealEnd.LAST_RED_THREE)
    if deal.phase is not Phase.DRAW or not deal.stock_exhausted:
        return Violation(
            "CL-EXH-3", "you may pass only when the stock is empty, instead of taking the pile"
        )
    if not trusted and deal.rules.forced_take_when_exhausted and _layoff_take_legal(deal):
        return Violation(
            "CL-EXH-3",
            f"the stock is empty and the {deal.top_card} fits your side's meld: you must "
            "take the pile",
        )
    return _end(deal, DealEnd.STOCK_EXHAUSTED)


def _layoff_take_legal(deal: Deal) -> bool:
    """Whether the top card can be taken by adding it to one of the side's melds, which an
    exhausted stock makes compulsory (CL-EXH-3, HW-STOCK-4 (a))."""
    if not deal.rules.melds_by_position:
        return check(deal, TakePile()) is None
    if deal.pile_frozen:
        return False
    return any(
        check(deal, TakePile(meld=index)) is None for index in range(len(deal.melds[deal.side]))
    )


def pile_takes(deal: Deal) -> list[TakePile]:
    """The legal ways to take the pile: one representative per choice of cards."""
    top = deal.top_card
    if deal.rules.melds_by_position:
        if deal.phase is not Phase.DRAW or top is None:
            return []
        choices = _positional_take_candidates(deal)
        # What refuses every take alike is asked once: the candidates' cards are held.
        if not choices or _take_preamble(deal, _TAKE_ONTO_MELD) is not None:
            return []
        takes = []
        for variants in choices:
            for move in variants:
                if _positional_take_legal(deal, move):
                    takes.append(move)
                    break
        return takes
    if deal.phase is not Phase.DRAW or top is None or not top.is_natural:
        return []
    seat, side = deal.seat, turn_side(deal)
    hand, rank, rules = deal.hands[seat], top.rank, deal.rules
    have = hand.count_rank(rank)
    existing = deal.meld_of(side, rank)
    if have == 0 and existing is None:
        return []  # neither a natural of the rank to show nor a meld to add to (CL-PILE-3)
    # What refuses every take alike is asked once; the candidates' cards are held.
    if _take_preamble(deal, _TAKE_ONTO_MELD) is not None:
        return []
    # Each candidate below passes the count tests of _take_pile_violation by construction:
    # none of its cards with a meld to add to, or a natural pair or a natural and a wild
    # card; a frozen pile only with a natural pair (CL-PILE-3, CL-PILE-5). Left to ask:
    # whether the meld is valid, and whether the turn can be finished after the take.
    frozen = deal.pile_frozen_for(side)
    candidates = [_TAKE_ONTO_MELD] if existing is not None and not frozen else []
    if have:
        ways = ((2, 0, 0),) if frozen else ((2, 0, 0), (1, 1, 0), (1, 0, 1))
        held = (have, hand.count_rank(Rank.TWO), hand.count_rank(Rank.JOKER))
        for way in ways:
            if all(map(le, way, held)):
                cards = representative(rank, *way, hand)
                assert cards is not None
                candidates.append(TakePile(cards))
    takes = []
    for move in candidates:
        with_top = move.cards.add(top)
        if existing is None:
            problem = check_new_meld(with_top, rules)
        else:
            problem = check_addition(existing, with_top, rules)
        if problem is None and (
            _take_keeps_two_cards(deal, move)
            or not isinstance(_after_taking(deal, move, None, trusted=False), Violation)
        ):
            takes.append(move)
    return takes


_TAKE_ONTO_MELD = TakePile()


def _wild_top_is_stop_card(deal: Deal, top: Card) -> bool:
    """Whether a wild top card is a stop card for the player (HW-STOP-1, A-3)."""
    rules, side = deal.rules, deal.side
    policy = rules.wild_stop_policy
    if policy == "never":
        return False
    sides = range(len(deal.melds)) if policy == "any_wild_canasta" else (side,)
    for owner in sides:
        for meld in deal.melds[owner]:
            if not meld.is_canasta_under(rules):
                continue
            if policy == "own_canasta_accepting_wild":
                if not isinstance(added(meld, Cards.of([top]), rules), Violation):
                    return True
            elif meld.kind is MeldKind.WILD:
                return True
    return False


def _positional_take(deal: Deal, move: TakePile) -> tuple[int | None, Meld] | Violation:
    """Which meld taking the pile lays or grows (its position, ``None`` for a new one) and
    how it looks, or why the take is illegal (HW-PILE-1 to HW-PILE-9, HW-INIT-4, HW-STOP-1).
    Whether the turn can be finished afterwards is checked by the caller."""
    problem = _take_preamble(deal, move)
    if problem is not None:
        return problem
    return _positional_take_made(deal, move)


def _positional_take_legal(deal: Deal, move: TakePile) -> bool:
    """:func:`check` of a take, in the draw phase where melds are named by position, whose
    cards are held and that :func:`_take_preamble` allows."""
    made = _positional_take_made(deal, move)
    if isinstance(made, Violation):
        return False
    if _take_keeps_two_cards(deal, move):
        return True
    return not isinstance(_after_taking(deal, move, made, trusted=False), Violation)


def _positional_take_made(deal: Deal, move: TakePile) -> tuple[int | None, Meld] | Violation:
    """:func:`_positional_take` after its preamble."""
    rules, side, cards = deal.rules, deal.side, move.cards
    top = deal.top_card
    assert top is not None
    opening = not deal.has_opened(side)
    melds = deal.melds[side]
    if move.meld is not None and move.meld >= len(melds):
        return Violation("CL-PILE-3", f"your side has no meld #{move.meld}")
    if top.is_wild and _wild_top_is_stop_card(deal, top):
        return Violation(
            "HW-STOP-1",
            f"the {top} on top matches your side's completed canasta of wild cards: it is a "
            "stop card, and you may not take the pile",
        )
    if not cards or move.meld is not None:
        if cards:
            return Violation(
                "CL-PILE-3", "to add the top card to a meld, name the meld and no cards"
            )
        return _layoff_take(deal, top, move.meld)
    if len(cards) != 2:
        return Violation(
            "CL-PILE-3",
            f"take the pile with two cards from your hand that meld with the {top}, or with "
            "none to add it to one of your side's melds; add more cards afterwards",
        )
    with_top = cards.add(top)
    if top.is_wild:
        kind = "jokers" if top.is_joker else "twos"
        if cards.count_rank(top.rank) != len(cards):
            return Violation(
                "HW-PILE-1",
                f"a {top} on top is taken only with two {kind} from your hand (a joker and a "
                "two do not make a pair)",
            )
        if deal.pile_frozen and not rules.wild_pair_takes_frozen_pile:
            return Violation(
                "HW-FRZ-2",
                "the pile is frozen: it is taken only with a natural pair or a suited pair",
            )
        if opening and not rules.open_with_wild_pair:
            return Violation(
                "HW-INIT-4",
                "a side that has not melded takes the pile only with two natural cards of the "
                "top card's rank or suit",
            )
        return _new_take_meld(with_top, rules)
    rank = top.rank
    naturals = cards.count_rank(rank)
    if naturals == 2:  # M1, a new meld even beside a meld of the rank (HW-PILE-9)
        if not rules.several_melds_per_rank:
            index = _only_rank_meld(melds, rank)
            if index is not None:
                grown = added(melds[index], with_top, rules)
                return grown if isinstance(grown, Violation) else (index, grown)
        return _new_take_meld(with_top, rules)
    suited = all(face.is_natural and face.suit is top.suit for face in cards.faces())
    if suited and rules.take_with_suited_pair:
        layout = meld_layout(with_top)
        if isinstance(layout, Violation) or layout.kind is not MeldKind.SEQUENCE:
            return Violation(
                "HW-PILE-1",
                f"{cards} do not make three cards in a row with the {top}: for example "
                "the two ranks just above it, just below it, or one on each side",
            )
        return _new_take_meld(with_top, rules)
    frozen = deal.pile_frozen or opening
    wilds = cards.count_wild()
    if naturals == 1 and wilds == 1 and rules.take_with_natural_and_wild and not frozen:
        return _new_take_meld(with_top, rules)
    if frozen and rules.take_with_natural_and_wild:
        return Violation(
            "CL-PILE-5",
            f"the pile is frozen for your side: take it only by showing two natural "
            f"{rank.text}s from your hand",
        )
    ways = [f"two natural {rank.text}s"]
    if rules.take_with_suited_pair:
        ways.append(f"two {top.suit.symbol if top.suit else ''} cards in a row with it")
    if rules.take_with_natural_and_wild:
        ways.append(f"one natural {rank.text} and a wild card")
    return Violation("CL-PILE-3", f"{cards} do not meld with the {top}: use " + ", or ".join(ways))


def _only_rank_meld(melds: tuple[Meld, ...], rank: Rank) -> int | None:
    for index, meld in enumerate(melds):
        if meld.kind is MeldKind.RANK and meld.rank is rank:
            return index
    return None


def _new_take_meld(cards: Cards, rules: RuleSet) -> tuple[None, Meld] | Violation:
    """The new meld that taking the pile with ``cards`` (the top card among them) lays, or
    why it cannot be laid. Remembered: the same few cards meet the same top card again and
    again, and melds and violations are values."""
    key = (cards.counts, id(rules))
    found = _TAKE_MELDS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    made = _plain_new_take_meld(cards, rules)
    if len(_TAKE_MELDS) >= 1 << 12:
        _TAKE_MELDS.clear()
    _TAKE_MELDS[key] = (rules, made)  # the rule set kept alive: its id is not reused
    return made


#: :func:`_new_take_meld` by the cards' counts and the identity of the rule set.
_TAKE_MELDS: dict[tuple[bytes, int], tuple[RuleSet, tuple[None, Meld] | Violation]] = {}


def _plain_new_take_meld(cards: Cards, rules: RuleSet) -> tuple[None, Meld] | Violation:
    made = new_meld(cards, rules)
    if isinstance(made, Violation):
        if made.rule in ("CL-MELD-3", "HW-MELD-6"):
            return Violation("CL-PILE-4", made.message)
        return made
    return (None, made)


def _layoff_take(deal: Deal, top: Card, target: int | None) -> tuple[int, Meld] | Violation:
    """Taking the pile by adding its top card to a meld of the side (M4, HW-PILE-1)."""
    rules, side = deal.rules, deal.side
    melds = deal.melds[side]
    if not melds:
        return Violation(
            "HW-INIT-4" if rules.take_with_suited_pair else "CL-PILE-3",
            f"your side has no meld to add the {top} to; name two cards from your hand to "
            "meld with it",
        )
    if top.is_wild and not rules.wild_top_layoff_to_wild_meld:
        return Violation(
            "HW-PILE-6",
            f"a {top} on top is never added to a meld: it is taken only with a pair of "
            f"{'jokers' if top.is_joker else 'twos'}",
        )
    if deal.pile_frozen and not top.is_wild:
        return Violation(
            "CL-PILE-5",
            "the pile is frozen: its top card may not be added to a meld on the table; take "
            "it only with a pair from your hand",
        )
    single = _SINGLES[top.index]
    fits: list[tuple[int, Meld]] = []
    refusal: Violation | None = None
    for index, meld in enumerate(melds):
        if target is not None and index != target:
            continue
        if top.is_wild and meld.kind is not MeldKind.WILD:
            continue
        if rules.layoff_onto_sequences_only and meld.kind is not MeldKind.SEQUENCE:
            refusal = refusal or Violation(
                "HW-PILE-1", "the top card may be added only to a sequence when taking the pile"
            )
            continue
        if meld.is_canasta_under(rules) and not rules.take_onto_canasta:
            refusal = Violation(
                "HW-PILE-5",
                f"the pile may not be taken to add its top card to a canasta ({meld})",
            )
            continue
        grown = _top_added(meld, single, rules)
        if isinstance(grown, Violation):
            refusal = refusal or Violation(
                "HW-PILE-1", f"the {top} does not fit your meld #{index} ({meld}) directly"
            )
            continue
        fits.append((index, grown))
    if not fits:
        return refusal or Violation(
            "HW-PILE-1", f"the {top} does not fit any of your side's melds directly"
        )
    if len(fits) > 1 and len({grown for _, grown in fits}) > 1:
        return Violation(
            "HW-PILE-1",
            f"the {top} fits several of your melds: name the one to add it to "
            f"(take #{fits[0][0]}, ...)",
        )
    return fits[0]


#: Each face alone.
_SINGLES = tuple(Cards.of([face]) for face in ALL_FACES)
#: :func:`_top_added` by the identity of the meld and the card's counts, with the meld and
#: the rule set (kept alive: their ids are not reused).
_TOPS_ADDED: dict[tuple[int, bytes], tuple[Meld, RuleSet, Meld | Violation]] = {}


def _top_added(meld: Meld, single: Cards, rules: RuleSet) -> Meld | Violation:
    """:func:`canasta._engine.meld_rules.added` of one card, remembered: the top card is
    asked of the same melds turn after turn."""
    key = (id(meld), single.counts)
    found = _TOPS_ADDED.get(key)
    if found is not None and found[0] is meld and found[1] is rules:
        return found[2]
    grown = added(meld, single, rules)
    if len(_TOPS_ADDED) >= 1 << 12:
        _TOPS_ADDED.clear()
    _TOPS_ADDED[key] = (meld, rules, grown)
    return grown


def _positional_take_candidates(deal: Deal) -> list[Sequence[TakePile]]:
    """Every way to take the pile worth checking, one list per choice of cards by count:
    the variants that differ in the suits of cards of one rank, best first (the one that
    keeps the most use for sequences, :func:`canasta._engine.plan.sequence_cost`)."""
    top = deal.top_card
    assert top is not None
    rules, hand = deal.rules, deal.hand
    top_rank = top.rank
    moves: list[Sequence[TakePile]] = []
    if top_rank.is_wild:
        moves = [
            [TakePile(meld=index)]
            for index, meld in enumerate(deal.melds[deal.side])
            if meld.kind is MeldKind.WILD  # the only melds a wild card joins
        ]
        pair = [face for face in hand.faces() if face.rank is top_rank]
        if pair and hand.count(pair[0]) >= 2:
            moves.append([TakePile(Cards.of([pair[0], pair[0]]))])
        elif len(pair) >= 2:
            moves.append([TakePile(Cards.of(pair[:2]))])
        return moves
    if not top_rank.is_natural:
        return moves  # a three: it joins no meld, and no pair takes it
    order = top_rank.order
    # The melds the top card could join at all: its rank's, or its suit's sequences that
    # it extends; the full check follows.
    for index, meld in enumerate(deal.melds[deal.side]):
        kind = meld.kind
        if kind is _RANK_MELD:
            fits = meld.rank is top_rank
        elif kind is _SEQUENCE and meld.suit is top.suit:
            fits = order == meld.rank.order - 1 or order == meld.high.order + 1
        else:
            continue
        if fits:
            take = _TAKES_ONTO[index] if index < len(_TAKES_ONTO) else TakePile(meld=index)
            moves.append([take])
    counts = hand.counts
    face = top.index
    first = face & ~3  # the face index of the rank's first suit
    if counts[first] or counts[first + 1] or counts[first + 2] or counts[first + 3]:
        key = naturals_key(counts, first >> 2)
        pairs = _PAIR_TAKES.get(key)
        if pairs is None:
            pairs = _pair_takes(hand, first)
            if len(_PAIR_TAKES) >= 1 << 11:  # small: see plan._GROUPS
                _PAIR_TAKES.clear()
            _PAIR_TAKES[key] = pairs
        if pairs:
            moves.append(pairs)
    if rules.take_with_suited_pair:
        for low, high, take in _SUITED_TAKES[face]:
            if counts[low] and counts[high]:
                moves.append([take])
    if rules.take_with_natural_and_wild:
        same_rank = list(compress(ALL_FACES[first : first + 4], counts[first : first + 4]))
        if same_rank:
            by_cost = sorted(same_rank, key=lambda face: sequence_cost(_SINGLES[face.index], hand))
            faces = hand.faces()
            for wild_rank in (Rank.TWO, Rank.JOKER):
                wild = next((face for face in faces if face.rank is wild_rank), None)
                if wild is not None:
                    moves.append([TakePile(Cards.of([natural, wild])) for natural in by_cost])
    return moves


_RANK_MELD = MeldKind.RANK
_SEQUENCE = MeldKind.SEQUENCE
#: Taking the pile onto a meld, by its position (moves are values: the same ones serve).
_TAKES_ONTO = tuple(TakePile(meld=index) for index in range(32))
#: :func:`_pair_takes` by :func:`canasta._engine.plan.naturals_key` of the hand and the rank.
_PAIR_TAKES: dict[int, tuple[TakePile, ...]] = {}


def _pair_takes(hand: Cards, first: int) -> tuple[TakePile, ...]:
    """The takes with two naturals of the rank whose first face is ``first``, the best for
    sequences first."""
    same_rank = list(compress(ALL_FACES[first : first + 4], hand.counts[first : first + 4]))
    pairs = [
        TakePile(Cards.of([one, other]))
        for i, one in enumerate(same_rank)
        for other in same_rank[i:]
        if one is not other or hand.count(one) >= 2
    ]
    return tuple(sorted(pairs, key=lambda move: sequence_cost(move.cards, hand)))


def _suited_takes(face: int) -> tuple[tuple[int, int, TakePile], ...]:
    """For a natural top card (by face index): the takes with two cards of its suit that
    make three in a row with it, each with the faces of those two cards."""
    position, suit = divmod(face, 4)
    found = []
    for low in (position - 2, position - 1, position):
        ranks = [p for p in range(low, low + 3) if p != position]
        if ranks[0] < 0 or ranks[-1] >= len(NATURAL_RANKS):
            continue
        faces = [4 * p + suit for p in ranks]
        take = TakePile(Cards.of([ALL_FACES[f] for f in faces]))
        found.append((faces[0], faces[1], take))
    return tuple(found)


#: :func:`_suited_takes` by face index (natural faces only).
_SUITED_TAKES = tuple(_suited_takes(face) for face in range(4 * len(NATURAL_RANKS)))


# --- melding ------------------------------------------------------------------------------


def _lay_meld(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    assert isinstance(move, LayMeld)
    if trusted:  # a legal meld: only its layout is needed
        return _with_laid_meld(deal, move, _built_meld(deal, move)[1], trusted)
    laid = _laid_meld(deal, move)
    if isinstance(laid, Violation):
        return laid
    return _with_laid_meld(deal, move, laid, trusted)


def _with_laid_meld(deal: Deal, move: LayMeld, laid: Meld, trusted: bool) -> Deal | Violation:
    """The deal after laying ``laid``, a meld :func:`_laid_meld` allows, if the turn can
    still be finished (or ``trusted``)."""
    side = turn_side(deal)
    draft = deal.draft
    black_threes = draft.black_threes or laid.kind is MeldKind.BLACK_THREES
    if deal.rules.melds_by_position:
        draft = draft.replace(black_threes=black_threes)
        melds = (*deal.melds[side], laid)
    else:
        melds = _with_meld(deal.melds[side], laid)
        return _after_melding(
            deal,
            move.cards,
            melds,
            draft,
            trusted,
            new_ranks=draft.new_ranks | {laid.rank},
            black_threes=black_threes,
        )
    return _after_melding(deal, move.cards, melds, draft, trusted)


def _laid_meld(deal: Deal, move: LayMeld) -> Meld | Violation:
    """The meld a :class:`LayMeld` lays, or why it may not be laid (apart from whether the
    turn can be finished after it)."""
    if deal.phase is not Phase.MELD:
        return _wrong_phase(deal, "meld")
    cards = move.cards
    problem = _check_usable(deal, cards, "CL-TURN-4")
    if problem is not None:
        return problem
    rules = deal.rules
    meld = new_meld(cards, rules, move.wild_as)
    if isinstance(meld, Violation):
        return meld
    if not rules.melds_by_position:
        if deal.meld_of(deal.side, meld.rank) is not None:
            return Violation(
                "CL-MELD-6",
                f"your side already has a meld of {meld.rank.text}s: add the cards to it",
            )
        if meld.kind is MeldKind.BLACK_THREES and not may_go_out(deal):
            return Violation("CL-B3-3", "black threes are melded only when going out")
        return meld
    if meld.kind is MeldKind.BLACK_THREES:
        if any(m.kind is MeldKind.BLACK_THREES for m in deal.melds[deal.side]):
            return Violation("HW-B3-3", "your side has laid its black threes already")
        if not may_go_out(deal):
            return Violation("CL-B3-3", "black threes are melded only when going out")
        left = len(deal.hand) - len(cards)
        if left > BLACK_THREES_LAST:
            return Violation(
                "CL-B3-3",
                "black threes are melded only when going out: meld your other cards "
                f"first, and the black threes when at most {BLACK_THREES_LAST} cards "
                f"would stay in your hand (now {left})",
            )
    if (
        not rules.several_melds_per_rank
        and meld.kind is MeldKind.RANK
        and _only_rank_meld(deal.melds[deal.side], meld.rank) is not None
    ):
        return Violation(
            "CL-MELD-6",
            f"your side already has a meld of {meld.rank.text}s: add the cards to it",
        )
    return meld


def _add_to_meld(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    assert isinstance(move, AddToMeld)
    if trusted:  # a legal addition: only the grown meld is needed
        index, grown = _built_meld(deal, move)
        assert index is not None
        return _with_addition(deal, move, (index, grown), trusted)
    target = _addition_target(deal, move)
    if isinstance(target, Violation):
        return target
    return _with_addition(deal, move, target, trusted)


def _with_addition(
    deal: Deal, move: AddToMeld, target: tuple[int, Meld], trusted: bool
) -> Deal | Violation:
    """The deal after an addition :func:`_addition_target` allows, if the turn can still be
    finished (or ``trusted``)."""
    index, grown = target
    side = turn_side(deal)
    draft = deal.draft
    if deal.rules.melds_by_position:
        if index < draft.melds_before:
            draft = draft.replace(touched_existing=True)
        melds = _put(deal.melds[side], index, grown)
    else:
        melds = _with_meld(deal.melds[side], grown)
        if grown.rank not in draft.new_ranks:
            return _after_melding(deal, move.cards, melds, draft, trusted, touched_existing=True)
    return _after_melding(deal, move.cards, melds, draft, trusted)


def _addition_target(deal: Deal, move: AddToMeld) -> tuple[int, Meld] | Violation:
    """The position of the meld an addition grows and the grown meld, or why it is illegal."""
    if deal.phase is not Phase.MELD:
        return _wrong_phase(deal, "add to a meld")
    side = deal.side
    melds = deal.melds[side]
    if move.meld is not None:
        if move.meld >= len(melds):
            return Violation("CL-TURN-4", f"your side has no meld #{move.meld}")
        index = move.meld
    else:
        assert move.rank is not None
        found = [
            i
            for i, meld in enumerate(melds)
            if meld.rank is move.rank and meld.kind is not MeldKind.SEQUENCE
        ]
        if not found:
            others = [
                s for s in range(len(deal.melds)) if s != side and deal.meld_of(s, move.rank)
            ]
            if others:
                return Violation("CL-MELD-8", "you may not add cards to the opponents' melds")
            return Violation(
                "CL-TURN-4", f"your side has no meld of {move.rank.text}s; lay a new meld instead"
            )
        if len(found) > 1:
            return Violation(
                "HW-MELD-9",
                f"your side has {len(found)} melds of {move.rank.text}s: name the one to add to "
                f"by its number (add #{found[0]} ...)",
            )
        index = found[0]
    problem = _check_usable(deal, move.cards, "CL-TURN-4")
    if problem is not None:
        return problem
    grown = added(melds[index], move.cards, deal.rules, move.wild_as)
    if isinstance(grown, Violation):
        return grown
    return index, grown


def _merge(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    assert isinstance(move, MergeMelds)
    if deal.phase is not Phase.MELD:
        return _wrong_phase(deal, "merge melds")
    melds = deal.melds[deal.side]
    first, second = sorted((move.first, move.second))
    if first == second or second >= len(melds):
        return Violation("HW-MRG-1", "name two different melds of your side to merge")
    joined = merged(melds[first], melds[second], deal.rules)
    if isinstance(joined, Violation):
        return joined
    draft = deal.draft
    before = draft.melds_before
    if first < before:
        draft = draft.replace(
            touched_existing=True, melds_before=before - 1 if second < before else before
        )
    kept = (*melds[:first], joined, *melds[first + 1 : second], *melds[second + 1 :])
    after = deal.replace(melds=_replace(deal.melds, deal.side, kept), draft=draft)
    if not trusted and not can_finish(after):
        return _stuck(after)
    return after


def _finishable_at_once(deal: Deal, cards: Cards) -> bool:
    """Whether melding ``cards`` surely leaves a turn that ends with a plain discard: no
    obligation is left and two cards stay in hand. Then no search is needed."""
    draft = deal.draft
    if draft.answer is True or draft.black_threes or draft.no_discard:
        return False
    if len(deal.hand) - len(cards) < 2:
        return False
    if draft.opening and not deal.minimum_reached():
        return draft.points + cards.points >= deal.minimums[deal.side]
    return True


def _after_melding(
    deal: Deal,
    cards: Cards,
    melds: tuple[Meld, ...],
    draft: TurnDraft,
    trusted: bool,
    **changes: Any,
) -> Deal | Violation:
    """The deal after melding ``cards`` into ``melds``, if the turn can still be finished (or
    ``trusted``), with ``draft`` and the ``changes`` to it, made in one copy with those of
    the meld."""
    seat = deal.seat
    side = turn_side(deal)
    minimum = deal.minimums[side]
    before = deal.draft  # the opening minimum not reached yet: not deal.minimum_reached()
    points = draft.points
    if draft.opening and before.opening and before.points < minimum:
        # Count toward the minimum only until it is reached: later cards, which may come
        # from the pile, add nothing to the count (CL-INIT-4).
        points += cards.points
        changes.update(points=points, committed=True, melded=True)
    elif not draft.melded:
        changes["melded"] = True
    if draft.locked.counts != NO_COUNTS and (not draft.opening or points >= minimum):
        changes["locked"] = EMPTY  # free the pile cards: the minimum is reached (CL-INIT-4)
    if changes:
        draft = draft.replace(**changes)
    hand = deal.hands[seat] - cards
    melded_seats = deal.melded_seats
    after = _MELDED(
        deal,
        _replace(deal.hands, seat, hand),
        _known_after(deal, seat, hand),
        _replace(deal.melds, side, melds),
        draft,
        melded_seats if seat in melded_seats else melded_seats | {seat},
    )
    if hand.counts == NO_COUNTS:  # the hand is empty
        return _go_out(after, discarded=False)
    if not trusted and not can_finish(after):
        return _stuck(after)
    return after


def _discard(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    assert isinstance(move, Discard)
    problem = None if trusted else _discard_violation(deal, move)
    if problem is not None:
        return problem
    card = move.card
    seat = deal.seat
    hand = deal.hands[seat].remove(card)
    pile = (*deal.pile, card)
    frozen = deal.pile_frozen or deal.rules.freezes_pile(card)
    if not hand:
        after = deal.with_hand(seat, hand).replace(pile=pile, pile_frozen=frozen)
        return _go_out(after, discarded=True)
    # The turn passes to the left (CL-TURN-6).
    after = _DISCARDED(
        deal,
        _replace(deal.hands, seat, hand),
        _known_after(deal, seat, hand),
        pile,
        frozen,
        (seat + 1) % len(deal.hands),
        Phase.DRAW,
        _NEW_TURN,
        deal.turn + 1,
    )
    return _turn_begun(after)


def _discard_violation(deal: Deal, move: Discard) -> Violation | None:
    """Why a discard is illegal, checked without building the next deal."""
    if deal.phase is not Phase.MELD:
        return _wrong_phase(deal, "discard")
    draft = deal.draft
    if draft.no_discard:
        return Violation(
            "CL-EXH-1", "the last card of the stock was a red three: you may not discard; pass"
        )
    if move.card not in deal.usable:
        return _check_usable(deal, Cards.of([move.card]), "CL-DISC-1")
    if len(deal.hand) == 1:
        outcome = _going_out(deal, discarded=True)
        return outcome if isinstance(outcome, Violation) else None
    if draft.committed and not deal.minimum_reached():
        return _minimum_violation(deal)
    if draft.black_threes:
        return Violation("CL-B3-3", "after melding black threes you must go out this turn")
    if draft.answer is True:
        return Violation("CL-ASK-3", "your partner said yes: you must go out this turn")
    return None


def _go_out(deal: Deal, *, discarded: bool) -> Deal | Violation:
    """The hand is empty: end the deal if going out is allowed."""
    outcome = _going_out(deal, discarded=discarded)
    if isinstance(outcome, Violation):
        return outcome
    return _end(deal, DealEnd.WENT_OUT).replace(went_out=deal.seat, concealed=outcome)


def _going_out(deal: Deal, *, discarded: bool) -> Violation | bool:
    """Why the player may not go out now, or whether going out is concealed
    (CL-OUT-2, CL-ASK-3, CL-CONC-1, CL-CONC-4). Only the turn draft and the table count."""
    rules, draft, side = deal.rules, deal.draft, deal.side
    if draft.answer is False:
        return Violation("CL-ASK-3", "your partner said no: you may not go out this turn")
    if not may_go_out(deal):
        if draft.no_discard:
            return Violation("CL-EXH-1", "the deal ends with your turn: keep a card in hand")
        return Violation("CL-ASK-1", "ask your partner's permission before going out")
    needed = rules.canastas_to_go_out
    if deal.canastas(side) < needed:
        return Violation(
            "CL-OUT-2",
            f"going out needs {needed} canasta{'s' if needed > 1 else ''}; your side has "
            f"{deal.canastas(side)}",
        )
    if rules.going_out_needs_natural_sequence and not any(
        meld.canasta_kind is CanastaKind.NATURAL_SEQUENCE for meld in deal.melds[side]
    ):
        return Violation(
            "BO-OUT-1", "going out needs a natural sequence canasta (an escalera) among them"
        )
    if rules.melds_by_position:
        fresh: tuple[Meld, ...] = deal.melds[side][draft.melds_before :]
    else:
        fresh = tuple(meld for meld in deal.melds[side] if meld.rank in draft.new_ranks)
    laid_now = sum(1 for meld in fresh if meld.is_canasta_under(rules))
    concealed = (
        not draft.had_melded
        and not draft.touched_existing
        and laid_now >= needed
        and (rules.concealed_allows_discard or not discarded)
    )
    if draft.opening and not deal.minimum_reached():
        exempt = concealed and not rules.concealed_needs_minimum(draft.took_pile)
        if not exempt:
            if not rules.concealed_allows_discard and discarded:
                return Violation(
                    "CL-CONC-1",
                    "going out concealed below the minimum needs every card melded, "
                    "with no discard",
                )
            return _minimum_violation(deal)
    return concealed


# --- asking the partner ----------------------------------------------------------------------


def _ask(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    rules, draft = deal.rules, deal.draft
    if not rules.has_partners:
        return Violation("CL-ASK-4", "you have no partner to ask")
    if rules.ask_permission == "disabled":
        return Violation("CL-ASK-1", "asking permission to go out is not played in these rules")
    if deal.phase is not Phase.MELD:
        if deal.phase is Phase.DRAW:
            return Violation("CL-ASK-2", "draw or take the pile first, then ask")
        return _wrong_phase(deal, "ask")
    if draft.asked:
        return Violation("CL-ASK-2", "you may ask only once a turn")
    if draft.melded:
        return Violation("CL-ASK-2", "you may not ask after melding this turn")
    if draft.no_discard:
        return Violation("CL-EXH-1", "the deal ends with your turn; you cannot go out")
    if trusted:
        return deal.replace(phase=Phase.ANSWER, draft=draft.replace(asked=True))
    if going_out_ruled_out(deal) or not can_go_out(deal, permitted=True):
        return Violation("CL-ASK-2", "you cannot go out this turn, so you may not ask")
    # Nobody has answered yet (one question a turn), so a "no" leaves the turn as it is.
    no = deal if draft.answer is None else deal.replace(draft=draft.replace(answer=False))
    if not can_stay(no):
        return Violation(
            "CL-ASK-2", "if your partner said no you could not finish the turn; go out or play on"
        )
    return deal.replace(phase=Phase.ANSWER, draft=draft.replace(asked=True))


def _answer(deal: Deal, move: Move, trusted: bool = False) -> Deal | Violation:
    assert isinstance(move, Answer)
    if deal.phase is not Phase.ANSWER:
        return Violation("CL-ASK-3", "nobody has asked to go out")
    return deal.replace(phase=Phase.MELD, draft=deal.draft.replace(answer=move.yes))


# --- helpers --------------------------------------------------------------------------------


def _turn_begun(after: Deal) -> Deal:
    """Run what happens before the next player acts, in a deal whose turn has just passed
    to the left (CL-TURN-6)."""
    if after.pending_red_threes:
        after = after.lay_out_pending_red_threes()
        if after.phase is Phase.OVER:
            return after
    if stock_exhausted(after.rules, len(after.stock)) and not pile_takes(after):
        return _end(after, DealEnd.STOCK_EXHAUSTED)  # CL-EXH-3: nobody can take the pile
    return after


_NEW_TURN = TurnDraft()


def _end(deal: Deal, end: DealEnd) -> Deal:
    return deal.replace(phase=Phase.OVER, end=end)


def _known_after(deal: Deal, seat: int, hand: Cards) -> tuple[Cards, ...]:
    """:meth:`Deal.known_after`, without its call in the usual case: nothing known."""
    known = deal.known
    if known[seat].counts == NO_COUNTS:
        return known
    return deal.known_after(seat, hand)


def _unlock_if_opened(deal: Deal) -> Deal:
    """Free the pile cards once the opening minimum is reached (CL-INIT-4)."""
    if deal.draft.locked.counts != NO_COUNTS and deal.minimum_reached():
        return deal.replace(draft=deal.draft.replace(locked=EMPTY))
    return deal


def _check_usable(deal: Deal, cards: Cards, rule: str) -> Violation | None:
    if deal.usable.issuperset(cards):
        return None
    if deal.hand.issuperset(cards):
        return Violation(
            "CL-INIT-4",
            "cards from the pile may not be used until the opening minimum is reached "
            "with the top card and cards from your hand",
        )
    return _not_held(cards, deal.hand, rule)


def missing_cards(wanted: Cards, held: Cards) -> Cards:
    """The cards of ``wanted`` that ``held`` lacks (counted with repeats)."""
    return trusted_cards(bytes(map(max, map(sub, wanted.counts, held.counts), repeat(0))))


def _not_held(cards: Cards, hand: Cards, rule: str) -> Violation:
    return Violation(rule, f"you do not hold {missing_cards(cards, hand)}")


def _minimum_violation(deal: Deal) -> Violation:
    draft = deal.draft
    minimum = deal.minimums[deal.side]
    rule = "CL-PILE-6" if draft.took_pile else "CL-INIT-1"
    return Violation(
        rule,
        f"your side's first melds must count at least {minimum}; this turn's count {draft.points}",
    )


def _stuck(deal: Deal) -> Violation:
    """Why a step leaves no legal way to finish the turn."""
    draft = deal.draft
    if draft.answer is True:
        return Violation(
            "CL-ASK-3", "your partner said yes: after this you could not go out this turn"
        )
    if draft.black_threes:
        return Violation("CL-B3-3", "black threes are melded only when going out this turn")
    if draft.committed and not deal.minimum_reached():
        minimum = deal.minimums[deal.side]
        return Violation(
            "CL-INIT-1",
            f"after this you could not bring your side's opening to {minimum} and still keep "
            "two cards (one to discard)",
        )
    if draft.no_discard:
        return Violation("CL-EXH-1", "the deal ends with your turn: keep a card in hand")
    return Violation(
        "CL-TURN-8",
        "after this you could not finish the turn: you must keep two cards "
        "(one to discard) unless you go out, and going out needs the required canastas",
    )


def _wrong_phase(deal: Deal, action: str) -> Violation:
    if deal.phase is Phase.DRAW:
        return Violation("CL-TURN-1", f"draw from the stock or take the pile before you {action}")
    if deal.phase is Phase.ANSWER:
        return Violation("CL-ASK-3", "your partner must answer first")
    if action in ("draw", "take the pile"):
        return Violation("CL-TURN-3", "you have already drawn or taken the pile this turn")
    return Violation("CL-TURN-1", f"you cannot {action} now")


def _replace(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _put(melds: tuple[Meld, ...], index: int | None, meld: Meld) -> tuple[Meld, ...]:
    """The melds with ``meld`` laid after them (``index`` ``None``) or in place of one."""
    if index is None:
        return (*melds, meld)
    return (*melds[:index], meld, *melds[index + 1 :])


def _with_meld(melds: tuple[Meld, ...], meld: Meld) -> tuple[Meld, ...]:
    """The melds with ``meld`` in place of the one of its rank, or among them in rank order."""
    order = meld.rank.order
    for index, laid in enumerate(melds):
        if laid.rank is meld.rank:
            return (*melds[:index], meld, *melds[index + 1 :])
        if laid.rank.order > order:
            return (*melds[:index], meld, *melds[index:])
    return (*melds, meld)


_HANDLERS = {
    Draw: _draw,
    TakePile: _take_pile,
    Pass: _pass,
    LayMeld: _lay_meld,
    AddToMeld: _add_to_meld,
    MergeMelds: _merge,
    Discard: _discard,
    Ask: _ask,
    Answer: _answer,
}
