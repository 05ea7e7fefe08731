"""What the facades share about legality: the one judge of a move, and the legal moves.

:class:`~canasta.game.Game` and :class:`~canasta.views.PlayerView` answer "is this move
legal?" through :func:`judge`, so the two can never differ, and both return their legal
moves as a :class:`LegalMoves`.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol, overload

from canasta._engine.state import Deal, DealEnd, Phase, TurnDraft
from canasta._engine.transitions import check
from canasta._model.moves import Move, NextDeal, is_move
from canasta._rules.ruleset import RuleSet
from canasta.errors import CanastaError, IllegalMoveError, MoveParseError, Violation, shown

__all__ = ["LegalMoves", "judge"]


class _Position(Protocol):
    """A game or a player's view, as :class:`LegalMoves` and :func:`explain_turn` use it."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def draft(self) -> TurnDraft: ...

    @property
    def minimums(self) -> tuple[int, ...]: ...

    @property
    def turn_player(self) -> int: ...

    def is_legal(self, move: Move) -> bool: ...

    def explain(self, move: Move) -> Violation | None: ...

    def apply(self, move: Move) -> Any: ...


class LegalMoves:
    """The legal moves of a position: a collection to iterate as often as you like.

    ``len(legal)``, ``legal[0]`` and ``list(legal)`` give the moves the generator found, one
    representative of each choice (among moves that differ only in the suits of cards of one
    rank, the one that leaves the most cards for later). ``move in legal`` answers for any
    move, variants included: it is ``position.is_legal(move)``. ``legal.count()`` is
    ``len(legal)``, as in python-chess.

    >>> import canasta
    >>> game = canasta.Game.new("classic", seed=10)
    >>> legal = game.legal_moves()
    >>> legal
    <LegalMoves (2): draw, take 5C 5S>
    >>> len(legal), list(legal) == list(legal), canasta.TakePile("5C 5S") in legal
    (2, True, True)
    """

    __slots__ = ("_cursor", "_moves", "_position")

    def __init__(self, moves: Sequence[Move], position: _Position) -> None:
        self._moves = tuple(moves)
        self._position = position
        self._cursor = 0

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    def __bool__(self) -> bool:
        return bool(self._moves)

    def count(self) -> int:
        """How many moves the generator found: ``len(legal)``."""
        return len(self._moves)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        return self._moves[index]

    def __contains__(self, move: object) -> bool:
        if not is_move(move):
            return False
        return move in self._moves or self._position.is_legal(move)  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMoves):
            return self._moves == other._moves
        if isinstance(other, (list, tuple)):
            return self._moves == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown_moves = ", ".join(map(str, self._moves[:8]))
        more = ", ..." if len(self._moves) > 8 else ""
        return f"<LegalMoves ({len(self._moves)}): {shown_moves}{more}>"

    def __next__(self) -> Move:
        """Deprecated: ``legal_moves()`` was an iterator; use ``next(iter(legal))``."""
        warnings.warn(
            "legal_moves() returns a LegalMoves collection: use next(iter(...)) for its first "
            "move",
            DeprecationWarning,
            stacklevel=2,
        )
        if self._cursor >= len(self._moves):
            raise StopIteration
        self._cursor += 1
        return self._moves[self._cursor - 1]


def checked_move(move: object) -> Move:
    """``move`` if it is a move; else a :class:`MoveParseError` saying what is wanted."""
    if is_move(move):
        return move  # type: ignore[return-value]
    if isinstance(move, str):
        # A short text is shown as the call to make; a long one is quoted once, shortened.
        text = shown(move) if len(move) <= 20 else "text"
        raise MoveParseError(
            f"expected a move object, got the text {shown(move)}: read text with "
            f"canasta.parse_move({text}) or game.parse_move({text})"
        )
    raise MoveParseError(
        f"expected a move (Draw(), TakePile(...), LayMeld(...) ...), got {shown(move)} "
        f"({type(move).__name__})"
    )


