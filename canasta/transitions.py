"""The rules of a turn: checking a move and making the deal that follows it.

:func:`play` returns the next :class:`~canasta.state.Deal`, or the
:class:`~canasta.errors.Violation` that makes the move illegal; ``apply`` uses it. :func:`check`
gives the same verdict for ``is_legal``, ``explain`` and the move generator: it runs the same
rule checks (``_*_violation``) but skips building the next deal where the turn can surely be
finished. Nothing is changed in either case; deals are values.
"""

from __future__ import annotations

from typing import Any, TypeVar

from canasta.cards import Card, Rank
from canasta.deck import Cards
from canasta.errors import Violation
from canasta.feasibility import can_finish, can_go_out, can_stay, may_go_out
from canasta.melds import Meld, check_addition, check_new_meld, meld_rank, representative
from canasta.moves import AddToMeld, Answer, Ask, Discard, Draw, LayMeld, Move, Pass, TakePile
from canasta.state import EMPTY, Deal, DealEnd, Event, Phase, TurnDraft, lay_out_red_threes

T = TypeVar("T")

__all__ = ["check", "missing_cards", "pile_takes", "play"]


def check(deal: Deal, move: Move) -> Violation | None:
    """Why ``move`` is illegal, or ``None``; the same verdict as :func:`play`, sometimes faster."""
    if isinstance(move, Discard) and deal.phase is not Phase.OVER:
        return _discard_violation(deal, move)
    if isinstance(move, TakePile) and deal.phase is Phase.DRAW:
        problem = _take_pile_violation(deal, move)
        if problem is not None or _take_keeps_two_cards(deal, move):
            return problem
    if isinstance(move, LayMeld) and deal.phase is Phase.MELD:
        problem = _lay_meld_violation(deal, move)
        if problem is not None or (
            meld_rank(move.cards) is not Rank.THREE and _finishable_at_once(deal, move.cards)
        ):
            return problem
    if isinstance(move, AddToMeld) and deal.phase is Phase.MELD:
        problem = _add_to_meld_violation(deal, move)
        if problem is not None or _finishable_at_once(deal, move.cards):
            return problem
    outcome = _outcome(deal, move)
    return outcome if isinstance(outcome, Violation) else None


def play(deal: Deal, move: Move) -> Deal | Violation:
    """The deal after ``move``, with the move in its history, or why ``move`` is illegal."""
    outcome = _outcome(deal, move)
    if isinstance(outcome, Violation):
        return outcome
    return _recorded(deal, move, outcome)


def _outcome(deal: Deal, move: Move) -> Deal | Violation:
    if deal.phase is Phase.OVER:
        return Violation("CL-OUT-3", "the deal is over; no more moves can be made in it")
    handler = _HANDLERS.get(type(move))
    if handler is None:
        return Violation("CL-TURN-1", f"{move!r} is not a move")
    return handler(deal, move)


def _recorded(before: Deal, move: Move, after: Deal) -> Deal:
    """``after`` with the public record of ``move`` added to its history."""
    seat = before.to_act
    assert seat is not None
    shown, drawn = EMPTY, 0
    if isinstance(move, Draw):
        side = before.side
        drawn = len(before.stock) - len(after.stock)
        if after.red_threes is not before.red_threes:
            shown = missing_cards(after.red_threes[side], before.red_threes[side])
    elif isinstance(move, TakePile):
        shown = missing_cards(after.known[seat], before.known[seat])
    event = Event(seat, move, shown, drawn)
    return after.replace(history=after.history.append(event))


# --- acquisition ---------------------------------------------------------------------------


def _draw(deal: Deal, move: Move) -> Deal | Violation:
    if deal.phase is not Phase.DRAW:
        return _wrong_phase(deal, "draw")
    if not deal.stock:
        return Violation(
            "CL-EXH-3", "the stock is empty: take the pile if you can, or pass to end the deal"
        )
    rules, side = deal.rules, deal.side
    stock = list(deal.stock)
    drawn: list[Card] = []
    for _ in range(min(rules.draw_count, len(stock))):  # CL-EXH-7: draw what is left
        drawn.append(stock.pop())
    if any(card.is_red_three for card in drawn):
        hand, red_threes, ran_out = lay_out_red_threes(deal.hand + drawn, stock)
    else:  # the usual case: nothing to lay out (the hand holds no red three now)
        hand, red_threes, ran_out = deal.hand + drawn, EMPTY, False
    draft = _fresh_draft(deal, drew=True)
    after = deal.replace(
        hands=_replace(deal.hands, deal.seat, hand),
        red_threes=_replace(deal.red_threes, side, deal.red_threes[side] + red_threes)
        if red_threes
        else deal.red_threes,
        stock=tuple(stock),
        phase=Phase.MELD,
        draft=draft,
    )
    if ran_out:  # CL-EXH-1: a red three was the last card of the stock
        if not rules.last_red_three_may_meld:
            return _end(after, DealEnd.LAST_RED_THREE)
        after = after.replace(draft=draft.replace(no_discard=True))
    return after


