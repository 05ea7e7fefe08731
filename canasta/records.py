"""Game records: a whole match as text a person can read, like PGN for chess.

A record holds the headers that set the game up (the rule set and its options, the number
of players, the seed that fixes every shuffle) and every move, one line per turn, grouped by
deal. Replaying the moves from ``Game.new(rules, seed=seed)`` reproduces every state of the
game. The API follows :mod:`json`: :func:`dumps` and :func:`dump` write a game,
:func:`loads` and :func:`load` read a :class:`Record` back.

>>> import canasta
>>> game = canasta.Game.new("classic", players=2, seed=3)
>>> for text in ["draw", "discard 3S"]:
...     game = game.apply(game.parse_move(text))
>>> text = dumps(game, date="2025-01-31")
>>> print(text)
[Format "2"]
[Date "2025-01-31"]
[Rules "classic"]
[Players "2"]
[Seed "3"]
[Result "*"]
[Moves "2"]
<BLANKLINE>
Deal 1
  1. P0 draw; discard 3S
<BLANKLINE>
>>> record = loads(text)
>>> record.moves
((0, Draw()), (0, Discard(card=Card.parse('3S'))))
>>> record.game() == game
True

Only games started with :meth:`Game.new <canasta.game.Game.new>` can be recorded: their deals
follow from the seed. Bad records raise :class:`RecordError` with the line and what is wrong.
"""

from __future__ import annotations

import collections
import datetime
import json
import re
import types
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO

import attrs

from canasta._engine.match import deal_ender
from canasta._engine.scoring import DealResult
from canasta._engine.state import DealEnd, Phase
from canasta._model.moves import Move, NextDeal, parse_move
from canasta._notation.read import most_results
from canasta._notation.values import MAX_DOCUMENT
from canasta._record_headers import (
    FORMAT_VERSION,
    PLAYER_HEADER,
    check_move_count,
    read_header,
    rule_options,
    seed_text,
    setup,
)
from canasta._rules.ruleset import RuleSet
from canasta.errors import CanastaError, IllegalMoveError, MoveParseError, RecordError, shown
from canasta.game import Game

__all__ = ["FORMAT_VERSION", "Record", "RecordError", "dump", "dumps", "load", "loads"]

_DEAL_LINE = re.compile(r"deal\s+([0-9]{1,9})", re.IGNORECASE)
_DEAL_END_LINE = re.compile(r"deal\s+([0-9]{1,9})\s+ends\b.*", re.IGNORECASE)
_TURN_NUMBER = re.compile(r"([0-9]{1,9})\s*\.\s*(.*)")
_PLAYER_PREFIX = re.compile(r"p([0-9]{1,9})(?:\s+|$)(.*)", re.IGNORECASE)

_NEXT_DEAL = NextDeal()


def _at_deal_end(game: Game) -> bool:
    return game.phase is Phase.OVER and not game.is_over


def _next_deal_player(game: Game) -> int:
    return deal_ender(game.seat_players, game.deal.history)


def _headers_mapping(value: Mapping[str, str]) -> Mapping[str, str]:
    return types.MappingProxyType(dict(value))


def _move_tuple(value: Iterable[tuple[int, Move]]) -> tuple[tuple[int, Move], ...]:
    return tuple((player, move) for player, move in value)


@attrs.frozen(slots=True)
class Record:
    """A recorded game: the rules, the seed, every move as (player, move), and the headers.

    :func:`loads` makes one from text, having checked every move; :meth:`game` and
    :meth:`replay` play the moves again.
    """

    #: The rule set, options included.
    rules: RuleSet
    #: The seed of :meth:`Game.new <canasta.game.Game.new>`, which fixes every deal.
    seed: int | str
    #: Every move of the game, as (player, move).
    moves: tuple[tuple[int, Move], ...] = attrs.field(default=(), converter=_move_tuple)
    #: The headers as written, name to text, in the record's order.
    headers: Mapping[str, str] = attrs.field(factory=dict, converter=_headers_mapping, hash=False)

    @property
    def names(self) -> tuple[str | None, ...]:
        """Each player's name from the ``P0``, ``P1`` ... headers (``None`` if not given)."""
        return tuple(self.headers.get(f"P{p}") for p in range(self.rules.num_players))

    def replay(self) -> Iterator[Game]:
        """Every state of the game: the new game, then the game after each move, the end of
        each deal and the :class:`~canasta.NextDeal` after it included. (A record made by
        hand without them, as in earlier releases, gets them where a deal ends.)

        Raises :class:`~canasta.errors.IllegalMoveError` if a move is illegal (a record read
        by :func:`loads` has been checked already).
        """
        game = Game.new(self.rules, seed=self.seed)
        yield game
        for player, move in self.moves:
            if _at_deal_end(game) and not isinstance(move, NextDeal):
                game = game.apply(_NEXT_DEAL)
                yield game
            game = game.apply(move, player=player)
            yield game

    def game(self) -> Game:
        """The game after the last move."""
        return collections.deque(self.replay(), maxlen=1)[0]


