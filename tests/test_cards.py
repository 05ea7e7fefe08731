"""The card model: faces, properties, point values (CL-VAL-1) and the text form."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta import ALL_FACES, JOKER, NATURAL_RANKS, Card, CardParseError, Rank, Suit

SUITS = "CDHS"

# CL-VAL-1, written out face by face: joker 50, two 20, ace 20, K-8 10, 7-4 5,
# black three 5, red three 0 (no card value; it scores only as a bonus card).
CL_VAL_1_POINTS: dict[str, int] = {
    "JK": 50,
    **{f"2{s}": 20 for s in SUITS},
    **{f"A{s}": 20 for s in SUITS},
    **{f"{r}{s}": 10 for r in ("K", "Q", "J", "10", "9", "8") for s in SUITS},
    **{f"{r}{s}": 5 for r in ("7", "6", "5", "4") for s in SUITS},
    "3C": 5,
    "3S": 5,
    "3D": 0,
    "3H": 0,
}

WILD = {"JK", "2C", "2D", "2H", "2S"}
RED_THREES = {"3D", "3H"}
BLACK_THREES = {"3C", "3S"}
NATURAL = {
    f"{r}{s}" for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") for s in SUITS
}


def test_there_are_53_distinct_faces() -> None:
    assert len(ALL_FACES) == 53
    assert len(set(ALL_FACES)) == 53
    assert {str(card) for card in ALL_FACES} == set(CL_VAL_1_POINTS)
    assert ALL_FACES[-1] is JOKER
    assert Card.joker() == JOKER == Card(Rank.JOKER)


def test_the_face_sets_partition_the_faces() -> None:
    assert len(NATURAL) == 44
    assert set(CL_VAL_1_POINTS) == NATURAL | WILD | RED_THREES | BLACK_THREES
    assert len(NATURAL) + len(WILD) + len(RED_THREES) + len(BLACK_THREES) == 53


@pytest.mark.parametrize(("text", "points"), sorted(CL_VAL_1_POINTS.items()))
def test_CL_VAL_1_point_value_of_every_face(text: str, points: int) -> None:
    assert Card.parse(text).points == points


def test_CL_VAL_1_points_by_rank() -> None:
    assert Card(Rank.JOKER).points == 50
    for suit in Suit:
        assert Card(Rank.TWO, suit).points == 20
        assert Card(Rank.ACE, suit).points == 20
        for rank in (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT):
            assert Card(rank, suit).points == 10
        for rank in (Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR):
            assert Card(rank, suit).points == 5
        assert Card(Rank.THREE, suit).points == (0 if suit.is_red else 5)


@pytest.mark.parametrize("card", ALL_FACES, ids=str)
def test_CL_DEF_1_to_3_kinds_of_card(card: Card) -> None:
    text = str(card)
    assert card.is_wild == (text in WILD)
    assert card.is_natural == (text in NATURAL)
    assert card.is_red_three == (text in RED_THREES)
    assert card.is_black_three == (text in BLACK_THREES)
    assert card.is_three == (text in RED_THREES | BLACK_THREES)
    assert card.is_joker == (text == "JK")
    assert card.is_wild == card.rank.is_wild
    assert card.is_natural == card.rank.is_natural


def test_natural_ranks_are_four_to_ace() -> None:
    expected = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert [rank.text for rank in NATURAL_RANKS] == expected
    assert [rank for rank in Rank if rank.is_natural] == list(NATURAL_RANKS)


def test_suits() -> None:
    assert [suit.letter for suit in Suit] == ["C", "D", "H", "S"]
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]
    assert [suit.is_red for suit in Suit] == [False, True, True, False]


def test_faces_sort_in_display_order() -> None:
    shuffled = random.Random(1).sample(ALL_FACES, len(ALL_FACES))
    assert sorted(shuffled) == list(ALL_FACES)
    assert [card.index for card in ALL_FACES] == list(range(53))
    assert [rank.order for rank in Rank] == list(range(14))
    assert Card.parse("4C") < Card.parse("AS") < Card.parse("2C") < Card.parse("3S") < JOKER


# --- text form ---------------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_FACES, ids=str)
def test_text_round_trip_of_every_face(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(card.pretty()) == card
    assert repr(card) == f"Card.parse({str(card)!r})"


def test_text_examples() -> None:
    assert Card.parse("QH") == Card(Rank.QUEEN, Suit.HEARTS)
    assert str(Card(Rank.QUEEN, Suit.HEARTS)) == "QH"
    assert Card.parse("10s") == Card.parse("TS") == Card.parse("t♠") == Card(Rank.TEN, Suit.SPADES)
    assert Card.parse("jk") == Card.parse("JOKER") == Card.parse(" JK ") == JOKER
    assert Card(Rank.TEN, Suit.DIAMONDS).pretty() == "10♦"
    assert JOKER.pretty() == str(JOKER) == "JK"


def _variants(card: Card) -> list[str]:
    forms = [str(card), card.pretty()]
    if card.rank is Rank.TEN:
        assert card.suit is not None
        forms += ["T" + card.suit.letter, "T" + card.suit.symbol]
    return forms


@st.composite
def card_texts(draw: st.DrawFn) -> tuple[Card, str]:
    """A face and one way of writing it: any accepted form, any case, spaces around."""
    card = draw(st.sampled_from(ALL_FACES))
    form = draw(st.sampled_from(_variants(card)))
    upper = draw(st.lists(st.booleans(), min_size=len(form), max_size=len(form)))
    text = "".join(ch.upper() if up else ch.lower() for ch, up in zip(form, upper, strict=True))
    before, after = draw(st.sampled_from(["", " ", "\t"])), draw(st.sampled_from(["", " ", "\n"]))
    return card, before + text + after


@given(card_texts())
def test_parse_format_round_trip_property(card_and_text: tuple[Card, str]) -> None:
    card, text = card_and_text
    parsed = Card.parse(text)
    assert parsed == card
    assert str(parsed) == str(card)
    assert Card.parse(str(parsed)) == parsed
    assert Card.parse(parsed.pretty()) == parsed


ACCEPTED_HINT = "expected a rank (4-10, J, Q, K, A, 2, 3; T also means 10)"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "the text is empty"),
        ("   ", "the text is empty"),
        ("1H", "unknown rank '1'"),
        ("11S", "unknown rank '11'"),
        ("KX", "unknown suit 'X'"),
        ("K", "the suit is missing"),
        ("10", "the suit is missing"),
        ("H", "the rank is missing"),
        ("JKH", "a joker has no suit"),
        ("QQ", "unknown suit 'Q'"),
    ],
)
def test_bad_card_text_is_rejected_with_a_helpful_message(text: str, problem: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    message = str(info.value)
    assert message.startswith(f"{text!r} is not a card: {problem}; ")
    assert ACCEPTED_HINT in message
    assert "or JK for the joker" in message


@pytest.mark.parametrize("value", [5, None, b"KH", ["KH"]])
def test_non_text_is_rejected(value: object) -> None:
    with pytest.raises(CardParseError, match=f"expected card text, got {type(value).__name__}"):
        Card.parse(value)  # type: ignore[arg-type]  # deliberately the wrong type


def test_card_parse_error_is_a_value_error() -> None:
    assert issubclass(CardParseError, ValueError)
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("ZZ")


_ACCEPTED_TEXTS = {form.upper() for card in ALL_FACES for form in _variants(card)} | {"JOKER", "*"}


@given(st.text(max_size=6))
def test_any_text_parses_or_raises_card_parse_error(text: str) -> None:
    if text.strip().upper() in _ACCEPTED_TEXTS:
        assert Card.parse(text) in ALL_FACES
    else:
        with pytest.raises(CardParseError, match="expected a rank"):
            Card.parse(text)


# --- values ------------------------------------------------------------------------------


def test_cards_are_hashable_values() -> None:
    a, b = Card.parse("KH"), Card(Rank.KING, Suit.HEARTS)
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, Card.parse("KS")}) == 2
    assert {a: 1}[b] == 1
    assert Card.parse("KH") != Card.parse("KD")
    assert Card.parse("KH") != "KH"


def test_cards_are_immutable() -> None:
    card = Card.parse("KH")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.ACE  # type: ignore[misc]  # deliberately mutating a frozen card
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.suit = None  # type: ignore[misc]  # deliberately mutating a frozen card
    assert card == Card.parse("KH")


def test_a_joker_has_no_suit_and_other_cards_have_one() -> None:
    with pytest.raises(ValueError, match="a joker has no suit"):
        Card(Rank.JOKER, Suit.HEARTS)
    with pytest.raises(ValueError, match="every other card has one"):
        Card(Rank.KING)
