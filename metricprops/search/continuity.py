"""Continuity at scale: a value that departs from the trend of the smaller sizes.

An integer overflow or a precision collapse rarely takes a value out of its bounds: an ARI
whose product of pair sums wraps past 2^63 scores one block against two halves 0.67 instead
of 0, inside [-0.5, 1].  What it cannot hide is a *jump*.  Take a family of partition pairs
with fixed proportions -- one block against two halves, a giant block holding 7/8 of the
items among singletons against one block, ... (:data:`TREND_PAIRS`) -- at the sizes
n = 2^j, j = 6, 7, ... (:func:`trend_sizes`: the shapes are exact there).  The contingency
table of the pair at n is a function of n alone, and every standard index is a finite
combination of powers of n, their logarithms and ratios of such terms (pair counts are
polynomials in n, entropies are sums of p log p with fixed p, or log n for singletons).  So
the successive differences d_j = g_j - g_(j-1) of the values g_j = f(2^j) follow a
geometric trend: |d_(j+1)| / |d_j| tends to 2^p for a leading term n^p (1/2 for a value
converging as 1/n, 1 for log n, 4 for a count growing as n^2).

**The test.**  The value g at a size n past the last trusted rung m = 2^(j-1) (n <= 2m)
*departs from the trend* when

    |g - g_(j-1)| > R * max(|d_(j-1)|, |d_(j-2)|) + FLOOR * max(1, |g|, |g_(j-1)|)

with R = :data:`RATIO` = 16 (room for growth up to n^4 between two doublings, four times
what a squared count needs; the largest ratio any sound metric tried reached is 1/8 of it)
and the floor :data:`FLOOR` = 1e-6 of the value's scale (or a hundred times the check's
tolerance when that is larger): float32 sums drift by about 1e-7, an overflow or a
cancellation by orders of magnitude more.  Two differences, not one: a smooth value whose
change passes through zero between two doublings still has the other.  Three trusted rungs
come first (64, 128 and 256 items: the first rung tested is 512).  The rungs are tested in
order, and the first that departs is bisected: on multiples of 8 items (where the shapes
keep their proportions exactly), then item by item, each size judged by the same test
against the same trusted rungs; the finding is the smallest size found departing and the
largest found on the trend below it.  An error or a value that is not a number counts as
departing (it is certainly not on the trend); a call past the time or memory limit ends
the pair quietly, and a call of more than :data:`TREND_CALL_SECONDS` ends its ladder (slowness
is the ``scaling`` property's business).

**References.**  A black-box metric has no reference value, so the trend is the test.
Where a value is known exactly the scale phase already checks it: a declared perfect value
on the identical pairs among the shapes (``max_agreement``), declared bounds (``bounds``),
a declared symmetry (``symmetry``) and the copies relation Q(T⊗2, H⊗2) = Q(T, H)
(``n_invariance``); ``metricprops compare`` checks a metric against a reference
implementation on the same shapes.

**Calibration.**  Over every built-in metric, scikit-learn's clustering metrics (every
``average_method``), igraph's, genieclust's and networkit's comparisons, the largest ratio
of a sound value's change to its allowance was 0.125 (eight times below a jump).  Two
jumped, both real: networkit's ``AdjustedRandMeasure`` (a 64-bit overflow, from 99,082
items) and scikit-learn's ``adjusted_mutual_info_score(average_method="min")`` on two halves
against all singletons, an exact 0/0 (the expected mutual information equals the mutual
information) computed from rounding errors: 1.00054 at 2,048 items, above its bound 1.
"""
from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple

__all__ = ["TREND_PAIRS", "RATIO", "FLOOR", "FIRST_RUNG", "TREND_CALL_SECONDS", "trend_sizes",
           "departs",
           "floor_of", "first_departure"]

#: (truth shape, prediction shape) of the families tested: shapes whose proportions are
#: fixed at every multiple of 8 items (one block, two halves, a giant block of 7/8 of the
#: items among singletons, all singletons), and an identical pair (none with many blocks on
#: both sides: a dense table of them would hold n^2/64 cells).
TREND_PAIRS: Tuple[Tuple[str, str], ...] = (
    ("one block", "two halves"), ("giant among singletons", "one block"),
    ("two halves", "giant among singletons"), ("all singletons", "one block"),
    ("two halves", "all singletons"), ("two halves", "two halves"),
)
#: Largest ratio of a change to the larger of the two changes before it.
RATIO = 16.0
#: Changes smaller than this fraction of the value's scale are never a jump.
FLOOR = 1e-6
#: The smallest rung of the trend.
FIRST_RUNG = 64
#: Trusted rungs needed before one is tested.
HISTORY = 3
#: A pair's ladder stops after a call that took more CPU seconds than this (the next size
#: would take twice as long; the test is about exactness, slowness is ``scaling``'s business),
#: and before one that the growth of its last two calls predicts past it
#: (:func:`~metricprops.search.cost.predicted_seconds`: a quadratic metric's call at 2,048
#: items after 0.08 s at 1,024 is not made).  A last call whose growth turned suddenly
#: steeper (:func:`~metricprops.search.cost.sudden`) is timed again before it ends a ladder.
TREND_CALL_SECONDS = 0.25


def trend_sizes(max_n: int) -> List[int]:
    """The rungs: powers of two from :data:`FIRST_RUNG` to ``max_n``."""
    sizes, n = [], FIRST_RUNG
    while n <= max_n:
        sizes.append(n)
        n *= 2
    return sizes


def floor_of(tolerance: float) -> float:
    """The relative floor of the test for a check's ``tolerance``."""
    return max(FLOOR, 100.0 * tolerance)


def departs(history: Sequence[float], value: Optional[float], floor: float) -> bool:
    """Whether ``value`` departs from the trend of ``history`` (the last
    :data:`HISTORY` trusted values, oldest first); ``None`` (an error) departs."""
    if value is None:
        return True
    a, b, c = history[-3:]
    allowed = RATIO * max(abs(b - a), abs(c - b)) + floor * max(1.0, abs(value), abs(c))
    return abs(value - c) > allowed


def first_departure(value_at: Callable[[int], Optional[float]], lo: int, hi: int,
                    judge: Callable[[Optional[float]], bool],
                    stop: Callable[[], bool]) -> Tuple[int, int]:
    """``(last size on the trend, first size departing)`` between ``lo`` (on the trend) and
    ``hi`` (departing): bisected on multiples of 8, then item by item downwards.
    ``value_at(n)`` is the value at n (``None`` for an error), ``judge(value)`` whether it
    departs, ``stop()`` whether the time is up (the sizes found so far are returned)."""
    while hi - lo > 8 and not stop():
        mid = (lo + hi) // 16 * 8
        if mid <= lo:
            break
        if judge(value_at(mid)):
            hi = mid
        else:
            lo = mid
    n = hi - 1
    while n > lo and not stop():
        if not judge(value_at(n)):
            return n, hi
        hi, n = n, n - 1
    return lo, hi


def trusted_run(values: List[Any]) -> bool:
    """Whether the last :data:`HISTORY` values are all numbers (a trend to test against)."""
    return len(values) >= HISTORY and all(isinstance(v, float) for v in values[-HISTORY:])
