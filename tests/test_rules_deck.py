"""The pack (CL-DECK-1 and its three-deck counterparts): a position holds no more than the
pack does, and its melds are counted against the pack before any meld is read."""

from __future__ import annotations

import pytest

from canasta import Game, PositionError, find_rules


@pytest.mark.parametrize(
    ("name", "rule", "size"),
    [
        ("classic", "CL-DECK-1", 108),
        ("hollywood", "HW-DECK-1", 162),
        ("samba", "SA-DECK-1", 162),
        ("bolivia", "BO-DECK-1", 162),
    ],
)
def test_CL_DECK_1_HW_DECK_1_SA_DECK_1_BO_DECK_1_more_melds_than_the_pack_has_cards(
    name: str, rule: str, size: int
) -> None:
    rules = find_rules(name, players=2)
    with pytest.raises(PositionError) as refusal:
        Game.from_position(rules, hands=["4C", "5C"], melds=[["QH QS QD"] * (size + 1), []])
    message = str(refusal.value)
    assert message.startswith("melds: ")
    assert f"more than the pack's {size} cards ({rule})" in message


def test_CL_DECK_1_a_card_the_pack_lacks_is_refused() -> None:
    with pytest.raises(PositionError, match=r"hands\[0\]: a card too many: the pack of 2 decks"):
        Game.from_position(find_rules("classic", players=2), hands=["4C 4C 4C", "5C"])
