"""JSON of version 1, which earlier releases wrote: their documents still load.

The documents in ``tests/data/v1`` were written by the release that wrote version 1 (see
``make.py`` there); hand-written positions of version 1 load with the same defaults as
before, and every bad input is refused with its path.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import classic_six_player
from profiles import examples

import canasta
from canasta import Game, PositionError, TurnDraft
from canasta._notation.jsonio import JsonError, json_schema, rules_from_data, rules_to_data
from canasta.views import PlayerView

DATA = Path(__file__).resolve().parent / "data" / "v1"
CASES = json.loads((DATA / "cases.json").read_text(encoding="utf-8"))


def replayed(case: dict[str, Any]) -> Game:
    """The game of a case, replayed with the library of today."""
    rules = canasta.find_rules(case["rules"], case["players"])
    if case["options"]:
        rules = attrs.evolve(rules, **case["options"])
    game = Game.new(rules, seed=case["seed"])
    for player, text in case["moves"]:
        if game.to_move is None and not game.is_over:  # the moves of version 1 had no next
            game = game.apply(canasta.NextDeal())
        game = game.apply(canasta.parse_move(text), player=player)
    return game


def document(name: str, kind: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.{kind}.json").read_text(encoding="utf-8"))
    return data


def as_now(game: Game) -> Game:
    """``game`` with what the engine of version 1 kept and today's keeps otherwise made
    alike: the cards everybody knows in a hand (version 1 let a copy still in the hand stay
    known, which told whether a second was held), and, where melds are numbered, the rank of
    a pile take's new meld, which play never read."""
    deal = game.deal
    draft = deal.draft
    if game.rules.melds_by_position:
        draft = attrs.evolve(draft, new_ranks=frozenset())
    return attrs.evolve(game, deal=attrs.evolve(deal, known=(), draft=draft))


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_documents_of_version_1_load(case: dict[str, Any]) -> None:
    game = replayed(case)
    text = (DATA / f"{case['name']}.game.json").read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 1
    loaded = Game.from_json(text)
    assert as_now(loaded) == as_now(game)
    assert sorted(map(str, loaded.legal_moves())) == sorted(map(str, game.legal_moves()))
    if loaded == game:  # the documents whose known cards and drafts are as today's
        assert Game.from_json(loaded.to_json()) == game
    assert loaded.deal.history == game.deal.history
    assert [r.history for r in loaded.results] == [r.history for r in game.results]
    assert Game.from_json(loaded.to_json()) == loaded  # written again as version 2
    view_text = (DATA / f"{case['name']}.view.json").read_text(encoding="utf-8")
    view = PlayerView.from_json(view_text)
    now = game.view(case["viewer"])
    if view.phase is canasta.Phase.OVER:  # version 1 wrote no hands at the end of a deal
        now = attrs.evolve(now, known_cards=view.known_cards)
    alike = {"known_cards": now.known_cards, "draft": now.draft}
    assert attrs.evolve(view, **alike) == now  # the parts as_now makes alike aside
    assert PlayerView.from_json(view.to_json()) == view


def test_the_cases_cover_the_phases_and_seatings() -> None:
    games = [replayed(case) for case in CASES]
    assert {game.phase for game in games} >= {canasta.Phase.DRAW, canasta.Phase.MELD}
    assert any(game.is_over for game in games)
    assert any(game.seat_players != tuple(range(game.rules.num_players)) for game in games)
    assert any(game.deal.pending_red_threes for game in games)
    assert any(game.rules.melds_by_position and game.deal.melds[0] for game in games)


# --- hand-written positions ------------------------------------------------------------------


def position(deal: dict[str, Any], rules: object = "classic", **more: Any) -> str:
    document = {"format": "canasta-game", "version": 1, "rules": rules, "deal": deal, **more}
    return json.dumps(document)


HANDS = ["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"]


def test_a_hand_written_position_loads_like_from_position() -> None:
    text = position({"hands": HANDS, "melds": [["QH QS QD"], []], "pile": "8C KD"})
    game = Game.from_json(text)
    expected = Game.from_position("classic", hands=HANDS, melds=[["QH QS QD"], []], pile="KD 8C")
    assert game == expected
    assert [str(move) for move in game.legal_moves()] == ["draw", "take KH KS"]
    assert (game.to_move, game.seed, game.scores) == (0, 0, (0, 0))


