"""The answers one search of a position gives its other meld steps (canasta._engine.verdicts)
are the validator's: in positions where every step must go out (black threes laid, CL-B3-3),
each step of the generator's list, and each other choice of suits, is legal by
:class:`Verdicts` exactly when :meth:`Game.explain` accepts it, and fewer searches are made
than steps asked."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from fuzz.options import random_rules
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, Deal
from play_helpers import meld_phases
from profiles import examples

import canasta
import canasta._engine.verdicts as verdicts
from canasta import MeldKind
from canasta._engine.step_relations import _Answer, _plain_steps
from canasta._engine.steps import meld_steps, steps_with_locked
from canasta._engine.transitions import check
from canasta._engine.verdicts import Verdicts

DATA = Path(__file__).parent / "data" / "slow26"
#: The mark of the tests that ask the validator of every step of random games.
_EVERY_STEP_OF_RANDOM_GAMES = pytest.mark.planner_only(
    reason="asks the validator of every step of random games; on the reference a whole "
    "random game under drawn house rules can take minutes"
)


def calls_of(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[object, ...]]:
    """The calls :class:`Verdicts` makes of its module's function ``name`` (the searches it
    asks), recorded from now on."""
    calls: list[tuple[object, ...]] = []
    function = getattr(verdicts, name)

    def counted(*args: object) -> object:
        calls.append(args)
        return function(*args)

    monkeypatch.setattr(verdicts, name, counted)
    return calls


@pytest.mark.parametrize(
    "name",
    ["hollywood-5p-36-cards-after-black-threes.json", "samba-4p-31-cards-after-black-threes.json"],
)
def test_cl_b3_3_steps_answered_from_related_steps_agree_with_explain(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    deal = game.deal
    assert deal.draft.black_threes  # every step must go out
    searches = calls_of(monkeypatch, "check_built")
    by_position = deal.rules.melds_by_position
    asked = Verdicts(deal)
    steps = [
        each
        for step in meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
        if step.kind is not MeldKind.BLACK_THREES
        for each in (step, *step.others())
    ]
    for step in steps:
        move = step.move(by_position=by_position)
        assert asked.legal(step, move) is (game.explain(move) is None), move
    assert len(searches) < 0.7 * len(steps)  # 95 of 152 and 68 of 155 when written


@pytest.mark.planner_only(
    reason="a saved slow position of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
def test_cl_b3_3_melds_of_black_threes_refused_once_going_out_is_impossible(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Twelve melds of black threes from a hand that cannot go out: the validator's verdict
    for each, from two checks and one going-out question."""
    name = "hollywood-2p-42-cards-after-taking-the-pile.json"
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    deal = game.deal
    checks = calls_of(monkeypatch, "check_built")
    asked = Verdicts(deal)
    steps = [
        step
        for step in meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
        if step.kind is MeldKind.BLACK_THREES
    ]
    assert len(steps) == 12
    for step in steps:
        move = step.move(by_position=deal.rules.melds_by_position)
        assert isinstance(move, canasta.LayMeld)
        assert not asked.black_threes_legal(step, move)
        assert game.explain(move) is not None
    assert len(checks) == 2


