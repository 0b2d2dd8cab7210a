"""Determinism: the same input gives the same value, however and whenever it is asked.

A metric is a function of its two arguments.  Implementations break that with random
estimates (sampled pairs, an unseeded permutation test), state kept between calls (a running
average, an accumulator that is never reset) and caches keyed on the wrong thing (the truth
only, the object's ``id``, the number of items).  The checker's memo would hide all three, so
this property calls the metric itself, on fresh lists, every time.

An instance is two pairs of partitions of the same items, P = (T, H) and P2 = (T2, H2), often
sharing the truth or the prediction (what a cache keyed on one side confuses).  Violated if

* **called again** -- P scored twice in a row gives two values;
* **after other inputs** -- P scored again after P2 differs from P's first value;
* **in another order** -- scoring P then P2 gives other values than P2 then P, each order
  reproduced on a second fresh copy of the labels (the labels are shifted to integers not
  used before, so a cache has not seen them; a value that depends on the label values only
  is label invariance's business and is not counted here);
* **in a new process** -- when P = (T, T) scores the same as P2 = (T, H) here (as every
  input of a size does for a cache keyed on the number of items only), P2 and then P are
  scored in a new process that never called the metric (:mod:`._history`; once per metric
  and process, on the first such instance): values that differ from this process's depend
  on the calls made before.  Only a metric its module names at top level can be imported
  there; nothing is claimed for the others.

Values are compared within the tolerance; NaN equals NaN.  Exhaustive phase: every pair class
with at most :data:`EXHAUSTIVE_N` items, against the truth with another prediction and
against the swapped pair.
"""
from __future__ import annotations

import itertools
from typing import Any, Iterator, List, Tuple

from hypothesis import strategies as st

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.partition import Partition
from metricprops.strategies import pairs
from metricprops.tolerance import TOLERANCE

from ._fresh import call_value, codes, same_value, timeout_of
from ._history import fresh_values
from ._pairs import class_pairs
from .bounds import with_breach

#: Pairs up to this many items are checked exhaustively (every check costs 13 calls).
EXHAUSTIVE_N = 3
#: Fresh label offsets: large enough to be new to a cache, small enough for ``bincount``.
_OFFSETS = itertools.count(1000, 97)
#: (metric name, function) -> (the pairs scored in a new process, their values there or
#: None): one new process per metric and process.
_FRESH: dict = {}


def _instance(truth: Partition, pred: Partition, truth_2: Partition, pred_2: Partition,
              note: str = "") -> Instance:
    return Instance(truth, {"pred": pred, "truth_2": truth_2, "pred_2": pred_2}, note)


def _other(p: Partition) -> Partition:
    """A partition of the same items other than ``p`` (when n > 1)."""
    return Partition.singletons(p.n) if p != Partition.singletons(p.n) else Partition.one_block(p.n)


