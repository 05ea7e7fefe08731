"""The tables behind canasta._engine.plan's quick paths give what the plain loops give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from canasta._engine.plan import _in_run, _natural_runs, _suit_masks, rank_counts
from canasta._model.cards import NATURAL_RANKS

_TOP = len(NATURAL_RANKS) - 1
_VALUES = [5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20]  # four to ace


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=53, max_size=53))
def test_suit_masks(counts: list[int]) -> None:
    expected = [0, 0, 0, 0]
    for face in range(44):
        if counts[face]:
            expected[face % 4] |= 1 << (face // 4)
    assert _suit_masks(bytes(counts)) == expected
    assert _suit_masks(bytes(counts[:44])) == expected


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**11 - 1), st.integers(1, 5), st.integers(3, 11))
def test_natural_runs(mask: int, shortest: int, longest: int) -> None:
    expected = [
        (lo, hi, sum(_VALUES[lo : hi + 1]))
        for lo in range(_TOP + 1)
        for hi in range(lo, min(_TOP, lo + longest - 1) + 1)
        if hi - lo + 1 >= shortest and all(mask >> p & 1 for p in range(lo, hi + 1))
    ]
    assert list(_natural_runs(mask, shortest, longest)) == expected


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**11 - 1), st.integers(0, 10), st.integers(2, 4), st.integers(0, 1))
def test_in_run(mask: int, pos: int, length: int, extra: int) -> None:
    widest = length + extra
    expected = any(
        bin(mask & ((1 << window) - 1) << start).count("1") >= length
        for window in range(length, widest + 1)
        for start in range(max(0, pos - window + 1), min(pos, _TOP - window + 1) + 1)
    )
    assert _in_run(mask, pos, length, widest) is expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=53, max_size=53))
def test_rank_counts(counts: list[int]) -> None:
    expected = bytes(sum(counts[4 * p : 4 * p + 4]) for p in range(13))  # twos and threes too
    assert rank_counts(bytes(counts)) == expected
    # From the natural faces alone (the first 44 counts), the natural ranks.
    assert rank_counts(bytes(counts[:44])) == expected[: _TOP + 1]
