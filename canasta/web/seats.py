"""Who sits in each seat: a person (``human``) or one of :mod:`canasta.bots`.

A seat's kind is a short text, stored with the game: ``human``, ``random``, ``greedy``, or
``ismcts:SECONDS``, the information-set search with a time budget per decision.
"""

from __future__ import annotations

from canasta.bots import Bot, GreedyBot, ISMCTSBot, RandomBot

__all__ = ["BOT_KINDS", "ISMCTS_SECONDS", "SeatError", "bot_for", "check_kind", "label"]

#: The bots a seat may hold, as the lobby offers them.
BOT_KINDS = ("random", "greedy", "ismcts")
#: The time budgets the lobby offers the search, in seconds per decision.
ISMCTS_SECONDS = (0.5, 1.0, 2.0, 5.0)
#: The longest budget accepted.
MAX_SECONDS = 10.0


class SeatError(ValueError):
    """A seat's kind that is not one of those above."""


def check_kind(kind: object) -> str:
    """``kind`` in its stored form (``ismcts:2`` for ``ismcts:2.0``); :class:`SeatError` if
    it names no kind."""
    if not isinstance(kind, str) or len(kind) > 20:
        raise SeatError("a seat is human, random, greedy or ismcts:SECONDS")
    name, _, budget = kind.strip().lower().partition(":")
    if name in ("human", "random", "greedy") and not budget:
        return name
    if name == "ismcts":
        try:
            seconds = float(budget or "1")
        except ValueError:
            seconds = -1.0
        if not 0 < seconds <= MAX_SECONDS:
            raise SeatError(f"an ismcts seat thinks for more than 0 and at most {MAX_SECONDS} s")
        return f"ismcts:{seconds:g}"
    raise SeatError(f"{kind[:20]!r} is no seat; a seat is human, random, greedy or ismcts:SECONDS")


def label(kind: str) -> str:
    """The seat's kind for the screen: ``greedy bot``, ``ISMCTS bot, 2 s``, or ``person``."""
    name, _, budget = kind.partition(":")
    if name == "human":
        return "person"
    if name == "ismcts":
        return f"ISMCTS bot, {budget} s"
    return f"{name} bot"


def bot_for(kind: str) -> Bot | None:
    """A new bot for a seat of this kind; ``None`` for a person's seat."""
    name, _, budget = kind.partition(":")
    if name == "human":
        return None
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    return ISMCTSBot(iterations=None, seconds=float(budget))