def test_cl_init_1_steps_short_of_the_minimum_composed_with_a_following_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An opening that owes 50 points: three kings (30) or three queens (30) alone fall
    short, each followed by the other reaches it; two kings and a two (40) fall short, the
    third king added reaches it. The verdicts agree with ``explain`` and need no search."""
    game = canasta.Game.from_position(
        "classic",
        hands=["KH KS KD QH QS QD 2C 5C 6D 9H", "4C 4D 4H"],
        players=2,
        phase="meld",
        drew=True,
    )
    deal = game.deal
    assert deal.draft.opening
    assert deal.minimums[deal.side] == 50
    searches = calls_of(monkeypatch, "check_built")
    steps = meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
    asked = Verdicts(deal, steps)
    assert asked.limits is not None
    short = [step for step in steps if step.points < 50]
    shown = {str(step.cards) for step in short}
    assert {"KD KH KS", "QD QH QS", "KD KH 2C"} <= shown, shown
    for step in short:
        move = step.move(by_position=False)
        assert asked.legal(step, move) is (game.explain(move) is None), move
    assert searches == []


@pytest.mark.parametrize("quick", [False, True])
def test_cl_b3_3_two_melds_of_black_threes_refused_without_the_going_out_question(
    monkeypatch: pytest.MonkeyPatch, quick: bool
) -> None:
    """Four black threes make two melds (three or four of them), both refused in a hand
    that cannot go out: the two checks tell, and whether the player can go out at all is
    asked only if a third meld of black threes comes. With the going-out search's quick
    tests of the hand and melds after each (``quick``: four natural cards of four ranks
    with nowhere to go, :func:`~canasta._engine.finishing.black_threes_plain`), where the
    planner answers, no check at all."""
    if not quick:
        monkeypatch.setattr(verdicts.finishing, "black_threes_plain", lambda *args: None)
    game = canasta.Game.from_position(
        "classic",
        hands=["3C 3C 3S 3S 5H 6D 9C KH", "4C 4D 4H"],
        players=2,
        phase="meld",
        drew=True,
    )
    deal = game.deal
    checks = calls_of(monkeypatch, "check_built")
    questions: list[object] = []
    monkeypatch.setattr(verdicts.finishing, "can_go_out", questions.append)
    asked = Verdicts(deal)
    steps = [
        step
        for step in meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
        if step.kind is MeldKind.BLACK_THREES
    ]
    assert len(steps) == 2
    for step in steps:
        move = step.move(by_position=False)
        assert isinstance(move, canasta.LayMeld)
        assert not asked.black_threes_legal(step, move)
        assert game.explain(move) is not None
    planner = verdicts.finishing.solver_name() == "planner"  # the reference checks them all
    assert len(checks) == (0 if quick and planner else 2)
    assert questions == []


@pytest.mark.planner_only(
    reason="a saved slow position of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
def test_cl_b3_3_melds_of_black_threes_after_a_legal_one_never_ask_the_going_out_question(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hollywood for six after taking the pile: of its five melds of black threes the first,
    3C 3C 3S, is legal, the others (with wild cards) refused. Once one is legal the player
    can go out (lay it, then go out), so whether it can from the position itself is never
    asked, though more than two are refused; each verdict is still the validator's."""
    name = "hollywood-6p-wild-ratio-33-cards-after-taking-the-pile.json"
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    deal = game.deal
    questions: list[object] = []
    monkeypatch.setattr(verdicts.finishing, "can_go_out", questions.append)
    asked = Verdicts(deal)
    steps = [
        step
        for step in meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
        if step.kind is MeldKind.BLACK_THREES
    ]
    legal = []
    for step in steps:
        move = step.move(by_position=deal.rules.melds_by_position)
        assert isinstance(move, canasta.LayMeld)
        legal.append(asked.black_threes_legal(step, move))
        assert legal[-1] is (game.explain(move) is None), move
    assert legal == [True, False, False, False, False]
    assert questions == []


