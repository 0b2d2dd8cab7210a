"""The permutation model: exact expectations and independent samples of E[f(T, H)].

H is a uniformly random arrangement of a prediction's labels over the items, so its block
sizes S are fixed (every set partition with sizes S is equally likely).  Three ways to get
E[f(T, H)]:

* **arrangements** -- every set partition with sizes S enumerated (any metric; exact);
* **tables** -- every contingency table with the margins of T and S enumerated, each weighted
  by its exact probability under the permutation model (the multivariate hypergeometric law
  of the cells), each scored once on a representative pair of partitions.  Exact for any
  metric computed from the contingency table (the built-ins); far fewer tables than
  arrangements.  The number of label vectors with sizes S that give the table N is
  Π_i a_i! / Π_ij n_ij!, out of n! / Π_j b_j! in all;
* **sampled** -- the mean of independent random arrangements, from a generator seeded by the
  instance and by the purpose of the sample (a screening sample and a confirmation sample
  are independent of each other; both are reproducible).

The exact moments of the cells (E[n_ij] = a_i b_j / n, E[C(n_ij, 2)] = C(a_i, 2) C(b_j, 2) /
C(n, 2)) are what make ARI, the pair correlation and AMI have an expectation of exactly 0;
the table enumeration reproduces them without knowing the formula.
"""
from __future__ import annotations

import math
import zlib
from collections import Counter
from fractions import Fraction
from itertools import combinations
from typing import Callable, Iterator, List, Optional, Tuple

import numpy as np

from metricprops.partition import Partition

__all__ = ["arrangements", "shaped_partitions", "integer_partitions", "nontrivial_shapes",
           "contingency_tables", "table_partitions", "mean_over_arrangements",
           "mean_over_tables", "sample_values", "mean_and_se", "two_sided_p", "tolerance_gap",
           "z_beyond"]

Score = Callable[[Partition, Partition], float]


def arrangements(sizes: Tuple[int, ...]) -> int:
    """Number of set partitions of ``sum(sizes)`` items with these block sizes."""
    count = math.factorial(sum(sizes))
    for s in sizes:
        count //= math.factorial(s)
    for m in Counter(sizes).values():
        count //= math.factorial(m)
    return count


def shaped_partitions(sizes: Tuple[int, ...]) -> Iterator[Partition]:
    """Every set partition of ``0 .. n-1`` whose block sizes are ``sizes`` (each once)."""
    n = sum(sizes)

    def rec(remaining: Tuple[int, ...], left: Counter, labels: List[int],
            k: int) -> Iterator[List[int]]:
        if not remaining:
            yield list(labels)
            return
        first, rest = remaining[0], remaining[1:]
        for size in sorted(s for s in left if left[s] > 0):
            for others in combinations(rest, size - 1):
                block = (first,) + others
                for i in block:
                    labels[i] = k
                left[size] -= 1
                chosen = set(others)
                yield from rec(tuple(i for i in rest if i not in chosen), left, labels, k + 1)
                left[size] += 1

    for labels in rec(tuple(range(n)), Counter(sizes), [0] * n, 0):
        yield Partition.from_labels(labels)


def integer_partitions(n: int, largest: int = 0) -> Iterator[Tuple[int, ...]]:
    """Integer partitions of ``n`` with parts in non-increasing order."""
    largest = largest or n
    if n == 0:
        yield ()
        return
    for first in range(min(n, largest), 0, -1):
        for rest in integer_partitions(n - first, first):
            yield (first,) + rest


def nontrivial_shapes(n: int) -> List[Tuple[int, ...]]:
    """Block sizes with 1 < k < n blocks, largest parts first."""
    return [s for s in integer_partitions(n) if 1 < len(s) < n]


