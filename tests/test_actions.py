"""Action ids (canasta.actions): pinned ids, round trips, masks and errors."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import bolivia, hollywood, samba
from profiles import examples
from test_properties import any_moves
from test_properties_three_deck import three_deck_moves
from test_views import positions, swap_hidden_card

import canasta
from canasta import (
    AddToMeld,
    Answer,
    Ask,
    Cards,
    Discard,
    Draw,
    Game,
    LayMeld,
    MergeMelds,
    Pass,
    Rank,
    RuleSet,
    TakePile,
    parse_move,
)
from canasta.actions import (
    MELD_SLOTS,
    ActionError,
    IllegalActionError,
    action_blocks,
    action_mask,
    decode,
    describe,
    encode,
    legal_action_map,
    legal_actions,
    num_actions,
)

PRESETS = ("classic", "hollywood", "samba", "bolivia")
rule_sets = st.builds(
    canasta.find_rules, st.sampled_from(PRESETS), players=st.sampled_from([2, 3, 4, 6])
)


# --- the table is stable: these ids must never change -----------------------------------------

PINNED = [
    (Draw(), 0),
    (Ask(), 1),
    (Answer(True), 2),
    (Answer(False), 3),
    (Pass(), 4),
    (Discard("4C"), 5),
    (Discard("AS"), 48),
    (Discard("JK"), 57),
    (TakePile(), 58),
    (TakePile("7H 7S"), 59),
    (TakePile("7H 2C"), 60),
    (TakePile("7H JK"), 61),
    (LayMeld("4C 4D 4H"), 82),
    (LayMeld("7H 7S JK"), 434),
    (LayMeld("3C 3S 3S"), 1402),
    (AddToMeld(Rank.KING, "KH"), 2682),
    (AddToMeld(Rank.FIVE, "2C JK"), 1636),
    (TakePile("2C 2D"), 3062),
    (TakePile("5H 6H"), 3067),
    (TakePile("5H 7H"), 3068),
    (TakePile(meld=3), 3090),
    (LayMeld("7D 8D 9D"), 3188),
    (LayMeld("2C 2D JK"), 3299 + 2 * 7 + 1),
    (MergeMelds(0, 1), 3390),
    (MergeMelds(30, 31), 3885),
    (parse_move("add #0 KH KS"), 3896),
    (parse_move("add #2 8D 9D"), 4690),
    (parse_move("add #31 2C"), 3886 + 31 * 277 + 120 + 7),
    (parse_move("meld 7D 8D 9D JK wild=10"), 13587),
    (parse_move("add #0 2C wild=4"), 14790),
    (parse_move("add #0 5D JK wild=4"), 14793),
]


@pytest.mark.parametrize(("move", "action"), PINNED, ids=[str(move) for move, _ in PINNED])
def test_pinned_ids_never_change(move: canasta.Move, action: int) -> None:
    assert encode(move) == action


def test_sizes_of_the_presets() -> None:
    assert num_actions(canasta.find_rules("classic", players=4)) == 3062
    assert num_actions(samba(4)) == num_actions(bolivia(2)) == 48389
    assert num_actions(hollywood(6)) == 74701
    blocks = action_blocks()
    assert [block.first for block in blocks[1:]] == [block.stop for block in blocks[:-1]]
    assert blocks[-1].stop == 74701


def test_every_id_has_a_description() -> None:
    texts = [describe(action) for action in range(num_actions(hollywood()))]
    assert all(texts)
    assert texts[0] == "draw"
    assert texts[58] == "take the pile onto your meld of its rank"


def test_encoding_ignores_the_suits_of_one_rank_but_not_of_a_sequence() -> None:
    assert encode(LayMeld("7H 7S 7S")) == encode(LayMeld("7D 7D 7C"))
    assert encode(TakePile("QH QS")) == encode(TakePile("QD QD"))
    assert encode(LayMeld("7D 8D 9D")) != encode(LayMeld("7H 8H 9H"))
    assert encode(LayMeld("7H 7S 2C")) != encode(LayMeld("7H 7S JK"))  # twos and jokers apart


# --- round trips and masks over random games ----------------------------------------------------


def check_round_trip(game: Game) -> None:
    """Every legal move has its own id below num_actions, decodes back to itself, from the
    game and from the mover's view; the mask marks exactly those ids."""
    stop = num_actions(game.rules)
    moves = list(game.legal_moves())
    ids = [encode(move) for move in moves]
    assert len(set(ids)) == len(ids), [
        (m, a) for m, a in zip(moves, ids, strict=True) if ids.count(a) > 1
    ]
    assert all(0 <= action < stop for action in ids)
    assert legal_actions(game) == sorted(ids) == game.legal_actions()
    for move, action in zip(moves, ids, strict=True):
        assert decode(game, action) == move
    if game.to_move is not None:
        view = game.view(game.to_move)
        assert view.legal_actions() == sorted(ids)
        mask = view.action_mask()
        assert mask.shape == (stop,)
        assert mask.dtype == np.int8
        assert list(np.flatnonzero(mask)) == sorted(ids)
        assert all(view.decode(action) == move for move, action in zip(moves, ids, strict=True))
        for other in game.seat_players:
            if other != game.to_move:
                assert game.view(other).legal_actions() == []


