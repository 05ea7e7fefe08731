"""Moves that say what they are: fields checked when a move is made, the same move back
through text, data and records, a kind and a sentence for each (issues 19 and 21)."""

from __future__ import annotations

import json
import random
import re

import jsonschema
import pytest
from canasta.moves import from_data, move_schema
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import random_walk, rule_sets, seeds, variants
from profiles import examples

import canasta
from canasta import (
    AddToMeld,
    Answer,
    Ask,
    Card,
    Cards,
    Discard,
    Draw,
    Game,
    LayMeld,
    MergeMelds,
    MoveKind,
    MoveParseError,
    NextDeal,
    Pass,
    Rank,
    RuleSet,
    TakePile,
    parse_move,
    records,
)

CARD_TEXTS = [str(face) for face in canasta.ALL_FACES]

# Anything a caller might pass for a field: right and wrong types, in and out of range.
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(CARD_TEXTS),
    st.lists(st.sampled_from(CARD_TEXTS), max_size=5),
    st.lists(st.sampled_from(canasta.ALL_FACES), max_size=5),
    st.lists(st.integers(), max_size=3),
    st.sampled_from(canasta.ALL_FACES),
    st.sampled_from(list(Rank)),
    st.sampled_from(["#2", "3", " K ", "wild", "10", "t", "JK"]),
    st.builds(Cards.of, st.lists(st.sampled_from(canasta.ALL_FACES), max_size=5)),
    st.just(b"KH"),
    st.just({"KH": 1}),
)

made_moves = st.one_of(
    st.builds(lambda cards, meld: TakePile(cards, meld=meld), anything, anything),
    st.builds(lambda cards: TakePile(cards), anything),
    st.builds(lambda cards, wild: LayMeld(cards, wild_as=wild), anything, anything),
    st.builds(
        lambda rank, cards, meld, wild: AddToMeld(rank, cards, meld=meld, wild_as=wild),
        anything,
        anything,
        anything,
        anything,
    ),
    st.builds(MergeMelds, anything, anything),
    st.builds(Discard, anything),
    st.builds(Answer, anything),
)

RECORD_HEAD = '[Rules "classic"]\n[Players "4"]\n[Seed "7"]\n\nDeal 1\n  1. P0 '


@settings(max_examples=examples(400))
@given(data=st.data())
def test_a_move_is_refused_when_made_or_round_trips_unchanged(data: st.DataObject) -> None:
    try:
        move = data.draw(made_moves)
    except MoveParseError:
        return  # refused as it was made, with an error of the family (no TypeError)
    assert parse_move(str(move)) == move
    document = move.to_data()
    assert from_data(json.loads(json.dumps(document))) == move
    jsonschema.validate(document, move_schema())
    refusal: records.RecordError | None = None
    try:
        record = records.loads(RECORD_HEAD + str(move))
    except records.RecordError as error:
        refusal = error
    if refusal is None:
        assert record.moves[-1] == (0, move)
    else:  # read back, then judged by the rules
        assert "not a move" not in refusal.message, refusal


def test_the_moves_that_lied_about_themselves() -> None:
    with pytest.raises(MoveParseError, match="yes: expected True or False"):
        Answer("no")  # type: ignore[arg-type]
    with pytest.raises(MoveParseError, match="meld: expected the number of a meld"):
        TakePile(meld=1.5)  # type: ignore[arg-type]
    with pytest.raises(MoveParseError, match="cards: expected cards"):
        LayMeld(123)  # type: ignore[arg-type]
    with pytest.raises(MoveParseError, match="not both"):
        AddToMeld(Rank.KING, "KH", meld=1)
    with pytest.raises(MoveParseError, match=r"by its rank \(K\) or its number"):
        AddToMeld(None, "KH")  # neither: not "not both"
    with pytest.raises(canasta.MoveCardParseError) as raised:
        LayMeld("KH KX")
    assert isinstance(raised.value, canasta.CardParseError)
    assert raised.value.field == "cards"
    assert (
        LayMeld(["8D", "8H", "JK"])
        == LayMeld("8D 8H JK")
        == LayMeld([Card.parse("8D"), "8H", "JK"])
    )
    assert TakePile(meld="#2") == TakePile(meld=2)
    assert Cards.of(["8D", Card.parse("8H")]) == Cards.parse("8D 8H")


