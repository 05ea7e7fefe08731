"""The answers one search of a position gives its other meld steps (canasta._engine.verdicts)
where the pile was taken before the opening and its cards, locked until the minimum
(CL-INIT-4), may be melded all the same for a concealed going out that needs no minimum
(CL-CONC-4, ``concealed_min_rule="never"``): a step that melds one obliges the player to go
out, so there the largest step of the list that is it followed by one addition is asked
first, as where black threes oblige it (CL-B3-3). Each step is legal by
:class:`Verdicts` exactly when the validator accepts it, searching that step alone."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest
from fuzz.options import random_rules
from hypothesis import example, given, settings
from hypothesis import strategies as st
from internals import Deal

import canasta
import canasta._engine.verdicts as verdicts
from canasta import Cards
from canasta._engine.steps import steps_with_locked
from canasta._engine.transitions import check
from canasta._engine.verdicts import Verdicts

DATA = Path(__file__).parent / "data" / "slow26"
BOLIVIA = "bolivia-3p-hand-size-3-51-cards-after-taking-the-pile.json"


def _locked_meld_phases(seed: int, most: int) -> list[Deal]:
    """Deals of a random game's first deal (random house rules of every family, with a
    concealed going out that needs no minimum) in the meld phase where locked pile cards may
    be melded: up to ``most``. The walk takes the pile where it may, most of the time."""
    rng = random.Random(seed)
    rules = random_rules(rng).with_options(concealed_min_rule="never")
    with contextlib.suppress(canasta.RuleSetError):  # a hand as large as the pack allows
        rules = rules.with_options(
            hand_size=rng.randint(rules.hand_size, max(rules.hand_size, 40))
        )
    game = canasta.Game.new(rules, seed=seed)
    number = game.deal_number
    found: list[Deal] = []
    while not game.is_over and game.deal_number == number and len(found) < most:
        deal = game.deal
        if deal.phase is canasta.Phase.MELD and verdicts.may_use_locked(deal):
            found.append(deal)
        moves = list(game.legal_moves())
        if not moves:
            break
        takes = [move for move in moves if isinstance(move, canasta.TakePile)]
        game = game.apply(rng.choice(takes if takes and rng.random() < 0.8 else moves))
    return found


def _meldable_hand(deal: Deal, rng: random.Random) -> Deal:
    """``deal`` with the player's hand replaced by one made mostly of melds of one rank (two
    to four ranks, three to nine cards each, up to two wild cards, one card more to discard),
    a random part of it locked: a hand that can often go out concealed, with or without a
    given step, which random play seldom deals."""
    decks = deal.rules.decks
    cards = []
    for rank in rng.sample(["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], 4):
        suits = [suit for suit in "CDHS" for _ in range(decks)]
        cards += [rank + suit for suit in rng.sample(suits, rng.randint(3, min(9, len(suits))))]
    cards += rng.sample(["2C", "2D", "JK", "2S"], rng.randint(0, 2))
    hand = Cards.parse(" ".join(cards))
    locked = Cards.parse(" ".join(card for card in cards if rng.random() < 0.6))
    hands = list(deal.hands)
    hands[deal.seat] = hand
    return deal.replace(hands=tuple(hands), draft=deal.draft.replace(locked=locked))


def _verdicts_agree(deal: Deal) -> list[bool]:
    """Each step of ``deal``'s list (the usable cards' and then the whole hand's), and each
    other choice of suits, asked in the generator's order: :class:`Verdicts` answers it as
    :func:`check` does, searching that step alone. The answers."""
    melds = deal.melds[deal.side]
    steps = steps_with_locked(deal.usable, deal.hand, melds, deal.rules, by_count=True)
    asked = Verdicts(deal, steps)
    by_position = deal.rules.melds_by_position
    answers = []
    for step in steps:
        for each in (step, *step.others()):
            move = each.move(by_position=by_position)
            alone = check(deal, move) is None
            assert asked.legal(each, move) is alone, move
            answers.append(alone)
    return answers


@pytest.mark.planner_only(
    reason="asks the validator of every step of random games; on the reference a whole "
    "random game under drawn house rules can take minutes"
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
@example(seed=9)
@example(seed=38)
def test_cl_conc_4_steps_with_locked_pile_cards_answered_as_their_own_search(seed: int) -> None:
    """In random games of every rule set under drawn house rules, after the pile was taken
    before the opening with a concealed going out that needs no minimum: every step, with
    locked pile cards or without, answered from related steps (the larger ones asked first
    where the step obliges going out) as its own search answers it; also with the hand
    replaced by one made mostly of melds, which can often go out concealed."""
    rng = random.Random(seed)
    for deal in _locked_meld_phases(seed, most=3):
        _verdicts_agree(deal)
        made = _meldable_hand(deal, rng)
        if verdicts.may_use_locked(made):
            _verdicts_agree(made)


@pytest.mark.planner_only(
    reason="a saved slow position of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
def test_cl_conc_4_larger_steps_answered_first_in_a_hand_that_can_go_out_concealed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bolivia for three, 51 cards after taking the pile before the opening (the minimum
    not reached): almost every step melds a locked pile card, so it obliges a concealed
    going out, which this hand can make with most of them. Asking first the largest step of
    the list that is such a step followed by one addition answers the smaller ones: the
    verdicts agree with each step's own search, from at most 60 searches (212 before, each
    step searched; 57 when written). The opening count past the minimum differs between a
    step and a smaller one followed by an addition (only the first step's cards count, then
    the minimum is reached), and no rule reads it then."""
    text = (DATA / BOLIVIA).read_text(encoding="utf-8")
    deal = canasta.Game.from_json(text).deal
    assert verdicts.may_use_locked(deal)
    assert _verdicts_agree(deal).count(True) > 200
    searches: list[object] = []
    check_built = verdicts.check_built

    def counted(*args: object) -> bool:
        searches.append(args)
        return check_built(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(verdicts, "check_built", counted)
    canasta.clear_caches()
    canasta.Game.from_json(text)  # lists the moves
    assert len(searches) <= 60


@pytest.mark.planner_only(
    reason="plays random games; on the reference a whole random game under drawn house rules "
    "can take minutes"
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), more=st.integers(0, 200))
@example(seed=9, more=5)
def test_cl_init_2_opening_count_past_the_minimum_changes_no_answer(seed: int, more: int) -> None:
    """Whether the turn can be finished (by staying or by going out) is the same for a deal
    whose opening count reached the minimum this turn as for the same deal with any other
    count past it, in random games and with hands made mostly of melds: no rule reads the
    count once the minimum is reached (CL-INIT-1, CL-INIT-4: later cards add nothing), which
    :class:`Verdicts` relies on to relate steps whose counts differ only there."""
    finishing = verdicts.finishing
    rng = random.Random(seed)
    found = _locked_meld_phases(seed, most=3)
    for deal in found + [_meldable_hand(deal, rng) for deal in found]:
        minimum = deal.minimums[deal.side]
        draft = deal.draft.replace(points=minimum, locked=deal.hand - deal.hand)
        reached = deal.replace(draft=draft)
        past = deal.replace(draft=draft.replace(points=minimum + 5 * more))
        assert reached.minimum_reached()
        for question in (finishing.can_finish, finishing.can_stay, finishing.can_go_out):
            assert question(reached) is question(past), question
