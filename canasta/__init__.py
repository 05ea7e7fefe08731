"""canasta: a rules engine for the card game Canasta.

>>> import canasta
>>> canasta.Card.parse("QH").points
10
>>> canasta.find_rules("classic").target_score
5000
"""

from canasta.__about__ import __version__
from canasta.cards import ALL_FACES, JOKER, NATURAL_RANKS, Card, CardParseError, Rank, Suit
from canasta.deck import Cards, pack_cards, shuffled_pack
from canasta.rules import RuleSet, RuleSetError, find_rules, rule_set_names

__all__ = [
    "ALL_FACES",
    "JOKER",
    "NATURAL_RANKS",
    "Card",
    "CardParseError",
    "Cards",
    "Rank",
    "RuleSet",
    "RuleSetError",
    "Suit",
    "__version__",
    "find_rules",
    "pack_cards",
    "rule_set_names",
    "shuffled_pack",
]
