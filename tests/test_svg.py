"""Pictures of positions (canasta.svg): well-formed SVG with one element per card shown."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from scenario_helpers import hollywood_table

import canasta
from canasta.bots import GreedyBot, RandomBot
from canasta.svg import render
from canasta.views import PlayerView

SVG = "{http://www.w3.org/2000/svg}"
RED = "#c0392b"


def card_elements(picture: str) -> list[ET.Element]:
    root = ET.fromstring(picture)  # raises on malformed XML
    assert root.tag == f"{SVG}svg"
    return [g for g in root.iter(f"{SVG}g") if "card" in g.get("class", "").split()]


def expected_cards(view: PlayerView) -> Counter[str]:
    """The cards the picture must show: the hand, every meld, the red threes, the pile's top
    card, and the card that froze the pile (drawn sideways) when it is not the top card; at
    the end of a deal, the other hands too."""
    table = view.table
    shown = list(view.hand)
    if view.hands is not None:  # the end of a deal: every hand is shown
        shown += [card for p, hand in enumerate(view.hands) if p != view.player for card in hand]
    for side in range(view.rules.num_sides):
        shown += table.red_threes[side]
        for meld in table.melds[side]:
            shown += meld.cards
    if table.pile_top is not None:
        shown.append(table.pile_top)
        if table.pile_frozen:
            freezers = [card for card in view.pile[:-1] if view.rules.freezes_pile(card)]
            shown += freezers[-1:]
    return Counter(str(card) for card in shown)


def check_picture(view: PlayerView) -> str:
    picture = render(view)
    cards = card_elements(picture)
    assert Counter(g.get("data-card") for g in cards) == expected_cards(view)
    assert len(cards) == sum(expected_cards(view).values())
    return picture


def frozen_pile_game() -> canasta.Game:
    return canasta.Game.from_position(
        "classic",
        hands=["9S 9D JK 4C 4D", "5C 5D", "6C 6D", "7C 7D"],
        melds=[["QH QS QD", "KC KC KD KD KH KH KS"], ["7C 7D 7H 7S 7S 2C JK"]],
        red_threes=["3H", "3D"],
        pile="9H 2S 5H",
    )


def test_a_new_game_shows_the_hand_and_the_pile_top() -> None:
    game = canasta.Game.new("classic", players=4, seed=7)
    picture = check_picture(game.view(0))
    assert len(card_elements(picture)) == 11 + 1
    assert render(game) == picture == game._repr_svg_() == game.view(0)._repr_svg_()


def test_the_frozen_pile_the_canastas_and_the_red_threes() -> None:
    game = frozen_pile_game()
    picture = check_picture(game.view(0))
    cards = card_elements(picture)
    sideways = [g.get("data-card") for g in cards if "sideways" in g.get("class", "")]
    assert sideways == ["2S"]
    assert 'class="frozen-mark"' in picture
    assert "FROZEN" in picture
    assert "natural canasta" in picture
    assert "mixed canasta" in picture
    wild = sorted(g.get("data-card") for g in cards if "wild" in g.get("class", "").split())
    assert wild == ["2C", "2S", "JK", "JK"]


def test_an_unfrozen_pile_has_no_frozen_mark() -> None:
    game = canasta.Game.from_position(
        "classic", hands=["KH KS", "4C", "6C", "7C"], melds=[["QH QS QD"], []], pile="KD 8C"
    )
    picture = check_picture(game.view(0))
    assert "frozen-mark" not in picture
    assert "sideways" not in picture


def test_red_suits_are_red_and_the_rest_are_not() -> None:
    game = frozen_pile_game()
    for card in card_elements(render(game)):
        face = canasta.Card.parse(card.get("data-card", ""))
        colours = {text.get("fill") for text in card.iter(f"{SVG}text")}
        red = face.suit is not None and face.suit.is_red
        assert (colours == {RED}) is red, face


def test_the_output_is_self_contained_and_deterministic() -> None:
    game = frozen_pile_game()
    picture = render(game)
    assert picture == render(canasta.Game.from_json(game.to_json()))
    assert "<style" not in picture
    assert " id=" not in picture
    assert "http" not in picture.replace('xmlns="http://www.w3.org/2000/svg"', "")
    root = ET.fromstring(picture)
    assert root.get("width") == "720"
    assert root.find(f"{SVG}title") is not None


def test_a_view_shows_its_own_player_only() -> None:
    game = canasta.Game.new("classic", players=2, seed=3)
    assert render(game, player=1) == render(game.view(1))
    assert render(game) == render(game.view(0))
    with pytest.raises(ValueError, match="player 1's view"):
        render(game.view(1), player=0)
    with pytest.raises(canasta.CanastaError, match="Game or a PlayerView"):
        render("a game")  # type: ignore[arg-type]


def test_known_cards_and_players_sitting_out() -> None:
    game = canasta.Game.new("classic", players=5, seed=1)
    picture = check_picture(game.view(4))
    assert "Player 4 sits out this deal" in picture
    assert not game.view(4).hand
    assert "known:" not in picture
    check_picture(game.view(1))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_pictures_along_games_between_bots(players: int) -> None:
    """Every tenth position of a deal between bots, and the end: hands that grew with the
    pile wrap into rows, melds wrap, and each card is shown exactly once."""
    rules = canasta.find_rules("classic", players=players).with_options(target_score=50)
    game = canasta.Game.new(rules, seed=players)
    rng = random.Random(players)
    bots = [GreedyBot(), RandomBot()]
    step = 0
    while not game.is_over and step < 400:
        player = game.to_move
        if player is None:  # the end of a deal: every hand is drawn
            check_picture(game.view(game.turn_player))
            game = game.apply(canasta.NextDeal())
            continue
        if step % 10 == 0:
            check_picture(game.view(player))
        game = game.apply(bots[player % 2].choose(game.view(player), rng))
        step += 1
    final = check_picture(game.view(game.turn_player))
    if game.is_over:
        assert "game over" in final


def test_a_long_hand_wraps_into_rows() -> None:
    hand = "4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H 9S 10C 10D 10H"
    game = canasta.Game.from_position("classic", hands=[hand, "JC", "QC", "KC"], pile="AC")
    picture = check_picture(game.view(0))
    in_hand = [g for g in card_elements(picture) if g.get("data-card") != "AC"]
    rows = {g.get("transform", "").split(",")[1] for g in in_hand}
    assert len(rows) == 2


def test_cards_taken_with_the_pile_are_known_to_everybody() -> None:
    game = frozen_pile_game().apply(canasta.TakePile("9S 9D"))
    picture = check_picture(game.view(1))
    assert "player 0: 5 (known: 5♥ 2♠)" in picture
    assert "FROZEN" not in picture


# --- Hollywood --------------------------------------------------------------------------------


def hollywood_game() -> canasta.Game:
    """Side 0: a sequence with a joker, two melds of queens, a wild meld, a natural sequence
    canasta and a wild canasta; side 1: a sequence whose two stands at its top."""
    return hollywood_table("4S 5S 6S 7S 8S 9S 10S", "2C 2D 2H 2S JK JK JK")


def test_hollywood_melds_are_numbered_and_sequences_in_rank_order() -> None:
    game = hollywood_game()
    picture = check_picture(game.view(0))
    check_picture(game.view(1))
    for label in ("#0", "#1", "#2", "#3", "#4", "#5"):
        assert f">{label}<" in picture or f">{label} " in picture
    assert "natural sequence canasta" in picture
    assert "wild canasta" in picture
    cards = [g.get("data-card") for g in card_elements(picture)]
    assert cards[:4] == ["7D", "8D", "9D", "JK"]  # the joker stands for the ten, at the top
    assert "=10♦" in picture
    assert "=7♥" in picture
    side_one = cards.index("4H")
    assert cards[side_one : side_one + 4] == ["4H", "5H", "6H", "2S"]
    # The queens' two melds are drawn apart, in the order they were laid.
    assert cards[4:7] == ["QD", "QH", "QS"]
    assert cards[10:14] == ["QC", "QD", "QS", "2H"]


def test_classic_melds_carry_no_numbers() -> None:
    picture = check_picture(frozen_pile_game().view(0))
    assert ">#0" not in picture


def test_hollywood_pictures_along_a_game_between_bots() -> None:
    game = canasta.Game.new("hollywood", players=2, seed=4)
    rng = random.Random(4)
    bots = [GreedyBot(), RandomBot()]
    for step in range(300):
        player = game.to_move
        if player is None:
            break
        if step % 10 == 0:
            check_picture(game.view(player))
        game = game.apply(bots[player % 2].choose(game.view(player), rng))
    check_picture(game.view(game.turn_player))


# --- options a UI needs, and the defects seen (issue 21) -------------------------------------


def test_no_inline_style_and_a_size_in_pixels() -> None:
    game = canasta.Game.new("classic", players=4, seed=7)
    picture = render(game)
    root = ET.fromstring(picture)
    assert root.get("style") is None
    assert "style=" not in picture
    assert root.get("width") == "720"
    half = ET.fromstring(render(game, size=360))
    assert half.get("width") == "360"
    assert float(half.get("height", "0")) * 2 == float(root.get("height", "0"))
    assert half.get("viewBox") == root.get("viewBox")
    with pytest.raises(canasta.CanastaError, match="size"):
        render(game, size=-1)


def test_highlighted_cards() -> None:
    game = canasta.Game.new("classic", players=4, seed=7).apply(canasta.Draw())
    picked = [
        g
        for g in card_elements(render(game, highlight="8D 8H"))
        if "highlight" in g.get("class", "")
    ]
    assert sorted(g.get("data-card") for g in picked) == ["8D", "8H"]
    planned = render(game, highlight=canasta.LayMeld("8D 8H JK"))
    assert planned.count("card highlight") + planned.count("wild highlight") == 3
    melded = game.apply(canasta.LayMeld("8D 8H JK"))
    last = [
        g
        for g in card_elements(render(melded, highlight="last"))
        if "highlight" in g.get("class", "")
    ]
    assert sorted(g.get("data-card") for g in last) == ["8D", "8H", "JK"]
    discarded = melded.apply(canasta.Discard("5S"))
    on_pile = [
        g
        for g in card_elements(render(discarded, player=0, highlight="last"))
        if "highlight" in g.get("class", "")
    ]
    assert [g.get("data-card") for g in on_pile] == ["5S"]
    with pytest.raises(canasta.CanastaError, match="highlight"):
        render(game, highlight=42)  # type: ignore[arg-type]


def test_a_ten_fits_the_strip_a_fanned_card_leaves() -> None:
    game = canasta.Game.from_position(
        "classic", hands=["4C", "5C", "6C", "7C"], melds=[["10C 10D 10H 10S"], []]
    )
    texts = [t for t in ET.fromstring(render(game)).iter(f"{SVG}text") if t.text == "10"]
    assert texts
    for text in texts:
        width = float(text.get("textLength", "99"))
        assert float(text.get("x", "0")) + width <= 22  # the meld step: the next card starts there


def test_labels_keep_clear_of_canasta_frames_and_wild_tags_stay_in_sight() -> None:
    root = ET.fromstring(render(frozen_pile_game()))
    frames = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-width") == "2"]
    labels = [
        float(t.get("y", "0")) for t in root.iter(f"{SVG}text") if "canasta" in (t.text or "")
    ]
    assert frames
    assert labels
    for frame in frames:
        top = float(frame.get("y", "0"))
        assert all(top - y >= 3 for y in labels if y <= top)  # a label's baseline is well above
    tags = [t for t in ET.fromstring(render(hollywood_table())).iter(f"{SVG}text")
            if (t.text or "").startswith("=")]  # fmt: skip
    assert tags
    for tag in tags:  # inside the strip of the wild card that the next card leaves in sight
        assert float(tag.get("y", "99")) < 56
        assert float(tag.get("x", "99")) + float(tag.get("textLength", "0")) <= 22
