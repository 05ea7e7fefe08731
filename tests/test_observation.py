"""Observation vectors: a fixed layout per rule set, values in range, nothing hidden."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from profiles import examples

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from play_helpers import rule_sets  # noqa: E402
from test_views import positions, swap_hidden_card  # noqa: E402

import canasta  # noqa: E402
from canasta import Game, rule_set_names  # noqa: E402
from canasta.actions import MELD_SLOTS as ACTION_MELD_SLOTS  # noqa: E402
from canasta.actions import describe, encode, num_actions  # noqa: E402
from canasta.observation import (  # noqa: E402
    MELD_SLOTS,
    SLOT_WIDTH,
    meld_slots,
    observation,
    observation_layout,
    observation_shape,
)

seeds = st.integers(min_value=0, max_value=2**32)
PRESETS = [(name, players) for name in rule_set_names() for players in range(2, 7)]


def _in_range(rules: canasta.RuleSet, vector: np.ndarray) -> None:
    assert np.isfinite(vector).all()
    for name, start, length in observation_layout(rules):
        block = vector[start : start + length]
        if name == "scores":
            continue  # score / target score: may be negative or above 1
        assert block.min() >= 0.0, name
        assert block.max() <= 1.0, name
        if name in ("pile_top", "phase", "turn_player"):
            assert block.sum() == 1.0, name


@pytest.mark.parametrize(("name", "players"), PRESETS)
def test_every_preset_gives_its_shape_and_values_in_range(name: str, players: int) -> None:
    rules = canasta.find_rules(name, players=players)
    rng = random.Random(players)
    game = Game.new(rules, seed=players)
    for _ in range(60):
        for viewer in range(players):
            vector = observation(game.view(viewer))
            assert vector.shape == observation_shape(rules)
            assert vector.dtype == np.float32
            _in_range(rules, vector)
        if game.is_over or game.results:
            break
        game = game.apply(rng.choice(list(game.legal_moves())))


@pytest.mark.parametrize(("name", "players"), PRESETS)
def test_the_layout_tiles_the_vector(name: str, players: int) -> None:
    rules = canasta.find_rules(name, players=players)
    layout = observation_layout(rules)
    names = [block for block, _, _ in layout]
    assert len(set(names)) == len(names)
    end = 0
    for _, start, length in layout:
        assert start == end
        assert length > 0
        end = start + length
    assert (end,) == observation_shape(rules)
    sides = [block for block in names if block.endswith(".red_threes")]
    assert len(sides) == rules.num_sides
    known = [block for block in names if block.startswith("known")]
    assert len(known) == rules.num_players - 1
    slots = [(start, length) for block, start, length in layout if block.endswith("meld_slots")]
    if rules.melds_by_position:
        assert {length for _, length in slots} == {meld_slots(rules) * SLOT_WIDTH}
        assert len(slots) == rules.num_sides
    else:
        assert not slots


@settings(max_examples=examples(10), deadline=None)
@given(rules=rule_sets, seed=seeds)
def test_observations_leak_nothing_hidden(rules: canasta.RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    for game in positions(rules, seed):
        for viewer in range(rules.num_players):
            other = swap_hidden_card(game, viewer, rng)
            if other is None:
                continue
            assert other != game
            assert np.array_equal(observation(other.view(viewer)), observation(game.view(viewer)))


def _visible(view: canasta.PlayerView) -> object:
    """What the observation encodes of a view (not the history, turn count or seat list)."""
    table = view.table
    draft = view.draft
    return (
        view.hand,
        table.melds,
        table.red_threes,
        table.pile_top,
        table.pile_size,
        table.pile_frozen,
        table.stock_size,
        view.known_cards,
        view.hand_sizes,
        view.melded_players,
        view.scores,
        view.minimums,
        view.phase,
        view.turn_player,
        view.to_move,
        draft.replace(new_ranks=frozenset()),
    )


@settings(max_examples=examples(10), deadline=None)
@given(rules=rule_sets, seed=seeds)
def test_different_visible_positions_give_different_observations(
    rules: canasta.RuleSet, seed: int
) -> None:
    seen: dict[bytes, object] = {}
    for game in positions(rules, seed, every=1):
        for viewer in range(rules.num_players):
            view = game.view(viewer)
            key = observation(view).tobytes()
            visible = _visible(view)
            if key in seen:
                assert seen[key] == visible
            seen[key] = visible


def test_a_hand_and_the_table_as_the_viewer_sees_them() -> None:
    game = Game.from_position(
        "classic",
        hands=["KH KS 5C 5D 9S", "4C 4D 4H 8C", "6C 6D 6H", "7C 7D 7H"],
        melds=[["QH QS QD"], []],
        pile="KD 9C 8C",
    )
    before = observation(game.view(1))
    game = game.apply(canasta.TakePile("KH KS"))
    view = game.view(1)
    vector = observation(view)
    assert not np.array_equal(before, vector)
    blocks = {
        name: vector[start : start + length]
        for name, start, length in observation_layout(game.rules)
    }
    # Player 1's hand: 4C 4D 4H 8C, two decks: each count divided by 2.
    hand = blocks["hand"]
    assert hand[canasta.Card.parse("4C").index] == 0.5
    assert hand.sum() == 2.0
    # Player 0 sits three places clockwise of player 1 and holds the 8C and 9C taken.
    known = blocks["known3"]
    assert known[canasta.Card.parse("8C").index] == 0.5
    assert known[canasta.Card.parse("9C").index] == 0.5
    assert known.sum() == 1.0
    assert not blocks["known1"].any()
    # Player 0's side is the other side for player 1: its melds of queens and kings.
    assert blocks["side1.meld_kinds"][0] == 2 / 12
    assert not blocks["side0.meld_kinds"].any()
    assert blocks["pile_top"][-1] == 1.0  # the pile is empty
    assert blocks["phase"].tolist() == [0.0, 1.0, 0.0, 0.0]
    assert blocks["turn_player"].tolist() == [0.0, 0.0, 0.0, 1.0]
    # The same position seen by player 0 puts that side first.
    mine = observation(game.view(0))
    own = {
        name: mine[start : start + length]
        for name, start, length in observation_layout(game.rules)
    }
    assert own["side0.meld_kinds"][0] == 2 / 12
    assert own["to_move"].tolist() == [1.0, 0.0, 0.0, 0.0]


def test_meld_slots_describe_sequences() -> None:
    rules = canasta.find_rules("hollywood", players=2)
    game = Game.from_position(
        rules,
        hands=["4C 4D 4H 8C 9C 10C", "6C 6D 6H 5S 5D"],
        melds=[[canasta.Meld.of("7D 8D 9D JK", wild_as="10")], []],
        pile="KD",
    )
    vector = observation(game.view(0))
    start = next(s for name, s, _ in observation_layout(rules) if name == "side0.meld_slots")
    slot = vector[start : start + SLOT_WIDTH]
    assert slot[:4].tolist() == [0.0, 1.0, 0.0, 0.0]  # a sequence
    assert not slot[4:15].any()  # no rank of its own
    assert slot[15:19].tolist() == [0.0, 1.0, 0.0, 0.0]  # diamonds
    meld = game.table.melds[0][0]
    assert slot[19] == pytest.approx((canasta.NATURAL_RANKS.index(meld.low) + 1) / 11)
    assert slot[20] == pytest.approx((canasta.NATURAL_RANKS.index(meld.high) + 1) / 11)
    assert slot[21] > 0  # the joker stands for a rank
    assert slot[22] == pytest.approx(4 / 30)
    assert not vector[start + SLOT_WIDTH : start + 2 * SLOT_WIDTH].any()


def test_an_observation_has_a_slot_for_every_meld_an_action_id_can_name() -> None:
    # The most melds a side can hold: every card but the red threes in melds of the least
    # size. Action ids name melds up to the same bound over the games they cover.
    assert MELD_SLOTS == ACTION_MELD_SLOTS == 78
    widest = canasta.find_rules("classic", players=6).with_options(
        several_melds_per_rank=True, min_meld_size=2, min_naturals=2
    )
    assert num_actions(widest) > 0  # a game the ids cover
    assert meld_slots(widest) == ACTION_MELD_SLOTS
    for name, players in PRESETS:
        rules = canasta.find_rules(name, players=players)
        assert meld_slots(rules) <= ACTION_MELD_SLOTS
        if rules.melds_by_position:
            assert meld_slots(rules) == (rules.pack_size - rules.red_threes_in_pack) // 3 == 52
        else:
            assert meld_slots(rules) == 0


def test_a_side_with_many_melds_has_each_one_in_its_slot() -> None:
    # 33 melds of naturals, three of each rank 4 to Ace: an action id names the last one.
    ranks = [rank.value for rank in canasta.NATURAL_RANKS]
    melds = [
        meld
        for rank in ranks
        for meld in (f"{rank}C {rank}D {rank}H",) * 2 + (f"{rank}S {rank}S {rank}C",)
    ]
    rules = canasta.find_rules("hollywood", players=2)
    game = Game.from_position(rules, hands=["AD 4S", "6S 7S"], melds=[melds, []], pile="KD")
    assert len(game.table.melds[0]) == 33 > 24  # 24 slots were all an observation had
    assert "#32" in describe(encode(canasta.parse_move("add #32 AD")))
    vector = observation(game.view(0))
    start = next(s for name, s, _ in observation_layout(rules) if name == "side0.meld_slots")
    slots = vector[start : start + meld_slots(rules) * SLOT_WIDTH].reshape(-1, SLOT_WIDTH)
    for number, meld in enumerate(game.table.melds[0]):
        assert slots[number, 0] == 1.0  # a meld of one rank
        assert slots[number, 4 + canasta.NATURAL_RANKS.index(meld.rank)] == 1.0, number
        assert slots[number, 22] == pytest.approx(3 / 30)
    assert not slots[33:].any()


def test_the_docs_page_names_every_block() -> None:
    page = (Path(__file__).parent.parent / "docs" / "observation.rst").read_text("utf-8")
    documented = set(re.findall(r"``([A-Za-z_.0-9]+)``", page))
    for name, _, _ in observation_layout(canasta.find_rules("samba", players=6)):
        generic = re.sub(r"^side\d+\.", "sideK.", re.sub(r"^known\d+$", "knownK", name))
        assert generic in documented, name


def test_without_numpy_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    view = Game.new("classic", seed=1).view(0)
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match=re.escape("pip install 'canasta[ai]'")):
        observation(view)
    with pytest.raises(
        ImportError,
        match=re.escape("action mask") + ".*needs NumPy: pip install 'canasta\\[ai\\]'",
    ):
        view.action_mask()
    assert observation_shape(view.rules) == (487,)
    assert view.legal_actions() == sorted(view.legal_actions())  # ids need no NumPy
