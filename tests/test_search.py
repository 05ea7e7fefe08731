"""The two solvers of "can this turn still be finished?" against each other.

The planner (``canasta._engine.search.planner``) counts; the reference solver
(``canasta._engine.search.reference``) plays every step out with the rules of the turn. On
every position tried they must agree, for each question the engine asks: a position the
planner wrongly calls finishable would be a dead end, and one it wrongly calls stuck a legal
turn the generator never offers. The positions are those of random games under rule sets of
every family, player count and drawn house rule (numbers included), with the hand cut down
to a few cards so that the reference's exhaustive search stays quick, and those one meld step
away from them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from fuzz.options import random_rules
from hypothesis import example, given, settings
from hypothesis import strategies as st
from internals import Deal, melded
from profiles import examples

import canasta
from canasta import Cards, Game, Meld, Phase, RuleSet
from canasta._engine import finishing
from canasta._engine.search import planner, reference
from canasta._engine.steps import meld_steps

MAX_HAND = 8

any_rules = st.integers(0, 2**32).map(lambda seed: random_rules(random.Random(seed)))


def cut(deal: Deal, rng: random.Random) -> Deal:
    """The deal with the hand of the player to act cut to at most :data:`MAX_HAND` cards,
    the pile cards still locked kept."""
    hand, locked = deal.hand, deal.draft.locked
    if len(hand) <= MAX_HAND:
        return deal
    rest = list(hand - locked)
    kept = Cards.of(rng.sample(rest, min(len(rest), max(1, MAX_HAND - len(locked))))) + locked
    return deal.replace(hands=(*deal.hands[: deal.seat], kept, *deal.hands[deal.seat + 1 :]))


def positions(rules: RuleSet, seed: int) -> Iterator[Deal]:
    """Meld-phase deals of a random game, cut, and the deals one meld step away from them
    (made by the rules of melds, without the look-ahead)."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    number = game.deal_number
    while not game.is_over and game.deal_number == number:
        deal = game.deal
        if deal.phase is Phase.MELD:
            small = cut(deal, rng)
            yield small
            steps = meld_steps(small.usable, small.melds[small.side], rules)
            for step in rng.sample(steps, min(3, len(steps))):
                after = melded(small, step.cards, step.target, step.result)
                if after.hand:
                    yield after
        moves = list(game.legal_moves())
        if not moves:
            return
        game = game.apply(rng.choice(moves))


def answers(solver: object, deal: Deal) -> tuple[bool, bool, bool, bool]:
    return (
        solver.can_finish(deal),  # type: ignore[attr-defined]
        solver.can_stay(deal),  # type: ignore[attr-defined]
        solver.can_go_out(deal),  # type: ignore[attr-defined]
        solver.can_go_out(deal, permitted=True),  # type: ignore[attr-defined]
    )


@settings(max_examples=examples(25), deadline=None)
# Black threes laid in a turn after the last red three (CL-EXH-1, CL-B3-3): the reference
# let the player pass though they must go out (session 42).
@example(rules=random_rules(random.Random(139953382)), seed=139953382)
@given(rules=any_rules, seed=st.integers(0, 2**32))
def test_the_planner_agrees_with_the_reference(rules: RuleSet, seed: int) -> None:
    for deal in positions(rules, seed):
        assert answers(planner, deal) == answers(reference, deal), (rules, seed, deal)


@pytest.mark.parametrize("name", canasta.rule_set_names())
def test_the_planner_agrees_with_the_reference_in_every_preset(name: str) -> None:
    for players in (2, 4):
        rules = canasta.find_rules(name, players=players)
        for seed in range(3):
            for deal in positions(rules, seed):
                assert answers(planner, deal) == answers(reference, deal), (name, seed, deal)


def searched_afresh(deal: Deal) -> tuple[bool, bool, bool, bool]:
    """:func:`answers` of the reference, each by a search of its own."""
    permitted = deal.replace(draft=deal.draft.replace(answer=True))
    return (
        reference._Explorer(stay=True, out=True).finishable(deal),
        reference._Explorer(stay=True, out=False).finishable(deal),
        reference._Explorer(stay=False, out=True).finishable(deal),
        reference._Explorer(stay=False, out=True).finishable(permitted),
    )


@settings(max_examples=examples(25), deadline=None)
@given(rules=any_rules, seed=st.integers(0, 2**32))
def test_the_reference_answers_the_questions_of_a_turn_as_searches_of_their_own(
    rules: RuleSet, seed: int
) -> None:
    """The reference goes on with the search of a turn, and the positions it answered, from
    one question of the turn to the next: each answer is the one a search of its own gives."""
    canasta.clear_caches()
    for deal in positions(rules, seed):
        assert answers(reference, deal) == searched_afresh(deal), (rules, seed, deal)