def test_hand_written_defaults() -> None:
    game = Game.from_json(
        position(
            {"hands": HANDS, "seat": 2, "phase": "meld", "pile": "JK 9C"},
            rules={"preset": "classic", "players": 4, "options": {"one_card_pile_rule": False}},
            seed="fixed",
            scores=[1500, 3000],
        )
    )
    assert game.rules == canasta.find_rules("classic").with_options(one_card_pile_rule=False)
    assert (game.to_move, game.phase) == (2, canasta.Phase.MELD)
    assert game.deal.pile_frozen  # a wild card in the pile
    assert game.minimums == (90, 120)
    assert game.draft == TurnDraft(drew=True, opening=True)
    assert game.deal.stock == Game.from_json(game.to_json()).deal.stock
    assert len(game.deal.stock) == 108 - 14 - 2
    assert [str(move) for move in game.legal_moves()][:2] == ["discard 6C", "discard 6D"]
    # The same position with a different seed has another stock, the same everything else.
    other = Game.from_json(position({"hands": HANDS, "seat": 2, "phase": "meld"}, seed=1))
    assert other.deal.stock != game.deal.stock


def test_hand_written_rules_by_name_preset_or_fields() -> None:
    two = canasta.find_rules("classic", players=2)
    hands = ["KH KS", "4C 4D"]
    by_preset = Game.from_json(position({"hands": hands}, {"preset": "classic", "players": 2}))
    by_fields = Game.from_json(position({"hands": hands}, rules_to_data(two, full=True)))
    assert by_preset.rules == by_fields.rules == two
    six = Game.from_json(
        position(
            {"hands": [""] * 6},
            {"preset": "Classic", "players": 6, "options": {"six_player_pack": "two"}},
        )
    )
    assert six.rules == classic_six_player(pack="two")
    assert len(six.deal.stock) == 108


def test_hand_written_five_player_hands_per_seat_or_per_player() -> None:
    rules = {"preset": "classic", "players": 5}
    # Deal 0 seats players 0 to 3; deal 1 seats player 4 where player 2 sat (CL-V5-2).
    per_player = Game.from_json(position({"hands": ["KH", "4C", "9S", "7C", ""]}, rules))
    per_seat = Game.from_json(position({"hands": ["KH", "4C", "9S", "7C"]}, rules))
    assert per_player == per_seat
    assert per_player.seat_players == (0, 1, 2, 3)
    later = Game.from_json(position({"number": 1, "hands": ["KH", "4C", "", "7C", "9S"]}, rules))
    assert later.seat_players == (0, 1, 4, 3)
    assert later.hand(4) == canasta.Cards.parse("9S")
    assert later.hand(2) == canasta.Cards()


def test_hand_written_red_threes_wait_under_first_turn_timing() -> None:
    rules = {"preset": "classic", "options": {"red_three_timing": "first_turn"}}
    game = Game.from_json(position({"hands": ["KH", "3H 4C", "", "3D"]}, rules))
    assert game.deal.pending_red_threes == frozenset({1, 3})
    after = game.apply(canasta.Draw()).apply(canasta.Discard(canasta.Card.parse("KH")))
    assert canasta.Card.parse("3H") in after.table.red_threes[1]


def test_the_documented_example_validates_against_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    text = position({"hands": HANDS, "melds": [["QH QS QD"], []], "pile": "8C KD"})
    jsonschema.Draft202012Validator(json_schema(1)).validate(json.loads(text))


# --- bad input --------------------------------------------------------------------------------


def error_of(text: str | bytes) -> JsonError:
    with pytest.raises(JsonError) as caught:
        Game.from_json(text)
    return caught.value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON: Expecting value at line 1 column 1"),
        ('{"format": ', "not JSON"),
        (b"\xff\xfe{}", "not JSON: the bytes are not UTF-8"),
        ('{"format": "canasta-game", "version": NaN}', "not JSON: NaN is not a JSON value"),
        ("[" * 100_000, "not JSON"),
        ("[]", "expected an object (the document), got a list"),
        ('{"version": 1}', "the field 'format' is missing"),
        ('{"format": "chess", "version": 1}', "format: expected 'canasta-game', got \"chess\""),
        ('{"format": "canasta-view", "version": 1}', "read by another method"),
        (
            '{"format": "canasta-game", "version": 3}',
            "version: this library reads versions 1 and 2",
        ),
        ('{"format": "canasta-game", "version": true}', "not true"),
        ('{"format": "canasta-game", "version": 1}', "the field 'rules' is missing"),
    ],
)
def test_documents_that_are_not_games(text: str | bytes, message: str) -> None:
    assert message in str(error_of(text))


