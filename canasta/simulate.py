"""Many games between bots, in parallel: the engine behind ``canasta simulate``.

Every game gets its own seed, drawn from the base seed and the game's number, and its bots
get their own random stream; results are gathered in game order. So the same base seed gives
the same results however many processes share the work.

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

import math
import multiprocessing
import os
import random
import signal
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from canasta._engine.state import Phase
from canasta._model.moves import NextDeal
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet
from canasta.bots import Bot, bot_names, find_bot
from canasta.errors import CanastaError, shown
from canasta.game import Game

__all__ = ["DEFAULT_MAX_DEALS", "GameOutcome", "Summary", "game_seed", "play_game", "simulate"]

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


#: A bot by name (:func:`~canasta.bots.find_bot`) or a bot object.
BotLike = str | Bot


def _bot(bot: BotLike) -> Bot:
    if isinstance(bot, str):
        return find_bot(bot)
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
        """Games played per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else math.inf

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
            "workers": self.workers,
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
) -> Summary:
    """Play ``games`` games between ``bots`` (one per side, cycled over the sides).

    ``rules`` is a rule set, or a name for :func:`~canasta.find_rules` with ``players``. A
    bot is a name (:func:`~canasta.bots.find_bot`) or a bot object: the summary names it by
    its ``name`` attribute, or its class. ``workers`` processes share the games (``None``:
    one per CPU; 1: no extra process); bot objects then travel to them by pickling. The
    outcomes do not depend on ``workers``. A game stops unfinished after ``max_deals`` deals
    (30 by default, :data:`DEFAULT_MAX_DEALS`), since a match without ``deal_limit`` may
    never end. Raises :class:`~canasta.errors.CanastaError` for an unknown bot or bad
    numbers.
    """
    ruleset = find_rules(rules, players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise CanastaError(f"games must be a whole number, 0 or more, not {shown(games)}")
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1:
        raise CanastaError(f"max_deals must be a whole number, 1 or more, not {shown(max_deals)}")
    if not bots:
        raise CanastaError("name at least one bot")
    given = tuple(bot.strip().lower() if isinstance(bot, str) else bot for bot in bots)
    for bot in given:
        _bot(bot)
    side_bots = tuple(given[side % len(given)] for side in range(ruleset.num_sides))
    count = workers if workers is not None else (os.cpu_count() or 1)
    count = max(1, min(count, games))
    started = time.perf_counter()
    outcomes: list[GameOutcome] = []
    report = progress or (lambda done, total: None)
    report(0, games)
    if count == 1:
        for index in range(games):
            outcomes.append(_play_indexed(ruleset, side_bots, seed, index, max_deals))
            report(len(outcomes), games)
    else:
        outcomes = _in_processes(ruleset, side_bots, seed, games, max_deals, count, report)
    outcomes.sort(key=lambda outcome: outcome.index)
    return Summary(
        rules=ruleset,
        bots=tuple(bot_name(bot) for bot in side_bots),
        seed=seed,
        max_deals=max_deals,
        outcomes=tuple(outcomes),
        workers=count,
        seconds=time.perf_counter() - started,
    )


def _play_indexed(
    rules: RuleSet, bots: tuple[BotLike, ...], base_seed: int, index: int, max_deals: int
) -> GameOutcome:
    seed = game_seed(base_seed, index)
    return play_game(rules, bots, seed, max_deals=max_deals, index=index)


def _play_chunk(
    task: tuple[RuleSet, tuple[BotLike, ...], int, range, int],
) -> list[GameOutcome]:
    rules, bots, base_seed, indices, max_deals = task
    return [_play_indexed(rules, bots, base_seed, index, max_deals) for index in indices]


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group: let only the parent handle it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(games: int, workers: int) -> Iterator[range]:
    size = max(1, min(25, games // (workers * 8)))
    for start in range(0, games, size):
        yield range(start, min(start + size, games))


def _in_processes(
    rules: RuleSet,
    bots: tuple[BotLike, ...],
    base_seed: int,
    games: int,
    max_deals: int,
    workers: int,
    report: Progress,
) -> list[GameOutcome]:
    tasks = [(rules, bots, base_seed, chunk, max_deals) for chunk in _chunks(games, workers)]
    outcomes: list[GameOutcome] = []
    # Leaving the block terminates the workers, at once if Ctrl-C interrupts the wait.
    with multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool:
        for chunk in pool.imap_unordered(_play_chunk, tasks):
            outcomes += chunk
            report(len(outcomes), games)
    return outcomes