def test_the_engine_answers_with_the_solver_it_is_told_to_use() -> None:
    assert finishing.solver_name() in ("planner", "reference")
    with finishing.using("reference"):
        assert finishing.solver_name() == "reference"
    with finishing.using("planner"):
        assert finishing.solver_name() == "planner"


# --- scenarios ------------------------------------------------------------------------------


def test_CL_MELD_6_a_sequence_no_card_can_join_still_stops_another_of_its_suit() -> None:
    """Classic with sequences (one meld a family): the side's 4D 5D 6D takes none of the
    hand's diamonds, but 10D JD QD may not start a second sequence of diamonds, so the player
    cannot go out (the spades' canasta made with the AS, the 4H discarded). The going-out
    search once set the finished sequence aside and then let the diamonds start another: it
    offered "ask" (CL-ASK-2), and a "yes" left the player bound to go out with no way to
    (found by ``test_the_planner_agrees_with_the_reference``, Classic for five)."""
    rules = canasta.find_rules("classic", players=4).with_options(
        canasta_size=6, sequences_allowed=True
    )
    game = Game.from_position(
        rules,
        hands=["4H 10D JD QD", "4C 5C 6C", "7C 8C 9C", "8H 8S 8D"],
        melds=[["9S 10S JS QS KS", "4D 5D 6D"], []],
        pile="KH",
        draws="AS",
        melded_players=[0],
    ).apply(canasta.Draw())
    assert not reference.can_go_out(game.deal)
    assert not planner.can_go_out(game.deal)
    assert canasta.Ask() not in game.legal_moves()
    several = game.deal.replace(rules=attrs.evolve(rules, several_melds_per_rank=True))
    assert planner.can_go_out(several)
    assert reference.can_go_out(several)


def test_HW_MRG_1_going_out_by_merging_two_melds_of_a_rank() -> None:
    """Two melds of kings of four and three cards merge into a canasta (HW-MRG-1): with
    that canasta and the sevens', the side may go out, and the planner says so."""
    rules = canasta.find_rules("hollywood")
    game = Game.from_position(
        rules,
        hands=["QC QD QH 5C", "4C 4D 4H", "6C 6D 6H", "8C 8D 8H"],
        melds=[["KC KD KH KS", "KC KD KH", "7C 7C 7D 7D 7H 7H 7S"], []],
        pile="9S",
        draws="QS QS",
        melded_players=[0],
    ).apply(canasta.Draw())
    deal = game.deal
    assert planner.can_go_out(deal)
    assert reference.can_go_out(deal)
    without_merges = attrs.evolve(rules, merging_allowed=False)
    assert not planner.can_go_out(deal.replace(rules=without_merges))


def test_HW_MRG_1_a_merge_that_makes_the_canasta_comes_before_the_last_meld() -> None:
    """Two melds of aces merge into the one canasta going out needs (canastas_to_go_out=1),
    and the tens melded last empty the hand. The reference once tried the steps of a
    settled turn strictly by their melds' ranks, so it never merged the aces (A) before the
    tens (10), and going out, judged when the last card is melded, was refused."""
    rules = canasta.find_rules("hollywood").with_options(canastas_to_go_out=1)
    aces = ["AC AC AS AS 2D", "AC AD AD"]
    game = Game.from_position(
        rules,
        hands=["6S 6S 6S 10C", "4C 5C 6C", "7H 8C 9C", "8H 8S 8D"],
        melds=[["QD QH QH 2C JK", *aces, "7C 7C 7D 7S 7S", "9D 9H 9H"], []],
        pile="KH",
        draws="10C 10H",
        melded_players=[0],
    ).apply(canasta.Draw())
    sixes = game.apply(canasta.LayMeld("6S 6S 6S"))
    assert reference.can_go_out(sixes.deal)
    assert planner.can_go_out(sixes.deal)
    out = sixes.apply(canasta.MergeMelds(1, 2)).apply(canasta.LayMeld("10C 10C 10H"))
    assert out.results[-1].went_out == 0


OURS_BEFORE_THE_HEARTS = ["6C 6D 6S 2S", "5C 5H 5S 5S", "KC KC KC KH KS"]
OURS_AFTER_THE_HEARTS = ["4C 4D 4H 2D", "10C 10D 10S 10S", "5C 6C 7C", "QH KH AH"]