class Determinism(Constraint):
    name = "determinism"
    title = "Determinism: the same input gives the same value, whenever it is asked"
    citation = ("A metric is a function of the two partitions (Meilă 2007); implementations "
                "that sample, keep state or cache on the wrong key are not.")
    statement = ("For partitions P = (T, H) and P2 of the same items: f(P) called twice in a "
                 "row gives one value, f(P) after f(P2) gives it again, and the values of P "
                 "and P2 do not depend on which of the two is scored first.")
    budget = 0.1
    reducible = True

    def exhaustive_limit(self, max_n: int) -> int:
        return 0  # the second pair is one of a few choices, not every one

    def strategy(self, max_items: int) -> Any:
        return st.tuples(pairs(max_items), st.integers(0, 3), st.randoms(use_true_random=False)
                         ).map(_drawn)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for a, b in class_pairs(min(max_n, EXHAUSTIVE_N)):
            yield _instance(a, b, a, _other(b), "same truth")
            yield _instance(a, b, b, a, "swapped")

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        p1 = (instance.truth, instance["pred"])
        p2 = (instance["truth_2"], instance["pred_2"])
        timeout = timeout_of(score)
        seen: List[Any] = []  # every value called here, raw: one out of bounds is said so

        def value(pair: Tuple[Partition, Partition], offset: int = 0) -> Any:
            t, p = pair
            seen.append(call_value(metric, codes(t, offset), codes(p, offset), timeout, t, p,
                                   "a determinism check"))
            return seen[-1]

        def violated(scores: dict, detail: str) -> Evaluation:
            return _unequal(scores, with_breach(metric, seen, detail, tolerance))

        memo = metric.oriented(score(*p1))  # the canonical value, as the checker saw it
        first, again = value(p1), value(p1)
        value(p2)
        after = value(p1)
        scores = {"first_call": first}
        if not same_value(first, again, tolerance):
            return violated({**scores, "called_again": again},
                            "the same input, called twice in a row, gave two values")
        if not (same_value(after, first, tolerance) and same_value(memo, first, tolerance)):
            return violated({**scores, "after_other_input": after, "earlier_call": memo},
                            "the same input gave another value after the metric scored "
                            "another input (or than it gave earlier in the check)")
        orders: List[List[Any]] = []
        for order in ((p1, p2), (p2, p1), (p1, p2), (p2, p1)):
            offset = next(_OFFSETS)
            got = [value(pair, offset) for pair in order]
            orders.append(got if order[0] is p1 else got[::-1])
        (a1, b1), (a2, b2), (a3, b3), (a4, b4) = orders
        reproduced = all(same_value(x, y, tolerance) for x, y in ((a1, a3), (b1, b3),
                                                                   (a2, a4), (b2, b4)))
        if reproduced and not (same_value(a1, a2, tolerance) and same_value(b1, b2, tolerance)):
            return violated({"pred_scored_first": a1, "pred_scored_second": a2,
                             "pred_2_scored_second": b1, "pred_2_scored_first": b2},
                            "the values depend on which pair is scored first (P = truth, "
                            "pred; P2 = truth_2, pred_2; each order reproduced on fresh "
                            "labels)")
        if p1[0] == p1[1] and p2[0] == p1[0] and p2[1] != p1[1] and same_value(a1, b1, tolerance):
            here = (value(p1), value(p2))  # the labels the new process gets
            return _history(metric, (p1, p2), here, timeout, tolerance, scores, seen)
        return Evaluation(Outcome.SATISFIED, scores, 0.0)


def _history(metric: Any, pairs: Tuple[Any, Any], here: Tuple[Any, Any], timeout: Any,
             tolerance: float, scores: dict, seen: List[Any]) -> Evaluation:
    """P = (T, T) scored as P2 = (T, H) here: both scored in a new process, P2 first (once
    per metric and process: a later instance claims nothing); ``seen`` are the values called
    here, said with those of the new process when one is out of bounds."""
    key = (metric.name, metric.func)
    labels = [(codes(t), codes(p)) for t, p in pairs[::-1]]
    if key not in _FRESH:
        _FRESH[key] = (labels, fresh_values(metric, labels, timeout))
    probed, fresh = _FRESH[key]
    if fresh is None or probed != labels:
        return Evaluation(Outcome.SATISFIED, scores, 0.0)
    there = [float("nan") if v is None else v for v in fresh[::-1]]
    if all(same_value(a, b, tolerance) for a, b in zip(here, there)):
        return Evaluation(Outcome.SATISFIED, scores, 0.0)
    return _unequal({"pred_here": here[0], "pred_2_here": here[1],
                     "pred_2_first_in_a_new_process": there[1],
                     "pred_then_in_a_new_process": there[0]},
                    with_breach(metric, [*seen, *there],
                                "the values depend on the calls made before: scored in a new "
                                "process that never called the metric (pred_2 first), the "
                                "same inputs gave other values than here, after other inputs "
                                "(a cache keyed on too little, or a state the first call "
                                "sets)", tolerance))


def _unequal(scores: dict, detail: str) -> Evaluation:
    gaps = [abs(a - b) for a, b in itertools.combinations(scores.values(), 2)
            if isinstance(a, float) and isinstance(b, float) and abs(a - b) < float("inf")]
    gap = max(gaps) if gaps else 1.0
    return Evaluation(Outcome.VIOLATED, scores, -min(gap, 1e6) if gap == gap else -1.0,
                      detail=detail)


def _drawn(x: Any) -> Instance:
    (a, b), relation, rnd = x
    if relation == 0:
        return _instance(a, b, a, _other(b), "same truth")
    if relation == 1:
        return _instance(a, b, b, a, "swapped")
    if relation == 2:
        return _instance(a, b, _other(a), b, "same prediction")
    labels = b.tolist()
    rnd.shuffle(labels)
    return _instance(a, b, a, Partition.from_labels(labels), "same truth, shuffled prediction")


CONSTRAINT = Determinism()
