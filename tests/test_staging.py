"""A turn previewed and staged from a player's view, the legal moves as a collection, and one
judge of a move for games and views."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import random_walk, rule_sets, seeds, variants
from profiles import examples

import canasta
from canasta import (
    AddToMeld,
    Answer,
    Discard,
    Draw,
    Game,
    LayMeld,
    LegalMoves,
    MergeMelds,
    NextDeal,
    Phase,
    PreviewError,
    RuleSet,
    TakePile,
)

THREE_DECK = [
    canasta.find_rules(name, players=players)
    for name in ("hollywood", "samba", "bolivia")
    for players in (2, 3, 4, 5, 6)
]
every_rule_set = rule_sets | st.sampled_from(THREE_DECK)


def walk(rules: RuleSet, seed: int) -> list[Game]:
    return list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))


def opening() -> Game:
    return Game.from_position(
        "classic", hands=["KH KS KD QH QS QD 5C 5D 9S", "4C", "6C", "7C"], draws="JK"
    ).apply(Draw())


# --- a front end stages a turn ------------------------------------------------------------------


def test_a_front_end_stages_its_turn_through_the_view_and_the_game_agrees() -> None:
    game = opening()
    view = game.view(0)
    staged = [view]
    for step in (LayMeld("KH KS KD"), LayMeld("QH QS QD JK")):
        staged.append(staged[-1].apply(step))
        game = game.apply(step)
        assert staged[-1] == game.view(0)  # the preview is the view the game will give
    # Undo is keeping the view from before the step.
    assert staged[1].apply(LayMeld("QH QS QD JK")) == staged[2]
    assert staged[0].explain_turn([LayMeld("KH KS KD"), LayMeld("QH QS QD JK")]) is None
    assert game.view(0).explain(Discard("9S")) is None


def test_the_opening_is_checked_as_one_unit_against_the_minimum() -> None:
    game = opening()
    for position in (game, game.view(0)):
        short = position.explain_turn([LayMeld("KH KS KD")])
        assert short is not None
        assert short.rule == "CL-INIT-1"
        assert "50" in short.message
        assert position.explain_turn([LayMeld("KH KS KD"), LayMeld("QH QS QD")]) is None
        wrong = position.explain_turn([LayMeld("KH KS KD"), LayMeld("KH KS KD")])
        assert wrong is not None  # the second step: the cards are gone
    assert game.explain_turn([]) is None
    start = Game.from_position(
        "classic", hands=["KH KS KD QH QS QD 5C 5D 9S", "4C", "6C", "7C"], draws="JK"
    )
    assert start.explain_turn([Draw(), LayMeld("KH KS KD"), LayMeld("QH QS QD")]) is None


def test_a_view_refuses_to_preview_what_it_cannot_see() -> None:
    game = canasta.Game.new("classic", seed=7)
    with pytest.raises(PreviewError, match="draw"):
        game.view(0).apply(Draw())
    with pytest.raises(PreviewError):
        game.view(0).explain_turn([Draw(), LayMeld("KH KS KD")])
    with pytest.raises(canasta.IllegalMoveError, match="CL-TURN-7"):
        game.view(1).apply(LayMeld("KH KS KD"))
    drawn = opening().apply(LayMeld("KH KS KD")).apply(LayMeld("QH QS QD"))
    with pytest.raises(PreviewError, match=r"preview the move discard 9S"):
        drawn.view(0).apply(Discard("9S"))


def test_a_pile_take_is_previewed_too() -> None:
    game = Game.from_position(
        "classic",
        hands=["8H 8S KC KD KH JK 4C", "5C", "6C", "7C"],
        pile="8D 9D",  # the top card first
        melds=[["QH QS QD"], []],
    )
    preview = game.view(0).apply(TakePile("8H 8S"))
    assert preview == game.apply(TakePile("8H 8S")).view(0)
    assert preview.apply(LayMeld("KC KD KH JK")) == game.apply(TakePile("8H 8S")).apply(
        LayMeld("KC KD KH JK")
    ).view(0)


@settings(max_examples=examples(12), deadline=None)
@given(rules=every_rule_set, seed=seeds)
def test_every_staged_step_of_random_turns_previews_the_games_view(
    rules: RuleSet, seed: int
) -> None:
    for game in walk(rules, seed)[::3]:
        player = game.to_move
        if player is None:
            continue
        view = game.view(player)
        for move in list(game.legal_moves())[:6]:
            if not isinstance(move, (LayMeld, AddToMeld, MergeMelds, TakePile)):
                continue
            after = game.apply(move)
            if after.phase is Phase.OVER:
                with pytest.raises(PreviewError):
                    view.apply(move)
                continue
            assert view.apply(move) == after.view(player), move


# --- legal moves as a collection ----------------------------------------------------------------


def test_legal_moves_is_a_reusable_collection() -> None:
    game = canasta.Game.new("classic", seed=10)
    legal = game.legal_moves()
    assert isinstance(legal, LegalMoves)
    assert list(legal) == list(legal) == list(game.legal_moves())
    assert len(legal) == legal.count() == 2
    assert legal[0] == Draw()
    assert bool(legal)
    assert TakePile("5C 5S") in legal
    assert TakePile("5D 5H") in legal or not game.is_legal(TakePile("5D 5H"))
    assert "draw" not in legal  # text is no move
    assert legal == [Draw(), TakePile("5C 5S")]
    with pytest.warns(DeprecationWarning, match="LegalMoves"):
        assert next(legal) == Draw()  # type: ignore[call-overload]
    empty = game.view(1).legal_moves()
    assert len(empty) == 0
    assert Draw() not in empty


@settings(max_examples=examples(15), deadline=None)
@given(rules=every_rule_set, seed=seeds)
def test_move_in_legal_moves_is_is_legal_for_every_variant(rules: RuleSet, seed: int) -> None:
    for game in walk(rules, seed)[::4]:
        legal = game.legal_moves()
        views = [game.view(p) for p in range(rules.num_players)]
        view_legal = [view.legal_moves() for view in views]
        for move in [*variants(game), NextDeal(), Answer(True)]:
            assert (move in legal) == game.is_legal(move), move
            for view, moves in zip(views, view_legal, strict=True):
                assert (move in moves) == view.is_legal(move), (view.player, move)


@settings(max_examples=examples(15), deadline=None)
@given(rules=every_rule_set, seed=seeds, data=st.data())
def test_game_and_view_explain_a_move_the_same_way(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    """Issue 19: one judge for both, whoever is asking (an out-of-turn answer among them)."""
    for game in walk(rules, seed)[::5]:
        moves = list(variants(game))
        for _ in range(6):
            move = data.draw(st.sampled_from(moves))
            player = data.draw(st.integers(0, rules.num_players - 1))
            assert game.view(player).explain(move) == game.explain(move, player), move


def test_an_out_of_turn_answer_is_refused_alike_by_game_and_view() -> None:
    game = (
        Game.from_position(
            "classic",
            hands=["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
            melds=[["KH KS KD KC KH KS KD", "QH QS QD QC QH QS QD"], []],
            pile="8C",
            draws="5S",
        )
        .apply(Draw())
        .apply(canasta.Ask())
    )
    assert game.phase is Phase.ANSWER
    for player in (0, 1, 3):
        violation = game.explain(Answer(True), player)
        assert violation is not None
        assert violation.rule == "CL-ASK-3"
        assert game.view(player).explain(Answer(True)) == violation
    assert game.view(2).explain(Answer(True)) is None


def test_verify_is_legal_and_explain_are_one_triad() -> None:
    game = canasta.Game.new("classic", seed=10)
    for position in (game, game.view(0)):
        assert position.is_legal(Draw())
        assert position.explain(Draw()) is None
        position.verify(Draw())
        with pytest.raises(canasta.IllegalMoveError) as raised:
            position.verify(Discard("KH"))
        assert raised.value.violation == position.explain(Discard("KH"))
        assert not position.is_legal(Discard("KH"))
