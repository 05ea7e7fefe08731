"""Bradley-Terry ratings from pairwise results, with bootstrap confidence intervals.

In the Bradley-Terry model each player ``i`` has a strength ``p[i]`` and beats ``j`` with
probability ``p[i] / (p[i] + p[j])``. The strengths that make the results most likely are
found by Hunter's minorization-maximization iteration (Hunter 2004, "MM algorithms for
generalized Bradley-Terry models"): ``p[i] = W[i] / sum over j of n[i][j] / (p[i] + p[j])``,
with ``W[i]`` the wins of ``i`` and ``n[i][j]`` the games between ``i`` and ``j``. A draw
counts half a win to each. Every pair that met is given one more drawn game, so that a
player who won every game still gets a finite rating. Ratings are on the Elo scale,
``400 * log10(p)``, shifted so that their mean is 0: a rating 400 points above another
means odds of 10 to 1.

The interval of each rating is the middle 95% of the ratings refitted to results drawn
from the fitted model, as many games for each pair as it played (a seeded parametric
bootstrap).

>>> results = {("a", "b"): (3.0, 4)}  # a scored 3 of its 4 games against b
>>> ratings = fit(["a", "b"], results)
>>> round(ratings["a"] - ratings["b"], 1)  # 400 log10(3.5 / 1.5), with the added draw
147.2
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

__all__ = ["PairResults", "bootstrap", "fit"]

#: For each pair ``(a, b)`` that met: the games ``a`` scored (a win 1, a draw 1/2) and the
#: games played.
PairResults = Mapping[tuple[str, str], tuple[float, int]]

#: The added draw of every pair that met, as games.
_PRIOR_GAMES = 1
#: The iteration stops when no strength changes by a larger factor.
_TOLERANCE = 1e-10
_MAX_ROUNDS = 100_000


def fit(players: Sequence[str], results: PairResults) -> dict[str, float]:
    """Each player's rating: Elo-scaled Bradley-Terry, mean 0. A player without games, or
    only among players without games, gets 0 (all players not connected by games share the
    mean)."""
    wins = dict.fromkeys(players, 0.0)
    games: dict[str, dict[str, float]] = {player: {} for player in players}
    for (a, b), (scored, played) in results.items():
        if played <= 0:
            continue
        wins[a] += scored + _PRIOR_GAMES / 2
        wins[b] += played - scored + _PRIOR_GAMES / 2
        total = played + _PRIOR_GAMES
        games[a][b] = games[a].get(b, 0) + total
        games[b][a] = games[b].get(a, 0) + total
    strength = dict.fromkeys(players, 1.0)
    for _ in range(_MAX_ROUNDS):
        new = {
            i: (
                wins[i] / sum(n / (strength[i] + strength[j]) for j, n in games[i].items())
                if games[i]
                else 1.0
            )
            for i in players
        }
        centre = math.exp(sum(math.log(p) for p in new.values()) / len(new))
        new = {i: p / centre for i, p in new.items()}
        change = max(abs(math.log(new[i] / strength[i])) for i in players)
        strength = new
        if change < _TOLERANCE:
            break
    return {i: 400 * math.log10(strength[i]) for i in players}


def bootstrap(
    players: Sequence[str],
    games: Mapping[tuple[str, str], Sequence[float]],
    *,
    resamples: int,
    seed: int,
    level: float = 0.95,
) -> dict[str, tuple[float, float]]:
    """Each player's rating interval: the middle ``level`` of the ratings fitted to
    ``resamples`` result sets drawn from the fitted model. ``games`` gives, for each pair
    ``(a, b)``, what ``a`` scored in each game (1, 1/2 or 0).

    The bootstrap is parametric: each pair plays its games again, drawn at its share of
    draws and, for the others, at the fitted chance that ``a`` beats ``b``. (Resampling the
    games themselves would give a bot that won every game an interval of no width.)
    """
    rng = random.Random(f"bootstrap/{seed}")
    fitted = fit(players, {pair: (sum(s), len(s)) for pair, s in games.items()})
    model = {}
    for (a, b), scores in sorted(games.items()):
        if scores:
            draws = sum(score == 0.5 for score in scores) / len(scores)
            beats = 1 / (1 + 10 ** ((fitted[b] - fitted[a]) / 400))
            model[a, b] = (len(scores), draws, beats)
    samples: dict[str, list[float]] = {player: [] for player in players}
    for _ in range(resamples):
        drawn = {}
        for pair, (count, draws, beats) in model.items():
            scored = 0.0
            for _game in range(count):
                scored += 0.5 if rng.random() < draws else float(rng.random() < beats)
            drawn[pair] = (scored, count)
        for player, rating in fit(players, drawn).items():
            samples[player].append(rating)
    tail = (1 - level) / 2
    return {player: (_quantile(s, tail), _quantile(s, 1 - tail)) for player, s in samples.items()}


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile, interpolated between the sorted values (as NumPy's default)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