def _rows(total: int, room: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
    """Every row of non-negative cells summing to ``total`` with cell j at most ``room[j]``."""
    k = len(room)
    tail = [0] * (k + 1)  # tail[j]: room left in columns j..k-1
    for j in range(k - 1, -1, -1):
        tail[j] = tail[j + 1] + room[j]
    if total > tail[0]:
        return
    row = [0] * k

    def fill(j: int, left: int) -> Iterator[Tuple[int, ...]]:
        if left == 0:
            yield tuple(row)
            return
        if j == k - 1:
            row[j] = left
            yield tuple(row)
            row[j] = 0
            return
        for x in range(min(left, room[j]), max(0, left - tail[j + 1]) - 1, -1):
            row[j] = x
            yield from fill(j + 1, left - x)
        row[j] = 0

    yield from fill(0, total)


def contingency_tables(row_sums: Tuple[int, ...], col_sums: Tuple[int, ...],
                       limit: int) -> Optional[List[Tuple[Tuple[int, ...], int]]]:
    """Every table with these margins and its number of label vectors, or ``None`` past ``limit``.

    The count of table N is Π_i a_i! / Π_ij n_ij! (the ways to spread each true block over
    the predicted labels); the counts sum to n! / Π_j b_j!.  With the row and column totals
    equal, every partial fill can be completed, so the enumeration never backtracks; it runs
    over the side with fewer blocks as columns (shorter rows) and transposes back.
    """
    if len(col_sums) > len(row_sums):
        found = contingency_tables(col_sums, row_sums, limit)
        if found is None:
            return None
        return [(tuple(zip(*cells)), _count(row_sums, tuple(zip(*cells))))
                for cells, _ in found]
    out: List[Tuple[Tuple[int, ...], int]] = []

    def rec(i: int, room: Tuple[int, ...], cells: Tuple[Tuple[int, ...], ...]) -> bool:
        if i == len(row_sums):
            out.append((cells, 0))
            return len(out) <= limit
        for row in _rows(row_sums[i], room):
            if not rec(i + 1, tuple(r - x for r, x in zip(room, row)), cells + (row,)):
                return False
        return True

    if not rec(0, tuple(col_sums), ()):
        return None
    return [(cells, _count(row_sums, cells)) for cells, _ in out]


def _count(row_sums: Tuple[int, ...], cells: Tuple[Tuple[int, ...], ...]) -> int:
    """Π_i a_i! / Π_j n_ij!: the label vectors (predicted labels) giving this table."""
    count = 1
    for a, row in zip(row_sums, cells):
        ways = math.factorial(a)
        for x in row:
            ways //= math.factorial(x)
        count *= ways
    return count


def table_partitions(row_sums: Tuple[int, ...], cells: Tuple[Tuple[int, ...], ...]
                     ) -> Tuple[Partition, Partition]:
    """A pair (truth, prediction) with block sizes ``row_sums`` and contingency table ``cells``."""
    truth: List[int] = []
    pred: List[int] = []
    for i, row in enumerate(cells):
        truth.extend([i] * row_sums[i])
        for j, x in enumerate(row):
            pred.extend([j] * x)
    return Partition.from_labels(truth), Partition.from_labels(pred)


def mean_over_arrangements(score: Score, truth: Partition, sizes: Tuple[int, ...]) -> float:
    """Exact E[score(T, H)]: the mean over every set partition H with block sizes ``sizes``."""
    values = [score(truth, h) for h in shaped_partitions(sizes)]
    return math.fsum(values) / len(values)


def mean_over_tables(score: Score, truth: Partition, sizes: Tuple[int, ...],
                     limit: int) -> Optional[Tuple[float, int]]:
    """Exact E[score(T, H)] over the contingency tables, and their number; ``None`` if more
    than ``limit`` (only valid for a score computed from the contingency table)."""
    rows = tuple(truth.sizes)
    found = contingency_tables(rows, sizes, limit)
    if found is None:
        return None
    total = math.factorial(truth.n)
    for b in sizes:
        total //= math.factorial(b)
    terms = [float(Fraction(count, total)) * score(*table_partitions(rows, cells))
             for cells, count in found]
    return math.fsum(terms), len(found)


def sample_values(score: Score, truth: Partition, pred: Partition, samples: int,
                  purpose: str) -> np.ndarray:
    """``samples`` values of score(T, H) for independent random arrangements H of ``pred``.

    The generator is seeded by the instance and ``purpose``: the same call gives the same
    values, and two purposes give independent samples.
    """
    sizes = tuple(sorted(pred.sizes, reverse=True))
    seed = zlib.crc32(repr((truth.tolist(), sizes)).encode())
    if purpose != "screen":  # the screening stream keeps the seed of the former single test
        seed = zlib.crc32(purpose.encode(), seed)
    rng = np.random.default_rng(seed)
    labels = np.asarray(pred.labels)
    return np.array([score(truth, Partition.from_labels(rng.permutation(labels)))
                     for _ in range(samples)])


def two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2.0)) if math.isfinite(z) else 0.0


def mean_and_se(values: np.ndarray) -> Tuple[float, float]:
    """Sample mean (fsum) and its standard error."""
    n = len(values)
    mean = math.fsum(values.tolist()) / n
    return mean, float(values.std(ddof=1)) / math.sqrt(n)


def tolerance_gap(mean: float, reference: float, tolerance: float) -> float:
    """How far ``mean`` lies beyond the tied band around ``reference`` (≤ 0 inside it)."""
    return abs(mean - reference) - tolerance * max(1.0, abs(mean), abs(reference))


def z_beyond(mean: float, se: float, reference: float, tolerance: float) -> float:
    """z of the sample mean against the tied band (0 inside it; inf for a zero-variance
    sample outside it)."""
    gap = tolerance_gap(mean, reference, tolerance)
    if gap <= 0:
        return 0.0
    return math.inf if se == 0 else gap / se