def _fresh_draft(deal: Deal, *, drew: bool) -> TurnDraft:
    return TurnDraft(
        drew=drew,
        took_pile=not drew,
        opening=not deal.has_opened(deal.side),
        had_melded=deal.seat in deal.melded_seats,
    )


def _take_pile(deal: Deal, move: Move) -> Deal | Violation:
    assert isinstance(move, TakePile)
    problem = _take_pile_violation(deal, move)
    if problem is not None:
        return problem
    return _after_taking(deal, move)


def _take_pile_violation(deal: Deal, move: TakePile) -> Violation | None:
    """Why taking the pile is illegal, apart from whether the turn can be finished after it."""
    if deal.phase is not Phase.DRAW:
        return _wrong_phase(deal, "take the pile")
    rules, side, hand = deal.rules, deal.side, deal.hand
    top = deal.top_card
    if top is None:
        return Violation("CL-PILE-2", "the pile is empty")
    if top.is_wild or top.is_black_three:
        return Violation(
            "CL-PILE-2", f"the top card {top} is a stop card: nobody can take the pile now"
        )
    opening = not deal.has_opened(side)
    if opening and not rules.allow_take_before_opening:
        return Violation("CL-PILE-6", "your side must meld before it may take the pile")
    if rules.one_card_pile_rule and len(hand) == 1 and len(deal.pile) == 1:
        return Violation(
            "CL-PILE-7", "with one card in your hand you may not take a pile of one card"
        )
    cards = move.cards
    if not hand.issuperset(cards):
        return _not_held(cards, hand, "CL-PILE-3")
    rank = top.rank
    frozen = deal.pile_frozen_for(side)
    existing = deal.meld_of(side, rank)
    naturals = sum(1 for card in cards if card.rank is rank)
    wilds = sum(1 for card in cards if card.is_wild)
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


def _take_keeps_two_cards(deal: Deal, move: TakePile) -> bool:
    """Whether a take by an opened side surely leaves a turn that ends with a plain discard."""
    if not deal.has_opened(deal.side):
        return False
    rest: tuple[Card, ...] = deal.pile[:-1]
    if not deal.stock and deal.rules.exhausted_take == "top_card_only":
        rest = ()
    gained = sum(1 for card in rest if not card.is_red_three)
    return len(deal.hand) - len(move.cards) + gained >= 2


def _after_taking(deal: Deal, move: TakePile) -> Deal | Violation:
    """The deal after a take that :func:`_take_pile_violation` allows, if it can be finished."""
    rules, side, hand, cards = deal.rules, deal.side, deal.hand, move.cards
    top = deal.top_card
    assert top is not None
    rank = top.rank
    opening = not deal.has_opened(side)
    existing = deal.meld_of(side, rank)
    with_top = cards.add(top)
    new_meld = Meld(rank, with_top) if existing is None else existing.add(with_top)

    # The top card is melded; the rest of the pile goes to the hand (or stays, CL-EXH-6).
    pile_rest = list(deal.pile[:-1])
    stays: tuple[Card, ...] = ()
    if not deal.stock and rules.exhausted_take == "top_card_only":
        stays, pile_rest = tuple(pile_rest), []
    taken = Cards.of(card for card in pile_rest if not card.is_red_three)
    red_threes = Cards.of(card for card in pile_rest if card.is_red_three)  # CL-R3-4
    points = with_top.points if opening else 0
    draft = _fresh_draft(deal, drew=False).replace(
        committed=opening,
        points=points,
        locked=taken if opening else EMPTY,
        new_ranks=frozenset() if existing else frozenset({rank}),
        touched_existing=existing is not None,
    )
    seat = deal.seat
    known = Cards(bytes(map(min, deal.known[seat].counts, (hand - cards).counts))) + taken
    after = deal.replace(
        hands=_replace(deal.hands, seat, hand - cards + taken),
        known=_replace(deal.known, seat, known),
        melds=_replace(deal.melds, side, _with_meld(deal.melds[side], new_meld)),
        red_threes=_replace(deal.red_threes, side, deal.red_threes[side] + red_threes),
        pile=stays,
        pile_frozen=any(rules.freezes_pile(card) for card in stays),
        phase=Phase.MELD,
        draft=draft,
        melded_seats=deal.melded_seats | {deal.seat},
    )
    after = _unlock_if_opened(after)
    if not can_finish(after):
        if opening:
            return Violation(
                "CL-PILE-6",
                f"with the {top} and your hand you cannot reach your side's opening minimum "
                f"of {deal.minimums[side]} and still finish the turn",
            )
        return _stuck(after)
    return after