@pytest.mark.planner_only(
    reason="a saved slow position of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
@pytest.mark.parametrize(
    ("name", "most"),
    [
        ("samba-5p-one-wild-card-a-sequence-40-cards-after-black-threes.json", 80),
        ("samba-4p-31-cards-after-black-threes.json", 60),
        ("hollywood-3p-ask-mandatory-35-cards-after-black-threes.json", 69),
        ("hollywood-5p-min-naturals-2-44-cards-after-black-threes.json", 70),
        ("bolivia-3p-draw-one-50-cards-after-black-threes.json", 186),
    ],
)
def test_cl_b3_3_larger_steps_of_the_list_answered_first_agree_with_explain(
    name: str, most: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the position's list given, a step asks first the largest step of the list that
    is it followed by one addition: where that is legal, so is the step, with no search of
    its own. The verdicts agree with ``explain``, from at most ``most`` searches (156 of
    the 388 made before the larger steps were asked first, and 57 of 95, when written; 71
    and 54 since steps that swap wild cards, or the suits of a meld of one rank, are
    answered from each other, :meth:`Verdicts._swapped`). A step of one rank with no wild
    card whose largest larger step is refused asks the next one too: the Hollywood hand of
    35 cards (``ask_permission="mandatory"``) 67 searches of its 284 steps, 72 before.
    Below a refused larger step with the same wild cards, the larger steps are asked too
    where most such steps were legal so far (``Verdicts._below``): Hollywood for five with
    ``min_naturals=2`` 81 -> 73 searches of 684 steps, Bolivia for three with
    ``draw_count=1`` 297 -> 186 of 1,129. A step with wild cards whose largest larger step
    with as many is refused asks up to two more (``verdicts._WILD_TRIES``): Hollywood for
    five 71 -> 68, Bolivia for three 92 -> 88, Hollywood for three 66 -> 69 (its bound
    was 67)."""
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    deal = game.deal
    assert deal.draft.black_threes  # every step must go out
    searches = calls_of(monkeypatch, "check_built")
    by_position = deal.rules.melds_by_position
    steps = [
        step
        for step in meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
        if step.kind is not MeldKind.BLACK_THREES
    ]
    asked = Verdicts(deal, steps)
    for step in steps:
        for each in (step, *step.others()):
            move = each.move(by_position=by_position)
            assert asked.legal(each, move) is (game.explain(move) is None), move
    assert len(searches) <= most


def test_cl_init_4_steps_with_locked_pile_cards_composed_with_no_other_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Classic for four under drawn house rules, after taking the pile: 58 of 63 cards in
    hand are locked pile cards, and of some 300 steps only two are legal. A step that melds
    a locked card is never paired with the list's steps to compose a plain finish (it could
    not be: the discard after a composition needs every card melded before it usable); the
    verdicts still agree with ``explain``."""
    name = "classic-4p-drawn-house-rules.json"
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    deal = game.deal
    assert deal.draft.locked
    melds = deal.melds[deal.side]
    steps = steps_with_locked(deal.usable, deal.hand, melds, deal.rules, by_count=True)
    asked = Verdicts(deal, steps)
    assert asked.limits is not None
    assert asked.limits.usable is not None
    locked = [step for step in steps if not asked.limits.usable.issuperset(step.cards)]
    assert len(locked) > 200
    pairings = calls_of(monkeypatch, "grows")
    for step in locked:
        move = step.move(by_position=False)
        assert asked.legal(step, move) is (game.explain(move) is None), move
    assert pairings == []  # 89,999 pairings before


def _meld_phases(seed: int, most: int, *, merging: bool = False) -> list[Deal]:
    """Deals of a random game's first deal (random house rules, every family, drawn options)
    in the meld phase with three cards or more in hand: up to ``most`` as they are, and up
    to ``most`` with the player obliged to go out (black threes laid, CL-B3-3) where the
    player can (so that some steps are legal and some not). With ``merging``, the rules
    let melds of one rank merge (HW-MRG-1) where they allow it."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    if merging:
        with contextlib.suppress(canasta.RuleSetError):
            rules = attrs.evolve(rules, several_melds_per_rank=True, merging_allowed=True)
    game = canasta.Game.new(rules, seed=seed)
    number = game.deal_number
    found: list[Deal] = []
    obliged: list[Deal] = []
    while not game.is_over and game.deal_number == number and len(obliged) < most:
        deal = game.deal
        if deal.phase is canasta.Phase.MELD and len(deal.hand) >= 3:
            if len(found) < most:
                found.append(deal)
            going_out = deal.replace(draft=deal.draft.replace(black_threes=True))
            if verdicts.finishing.can_go_out(going_out):
                obliged.append(going_out)
        moves = list(game.legal_moves())
        if not moves:
            break
        game = game.apply(rng.choice(moves))
    return found + obliged


@_EVERY_STEP_OF_RANDOM_GAMES
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
@example(seed=24)  # Bolivia: 279 searches, 307 before the next larger step was asked too
@example(seed=85)  # Hollywood: 199 so, 214 before
@example(seed=100)  # Hollywood: 77 so, 91 before
@example(seed=255)  # 27 larger steps with wild cards asked after a refused one (_WILD_TRIES)
def test_every_step_answered_from_related_steps_agrees_with_its_own_search(seed: int) -> None:
    """Each step of the generator's list, and each other choice of suits, asked in the
    generator's order: :class:`Verdicts` answers it as :func:`check` does, searching that
    step alone (no answer of another step: ``check``, which :class:`Verdicts` calls only
    for melds of black threes); where the player is obliged to go out, also where cards
    are swapped for others (other wild cards, other suits of a meld of one rank,
    :meth:`Verdicts._swapped`) and the larger steps are asked first."""
    for deal in _meld_phases(seed, most=5):
        melds = deal.melds[deal.side]
        steps = meld_steps(deal.usable, melds, deal.rules, by_count=True)
        asked = Verdicts(deal, steps)
        by_position = deal.rules.melds_by_position
        for step in steps:
            if step.kind is MeldKind.BLACK_THREES or deal.draft.locked:
                continue
            for each in (step, *step.others()):
                move = each.move(by_position=by_position)
                alone = check(deal, move) is None
                assert asked.legal(each, move) is alone, (seed, move)


@_EVERY_STEP_OF_RANDOM_GAMES
@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32))
@example(seed=2)  # two players, no sequences: 12 steps answered from their partner
@example(seed=3)  # six players, sequences and melds of wild cards: 2 so
def test_hw_mrg_1_new_melds_and_additions_of_one_rank_answered_from_each_other(
    seed: int,
) -> None:
    """Where melds of one rank may merge (HW-MRG-1), a new meld of one rank is legal where
    the same cards added to the side's meld of the rank are, and the addition is refused
    where the new meld is (:func:`~canasta._engine.related_steps.merged_answer`): each step
    of random games of every rule set under drawn house rules, merging allowed where the
    rules let it be, asked in the generator's order, is answered as :func:`check` answers
    it searching that step alone, as the deals are and with the player obliged to go out."""
    answered = 0
    merged_answer = verdicts.merged_answer

    def counted(*args: Any) -> bool | None:
        nonlocal answered
        found = merged_answer(*args)
        answered += found is not None
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(verdicts, "merged_answer", counted)
        for deal in _meld_phases(seed, most=5, merging=True):
            steps = meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
            asked = Verdicts(deal, steps)
            for step in steps:
                if step.kind is MeldKind.BLACK_THREES or deal.draft.locked:
                    continue
                move = step.move(by_position=deal.rules.melds_by_position)
                alone = check(deal, move) is None
                assert asked.legal(step, move) is alone, (seed, move)
    event(f"answered from the partner: {min(answered, 5)}{'+' if answered >= 5 else ''}")


def _opening_this_turn(deal: Deal) -> Deal:
    """``deal`` with its side opening this turn, the minimum reached already (the side's
    melds laid this turn, say): a step then counts no points (CL-INIT-1, CL-INIT-4)."""
    points = max(deal.minimums[deal.side], deal.draft.points)
    draft = deal.draft.replace(opening=True, committed=True, melded=True, points=points)
    return deal.replace(draft=draft)


class _WildSwaps(Verdicts):
    """:class:`Verdicts` counting the steps answered from one with other wild cards only."""

    wild_swaps = 0

    def _swapped(self, known: Any, step: Any) -> bool:
        swapped = super()._swapped(known, step)
        naturals = slice(0, NATURAL_FACES.stop)
        if swapped and known.step.cards.counts[naturals] == step.cards.counts[naturals]:
            self.wild_swaps += 1
        return swapped


def _wild_swaps_agree(seed: int) -> int:
    """Asks each step of the deals of :func:`_meld_phases` obliged to go out (black threes
    laid, CL-B3-3), made to open this turn with the minimum reached
    (:func:`_opening_this_turn`), and each other choice of suits, in the generator's order:
    :class:`Verdicts` answers it as :func:`check` does, searching that step alone. Returns
    how many steps it answered from one with other wild cards."""
    swaps = 0
    for obliged in _meld_phases(seed, most=5):
        if not obliged.draft.black_threes or obliged.draft.locked:
            continue
        deal = _opening_this_turn(obliged)
        steps = meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
        asked = _WildSwaps(deal, steps)
        by_position = deal.rules.melds_by_position
        for step in steps:
            if step.kind is MeldKind.BLACK_THREES:
                continue
            for each in (step, *step.others()):
                move = each.move(by_position=by_position)
                alone = check(deal, move) is None
                assert asked.legal(each, move) is alone, (seed, move)
        swaps += asked.wild_swaps
    return swaps


@_EVERY_STEP_OF_RANDOM_GAMES
@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_cl_init_1_wild_cards_swapped_once_this_turns_melds_reach_the_minimum(seed: int) -> None:
    """Where the side opens this turn and its melds reach the minimum already, a step with
    other wild cards (a joker for a two) is answered from the other's answer, as where the
    side opened before the turn (:meth:`Verdicts._swapped`): the answers agree with each
    step's own search (:func:`_wild_swaps_agree`) over random rules and drawn options."""
    swaps = _wild_swaps_agree(seed)
    event(f"steps answered from other wild cards: {min(swaps, 10)}{'+' if swaps >= 10 else ''}")


@_EVERY_STEP_OF_RANDOM_GAMES
@pytest.mark.parametrize("seed", [85, 23])  # Hollywood, Samba: 100 steps each when written
def test_cl_init_1_wild_cards_swapped_in_games_that_open_so(seed: int) -> None:
    """Games whose deals, made so, answer steps from other wild cards
    (:func:`_wild_swaps_agree`): the answers agree with each step's own search."""
    assert _wild_swaps_agree(seed) > 0


@pytest.mark.planner_only(
    reason="a saved slow position of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
def test_cl_b3_3_suit_choices_of_a_meld_taking_the_last_wild_cards_refused_from_one_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Samba for five, 40 cards after black threes: two fours with both wild cards (2D and
    the joker) leave no wild card, and the hand cannot go out so. Its seven choices of suits
    are all refused, from one search: the first lays the four of diamonds and one of
    hearts, which another choice leaves in hand, where they can go into no sequence (no six
    of diamonds beside 4D 5D, no five of hearts between 4H and 6H, no wild card left to
    stand for either), so each other choice is refused as the first is, fours swapped."""
    name = "samba-5p-one-wild-card-a-sequence-40-cards-after-black-threes.json"
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    deal = game.deal
    searches = calls_of(monkeypatch, "check_built")
    steps = meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
    (step,) = [s for s in steps if str(s.cards) == "4D 4H 2D JK"]
    choices = [step, *step.others()]
    assert len(choices) == 7
    asked = Verdicts(deal)
    by_position = deal.rules.melds_by_position
    for each in choices:
        move = each.move(by_position=by_position)
        assert not asked.legal(each, move)
        assert game.explain(move) is not None
    assert len(searches) == 1


def _refuted_without_wild_cards(
    deal: Deal, spared: int | None = None
) -> list[canasta.LayMeld | canasta.AddToMeld]:
    """The steps of ``deal``'s list (and other choices of suits) that the going-out question
    with their wild cards gone and one canasta fewer, or as many where no meld of their rank
    can be a canasta, refutes (:meth:`Verdicts._stripped_out`), asked for every set of wild
    cards whether steps were refused or not; those that spare ``spared`` canastas only, if
    given."""
    steps = meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
    asked = Verdicts(deal, steps)
    # Wherever the player must go out, no melding counts toward an opening, no card locked.
    draft = deal.draft
    if not verdicts.must_go_out(draft) or not deal.minimum_reached() or draft.locked:
        return []
    refuted = []
    for step in steps:
        for each in (step, *step.others()):
            strip = asked._stripped_wilds(each)
            if strip is None or spared not in (None, strip[1]):
                continue
            asked._wild_refusals[strip[0].counts] = 2  # as if two were refused
            if asked._stripped_out(*strip) is False:
                refuted.append(each.move(by_position=deal.rules.melds_by_position))
    return refuted


@_EVERY_STEP_OF_RANDOM_GAMES
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
@example(seed=20)  # Hollywood: 51 steps refuted with no canasta spared
@example(seed=24)  # Bolivia: 30 so, where one canasta fewer is not asked (BO-OUT-1)
@example(seed=13)  # Samba: 13 so
def test_cl_b3_3_rank_steps_refuted_without_their_wild_cards_are_refused(seed: int) -> None:
    """Where the player must go out, a step of a meld of one rank with wild cards that the
    question with those wild cards gone and one canasta fewer refutes, or as many where no
    meld of the rank can be a canasta, is refused by :func:`check`, its own search: in
    random games of every rule set under drawn house rules, with the player obliged to go
    out where the player can."""
    for deal in _meld_phases(seed, most=5):
        for move in _refuted_without_wild_cards(deal):
            assert check(deal, move) is not None, (seed, move)


@pytest.mark.planner_only(
    reason="a saved slow position of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
def test_cl_b3_3_rank_steps_with_the_joker_refused_from_one_question(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hollywood for three with ``ask_permission="mandatory"``, 35 cards after black threes,
    the two and the joker the only wild cards: the hand cannot go out with the joker gone,
    even with one canasta fewer, so every meld of one rank that takes the joker and whose
    natural cards alone make a meld is refused (``explain`` agrees). Listing the moves asks
    65 searches of its steps (84 before)."""
    name = "hollywood-3p-ask-mandatory-35-cards-after-black-threes.json"
    text = (DATA / name).read_text(encoding="utf-8")
    game = canasta.Game.from_json(text)
    refuted = _refuted_without_wild_cards(game.deal)
    assert len(refuted) >= 20, refuted
    for move in refuted:
        assert game.explain(move) is not None, move
    canasta.clear_caches()
    searches = calls_of(monkeypatch, "check_built")
    canasta.Game.from_json(text)
    assert len(searches) <= 65


@pytest.mark.planner_only(
    reason="a saved slow position of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
def test_cl_b3_3_rank_steps_that_make_no_canasta_refused_without_their_wild_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hollywood for two with ``hand_size=49``, 44 cards after taking the pile and laying
    black threes (the opening minimum reached this turn): its three wild cards are owed to
    the six of clubs, the eight of hearts and the queen of diamonds, and the hand cannot go
    out with the joker gone, though it can with one canasta fewer. A meld of fours, fives,
    sevens, nines or kings can never be a canasta (four naturals at most, two wild cards),
    so each of them that takes the joker is refused from that one question, with the same
    canastas needed (``explain`` agrees). Listing the moves asks 118 searches of its steps
    (160 before), beside seven such questions."""
    name = "hollywood-2p-hand-size-49-44-cards-after-taking-the-pile.json"
    text = (DATA / name).read_text(encoding="utf-8")
    game = canasta.Game.from_json(text)
    refuted = _refuted_without_wild_cards(game.deal, spared=0)
    assert len(refuted) >= 20, refuted
    assert any(str(move) == "meld 4C 4D 4S JK" for move in refuted), refuted
    for move in refuted:
        assert game.explain(move) is not None, move
    canasta.clear_caches()
    searches = calls_of(monkeypatch, "check_built")
    canasta.Game.from_json(text)
    assert len(searches) <= 118


def _larger_steps_of_other_families(deal: Deal) -> int:
    """Checks that of the steps of ``deal``'s list as the move generator makes it (with
    locked pile cards where they may be melded), a larger step of the kind and target of
    another whose cards hold the other's is of its family (``Verdicts._listed``, which keys
    the larger steps :meth:`Verdicts._larger_legal` asks by target and family, relies on
    it); returns how many such pairs there were."""
    melds = deal.melds[deal.side]
    if verdicts.may_use_locked(deal):
        steps = steps_with_locked(deal.usable, deal.hand, melds, deal.rules, by_count=True)
    else:
        steps = meld_steps(deal.usable, melds, deal.rules, by_count=True)
    pairs = 0
    for smaller in steps:
        for larger in steps:
            if (
                larger.size > smaller.size
                and larger.kind is smaller.kind
                and larger.target == smaller.target
                and larger.cards.issuperset(smaller.cards)
            ):
                assert verdicts.family(larger) == verdicts.family(smaller), (smaller, larger)
                pairs += 1
    return pairs


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_larger_steps_holding_a_steps_cards_are_of_its_family(seed: int) -> None:
    """A step of the list whose cards hold those of a smaller step of its kind and target is
    of the smaller one's family (the same meld grown, or a new meld of the rank or the suit
    of the smaller one's natural cards): in deals of random games of every rule set under
    drawn house rules, in the meld phase, as they are and with the player obliged to go
    out (:func:`_larger_steps_of_other_families`)."""
    pairs = sum(_larger_steps_of_other_families(deal) for deal in _meld_phases(seed, most=5))
    event(f"pairs: {min(pairs, 100)}{'+' if pairs >= 100 else ''}")


@pytest.mark.parametrize(
    "name",
    [
        "bolivia-4p-hand-size-3-65-cards-after-black-threes.json",
        "hollywood-5p-min-naturals-2-44-cards-after-black-threes.json",
        "hollywood-2p-hand-size-60-48-cards-after-taking-the-pile.json",
    ],
)
def test_larger_steps_of_large_hands_are_of_the_family(name: str) -> None:
    """The same in the large hands of issue 26, where the list holds hundreds of steps."""
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    assert _larger_steps_of_other_families(game.deal) > 100


def _follows_both_ways(deal: Deal) -> list[bool]:
    """For every pair of steps of ``deal``'s list (and other choices of suits) that
    :meth:`Verdicts._plainly_follows` may be asked of (no melding counting toward an opening,
    no pile card locked, the larger step's cards holding the smaller's), its answer, once
    checked to be that of :meth:`Verdicts._built_follows`, which builds the deals."""
    steps = meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
    asked = Verdicts(deal, steps)
    if not asked._plain:
        return []
    every = [each for step in steps for each in (step, *step.others())]
    answers = []
    for smaller in every:
        for larger in every:
            if larger is smaller or not _plain_steps(deal, smaller, larger):
                continue
            first, then = _Answer(smaller, False), _Answer(larger, False)
            if smaller.wild_as is not None and larger.wild_as not in (None, smaller.wild_as):
                continue  # answered before either way is asked (HW-MELD-10)
            wild_as = larger.wild_as if smaller.wild_as is None else None
            plain = asked._plainly_follows(smaller, larger, wild_as)
            assert plain is asked._built_follows(first, then, wild_as), (smaller, larger)
            assert asked._follows(first, then) is plain
            answers.append(plain)
    return answers


@pytest.mark.planner_only(
    reason="plays random games; on the reference a whole random game under drawn house rules "
    "can take minutes"
)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_steps_related_without_building_deals_as_with_them(seed: int) -> None:
    """Whether a larger step is a smaller one followed by one addition leading to the same
    deal, told from the side's melds and the draft alone (:meth:`Verdicts._plainly_follows`,
    where no melding counts toward an opening and no pile card is locked), is what building
    the three deals and comparing them tells: for every pair of steps of deals of random
    games of every rule set under drawn house rules, in the meld phase, as they are and
    with the player obliged to go out."""
    for deal in _meld_phases(seed, most=5):
        _follows_both_ways(deal)


@pytest.mark.planner_only(
    reason="saved slow positions of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
@pytest.mark.parametrize(
    "name",
    [
        "hollywood-2p-hand-size-49-44-cards-after-taking-the-pile.json",
        "hollywood-3p-ask-mandatory-35-cards-after-black-threes.json",
        "samba-4p-31-cards-after-black-threes.json",
    ],
)
def test_steps_of_large_hands_related_without_building_deals_as_with_them(name: str) -> None:
    """The same in hands of 31 to 44 cards with many melds on the table, where many larger
    steps follow smaller ones and many do not."""
    game = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8"))
    answers = _follows_both_ways(game.deal)
    assert answers.count(True) >= 10
    assert answers.count(False) >= 10


@pytest.mark.planner_only(
    reason="asks the validator of every meld of black threes of random games; on the "
    "reference a whole random game under drawn house rules can take minutes"
)
@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_cl_b3_3_melds_of_black_threes_answered_by_quick_tests_as_by_the_validator(
    seed: int,
) -> None:
    """Every meld of black threes of a random game's meld phases (random house rules, every
    family, drawn options) is legal by :class:`Verdicts` exactly when :func:`check` accepts
    it, and so where the planner's quick tests answer with no deal built
    (:func:`~canasta._engine.finishing.black_threes_plain`), on hands of up to ten cards
    also when the reference solver answers (the quick tests themselves against the search:
    ``tests/test_search_cuts.py``)."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    for deal in meld_phases(rules, seed, rng):
        melds = deal.melds[deal.side]
        steps = meld_steps(deal.usable, melds, rules, by_count=True)
        asked = Verdicts(deal, steps)
        for step in steps:
            if step.kind is not MeldKind.BLACK_THREES:
                continue
            move = step.move(by_position=rules.melds_by_position)
            assert isinstance(move, canasta.LayMeld)
            legal = check(deal, move) is None
            assert asked.black_threes_legal(step, move) is legal, (seed, move)
            plain = verdicts.finishing.black_threes_plain(deal, step.cards, step.result)
            if plain is not None:
                event(f"plain: {plain}")
                assert plain is legal, (seed, move)
                if len(deal.hand) <= 10:
                    with verdicts.finishing.using("reference"):
                        assert (check(deal, move) is None) is legal, (seed, move)