@pytest.mark.parametrize(
    ("move", "kind", "data"),
    [
        (Draw(), MoveKind.DRAW, {"kind": "draw"}),
        (TakePile("8H 8S"), MoveKind.TAKE, {"kind": "take", "cards": "8H 8S"}),
        (TakePile(meld=3), MoveKind.TAKE, {"kind": "take", "meld": 3}),
        (LayMeld("8D 9D 10D JK", wild_as="J"), MoveKind.MELD,
         {"kind": "meld", "cards": "8D 9D 10D JK", "wild_as": "J"}),
        (AddToMeld("K", "KH"), MoveKind.ADD, {"kind": "add", "rank": "K", "cards": "KH"}),
        (MergeMelds(0, 2), MoveKind.MERGE, {"kind": "merge", "first": 0, "second": 2}),
        (Discard("4C"), MoveKind.DISCARD, {"kind": "discard", "card": "4C"}),
        (Ask(), MoveKind.ASK, {"kind": "ask"}),
        (Answer(False), MoveKind.ANSWER, {"kind": "answer", "yes": False}),
        (Pass(), MoveKind.PASS, {"kind": "pass"}),
        (NextDeal(), MoveKind.NEXT, {"kind": "next"}),
    ],
    ids=str,
)  # fmt: skip
def test_every_kind_of_move_as_data(move: canasta.Move, kind: MoveKind, data: dict) -> None:
    assert move.kind is kind
    assert kind.value == data["kind"]
    assert move.to_data() == data
    assert from_data(data) == move
    jsonschema.validate(data, move_schema())


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({}, "kind", "the field 'kind' is missing"),
        ({"kind": "fly"}, "kind", "expected one of draw, take"),
        ({"kind": "meld"}, "cards", "needs the field 'cards'"),
        ({"kind": "take", "cards": 7}, "cards", "expected card text"),
        ({"kind": "take", "meld": "2"}, "meld", "expected a whole number"),
        ({"kind": "discard", "card": "4X"}, "card", "is not a card"),
        ({"kind": "draw", "cards": "KH"}, "cards", "unknown field"),
        ({"kind": "answer", "yes": "no"}, "yes", "expected True or False"),
        ({"kind": "add", "cards": "KH"}, "rank", "by its rank"),
    ],
)
def test_malformed_move_data_names_the_field(data: dict, field: str, message: str) -> None:
    with pytest.raises(MoveParseError) as raised:
        from_data(data)
    assert raised.value.field == field
    assert message in str(raised.value)
    assert str(raised.value).startswith(f"{field}: ")
    with pytest.raises(MoveParseError):
        from_data("draw")  # type: ignore[arg-type]


def test_the_move_schema_refuses_what_from_data_refuses() -> None:
    schema = move_schema()
    for bad in (
        {"kind": "take", "cards": 7},
        {"kind": "draw", "x": 1},
        {"kind": "add", "cards": "KH"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)


# --- moves in words --------------------------------------------------------------------------

_PRETTY = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def named_cards(text: str) -> list[Card]:
    return [Card.parse(rank + _SUITS[suit]) for rank, suit in _PRETTY.findall(text)]


def visible(view: canasta.PlayerView, move: canasta.Move) -> Cards:
    seen = view.hand + Cards.of(view.pile)
    for side in view.table.melds:
        for meld in side:
            seen = seen + meld.cards
    for known in view.known_cards:
        seen = seen + known
    cards = getattr(move, "cards", None)
    if isinstance(cards, Cards):
        seen = seen + cards
    if isinstance(move, Discard):
        seen = seen.add(move.card)
    return seen


@settings(max_examples=examples(15), deadline=None)
@given(rules=rule_sets | st.sampled_from([canasta.find_rules(n) for n in ("hollywood", "samba")]),
       seed=seeds)  # fmt: skip
def test_describe_never_raises_and_names_no_hidden_card(rules: RuleSet, seed: int) -> None:
    game = Game.new(rules, seed=seed)
    for position in list(random_walk(game, random.Random(seed)))[::6]:
        moves = [*variants(position), NextDeal(), MergeMelds(0, 1), TakePile(meld=0)]
        for player in range(rules.num_players):
            view = position.view(player)
            for move in moves:
                text = move.describe(view)
                assert text
                assert text[0].isupper()
                seen = visible(view, move)
                for card in named_cards(text):
                    assert card in seen, (text, card)
        for move in moves[:5]:
            assert position.describe(move) == move.describe(position)


def test_moves_in_words() -> None:
    game = Game.from_position(
        "classic",
        hands=["8H 8S KC KD KH JK 4C", "5C", "6C", "7C"],
        pile="8D 7H 6H 9D",  # the top card first
        melds=[["QH QS QD"], []],
    )
    assert game.describe(TakePile("8H 8S")) == "Take the pile (4 cards) with 8♥ 8♠"
    after = game.apply(TakePile("8H 8S"))
    view = after.view(0)
    assert LayMeld("KC KD KH JK").describe(view) == "Meld K♣ K♦ K♥ with a joker"
    assert AddToMeld("Q", "JK").describe(view) == "Add a joker to your queens"
    assert view.describe(Discard("4C")) == "Discard 4♣"
    assert Draw().describe(game) == "Draw a card from the stock"
    assert NextDeal().describe(game) == "Deal the next hand (deal 2)"
    with pytest.raises(MoveParseError, match="Game or PlayerView"):
        Draw().describe("a game")  # type: ignore[arg-type]


def test_going_out_is_said_so() -> None:
    game = (
        Game.from_position(
            "classic",
            hands=["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
            melds=[["KH KS KD KC KH KS KD", "QH QS QD QC QH QS QD"], []],
            pile="8C",
            draws="5S",
        )
        .apply(Draw())
        .apply(LayMeld("5C 5D 5H 5S"))
    )
    assert game.describe(Discard("9S")) == "Go out: discard 9♠"