def _pass(deal: Deal, move: Move) -> Deal | Violation:
    if deal.phase is Phase.MELD and deal.draft.no_discard:
        if deal.draft.committed and not deal.minimum_reached():
            return _minimum_violation(deal)
        return _end(deal, DealEnd.LAST_RED_THREE)
    if deal.phase is not Phase.DRAW or deal.stock:
        return Violation(
            "CL-EXH-3", "you may pass only when the stock is empty, instead of taking the pile"
        )
    if deal.rules.forced_take_when_exhausted and check(deal, TakePile()) is None:
        return Violation(
            "CL-EXH-3",
            f"the stock is empty and the {deal.top_card} fits your side's meld: you must "
            "take the pile",
        )
    return _end(deal, DealEnd.STOCK_EXHAUSTED)


def pile_takes(deal: Deal) -> list[TakePile]:
    """The legal ways to take the pile: one representative per choice of cards."""
    top = deal.top_card
    if deal.phase is not Phase.DRAW or top is None or not top.is_natural:
        return []
    hand = deal.hand
    if hand.count_rank(top.rank) == 0 and deal.meld_of(deal.side, top.rank) is None:
        return []  # neither a natural of the rank to show nor a meld to add to (CL-PILE-3)
    candidates = [TakePile()]
    # A frozen pile is taken only with a natural pair (CL-PILE-5): skip the other ways.
    ways = ((2, 0, 0),) if deal.pile_frozen_for(deal.side) else ((2, 0, 0), (1, 1, 0), (1, 0, 1))
    for naturals, twos, jokers in ways:
        cards = representative(top.rank, naturals, twos, jokers, hand)
        if cards is not None:
            candidates.append(TakePile(cards))
    return [move for move in candidates if check(deal, move) is None]


# --- melding ------------------------------------------------------------------------------


def _lay_meld(deal: Deal, move: Move) -> Deal | Violation:
    assert isinstance(move, LayMeld)
    problem = _lay_meld_violation(deal, move)
    if problem is not None:
        return problem
    cards = move.cards
    rank = meld_rank(cards)
    assert rank is not None
    side = deal.side
    black_threes = rank is Rank.THREE
    draft = deal.draft
    draft = draft.replace(
        new_ranks=draft.new_ranks | {rank},
        black_threes=draft.black_threes or black_threes,
    )
    melds = _with_meld(deal.melds[side], Meld(rank, cards))
    return _after_melding(deal, cards, melds, draft)


def _lay_meld_violation(deal: Deal, move: LayMeld) -> Violation | None:
    """Why a new meld is illegal, apart from whether the turn can be finished after it."""
    if deal.phase is not Phase.MELD:
        return _wrong_phase(deal, "meld")
    cards = move.cards
    problem = _check_usable(deal, cards, "CL-TURN-4") or check_new_meld(cards, deal.rules)
    if problem is not None:
        return problem
    rank = meld_rank(cards)
    assert rank is not None
    if deal.meld_of(deal.side, rank) is not None:
        return Violation(
            "CL-MELD-6", f"your side already has a meld of {rank.text}s: add the cards to it"
        )
    if rank is Rank.THREE and not may_go_out(deal):
        return Violation("CL-B3-3", "black threes are melded only when going out")
    return None


def _add_to_meld(deal: Deal, move: Move) -> Deal | Violation:
    assert isinstance(move, AddToMeld)
    problem = _add_to_meld_violation(deal, move)
    if problem is not None:
        return problem
    side = deal.side
    meld = deal.meld_of(side, move.rank)
    assert meld is not None
    draft = deal.draft
    if move.rank not in draft.new_ranks:
        draft = draft.replace(touched_existing=True)
    melds = _with_meld(deal.melds[side], meld.add(move.cards))
    return _after_melding(deal, move.cards, melds, draft)


