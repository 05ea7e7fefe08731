"""Fuzzing what a server loads from clients and storage: game documents, view documents,
records, move text and action ids. Run by hand for the long campaign:

    python tests/fuzz/documents.py --minutes 5 --seed 0
    python tests/fuzz/documents.py --minutes 1 --seed 3 --limit 5 --show 20 --slowest s.txt

Valid inputs come from seeded random play of the presets under house rules
(``tests/fuzz/options.py``): a game's JSON, every player's view JSON and the record, each
mutated (a value changed, a key dropped, a card repeated, a line cut ...); and random move
text and action ids tried on the positions played. Every accepted input is put to work as a
server would: ``legal_moves()``, ``explain()`` of a legal and of a random move, ``sample()`` of
views, the action ids, and a ``to_json`` round trip, each call timed. Each input is classed:

* accepted: loaded (or applied), and every call on it answered;
* refused: a :class:`~canasta.CanastaError` when loading;
* crash: any other exception, when loading or in a call on what was accepted (an error of the
  library's own family from such a call counts as a crash too: the input was accepted);
* hang: an input whose work took longer than ``--limit`` seconds (a watchdog alarm);
* dead end: a game that is not over where the player to move has no legal move.

It prints the counts for each kind of input, the slowest call, and the first failures with
what reproduces them; it exits 1 if there was a crash, a hang or a dead end.
``tests/test_fuzz_documents.py`` runs 60 rounds of it (some 600 inputs) in the test suite.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import canasta
from canasta import CanastaError, Game, PlayerView, records
from canasta.actions import decode, num_actions
from fuzz.options import random_rules

OUTCOMES = ("accepted", "refused", "crash", "hang", "dead end")
KINDS = ("play", "game", "view", "record", "move text", "action id")


class HangError(Exception):
    """Raised by the watchdog when an input's work takes longer than the limit."""


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise :class:`HangError` in the block once ``seconds`` have passed (Unix: SIGALRM)."""
    if not hasattr(signal, "setitimer") or seconds <= 0:
        yield
        return

    def alarm(signum: int, frame: Any) -> None:
        raise HangError(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Figures:
    """The counts of a campaign, per kind of input and outcome, and the slowest calls."""

    counts: dict[tuple[str, str], int] = field(default_factory=collections.Counter)
    slowest: dict[str, tuple[float, str]] = field(default_factory=dict)
    failures: list[tuple[str, str, str, str]] = field(default_factory=list)  # outcome, kind, ..

    def timed(self, name: str, call: Callable[[], Any], what: str | Callable[[], str]) -> Any:
        """``call()``, timed; ``what`` (or what it gives) says what the call was on."""
        started = time.perf_counter()
        try:
            return call()
        finally:
            took = time.perf_counter() - started
            if took > self.slowest.get(name, (-1.0, ""))[0]:
                self.slowest[name] = (took, what if isinstance(what, str) else what())

    def add(self, kind: str, outcome: str, text: str = "", detail: str = "") -> None:
        self.counts[kind, outcome] += 1
        if outcome not in ("accepted", "refused"):
            self.failures.append((outcome, kind, detail, text))

    def total(self, outcome: str) -> int:
        return sum(n for (_, o), n in self.counts.items() if o == outcome)


# --- valid inputs ------------------------------------------------------------------------


def played_game(rng: random.Random, figures: Figures, max_moves: int = 400) -> Game:
    """A game of random rules and a random seed after up to ``max_moves`` random moves (each
    ``legal_moves()`` call timed)."""
    game = Game.new(random_rules(rng), seed=rng.randrange(2**32))
    for _ in range(rng.randrange(max_moves)):
        moves = figures.timed(
            "legal_moves",
            lambda game=game: list(game.legal_moves()),  # type: ignore[misc]
            lambda game=game: f"play:\n{records.dumps(game)}",  # type: ignore[misc]
        )
        if game.is_over or not moves:
            break
        game = game.apply(rng.choice(moves))
    return game


# --- mutations ---------------------------------------------------------------------------

CARDS = [
    *(
        r + s
        for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
        for s in "CDHS"
    ),
    "JK",
]
PACK_CARDS = [canasta.Card.parse(text) for text in CARDS]
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    31,
    32,
    33,
    255,
    256,
    10**9,
    -(10**9),
    1.5,
    "",
    "x",
    "KH",
    "JK JK",
    "3S 3S 3C",
    [],
    [0],
    ["KH"],
    {},
    {"kind": "draw"},
]


# Fields of a deal that a document leaves out at their defaults: setting one is a change
# that loading may accept (some of them make a position no game reaches).
DEAL_FIELDS: dict[str, list[Any]] = {
    "pile_frozen": [True, False],
    "drew": [True, False],
    "took_pile": [True, False],
    "new_melds": [[0], [0, 1], [5]],
    "opening_points": [0, 50, 90, 200, 10**6],
    "locked": ["KH", "3S", "JK"],
    "melded": [True, False],
    "added_to_old_melds": [True, False],
    "melded_before": [True, False],
    "asked": [True, False],
    "answer": [True, False, None],
    "no_discard": [True, False],
    "concealed_only": [True, False],
    "pile_take_rank": ["K", "7", "A"],
    "minimums": [[0, 0], [50, 90], [120, 120, 120]],
    "pending_red_threes": [[0], [1, 2]],
    "phase": ["draw", "meld", "answer", "over"],
    "turns": [0, 1, 99],
}


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _new_value(rng: random.Random, old: Any) -> Any:
    choice = rng.random()
    if isinstance(old, bool) and choice < 0.5:
        return not old
    if isinstance(old, int) and not isinstance(old, bool) and choice < 0.6:
        return rng.choice([old + 1, old - 1, old * 2, -old, old + rng.randint(-300, 300)])
    if isinstance(old, str) and choice < 0.6:
        words = old.split()
        if words and rng.random() < 0.5:
            words[rng.randrange(len(words))] = rng.choice(CARDS)
        else:
            words.extend(rng.choice(CARDS) for _ in range(rng.choice([1, 2, 3, 260])))
        rng.shuffle(words) if rng.random() < 0.2 else None
        return " ".join(words)
    if isinstance(old, list) and old and choice < 0.6:
        copy = list(old)
        if rng.random() < 0.5:
            del copy[rng.randrange(len(copy))]
        else:
            copy.insert(rng.randrange(len(copy) + 1), rng.choice(copy))
        return copy
    return rng.choice(ODD_VALUES)


def mutate_json(rng: random.Random, text: str) -> str:
    """``text`` with one to three changes: a value changed, a key dropped or added, or (now
    and then) the text itself cut or spliced."""
    if rng.random() < 0.05:
        return mutate_text(rng, text)
    document = json.loads(text)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        paths = [p for p in _paths(document) if p]
        if rng.random() < 0.4:  # a switch or a number: changes that loading may accept
            paths = [p for p in paths if isinstance(_at(document, p), (bool, int))]
        if not paths:
            break
        path = rng.choice(paths)
        parent = _at(document, path[:-1])
        key = path[-1]
        roll = rng.random()
        if roll < 0.12 and isinstance(parent, dict):
            del parent[key]
        elif roll < 0.17 and isinstance(parent, dict):
            parent[rng.choice(["extra", "draft", "seed", "history", "x"])] = rng.choice(ODD_VALUES)
        elif roll < 0.45 and isinstance(document.get("deal"), dict):
            name = rng.choice(sorted(DEAL_FIELDS))
            document["deal"][name] = rng.choice(DEAL_FIELDS[name])
        else:
            parent[key] = _new_value(rng, parent[key])
    return json.dumps(document)


def mutate_text(rng: random.Random, text: str) -> str:
    """``text`` cut, with a slice repeated or dropped, or a few characters changed."""
    if not text:
        return rng.choice(["{", "[", "x"])
    i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
    roll = rng.random()
    if roll < 0.25:
        return text[:i]
    if roll < 0.5:
        return text[:j] + text[i:j] * rng.choice([1, 2, 50]) + text[j:]
    if roll < 0.75:
        return text[:i] + text[j:]
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        chars[rng.randrange(len(chars))] = rng.choice('0123456789"{}[],:;#=- \nKHJ')
    return "".join(chars)


def mutate_record(rng: random.Random, text: str) -> str:
    """A record with a line dropped, repeated or swapped, a card changed, or a header's value
    changed; or its text mutated."""
    lines = text.split("\n")
    roll = rng.random()
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if roll < 0.2:
        del lines[i]
    elif roll < 0.35:
        lines.insert(i, lines[j])
    elif roll < 0.45:
        lines[i], lines[j] = lines[j], lines[i]
    elif roll < 0.7:
        words = lines[i].split(" ")
        k = rng.randrange(len(words))
        words[k] = rng.choice([*CARDS, "draw", "take", "#0", "#40", "next", "9999", '""'])
        lines[i] = " ".join(words)
    elif roll < 0.85:
        header = rng.choice(["Options", "Seed", "Players", "Moves", "Rules", "Result", "Format"])
        value = rng.choice(
            [
                "",
                "0",
                "7",
                "2",
                "classic",
                "samba",
                "sequences_allowed=true",
                "going_out_needs_natural_sequence=true",
                "max_wilds_per_meld=100",
                "min_meld_size=2 deal_limit=1",
                "*",
            ]
        )
        lines.insert(1, f'[{header} "{value}"]')
    else:
        return mutate_text(rng, text)
    return "\n".join(lines)


def random_move_text(rng: random.Random, game: Game) -> str:
    """Move text made of the words of moves, cards held and not, and noise."""
    hand = str(game.hand(game.to_move if game.to_move is not None else 0)).split()
    words = ["draw", "take", "meld", "add", "discard", "ask", "yes", "no", "next", "pass"]
    pieces = [rng.choice(words)]
    for _ in range(rng.choice([0, 1, 2, 3, 4, 6, 300])):
        roll = rng.random()
        if roll < 0.45 and hand:
            pieces.append(rng.choice(hand))
        elif roll < 0.7:
            pieces.append(rng.choice(CARDS))
        elif roll < 0.8:
            pieces.append(f"#{rng.choice([0, 1, 5, 31, 32, 99, -1])}")
        elif roll < 0.88:
            pieces.append(f"wild={rng.choice(['J', 'K', '3', 'A', 'X'])}")
        else:
            pieces.append(rng.choice(["", ";", "{", "7", "KK", "10", "♥", "x" * 50]))
    return " ".join(pieces)


# --- putting an input to work --------------------------------------------------------------


def has_action_ids(rules: canasta.RuleSet) -> bool:
    """Whether ``rules`` has action ids (not with more than three wild cards a meld: the
    documented ActionError)."""
    try:
        num_actions(rules)
    except CanastaError:
        return False
    return True


def _document(label: str, to_json: Callable[[], str]) -> Callable[[], str]:
    """What a slow call is reported with: ``label`` and the JSON document of the game or view
    the call was on (made only for a call slower than any before)."""

    def made() -> str:
        try:
            return f"{label}:\n{to_json()}"
        except CanastaError as error:
            return f"{label}: (no document: {error})"

    return made


def exercise_game(game: Game, rng: random.Random, figures: Figures, label: str) -> str:
    """What a server does with a game it accepted; ``"dead end"`` or ``"accepted"``. A slow
    call is reported with the game's document (``label``: where the game came from)."""
    what = _document(label, game.to_json)
    moves = figures.timed("legal_moves", lambda: list(game.legal_moves()), what)
    if not game.is_over and not moves:
        return "dead end"
    if moves:
        move = rng.choice(moves)
        assert figures.timed("explain", lambda: game.explain(move), what) is None, move
        after = figures.timed("apply", lambda: game.apply(move), what)
        figures.timed("legal_moves", lambda: list(after.legal_moves()), what)
    figures.timed("explain", lambda: game.explain(canasta.Discard(rng.choice(PACK_CARDS))), what)
    if has_action_ids(game.rules):
        figures.timed("legal_actions", game.legal_actions, what)
    text = figures.timed("to_json", game.to_json, what)
    again = figures.timed("from_json", lambda: Game.from_json(text), what)
    assert again == game, "to_json round trip"
    for player in range(game.rules.num_players):
        exercise_view(game.view(player), rng, figures, label)
    return "accepted"