def checked_player(player: object, rules: RuleSet) -> int:
    """``player`` if it is a player number of ``rules``; else a :class:`CanastaError`."""
    if isinstance(player, bool) or not isinstance(player, int):
        try:
            import operator

            value = operator.index(player)  # type: ignore[arg-type]
        except TypeError:
            raise CanastaError(
                f"a player is a number from 0 to {rules.num_players - 1}, not {shown(player)} "
                f"({type(player).__name__})"
            ) from None
        if isinstance(player, bool):
            raise CanastaError(f"a player is a number, not {player}")
        player = value
    if not 0 <= player < rules.num_players:
        raise CanastaError(
            f"there is no player {player}; players are 0 to {rules.num_players - 1}"
        )
    return player


def deal_over(rules: RuleSet, deal: Deal, seat_players: Sequence[int]) -> Violation:
    """The refusal of a move other than :class:`NextDeal` in a deal that has ended, citing
    the rule that ended it (CL-OUT-3, CL-EXH-3 or CL-EXH-1, in the rule set's own IDs)."""
    then = "; next (NextDeal) deals the next hand"
    if deal.end is DealEnd.WENT_OUT and deal.went_out is not None:
        how = "concealed " if deal.concealed else ""
        who = seat_players[deal.went_out]
        return Violation(
            rules.rule_id("CL-OUT-3"),
            f"the deal is over: player {who} went out {how}".rstrip() + then,
        )
    if deal.end is DealEnd.LAST_RED_THREE:
        return Violation(
            rules.rule_id("CL-EXH-1"),
            "the deal is over: a red three was the last card the stock could give" + then,
        )
    return Violation(
        rules.rule_id("CL-EXH-3"),
        "the deal is over: the stock ran out and the pile was not taken" + then,
    )


def judge(
    rules: RuleSet,
    deal: Deal,
    seat_players: Sequence[int],
    is_over: bool,
    move: object,
    player: object,
) -> Violation | None:
    """Why ``move`` by ``player`` (``None``: the player to act) is illegal, or ``None``.

    The one path of every ``explain``, ``is_legal`` and ``verify``, of games and views. A
    value that is not a move, or not a player, raises an error of the library's family."""
    checked = checked_move(move)
    who = None if player is None else checked_player(player, rules)
    if is_over:
        return Violation(rules.rule_id("CL-MATCH-3"), "the game is over")
    if deal.phase is Phase.OVER:
        if type(checked) is NextDeal:
            return None  # any player, or none, deals the next hand
        return deal_over(rules, deal, seat_players)
    if type(checked) is NextDeal:
        return Violation(
            rules.rule_id("CL-OUT-3"),
            "the deal is not over: it goes on until a player goes out or the stock runs out",
        )
    seat = deal.to_act
    assert seat is not None
    to_move = seat_players[seat]
    if who is not None and who != to_move:
        if deal.phase is Phase.ANSWER:
            asker = seat_players[deal.seat]
            return Violation(
                rules.rule_id("CL-ASK-3"),
                f"player {to_move}, the partner of player {asker}, answers now, not player {who}",
            )
        return Violation(
            rules.rule_id("CL-TURN-7"), f"it is player {to_move}'s move, not player {who}'s"
        )
    return check(deal, checked)


def explain_turn(position: _Position, moves: Iterable[Move]) -> Violation | None:
    """The first refusal of a planned sequence of steps, or ``None``: each step in turn, and
    at the end an opening begun by the steps, whose melds must reach the minimum together."""
    given: object = moves
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise MoveParseError(f"expected a sequence of moves, got {shown(given)}")
    current = position
    played = False
    for move in moves:
        violation = current.explain(move)
        if violation is not None:
            return violation
        current = current.apply(move)
        played = True
    if not played or current.phase is not Phase.MELD:
        return None
    draft = current.draft
    side = current.rules.side_of_player(current.turn_player)
    minimum = current.minimums[side]
    if draft.opening and draft.committed and draft.points < minimum:
        rules = current.rules
        rule = rules.rule_id("CL-PILE-6" if draft.took_pile else "CL-INIT-1")
        return Violation(
            rule,
            f"your side's first melds must count at least {minimum} together; these steps "
            f"count {draft.points}",
        )
    return None


def raise_for(violation: Violation | None, move: object) -> None:
    """Raise :class:`IllegalMoveError` for ``violation``, if there is one."""
    if violation is not None:
        raise IllegalMoveError.from_violation(violation, move)