def _add_to_meld_violation(deal: Deal, move: AddToMeld) -> Violation | None:
    """Why an addition is illegal, apart from whether the turn can be finished after it."""
    if deal.phase is not Phase.MELD:
        return _wrong_phase(deal, "add to a meld")
    side = deal.side
    meld = deal.meld_of(side, move.rank)
    if meld is None:
        others = [s for s in range(len(deal.melds)) if s != side and deal.meld_of(s, move.rank)]
        if others:
            return Violation("CL-MELD-8", "you may not add cards to the opponents' melds")
        return Violation(
            "CL-TURN-4", f"your side has no meld of {move.rank.text}s; lay a new meld instead"
        )
    return _check_usable(deal, move.cards, "CL-TURN-4") or check_addition(
        meld, move.cards, deal.rules
    )


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
    deal: Deal, cards: Cards, melds: tuple[Meld, ...], draft: TurnDraft
) -> Deal | Violation:
    side = deal.side
    if draft.opening and not deal.minimum_reached():
        # Count toward the minimum only until it is reached: later cards, which may come
        # from the pile, add nothing to the count (CL-INIT-4).
        draft = draft.replace(points=draft.points + cards.points, committed=True)
    draft = draft.replace(melded=True)
    after = deal.with_hand(deal.seat, deal.hand - cards).replace(
        melds=_replace(deal.melds, side, melds),
        draft=draft,
        melded_seats=deal.melded_seats | {deal.seat},
    )
    after = _unlock_if_opened(after)
    if not after.hand:
        return _go_out(after, discarded=False)
    if not can_finish(after):
        return _stuck(after)
    return after


def _discard(deal: Deal, move: Move) -> Deal | Violation:
    assert isinstance(move, Discard)
    problem = _discard_violation(deal, move)
    if problem is not None:
        return problem
    card = move.card
    seat = deal.seat
    hand = deal.hand.remove(card)
    pile = (*deal.pile, card)
    frozen = deal.pile_frozen or deal.rules.freezes_pile(card)
    if not hand:
        after = deal.with_hand(seat, hand).replace(pile=pile, pile_frozen=frozen)
        return _go_out(after, discarded=True)
    return _begin_turn(
        deal,
        hands=_replace(deal.hands, seat, hand),
        known=deal.known_after(seat, hand),
        pile=pile,
        pile_frozen=frozen,
    )


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
    laid_now = sum(
        1
        for meld in deal.melds[side]
        if meld.rank in draft.new_ranks and meld.is_canasta_under(rules)
    )
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


def _ask(deal: Deal, move: Move) -> Deal | Violation:
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
    yes = deal.replace(draft=draft.replace(asked=True, answer=True))
    if not can_go_out(yes):
        return Violation("CL-ASK-2", "you cannot go out this turn, so you may not ask")
    no = deal.replace(draft=draft.replace(asked=True, answer=False))
    if not can_stay(no):
        return Violation(
            "CL-ASK-2", "if your partner said no you could not finish the turn; go out or play on"
        )
    return deal.replace(phase=Phase.ANSWER, draft=draft.replace(asked=True))


def _answer(deal: Deal, move: Move) -> Deal | Violation:
    assert isinstance(move, Answer)
    if deal.phase is not Phase.ANSWER:
        return Violation("CL-ASK-3", "nobody has asked to go out")
    return deal.replace(phase=Phase.MELD, draft=deal.draft.replace(answer=move.yes))


# --- helpers --------------------------------------------------------------------------------


def _begin_turn(deal: Deal, **changes: Any) -> Deal:
    """With ``changes`` made, pass the turn to the left (CL-TURN-6) and run what happens
    before the next player acts."""
    seat = (deal.seat + 1) % deal.seats
    after = deal.replace(
        seat=seat, phase=Phase.DRAW, draft=_NEW_TURN, turn=deal.turn + 1, **changes
    )
    after = after.lay_out_pending_red_threes()
    if after.phase is Phase.OVER:
        return after
    if not after.stock and not pile_takes(after):
        return _end(after, DealEnd.STOCK_EXHAUSTED)  # CL-EXH-3: nobody can take the pile
    return after


_NEW_TURN = TurnDraft()


def _end(deal: Deal, end: DealEnd) -> Deal:
    return deal.replace(phase=Phase.OVER, end=end)


def _unlock_if_opened(deal: Deal) -> Deal:
    """Free the pile cards once the opening minimum is reached (CL-INIT-4)."""
    if deal.draft.locked and deal.minimum_reached():
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
    return Cards(bytes(max(0, a - b) for a, b in zip(wanted.counts, held.counts, strict=True)))


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


def _with_meld(melds: tuple[Meld, ...], meld: Meld) -> tuple[Meld, ...]:
    kept = [m for m in melds if m.rank is not meld.rank]
    return tuple(sorted([*kept, meld], key=lambda m: m.rank.order))


_HANDLERS = {
    Draw: _draw,
    TakePile: _take_pile,
    Pass: _pass,
    LayMeld: _lay_meld,
    AddToMeld: _add_to_meld,
    Discard: _discard,
    Ask: _ask,
    Answer: _answer,
}
