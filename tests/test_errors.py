"""One family of errors: every refusal of bad input is a CanastaError (a ValueError) that says
what was expected, quotes little of the input, and never escapes as a TypeError."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable

import pytest

import canasta
import canasta.simulate
import canasta.svg
from canasta import CanastaError, Draw, Game, LayMeld, records
from canasta.actions import decode
from canasta.errors import (
    ActionError,
    CardParseError,
    IllegalActionError,
    IllegalMoveError,
    JsonError,
    MoveParseError,
    PositionError,
    RecordError,
    RuleSetError,
)

GAME = Game.new("classic", seed=7)
HUGE = "KX " * 40_000


def test_the_family() -> None:
    for error in (IllegalMoveError, MoveParseError, CardParseError, IllegalActionError,
                  ActionError, PositionError, JsonError, RecordError, RuleSetError,
                  canasta.PreviewError, canasta.MoveCardParseError):  # fmt: skip
        assert issubclass(error, CanastaError)
        assert issubclass(error, ValueError)
    assert issubclass(IllegalActionError, IllegalMoveError)
    assert issubclass(canasta.MoveCardParseError, MoveParseError)
    assert issubclass(canasta.MoveCardParseError, CardParseError)
    assert canasta.records.RecordError is RecordError
    assert canasta.actions.IllegalActionError is IllegalActionError
    assert canasta.RuleSetError is RuleSetError is canasta._rules.ruleset.RuleSetError
    assert canasta.CardParseError is CardParseError


BAD_CALLS: list[tuple[str, Callable[[], object], str]] = [
    ("LayMeld(123)", lambda: LayMeld(123), "expected cards"),  # type: ignore[arg-type]
    ("apply('draw')", lambda: GAME.apply("draw"), "parse_move"),  # type: ignore[arg-type]
    ("explain(42)", lambda: GAME.explain(42), "expected a move"),  # type: ignore[arg-type]
    ("player='0'", lambda: GAME.apply(Draw(), player="0"), "a player is a number"),  # type: ignore[arg-type]
    ("player=9", lambda: GAME.apply(Draw(), player=9), "there is no player 9"),
    ("player=True", lambda: GAME.is_legal(Draw(), player=True), "a player is a number"),
    ("view('0')", lambda: GAME.view("0"), "a player is a number"),  # type: ignore[arg-type]
    ("hand(None)", lambda: GAME.hand(None), "a player is a number"),  # type: ignore[arg-type]
    ("Cards.of(5)", lambda: canasta.Cards.of(5), "expected cards"),  # type: ignore[arg-type]
    ("Cards + 5", lambda: canasta.Cards() + 5, "expected cards"),  # type: ignore[operator]
    ("Cards.parse(huge)", lambda: canasta.Cards.parse(HUGE), "is not a card"),
    ("parse_move(huge)", lambda: canasta.parse_move("meld " + HUGE), "is not a card"),
    ("parse_move(5)", lambda: canasta.parse_move(5), "expected move text"),  # type: ignore[arg-type]
    ("from_data(huge)", lambda: canasta.moves.from_data({"kind": HUGE}), "expected one of"),
    ("from_json(huge)", lambda: Game.from_json(json.dumps({"format": HUGE})), "format"),
    ("records.loads(huge)", lambda: records.loads(HUGE), "header"),
    ("find_rules(huge)", lambda: canasta.find_rules(HUGE), "rule set"),
    ("decode('5')", lambda: decode(GAME, "5"), "an action is an int"),  # type: ignore[arg-type]
    ("render(3)", lambda: canasta.svg.render(3), "Game or a PlayerView"),  # type: ignore[arg-type]
    ("rule_url(3)", lambda: canasta.rule_url(3), "not a rule ID"),  # type: ignore[arg-type]
    ("side_of_player('x')", lambda: GAME.side_of_player("x"), "a player is a number"),  # type: ignore[arg-type]
    ("from_position(hands=KH)", lambda: Game.from_position(hands="KH"), "expected a list"),
    ("from_position(hands=7)", lambda: Game.from_position(hands=7), "expected a list"),
    (
        "simulate bad games",
        lambda: canasta.simulate.simulate("classic", ["random"], games="x", seed=1),
        "games",
    ),
]


@pytest.mark.parametrize(("name", "call", "message"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_bad_input_gets_an_error_of_the_family_saying_what_was_expected(
    name: str, call: Callable[[], object], message: str
) -> None:
    with pytest.raises(CanastaError) as raised:
        call()
    text = str(raised.value)
    assert message in text, text
    assert len(text) < 600, f"{name} quotes too much: {len(text)} characters"


def test_messages_quote_at_most_about_80_characters_of_the_input() -> None:
    with pytest.raises(CardParseError) as raised:
        canasta.Card.parse("Q" * 100_000)
    assert len(raised.value.message) < 400
    assert "(100002 chars)" in raised.value.message


def test_the_wrong_turn_message_names_both_players() -> None:
    violation = GAME.explain(Draw(), player=1)
    assert violation is not None
    assert violation.message == "it is player 0's move, not player 1's"
    assert GAME.view(1).explain(Draw()) == violation


def test_one_name_for_each_thing_with_deprecated_aliases() -> None:
    error = IllegalMoveError("CL-TURN-1", "draw first")
    assert error.message == "draw first"
    assert error.violation.message == "draw first"
    with pytest.warns(DeprecationWarning, match="message"):
        assert error.reason == "draw first"
    with pytest.warns(DeprecationWarning, match="JsonError.reason"):
        assert JsonError("a", "b").reason == "b"
    with pytest.warns(DeprecationWarning, match="side_of_player"):
        assert GAME.side_of(1) == GAME.side_of_player(1) == 1
    with pytest.warns(DeprecationWarning, match="minimums"):
        assert GAME.initial_minimums == GAME.minimums == GAME.view(0).minimums
    assert GAME.view(0).side_of_player(3) == 1
    assert GAME.melded_players == GAME.view(0).melded_players == frozenset()


@pytest.mark.parametrize(
    "error",
    [
        IllegalMoveError("CL-TURN-1", "draw first", Draw()),
        IllegalActionError(5, "CL-TURN-1", "draw first"),
        JsonError("deal.hands[0]", "bad"),
        RecordError(3, "bad"),
        MoveParseError("bad", "cards"),
        CardParseError("bad"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_errors_pickle_whole(error: CanastaError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.message == error.message