def exercise_view(view: PlayerView, rng: random.Random, figures: Figures, label: str) -> str:
    """What a client or a bot does with a view; ``"dead end"`` or ``"accepted"``. A slow
    call is reported with the view's document (``label``: where the view came from)."""
    what = _document(label, view.to_json)
    moves = figures.timed("legal_moves", lambda: list(view.legal_moves()), what)
    acting = view.to_move == view.player or view.phase is canasta.Phase.OVER
    if not view.is_over and acting and not moves:
        return "dead end"
    if moves:
        move = rng.choice(moves)
        assert figures.timed("explain", lambda: view.explain(move), what) is None, move
        if has_action_ids(view.rules):
            figures.timed("legal_actions", view.legal_actions, what)
    if not view.is_over:
        world = figures.timed("sample", lambda: view.sample(rng), what)
        if world.view(view.player) != view:
            raise AssertionError("a sampled world does not give back the view")
    text = figures.timed("to_json", view.to_json, what)
    again = figures.timed("from_json", lambda: PlayerView.from_json(text), what)
    assert again == view, "to_json round trip"
    return "accepted"


def exercise_ids(game: Game, rng: random.Random, figures: Figures) -> str:
    """The legal action ids of a legal position (every legal move has one), and a game
    after one of them; ``"dead end"`` or ``"accepted"``."""
    legal = figures.timed(
        "legal_actions", game.legal_actions, _document("action id", game.to_json)
    )
    if not legal:
        return "dead end" if not game.is_over else "accepted"
    after = game.apply(decode(game, rng.choice(legal)))
    return exercise_game(after, rng, figures, "action id")