@settings(max_examples=examples(12), deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 10**6))
def test_every_legal_move_round_trips_and_the_mask_matches(rules: RuleSet, seed: int) -> None:
    for game in positions(rules, seed, every=5):
        check_round_trip(game)


@settings(max_examples=examples(6), deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 10**6))
def test_legal_actions_do_not_depend_on_hidden_cards(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    for game in positions(rules, seed, every=9):
        if game.to_move is None:
            continue
        other = swap_hidden_card(game, game.to_move, rng)
        if other is not None:
            assert other.view(game.to_move).legal_actions() == legal_actions(game)


def test_a_position_with_melds_by_number() -> None:
    game = Game.from_position(
        "hollywood",
        hands=["7D 8D 9D 10D 10D 10S 2C JK QH", "4C 5C", "4D 5D", "4H 5H"],
        melds=[["4D 5D 6D", "10H 10C 10C"], []],
        pile="QC",
        draws="4S 4S",
    ).apply(Draw())
    check_round_trip(game)
    by_id = legal_action_map(game)
    assert by_id[encode(parse_move("add #0 7D 8D 9D"))] == parse_move("add #0 7D 8D 9D")
    add_tens = [move for move in by_id.values() if str(move).startswith("add #1 10")]
    assert len(add_tens) == len({encode(move) for move in add_tens})


# --- errors ---------------------------------------------------------------------------------


def test_an_illegal_id_explains_itself() -> None:
    game = Game.new("classic", seed=10)
    with pytest.raises(IllegalActionError) as raised:
        decode(game, encode(Discard("5C")))
    assert raised.value.rule == "CL-TURN-1"
    assert isinstance(raised.value, ValueError)
    with pytest.raises(IllegalActionError, match="no legal move of this kind"):
        decode(game, encode(LayMeld("7H 7S JK")))


@pytest.mark.parametrize("action", [-1, 3062, 10**9, "5", 5.0, True, None])
def test_an_id_out_of_range_or_not_an_int_is_refused(action: object) -> None:
    with pytest.raises(ActionError):
        decode(Game.new("classic", seed=10), action)  # type: ignore[arg-type]


def test_numpy_integers_are_ids() -> None:
    assert decode(Game.new("classic", seed=10), np.int64(0)) == Draw()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "move",
    [
        MergeMelds(2, 1),
        MergeMelds(0, MELD_SLOTS),
        TakePile(meld=MELD_SLOTS),
        TakePile("7H 8S"),
        TakePile("7H 7S 7D"),
        LayMeld("7H 8S 9D"),
        LayMeld("7D 9D 10D JK", wild_as="J"),
        LayMeld("7D 8D 9D", wild_as="10"),
        LayMeld("7D 8D 9D 2C JK"),
        LayMeld("7H 7S 2C 2D JK JK"),
        AddToMeld(None, Cards.parse("8D 9H"), meld=0),
        "draw",
    ],
    ids=str,
)
def test_a_move_with_no_id_is_refused_clearly(move: object) -> None:
    with pytest.raises(ActionError, match=r"no action id|not a move"):
        encode(move)  # type: ignore[arg-type]


def test_rule_sets_beyond_the_table_are_refused() -> None:
    four_wilds = canasta.find_rules("classic").with_options(max_wilds_per_meld=4)
    with pytest.raises(ActionError, match="three wild cards"):
        num_actions(four_wilds)


def test_action_mask_of_a_game_over() -> None:
    game = Game.new("classic", seed=10)
    assert action_mask(game).sum() == 2


@settings(max_examples=examples(300))
@given(move=st.one_of(any_moves, three_deck_moves))
def test_any_move_has_an_id_in_the_table_or_an_action_error(move: canasta.Move) -> None:
    refusal: ActionError | None = None
    try:
        action = encode(move)
    except ActionError as error:
        refusal = error
    if refusal is None:
        assert 0 <= action < num_actions(hollywood())
    else:
        assert "no action id" in str(refusal)


@settings(max_examples=examples(8), deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 10**6), data=st.data())
def test_any_id_decodes_to_its_legal_move_or_is_refused_with_a_reason(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    for game in positions(rules, seed, every=11):
        for _ in range(4):
            action = data.draw(st.integers(0, num_actions(rules) - 1))
            if action in legal_action_map(game):
                move = decode(game, action)
                assert game.is_legal(move)
                assert encode(move) == action
                continue
            with pytest.raises(ActionError) as refused:
                decode(game, action)
            if isinstance(refused.value, IllegalActionError):
                assert refused.value.action == action
                assert refused.value.message
                assert refused.value.rule
                assert isinstance(refused.value, canasta.IllegalMoveError)
            else:  # no move at all (an addition of no cards), or a legal one by another id
                text = str(refused.value)
                assert "names no move" in text or "is legal under another action id" in text


def test_an_id_whose_move_is_legal_under_another_id_says_so() -> None:
    # Hollywood numbers its melds: adding 7S to the sevens is "add #0 7S", whose id is not
    # the by-rank id 1902, though the move that id reads as ("add 7 7S") is legal. Found by
    # the property above (seed 252).
    game = list(positions(canasta.find_rules("hollywood", players=2), 252, every=11))[8]
    assert 1902 not in legal_action_map(game)
    assert game.is_legal(parse_move("add 7 7S"))
    with pytest.raises(ActionError, match="is legal under another action id"):
        decode(game, 1902)
