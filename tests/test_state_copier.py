"""The quick copiers of the hot paths: ``deal_copier`` gives what ``Deal.replace`` gives and
refuses what it would not copy the same way, and ``game._with_deal`` what ``attrs.evolve``
gives, without the legal moves of the game it copies; ``trusted_meld`` the meld that
``Meld(...)`` makes."""

import attrs
import pytest

import canasta
from canasta._engine.state import Deal, Phase, TurnDraft, deal_copier


def _fields(deal: Deal) -> tuple[object, ...]:
    return tuple(getattr(deal, field.name) for field in attrs.fields(Deal))


def test_copier_gives_what_replace_gives() -> None:
    deal = canasta.Game.new("classic", players=4, seed=5).apply(canasta.Draw()).deal
    names = [field.name for field in attrs.fields(Deal) if field.name != "history"]
    cases = [
        {},
        {"turn": 9},
        {"phase": Phase.OVER, "seat": 2, "draft": TurnDraft(points=90), "pile": ()},
        {name: getattr(deal, name) for name in reversed(names)},
    ]
    for changes in cases:
        copy = deal_copier(*changes)(deal, *changes.values())
        assert copy is not deal
        assert _fields(copy) == _fields(deal.replace(**changes))
        assert copy == deal.replace(**changes)
    assert _fields(deal) == _fields(deal.replace())  # the deal copied is left as it was


@pytest.mark.parametrize("changed", [("history",), ("turn", "turn"), ("colour",)])
def test_copier_refuses_fields_it_would_not_copy_as_replace(changed: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="not fields of Deal"):
        deal_copier(*changed)


def test_a_game_with_another_deal_is_attrs_evolve_with_no_legal_moves_kept() -> None:
    from canasta.game import _KEPT, _with_deal

    names = {field.name for field in attrs.fields(canasta.Game)}
    assert names == {*_KEPT, "deal", "_legal"}  # _with_deal sets every field
    game = canasta.Game.new("classic", players=4, seed=3)
    list(game.legal_moves())
    after = game.apply(canasta.Draw())
    made = _with_deal(game, after.deal)
    assert made == attrs.evolve(game, deal=after.deal)
    assert made._legal is None


@pytest.mark.parametrize(
    ("cards", "wild_as"),
    [("KH KS 2C", None), ("JK 2D 2H", None), ("3C 3S 3S", None), ("7D 8D 9D JK", "10")],
)
def test_a_trusted_meld_is_the_meld_attrs_makes(cards: str, wild_as: str | None) -> None:
    from canasta._engine.meld_rules import Meld, trusted_meld

    meld = Meld.of(cards, wild_as=wild_as)
    made = Meld(meld.rank, meld.cards, meld.suit, meld.wild_as)
    quick = trusted_meld(meld.rank, meld.cards, meld.suit, meld.wild_as)
    every_slot = [field.name for field in attrs.fields(Meld)]
    assert [getattr(quick, name) for name in every_slot] == [
        getattr(made, name) for name in every_slot
    ]
    assert quick == made
    assert (quick.kind, quick.size, quick.wilds) == (made.kind, made.size, made.wilds)
