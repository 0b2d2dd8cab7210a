"""Constant baseline (Gösgens, Tikhonov & Prokhorenkova 2021).

Let H0 be a prediction with block sizes S, and H a uniformly random permutation of H0's
labels over the items (the permutation model: H uniform among the partitions with block
sizes S; every such set partition is hit by the same number of label arrangements).  A
metric has a constant baseline when E[Q(T, H)] is one constant, whatever T and S — for
non-trivial partitions (1 < number of blocks < n on both sides, as in Gösgens et al.;
one block and all singletons are fixed points of the permutation model, where metrics use
conventions).

Each instance is (T, H0).  Its expectation is compared with the reference expectation of
the smallest non-trivial case, T = {0 1 | 2} and H0 = {0 1 | 2} (3 arrangements).  The
expectation is **exact** — every set partition with block sizes S enumerated, a mean of
n! / (Π s_i! Π m_s!) values — when there are at most :data:`EXACT_LIMIT` of them (every
instance with at most 7 items); otherwise it is estimated from :data:`SAMPLES` random
arrangements (a generator seeded by the instance, so verdicts are reproducible) and a
two-sided z-test at significance :data:`ALPHA` decides.  The counterexample's detail says
which was used.

Worked by hand: ARI has E = 0 exactly (its denominator is fixed under the permutation model
and E[Σ C(n_ij, 2)] = Σ C(a_i, 2) Σ C(b_j, 2) / C(n, 2)); Rand does not: with x = Σ C(a_i, 2),
y = Σ C(b_j, 2), N = C(n, 2), E[RI] = 1 − (x + y)/N + 2xy/N², which is 5/9 for T = H0 =
{0 1 | 2} but 1/2 for T = H0 = {0 1 2 | 3}.
"""
from __future__ import annotations

import math
import zlib
from collections import Counter
from itertools import combinations
from typing import Any, Iterator, List, Tuple

import numpy as np
from hypothesis import strategies as st

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, Scorer
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

#: Largest number of arrangements (set partitions of the prediction's shape) enumerated exactly.
EXACT_LIMIT = 500
#: Random arrangements drawn when the expectation is estimated.
SAMPLES = 300
#: Significance level of the two-sided z-test.
ALPHA = 0.001
#: Two-sided critical value of the standard normal at ALPHA.
Z_CRITICAL = 3.2905267314918945

REFERENCE = ((2, 1), (2, 1))


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


def exact_items() -> int:
    """Largest n such that every instance with at most n items is computed exactly."""
    n = 3
    while all(arrangements(s) <= EXACT_LIMIT for s in nontrivial_shapes(n + 1)):
        n += 1
    return n


def _instance(sizes_t: Tuple[int, ...], sizes_h: Tuple[int, ...], note: str = "") -> Instance:
    return Instance(Partition.from_sizes(sizes_t), {"pred": Partition.from_sizes(sizes_h)}, note)


def expectation(score: Scorer, metric: Any, truth: Partition, pred: Partition) -> dict:
    """E[f(T, H)] (raw values) over H a random arrangement of ``pred``'s labels."""
    sizes = tuple(sorted(pred.sizes, reverse=True))
    count = arrangements(sizes)
    if count <= EXACT_LIMIT:
        values = [metric.oriented(score(truth, h)) for h in shaped_partitions(sizes)]
        return {"mean": math.fsum(values) / count, "exact": True, "count": count}
    seed = zlib.crc32(repr((truth.tolist(), sizes)).encode())
    rng = np.random.default_rng(seed)
    labels = np.asarray(pred.labels)
    values = np.array([metric.oriented(score(truth, Partition.from_labels(rng.permutation(labels))))
                       for _ in range(SAMPLES)])
    mean = math.fsum(values.tolist()) / SAMPLES
    sd = float(values.std(ddof=1))
    return {"mean": mean, "exact": False, "count": count, "se": sd / math.sqrt(SAMPLES)}