def test_HW_MRG_1_a_wild_card_fills_the_rank_between_two_sequences_that_then_merge() -> None:
    """Hearts 6H-10H and QH KH AH: the JK added as the jack makes them meet, and merged
    they are the second canasta (the tens the first); the QC is discarded, the 5D joins the
    fives. The planner's search merged sequences only where they met, and said the hand
    could not go out, a legal step refused; the reference found it (found by
    ``test_every_step_answered_from_related_steps_agrees_with_its_own_search``, seed
    4294967295, where the player had laid black threes and had to go out)."""
    game = Game.from_position(
        canasta.find_rules("hollywood", players=3),
        hands=["5D 9H 10C 10D 10H 10S", "4S 5S 7S 8S", "7D 8D 9D JD"],
        melds=[[*OURS_BEFORE_THE_HEARTS, "6H 7H 8H", *OURS_AFTER_THE_HEARTS], [], []],
        pile="KD",
        draws="QC JK",
        melded_players=[0],
    ).apply(canasta.Draw())
    after = game.apply(canasta.AddToMeld(None, "9H 10H", meld=3))
    assert reference.can_go_out(after.deal)
    assert planner.can_go_out(after.deal)


def test_CL_CONC_4_a_concealed_going_out_under_never_may_use_the_pile_cards() -> None:
    """With ``concealed_min_rule="never"`` a concealed going out needs no minimum, the pile
    cards included (CL-CONC-4, CL-INIT-4): the natural pair takes the pile although the
    opening could not reach 120 without the locked nine."""
    rules = canasta.RuleSet.classic(4, concealed_min_rule="never")
    game = Game.from_position(
        rules,
        hands=["4C 4C 4H 4H 4S 4S 5C 5D 5H", "6C 6D 6H", "8C 8D", "7C 7D 7H"],
        pile="4D 9S",
        scores=[3000, 0],
    )
    take = canasta.TakePile("4C 4C")
    assert game.explain(take) is None
    after = game.apply(take)
    assert after.draft.locked == Cards.parse("9S")
    meld = canasta.AddToMeld(canasta.Rank.FOUR, "4H 4H 4S 4S")
    assert after.explain(meld) is None
    out = after.apply(meld).apply(canasta.LayMeld("5C 5D 5H"))
    assert out.draft.concealed_only is False  # no pile card melded yet
    last = out.apply(canasta.Discard("9S"))
    assert last.results[-1].concealed
    strict = canasta.RuleSet.classic(4)  # pile_only: the minimum is owed after a take
    game = attrs.evolve(game, rules=strict, deal=game.deal.replace(rules=strict))
    assert game.explain(take) is not None


def test_CL_INIT_4_pile_cards_melded_before_the_minimum_oblige_a_concealed_going_out() -> None:
    """Under ``concealed_min_rule="never"`` a pile card may be melded before the minimum
    only toward a concealed going out (CL-CONC-4): once one is, the turn must end so, even
    after the minimum is reached."""
    rules = canasta.RuleSet.classic(4, concealed_min_rule="never")
    game = Game.from_position(
        rules,
        hands=["9C 9C 4C 4C 4H 4H 4S 4S 5C 5D 5H KS", "6C 6D 6H", "8C 8D", "7C 7D 7H"],
        pile="9D 9H 4D",
    ).apply(canasta.TakePile("9C 9C"))
    assert game.draft.locked == Cards.parse("4D 9H")
    with_pile_card = game.apply(canasta.LayMeld("4D 4H 4H"))
    assert with_pile_card.draft.concealed_only
    assert with_pile_card.draft.locked == Cards.parse("9H")
    reached = with_pile_card.apply(canasta.LayMeld("5C 5D 5H"))
    assert reached.draft.points >= reached.deal.minimums[0]
    assert not reached.draft.locked
    refusal = reached.explain(canasta.Discard("KS"))
    assert refusal is not None
    assert refusal.rule == "CL-CONC-4"


def test_HW_B3_3_black_threes_with_many_cards_left_are_laid_when_going_out_follows() -> None:
    """A meld of black threes is legal whenever the player can go out after it this turn
    (HW-B3-3), however many cards stay in the hand: no limit of ten."""
    rules = canasta.find_rules("hollywood")
    hand = "3C 3C 3S 4H 5H 6H 7H 8H 9H 10H JH QC QD QH KC KD KH AC AD"
    game = Game.from_position(
        rules,
        hands=[hand, "4C 4D 4S", "6C 6D 6S", "8C 8D 8S"],
        melds=[["7C 7C 7D 7D 7S 7S 2C", "5C 5D 5S"], []],
        pile="9S",
        draws="AH AS",
        melded_players=[0],
    ).apply(canasta.Draw())
    threes = canasta.LayMeld("3C 3C 3S")
    assert len(game.hand(0)) - 3 > 10
    assert game.explain(threes) is None
    assert threes in list(game.legal_moves())