# --- writing -----------------------------------------------------------------------------


def dumps(
    game: Game | Record,
    *,
    event: str | None = None,
    site: str | None = None,
    date: str | datetime.date | None = None,
    names: Sequence[str | None] | None = None,
) -> str:
    """The record of ``game`` as text.

    ``event``, ``site`` and ``date`` (text, or a :class:`datetime.date` written as
    ``YYYY-MM-DD``) fill the optional headers of those names; ``names`` gives each player's
    name, in seat order (``None`` for a player left unnamed). The library never reads the
    clock: a record has a date only if you pass one. A :class:`Record` may be passed instead
    of a game; its optional headers are kept unless overridden.

    Raises :class:`ValueError` if the game did not start from
    :meth:`Game.new <canasta.game.Game.new>` with its seed (a game set up with
    :meth:`Game.from_position <canasta.game.Game.from_position>` has no record).
    """
    extra: dict[str, str] = {}
    if isinstance(game, Record):
        extra = {k: v for k, v in game.headers.items() if k in ("Event", "Site", "Date")}
        extra |= {k: v for k, v in game.headers.items() if PLAYER_HEADER.fullmatch(k)}
        game = game.game()
    rules = game.rules
    if event is not None:
        extra["Event"] = str(event)
    if site is not None:
        extra["Site"] = str(site)
    if date is not None:
        extra["Date"] = date.isoformat() if isinstance(date, datetime.date) else str(date)
    if names is not None:
        if len(names) != rules.num_players:
            raise RecordError(None, f"names needs {rules.num_players} entries, one per player")
        for player, name in enumerate(names):
            if name is not None:
                extra[f"P{player}"] = str(name)
    states, moves = _replay_for_writing(game)
    preset, options = rule_options(rules)
    headers = [("Format", FORMAT_VERSION)]
    headers += [(name, extra[name]) for name in ("Event", "Site", "Date") if name in extra]
    headers += [("Rules", preset), ("Players", str(rules.num_players))]
    if options:
        headers.append(("Options", options))
    headers.append(("Seed", seed_text(game.seed)))
    headers += [(f"P{p}", extra[f"P{p}"]) for p in range(rules.num_players) if f"P{p}" in extra]
    headers.append(("Result", _result_text(game)))
    headers.append(("Moves", str(len(moves))))
    lines = [f"[{name} {json.dumps(value, ensure_ascii=False)}]" for name, value in headers]
    lines += _body_lines(states, moves)
    return "\n".join(lines) + "\n"


def dump(
    game: Game | Record,
    fp: IO[str],
    *,
    event: str | None = None,
    site: str | None = None,
    date: str | datetime.date | None = None,
    names: Sequence[str | None] | None = None,
) -> None:
    """Write the record of ``game`` to the text file ``fp`` (see :func:`dumps`)."""
    fp.write(dumps(game, event=event, site=site, date=date, names=names))