@pytest.mark.parametrize(
    ("deal", "path", "message"),
    [
        ({}, "deal", "the field 'hands' is missing"),
        ({"hands": "KH"}, "deal.hands", "expected a list of hands"),
        ({"hands": ["KH"]}, "deal.hands", "expected 4 hands, one per seat; got 1"),
        ({"hands": ["KH", "", "", 7]}, "deal.hands[3]", "expected card text"),
        ({"hands": ["KH", "", "6C 6X", ""]}, "deal.hands[2]", "'6X' is not a card: unknown suit"),
        ({"hands": HANDS, "hand": []}, "deal", "unknown field 'hand'"),
        ({"hands": ["KH KH KH", "", "", ""]}, "deal.hands[0]", "a card too many"),
        ({"hands": ["JK JK", "JK", "", ""], "pile": "JK JK"}, "deal.pile", "a card too many"),
        ({"hands": HANDS, "stock": "4S"}, "deal.stock", "the cards add up to 15, not the 108"),
        ({"hands": HANDS, "pile": "8C 8Z"}, "deal.pile", "card 2: '8Z' is not a card"),
        ({"hands": HANDS, "seat": 4}, "deal.seat", "expected a whole number from 0 to 3, got 4"),
        ({"hands": HANDS, "seat": "1"}, "deal.seat", 'expected a whole number, got "1"'),
        ({"hands": HANDS, "seat": 1.0}, "deal.seat", "expected a whole number, got 1.0"),
        ({"hands": HANDS, "phase": "dance"}, "deal.phase", 'expected one of "draw", "meld"'),
        ({"hands": HANDS, "melds": [[]]}, "deal.melds", "expected 2 entries (lists of melds"),
        ({"hands": HANDS, "melds": [["QH 2C JK"], []]}, "deal.melds[0][0]", "CL-MELD-2"),
        ({"hands": HANDS, "melds": [[], ["QH QS"]]}, "deal.melds[1][0]", "CL-MELD-5"),
        ({"hands": HANDS, "melds": [["QH QS JH"], []]}, "deal.melds[0][0]", "CL-MELD-1"),
        ({"hands": HANDS, "melds": [["2C 2D JK"], []]}, "deal.melds[0][0]", "CL-MELD-4"),
        ({"hands": HANDS, "melds": [["3H 3D 3H"], []]}, "deal.melds[0][0]", "CL-R3-1"),
        ({"hands": HANDS, "melds": [["3C 3S 2C"], []]}, "deal.melds[0][0]", "CL-B3-3"),
        (
            {"hands": HANDS, "melds": [["QH QS QD", "QC QC 2D"], []]},
            "deal.melds[0][1]",
            "CL-MELD-6",
        ),
        ({"hands": HANDS, "red_threes": ["3H 4C", ""]}, "deal.red_threes[0]", "4C is not a red"),
        ({"hands": HANDS, "red_threes": ["3H"]}, "deal.red_threes", "one per side"),
        ({"hands": ["3H", "", "", ""]}, "deal.hands[0]", "CL-R3-1"),
        ({"hands": HANDS, "phase": "over"}, "deal.end", 'phase "over" says how it ended'),
        ({"hands": HANDS, "end": "went_out"}, "deal.end", "has not ended"),
        (
            {"hands": HANDS, "known": ["KH", "4S", "", ""]},
            "deal.known[1]",
            "not all in player 1's hand",
        ),
        ({"hands": HANDS, "draft": {"locked": "4C"}}, "deal.draft.locked", "not all in the hand"),
        ({"hands": HANDS, "draft": {"drew": 1}}, "deal.draft.drew", "expected true or false"),
        ({"hands": HANDS, "draft": {"new_ranks": ["Z"]}}, "deal.draft.new_ranks[0]", "one of"),
        ({"hands": HANDS, "draft": {"fly": True}}, "deal.draft", "unknown field 'fly'"),
        ({"hands": HANDS, "history": [{"seat": 0}]}, "deal.history[0]", "'move' is missing"),
        (
            {"hands": HANDS, "history": [{"seat": 9, "move": "draw"}]},
            "deal.history[0].seat",
            "0 to 3",
        ),
        (
            {"hands": HANDS, "history": [{"seat": 0, "move": "fly"}]},
            "deal.history[0].move",
            "'fly' is not a move",
        ),
        ({"hands": HANDS, "minimums": [50, "x"]}, "deal.minimums[1]", "expected a whole number"),
        ({"hands": HANDS, "melded_seats": [5]}, "deal.melded_seats[0]", "from 0 to 3"),
        ({"hands": HANDS, "pending_red_threes": [1]}, "deal.pending_red_threes", "first_turn"),
    ],
)
def test_impossible_deals(deal: dict[str, Any], path: str, message: str) -> None:
    error = error_of(position(deal))
    assert error.path == path, str(error)
    assert message in error.message, str(error)
    assert str(error).startswith(path + ": ")
    assert isinstance(error, PositionError)


