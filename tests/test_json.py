"""JSON: exact round trips of games and views, hand-written positions, every bad input."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import random_walk, rule_sets
from scenario_helpers import hollywood_table

import canasta
from canasta import Game, PositionError, RuleSet
from canasta._engine.meld_rules import MeldKind
from canasta._engine.state import TurnDraft
from canasta._notation.jsonio import (
    SCHEMA_FILE,
    JsonError,
    game_to_data,
    json_schema,
    rules_from_data,
    rules_to_data,
)
from canasta._rules.ruleset import classic_six_player
from canasta.views import PlayerView

seeds = st.integers(min_value=0, max_value=2**32)


def walk(rules: RuleSet, seed: int, every: int, limit: int | None = None) -> Iterator[Game]:
    """Every ``every``-th position of a random first deal (up to ``limit`` moves), and its last."""
    games = random_walk(Game.new(rules, seed=seed), random.Random(seed))
    last = None
    for count, game in enumerate(games):
        if limit is not None and count > limit:
            break
        if count % every == 0:
            yield game
        last = game
    assert last is not None
    yield last


def assert_round_trip(game: Game, *, as_bytes: bool = True) -> None:
    """JSON and back gives the game, and the same JSON; read from bytes too if ``as_bytes``
    (the reading of bytes does not depend on the position: once a walk is enough)."""
    text = game.to_json()
    again = Game.from_json(text)
    assert again == game
    assert again.to_json() == text
    if as_bytes:
        assert Game.from_json(text.encode()) == game


def assert_view_round_trip(view: PlayerView) -> None:
    text = view.to_json()
    again = PlayerView.from_json(text)
    assert again == view
    assert again.to_json() == text


# --- round trips ---------------------------------------------------------------------------------


@settings(max_examples=30)
@given(rules=rule_sets, seed=seeds)
def test_games_round_trip_along_a_deal(rules: RuleSet, seed: int) -> None:
    *games, last = walk(rules, seed, every=9, limit=150)
    for game in games:
        assert_round_trip(game, as_bytes=False)
    assert_round_trip(last)


@settings(max_examples=8)
@given(rules=rule_sets, seed=seeds)
def test_games_round_trip_to_the_next_deal(rules: RuleSet, seed: int) -> None:
    *_, last = walk(rules, seed, every=10**6)
    assert last.results  # a finished deal, with its scores and history
    assert_round_trip(last)
    assert_round_trip(last.apply(next(iter(last.legal_moves()))))


@settings(max_examples=10)
@given(rules=rule_sets, seed=seeds)
def test_views_round_trip(rules: RuleSet, seed: int) -> None:
    for game in walk(rules, seed, every=31, limit=120):
        for player in range(rules.num_players):
            assert_view_round_trip(game.view(player))


def test_a_finished_match_round_trips() -> None:
    rules = attrs.evolve(canasta.find_rules("classic"), target_score=5)
    for seed in range(3):
        *_, last = walk(rules, seed, every=10**6)
        if last.is_over:
            break
    assert last.is_over
    assert last.deal.end is not None
    assert_round_trip(last)
    assert_view_round_trip(last.view(1))


def test_every_seating_and_seed_kind_round_trips() -> None:
    games = [
        Game.new("classic", players=5, seed="a text seed"),
        Game.new(classic_six_player(six_player_sides=3), seed=2**63 - 1),
        Game.new(classic_six_player(pack="two"), seed=0),
        Game.new(attrs.evolve(canasta.find_rules("classic"), target_score=3000), seed=1),
        Game.from_position(
            "classic",
            players=5,
            hands=["KH KS 5C", "4C 4D", "", "7C 7D", "6C 6D 6H"],
            melds=[["QH QS QD"], []],
            pile="8C KD",
            deal_number=1,
            seed="s",
            scores=[1500, -20],
            melded_players=[0],
            to_move=4,
        ),
    ]
    for game in games:
        assert_round_trip(game)
        for player in range(game.rules.num_players):
            assert_view_round_trip(game.view(player))


def test_sampled_worlds_round_trip() -> None:
    game = Game.new("classic", seed=5)
    rng = random.Random(5)
    for _ in range(25):
        game = game.apply(rng.choice(list(game.legal_moves())))
    world = game.view(2).sample(random.Random(1))
    assert_round_trip(world)


def test_rule_sets_are_written_field_by_field() -> None:
    rules = attrs.evolve(canasta.find_rules("classic", players=6), six_player_sides=3)
    data = rules_to_data(rules)
    assert list(data) == [field.alias for field in attrs.fields(RuleSet)]
    assert data["target_score"] is None  # as given: the table's usual target
    assert data["initial_meld_table"][0] == [None, 15]
    assert rules_from_data(data) == rules
    assert rules_from_data(json.loads(json.dumps(data))) == rules
    with_target = attrs.evolve(rules, target_score=2500)
    assert rules_to_data(with_target)["target_score"] == 2500
    assert rules_from_data(rules_to_data(with_target)) == with_target


# --- size ---------------------------------------------------------------------------------------


def test_a_mid_deal_game_is_small() -> None:
    rules = canasta.find_rules("classic", players=4)
    for seed in range(6):
        games = list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))
        middle = games[len(games) // 2]
        text = middle.to_json()
        assert len(text.encode()) < 8 * 1024
        assert "\n" not in text  # compact by default
        assert ", " not in text
        indented = middle.to_json(indent=2)
        assert indented.startswith('{\n  "format": "canasta-game"')
        assert Game.from_json(indented) == middle


# --- hand-written positions ------------------------------------------------------------------


def position(deal: dict[str, Any], rules: object = "classic", **more: Any) -> str:
    document = {"format": "canasta-game", "version": 1, "rules": rules, "deal": deal, **more}
    return json.dumps(document)


HANDS = ["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"]


def test_a_hand_written_position_loads_like_from_position() -> None:
    text = position({"hands": HANDS, "melds": [["QH QS QD"], []], "pile": "8C KD"})
    game = Game.from_json(text)
    expected = Game.from_position("classic", hands=HANDS, melds=[["QH QS QD"], []], pile="8C KD")
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
    assert game.initial_minimums == (90, 120)
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
    by_fields = Game.from_json(position({"hands": hands}, rules_to_data(two)))
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
    jsonschema.Draft202012Validator(json_schema()).validate(json.loads(text))


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
        ('{"format": "canasta-game", "version": 2}', "version: this library reads version 1"),
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
        ({"hands": HANDS, "stock": "4S"}, "deal", "the cards add up to 15, not the 108"),
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
        ({"hands": HANDS, "end": "went_out"}, "deal.end", "has not ended; end must be null"),
        ({"hands": HANDS, "known": ["KH", "4S", "", ""]}, "deal.known[1]", "not all in seat 1"),
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
    assert message in error.reason, str(error)
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
            "player 4 sits out this deal (seat_players [0, 1, 2, 3])",
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
    assert message in error.reason, str(error)


def test_bad_game_fields() -> None:
    full = json.loads(Game.new("classic", seed=3).to_json())
    cases: list[tuple[str, object, str, str]] = [
        ("seed", 1.5, "seed", "expected a whole number, got 1.5"),
        ("scores", [0, 3], "scores[1]", "multiples of 5"),
        ("scores", [0], "scores", "expected 2 entries"),
        ("is_over", True, "is_over", "exactly when its last deal is"),
        ("seat_players", [0, 1, 2, 2], "seat_players[3]", "player 2 sits in two seats"),
        ("seat_players", [1, 0, 2, 3], "seat_players[0]", "plays for side 1"),
        ("results", [{"number": 0}], "results[0]", "the field 'end' is missing"),
        ("extra", 1, "", "unknown field 'extra'"),
    ]
    for key, value, path, message in cases:
        document = copy.deepcopy(full)
        document[key] = value
        error = error_of(json.dumps(document))
        assert (error.path, message in error.reason) == (path, True), str(error)


def test_bad_results() -> None:
    rules = attrs.evolve(canasta.find_rules("classic"), target_score=5)
    *_, last = walk(rules, 0, every=10**6)
    document = json.loads(last.to_json())
    document["results"][0]["scores"][1]["side"] = 0
    error = error_of(json.dumps(document))
    assert error.path == "results[0].scores[1].side"
    document = json.loads(last.to_json())
    document["results"][0]["end"] = "bored"
    assert error_of(json.dumps(document)).path == "results[0].end"


# --- views ---------------------------------------------------------------------------------------


def test_views_refuse_what_does_not_add_up() -> None:
    game = Game.new("classic", seed=4)
    good = json.loads(game.view(1).to_json())
    cases: list[tuple[str, object, str, str]] = [
        ("format", "canasta-game", "format", "expected 'canasta-view'"),
        ("player", 4, "player", "from 0 to 3"),
        ("hand_sizes", [11, 12, 11, 11], "hand_sizes[1]", "holds 11 cards, not 12"),
        ("hand_sizes", [11, 11, 11, 12], "", "add up to 109 cards, not the 108"),
        ("known_cards", ["", "", "KH KH KH", ""], "known_cards[2]", "a card too many"),
        ("to_move", 3, "to_move", "the player to act is 0, not 3"),
        ("turn_player", 9, "turn_player", "from 0 to 3"),
        ("phase", "over", "is_over", "exactly when its last deal is"),
        ("table", {"stock_size": 1}, "table", "the field 'pile_frozen' is missing"),
    ]
    for key, value, path, message in cases:
        document = copy.deepcopy(good)
        document[key] = value
        with pytest.raises(JsonError) as caught:
            PlayerView.from_json(json.dumps(document))
        assert (caught.value.path, message in caught.value.reason) == (path, True), str(
            caught.value
        )


def test_a_hand_written_view_loads() -> None:
    game = Game.from_position("classic", hands=HANDS, melds=[["QH QS QD"], []], pile="8C KD")
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
    rules = attrs.evolve(canasta.find_rules("classic"), red_three_timing="first_turn")
    game = Game.new(rules, seed=11)
    rng = random.Random(11)
    for _ in range(30):
        game = game.apply(rng.choice(list(game.legal_moves())))
    finished = attrs.evolve(canasta.find_rules("classic", players=5), target_score=5)
    *_, over = walk(finished, 1, every=10**6)
    return [game_to_data(game), game_to_data(over), game_to_data(Game.new("classic", seed=1))]


FUZZ_DOCUMENTS = _fuzz_documents()
FUZZ_PATHS = [(index, path) for index, doc in enumerate(FUZZ_DOCUMENTS) for path in paths(doc)]


@settings(max_examples=150)
@given(st.sampled_from(FUZZ_PATHS), json_values | st.sampled_from(["", "KH", "3H", 0, -1, 3]))
def test_a_changed_field_is_a_game_or_a_json_error(
    where: tuple[int, tuple[object, ...]], value: object
) -> None:
    index, path = where
    loads_or_refuses(json.dumps(mutated(FUZZ_DOCUMENTS[index], path, value)))


@settings(max_examples=50)
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


def test_the_schema_is_shipped_and_describes_version_1() -> None:
    resource = resources.files("canasta") / "schema" / SCHEMA_FILE
    schema = json.loads(resource.read_text(encoding="utf-8"))
    assert schema == json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$defs"]["game"]["properties"]["version"] == {"const": 1}
    assert schema["$defs"]["view"]["properties"]["format"] == {"const": "canasta-view"}
    fields = schema["$defs"]["ruleFields"]
    assert fields["required"] == [field.alias for field in attrs.fields(RuleSet)]
    assert set(schema["$defs"]["draft"]["properties"]) == {f.name for f in attrs.fields(TurnDraft)}


def test_produced_documents_follow_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(json_schema())
    validator = jsonschema.Draft202012Validator(json_schema())
    documents = list(FUZZ_DOCUMENTS)
    documents.append(
        json.loads(Game.new(classic_six_player(six_player_sides=3), seed=2).to_json())
    )
    documents.append(json.loads(Game.new("classic", players=5, seed=2).view(4).to_json()))
    for document in documents:
        validator.validate(document)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(mutated(documents[0], ("deal", "hands", 0), "KX"))


def test_loading_executes_nothing() -> None:
    source = Path(canasta._notation.jsonio.__file__).read_text(encoding="utf-8")
    for word in ("pickle", "eval(", "exec(", "__import__", "marshal"):
        assert word not in source


# --- Hollywood: sequences, wild melds, several melds of a rank --------------------------------


def hollywood_position(**more: Any) -> Game:
    """A Hollywood position: side 0 holds a sequence with a wild card, two melds of queens and
    a meld of wild cards; side 1 a sequence whose wild card stands at its top."""
    return hollywood_table(**more)


def test_hollywood_melds_round_trip_in_their_order() -> None:
    game = hollywood_position()
    assert_round_trip(game)
    assert_view_round_trip(game.view(1))
    melds = json.loads(game.to_json())["deal"]["melds"]
    assert melds == [
        [{"cards": "7D 8D 9D JK", "wild_as": "10"}, "QD QH QS", "2C 2D JK", "QC QD QS 2H"],
        [{"cards": "4H 5H 6H 2S", "wild_as": "7"}],
    ]
    kinds = [meld.kind for meld in Game.from_json(game.to_json()).table.melds[0]]
    assert kinds == [
        MeldKind.SEQUENCE,
        MeldKind.RANK,
        MeldKind.WILD,
        MeldKind.RANK,
    ]


def test_hollywood_rules_are_written_and_read() -> None:
    rules = canasta.find_rules("hollywood", players=3)
    data = rules_to_data(rules)
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
    base = json.loads(hollywood_position().to_json())
    melds = base["deal"]["melds"]
    melds[0][0] = {"cards": "7D 8D 9D JK", "wild_as": "10", "suit": "D"}
    assert Game.from_json(json.dumps(base)) == hollywood_position()
    # A hand-written position in the meld phase: the melds on the table came before the turn.
    base["deal"]["phase"] = "meld"
    del base["deal"]["draft"]
    mid_turn = Game.from_json(json.dumps(base))
    assert mid_turn.draft.melds_before == 4
    assert_round_trip(mid_turn)


@pytest.mark.parametrize(
    ("meld", "message"),
    [
        ({"cards": "7D 8D 9D JK"}, "deal.melds[0][0]: the meld 7D 8D 9D JK breaks the rules: "),
        ({"cards": "7D 8D 9D JK", "wild_as": "X"}, r"deal.melds[0][0].wild_as: expected a rank"),
        ({"cards": "7D 8D 9D JK", "wild_as": "6", "suit": "H"}, "is a sequence of D, not of H"),
        ({"cards": "QH QS QD", "suit": "H"}, "the meld QD QH QS is no sequence"),
        ({"cards": "7D 8D 9D JK", "wild_as": "8"}, "HW-MELD-10"),
        ({"wild_as": "6"}, "deal.melds[0][0]: the field 'cards' is missing"),
        ({"cards": "7D 8D 9D JK", "wild": "6"}, "unknown field 'wild'"),
        ("7D 8D 9D 2C JK", "HW-MELD-6"),
    ],
)
def test_bad_hollywood_melds(meld: object, message: str) -> None:
    document = json.loads(hollywood_position().to_json())
    document["deal"]["melds"][0][0] = meld
    assert message in str(error_of(json.dumps(document)))


def test_classic_melds_stay_text_sorted_and_one_of_a_rank() -> None:
    text = position({"hands": HANDS, "melds": [["QH QS QD", "7C 7D 7S"], []], "pile": "8C KD"})
    game = Game.from_json(text)
    assert [meld.rank.text for meld in game.table.melds[0]] == ["7", "Q"]
    assert json.loads(game.to_json())["deal"]["melds"] == [["7C 7D 7S", "QD QH QS"], []]
    twice = position({"hands": HANDS, "melds": [["QH QS QD", "QC QD QS"], []]})
    assert "a side has one meld of a rank (CL-MELD-6)" in str(error_of(twice))


def test_hollywood_documents_follow_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json_schema())
    game = hollywood_position()
    validator.validate(json.loads(game.to_json()))
    validator.validate(json.loads(game.view(0).to_json()))
    validator.validate(json.loads(Game.new("hollywood", players=6, seed=3).to_json()))
    document = json.loads(game.to_json())
    document["deal"]["history"] = [{"seat": 0, "move": "merge #1 #3"}]
    document["rules"] = {"preset": "hollywood", "options": {"rule_ids": {"CL-MELD-2": "X"}}}
    validator.validate(document)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(mutated(document, ("deal", "melds", 0, 0, "wild_as"), "X"))


@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_hollywood_games_round_trip_along_a_deal(seed: int) -> None:
    *games, last = walk(canasta.find_rules("hollywood", players=2), seed, every=7, limit=200)
    for game in games:
        assert_round_trip(game, as_bytes=False)
        assert_view_round_trip(game.view(0))
    assert_round_trip(last)
    assert_view_round_trip(last.view(0))