def _replay_for_writing(game: Game) -> tuple[list[Game], list[tuple[int, Move]]]:
    """The states before each move and the last one, and the moves (a NextDeal between two
    deals included); checks that they reproduce ``game``."""
    if not isinstance(game.seed, (int, str)) or isinstance(game.seed, bool):
        raise RecordError(None, f"a game with the seed {game.seed!r} cannot be recorded")
    problem = (
        "the game cannot be recorded: replaying its moves from "
        f"Game.new(rules, seed={game.seed!r}) does not reproduce it "
        "(was it set up with Game.from_position?)"
    )
    state = Game.new(game.rules, seed=game.seed)
    states = [state]
    moves: list[tuple[int, Move]] = []
    for player, move in game.moves:
        if _at_deal_end(state) and not isinstance(move, NextDeal):
            moves.append((_next_deal_player(state), _NEXT_DEAL))
            state = state.apply(_NEXT_DEAL)
            states.append(state)
        try:
            state = state.apply(move, player=player)
        except IllegalMoveError:
            raise RecordError(None, problem) from None
        moves.append((player, move))
        states.append(state)
    if state != game:
        raise RecordError(None, problem)
    return states, moves


def _result_text(game: Game) -> str:
    if not game.is_over:
        return "*"
    scores = " ".join(str(score) for score in game.scores)
    winner = game.winner
    if winner is None:
        return f"{scores}; drawn"
    players = " ".join(
        f"P{p}" for p in range(game.rules.num_players) if game.side_of_player(p) == winner
    )
    return f"{scores}; side {winner} ({players}) wins"


def _deal_end_text(result: DealResult, totals: Sequence[int]) -> str:
    if result.end is DealEnd.WENT_OUT and result.went_out is not None:
        how = f"P{result.went_out} went out" + (" concealed" if result.concealed else "")
    elif result.end is DealEnd.LAST_RED_THREE:
        how = "the last card of the stock was a red three"
    else:
        how = "the stock ran out"
    scores = " ".join(str(total) for total in result.totals)
    running = " ".join(str(total) for total in totals)
    return f"Deal {result.number + 1} ends: {how}; scores {scores}; totals {running}"


def _body_lines(states: Sequence[Game], moves: Sequence[tuple[int, Move]]) -> list[str]:
    """The lines of the moves: each deal's line, its turns, and how it ended."""
    lines: list[str] = []
    turn: list[str] = []
    turn_key: tuple[int, int] | None = None  # (deal, turn) of the line being written
    turn_player = 0
    announced = ended = 0  # deals whose "Deal" line, and whose end line, are written

    def flush() -> None:
        nonlocal turn, turn_key
        if turn_key is not None:
            lines.append(f"{turn_key[1] + 1:>3}. " + "; ".join(turn))
        turn, turn_key = [], None

    def catch_up(state: Game) -> None:
        nonlocal announced, ended
        while ended <= state.deal_number:
            if announced == ended:
                lines.extend(["", f"Deal {ended + 1}"])
                announced += 1
            if ended == len(state.results):
                return
            flush()
            lines.append(_deal_end_text(state.results[ended], _totals(state.results, ended)))
            ended += 1

    for state, after, (player, move) in zip(states[:-1], states[1:], moves, strict=True):
        catch_up(state)
        if isinstance(move, NextDeal):
            continue  # the line of the deal's end and the next "Deal" line stand for it
        key = (state.deal_number, state.deal.turn)
        if key != turn_key:
            flush()
            turn_key, turn_player = key, player
            turn.append(f"P{player} {move}")
        else:
            turn.append(str(move) if player == turn_player else f"P{player} {move}")
        turn[-1] += _sides_comment(state, after)
    catch_up(states[-1])
    flush()
    return lines


def _sides_comment(before: Game, after: Game) -> str:
    """A comment where a move changed the sides: in cutthroat, the first pile take or going
    out makes its player the lone hand (CL-V3-3)."""
    lone = after.deal.lone_hand
    if (
        before.deal.lone_hand is not None
        or lone is None
        or after.deal_number != before.deal_number
    ):
        return ""
    others = " and ".join(f"P{p}" for p in after.seat_players if p != after.seat_players[lone])
    return f" {{P{after.seat_players[lone]} plays alone; {others} pool their melds}}"


def _totals(results: Sequence[DealResult], number: int) -> tuple[int, ...]:
    """Each side's cumulative score after deal ``number``."""
    totals = [0] * len(results[number].scores)
    for result in results[: number + 1]:
        totals = [a + b for a, b in zip(totals, result.totals, strict=True)]
    return tuple(totals)


# --- reading -----------------------------------------------------------------------------


def load(fp: IO[str]) -> Record:
    """Read a record from the text file ``fp`` (see :func:`loads`)."""
    return loads(fp.read())


