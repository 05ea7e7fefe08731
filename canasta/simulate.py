"""Many games between bots, in parallel: the engine behind ``canasta simulate``.

Every game gets its own seed, drawn from the base seed and the game's number, and its bots
get their own random stream; results are gathered in game order. So the same base seed gives
the same results however many processes share the work, and whichever backend runs them:
local processes (``backend="processes"``) or a Ray cluster (``backend="ray"``, the extra
``canasta[ray]``). With ``out``, every finished game is written to a results file at once,
and a rerun with the same arguments plays only the games not in it yet
(``canasta._results_file`` reads and writes it).

>>> import canasta
>>> from canasta.simulate import play_game, simulate
>>> rules = canasta.find_rules("classic", players=2).with_options(target_score=500)
>>> summary = simulate(rules, ["greedy", "random"], games=2, seed=1, workers=1, max_deals=3)
>>> [outcome.index for outcome in summary.outcomes]
[0, 1]
>>> summary == simulate(rules, ["greedy", "random"], games=2, seed=1, workers=1, max_deals=3)
True

Bots may be given as objects (anything with ``choose(view, rng)``) and rules by name, as
:meth:`Game.new <canasta.game.Game.new>` takes them:

>>> outcome = play_game("classic", [canasta.bots.GreedyBot(), "random"], seed=4, players=2,
...                     max_deals=1)
>>> outcome.deals
1
"""

from __future__ import annotations

import contextlib
import functools
import math
import multiprocessing
import os
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any, Literal

import attrs

from canasta._engine.state import Phase
from canasta._model.moves import NextDeal
from canasta._notation.rules import rules_to_data
from canasta._results_file import ResultsFile
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet
from canasta.bots import Bot, ISMCTSBot, bot_names, find_bot
from canasta.errors import CanastaError, shown
from canasta.game import Game

__all__ = [
    "BACKENDS",
    "DEFAULT_MAX_DEALS",
    "GameOutcome",
    "Summary",
    "game_seed",
    "local_ray_options",
    "make_bot",
    "play_game",
    "simulate",
]

#: Deals after which an unfinished game stops: no rule caps the deals of a match without
#: ``deal_limit``, and random bots may never reach the target (five random players have
#: played past deal 31,000 of one match).
DEFAULT_MAX_DEALS = 30


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with ``base_seed``: the same everywhere.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return random.Random(f"simulate/{base_seed}/{index}").randrange(2**53)