# --- one input ---------------------------------------------------------------------------


def attempt(
    kind: str,
    load: Callable[[], Any],
    work: Callable[[Any], str],
    figures: Figures,
    text: str,
    limit: float,
) -> str:
    """Load one input and put it to work, under the watchdog; count and return the outcome."""
    what = f"{kind}:\n{text}"
    try:
        with watchdog(limit):
            try:
                loaded = load() if kind == "play" else figures.timed("load " + kind, load, what)
            except CanastaError:
                outcome = "refused"
            else:
                outcome = work(loaded)
    except HangError:
        outcome, detail = "hang", f"over {limit} s"
    except Exception as error:  # any other error is what the campaign finds
        outcome = "crash"
        detail = "".join(traceback.format_exception_only(type(error), error)).strip()[:300]
        detail += " at " + traceback.extract_tb(error.__traceback__)[-1].filename.split("/")[-1]
    else:
        detail = ""
    figures.add(kind, outcome, text, detail)
    return outcome


def one_round(rng: random.Random, figures: Figures, limit: float, max_moves: int = 400) -> None:
    """One played game, and inputs of every kind made from it. (The random play that makes
    the game is an input too, kind "play": legal play must not crash, hang or get stuck.)"""
    games: list[Game] = []

    def play(seed: int) -> str:
        games.append(played_game(random.Random(seed), figures, max_moves))
        return "dead end" if not games[-1].is_over and not games[-1].legal_moves() else "accepted"

    seed = rng.randrange(2**63)
    attempt("play", lambda: seed, play, figures, f"played_game(random.Random({seed}))", limit)
    if not games:
        return
    game = games[0]
    game_text = game.to_json(history=rng.choice(["results", "full"]))
    mutated = mutate_json(rng, game_text)
    attempt(
        "game",
        lambda: Game.from_json(mutated),
        lambda g: exercise_game(g, rng, figures, "game"),
        figures,
        mutated,
        limit,
    )
    player = rng.randrange(game.rules.num_players)
    view_text = mutate_json(rng, game.view(player).to_json(legal_moves=rng.random() < 0.3))
    attempt(
        "view",
        lambda: PlayerView.from_json(view_text),
        lambda v: exercise_view(v, rng, figures, "view"),
        figures,
        view_text,
        limit,
    )
    try:
        record_text = mutate_record(rng, records.dumps(game))
    except CanastaError:  # a game of some rules cannot be recorded
        record_text = ""
    if record_text:
        attempt(
            "record",
            lambda: records.loads(record_text).game(),
            lambda g: exercise_game(g, rng, figures, "record"),
            figures,
            record_text,
            limit,
        )
    if game.to_move is not None:
        for _ in range(3):
            text = random_move_text(rng, game)
            attempt(
                "move text",
                lambda text=text: game.apply(game.parse_move(text)),  # type: ignore[misc]
                lambda after: exercise_game(after, rng, figures, "move text"),
                figures,
                f"{game.to_json()} << {text}",
                limit,
            )
        if has_action_ids(game.rules):  # the legal ids of a legal position, played
            attempt(
                "action id",
                lambda: game,
                lambda g: exercise_ids(g, rng, figures),
                figures,
                f"{game.to_json()} << legal_actions()",
                limit,
            )
        ids = num_actions(game.rules) if has_action_ids(game.rules) else 3000
        for _ in range(3):
            action = rng.choice([rng.randrange(ids), rng.randrange(-5, 10**5), "7", 1.0])
            attempt(
                "action id",
                lambda action=action: game.apply(decode(game, action)),  # type: ignore[misc]
                lambda after: exercise_game(after, rng, figures, "action id"),
                figures,
                f"{game.to_json()} << {action!r}",
                limit,
            )


