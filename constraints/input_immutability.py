"""Input immutability: the metric leaves the label containers it is given as they were.

A caller keeps using its arrays after scoring them; a metric that sorts them in place,
relabels them to ``0 .. k-1`` or writes a noise label over them corrupts the caller's data
(and every later score of it).  Each instance is a pair (T, H) passed three ways -- Python
lists, writable ``numpy`` ``int64`` arrays and *read-only* ``numpy`` arrays -- with the blocks
numbered from the last, so that the lists are not already sorted.  Violated if

* a list or an array differs after the call from a copy taken before it (values, length,
  dtype or shape); the container, the argument, the labels given and the labels after the
  call are shown;
* the metric raises on read-only arrays while it accepts writable ones (it writes into its
  input: ``ValueError: assignment destination is read-only``).

A metric that raises on ``numpy`` arrays altogether (lists only) is recorded as a tie (weak),
as label invariance records a rejected label type.
"""
from __future__ import annotations

from typing import Any, Iterator, List, Optional, Tuple

import numpy as np

from metricprops.calls import as_number
from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.tolerance import TOLERANCE

from ._fresh import call, codes, timeout_of
from ._pairs import class_pairs, pair_instance_strategy
from .bounds import with_breach

#: Pairs up to this many items are checked exhaustively (each check costs 4 calls).
EXHAUSTIVE_N = 4
CONTAINERS = ("list", "numpy array", "read-only numpy array")


def _build(labels: List[int], container: str) -> Any:
    if container == "list":
        return list(labels)
    array = np.array(labels, dtype=np.int64)
    if container.startswith("read-only"):
        array.setflags(write=False)
    return array


def _copy(x: Any) -> Any:
    return list(x) if isinstance(x, list) else np.array(x, copy=True)


def _changed(before: Any, after: Any) -> bool:
    if isinstance(before, list):
        return not isinstance(after, list) or after != before
    return (not isinstance(after, np.ndarray) or after.dtype != before.dtype
            or after.shape != before.shape or not np.array_equal(after, before))


def _values(x: Any) -> list:
    return x.tolist() if isinstance(x, np.ndarray) else list(x)


class InputImmutability(Constraint):
    name = "input_immutability"
    title = "Input immutability: the label lists and arrays are unchanged after the call"
    citation = ("The numpy and scikit-learn conventions: a function does not modify its "
                "inputs unless it says so, and accepts read-only arrays.")
    statement = ("For every pair (T, H) given as lists, as writable numpy arrays and as "
                 "read-only numpy arrays, the containers are equal to their copies taken "
                 "before the call, and read-only arrays are accepted whenever writable ones "
                 "are.")
    budget = 0.1
    reducible = True

    def exhaustive_limit(self, max_n: int) -> int:
        return min(max_n, EXHAUSTIVE_N)

    def strategy(self, max_items: int) -> Any:
        return pair_instance_strategy(max_items)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for a, b in class_pairs(min(max_n, EXHAUSTIVE_N)):
            yield Instance(a, {"pred": b})

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        scores = {"pred": metric.oriented(score(truth, pred))}
        t_codes, p_codes = codes(truth, reverse=True), codes(pred, reverse=True)
        timeout = timeout_of(score)
        rejected: List[Tuple[str, str]] = []
        seen: List[Any] = []  # the raw values: one out of bounds is said so
        for container in CONTAINERS:
            t_in, p_in = _build(t_codes, container), _build(p_codes, container)
            t_copy, p_copy = _copy(t_in), _copy(p_in)
            ok, value = call(metric, t_in, p_in, timeout, truth, pred,
                             f"labels given as {container}s")
            seen.append(as_number(value) if ok else None)
            for arg, before, after in (("labels_true", t_copy, t_in),
                                       ("labels_pred", p_copy, p_in)):
                if _changed(before, after):
                    return Evaluation(
                        Outcome.VIOLATED, scores, -1.0,
                        detail=with_breach(metric, seen, f"the metric modified {arg} given "
                                                         f"as a {container}", tolerance),
                        extra={"modified": {"container": container, "argument": arg,
                                            "given": _values(before),
                                            "after": _values(after)}})
            if not ok:
                rejected.append((container, value))
        verdict = _rejections(rejected)
        if verdict is not None:
            outcome, detail = verdict
            return Evaluation(outcome, scores, -1.0 if outcome is Outcome.VIOLATED else 0.0,
                              detail=with_breach(metric, seen, detail, tolerance),
                              extra={"rejected": [f"{c}: {v}" for c, v in rejected]})
        return Evaluation(Outcome.SATISFIED, scores, 1.0)


def _rejections(rejected: List[Tuple[str, str]]) -> Optional[Tuple[Outcome, str]]:
    names = [c for c, _ in rejected]
    if "read-only numpy array" in names and "numpy array" not in names:
        return (Outcome.VIOLATED, "the metric raised on read-only arrays but accepts "
                                  "writable ones: it writes into its input")
    if names:
        return Outcome.TIE, "the metric raised on labels given as " + ", ".join(
            f"{c}s ({v})" for c, v in rejected)
    return None


CONSTRAINT = InputImmutability()