@attrs.frozen(slots=True)
class GameOutcome:
    """How one simulated game went."""

    #: The game's number in the simulation, from 0.
    index: int
    #: The seed of :meth:`Game.new <canasta.game.Game.new>` that replays the game.
    seed: int
    #: Each side's score when the game ended or stopped.
    scores: tuple[int, ...]
    #: The winning side, or ``None`` for a drawn or unfinished game.
    winner: int | None
    #: Whether a side reached the target before ``max_deals`` deals.
    finished: bool
    #: Deals played.
    deals: int
    #: Canastas on the table at the end of each deal, summed over the deals and sides.
    canastas: int
    #: Each side's score for each deal played, deal by deal.
    deal_scores: tuple[tuple[int, ...], ...] = ()
    #: Seconds the game took to play (not compared: it differs from run to run).
    seconds: float = attrs.field(default=0.0, eq=False)

    def to_data(self, bots: Sequence[str], rules: RuleSet) -> dict[str, Any]:
        """The game as a line of a results file: ``bots`` are the sides' bots' names."""
        return {
            "game": self.index,
            "seed": self.seed,
            "bots": list(bots),
            "seats": [bots[rules.side_of_player(p)] for p in range(rules.num_players)],
            "deal_scores": [list(deal) for deal in self.deal_scores],
            "scores": list(self.scores),
            "winner": self.winner,
            "finished": self.finished,
            "deals": self.deals,
            "canastas": self.canastas,
            "seconds": round(self.seconds, 4),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameOutcome:
        """A game read back from a line of a results file."""
        try:
            return cls(
                index=int(data["game"]),
                seed=int(data["seed"]),
                scores=tuple(int(score) for score in data["scores"]),
                winner=None if data["winner"] is None else int(data["winner"]),
                finished=bool(data["finished"]),
                deals=int(data["deals"]),
                canastas=int(data["canastas"]),
                deal_scores=tuple(tuple(int(s) for s in deal) for deal in data["deal_scores"]),
                seconds=float(data["seconds"]),
            )
        except (KeyError, TypeError, ValueError):
            raise CanastaError(f"game {shown(data.get('game'))} of the file is damaged") from None


#: A bot by name (:func:`~canasta.bots.find_bot`) or a bot object.
BotLike = str | Bot


def make_bot(name: str) -> Bot:
    """A new bot by name, as :func:`~canasta.bots.find_bot` makes it, or ``ismcts:N``: the
    :class:`~canasta.bots.ISMCTSBot` with ``N`` iterations a move.

    >>> make_bot("ismcts:20").iterations
    20
    """
    base, colon, iterations = name.strip().lower().partition(":")
    if not colon:
        return find_bot(base)
    if base != "ismcts" or not iterations.isdigit() or int(iterations) < 1:
        raise CanastaError(
            f"unknown bot {shown(name)}; bots: {', '.join(bot_names())}, or ismcts:N for "
            "the search with N iterations a move"
        )
    return ISMCTSBot(iterations=int(iterations))


def _bot(bot: BotLike) -> Bot:
    if isinstance(bot, str):
        return make_bot(bot)
    if not callable(getattr(bot, "choose", None)):
        raise CanastaError(
            f"a bot is a name ({', '.join(bot_names())}) or an object with a method "
            f"choose(view, rng), not {shown(bot)}"
        )
    return bot


def bot_name(bot: BotLike) -> str:
    """A bot's name: the name given, or a bot object's ``name`` (else its class's name)."""
    if isinstance(bot, str):
        return bot.strip().lower()
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def play_game(
    rules: str | RuleSet,
    bots: Sequence[BotLike],
    seed: int,
    *,
    players: int | None = None,
    max_deals: int = DEFAULT_MAX_DEALS,
    index: int = 0,
) -> GameOutcome:
    """Play one game: side ``s`` is played by the bot ``bots[s % len(bots)]``.

    ``rules`` is a rule set, or a name for :func:`~canasta.find_rules` with ``players``;
    each bot a name for :func:`~canasta.bots.find_bot` or a bot object. The end of each
    deal is passed with :class:`~canasta.NextDeal`. The game stops unfinished once
    ``max_deals`` deals have been played (30 by default, :data:`DEFAULT_MAX_DEALS`; a
    match without ``deal_limit`` may otherwise never end), so every call returns.
    """
    ruleset = find_rules(rules, players)
    if not bots:
        raise CanastaError("name at least one bot")
    made = [_bot(bot) for bot in bots]
    seated: list[Bot] = [
        made[ruleset.side_of_player(player) % len(made)] for player in range(ruleset.num_players)
    ]
    started = time.perf_counter()
    rng = random.Random(f"{seed}/bots")
    game = Game.new(ruleset, seed=seed)
    canastas = 0
    while not game.is_over and len(game.results) < max_deals:
        player = game.to_move
        if player is None:  # the end of a deal: it has been counted
            game = game.apply(_NEXT_DEAL)
            continue
        game = game.apply(seated[player].choose(game.view(player), rng))
        if game.phase is Phase.OVER:
            canastas += _canastas(game)
    return GameOutcome(
        index=index,
        seed=seed,
        scores=game.scores,
        winner=game.winner,
        finished=game.is_over,
        deals=len(game.results),
        canastas=canastas,
        deal_scores=tuple(result.totals for result in game.results),
        seconds=time.perf_counter() - started,
    )


_NEXT_DEAL = NextDeal()


def _canastas(game: Game) -> int:
    """Canastas on the table of a deal that has just ended."""
    rules = game.rules
    return sum(1 for melds in game.table.melds for meld in melds if meld.is_canasta_under(rules))


@attrs.frozen(slots=True)
class Summary:
    """The results of a simulation, with the figures ``canasta simulate`` prints."""

    rules: RuleSet
    #: The bot of each side.
    bots: tuple[str, ...]
    seed: int
    max_deals: int
    #: Every game, in game order.
    outcomes: tuple[GameOutcome, ...]
    workers: int = attrs.field(eq=False)
    seconds: float = attrs.field(eq=False)
    #: Where the games ran: ``"processes"`` or ``"ray"``.
    backend: str = attrs.field(default="processes", eq=False)
    #: The games played in this run (``None``: all of them); the others were read from the
    #: results file.
    played: int | None = attrs.field(default=None, eq=False)

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.outcomes)

    @property
    def unfinished(self) -> int:
        """Games stopped after ``max_deals`` deals."""
        return sum(1 for outcome in self.outcomes if not outcome.finished)

    @property
    def draws(self) -> int:
        """Finished games without a single winner."""
        return sum(1 for o in self.outcomes if o.finished and o.winner is None)

    def wins(self, side: int) -> int:
        """Games the side won."""
        return sum(1 for outcome in self.outcomes if outcome.winner == side)

    def scores(self, side: int) -> list[int]:
        """The side's final score in every game, finished or not."""
        return [outcome.scores[side] for outcome in self.outcomes]

    @property
    def deals(self) -> list[int]:
        """Deals played in every game."""
        return [outcome.deals for outcome in self.outcomes]

    @property
    def canastas_per_deal(self) -> float:
        """Canastas on the table at the end of a deal, both sides together, on average."""
        deals = sum(self.deals)
        return sum(o.canastas for o in self.outcomes) / deals if deals else 0.0

    @property
    def games_per_second(self) -> float:
        """Games played in this run per second of wall-clock time."""
        played = self.games if self.played is None else self.played
        return played / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        """The figures as plain data (what ``canasta simulate --json`` prints)."""
        sides = []
        for side, bot in enumerate(self.bots):
            scores = self.scores(side)
            sides.append(
                {
                    "side": side,
                    "bot": bot,
                    "players": [
                        p
                        for p in range(self.rules.num_players)
                        if self.rules.side_of_player(p) == side
                    ],
                    "wins": self.wins(side),
                    "win_rate": _ratio(self.wins(side), self.games),
                    "mean_score": _mean(scores),
                    "sd_score": _sd(scores),
                    "min_score": min(scores, default=0),
                    "max_score": max(scores, default=0),
                }
            )
        deals = self.deals
        return {
            "rules": self.rules.name,
            "players": self.rules.num_players,
            "target_score": self.rules.target_score,
            "games": self.games,
            "seed": self.seed,
            "max_deals": self.max_deals,
            "sides": sides,
            "draws": self.draws,
            "unfinished": self.unfinished,
            "unfinished_seeds": [o.seed for o in self.outcomes if not o.finished],
            "deals_per_game": {
                "mean": _mean(deals),
                "sd": _sd(deals),
                "min": min(deals, default=0),
                "max": max(deals, default=0),
            },
            "canastas_per_deal": round(self.canastas_per_deal, 4),
            "backend": self.backend,
            "workers": self.workers,
            "played": self.games if self.played is None else self.played,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 3),
        }