def campaign(seconds: float, seed: int, limit: float) -> Figures:
    rng = random.Random(seed)
    figures = Figures()
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        one_round(rng, figures, limit)
    return figures


def report(figures: Figures, show: int) -> str:
    lines = []
    width = max(map(len, KINDS))
    lines.append(" " * width + "".join(f"{o:>10}" for o in OUTCOMES))
    for kind in KINDS:
        counts = "".join(f"{figures.counts.get((kind, o), 0):>10,}" for o in OUTCOMES)
        lines.append(f"{kind:<{width}}{counts}")
    lines.append(f"{'all':<{width}}" + "".join(f"{figures.total(o):>10,}" for o in OUTCOMES))
    for name, (took, what) in sorted(figures.slowest.items(), key=lambda item: -item[1][0]):
        lines.append(f"slowest {name}: {1000 * took:.1f} ms ({what[:120]})")
    for outcome, kind, detail, text in figures.failures[:show]:
        lines.append(f"{outcome} ({kind}): {detail}\n  input: {text[:1000]!r}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=float, default=10.0, help="seconds an input may take")
    parser.add_argument("--show", type=int, default=10, help="failures to print")
    parser.add_argument("--slowest", type=Path, help="write each slowest call's input here")
    parser.add_argument("--failures", type=Path, help="write every failure's whole input here")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    figures = campaign(60 * args.minutes, args.seed, args.limit)
    print(report(figures, args.show))
    if args.slowest:
        args.slowest.write_text(
            "".join(
                f"# slowest {name}: {1000 * took:.1f} ms\n{what}\n\n"
                for name, (took, what) in figures.slowest.items()
            )
        )
    if args.failures:
        args.failures.write_text(
            "".join(
                f"# {outcome} ({kind}): {detail}\n{text}\n\n"
                for outcome, kind, detail, text in figures.failures
            )
        )
    print(f"{sum(figures.counts.values()):,} inputs in {time.perf_counter() - started:.0f} s")
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main())
