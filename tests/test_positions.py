"""Positions set up by hand with Game.from_position."""

from __future__ import annotations

import pytest

import canasta
from canasta import Card, Cards, Draw, Game, PositionError


def test_draws_come_off_the_stock_in_the_order_written() -> None:
    game = Game.from_position(
        "classic", players=2, hands=["4C 4D", "5C 5D"], pile="9C", draws="KH 3D QS"
    )
    after = game.apply(Draw())  # two cards a draw; the red three is laid out and replaced
    assert after.hand(0) == Cards.parse("4C 4D KH QS")
    assert after.table.red_threes[0] == Cards.parse("3D")
    total = Cards.of(after.deal.stock) + after.hand(0) + after.hand(1) + Cards.parse("9C 3D")
    assert total == canasta.pack_cards(2)


def test_the_rest_of_the_stock_is_shuffled_by_the_seed() -> None:
    def stock(seed: int) -> tuple[Card, ...]:
        return Game.from_position(
            "classic", hands=["", "", "", ""], draws="KH", seed=seed
        ).deal.stock

    assert stock(1) == stock(1) != stock(2)
    assert stock(1)[-1] == Card.parse("KH")


def test_stock_and_draws_together_are_refused() -> None:
    with pytest.raises(PositionError, match="not both"):
        Game.from_position("classic", hands=["", "", "", ""], stock="", draws="KH")


def test_too_many_cards_are_refused() -> None:
    with pytest.raises(PositionError, match="draws: a card too many: the pack of 2 decks holds 2 KH"):
        Game.from_position("classic", hands=["KH KH", "", "", ""], draws="KH")


# --- redealt: a deal from a given pack order ---------------------------------------------------


def test_redealt_deals_the_pack_in_order_and_round_trips_as_json() -> None:
    for rules in ("classic", "hollywood"):
        pack = list(canasta.pack_cards(canasta.find_rules(rules).decks))
        game = canasta.Game.new(rules, seed=1).redealt(pack)
        seats = game.rules.active_players
        hand_size = game.rules.hand_size
        dealt = pack[: seats * hand_size]  # 4s to 9s in sorted order: no red three dealt
        for seat in range(seats):
            assert game.deal.hands[seat] == Cards.of(dealt[seat::seats])
        assert game.deal.pile[-1] == pack[seats * hand_size]
        assert game.deal.stock[-1] == pack[seats * hand_size + 1]  # drawn next
        assert canasta.Game.from_json(game.to_json()) == game


def test_redealt_refuses_a_wrong_pack_or_a_deal_begun() -> None:
    game = canasta.Game.new("classic", seed=1)
    with pytest.raises(canasta.PositionError, match="108 cards"):
        game.redealt(list(canasta.pack_cards(2))[:-1])
    with pytest.raises(canasta.PositionError, match="before anyone has moved"):
        game.apply(canasta.Draw()).redealt(list(canasta.pack_cards(2)))
