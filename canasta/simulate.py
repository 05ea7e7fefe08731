"""Many games between bots, in parallel: the engine behind ``canasta simulate``.

Every game gets its own seed, drawn from the base seed and the game's number, and its bots
get their own random stream; results are gathered in game order. So the same base seed gives
the same results however many processes share the work.

>>> import canasta
>>> from canasta.simulate import simulate
>>> rules = canasta.find_rules("classic", players=2).with_options(target_score=500)
>>> summary = simulate(rules, ["greedy", "random"], games=2, seed=1, workers=1, max_deals=3)
>>> [outcome.index for outcome in summary.outcomes]
[0, 1]
>>> summary == simulate(rules, ["greedy", "random"], games=2, seed=1, workers=1, max_deals=3)
True
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

from canasta._engine.meld_rules import Meld
from canasta._model.moves import AddToMeld, LayMeld, Move
from canasta._rules.ruleset import RuleSet
from canasta.bots import Bot, find_bot
from canasta.game import Game

__all__ = ["DEFAULT_MAX_DEALS", "GameOutcome", "Summary", "game_seed", "play_game", "simulate"]

#: Deals after which an unfinished game stops (random bots may never reach the target).
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


def play_game(
    rules: RuleSet,
    bots: Sequence[str],
    seed: int,
    *,
    max_deals: int = DEFAULT_MAX_DEALS,
    index: int = 0,
) -> GameOutcome:
    """Play one game: side ``s`` is played by the bot ``bots[s % len(bots)]``.

    The game stops unfinished once ``max_deals`` deals have been played.
    """
    players: list[Bot] = [
        find_bot(bots[rules.side_of_player(player) % len(bots)])
        for player in range(rules.num_players)
    ]
    rng = random.Random(f"{seed}/bots")
    game = Game.new(rules, seed=seed)
    canastas = 0
    while not game.is_over and len(game.results) < max_deals:
        player = game.to_move
        assert player is not None
        move = players[player].choose(game.view(player), rng)
        before = game
        game = game.apply(move)
        if len(game.results) > len(before.results):
            canastas += _canastas_after(before, move)
    return GameOutcome(
        index=index,
        seed=seed,
        scores=game.scores,
        winner=game.winner,
        finished=game.is_over,
        deals=len(game.results),
        canastas=canastas,
    )


def _canastas_after(before: Game, move: Move) -> int:
    """Canastas on the table once ``move`` has ended the deal of ``before``.

    A deal ends with a discard, a pass or a draw, which leave the melds as they are, or by
    melding the last cards, which this adds in.
    """
    rules = before.rules
    count = 0
    for side, melds in enumerate(before.table.melds):
        after = list(melds)
        if isinstance(move, (LayMeld, AddToMeld)) and before.deal.side == side:
            if isinstance(move, LayMeld):
                after.append(Meld.of(move.cards, wild_as=move.wild_as))
            else:
                # A meld is named by its number (HW-MELD-9), or in Classic by its rank.
                index = move.meld
                if index is None:
                    index = next((i for i, m in enumerate(after) if m.rank is move.rank), None)
                if index is not None and index < len(after):
                    after[index] = after[index].add(move.cards, move.wild_as)
        count += sum(1 for meld in after if meld.is_canasta_under(rules))
    return count


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
    rules: RuleSet,
    bots: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int | None = None,
    max_deals: int = DEFAULT_MAX_DEALS,
    progress: Progress | None = None,
) -> Summary:
    """Play ``games`` games between ``bots`` (one name per side, cycled over the sides).

    ``workers`` processes share the games (``None``: one per CPU; 1: no extra process).
    The outcomes do not depend on ``workers``. Raises :class:`ValueError` for an unknown bot.
    """
    if games < 0 or max_deals < 1:
        raise ValueError("games must be 0 or more and max_deals 1 or more")
    names = tuple(name.strip().lower() for name in bots)
    if not names:
        raise ValueError("name at least one bot")
    for name in names:
        find_bot(name)
    side_bots = tuple(names[side % len(names)] for side in range(rules.num_sides))
    count = workers if workers is not None else (os.cpu_count() or 1)
    count = max(1, min(count, games))
    started = time.perf_counter()
    outcomes: list[GameOutcome] = []
    report = progress or (lambda done, total: None)
    report(0, games)
    if count == 1:
        for index in range(games):
            outcomes.append(_play_indexed(rules, side_bots, seed, index, max_deals))
            report(len(outcomes), games)
    else:
        outcomes = _in_processes(rules, side_bots, seed, games, max_deals, count, report)
    outcomes.sort(key=lambda outcome: outcome.index)
    return Summary(
        rules=rules,
        bots=side_bots,
        seed=seed,
        max_deals=max_deals,
        outcomes=tuple(outcomes),
        workers=count,
        seconds=time.perf_counter() - started,
    )


def _play_indexed(
    rules: RuleSet, bots: tuple[str, ...], base_seed: int, index: int, max_deals: int
) -> GameOutcome:
    seed = game_seed(base_seed, index)
    return play_game(rules, bots, seed, max_deals=max_deals, index=index)


def _play_chunk(
    task: tuple[RuleSet, tuple[str, ...], int, range, int],
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
    bots: tuple[str, ...],
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