@pytest.mark.parametrize(
    ("rules", "deal", "path", "message"),
    [
        ("pinochle", {"hands": []}, "rules", "unknown rule set 'pinochle'"),
        (7, {"hands": []}, "rules", "expected an object, got 7"),
        ({"preset": "classic", "players": 7}, {"hands": []}, "rules", "not 7"),
        ({"preset": "classic", "options": {"fly": 1}}, {}, "rules.options.fly", "not a rule-set"),
        (
            {"preset": "classic", "options": {"wild_ratio": "many"}},
            {},
            "rules.options.wild_ratio",
            'expected one of "none"',
        ),
        (
            {"preset": "classic", "options": {"decks": 3, "hand_size": 50}},
            {},
            "rules",
            "contradictory rule set",
        ),
        ({"name": "classic"}, {}, "rules", "missing fields num_players, decks"),
        (
            {"preset": "classic", "options": {"initial_meld_table": [[None, "x"]]}},
            {},
            "rules.options.initial_meld_table",
            "expected a list of (a list of a whole number or null, a whole number)",
        ),
        (
            {"preset": "classic", "players": 5},
            {"hands": ["KH", "4C", "", "7C", "9S"]},
            "deal.hands[4]",
            "player 4 sits out this deal (seats [0, 1, 2, 3])",
        ),
        (
            {"preset": "classic", "players": 2},
            {"hands": ["KH", "4C"], "phase": "answer"},
            "deal.phase",
            "no partners",
        ),
    ],
)
def test_bad_rules_and_seating(
    rules: object, deal: dict[str, Any], path: str, message: str
) -> None:
    error = error_of(position(deal, rules))
    assert error.path == path, str(error)
    assert message in error.message, str(error)


def test_bad_game_fields() -> None:
    full = document("classic-4p-mid-deal", "game")
    cases: list[tuple[str, object, str, str]] = [
        ("seed", 1.5, "seed", "expected a whole number, got 1.5"),
        ("scores", [0, 3], "scores[1]", "multiples of 5"),
        ("scores", [0], "scores", "expected 2 entries"),
        ("is_over", True, "is_over", "only when its last deal is"),
        ("seat_players", [0, 1, 2, 2], "seat_players[3]", "player 2 cannot sit in seat 3"),
        ("seat_players", [1, 0, 2, 3], "seat_players[0]", "plays for side 1"),
        ("results", [{"number": 0}], "results[0]", "the field 'end' is missing"),
        ("extra", 1, "", "unknown field 'extra'"),
    ]
    for key, value, path, message in cases:
        changed = copy.deepcopy(full)
        changed[key] = value
        error = error_of(json.dumps(changed))
        assert (error.path, message in error.message) == (path, True), str(error)


def test_bad_results() -> None:
    over = document("classic-4p-match-over", "game")
    changed = copy.deepcopy(over)
    changed["results"][0]["scores"][1]["side"] = 0
    error = error_of(json.dumps(changed))
    assert error.path == "results[0].scores[1].side"
    changed = copy.deepcopy(over)
    changed["results"][0]["end"] = "bored"
    assert error_of(json.dumps(changed)).path == "results[0].end"


# --- views ---------------------------------------------------------------------------------------