def _refused_alike_agree(deal: Deal) -> int:
    """Asks :meth:`Verdicts.refused_alike` of each other choice of suits of each step of
    ``deal``'s list that its own check refuses, where the player must go out: each it
    finds refused is refused by its own check. Returns how many it found so."""
    if not deal.draft.black_threes or deal.draft.locked:
        return 0
    steps = meld_steps(deal.usable, deal.melds[deal.side], deal.rules, by_count=True)
    asked = Verdicts(deal, steps)
    by_position = deal.rules.melds_by_position
    found = 0
    for step in steps:
        if not step.listed_by_count or check(deal, step.move(by_position=by_position)) is None:
            continue
        for other in step.others():
            if asked.refused_alike(step, other):
                assert check(deal, other.move(by_position=by_position)) is not None, other
                found += 1
    return found


@_EVERY_STEP_OF_RANDOM_GAMES
@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32))
@example(seed=24)  # Bolivia: 20 other choices refused alike
@example(seed=85)  # Hollywood: 6
@example(seed=20)  # one refused alike only with the wild cards left after the step counted
def test_cl_b3_3_other_suit_choices_of_a_refused_step_refused_alike(seed: int) -> None:
    """Where the player must go out (CL-B3-3), an other choice of suits of a refused step of
    one rank that :meth:`Verdicts.refused_alike` refuses with no question of its own (the
    naturals the step lays that stay in hand after it go into no sequence, asked of the
    hand before the step: :class:`~canasta._engine.related_steps.Unsequenced`) is refused
    by its own check."""
    found = sum(_refused_alike_agree(deal) for deal in _meld_phases(seed, most=5))
    event(f"other choices refused alike: {min(found, 10)}{'+' if found > 10 else ''}")


@pytest.mark.planner_only(
    reason="a saved slow position of issue 26 (tests/data/slow26), whose going-out searches "
    "take the reference minutes each"
)
def test_cl_b3_3_other_suit_choices_refused_alike_in_a_hand_of_65_cards() -> None:
    """Bolivia for four with 65 cards after black threes: of the 602 other choices of suits
    of its 130 refused steps of one rank, 348 are refused with no question of their own
    (six steps have another choice that is legal: those are not among them)."""
    name = "bolivia-4p-hand-size-3-65-cards-after-black-threes.json"
    deal = canasta.Game.from_json((DATA / name).read_text(encoding="utf-8")).deal
    assert _refused_alike_agree(deal) >= 300