def loads(text: str) -> Record:
    """Read a record and check it by replaying every move.

    Blank lines are skipped, and so are comments: a line starting with ``;``, and text in
    braces ``{...}`` (which may span lines) after the headers. Raises :class:`RecordError`
    with the line number and what is wrong. A record has at most 8 MiB of text and 1,000
    finished deals (fewer under ``deal_limit``), checked before the moves are replayed and
    as they are.
    """
    if not isinstance(text, str):
        raise RecordError(None, f"a record is text, not {shown(text)} ({type(text).__name__})")
    if len(text) > MAX_DOCUMENT:
        raise RecordError(
            None,
            f"the record has {len(text):,} characters, more than the {MAX_DOCUMENT:,} allowed",
        )
    lines = _lines_without_comments(text)
    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    body: list[tuple[int, str]] = []
    for number, line in lines:
        if not line:
            continue
        if line.startswith("["):
            if body:
                raise RecordError(number, "headers must come before the moves")
            name, value = read_header(number, line)
            if name in headers:
                raise RecordError(number, f"the {name} header is given twice")
            headers[name] = value
            header_lines[name] = number
        else:
            body.append((number, line))
    rules, seed = setup(headers, header_lines)
    reader = _Reader(rules, seed, _options_check(headers, header_lines))
    for number, line in body:
        reader.read_line(number, line)
    check_move_count(headers, header_lines, len(reader.moves))
    if "Result" in headers:
        expected = _result_text(reader.game)
        if _normal(headers["Result"]) != _normal(expected):
            raise RecordError(
                header_lines["Result"],
                f"the Result header says {headers['Result']!r}, but the moves give {expected!r}",
            )
    return Record(rules=rules, seed=seed, moves=reader.moves, headers=headers)


@attrs.frozen
class _Options:
    """An Options header: its line, and the preset it changes, to tell a move the options
    forbid from one that no rules allow."""

    line: int
    preset: RuleSet


def _options_check(headers: dict[str, str], lines: dict[str, int]) -> _Options | None:
    if "Options" not in headers:
        return None
    preset, _ = setup({k: v for k, v in headers.items() if k != "Options"}, lines)
    return _Options(lines["Options"], preset)


def _normal(text: str) -> str:
    return " ".join(text.split()).lower()


def _lines_without_comments(text: str) -> list[tuple[int, str]]:
    """Each line with its number, stripped, with ``;`` lines and brace comments removed.

    Header lines (starting with ``[``) are kept whole: braces there belong to the values.
    """
    result: list[tuple[int, str]] = []
    opened: int | None = None  # the line where an unclosed brace comment began
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if opened is None and line.startswith((";", "[")):
            result.append((number, "" if line.startswith(";") else line))
            continue
        kept = []
        for char in line:
            if opened is not None:
                if char == "}":
                    opened = None
                    kept.append(" ")
            elif char == "{":
                opened = number
            elif char == "}":
                raise RecordError(number, "'}' closes no comment")
            else:
                kept.append(char)
        result.append((number, "".join(kept).strip()))
    if opened is not None:
        raise RecordError(opened, "the comment opened with '{' is not closed")
    return result


