"""Moves and their text form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta
from canasta import (
    ALL_FACES,
    AddToMeld,
    Answer,
    Ask,
    Card,
    Cards,
    Discard,
    Draw,
    LayMeld,
    MoveParseError,
    Pass,
    Rank,
    TakePile,
    parse_move,
)

faces = st.sampled_from(ALL_FACES)
card_lists = st.lists(faces, min_size=1, max_size=6).map(Cards.of)
moves = st.one_of(
    st.sampled_from([Draw(), Ask(), Answer(True), Answer(False), Pass(), TakePile()]),
    card_lists.map(TakePile),
    card_lists.map(LayMeld),
    st.builds(AddToMeld, st.sampled_from(canasta.NATURAL_RANKS), card_lists),
    faces.map(Discard),
)


@given(moves)
def test_text_form_round_trips(move: canasta.Move) -> None:
    assert parse_move(str(move)) == move
    assert parse_move(f"  {str(move).upper()}  ") == move
    assert parse_move(str(move).lower()) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("draw", Draw()),
        ("take 7H 7D", TakePile("7H 7D")),
        ("take", TakePile()),
        ("meld 7h, 7s, 2c", LayMeld("7H 7S 2C")),
        ("add 9 JK", AddToMeld(Rank.NINE, "JK")),
        ("ADD t 10c", AddToMeld(Rank.TEN, "10C")),
        ("discard 4c", Discard(Card.parse("4C"))),
        ("ask", Ask()),
        ("Yes", Answer(True)),
        ("no", Answer(False)),
        ("pass", Pass()),
    ],
)
def test_documented_examples(text: str, move: canasta.Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the move is empty"),
        ("fly", "'fly' is not a move"),
        ("meld", "'meld' is not a move"),
        ("discard 4C 5C", "is not a move"),
        ("take 7X", "'7X' is not a card"),
        ("add 1 3S", "expected a rank"),
        ("draw 2", "is not a move"),
    ],
)
def test_bad_text_is_rejected_clearly(text: str, message: str) -> None:
    with pytest.raises(MoveParseError, match=message):
        parse_move(text)


def test_moves_accept_text_and_reject_other_things() -> None:
    assert Discard("kh") == Discard(Card.parse("KH"))
    assert AddToMeld("k", "KC") == AddToMeld(Rank.KING, Cards.parse("KC"))
    assert LayMeld([Card.parse("4C")] * 3) == LayMeld("4C 4C 4C")
    with pytest.raises(MoveParseError):
        Discard(42)  # type: ignore[arg-type]  # deliberately the wrong type
    assert LayMeld(["8D", "8H", "JK"]) == LayMeld("8D 8H JK")  # card texts are cards too
    with pytest.raises(MoveParseError, match="expected cards"):
        LayMeld(123)  # type: ignore[arg-type]  # deliberately not cards


def test_a_non_move_is_refused_saying_what_is_wanted() -> None:
    game = canasta.Game.new("classic", seed=1)
    with pytest.raises(MoveParseError, match=r"expected a move object.*parse_move\('draw'\)"):
        game.apply("draw")  # type: ignore[arg-type]  # deliberately not a move
    with pytest.raises(canasta.CanastaError, match="expected a move"):
        game.view(0).explain(42)  # type: ignore[arg-type]
    assert game.explain(Discard("KH")) is not None


def test_a_rank_of_no_meld_is_a_move_the_rules_refuse() -> None:
    move = parse_move("add 3 3S")
    assert move == AddToMeld(Rank.THREE, "3S")
    game = canasta.Game.new("classic", seed=1).apply(canasta.Draw())
    violation = game.explain(move)
    assert violation is not None
    assert violation.rule.startswith("CL-")


def parses_or_explains(text: str) -> None:
    """Text gives a move (which its own text gives back) or a MoveParseError, nothing else."""
    try:
        move = parse_move(text)
    except MoveParseError:
        return
    assert parse_move(str(move)) == move


@given(st.text(max_size=40))
def test_arbitrary_text_gives_a_move_or_a_move_parse_error(text: str) -> None:
    parses_or_explains(text)


@given(st.text(alphabet="drawtkemlisc 0123456789JQKAHSDCjqkahsdc,", max_size=30))
def test_move_like_text_gives_a_move_or_a_move_parse_error(text: str) -> None:
    parses_or_explains(text)


def test_every_legal_move_of_random_games_round_trips_through_its_text() -> None:
    import random

    for players in (2, 4, 6):
        rng = random.Random(players)
        game = canasta.Game.new("classic", players=players, seed=players)
        while not game.results:
            moves = list(game.legal_moves())
            for move in moves:
                assert game.parse_move(str(move)) == move
            game = game.apply(rng.choice(moves))
