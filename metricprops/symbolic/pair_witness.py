"""Concrete instances for the failed proofs of :mod:`.pair_proofs`.

A failed case names a region of the count orthant; a counterexample must be two (or three)
*partitions*, scored by the metric's ordinary numeric path, from that region:

* a move (perfect split / merge): first every truth and H1 up to :data:`SMALL_N` items with
  every such move of H1 (smallest first); then instances built from the sampled point where
  Δ ≤ 0 -- block sizes chosen so that the counts come near that point (each count rounded
  down and up) -- which reaches regions that only large instances enter;
* a count-level step (strong monotonicity): a truth and a prediction up to :data:`SMALL_N`
  items whose counts v lie in the region and where the unit step from v does not move Q the
  required way (the step's counts need not be realisable: the property is about the function);
* maximal agreement: a pair up to :data:`SMALL_N` items that breaks it.

Every value reported is the metric's own numeric score (a step: the formula at the counts).
"""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from ..enumeration import set_partitions
from ..metrics.pair_function import COUNT_NAMES, pair_count_value
from ..ops import NumericOps
from ..partition import Partition
from ..tolerance import compare_values

__all__ = ["SMALL_N", "counts_of", "instance", "move_counterexample", "step_counterexample",
           "pair_counterexample", "in_case", "UNDEFINED"]

#: Exhaustive search size for counterexamples (Bell(5)² = 2,704 pairs).
SMALL_N = 5

Labels = List[int]


