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
    with pytest.raises(
        PositionError, match="draws: a card too many: the pack of 2 decks holds 2 KH"
    ):
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


# --- one orientation: the top card first ---------------------------------------------------------


def test_the_pile_and_the_stock_are_given_top_card_first() -> None:
    cards = canasta.pack_cards(2) - Cards.parse("KH KS 9C 8C 4D 4H")
    stock = ["4D", "4H", *map(str, cards)]
    game = Game.from_position(
        "classic", hands=["KH KS", "", "", ""], pile="9C 8C", stock=" ".join(stock)
    )
    assert game.table.pile_top == Card.parse("9C")
    assert game.deal.pile == (Card.parse("8C"), Card.parse("9C"))  # the engine: bottom first
    assert game.apply(Draw()).hand(0) == Cards.parse("KH KS 4D")
    assert game.to_text().split(" | stock ")[1].startswith("4D 4H ")


# --- every phase of a turn ---------------------------------------------------------------------

HANDS = ["AH AS AD 8C 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"]


def test_a_turn_after_a_pile_take_with_locked_cards() -> None:
    # As if player 0 had taken a pile of KD 8C with KH KS to open: the 8C is locked until
    # the minimum (50) is reached (CL-INIT-4).
    game = Game.from_position(
        "classic",
        hands=HANDS,
        melds=[["KD KH KS"], []],
        phase="meld",
        took_pile=True,
        new_melds=[0],
        locked="8C",
        known=["8C", "", "", ""],
        melded_players=[0],
    )
    played = Game.from_position(
        "classic", hands=["KH KS AH AS AD 9S", *HANDS[1:]], pile="KD 8C"
    ).apply(canasta.TakePile("KH KS"))
    assert game.deal == played.deal.replace(stock=game.deal.stock, history=())
    assert game.explain(canasta.Discard(Card.parse("8C"))).rule == "CL-INIT-4"


def test_a_turn_after_an_ask_is_answered_by_the_partner() -> None:
    game = Game.from_position(
        "classic",
        hands=["9H 9S 9D", "QC 5D", "5C 6D", "AH 4S"],
        melds=[["KC KC KD KD KH KH KS"], ["QH QS QD"]],
        pile="8C",
        phase="answer",
        to_move=2,
    )
    assert (game.turn_player, game.to_move, game.draft.asked) == (0, 2, True)
    assert game.draft.drew
    assert sorted(str(move) for move in game.legal_moves()) == ["no", "yes"]
    same = Game.from_position(
        "classic",
        hands=["9H 9S 9D", "QC 5D", "5C 6D", "AH 4S"],
        melds=[["KC KC KD KD KH KH KS"], ["QH QS QD"]],
        pile="8C",
        phase="answer",
        turn_player=0,
    )
    assert same == game


def test_an_ended_deal_is_scored() -> None:
    game = Game.from_position(
        "classic",
        hands=["", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        melds=[["KD KH KS KC KH KS 2C"], []],
        pile="5C",
        phase="over",
        end="went_out",
        went_out=0,
        scores=[100, 0],
    )
    assert not game.is_over  # the game waits at the end of the deal, scored
    assert game.to_move is None
    assert list(game.legal_moves()) == [canasta.NextDeal()]
    assert game.deal.end is canasta.DealEnd.WENT_OUT
    (result,) = game.results
    assert game.deal_result == result
    assert result.went_out == 0
    assert game.scores == (100 + result.scores[0].total, result.scores[1].total)
    assert game.minimums == (50, 50)  # from the scores at the start of the deal
    assert Game.from_json(game.to_json()) == game


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"hands": ["KX", "", "", ""]}, "hands[0]: card 1 of 'KX'"),
        ({"hands": ["KH KH KH", "", "", ""]}, "hands[0]: a card too many"),
        ({"hands": [""] * 4, "pile": "9C 9X"}, "pile: '9X' is not a card"),
        ({"hands": [""] * 4, "melds": [["QH 2C JK"], []]}, "melds[0][0]: the meld QH 2C JK"),
        ({"hands": [""] * 4, "melds": [["QH QS QD wild=X"], []]}, "melds[0][0]: "),
        ({"hands": [""] * 4, "to_move": 7}, "turn_player: player 7 does not play"),
        ({"hands": [""] * 4, "phase": "meld", "new_melds": [2]}, "new_melds: "),
        ({"hands": [""] * 4, "locked": "KH"}, "phase: the turn has not begun"),
        ({"hands": [""] * 4, "scores": [1, 0]}, "scores[0]: scores are multiples of 5"),
        ({"hands": [""] * 4, "deal_number": 1, "known": ["KH", "", "", ""]}, "known[0]: "),
        ({"hands": [""] * 4, "phase": "over"}, 'end: a deal in phase "over" says how'),
    ],
)
def test_a_bad_position_names_the_argument(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError) as caught:
        Game.from_position("classic", **arguments)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message), str(caught.value)


def test_an_unknown_argument_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="draft"):
        Game.from_position("classic", hands=[""] * 4, draft=None)


# --- the turn in a player's words and the engine's draft ---------------------------------------


def test_the_facts_of_every_reached_turn_make_its_draft_again() -> None:
    import random

    from play_helpers import random_walk

    from canasta._engine.position import Where
    from canasta._engine.position.parts import TurnFacts
    from canasta._engine.position.turn import draft_of, turn_facts

    for index, name in enumerate(["classic", "hollywood", "samba", "bolivia"] * 3):
        rules = canasta.find_rules(name, players=2 + index % 5)
        for game in random_walk(Game.new(rules, seed=index), random.Random(index)):
            deal = game.deal
            melded = deal.seat in deal.melded_seats
            context = {
                "rules": rules,
                "phase": deal.phase,
                "side_melds": deal.melds[deal.side],
                "end": deal.end,
            }
            facts = turn_facts(deal.draft, in_melded_players=melded, **context)
            again = draft_of(
                TurnFacts(**facts),
                minimum=deal.minimums[deal.side],
                in_melded_players=melded,
                where=Where(),
                **context,
            )
            assert again == deal.draft, (game, facts)
