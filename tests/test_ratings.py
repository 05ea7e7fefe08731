"""Bradley-Terry ratings and their bootstrap intervals (canasta._ratings) on made-up results."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from canasta._ratings import bootstrap, fit


def chance(a: float, b: float) -> float:
    """The chance that a player rated ``a`` beats one rated ``b``."""
    return 1 / (1 + 10 ** ((b - a) / 400))


def test_two_players_odds_with_the_added_draw() -> None:
    # 3 of 4, plus half of the added drawn game each: odds of 3.5 to 1.5.
    ratings = fit(["a", "b"], {("a", "b"): (3.0, 4)})
    assert math.isclose(ratings["a"] - ratings["b"], 400 * math.log10(3.5 / 1.5))
    assert math.isclose(ratings["a"] + ratings["b"], 0, abs_tol=1e-9)


def test_known_strengths_are_found_from_their_expected_results() -> None:
    true = {"weak": -250.0, "middle": 50.0, "strong": 200.0}
    names = list(true)
    games = 100_000
    results = {
        (a, b): (games * chance(true[a], true[b]), games)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    }
    ratings = fit(names, results)
    for name in names:
        assert abs(ratings[name] - true[name]) < 0.5, (name, ratings)


def test_a_bot_that_wins_every_game_gets_a_finite_rating_and_interval() -> None:
    games = {("best", "rest"): [1.0] * 20}
    ratings = fit(["best", "rest"], {("best", "rest"): (20.0, 20)})
    assert 400 < ratings["best"] - ratings["rest"] < 1000
    low, high = bootstrap(["best", "rest"], games, resamples=200, seed=1)["best"]
    assert low < ratings["best"] <= high


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 20), st.integers(1, 20)),
        min_size=1,
        max_size=8,
    )
)
def test_the_fit_expects_each_player_to_score_what_it_scored(
    matches: list[tuple[int, int, int, int]],
) -> None:
    """The maximum-likelihood condition: the model's expected points of each player equal its
    points, the added draws included."""
    names = ["p0", "p1", "p2", "p3"]
    results: dict[tuple[str, str], tuple[float, int]] = {}
    for a, b, won, more in matches:
        if a != b and (names[b], names[a]) not in results:
            results[names[a], names[b]] = (float(won), won + more)
    ratings = fit(names, results)
    for name in names:
        scored = expected = 0.0
        for (a, b), (points, played) in results.items():
            if name in (a, b):
                mine = points if name == a else played - points
                scored += mine + 0.5
                expected += (played + 1) * chance(ratings[name], ratings[b if name == a else a])
        assert math.isclose(scored, expected, rel_tol=1e-6, abs_tol=1e-6)


def test_intervals_hold_the_rating_narrow_with_more_games_and_repeat_by_seed() -> None:
    names = ["a", "b", "c"]

    def games(per_pair: int) -> dict[tuple[str, str], list[float]]:
        return {
            ("a", "b"): [1.0, 0.0, 1.0, 0.5] * per_pair,
            ("a", "c"): [1.0, 1.0, 1.0, 0.0] * per_pair,
            ("b", "c"): [1.0, 0.0, 1.0, 1.0] * per_pair,
        }

    few = bootstrap(names, games(2), resamples=300, seed=7)
    many = bootstrap(names, games(25), resamples=300, seed=7)
    assert few == bootstrap(names, games(2), resamples=300, seed=7)
    assert few != bootstrap(names, games(2), resamples=300, seed=8)
    fitted = fit(names, {pair: (sum(s), len(s)) for pair, s in games(25).items()})
    for name in names:
        assert many[name][0] < fitted[name] < many[name][1]
        assert many[name][1] - many[name][0] < few[name][1] - few[name][0]
