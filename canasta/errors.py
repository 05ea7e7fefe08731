"""Errors that explain themselves: every rejected move names the rule it breaks.

>>> error = IllegalMoveError("CL-PILE-5", "the pile is frozen: you need two natural kings")
>>> isinstance(error, ValueError), error.rule
(True, 'CL-PILE-5')
>>> str(error)
'CL-PILE-5: the pile is frozen: you need two natural kings'
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = [
    "RULES_URL",
    "IllegalMoveError",
    "JsonError",
    "MoveParseError",
    "PositionError",
    "Violation",
    "rule_url",
]

#: Where the rules pages are published. A rule's text is on its family's page, with the rule's
#: ID as the anchor (see :func:`rule_url`).
RULES_URL = "https://canasta.readthedocs.io/en/latest/rules/"

# The rules page of each family of rule IDs (docs/rules/*.md).
_RULE_PAGES = {
    "CL": "classic",
    "HW": "three-deck",
    "SA": "three-deck",
    "BO": "three-deck",
    "MV": "moves",
}


def rule_url(rule: str, base: str = RULES_URL) -> str:
    """The address of a rule's text: its rules page, with the rule's ID as the anchor.

    ``base`` is where the rules pages are, for a local build of the documentation say.

    >>> rule_url("CL-PILE-5")
    'https://canasta.readthedocs.io/en/latest/rules/classic.html#CL-PILE-5'
    >>> rule_url("HW-MELD-3", base="docs/_build/html/rules/")
    'docs/_build/html/rules/three-deck.html#HW-MELD-3'
    """
    page = _RULE_PAGES.get(rule.split("-", 1)[0])
    if page is None:
        raise ValueError(f"{rule!r} is not a rule ID such as CL-PILE-5")
    return f"{base}{page}.html#{rule}"


@attrs.frozen(slots=True)
class Violation:
    """Why a move is illegal: the rule's ID and a sentence a player understands."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"

    @property
    def url(self) -> str:
        """The address of the rule's text (:func:`rule_url`)."""
        return rule_url(self.rule)


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this position.

    ``rule`` is the rule's ID (``"CL-PILE-5"``), ``reason`` the sentence for the player and
    ``move`` the rejected move (or ``None`` when the text did not name a move).
    """

    def __init__(self, rule: str, reason: str, move: Any = None) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
        self.move = move

    @classmethod
    def from_violation(cls, violation: Violation, move: Any = None) -> IllegalMoveError:
        """The error for a :class:`Violation`."""
        return cls(violation.rule, violation.message, move)

    @property
    def violation(self) -> Violation:
        """The rule and reason as a value."""
        return Violation(self.rule, self.reason)

    @property
    def url(self) -> str:
        """The address of the rule's text (:func:`rule_url`)."""
        return rule_url(self.rule)


class MoveParseError(ValueError):
    """Text that does not name a move."""


class PositionError(ValueError):
    """A position that cannot arise under the rules (wrong card counts, invalid melds ...)."""


class JsonError(PositionError):
    """JSON that does not describe a game or view: not JSON, a wrong format or version, a
    missing or mistyped field, bad card text, or a position that breaks the rules (a card
    too many, a meld the rule set does not allow, a seat out of range ...).

    ``path`` says where (``deal.hands[2]``; empty for the whole document) and ``reason``
    what is wrong; ``str(error)`` is both.

    >>> error = JsonError("deal.hands[2]", "card 1 of 'KX': ...")
    >>> error.path, str(error)
    ('deal.hands[2]', "deal.hands[2]: card 1 of 'KX': ...")
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}" if path else reason)
        self.path = path
        self.reason = reason

    def __reduce__(self) -> tuple[type[JsonError], tuple[str, str]]:
        return (type(self), (self.path, self.reason))
