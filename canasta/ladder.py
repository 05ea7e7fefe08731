"""A strength ladder of bots: round-robin matches, then ratings with confidence intervals.

Every pair of bots plays ``games`` games, the first bot on side 0 in half of them and the
second bot in the other half, on the same deals (game ``i`` of either half is dealt from the
same seed), so neither the seats nor the cards favour one of them. A game counts 1 for the
winner's bot and 0 for the other; a drawn or unfinished game 1/2 each. The ratings are
Bradley-Terry strengths on the Elo scale, mean 0, with 95% intervals from a seeded bootstrap
(:mod:`canasta._ratings`). The games run on :func:`canasta.simulate.simulate`, so any backend
can play them and the same seed gives the same ladder.

>>> import canasta
>>> rules = canasta.find_rules("classic", players=2).with_options(target_score=300)
>>> ladder = play_ladder(rules, ["greedy", "random"], games=4, seed=1, workers=1,
...                      resamples=50)
>>> [(row.bot, row.games) for row in ladder.rows]
[('greedy', 4), ('random', 4)]
>>> ladder.rows[0].rating > 0 > ladder.rows[1].rating
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import attrs

from canasta._ratings import bootstrap, fit
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet
from canasta.errors import CanastaError
from canasta.simulate import DEFAULT_MAX_DEALS, Backend, Summary, simulate

__all__ = ["DEFAULT_RESAMPLES", "Ladder", "Pairing", "Row", "ladder_svg", "play_ladder"]

#: Bootstrap resamples for the intervals.
DEFAULT_RESAMPLES = 1000


@attrs.frozen(slots=True)
class Pairing:
    """The games of two bots against each other."""

    first: str
    second: str
    #: What ``first`` scored in each game (1 a win, 1/2 a draw or unfinished game, 0 a loss),
    #: the games with ``first`` on side 0 first.
    scores: tuple[float, ...]

    @property
    def wins(self) -> tuple[int, int]:
        """The games each bot won."""
        return (sum(s == 1 for s in self.scores), sum(s == 0 for s in self.scores))

    @property
    def draws(self) -> int:
        """Drawn or unfinished games."""
        return sum(s == 0.5 for s in self.scores)


@attrs.frozen(slots=True)
class Row:
    """One bot's line of the ladder."""

    bot: str
    rating: float
    low: float
    high: float
    games: int
    #: Its points (wins, and half the draws) over its games.
    score: float


@attrs.frozen(slots=True)
class Ladder:
    """The matches and the ratings, best bot first."""

    rules: RuleSet
    bots: tuple[str, ...]
    games: int
    seed: int
    max_deals: int
    resamples: int
    pairings: tuple[Pairing, ...]
    rows: tuple[Row, ...]

    def to_dict(self) -> dict[str, Any]:
        """The ladder as plain data (what ``canasta ladder --json`` writes)."""
        return {
            "rules": self.rules.name,
            "players": self.rules.num_players,
            "target_score": self.rules.target_score,
            "bots": list(self.bots),
            "games_per_pair": self.games,
            "seed": self.seed,
            "max_deals": self.max_deals,
            "scale": "Elo: 400 log10 of the Bradley-Terry strength, mean 0",
            "interval": f"95%, parametric bootstrap of {self.resamples} resamples",
            "ratings": [
                {
                    "bot": row.bot,
                    "rating": round(row.rating, 1),
                    "low": round(row.low, 1),
                    "high": round(row.high, 1),
                    "games": row.games,
                    "score": round(row.score, 4),
                }
                for row in self.rows
            ],
            "pairs": [
                {
                    "bots": [p.first, p.second],
                    "games": len(p.scores),
                    "wins": list(p.wins),
                    "draws": p.draws,
                }
                for p in self.pairings
            ],
        }


#: Called as games finish with (games done, games in all).
Progress = Callable[[int, int], None]


