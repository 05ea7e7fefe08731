"""Errors that explain themselves: one family, and every rejected move names the rule it breaks.

Every error the library raises on bad input derives from :class:`CanastaError`, a
``ValueError``, so ``except canasta.CanastaError`` catches them all (and ``except ValueError``
still does):

- :class:`IllegalMoveError`: a move the rules do not allow in the position, with the rule's ID
  (:class:`~canasta.errors.IllegalActionError`, for an action id, is one);
- :class:`MoveParseError`: text or data that does not name a move, or a move made with wrong
  fields (``Answer("no")``, ``TakePile(meld=1.5)``);
- :class:`CardParseError`: text that does not name a card (:class:`MoveCardParseError`, both a
  card and a move parse error, where the card text is part of a move);
- :class:`PositionError`: a position that cannot arise (:class:`JsonError` for a JSON
  document);
- :class:`RecordError`: a game record that cannot be read or replayed;
- :class:`RuleSetError`: a rule set whose settings contradict each other, or an unknown name;
- :class:`ActionError`: an action id out of range, or a move without one.

Each has ``message``, the sentence for a person, and quotes at most about 80 characters of
the input it refuses (:func:`shown`).

>>> error = IllegalMoveError("CL-PILE-5", "the pile is frozen: you need two natural kings")
>>> isinstance(error, CanastaError), isinstance(error, ValueError), error.rule
(True, True, 'CL-PILE-5')
>>> str(error)
'CL-PILE-5: the pile is frozen: you need two natural kings'
>>> error.message
'the pile is frozen: you need two natural kings'

This module imports nothing from the rest of the package, so every layer may raise these.
"""

from __future__ import annotations

import difflib
import warnings
from collections.abc import Iterable
from typing import Any

import attrs

__all__ = [
    "RULES_URL",
    "ActionError",
    "CanastaError",
    "CardParseError",
    "IllegalActionError",
    "IllegalMoveError",
    "JsonError",
    "MoveCardParseError",
    "MoveParseError",
    "PositionError",
    "RecordError",
    "RuleSetError",
    "Violation",
    "did_you_mean",
    "rule_url",
    "shown",
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

#: The most characters of a refused input that a message quotes.
QUOTE_LIMIT = 80


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to about ``limit`` characters: how a message quotes its input.

    >>> shown("KH KS")
    "'KH KS'"
    >>> shown("x" * 1000)[-16:], len(shown("x" * 1000))
    ('xx… (1002 chars)', 94)
    """
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real problem
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} chars)"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean draw?)`` for a word close to some of ``choices`` (in any case), else
    ``""``."""
    by_lower = {choice.lower(): choice for choice in choices}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=3, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {' or '.join(by_lower[match] for match in close)}?)"


def rule_url(rule: str, base: str = RULES_URL) -> str:
    """The address of a rule's text: its rules page, with the rule's ID as the anchor.

    ``base`` is where the rules pages are, for a local build of the documentation say.

    >>> rule_url("CL-PILE-5")
    'https://canasta.readthedocs.io/en/latest/rules/classic.html#CL-PILE-5'
    >>> rule_url("HW-MELD-3", base="docs/_build/html/rules/")
    'docs/_build/html/rules/three-deck.html#HW-MELD-3'
    """
    page = _RULE_PAGES.get(rule.split("-", 1)[0]) if isinstance(rule, str) else None
    if page is None:
        raise CanastaError(f"{shown(rule)} is not a rule ID such as CL-PILE-5")
    return f"{base}{page}.html#{rule}"


def _deprecated_reason(self: Any) -> str:
    warnings.warn(
        f"{type(self).__name__}.reason is deprecated: use .message",
        DeprecationWarning,
        stacklevel=2,
    )
    message: str = self.message
    return message


def _set_deprecated_reason(self: Any, value: str) -> None:
    warnings.warn(
        f"{type(self).__name__}.reason is deprecated: set .message",
        DeprecationWarning,
        stacklevel=2,
    )
    self.message = value


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