def _ratio(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _mean(values: Sequence[int]) -> float:
    return round(statistics.fmean(values), 2) if values else 0.0


def _sd(values: Sequence[int]) -> float:
    return round(statistics.stdev(values), 2) if len(values) > 1 else 0.0


#: Called as games finish with (games done, games in all).
Progress = Callable[[int, int], None]


#: The ways games can be run: local processes, or the tasks of a Ray cluster.
Backend = Literal["processes", "ray"]
BACKENDS: tuple[Backend, ...] = ("processes", "ray")


def simulate(
    rules: str | RuleSet,
    bots: Sequence[BotLike],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    workers: int | None = None,
    max_deals: int = DEFAULT_MAX_DEALS,
    progress: Progress | None = None,
    backend: Backend = "processes",
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
) -> Summary:
    """Play ``games`` games between ``bots`` (one per side, cycled over the sides).

    ``rules`` is a rule set, or a name for :func:`~canasta.find_rules` with ``players``. A
    bot is a name (:func:`make_bot`) or a bot object: the summary names it by its ``name``
    attribute, or its class. A game stops unfinished after ``max_deals`` deals
    (30 by default, :data:`DEFAULT_MAX_DEALS`), since a match without ``deal_limit`` may
    never end.

    ``backend`` ``"processes"``: ``workers`` local processes share the games (``None``: one
    per CPU; 1: no extra process). ``"ray"``: the games are Ray tasks, at most ``workers`` at
    a time (``None``: as many as the cluster has CPUs), on the cluster at ``address``, or on
    Ray already started in this process, or else on a local one started with ``workers``
    CPUs for the run. Bot objects travel to the workers by pickling. The outcomes depend on
    neither ``backend`` nor ``workers``.

    ``out`` names a results file: each game is written to it as a JSON line as soon as it is
    in, and the games already in it (from an interrupted run with the same rules, bots, seed
    and ``max_deals``) are read instead of played. Raises
    :class:`~canasta.errors.CanastaError` for an unknown bot or backend, bad numbers, or a
    results file of other arguments.
    """
    ruleset = find_rules(rules, players)
    _check(games, max_deals, backend, bots)
    given = tuple(bot.strip().lower() if isinstance(bot, str) else bot for bot in bots)
    for bot in given:
        _bot(bot)
    side_bots = tuple(given[side % len(given)] for side in range(ruleset.num_sides))
    names = tuple(bot_name(bot) for bot in side_bots)
    task = _Task(ruleset, side_bots, seed, max_deals)
    started = time.perf_counter()
    report = progress or (lambda done, total: None)
    with contextlib.ExitStack() as stack:
        results = None
        if out is not None:
            results = stack.enter_context(ResultsFile.open(out, _arguments(task, names)))
        done = results.done if results is not None else {}
        outcomes = [GameOutcome.from_data(done[i]) for i in range(games) if i in done]
        todo = [i for i in range(games) if i not in done]
        report(len(outcomes), games)
        if backend == "ray":
            runner = _on_ray(task, todo, workers, address)
        else:
            runner = _in_processes(task, todo, workers)
        stack.enter_context(contextlib.closing(runner))
        count = next(runner)
        for chunk in runner:
            for outcome in chunk:
                if results is not None:
                    results.write(outcome.to_data(names, ruleset))
                outcomes.append(outcome)
            report(len(outcomes), games)
    outcomes.sort(key=lambda outcome: outcome.index)
    return Summary(
        rules=ruleset,
        bots=names,
        seed=seed,
        max_deals=max_deals,
        outcomes=tuple(outcomes),
        workers=count,
        seconds=time.perf_counter() - started,
        backend=backend,
        played=len(todo),
    )


def _arguments(task: _Task, names: tuple[str, ...]) -> dict[str, Any]:
    """What decides the games of a results file: a rerun must give the same."""
    return {
        "rules": rules_to_data(task.rules, full=True),
        "bots": list(names),
        "seed": task.base_seed,
        "max_deals": task.max_deals,
    }


def _check(games: object, max_deals: object, backend: object, bots: Sequence[BotLike]) -> None:
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise CanastaError(f"games must be a whole number, 0 or more, not {shown(games)}")
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1:
        raise CanastaError(f"max_deals must be a whole number, 1 or more, not {shown(max_deals)}")
    if backend not in BACKENDS:
        raise CanastaError(f"backend is one of {', '.join(BACKENDS)}, not {shown(backend)}")
    if not bots:
        raise CanastaError("name at least one bot")


@attrs.frozen(slots=True)
class _Task:
    """What every game of a simulation shares; a chunk of games is played by ``_play_chunk``
    wherever it runs."""

    rules: RuleSet
    bots: tuple[BotLike, ...]
    base_seed: int
    max_deals: int


def _play_indexed(task: _Task, index: int) -> GameOutcome:
    seed = game_seed(task.base_seed, index)
    return play_game(task.rules, task.bots, seed, max_deals=task.max_deals, index=index)


def _play_chunk(task: _Task, indices: Sequence[int]) -> list[GameOutcome]:
    return [_play_indexed(task, index) for index in indices]


def _play_star(work: tuple[_Task, Sequence[int]]) -> list[GameOutcome]:
    return _play_chunk(*work)


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group: let only the parent handle it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(todo: list[int], workers: int) -> list[list[int]]:
    size = max(1, min(25, len(todo) // (workers * 8)))
    return [todo[start : start + size] for start in range(0, len(todo), size)]


#: A backend: a generator that first yields the number of workers, then the games, a chunk at
#: a time, as they finish.
Runner = Generator[Any, None, None]


def _in_processes(task: _Task, todo: list[int], workers: int | None) -> Runner:
    count = max(1, min(workers if workers is not None else (os.cpu_count() or 1), len(todo)))
    yield count
    if count == 1:
        for index in todo:
            yield [_play_indexed(task, index)]
        return
    work = [(task, chunk) for chunk in _chunks(todo, count)]
    # Leaving the block terminates the workers, at once if Ctrl-C interrupts the wait.
    with multiprocessing.Pool(count, initializer=_ignore_interrupts) as pool:
        yield from pool.imap_unordered(_play_star, work)


def local_ray_options(cpus: int) -> dict[str, Any]:
    """The arguments of ``ray.init`` for the local cluster a run starts with ``cpus`` CPUs.

    Ray runs its workers at niceness 15 by default, more than this process's, so on a busy
    machine they get a small share of the CPUs and the games crawl; here they run at this
    process's niceness, as the process pool's workers do.
    """
    return {
        "num_cpus": cpus,
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": "WARNING",  # no "Started a local Ray instance" on stderr
        "_system_config": {"worker_niceness": 0},
    }


def _on_ray(task: _Task, todo: list[int], workers: int | None, address: str | None) -> Runner:
    """Each chunk of games a Ray task; Ray schedules them, retries a task whose worker died
    and brings back the results."""
    if address is None and "ray" not in sys.modules:
        # A new local cluster has token authentication unless RAY_AUTH_MODE says otherwise;
        # where it is unset, Ray sets RAY_AUTH_MODE=token itself and warns on stderr. Set
        # before Ray is imported (Ray reads it then), it keeps the same security, unwarned.
        os.environ.setdefault("RAY_AUTH_MODE", "token")
    try:
        import ray as ray_module
    except ImportError:
        raise CanastaError("the ray backend needs Ray: pip install 'canasta[ray]'") from None
    # Typed as Any: Ray's own annotations are partial, and absent where Ray is not installed.
    ray: Any = ray_module
    started_here = not ray.is_initialized()
    try:
        if started_here and address:
            ray.init(address=address, log_to_driver=False)
        elif started_here:
            ray.init(**local_ray_options(workers or os.cpu_count() or 1))
    except Exception as error:  # Ray raises many kinds: a bad address, a cluster gone ...
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        raise CanastaError(f"could not start or join {where}: {error}") from None
    pending: list[Any] = []
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        count = max(1, min(workers or cpus, len(todo) or 1))
        yield count
        play = _remote(ray)
        shared = ray.put(task)
        chunks = iter(_chunks(todo, count))
        while True:
            # At most ``count`` tasks at a time: the rest wait here, not in Ray's queue.
            pending += [
                play.remote(shared, chunk) for chunk in _take(chunks, count - len(pending))
            ]
            if not pending:
                return
            ready, pending = ray.wait(pending, num_returns=1)
            yield ray.get(ready[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


@functools.cache
def _remote(ray: Any) -> Any:
    """``_play_chunk`` as a Ray remote function, made once: Ray sends it to its workers once
    a session, not once a run."""
    return ray.remote(_play_chunk)


def _take(items: Iterator[list[int]], count: int) -> list[list[int]]:
    return [chunk for _, chunk in zip(range(count), items, strict=False)]