def counts_of(truth: Sequence[int], pred: Sequence[int]) -> Tuple[int, int, int, int]:
    """(N11, N10, N01, N00) of two label lists."""
    def pairs(sizes: Any) -> int:
        return sum(s * (s - 1) // 2 for s in sizes)

    n11 = pairs(Counter(zip(truth, pred)).values())
    same_t, same_p = pairs(Counter(truth).values()), pairs(Counter(pred).values())
    n = len(truth)
    return n11, same_t - n11, same_p - n11, n * (n - 1) // 2 - same_t - same_p + n11


def in_case(counts: Sequence[int], pattern: Sequence[int], direction: Sequence[int],
            delta: int) -> bool:
    """Do the before-counts of a move of size ``delta`` lie in the zero-pattern case?"""
    for c, p, u in zip(counts, pattern, direction):
        base = c - delta if u < 0 else c
        if base < 0 or (base > 0) != bool(p):
            return False
    return True


def _q(metric: Any, truth: Labels, pred: Labels) -> float:
    return metric.oriented(float(metric(truth, pred)))


def _notation(labels: Labels) -> str:
    return Partition.from_labels(labels).notation()


def instance(metric: Any, truth: Labels, worse: Labels, better: Labels) -> Dict[str, Any]:
    return {"truth": list(truth), "worse": list(worse), "better": list(better),
            "scores": {"worse": float(metric(truth, worse)),
                       "better": float(metric(truth, better))},
            "notation": {"truth": _notation(truth), "worse": _notation(worse),
                         "better": _notation(better)},
            "counts": {"worse": dict(zip(COUNT_NAMES, counts_of(truth, worse))),
                       "better": dict(zip(COUNT_NAMES, counts_of(truth, better)))}}


# -- the moves on partitions ----------------------------------------------------------------------
def _splits(truth: Labels, pred: Labels) -> Iterator[Tuple[Labels, int]]:
    """Every perfect split of a block of ``pred`` (no class cut), with δ = |C1| |C2|."""
    fresh = max(pred) + 1
    for block in sorted(set(pred)):
        items = [i for i, b in enumerate(pred) if b == block]
        classes = sorted({truth[i] for i in items})
        for r in range(1, len(classes)):
            for side in combinations(classes[1:], r - 1):
                moved = {classes[0], *side}
                if len(moved) == len(classes):
                    continue
                out = [fresh if (b == block and truth[i] in moved) else b
                       for i, b in enumerate(pred)]
                k = sum(1 for i in items if truth[i] in moved)
                yield out, k * (len(items) - k)


def _merges(truth: Labels, pred: Labels) -> Iterator[Tuple[Labels, int]]:
    """Every merge of two pure blocks of ``pred`` of one class, with δ = |B1| |B2|."""
    pure = {}
    for block in sorted(set(pred)):
        classes = {truth[i] for i, b in enumerate(pred) if b == block}
        if len(classes) == 1:
            pure[block] = classes.pop()
    for b1, b2 in combinations(sorted(pure), 2):
        if pure[b1] == pure[b2]:
            yield [b1 if b == b2 else b for b in pred], pred.count(b1) * pred.count(b2)


MOVE_INSTANCES: Dict[str, Callable[[Labels, Labels], Iterator[Tuple[Labels, int]]]] = {
    "split": _splits, "merge": _merges}


def _family(move: str, counts: Sequence[int], delta: int, rounding: Sequence[bool]
            ) -> Tuple[Labels, Labels, Labels]:
    """(truth, worse, better) whose before-counts come near ``counts`` (rounded per count)."""
    def side(target: int, up: bool) -> int:  # s with C(s, 2) near target
        s = max(0, int((1 + math.isqrt(1 + 8 * max(target, 0))) // 2))
        while s * (s - 1) // 2 < target and up:
            s += 1
        return s if s >= 2 else 0

    n11, n10, n01, n00 = counts
    truth: Labels = []
    worse: Labels = []
    better: Labels = []
    label = iter(range(10 ** 9))

    def add(t: int, w: int, b: int, size: int) -> None:
        truth.extend([t] * size)
        worse.extend([w] * size)
        better.extend([b] * size)

    x = delta  # the moved block(s): x items of one class against 1 item
    if move == "split":  # C = X ∪ Y in H1, split in H2
        c = next(label)
        add(next(label), c, c, x)
        add(next(label), c, next(label), 1)
        rest = (n11 - x * (x - 1) // 2, n10, n01 - delta)
    else:  # B1, B2 of one class, merged in H2
        k = next(label)
        b1 = next(label)
        add(k, b1, b1, x)
        add(k, next(label), b1, 1)
        rest = (n11 - x * (x - 1) // 2, n10 - delta, n01)
    v, z, w = (side(r, up) for r, up in zip(rest, rounding))
    if v:  # a block in both: N11
        c = next(label)
        add(c, c, c, v)
    if z:  # a class split into singletons: N10
        c = next(label)
        for _ in range(z):
            p = next(label)
            add(c, p, p, 1)
    if w:  # a block of w singleton classes: N01
        p = next(label)
        for _ in range(w):
            add(next(label), p, p, 1)
    total = sum(counts)
    n = len(truth)
    while n * (n - 1) // 2 < total and rounding[3]:  # N00: singletons in both
        c = next(label)
        add(c, c, c, 1)
        n += 1
    return truth, worse, better


def move_counterexample(metric: Any, move: str, direction: Sequence[int] = (),
                        pattern: Optional[Sequence[int]] = None, want: int = 0,
                        witness: Optional[Sequence[int]] = None) -> Optional[Dict[str, Any]]:
    """An instance of ``move`` (``"split"`` or ``"merge"``) where Q(better) − Q(worse) has
    sign ``want`` or lower (−1: a violation; 0: a tie or worse), from the pair-count case
    ``pattern`` (None: anywhere), or None.  Works for any metric (scored on partitions).
    An instance built near the sampled point ``witness`` is kept only when its counts lie in
    the case too (a point of a case may not be the counts of any partitions: N11 = 0 with
    N10 = δ = 1001 is not)."""
    def bad(truth: Labels, worse: Labels, better: Labels) -> bool:
        return compare_values(_q(metric, truth, better), _q(metric, truth, worse)) <= want

    def inside(truth: Labels, worse: Labels, delta: int) -> bool:
        return pattern is None or in_case(counts_of(truth, worse), pattern, direction, delta)

    for n in range(2, SMALL_N + 1):
        parts = [p.tolist() for p in set_partitions(n)]
        for truth in parts:
            for worse in parts:
                for better, delta in MOVE_INSTANCES[move](truth, worse):
                    if inside(truth, worse, delta) and bad(truth, worse, better):
                        return instance(metric, truth, worse, better)
    if witness is None:
        return None
    counts, delta = list(witness[:4]), int(witness[4])
    for mask in range(16):
        rounding = [bool(mask >> i & 1) for i in range(4)]
        truth, worse, better = _family(move, counts, delta, rounding)
        if inside(truth, worse, delta) and bad(truth, worse, better):
            return instance(metric, truth, worse, better)
    return None


# -- count-level steps and maximal agreement ------------------------------------------------------
@lru_cache(maxsize=4)
def _realised(max_n: int) -> Tuple[Tuple[Tuple[int, ...], Labels, Labels], ...]:
    """One (counts, truth, pred) per count vector realised up to ``max_n`` items, smallest
    first."""
    seen: Dict[Tuple[int, ...], Tuple[Labels, Labels]] = {}
    for n in range(1, max_n + 1):
        parts = [p.tolist() for p in set_partitions(n)]
        for truth in parts:
            for pred in parts:
                seen.setdefault(counts_of(truth, pred), (truth, pred))
    return tuple((c, t, p) for c, (t, p) in seen.items())


class _UndefinedOps(NumericOps):
    """Numeric ops in which a zero denominator is undefined (NaN), not the convention."""

    @staticmethod
    def ratio(num: Any, den: Any, default: Any) -> Any:
        return NumericOps.ratio(num, den, math.nan)


UNDEFINED = _UndefinedOps()


def step_counterexample(metric: Any, direction: Sequence[int], pattern: Sequence[int],
                        want: int, ops: Any = UNDEFINED) -> Optional[Dict[str, Any]]:
    """A truth and a prediction whose counts v lie in the case, where the unit step of a
    count-level move does not move Q the required way (sign ``want`` or lower); the formula
    is read where defined (a zero denominator is undefined)."""
    for counts, truth, pred in _realised(SMALL_N + 1):
        up = any(u > 0 for u in direction)
        before = (list(counts) if up
                  else [c + (1 if u < 0 else 0) for c, u in zip(counts, direction)])
        after = [c + (1 if u > 0 else 0) for c, u in zip(counts, direction)] if up else list(counts)
        if not in_case(before, pattern, direction, 1):
            continue
        try:
            q0 = metric.oriented(float(pair_count_value(metric, *before, ops=ops)))
            q1 = metric.oriented(float(pair_count_value(metric, *after, ops=ops)))
        except (ArithmeticError, ValueError):
            continue
        if math.isnan(q0) or math.isnan(q1) or compare_values(q1, q0) > want:
            continue
        return {"truth": truth, "pred": pred, "notation": {"truth": _notation(truth),
                                                           "pred": _notation(pred)},
                "counts": {"from": dict(zip(COUNT_NAMES, before)),
                           "to": dict(zip(COUNT_NAMES, after))},
                "scores": {"from": metric.oriented(q0), "to": metric.oriented(q1)}}
    return None


def pair_counterexample(metric: Any, predicate: Callable[[Tuple[int, ...], float], bool]
                        ) -> Optional[Dict[str, Any]]:
    """The smallest pair (up to SMALL_N + 1 items) whose counts and score satisfy
    ``predicate`` -- e.g. H ≠ T reaching the perfect score."""
    for counts, truth, pred in _realised(SMALL_N + 1):
        value = float(metric(truth, pred))
        if predicate(counts, value):
            return {"truth": truth, "pred": pred,
                    "notation": {"truth": _notation(truth), "pred": _notation(pred)},
                    "counts": dict(zip(COUNT_NAMES, counts)), "scores": {"pred": value}}
    return None