def test_views_refuse_what_does_not_add_up() -> None:
    good = document("classic-4p-mid-deal", "view")
    sizes = good["hand_sizes"]
    player = good["player"]
    more = [size + (index == player) for index, size in enumerate(sizes)]
    other = (player + 1) % 4
    total = [size + (index == other) for index, size in enumerate(sizes)]
    cases: list[tuple[str, object, str, str]] = [
        ("format", "canasta-game", "format", "expected 'canasta-view'"),
        ("player", 4, "player", "from 0 to 3"),
        ("hand_sizes", more, f"hand_sizes[{player}]", f"not {more[player]}"),
        ("hand_sizes", total, "", "add up to 109 cards, not the 108"),
        ("known_cards", ["", "", "KH KH KH", ""], "known_cards[2]", "a card too many"),
        ("to_move", 3, "to_move", f"the player to act is {good['to_move']}, not 3"),
        ("turn_player", 9, "turn_player", "from 0 to 3"),
        ("phase", "over", "to_move", "the player to act is null"),
        ("is_over", True, "to_move", "the player to act is null"),
        ("table", {"stock_size": 1}, "table", "the field 'pile_frozen' is missing"),
    ]
    for key, value, path, message in cases:
        changed = copy.deepcopy(good)
        changed[key] = value
        with pytest.raises(JsonError) as caught:
            PlayerView.from_json(json.dumps(changed))
        assert (caught.value.path, message in caught.value.message) == (path, True), str(
            caught.value
        )


def test_a_hand_written_view_loads() -> None:
    game = Game.from_position("classic", hands=HANDS, melds=[["QH QS QD"], []], pile="KD 8C")
    view = game.view(0)
    text = json.dumps(
        {
            "format": "canasta-view",
            "version": 1,
            "rules": "classic",
            "player": 0,
            "hand": HANDS[0],
            "hand_sizes": [5, 3, 3, 3],
            "table": {"melds": [["QH QS QD"], []], "stock_size": 89, "pile_frozen": False},
            "pile": "8C KD",
            "turn_player": 0,
        }
    )
    loaded = PlayerView.from_json(text)
    assert loaded == view
    assert sorted(map(str, loaded.legal_moves())) == ["draw", "take KH KS"]
    assert loaded.sample(random.Random(0)).view(0) == view


# --- arbitrary input ---------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=25,
)


def loads_or_refuses(text: str | bytes) -> None:
    try:
        result = Game.from_json(text)
    except JsonError:
        return
    assert isinstance(result, Game)


@given(st.text() | st.binary())
def test_arbitrary_text_is_a_game_or_a_json_error(text: str | bytes) -> None:
    loads_or_refuses(text)


@given(json_values)
def test_arbitrary_json_is_a_game_or_a_json_error(value: object) -> None:
    loads_or_refuses(json.dumps(value))
    loads_or_refuses(json.dumps({"format": "canasta-game", "version": 1, "rules": value}))
    loads_or_refuses(
        json.dumps({"format": "canasta-game", "version": 1, "rules": "classic", "deal": value})
    )


def paths(value: object, prefix: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def mutated(document: Any, path: tuple[Any, ...], value: object) -> Any:
    if not path:
        return value
    changed = copy.deepcopy(document)
    target = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return changed


def _fuzz_documents() -> list[dict[str, Any]]:
    names = ["classic-3p-first-turn-red-threes", "classic-5p-second-deal", "classic-4p-asking"]
    return [document(name, "game") for name in names]


FUZZ_DOCUMENTS = _fuzz_documents()
FUZZ_PATHS = [(index, path) for index, doc in enumerate(FUZZ_DOCUMENTS) for path in paths(doc)]


@settings(max_examples=examples(150))
@given(st.sampled_from(FUZZ_PATHS), json_values | st.sampled_from(["", "KH", "3H", 0, -1, 3]))
def test_a_changed_field_is_a_game_or_a_json_error(
    where: tuple[int, tuple[object, ...]], value: object
) -> None:
    index, path = where
    loads_or_refuses(json.dumps(mutated(FUZZ_DOCUMENTS[index], path, value)))


@settings(max_examples=examples(50))
@given(st.sampled_from(FUZZ_PATHS))
def test_a_removed_field_is_a_game_or_a_json_error(where: tuple[int, tuple[object, ...]]) -> None:
    index, path = where
    if not path:
        return
    document = copy.deepcopy(FUZZ_DOCUMENTS[index])
    target = document
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    loads_or_refuses(json.dumps(document))


# --- the schema and the package ------------------------------------------------------------------


def test_the_schema_of_version_1_is_shipped() -> None:
    schema = json_schema(1)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$defs"]["game"]["properties"]["version"] == {"const": 1}
    assert schema["$defs"]["view"]["properties"]["format"] == {"const": "canasta-view"}
    # The draft's fields when version 1 was current: concealed_only came with version 2.
    since = {"concealed_only"}
    fields = {f.name for f in attrs.fields(TurnDraft)}
    assert set(schema["$defs"]["draft"]["properties"]) == fields - since


def test_the_documents_of_version_1_follow_its_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json_schema(1))
    for case in CASES:
        for kind in ("game", "view"):
            validator.validate(document(case["name"], kind))