def play_ladder(
    rules: str | RuleSet,
    bots: Sequence[str],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    workers: int | None = None,
    max_deals: int = DEFAULT_MAX_DEALS,
    backend: Backend = "processes",
    address: str | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    progress: Progress | None = None,
) -> Ladder:
    """Play ``games`` games between every pair of ``bots`` (names for
    :func:`~canasta.simulate.make_bot`), then rate them. The other arguments are those of
    :func:`~canasta.simulate.simulate`; ``resamples`` the bootstrap's."""
    ruleset = find_rules(rules, players)
    names = tuple(bot.strip().lower() for bot in bots)
    if len(set(names)) != len(names) or len(names) < 2:
        raise CanastaError("a ladder needs two or more different bots")
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise CanastaError("a ladder needs 2 or more games per pair, one in each seat order")
    pairs = list(itertools.combinations(names, 2))
    total = len(pairs) * games
    played = 0
    report = progress or (lambda done, all_games: None)
    report(0, total)

    def run(order: list[str], count: int, pair_seed: int) -> Summary:
        nonlocal played
        base = played
        summary = simulate(
            ruleset,
            order,
            games=count,
            seed=pair_seed,
            workers=workers,
            max_deals=max_deals,
            backend=backend,
            address=address,
            progress=lambda done, _: report(base + done, total),
        )
        played += count
        return summary

    pairings = []
    for number, (first, second) in enumerate(pairs):
        pair_seed = seed * 1000 + number
        ahead = run([first, second], (games + 1) // 2, pair_seed)
        behind = run([second, first], games // 2, pair_seed)
        scores = [_points(ahead, o.winner, first) for o in ahead.outcomes]
        scores += [_points(behind, o.winner, first) for o in behind.outcomes]
        pairings.append(Pairing(first, second, tuple(scores)))
    return Ladder(
        rules=ruleset,
        bots=names,
        games=games,
        seed=seed,
        max_deals=max_deals,
        resamples=resamples,
        pairings=tuple(pairings),
        rows=_rows(names, pairings, resamples, seed),
    )


def _points(summary: Summary, winner: int | None, bot: str) -> float:
    """What ``bot`` scored in a game of ``summary`` won by side ``winner``."""
    if winner is None:
        return 0.5
    return 1.0 if summary.bots[winner] == bot else 0.0


def _rows(
    names: tuple[str, ...], pairings: list[Pairing], resamples: int, seed: int
) -> tuple[Row, ...]:
    results = {(p.first, p.second): (sum(p.scores), len(p.scores)) for p in pairings}
    ratings = fit(names, results)
    games = {(p.first, p.second): p.scores for p in pairings}
    intervals = bootstrap(names, games, resamples=resamples, seed=seed)
    points = dict.fromkeys(names, 0.0)
    played = dict.fromkeys(names, 0)
    for p in pairings:
        points[p.first] += sum(p.scores)
        points[p.second] += len(p.scores) - sum(p.scores)
        played[p.first] += len(p.scores)
        played[p.second] += len(p.scores)
    rows = [
        Row(
            bot=name,
            rating=ratings[name],
            low=intervals[name][0],
            high=intervals[name][1],
            games=played[name],
            score=points[name] / played[name] if played[name] else 0.0,
        )
        for name in names
    ]
    return tuple(sorted(rows, key=lambda row: -row.rating))


# --- the plot -------------------------------------------------------------------------------

_WIDTH, _LEFT, _RIGHT, _TOP, _ROW = 640, 120, 30, 46, 30


def ladder_svg(ladder: Ladder, title: str | None = None) -> str:
    """The ratings as an SVG picture: one line a bot, a dot at its rating and a bar across
    its interval, on an axis of Elo points.

    >>> row = Row(bot="greedy", rating=50.0, low=20.0, high=80.0, games=4, score=0.75)
    >>> rules = find_rules("classic", 2)
    >>> ladder = Ladder(rules, ("greedy",), 4, 0, 30, 100, pairings=(), rows=(row,))
    >>> plot = ladder_svg(ladder, "a ladder")
    >>> plot.startswith("<svg") and ">greedy</text>" in plot and ">a ladder</text>" in plot
    True
    """
    rows = ladder.rows
    low = min([row.low for row in rows] + [0.0])
    high = max([row.high for row in rows] + [0.0])
    step = _tick_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    span = (high - low) or 1.0
    height = _TOP + _ROW * len(rows) + 40

    def x(value: float) -> float:
        return round(_LEFT + (value - low) / span * (_WIDTH - _LEFT - _RIGHT), 1)

    bottom = _TOP + _ROW * len(rows)
    heading = title or (
        f"{ladder.rules.name}, {ladder.rules.num_players} players: "
        f"{ladder.games} games a pair, 95% intervals"
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{_WIDTH}" height="{height}" fill="white"/>',
        f'<text x="{_WIDTH / 2}" y="22" text-anchor="middle" font-size="15">'
        f"{escape(heading)}</text>",
    ]
    tick = low
    while tick <= high + step / 2:
        parts.append(
            f'<line x1="{x(tick)}" y1="{_TOP - 8}" x2="{x(tick)}" y2="{bottom}" '
            f'stroke="{"#888" if tick == 0 else "#ddd"}"/>'
            f'<text x="{x(tick)}" y="{bottom + 18}" text-anchor="middle" fill="#444">'
            f"{tick:+.0f}</text>"
        )
        tick += step
    parts.append(
        f'<text x="{x((low + high) / 2)}" y="{bottom + 34}" text-anchor="middle" '
        'fill="#444">rating (Elo points, mean 0)</text>'
    )
    for number, row in enumerate(rows):
        y = _TOP + _ROW * number + _ROW / 2
        parts.append(
            f'<text x="{_LEFT - 10}" y="{y + 4}" text-anchor="end">{escape(row.bot)}</text>'
            f'<line x1="{x(row.low)}" y1="{y}" x2="{x(row.high)}" y2="{y}" '
            'stroke="#36c" stroke-width="3"/>'
            f'<circle cx="{x(row.rating)}" cy="{y}" r="5" fill="#124"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _tick_step(span: float) -> float:
    """A round distance between ticks: about five of them across ``span``."""
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000):
        if span / step <= 6:
            return float(step)
    return 5000.0
