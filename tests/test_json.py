"""JSON of the current version (2): exact round trips, compact documents, views with their
legal moves, hand-written positions in any phase, and every bad input refused with its path.

Documents of version 1 are tested in ``test_json_v1.py``.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import internals
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import classic_six_player
from play_helpers import every_rule_set, random_walk, seeds
from profiles import examples
from scenario_helpers import hollywood_table

import canasta
from canasta import Game, MeldKind, PositionError, RuleSet, records
from canasta._notation.jsonio import (
    SCHEMA_FILE,
    JsonError,
    json_schema,
    rules_from_data,
    rules_to_data,
)
from canasta.views import PlayerView


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


def assert_round_trip(game: Game) -> None:
    for history in ("results", "full"):
        text = game.to_json(history=history)  # type: ignore[arg-type]
        again = Game.from_json(text)
        assert again == game
        assert again.deal.draft == game.deal.draft
        assert again.to_json(history=history) == text  # type: ignore[arg-type]
    assert Game.from_json(game.to_json(rules="full").encode()) == game


def assert_view_round_trip(view: PlayerView) -> None:
    for history in ("results", "full"):
        text = view.to_json(history=history)  # type: ignore[arg-type]
        again = PlayerView.from_json(text)
        assert again == view
        assert again.to_json(history=history) == text  # type: ignore[arg-type]
    assert PlayerView.from_json(view.to_json(legal_moves=True)) == view


# --- round trips ---------------------------------------------------------------------------------


@settings(max_examples=examples(30))
@given(rules=every_rule_set, seed=seeds)
def test_games_and_views_round_trip_along_a_deal(rules: RuleSet, seed: int) -> None:
    for game in walk(rules, seed, every=11, limit=150):
        assert_round_trip(game)
        assert_view_round_trip(game.view(seed % rules.num_players))


@settings(max_examples=examples(8))
@given(rules=every_rule_set, seed=seeds)
def test_games_round_trip_to_the_next_deal(rules: RuleSet, seed: int) -> None:
    *_, last = walk(rules, seed, every=10**6)
    assert last.results  # a finished deal, with its scores and moves
    assert_round_trip(last)
    assert_round_trip(last.apply(next(iter(last.legal_moves()))))
    for player in range(rules.num_players):
        assert_view_round_trip(last.view(player))


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
    assert json.loads(last.to_json())["is_over"] is True


def test_every_seating_and_seed_kind_round_trips() -> None:
    games = [
        Game.new("classic", players=5, seed="a text seed"),
        Game.new(classic_six_player(six_player_sides=3), seed=2**63 - 1),
        Game.new(classic_six_player(pack="two"), seed=0),
        Game.new(attrs.evolve(canasta.find_rules("classic"), target_score=3000), seed=1),
        Game.new(canasta.find_rules("classic").with_options(name="house"), seed=1),
        Game.from_position(
            "classic",
            players=5,
            hands=["KH KS 5C", "4C 4D", "", "7C 7D", "6C 6D 6H"],
            melds=[["QH QS QD"], []],
            pile="KD 8C",
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


def test_loading_again_after_forgetting_what_was_remembered() -> None:
    game = hollywood_table()
    text = game.to_json()
    canasta.clear_caches()
    assert Game.from_json(text) == game
    assert Game.from_json(text) == game  # the second time from what is remembered


# --- compact documents -------------------------------------------------------------------------


def match_at_deal(name: str, deal: int, seed: int = 1) -> Game:
    """A random match of ``name`` (four players) played into deal ``deal``, some moves in
    (to a target that random play does not reach so soon)."""
    rng = random.Random(seed)
    rules = canasta.find_rules(name, players=4).with_options(target_score=100_000)
    game = Game.new(rules, seed=seed)
    while game.deal_number < deal or len(game.deal.history) < 30:
        assert not game.is_over
        game = game.apply(rng.choice(list(game.legal_moves())))
    return game


@pytest.mark.parametrize("name", canasta.rule_set_names())
def test_a_view_at_deal_5_is_under_4_kb(name: str) -> None:
    game = match_at_deal(name, 5)
    assert len(game.results) == 5
    for player in range(4):
        text = game.view(player).to_json()
        assert len(text.encode()) < 4096, len(text)
    # The moves of the finished deals are there on request, and make it much larger.
    full = game.view(0).to_json(history="full")
    assert len(full) > 3 * len(game.view(0).to_json())
    assert PlayerView.from_json(full).results[0].history == game.results[0].history


def test_the_results_keep_the_game_and_full_keeps_its_record() -> None:
    game = match_at_deal("classic", 2)
    compact = Game.from_json(game.to_json())
    full = Game.from_json(game.to_json(history="full"))
    assert compact == game == full
    assert full.moves == game.moves
    assert [r.history for r in full.results] == [r.history for r in game.results]
    # By their results only, the finished deals keep everything but their moves ...
    assert [attrs.evolve(r, history=()) for r in game.results] == list(compact.results)
    assert all(not result.history for result in compact.results)
    assert compact.moves == tuple((game.seat_players[e.seat], e.move) for e in game.deal.history)
    # ... so the game plays on identically, and its record needs the full document.
    move = next(iter(game.legal_moves()))
    assert compact.apply(move) == game.apply(move)
    assert records.loads(records.dumps(full)).game() == game
    with pytest.raises(ValueError, match="cannot be recorded"):
        records.dumps(compact)


def test_a_mid_deal_game_is_small_and_compact_text() -> None:
    rules = canasta.find_rules("classic", players=4)
    for seed in range(4):
        games = list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))
        middle = games[len(games) // 2]
        text = middle.to_json()
        assert len(text.encode()) < 4 * 1024
        assert "\n" not in text
        assert ", " not in text
        indented = middle.to_json(indent=2)
        assert indented.startswith('{\n  "format": "canasta-game"')
        assert Game.from_json(indented) == middle


def test_the_rule_set_is_its_preset_and_the_options_that_differ() -> None:
    rules = classic_six_player(pack="two", six_player_sides=3)
    data = rules_to_data(rules)
    assert data == {
        "preset": "classic",
        "players": 6,
        "options": {"six_player_sides": 3, "six_player_pack": "two"},
    } or set(data["options"]) >= {"six_player_sides", "six_player_pack"}
    assert rules_from_data(json.loads(json.dumps(data))) == rules
    assert rules_to_data(canasta.find_rules("samba", 3)) == {"preset": "samba", "players": 3}
    full = rules_to_data(rules, full=True)
    assert list(full) == [field.alias for field in attrs.fields(RuleSet)]
    assert full["target_score"] is None  # as given: the table's usual target
    assert rules_from_data(full) == rules
    # A rule set named after no preset is written field by field.
    house = canasta.find_rules("classic").with_options(name="house")
    assert "preset" not in rules_to_data(house)
    assert rules_from_data(rules_to_data(house)) == house
    assert json.loads(Game.new(rules, seed=1).to_json(rules="full"))["rules"] == full
    with pytest.raises(ValueError, match="history"):
        Game.new("classic").to_json(history="none")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rules"):
        Game.new("classic").to_json(rules="all")  # type: ignore[arg-type]


def test_the_pile_and_the_stock_are_written_top_card_first() -> None:
    game = Game.from_position(
        "classic",
        hands=["KH KS 5C", "4C 4D", "6C", "7C"],
        pile="KD 8C 9H",
        draws="5S 6S",
    )
    assert game.table.pile_top == canasta.Card.parse("KD")
    deal = json.loads(game.to_json())["deal"]
    assert deal["pile"] == "KD 8C 9H"
    assert deal["stock"].startswith("5S 6S ")
    assert game.apply(canasta.Draw()).hand(0) == canasta.Cards.parse("KH KS 5C 5S")
    view = json.loads(game.view(1).to_json())["deal"]
    assert view["pile"] == "KD 8C 9H"


# --- views with their legal moves ------------------------------------------------------------


def test_a_view_lists_its_legal_moves_on_request() -> None:
    game = Game.from_position(
        "classic",
        hands=["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        melds=[["QH QS QD"], []],
        pile="KD 8C",
    )
    mine = json.loads(game.view(0).to_json(legal_moves=True))
    assert [move["text"] for move in mine["legal_moves"]] == ["draw", "take KH KS"]
    assert [move["text"] for move in mine["legal_moves"]] == [
        str(move) for move in game.view(0).legal_moves()
    ]
    theirs = json.loads(game.view(1).to_json(legal_moves=True))
    assert theirs["legal_moves"] == []
    assert "legal_moves" not in json.loads(game.view(0).to_json())
    for move in mine["legal_moves"]:
        assert game.is_legal(canasta.parse_move(move["text"]))
        assert set(move) <= {"text", "data"}


@settings(max_examples=examples(10))
@given(rules=every_rule_set, seed=seeds)
def test_the_listed_moves_are_the_legal_moves(rules: RuleSet, seed: int) -> None:
    for game in walk(rules, seed, every=13, limit=120):
        if game.to_move is None:
            continue
        listed = json.loads(game.view(game.to_move).to_json(legal_moves=True))["legal_moves"]
        assert [move["text"] for move in listed] == [str(m) for m in game.legal_moves()]


# --- hand-written positions ------------------------------------------------------------------

HANDS = ["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"]


def position(deal: dict[str, Any], rules: object = "classic", **more: Any) -> str:
    document = {"format": "canasta-game", "version": 2, "rules": rules, "deal": deal, **more}
    return json.dumps(document)


def test_a_hand_written_position_loads_like_from_position() -> None:
    text = position({"hands": HANDS, "melds": [["QH QS QD"], []], "pile": "KD 8C"})
    game = Game.from_json(text)
    expected = Game.from_position("classic", hands=HANDS, melds=[["QH QS QD"], []], pile="KD 8C")
    assert game == expected
    assert [str(move) for move in game.legal_moves()] == ["draw", "take KH KS"]
    assert (game.to_move, game.seed, game.scores) == (0, 0, (0, 0))


def test_a_hand_written_turn_in_progress() -> None:
    # Player 0 took the KD with KH KS to open (30 points so far, of the 50 the aces reach),
    # and holds the 8C locked.
    deal = {
        "hands": ["5C 5D 8C 9S AC AD AH", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        "melds": [["KD KH KS"], []],
        "phase": "meld",
        "took_pile": True,
        "new_melds": [0],
        "locked": "8C",
        "known": ["8C", "", "", ""],
    }
    game = Game.from_json(position(deal))
    assert game.draft.took_pile
    assert game.draft.committed
    assert game.draft.opening
    assert (game.draft.points, str(game.draft.locked)) == (30, "8C")
    assert game.explain(canasta.Discard(canasta.Card.parse("8C"))).rule == "CL-INIT-4"
    assert Game.from_json(game.to_json()) == game
    same = Game.from_position(
        "classic",
        hands=deal["hands"],
        melds=deal["melds"],
        phase="meld",
        took_pile=True,
        new_melds=[0],
        locked="8C",
        known=deal["known"],
    )
    assert same == game


def test_a_hand_written_ended_deal() -> None:
    deal = {
        "hands": ["", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        "melds": [["KD KH KS KC KH KS 2C"], []],
        "pile": "5C",
        "phase": "over",
        "end": "went_out",
        "went_out": 0,
        "drew": True,
    }
    game = Game.from_json(position(deal))
    assert game.is_over
    assert game.deal.end is canasta.DealEnd.WENT_OUT
    assert Game.from_json(game.to_json()) == game


@pytest.mark.parametrize(
    ("deal", "path", "message"),
    [
        ({}, "deal", "the field 'hands' is missing"),
        ({"hands": "KH"}, "deal.hands", "expected a list"),
        ({"hands": ["KH"]}, "deal.hands", "expected 4 entries (one per player), got 1"),
        ({"hands": ["KH", "", "", 7]}, "deal.hands[3]", "expected card text"),
        ({"hands": ["KH", "", "6C 6X", ""]}, "deal.hands[2]", "'6X' is not a card: unknown suit"),
        ({"hands": HANDS, "hand": []}, "deal", "unknown field 'hand'"),
        ({"hands": ["KH KH KH", "", "", ""]}, "deal.hands[0]", "a card too many"),
        ({"hands": ["JK JK", "JK", "", ""], "pile": "JK JK"}, "deal.pile", "a card too many"),
        ({"hands": HANDS, "stock": "4S"}, "deal.stock", "the cards add up to 15, not the 108"),
        ({"hands": HANDS, "pile": "8C 8Z"}, "deal.pile", "card 2: '8Z' is not a card"),
        ({"hands": HANDS, "turn_player": 4}, "deal.turn_player", "from 0 to 3, got 4"),
        ({"hands": HANDS, "turn_player": "1"}, "deal.turn_player", 'a whole number, got "1"'),
        ({"hands": HANDS, "phase": "dance"}, "deal.phase", 'expected one of "draw", "meld"'),
        ({"hands": HANDS, "melds": [[]]}, "deal.melds", "expected 2 entries (lists of melds"),
        ({"hands": HANDS, "melds": [["QH 2C JK"], []]}, "deal.melds[0][0]", "CL-MELD-2"),
        ({"hands": HANDS, "melds": [["QH QS JH"], []]}, "deal.melds[0][0]", "CL-MELD-1"),
        ({"hands": HANDS, "melds": [["3H 3D 3H"], []]}, "deal.melds[0][0]", "CL-R3-1"),
        (
            {"hands": HANDS, "melds": [["QH QS QD", "QC QC 2D"], []]},
            "deal.melds[0][1]",
            "CL-MELD-6",
        ),
        ({"hands": HANDS, "red_threes": ["3H 4C", ""]}, "deal.red_threes[0]", "4C is not a red"),
        ({"hands": ["3H", "", "", ""]}, "deal.hands[0]", "CL-R3-1"),
        ({"hands": HANDS, "phase": "over"}, "deal.end", 'phase "over" says how it ended'),
        ({"hands": HANDS, "end": "went_out"}, "deal.end", "has not ended"),
        ({"hands": HANDS, "known": ["KH", "4S", "", ""]}, "deal.known[1]", "not all in player 1"),
        ({"hands": HANDS, "phase": "meld", "locked": "4C"}, "deal.locked", "not all in the hand"),
        ({"hands": HANDS, "locked": "KH"}, "deal.phase", "the turn has not begun"),
        ({"hands": HANDS, "phase": "meld", "drew": False}, "deal.drew", "has drawn or taken"),
        ({"hands": HANDS, "phase": "meld", "new_melds": [0]}, "deal.new_melds", "no meld #0"),
        ({"hands": HANDS, "took_pile": 1}, "deal.took_pile", "expected true or false"),
        ({"hands": HANDS, "history": ["P0"]}, "deal.history[0]", "expected an event"),
        ({"hands": HANDS, "history": ["P7 draw"]}, "deal.history[0]", "player 7 does not play"),
        ({"hands": HANDS, "history": ["P0 fly"]}, "deal.history[0]", "'fly' is not a move"),
        ({"hands": HANDS, "minimums": [50, "x"]}, "deal.minimums[1]", "expected a whole number"),
        ({"hands": HANDS, "melded_players": [5]}, "deal.melded_players[0]", "from 0 to 3"),
        ({"hands": HANDS, "pending_red_threes": [1]}, "deal.pending_red_threes", "first_turn"),
    ],
)
def test_impossible_deals(deal: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(JsonError) as caught:
        Game.from_json(position(deal))
    error = caught.value
    assert error.path == path, str(error)
    assert message in error.message, str(error)
    assert str(error).startswith(path + ": ")
    assert isinstance(error, PositionError)


def test_bad_game_fields_and_results() -> None:
    full = json.loads(match_at_deal("classic", 1).to_json())
    fresh = json.loads(Game.new("classic", seed=1).to_json())  # no moves yet
    for seats, where, message in [
        ([0, 1, 2, 2], "deal.seat_players[3]", "cannot sit in seat 3"),
        ([1, 0, 2, 3], "deal.seat_players[0]", "plays for side 1"),
    ]:
        with pytest.raises(JsonError) as caught:
            Game.from_json(json.dumps(mutated(fresh, ("deal", "seat_players"), seats)))
        assert (caught.value.path, message in caught.value.message) == (where, True)
    cases: list[tuple[tuple[Any, ...], object, str, str]] = [
        (("seed",), 1.5, "seed", "expected a whole number, got 1.5"),
        (("scores",), [0, 3], "scores[1]", "multiples of 5"),
        (("scores",), [0], "scores", "expected 2 entries"),
        (("is_over",), True, "is_over", "only when its last deal is"),
        (("results", 0, "end"), "bored", "results[0].end", "expected one of"),
        (("results", 0, "went_out"), None, "results[0].went_out", "expected a whole number"),
        (("results", 0, "scores", 1, "fly"), 1, "results[0].scores[1]", "unknown field 'fly'"),
        (("results", 0), {"number": 0}, "results[0]", "the field 'end' is missing"),
        (("extra",), 1, "", "unknown field 'extra'"),
    ]
    for path, value, where, message in cases:
        with pytest.raises(JsonError) as caught:
            Game.from_json(json.dumps(mutated(full, path, value)))
        error = caught.value
        assert (error.path, message in error.message) == (where, True), str(error)


def test_views_refuse_what_does_not_add_up() -> None:
    good = json.loads(Game.new("classic", seed=4).view(1).to_json())
    cases: list[tuple[tuple[Any, ...], object, str, str]] = [
        (("format",), "canasta-game", "format", "expected 'canasta-view'"),
        (("player",), 4, "player", "from 0 to 3"),
        (("deal", "hand_sizes"), [11, 12, 11, 11], "deal.hand_sizes[1]", "not 12"),
        (("deal", "hand_sizes"), [11, 11, 11, 12], "deal", "add up to 109 cards, not the 108"),
        (("deal", "known"), ["", "", "KH KH KH", ""], "deal.known[2]", "a card too many"),
        (("deal", "turn_player"), 9, "deal.turn_player", "from 0 to 3"),
        (("is_over",), True, "is_over", "only when its last deal is"),
        (("deal", "stock_size"), "x", "deal.stock_size", "expected a whole number"),
        (("legal_moves",), "draw", "legal_moves", "expected a list"),
    ]
    for path, value, where, message in cases:
        with pytest.raises(JsonError) as caught:
            PlayerView.from_json(json.dumps(mutated(good, path, value)))
        error = caught.value
        assert (error.path, message in error.message) == (where, True), str(error)


def test_documents_that_are_not_games() -> None:
    cases = [
        ("", "", "not JSON: Expecting value at line 1 column 1"),
        ('{"format": "canasta-game", "version": NaN}', "", "NaN is not a JSON value"),
        ('{"format": "canasta-view", "version": 2}', "format", "read by another method"),
        ('{"format": "canasta-game", "version": 3}', "version", "reads versions 1 and 2"),
    ]
    for text, where, message in cases:
        with pytest.raises(JsonError) as caught:
            Game.from_json(text)
        assert (caught.value.path, message in caught.value.message) == (where, True)


# --- arbitrary input ---------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=25,
)


def loads_or_refuses(text: str, kind: type[Game] | type[PlayerView] = Game) -> None:
    try:
        result = kind.from_json(text)
    except JsonError:
        return
    assert isinstance(result, kind)


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


def _fuzz_documents() -> list[tuple[type[Game] | type[PlayerView], dict[str, Any]]]:
    rules = attrs.evolve(canasta.find_rules("classic"), red_three_timing="first_turn")
    game = Game.new(rules, seed=11)
    rng = random.Random(11)
    for _ in range(30):
        game = game.apply(rng.choice(list(game.legal_moves())))
    finished = attrs.evolve(canasta.find_rules("classic", players=5), target_score=5)
    *_, over = walk(finished, 1, every=10**6)
    taken = hollywood_table(pile="QH 8C").apply(canasta.TakePile(meld=1))
    return [
        (Game, json.loads(game.to_json())),
        (Game, json.loads(over.to_json(history="full"))),
        (Game, json.loads(taken.to_json())),
        (PlayerView, json.loads(game.view(2).to_json(legal_moves=True))),
    ]


FUZZ_DOCUMENTS = _fuzz_documents()
FUZZ_PATHS = [
    (index, path) for index, (_, doc) in enumerate(FUZZ_DOCUMENTS) for path in paths(doc)
]


@settings(max_examples=examples(150))
@given(st.sampled_from(FUZZ_PATHS), json_values | st.sampled_from(["", "KH", "3H", 0, -1, 3]))
def test_a_changed_field_is_a_game_or_a_json_error(
    where: tuple[int, tuple[object, ...]], value: object
) -> None:
    index, path = where
    kind, document = FUZZ_DOCUMENTS[index]
    loads_or_refuses(json.dumps(mutated(document, path, value)), kind)


@settings(max_examples=examples(50))
@given(st.sampled_from(FUZZ_PATHS))
def test_a_removed_field_is_a_game_or_a_json_error(where: tuple[int, tuple[object, ...]]) -> None:
    index, path = where
    kind, document = FUZZ_DOCUMENTS[index]
    if not path:
        return
    changed = copy.deepcopy(document)
    target = changed
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    loads_or_refuses(json.dumps(changed), kind)


@given(json_values)
def test_arbitrary_json_is_a_game_or_a_json_error(value: object) -> None:
    loads_or_refuses(json.dumps(value))
    loads_or_refuses(json.dumps({"format": "canasta-game", "version": 2, "rules": value}))
    loads_or_refuses(
        json.dumps({"format": "canasta-game", "version": 2, "rules": "classic", "deal": value})
    )


# --- the schema and the package ------------------------------------------------------------------


def test_the_schema_of_version_2_is_shipped() -> None:
    schema = json_schema()
    assert SCHEMA_FILE == "canasta-v2.schema.json"
    assert schema["$defs"]["game"]["properties"]["version"] == {"const": 2}
    assert schema["$defs"]["view"]["properties"]["format"] == {"const": "canasta-view"}
    fields = schema["$defs"]["ruleFields"]
    assert fields["required"] == [field.alias for field in attrs.fields(RuleSet)]
    facts = set(internals.TURN_FACTS)
    assert facts <= set(schema["$defs"]["deal"]["properties"])
    assert facts <= set(schema["$defs"]["viewDeal"]["properties"])


def test_produced_documents_follow_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(json_schema())
    validator = jsonschema.Draft202012Validator(json_schema())
    documents = [document for _, document in FUZZ_DOCUMENTS]
    documents.append(json.loads(Game.new(classic_six_player(six_player_sides=3)).to_json()))
    documents.append(json.loads(Game.new("classic", players=5, seed=2).view(4).to_json()))
    documents.append(json.loads(match_at_deal("bolivia", 1).to_json(rules="full")))
    for document in documents:
        validator.validate(document)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(mutated(documents[0], ("deal", "hands", 0), "KX"))
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(mutated(documents[0], ("deal", "history", 0), "seat 0: draw"))


def test_loading_executes_nothing() -> None:
    folder = Path(canasta._notation.jsonio.__file__).parent
    for module in folder.glob("*.py"):
        source = module.read_text(encoding="utf-8")
        for word in ("pickle", "eval(", "exec(", "__import__", "marshal"):
            assert word not in source, (module.name, word)


# --- Hollywood: sequences, wild melds, several melds of a rank --------------------------------


def test_hollywood_melds_round_trip_in_their_order() -> None:
    game = hollywood_table()
    assert_round_trip(game)
    assert_view_round_trip(game.view(1))
    melds = json.loads(game.to_json())["deal"]["melds"]
    assert melds == [
        ["7D 8D 9D JK wild=10", "QD QH QS", "2C 2D JK", "QC QD QS 2H"],
        ["4H 5H 6H 2S wild=7"],
    ]
    kinds = [meld.kind for meld in Game.from_json(game.to_json()).table.melds[0]]
    assert kinds == [MeldKind.SEQUENCE, MeldKind.RANK, MeldKind.WILD, MeldKind.RANK]


@pytest.mark.parametrize(
    ("meld", "message"),
    [
        ("7D 8D 9D JK", "deal.melds[0][0]: the meld 7D 8D 9D JK breaks the rules: "),
        ("7D 8D 9D JK wild=X", "deal.melds[0][0]: expected a rank from 4 to A after wild="),
        ("7D 8D 9D JK wild=8", "HW-MELD-10"),
        ("7D 8D 9D 2C JK", "HW-MELD-6"),
        ({"cards": "7D 8D 9D JK", "wild_as": "10"}, "deal.melds[0][0]: expected text"),
    ],
)
def test_bad_hollywood_melds(meld: object, message: str) -> None:
    document = json.loads(hollywood_table().to_json())
    document["deal"]["melds"][0][0] = meld
    with pytest.raises(JsonError) as caught:
        Game.from_json(json.dumps(document))
    assert message in str(caught.value)


def test_a_hollywood_pile_take_round_trips_with_its_new_meld() -> None:
    game = hollywood_table(pile="QH 8C").apply(canasta.TakePile(meld=1))
    assert game.draft.took_pile
    assert game.draft.touched_existing
    assert_round_trip(game)
    fresh = hollywood_table().apply(canasta.TakePile("KH KS"))
    assert fresh.draft.melds_before == len(fresh.table.melds[0]) - 1  # the take's new meld
    assert json.loads(fresh.to_json())["deal"]["new_melds"] == [len(fresh.table.melds[0]) - 1]
    assert_round_trip(fresh)