# --- Hollywood: sequences, wild melds, several melds of a rank --------------------------------

HOLLYWOOD_HANDS = ["KH KS KD 5C 9S 7D", "4C 4D 4H 8S"]
HOLLYWOOD_MELDS: list[list[object]] = [
    [{"cards": "7D 8D 9D JK", "wild_as": "10"}, "QD QH QS", "2C 2D JK", "QC QD QS 2H"],
    [{"cards": "4H 5H 6H 2S", "wild_as": "7"}],
]


def hollywood_document(**deal: Any) -> dict[str, Any]:
    return {
        "format": "canasta-game",
        "version": 1,
        "rules": {"preset": "hollywood", "players": 2},
        "deal": {
            "hands": HOLLYWOOD_HANDS,
            "melds": copy.deepcopy(HOLLYWOOD_MELDS),
            "pile": "8C KD",
            **deal,
        },
    }


def test_hollywood_rules_are_written_and_read() -> None:
    rules = canasta.find_rules("hollywood", players=3)
    data = rules_to_data(rules, full=True)
    assert data["rule_ids"][0] == ["CL-ASK-1", "HW-OUT-9"]
    assert rules_from_data(json.loads(json.dumps(data))) == rules
    assert rules_from_data("hollywood") == canasta.find_rules("hollywood")
    by_object = rules_from_data({**data, "rule_ids": dict(rules.rule_ids)})
    assert by_object == rules
    preset = rules_from_data(
        {"preset": "hollywood", "players": 3, "options": {"rule_ids": {"CL-MELD-2": "X-1"}}}
    )
    assert preset.rule_id("CL-MELD-2") == "X-1"
    with pytest.raises(JsonError, match=r"^rules\.rule_ids\.CL-MELD-2: expected a rule ID"):
        rules_from_data({**data, "rule_ids": {"CL-MELD-2": 5}})


def test_hollywood_hand_written_melds() -> None:
    from scenario_helpers import hollywood_table

    base = hollywood_document()
    base["deal"]["melds"][0][0] = {"cards": "7D 8D 9D JK", "wild_as": "10", "suit": "D"}
    assert Game.from_json(json.dumps(base)) == hollywood_table()
    # A hand-written position in the meld phase: the melds on the table came before the turn.
    base["deal"]["phase"] = "meld"
    mid_turn = Game.from_json(json.dumps(base))
    assert mid_turn.draft.melds_before == 4
    assert Game.from_json(mid_turn.to_json()) == mid_turn


@pytest.mark.parametrize(
    ("meld", "message"),
    [
        ({"cards": "7D 8D 9D JK"}, "deal.melds[0][0]: the meld 7D 8D 9D JK breaks the rules: "),
        ({"cards": "7D 8D 9D JK", "wild_as": "X"}, r"deal.melds[0][0].wild_as: expected a rank"),
        ({"cards": "7D 8D 9D JK", "wild_as": "6", "suit": "H"}, "is no sequence of H"),
        ({"cards": "QH QS QD", "suit": "H"}, "the meld QD QH QS is no sequence"),
        ({"cards": "7D 8D 9D JK", "wild_as": "8"}, "HW-MELD-10"),
        ({"wild_as": "6"}, "deal.melds[0][0]: the field 'cards' is missing"),
        ({"cards": "7D 8D 9D JK", "wild": "6"}, "unknown field 'wild'"),
        ("7D 8D 9D 2C JK", "HW-MELD-6"),
    ],
)
def test_bad_hollywood_melds(meld: object, message: str) -> None:
    changed = hollywood_document()
    changed["deal"]["melds"][0][0] = meld
    assert message in str(error_of(json.dumps(changed)))


def test_classic_melds_are_sorted_and_one_of_a_rank() -> None:
    text = position({"hands": HANDS, "melds": [["QH QS QD", "7C 7D 7S"], []], "pile": "8C KD"})
    game = Game.from_json(text)
    assert [meld.rank.text for meld in game.table.melds[0]] == ["7", "Q"]
    twice = position({"hands": HANDS, "melds": [["QH QS QD", "QC QD QS"], []]})
    assert "one meld of a rank (CL-MELD-6)" in str(error_of(twice))