class ConstantBaseline(Constraint):
    name = "constant_baseline"
    title = "Constant baseline: E[Q(T, H)] under the permutation model is one constant"
    citation = ("Gösgens, Tikhonov & Prokhorenkova (2021), 'Systematic analysis of cluster "
                "similarity indices', constant baseline; Hubert & Arabie (1985).")
    statement = ("For non-trivial T and block sizes S (1 < blocks < n), E[Q(T, H)] over H a "
                 "uniformly random permutation of a prediction with block sizes S equals the "
                 "same constant (the value for T = S = {0 1 | 2}); exact by enumeration for "
                 f"at most {EXACT_LIMIT} arrangements, else a two-sided z-test at α = {ALPHA} "
                 f"on {SAMPLES} random arrangements.")
    min_items = 3
    budget = 0.1  # each instance scores up to EXACT_LIMIT predictions

    def strategy(self, max_items: int) -> Any:
        return _random_instances(max(3, max_items))

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for n in range(3, max_n + 1):
            shapes = nontrivial_shapes(n)
            for st_ in shapes:
                for sh in shapes:
                    yield _instance(st_, sh)

    def examples(self, max_items: int) -> Iterator[Instance]:
        yield _instance((4, 4), (2, 2, 2, 2), "exact, 105 arrangements")
        yield _instance((3, 3, 2), (4, 2, 1, 1), "exact, 420 arrangements")
        n = max(max_items, 9)
        yield _instance((n - n // 2, n // 2), (n - 2 * (n // 3), n // 3, n // 3), "statistical")

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        exact_n = exact_items()
        if max_items <= exact_n:
            return (f"Every expectation was exact (all arrangements enumerated; at most "
                    f"{max_items} items).")
        return (f"Expectations were exact (all arrangements enumerated) for every instance "
                f"with at most {exact_n} items and any other with at most {EXACT_LIMIT} "
                f"arrangements; larger ones used a two-sided z-test at α = {ALPHA} on "
                f"{SAMPLES} random arrangements.")

    def evaluate(self, instance: Instance, score: Scorer, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        ref = expectation(score, metric, Partition.from_sizes(REFERENCE[0]),
                          Partition.from_sizes(REFERENCE[1]))["mean"]
        est = expectation(score, metric, truth, pred)
        scores = {"expected": est["mean"], "reference": ref}
        extra = {"method": "exact" if est["exact"] else "z-test", "arrangements": est["count"]}
        if est["exact"] or est["se"] == 0:
            order = compare_values(est["mean"], ref, tolerance)
            how = (f"exact: mean over all {est['count']} arrangements" if est["exact"] else
                   f"estimated from {SAMPLES} random arrangements, all with the same value")
            if order == 0:
                return Evaluation(Outcome.SATISFIED, scores, 0.0, extra=extra)
            return Evaluation(Outcome.VIOLATED, scores, -abs(est["mean"] - ref), extra=extra,
                              detail=f"E[Q] differs from the reference E[Q] for T = H0 = "
                                     f"{{0 1 | 2}} ({how}; the prediction is H0)")
        z = (est["mean"] - ref) / est["se"]
        extra.update({"z": z, "alpha": ALPHA, "samples": SAMPLES})
        if abs(z) <= Z_CRITICAL:
            return Evaluation(Outcome.SATISFIED, scores, Z_CRITICAL - abs(z), extra=extra)
        return Evaluation(Outcome.VIOLATED, scores, Z_CRITICAL - abs(z), extra=extra,
                          detail=(f"z-test: the mean over {SAMPLES} random arrangements of H0 "
                                  f"differs from the reference (z = {z:.2f}, two-sided "
                                  f"α = {ALPHA}); reference: T = H0 = {{0 1 | 2}}, exact"))


@st.composite
def _shape(draw: Any, n: int) -> Tuple[int, ...]:
    k = draw(st.integers(2, n - 1))
    cuts = sorted(draw(st.lists(st.integers(1, n - 1), min_size=k - 1, max_size=k - 1,
                                unique=True)))
    bounds = [0] + cuts + [n]
    return tuple(sorted((b - a for a, b in zip(bounds, bounds[1:])), reverse=True))


@st.composite
def _random_instances(draw: Any, max_items: int) -> Instance:
    n = draw(st.integers(3, max_items))
    return _instance(draw(_shape(n)), draw(_shape(n)))


CONSTRAINT = ConstantBaseline()