class CanastaError(ValueError):
    """The base of every error the library raises on bad input: a ``ValueError``.

    ``message`` is the sentence for a person (``str(error)`` may add where: a rule ID, a
    line, a path).
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.args, self.__dict__)

    #: Deprecated: the same as :attr:`message` (kept for a release).
    reason = property(_deprecated_reason, _set_deprecated_reason)


class IllegalMoveError(CanastaError):
    """A move that the rules do not allow in this position.

    ``rule`` is the rule's ID (``"CL-PILE-5"``), ``message`` the sentence for the player and
    ``move`` the rejected move (or ``None`` when the text did not name a move).
    """

    def __init__(self, rule: str, message: str, move: Any = None) -> None:
        CanastaError.__init__(self, message)
        self.args = (f"{rule}: {message}",)
        self.rule = rule
        self.move = move

    def __reduce__(self) -> tuple[Any, ...]:
        return (IllegalMoveError, (self.rule, self.message, self.move))

    @classmethod
    def from_violation(cls, violation: Violation, move: Any = None) -> IllegalMoveError:
        """The error for a :class:`Violation`."""
        return cls(violation.rule, violation.message, move)

    @property
    def violation(self) -> Violation:
        """The rule and message as a value."""
        return Violation(self.rule, self.message)

    @property
    def url(self) -> str:
        """The address of the rule's text (:func:`rule_url`)."""
        return rule_url(self.rule)


class MoveParseError(CanastaError):
    """Text or data that does not name a move, or a move made with fields of the wrong kind.

    ``field`` names the field of move data at fault (``"cards"``, ``"meld"``), where there is
    one; ``str(error)`` then starts with it.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        CanastaError.__init__(self, message)
        if field:
            self.args = (f"{field}: {message}",)
        self.field = field


class CardParseError(CanastaError):
    """Text that does not name a card (or a list of cards)."""


class MoveCardParseError(MoveParseError, CardParseError):
    """Card text inside a move that names no card: both a :class:`MoveParseError` and a
    :class:`CardParseError`, so either ``except`` catches it."""


class PositionError(CanastaError):
    """A position that cannot arise under the rules (wrong card counts, invalid melds ...).

    ``rule`` is the ID of the rule the position breaks where one is named (``"CL-FRZ-1"``),
    empty for a plain inconsistency (a card too many, a wrong number of hands).

    >>> PositionError("pile_frozen: the pile is not frozen (CL-FRZ-1)", rule="CL-FRZ-1").rule
    'CL-FRZ-1'
    """

    rule: str = ""  # JsonError, made with a path, has no rule of its own

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class JsonError(PositionError):
    """JSON that does not describe a game or view: not JSON, a wrong format or version, a
    missing or mistyped field, bad card text, or a position that breaks the rules (a card
    too many, a meld the rule set does not allow, a seat out of range ...).

    ``path`` says where (``deal.hands[2]``; empty for the whole document) and ``message``
    what is wrong; ``str(error)`` is both.

    >>> error = JsonError("deal.hands[2]", "card 1 of 'KX': ...")
    >>> error.path, str(error)
    ('deal.hands[2]', "deal.hands[2]: card 1 of 'KX': ...")
    """

    def __init__(self, path: str, message: str) -> None:
        CanastaError.__init__(self, message)
        self.args = (f"{path}: {message}" if path else message,)
        self.path = path

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.message))


class RecordError(CanastaError):
    """A game record that cannot be read or replayed.

    ``line`` is the number of the offending line, from 1 (``None`` when the problem is not
    on one line, such as a missing header), and ``message`` says what is wrong.
    """

    def __init__(self, line: int | None, message: str) -> None:
        CanastaError.__init__(self, message)
        self.args = (message if line is None else f"line {line}: {message}",)
        self.line = line

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.line, self.message))


class RuleSetError(CanastaError):
    """A rule set whose settings contradict each other, or an unknown rule set name."""


class ActionError(CanastaError):
    """An id that is not an action of the rule set, or a move that has no id."""


class IllegalActionError(ActionError, IllegalMoveError):
    """An action that is not legal in the position: ``action`` is the id, ``rule`` the ID of
    the rule it breaks and ``message`` why. It is an :class:`IllegalMoveError` too."""

    def __init__(self, action: int, rule: str, message: str, move: Any = None) -> None:
        IllegalMoveError.__init__(self, rule, message, move)
        self.args = (f"action {action}: {rule}: {message}",)
        self.action = action

    def __reduce__(self) -> tuple[Any, ...]:
        return (IllegalActionError, (self.action, self.rule, self.message, self.move))