class _Reader:
    """Replays the lines of a record's body, checking each against the game."""

    def __init__(self, rules: RuleSet, seed: int | str, options: _Options | None) -> None:
        self.seed, self.options = seed, options
        try:
            self.game = Game.new(rules, seed=seed)
        except ValueError as error:  # pragma: no cover - rule sets are checked when made
            raise RecordError(None, f"the game cannot be set up: {error}") from None
        self.moves: list[tuple[int, Move]] = []
        self.deal_moves = [0] * (self.game.deal_number + 1)  # moves replayed in each deal

    def read_line(self, number: int, line: str) -> None:
        match = _DEAL_END_LINE.fullmatch(line)
        if match is not None:
            self._deal_end(number, int(match.group(1)), match.group(0))
            return
        match = _DEAL_LINE.fullmatch(line)
        if match is not None:
            self._deal_start(number, int(match.group(1)))
            return
        match = _TURN_NUMBER.fullmatch(line)
        if match is not None:
            turn, line = int(match.group(1)), match.group(2)
            self._next_deal(number)
            game = self.game
            if not game.is_over and turn != game.deal.turn + 1:
                raise RecordError(
                    number,
                    f"this is turn {game.deal.turn + 1} of deal {game.deal_number + 1}, "
                    f"not turn {turn}",
                )
        line_player: int | None = None
        for part in line.split(";"):
            text = part.strip()
            if not text:
                raise RecordError(number, "a move is missing between ';'")
            player = line_player
            prefix = _PLAYER_PREFIX.fullmatch(text)
            if prefix is not None:
                player, text = int(prefix.group(1)), prefix.group(2).strip()
                if not text:
                    raise RecordError(number, f"P{player} makes no move")
            if _at_deal_end(self.game):
                if text.strip().lower() == "next":
                    self._next_deal(number, player)
                    continue
                self._next_deal(number)
            if player is None:
                player = self.game.to_move
                if player is None:
                    raise RecordError(number, "the game is over: no more moves can be made")
            if line_player is None:
                line_player = player
            self._play(number, player, text)

    def _next_deal(self, number: int, player: int | None = None) -> None:
        """Play :class:`~canasta.NextDeal` if the game waits at the end of a deal (the line
        of the deal's end, the next deal's line or its first move call for it)."""
        game = self.game
        if not _at_deal_end(game):
            return
        most = most_results(game.rules)
        if len(game.results) >= most:  # a deal more would be too many
            raise RecordError(number, f"a record holds at most {most} finished deals")
        if player is None:
            player = _next_deal_player(game)
        elif player >= game.rules.num_players:
            raise RecordError(
                number, f"there is no player P{player} among {game.rules.num_players} players"
            )
        self.moves.append((player, _NEXT_DEAL))
        self.game = game.apply(_NEXT_DEAL, player=player)
        self.deal_moves += [0] * (self.game.deal_number + 1 - len(self.deal_moves))

    def _play(self, number: int, player: int, text: str) -> None:
        game = self.game
        try:
            move = parse_move(text)
        except MoveParseError as error:
            raise RecordError(number, f"not a move: {error}") from None
        if player >= game.rules.num_players:
            raise RecordError(
                number, f"there is no player P{player} among {game.rules.num_players} players"
            )
        if game.is_over:
            raise RecordError(number, f"P{player} {move}: the game is over")
        if player != game.to_move:
            raise RecordError(
                number,
                f"P{player} {move}: P{player} plays out of turn; it is P{game.to_move}'s move",
            )
        try:
            after = game.apply(move, player=player)
        except IllegalMoveError as error:
            options_line = self._options_forbidding(player, move)
            if options_line is not None:
                raise RecordError(
                    number,
                    f"P{player} {move} is illegal under the Options header (line "
                    f"{options_line}): {error.rule}: {error.message}; without those "
                    "options it is legal",
                ) from None
            raise RecordError(
                number, f"P{player} {move} is illegal: {error.rule}: {error.message}"
            ) from None
        self.moves.append((player, move))
        self.deal_moves[-1] += 1
        self.deal_moves += [0] * (after.deal_number + 1 - len(self.deal_moves))
        self.game = after

    def _options_forbidding(self, player: int, move: Move) -> int | None:
        """The line of the Options header if it is what forbids ``move``: the moves so far
        and then ``move`` are legal under the preset it changes (asked only about a move the
        record's rules refuse)."""
        if self.options is None:
            return None
        moves = [*self.moves, (player, move)]
        try:
            Record(rules=self.options.preset, seed=self.seed, moves=moves).game()
        except CanastaError:
            return None
        return self.options.line

    def _deal_start(self, number: int, deal: int) -> None:
        if deal == self.game.deal_number + 2:
            self._next_deal(number)
        game = self.game
        if not 1 <= deal <= game.deal_number + 1:
            raise RecordError(number, f"deal {deal} has not started")
        if self.deal_moves[deal - 1]:
            raise RecordError(number, f"the line 'Deal {deal}' comes after moves of deal {deal}")

    def _deal_end(self, number: int, deal: int, text: str) -> None:
        game = self.game
        if not 1 <= deal <= len(game.results):
            raise RecordError(number, f"deal {deal} has not ended")
        expected = _deal_end_text(game.results[deal - 1], _totals(game.results, deal - 1))
        if _normal(text) != _normal(expected):
            raise RecordError(number, f"the moves give {expected!r}")
