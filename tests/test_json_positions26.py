"""Issue 26: every accepted document is a position, playable; loading is bounded.

Each refusal names the JSON path and the rule. The documents are of the current version (2)
unless a test says version 1, whose turn draft can say what version 2 derives.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import LIST_LIMITS
from profiles import examples

import canasta
from canasta import Game, JsonError, PositionError
from canasta.errors import RuleSetError
from canasta.views import PlayerView

V1 = Path(__file__).resolve().parent / "data" / "v1"


def game_document(deal: dict[str, Any], rules: object = "classic", **top: Any) -> str:
    return json.dumps(
        {"format": "canasta-game", "version": 2, "rules": rules, "deal": deal, **top}
    )


def refusal(text: str, kind: type[Game] | type[PlayerView] = Game) -> JsonError:
    with pytest.raises(JsonError) as caught:
        kind.from_json(text)
    return caught.value


def after_a_draw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Game.new("classic", seed=1).apply(canasta.Draw()).to_json())
    return data


def v1_document(name: str, kind: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((V1 / f"{name}.{kind}.json").read_text(encoding="utf-8"))
    return data


# --- the turn: black threes, the opening, asking ---------------------------------------------

#: Player 0 laid black threes this turn (meld #0), so must go out, and cannot.
BLACK_THREES_DEAD_END = {
    "hands": ["4C 5D 9H", "", "", ""],
    "melds": [["3C 3S 3C"], []],
    "phase": "meld",
    "new_melds": [0],
}


def test_CL_B3_3_black_threes_laid_without_a_way_out_are_refused() -> None:
    error = refusal(game_document(BLACK_THREES_DEAD_END))
    assert (error.path, "CL-B3-3" in error.message) == ("deal", True), str(error)
    assert "no legal move" in error.message


def test_CL_B3_3_the_view_of_the_player_to_act_is_refused_too() -> None:
    view = {
        "format": "canasta-view",
        "version": 2,
        "rules": "classic",
        "player": 0,
        "deal": {
            "hand": "4C 5D 9H",
            "hand_sizes": [3, 11, 11, 11],
            "melds": [["3C 3S 3C"], []],
            "stock_size": 108 - 3 - 33 - 3,
            "phase": "meld",
            "new_melds": [0],
        },
    }
    error = refusal(json.dumps(view), PlayerView)
    assert (error.path, "CL-B3-3" in error.message) == ("deal", True), str(error)


def test_CL_B3_3_a_v1_draft_saying_black_threes_were_laid_when_none_were() -> None:
    # The reproduction of the issue: the draft says black threes, the table has none.
    game = v1_document("classic-4p-mid-deal", "game")
    game["deal"]["phase"] = "meld"
    game["deal"]["draft"] = {"drew": True, "black_threes": True}
    error = refusal(json.dumps(game))
    assert (error.path, "CL-B3-3" in error.message) == ("deal.draft", True), str(error)
    view = v1_document("classic-4p-mid-deal", "view")  # player 1's view of player 0's turn
    view["phase"] = "meld"
    view["draft"] = {"drew": True, "black_threes": True}
    error = refusal(json.dumps(view), PlayerView)
    assert (error.path, "CL-B3-3" in error.message) == ("draft", True), str(error)


def test_CL_B3_3_sampling_a_view_no_game_reaches_ends() -> None:
    # A view made without the validator (as the engine's own values can be): player 0's own
    # hand cannot go out, so sample() of their view gives up after the worlds it draws
    # instead of looping. Player 1 does not see that hand: a hand built for going out (a
    # canasta and melds of every card but a discard) meets the draft, so their view samples.
    game = Game.new("classic", seed=1).apply(canasta.Draw())
    bad = attrs.evolve(
        game, deal=game.deal.replace(draft=game.deal.draft.replace(black_threes=True))
    )
    assert list(bad.legal_moves()) == []
    with pytest.raises(PositionError, match="no world drawn or built lets player 0 finish"):
        bad.view(0).sample(random.Random(1))
    world = bad.view(1).sample(random.Random(1))
    assert world.view(1) == bad.view(1)
    assert list(world.legal_moves())


def test_CL_INIT_1_a_committed_opening_that_cannot_reach_its_minimum() -> None:
    # Player 0 took the KD with KH KS (30 of the 50 points) and holds 5C 5D 8C 9S.
    took = {
        "hands": ["5C 5D 8C 9S", "", "", ""],
        "melds": [["KD KH KS"], []],
        "phase": "meld",
        "took_pile": True,
        "new_melds": [0],
        "locked": "8C",
        "known": ["8C", "", "", ""],
    }
    melded = {"hands": ["5S 9H", "", "", ""], "melds": [["4C 4D 4H"], []], "phase": "meld"}
    melded["new_melds"] = [0]
    for deal in (took, melded):
        error = refusal(game_document(deal))
        assert (error.path, "CL-INIT-1" in error.message) == ("deal", True), str(error)
    # With the aces, 60 more points, the same opening is a position.
    took["hands"] = ["5C 5D 8C 9S AC AD AH", "", "", ""]
    assert Game.from_json(game_document(took)).draft.committed


def test_CL_INIT_4_locked_cards_are_known_to_everybody() -> None:
    # The locked 8C came with the pile: a view of another player showed it in the hand, so
    # a world sampled for that view holds it (it failed with "cannot remove 8C" before).
    deal = {
        "hands": ["5C 5D 8C 9S AC AD AH", "", "", ""],
        "melds": [["KD KH KS"], []],
        "phase": "meld",
        "took_pile": True,
        "new_melds": [0],
        "locked": "8C",
    }
    error = refusal(game_document(deal))
    assert (error.path, "CL-INIT-4" in error.message) == ("deal.locked", True), str(error)
    game = Game.from_json(game_document({**deal, "known": ["8C", "", "", ""]}))
    assert game.view(1).sample(random.Random(2)).hand(0).issuperset(canasta.Cards.parse("8C"))


def test_CL_ASK_2_a_question_by_a_player_who_could_not_go_out() -> None:
    # Player 0 asked; after "yes" they must go out with 4C 5D 9H and no meld: a dead end one
    # answer later (found by the fuzz campaign: every view's sampling gave up).
    deal = {"hands": ["4C 5D 9H", "", "", ""], "phase": "answer"}
    error = refusal(game_document(deal))
    assert (error.path, "CL-ASK-2" in error.message) == ("deal", True), str(error)
    view = {"hand": "4C 5D 9H", "hand_sizes": [3, 0, 0, 0], "stock_size": 105, "phase": "answer"}
    document = {"format": "canasta-view", "version": 2, "rules": "classic", "player": 0}
    error = refusal(json.dumps({**document, "deal": view}), PlayerView)
    assert (error.path, "CL-ASK-2" in error.message) == ("deal", True), str(error)


def test_CL_ASK_1_an_answer_for_a_rule_set_without_asking() -> None:
    rules = {"preset": "classic", "options": {"ask_permission": "disabled"}}
    for facts in ({"answer": True, "asked": True}, {"asked": True}):
        deal = {"hands": ["KH", "", "", ""], "phase": "meld", **facts}
        error = refusal(game_document(deal, rules))
        where = "deal.asked"
        assert (error.path, "CL-ASK-1" in error.message) == (where, True), str(error)
    error = refusal(game_document({"hands": ["KH", "", "", ""], "phase": "meld", "answer": True}))
    assert (error.path, "CL-ASK-3" in error.message) == ("deal.answer", True), str(error)


def test_CL_TURN_1_a_draw_phase_with_a_turn_draft() -> None:
    for facts in ({"drew": True}, {"took_pile": True}):
        data = after_a_draw()
        data["deal"]["phase"] = "draw"
        data["deal"] |= facts
        error = refusal(json.dumps(data))
        assert (error.path, "CL-TURN-1" in error.message) == ("deal.phase", True), str(error)
    game = v1_document("classic-4p-mid-deal", "game")  # in phase draw
    game["deal"]["draft"] = {"drew": True}
    error = refusal(json.dumps(game))
    assert (error.path, "CL-TURN-1" in error.message) == ("deal.phase", True), str(error)


# --- the table and the scores -----------------------------------------------------------------


def test_CL_FRZ_1_pile_frozen_disagreeing_with_the_pile() -> None:
    frozen_without_cause = {"hands": ["KH", "", "", ""], "pile": "QD 5C", "pile_frozen": True}
    thawed_with_a_two = {"hands": ["KH", "", "", ""], "pile": "QD 2C", "pile_frozen": False}
    for deal in (frozen_without_cause, thawed_with_a_two):
        error = refusal(game_document(deal))
        assert (error.path, "CL-FRZ-1" in error.message) == ("deal.pile_frozen", True), str(error)
    # Under pile_frozen_at_start="always" the pile stays frozen until first taken.
    always = {"preset": "classic", "options": {"pile_frozen_at_start": "always"}}
    assert Game.from_json(game_document(frozen_without_cause, always)).table.pile_frozen
    # A pile frozen by its cards, said so, is a position.
    assert Game.from_json(game_document({**thawed_with_a_two, "pile_frozen": True}))


@pytest.mark.parametrize(("rules", "rule"), [("samba", "SA-MELD-3"), ("bolivia", "BO-MELD-3")])
@pytest.mark.parametrize("kind", [Game, PlayerView])
def test_SA_MELD_3_a_sequence_holding_a_wild_card_is_refused(
    rules: str, rule: str, kind: type[Game] | type[PlayerView]
) -> None:
    """Samba's and Bolivia's sequences hold no wild card (SA-MELD-3, BO-MELD-3): a table with
    one is no position, refused citing the rule set's own rule; the going-out search, whose
    bounds count on a sequence's room for wild cards being none or more, never meets one
    (tests/search_helpers.py, ``sequence_wilds_laid``)."""
    deal = {"hands": ["4C 5D 9H", "", "", ""], "melds": [["7C 8C 9C 10C"], []]}
    document = json.loads(game_document(deal, rules))
    if kind is PlayerView:
        document = json.loads(Game.from_json(json.dumps(document)).view(0).to_json())
    for meld in ("7C 8C 10C 2C wild=9", "7C 8C 9C JK wild=10"):
        document["deal"]["melds"][0][0] = meld
        error = refusal(json.dumps(document), kind)
        assert error.path == "deal.melds[0][0]", error
        assert f"breaks the rules: {rule}: a sequence holds no wild cards" in error.message, error


def test_CL_INIT_1_minimums_disagreeing_with_the_scores_table() -> None:
    data = after_a_draw()
    data["deal"]["minimums"] = [90, 15]
    error = refusal(json.dumps(data))
    assert (error.path, "CL-INIT-1" in error.message) == ("deal.minimums", True), str(error)
    data["scores"], data["deal"]["minimums"] = [1500, -5], [90, 15]
    del data["scores_from_results"]  # edited by hand: the scores are no longer the results'
    assert Game.from_json(json.dumps(data)).minimums == (90, 15)


def test_CL_INIT_1_minimums_at_the_end_of_a_deal_are_those_it_began_with() -> None:
    game = Game.from_position(
        "classic",
        hands=["", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        melds=[["KD KH KS KC KH KS 2C"], []],
        pile="5C",
        phase="over",
        end="went_out",
        went_out=0,
        scores=[1400, 0],
    )
    assert game.scores[0] >= 1500
    assert game.minimums == (50, 50)
    assert Game.from_json(game.to_json()) == game
    data = json.loads(game.to_json())
    data["deal"]["minimums"] = [90, 50]  # from the scores after the deal
    error = refusal(json.dumps(data))
    assert (error.path, "CL-INIT-1" in error.message) == ("deal.minimums", True), str(error)


# --- bounds: cheap checks first ---------------------------------------------------------------


def test_huge_lists_are_refused_before_their_entries_are_read() -> None:
    melds = [["QH QS QD"] * 100_000, []]
    error = refusal(game_document({"hands": ["KH", "", "", ""], "melds": melds}))
    assert (error.path, error.message) == (
        "deal.melds[0]",
        "expected at most 108 entries of melds, got 100000",
    )
    history = ["P0 draw"] * (16 * 108 + 1)
    error = refusal(game_document({"hands": ["KH", "", "", ""], "history": history}))
    assert (error.path, "at most 1728 entries of events" in error.message) == (
        "deal.history",
        True,
    )
    error = refusal(game_document({"hands": [" ".join(["KH"] * 2000), "", "", ""]}))
    assert (error.path, "at most 4096 characters" in error.message) == ("deal.hands[0]", True)
    meld_numbers = {"hands": ["KH", "", "", ""], "phase": "meld", "new_melds": [0] * 200}
    error = refusal(game_document(meld_numbers))
    assert (error.path, "at most 108 entries" in error.message) == ("deal.new_melds", True)
    v1 = v1_document("classic-4p-asking", "game")
    v1["deal"]["draft"]["new_ranks"] = ["K"] * 100
    error = refusal(json.dumps(v1))
    assert (error.path, "at most" in error.message) == ("deal.draft.new_ranks", True)


def test_more_melds_than_cards_from_position() -> None:
    with pytest.raises(PositionError, match="109 melds, more than the pack's 108 cards"):
        Game.from_position("classic", hands=[""] * 4, melds=[["QH QS QD"] * 109, []])


@pytest.mark.parametrize(
    ("field", "row"),
    [
        ("initial_meld_table", [0, 50]),
        ("red_three_special_amounts", [6, 1000]),
        ("rule_ids", ["CL-MELD-2", "HW-MELD-5"]),
    ],
)
def test_rule_set_list_fields_are_bounded(field: str, row: list[Any]) -> None:
    most = LIST_LIMITS[field]
    rows = [row] * (most + 1)
    if field == "initial_meld_table":
        rows = [[None, 15]] + [[1000 * i, 50] for i in range(most)]
    with pytest.raises(RuleSetError, match=f"{field} has at most {most} entries"):
        canasta.RuleSet(**{field: rows})
    rules = {"preset": "classic", "options": {field: rows}}
    error = refusal(game_document({"hands": ["KH", "", "", ""]}, rules))
    assert error.path == f"rules.options.{field}"
    assert error.message == f"expected at most {most} entries, got {most + 1}"


# --- what the library writes is still read ----------------------------------------------------


@pytest.mark.parametrize("rules", ["classic", "hollywood", "samba", "bolivia"])
def test_documents_of_random_play_still_load_and_are_playable(rules: str) -> None:
    """Every position of random play loads, its game and every view; the moves a loaded game
    keeps from its validator are those the engine finds afresh."""
    rng = random.Random(f"26/{rules}")
    game = Game.new(rules, seed=rng.randrange(2**32))
    for _ in range(120):
        if game.is_over:
            break
        loaded = Game.from_json(game.to_json())
        assert loaded == game
        # The moves the validator found and the loaded game keeps are the engine's.
        assert tuple(loaded.legal_moves()) == tuple(attrs.evolve(loaded).legal_moves())
        for player in game.seat_players:
            view = game.view(player)
            assert PlayerView.from_json(view.to_json()) == view
        moves = list(game.legal_moves())
        assert moves, "an accepted position has a legal move"
        game = game.apply(rng.choice(moves))


# --- the promise, over mutated turns ----------------------------------------------------------


def _positions_of_play() -> list[dict[str, Any]]:
    """Documents of positions in the middle of turns, from seeded random play."""
    found: list[dict[str, Any]] = []
    for rules in ("classic", "hollywood"):
        rng = random.Random(f"26/turns/{rules}")
        game = Game.new(rules, seed=26)
        while not game.is_over and len(found) < 12 * (1 + (rules == "hollywood")):
            moves = list(game.legal_moves())
            game = game.apply(rng.choice(moves))
            if game.phase is canasta.Phase.MELD and rng.random() < 0.3:
                found.append(json.loads(game.to_json()))
    return found


POSITIONS = _positions_of_play()
TURN_CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "phase": st.sampled_from(["draw", "meld", "answer"]),
        "took_pile": st.booleans(),
        "drew": st.booleans(),
        "new_melds": st.lists(st.integers(0, 6), max_size=3, unique=True),
        "opening_points": st.integers(0, 200),
        "melded": st.booleans(),
        "melded_before": st.booleans(),
        "asked": st.booleans(),
        "answer": st.booleans(),
        "no_discard": st.booleans(),
        "concealed_only": st.booleans(),
        "pile_frozen": st.booleans(),
        "minimums": st.lists(st.sampled_from([15, 50, 90, 120]), min_size=2, max_size=2),
    },
)


@settings(max_examples=examples(60), deadline=None)
@given(index=st.integers(0, len(POSITIONS) - 1), changes=TURN_CHANGES, seed=st.integers(0, 9))
def test_every_accepted_mutated_turn_is_playable(
    index: int, changes: dict[str, Any], seed: int
) -> None:
    """A document whose turn facts are changed at random is refused with a JsonError, or is
    a position where the player to act can move, every view loads, and sampling returns."""
    data = json.loads(json.dumps(POSITIONS[index]))
    data["deal"] |= changes
    try:
        game = Game.from_json(json.dumps(data))
    except JsonError:
        return
    fresh = attrs.evolve(game)  # the engine's moves, not the validator's kept ones
    assert game.is_over or game.phase is canasta.Phase.OVER or list(fresh.legal_moves())
    rng = random.Random(seed)
    for player in game.seat_players:
        view = PlayerView.from_json(game.view(player).to_json())
        world = view.sample(rng)
        assert world.view(player) == view
    move = rng.choice(list(fresh.legal_moves()))
    game.apply(move)


# --- a document the library wrote replays exactly ----------------------------------------------


def played(game: Game, moves: int, seed: int = 0) -> Game:
    """``game`` after ``moves`` random legal moves (NextDeal included), or once it is over."""
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game = game.apply(rng.choice(list(game.legal_moves())))
    return game


def deals_played(deals: int, seed: int = 3) -> Game:
    """A classic match after ``deals`` finished deals, a few moves into the next one."""
    game, rng = Game.new("classic", seed=seed), random.Random(seed)
    while len(game.results) < deals:
        game = game.apply(rng.choice(list(game.legal_moves())))
    return played(game, 6, seed)


def test_json_a_game_dealt_from_its_seed_says_so_and_loads_equal() -> None:
    game = played(Game.new("classic", seed=4), 30)
    data = json.loads(game.to_json())
    assert (data["deal"]["dealt_from_seed"], data["scores_from_results"]) == (True, True)
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.dealt_from_seed
    assert played(loaded, 20, 1) == played(game, 20, 1)


def test_json_a_history_that_does_not_replay_from_the_seed_is_refused() -> None:
    game = played(Game.new("classic", seed=4), 30)
    data = json.loads(game.to_json())
    history, stock = data["deal"]["history"], data["deal"]["stock"].split()
    changed: dict[str, dict[str, Any]] = {
        "another seed": {**data, "seed": 5},
        "a move dropped": {**data, "deal": {**data["deal"], "history": history[:-1]}},
        "a move repeated": {**data, "deal": {**data["deal"], "history": [*history, history[-1]]}},
        "two moves swapped": {
            **data,
            "deal": {**data["deal"], "history": [history[1], history[0], *history[2:]]},
        },
        "another stock": {**data, "deal": {**data["deal"], "stock": " ".join(reversed(stock))}},
    }
    for why, document in changed.items():
        error = refusal(json.dumps(document))
        assert error.path.startswith("deal.history"), (why, str(error))
    assert "stock differ" in str(refusal(json.dumps(changed["another stock"])))
    # The same document without "dealt_from_seed" is a position set up by hand, its history a
    # record: as documents written before the flag existed load.
    del data["deal"]["dealt_from_seed"]
    for document in changed.values():
        if "dealt_from_seed" in document["deal"]:
            del document["deal"]["dealt_from_seed"]
    assert Game.from_json(json.dumps(changed["a move dropped"])).moves == game.moves[:-1]


def test_json_a_game_set_up_by_hand_keeps_its_moves_and_is_not_replayed() -> None:
    start = Game.from_position(
        "classic",
        hands=["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        melds=[["QH QS QD"], []],
        pile="KD 8C",
        seed=9,
    )
    game = played(start, 8)
    data = json.loads(game.to_json())
    assert "dealt_from_seed" not in data["deal"]
    assert len(data["deal"]["history"]) == 8
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.moves == game.moves
    assert not loaded.dealt_from_seed
    # A game redealt from a pack (as OpenSpiel deals) was not dealt from its seed either.
    redealt = Game.new("classic", seed=1).redealt(list(canasta.pack_cards(2)))
    assert not redealt.dealt_from_seed
    assert "dealt_from_seed" not in json.loads(redealt.apply(canasta.Draw()).to_json())["deal"]


def test_CL_SCORE_3_a_game_set_up_by_hand_deals_its_next_deal_from_the_seed() -> None:
    ended = Game.from_position(
        "classic",
        hands=["", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        scores=[500, 300],
        phase="over",
        end="stock_exhausted",
        seed=9,
    )
    assert not ended.dealt_from_seed
    data = json.loads(ended.to_json())
    assert "dealt_from_seed" not in data["deal"]
    assert "scores_from_results" not in data
    game = played(ended.apply(canasta.NextDeal()), 12)
    assert game.dealt_from_seed
    assert game.deal_number == 1
    data = json.loads(game.to_json())
    # Its next deal replays from the seed; its scores began at 500 and 300, not at zero.
    assert data["deal"]["dealt_from_seed"]
    assert "scores_from_results" not in data
    assert Game.from_json(game.to_json()) == game
    data["deal"]["history"] = data["deal"]["history"][:-1]
    assert refusal(json.dumps(data)).path == "deal.history"


def test_CL_SCORE_3_scores_that_are_not_the_sums_of_the_results_are_refused() -> None:
    game = deals_played(2)
    data = json.loads(game.to_json())
    assert data["scores_from_results"]
    assert Game.from_json(game.to_json()) == game
    more = {**data, "scores": [data["scores"][0] + 100, data["scores"][1]]}
    error = refusal(json.dumps(more))
    assert (error.path, "CL-SCORE-3" in error.message) == ("scores", True), str(error)
    result = data["results"][0]
    bonus = {**result["scores"][1], "canasta_bonus": result["scores"][1]["canasta_bonus"] + 300}
    results = [{**result, "scores": [result["scores"][0], bonus]}, *data["results"][1:]]
    assert refusal(json.dumps({**data, "results": results})).path == "scores"
    view = json.loads(game.view(1).to_json())
    assert view["scores_from_results"]
    error = refusal(json.dumps({**view, "scores": more["scores"]}), PlayerView)
    assert error.path == "scores", str(error)
    # Without the flag the scores are a position's own: the match began from them.
    del more["scores_from_results"]
    assert Game.from_json(json.dumps(more)).scores == tuple(more["scores"])


@settings(max_examples=examples(12), deadline=None)
@given(
    preset=st.sampled_from(["classic", "hollywood", "samba", "bolivia"]),
    players=st.sampled_from([None, 2, 5]),
    seed=st.integers(0, 2**20),
    moves=st.integers(0, 150),
)
def test_json_every_document_of_random_play_replays_from_its_seed(
    preset: str, players: int | None, seed: int, moves: int
) -> None:
    try:
        rules = canasta.find_rules(preset, players)
    except RuleSetError:
        return
    game = played(Game.new(rules, seed=seed), moves, seed)
    for history in ("results", "full"):
        loaded = Game.from_json(game.to_json(history=history))
        assert loaded == game
        assert loaded.dealt_from_seed
        assert loaded.legal_moves() == game.legal_moves()


def test_json_remembered_replays_refuse_as_fresh_ones() -> None:
    """Loading the document of each move in turn replays one move from the last load's
    replay; a changed move is refused all the same, with the caches warm or cleared."""
    game, rng = Game.new("classic", seed=11), random.Random(11)
    for _ in range(40):
        game = game.apply(rng.choice(list(game.legal_moves())))
        data = json.loads(game.to_json())
        history = data["deal"]["history"]
        bad = {**data, "deal": {**data["deal"], "history": [*history[:-1], "P3 discard JK"]}}
        for clear in (False, True):
            if clear:
                canasta.clear_caches()
            assert Game.from_json(game.to_json()) == game
            assert refusal(json.dumps(bad)).path.startswith("deal.history")


def test_CL_FRZ_1_a_position_refused_by_from_position_names_its_rule() -> None:
    with pytest.raises(canasta.PositionError) as refused:
        canasta.Game.from_position(
            "classic", players=2, hands=["5C 6C", "7C 8C"], pile="8C 2H 4C", pile_frozen=False
        )
    assert refused.value.rule == "CL-FRZ-1"
    assert "(CL-FRZ-1)" in str(refused.value)
    assert pickle.loads(pickle.dumps(refused.value)).rule == "CL-FRZ-1"
    with pytest.raises(canasta.PositionError) as plain:
        canasta.Game.from_position("classic", players=2, hands=["4C 4C 4C", "5C"])
    assert plain.value.rule == ""
    assert canasta.JsonError("deal", "no").rule == ""