def test_MV_CARDS_and_MV_MELD_are_cited_where_the_three_deck_rules_have_no_rule() -> None:
    game = Game.from_position(
        "hollywood",
        hands=["KH KS KD 5C 9S 7D 4C", "4D 4H 4S", "6C 6D 6H", "8C 8D 8H"],
        melds=[["QD QH QS"], []],
        pile="8S",
        draws="4C 4D",
        melded_players=[0],
    ).apply(canasta.Draw())
    assert game.explain(canasta.Discard("JK")).rule == "MV-CARDS"  # type: ignore[union-attr]
    assert game.explain(canasta.parse_move("add #5 KH")).rule == "MV-MELD"  # type: ignore[union-attr]
    classic = Game.from_position(
        "classic",
        hands=["KH KS KD 5C 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        pile="8S",
    ).apply(canasta.Draw())
    assert classic.explain(canasta.Discard("JK")).rule == "CL-DISC-1"  # type: ignore[union-attr]


def test_CL_CAN_1_one_definition_of_a_canasta_honours_canasta_size() -> None:
    """The reproduction of the dead end with ``canasta_size=6`` (CL-CAN-1): after the meld
    the player may go out, and does."""
    rules = attrs.evolve(canasta.find_rules("bolivia", players=2), canasta_size=6)
    game = Game.from_position(
        rules,
        hands=["QC QD QS", "6C 6D 6S 9C 9D"],
        melds=[["4H 5H 6H 7H 8H 9H", "KH KS KD KC KH KS"], []],
        draws="QH 5C",
        melded_players=[0],
    ).apply(canasta.Draw())
    step = canasta.LayMeld(Cards.parse("QC QD QS QH"))
    assert step in list(game.legal_moves())
    after = game.apply(step)
    assert list(after.legal_moves()) == [canasta.Discard("5C")]
    assert Meld.of("KH KS KD KC KH KS").is_canasta_under(rules)


# --- the reference solver's plain bounds ------------------------------------------------------


def positions_searched(deal: Deal, *, stay: bool, out: bool) -> tuple[bool, int]:
    """The reference's answer for ``deal`` and how many positions its search answered."""
    explorer = reference._Explorer(stay=stay, out=out)
    return explorer.finishable(deal), len(explorer.answered)


def test_BO_OUT_1_the_reference_stops_where_no_escalera_can_be_made() -> None:
    """Going out in Bolivia needs an escalera (BO-OUT-1): with no seven ranks in a row of
    one suit among the cards in hand (the hearts run from 5 to 8 and stop), the reference
    refuses going out without trying a step."""
    game = Game.from_position(
        "bolivia",
        hands=["4C 4D 4S 9C 9D 9S JC JD JS AC AD AS 10C 10D 10H 2D", "6C 6D 6S", "8C", "7S"],
        melds=[["KH KS KD KC KH KS KD", "QC QD QH QS QC QD 2C", "5H 6H 7H 8H"], []],
        draws="JK 4H",
        melded_players=[0],
    ).apply(canasta.Draw())
    assert planner.can_go_out(game.deal) is False
    assert positions_searched(game.deal, stay=False, out=True) == (False, 1)


def test_CL_MELD_5_the_reference_stops_where_wild_cards_cannot_fill_the_new_melds() -> None:
    """Four pairs with no meld of their rank need a wild card each to make new melds of
    three cards (CL-MELD-5): with one joker the hand cannot be melded out, and the reference
    says so without trying a step."""
    game = Game.from_position(
        "classic",
        hands=["5C 5D 6C 6D 7C 7D 8C 8D", "4C 4D 4H", "9C 9D", "10C 10D 10H"],
        melds=[["KH KS KD KC KH KS KD"], []],
        draws="JK",
        melded_players=[0],
    ).apply(canasta.Draw())
    assert planner.can_go_out(game.deal) is False
    assert positions_searched(game.deal, stay=False, out=True) == (False, 1)


def test_CL_B3_3_the_reference_stops_where_black_threes_cannot_be_melded() -> None:
    """Black threes are melded three or four at a time (CL-B3-3): two of them cannot be,
    and only one can be the last discard, so the reference refuses going out without trying
    a step."""
    game = Game.from_position(
        "classic",
        hands=["3C 3S 5C 5D 5H 6C 6D 6H 7C 7D", "4C 4D 4H", "9C 9D", "10C 10D 10H"],
        melds=[["KH KS KD KC KH KS KD"], []],
        draws="7H",
        melded_players=[0],
    ).apply(canasta.Draw())
    assert planner.can_go_out(game.deal) is False
    assert positions_searched(game.deal, stay=False, out=True) == (False, 1)
