"""The scale phase: structured partitions at the sizes where integer counts overflow.

Counts, pair counts and products of pair counts outgrow 16-, 32- and 64-bit integers long
after the 30 items of the random phase: a pair count C(n, 2) passes 2^31 at n = 65,537, a
product of two pair counts passes 2^63 near n = 78,000, a sum of squared counts passes 2^31
at n = 46,341.  The scale phase scores structured shapes (:data:`SHAPES`: one block, all
singletons, two halves, one giant block among singletons, many equal blocks, skewed sizes,
random) in pairs (:data:`SHAPE_PAIRS`) at a short ladder of sizes past those limits
(:func:`ladder`: 257, 4097, 92683 and ``scale_max_n``, default 131072); a failure at one size
is bisected back to the limit it passed.  A constraint takes part by giving
:meth:`~metricprops.constraint.Constraint.scale_instance`; the checks of one metric share the
values of the ladder's shapes (bounds, maximal agreement and symmetry score the same pairs).

The first failing size of a shape pair is *bisected* down to the previous size of the
ladder: the finding is reported at the smallest n found failing (with n - 1 passing), by
shape and size, with a one-line reproduction -- never as a list of labels.  The phase stops
quietly at the first call that takes more than :data:`SCALE_CALL_SECONDS` (slowness is the
``scaling`` property's business, not a finding here) and after :data:`SCALE_SECONDS` of CPU
time in all (or :data:`~metricprops.settings.WALL_FACTOR` times that of wall time);
a metric fast enough for neither limit to bite gets the same verdicts on every run.  The
phase's calls are not counted in the check's ``calls`` (which stays the same on every run of
the same seed, however far a slow metric got here).
"""
from __future__ import annotations

import functools
import math
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from ..calls import Deadline, Scorer
from ..constraint import Evaluation, Outcome
from ..errors import MetricCallError
from ..partition import Partition
from ..results.model import Counterexample, Finding

__all__ = ["SHAPES", "SHAPE_PAIRS", "LIMITS", "SCALE_SECONDS", "SCALE_CALL_SECONDS",
           "shape_labels", "ladder",
           "ScaleFinding", "run_scale"]

#: Seconds of CPU time one check may spend in its scale phase (wall time: WALL_FACTOR x).
SCALE_SECONDS = 10.0
#: Seconds one call may take in the scale phase (the check's own time limit, if lower, wins).
SCALE_CALL_SECONDS = 1.0


def _equal(n: int) -> np.ndarray:
    return np.arange(n) // max(1, math.isqrt(n))


def _random(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed + n).integers(0, max(1, math.isqrt(n)), n)


#: name -> labels of n items (numpy integer array).
SHAPES: Dict[str, Callable[[int], np.ndarray]] = {
    "one block": lambda n: np.zeros(n, dtype=np.int64),
    "all singletons": lambda n: np.arange(n),
    "two halves": lambda n: (np.arange(n) >= n // 2).astype(np.int64),
    "giant among singletons": lambda n: np.maximum(np.arange(n) - (n - n // 8), 0),
    "equal blocks": _equal,  # about sqrt(n) blocks of sqrt(n) items
    "skewed": lambda n: np.floor(np.log2(np.arange(1, n + 1))).astype(np.int64),  # 1, 2, 4, ...
    "random": lambda n: _random(n, 1),
}

#: (truth shape, prediction shape), in the order tried.
SHAPE_PAIRS: Tuple[Tuple[str, str], ...] = (
    ("one block", "two halves"), ("two halves", "equal blocks"),
    ("giant among singletons", "one block"), ("skewed", "random"),
    ("all singletons", "one block"), ("one block", "one block"),
)

#: Sizes just past an integer limit: (n, what overflows there).
LIMITS: Tuple[Tuple[int, str], ...] = (
    (257, "counts past 2^8, products of squared counts past 2^31"),
    (4097, "pair counts past 2^23, products of pair counts past 2^45"),
    (92683, "products of pair counts past 2^63 (one block against halves)"),
    (131072, "counts past 2^16, pair counts past 2^33"),
)


def shape_labels(shape: str, n: int) -> np.ndarray:
    """The labels of ``shape`` with ``n`` items (see :data:`SHAPES`)."""
    return SHAPES[shape](int(n))


def ladder(max_n: int) -> List[int]:
    """The sizes tried, ascending: each limit of :data:`LIMITS` up to ``max_n``, and
    ``max_n`` itself."""
    sizes = sorted({n for n, _ in LIMITS if n <= max_n} | ({max_n} if max_n >= 2 else set()))
    return sizes


def reproduction(truth: str, pred: str, n: int, metric: str) -> str:
    """One line of Python that reproduces a scale finding."""
    return (f"from metricprops.search.scale import shape_labels as s; "
            f"{metric}(s({truth!r}, {n}), s({pred!r}, {n}))")


class ScaleFinding:
    """Evidence of a scale finding: what the search keeps instead of an Evaluation."""

    def __init__(self, what: Any, shapes: Tuple[str, str], n: int, passes_below: int,
                 metric: str):
        self.what, self.shapes, self.n, self.passes_below = what, shapes, n, passes_below
        self.metric = metric

    def finding(self, key: tuple) -> Finding:
        truth, pred = self.shapes
        line = reproduction(truth, pred, self.n, self.metric)
        # the labels stay in the data (the JSON contract: a counterexample has "truth" and
        # "pred"); the text and Markdown show the shapes, the size and the reproduction
        data: Dict[str, Any] = {
            "truth": shape_labels(truth, self.n).tolist(),
            "pred": shape_labels(pred, self.n).tolist(),
            "shape": {"truth": truth, "pred": pred}, "n": self.n,
            "passes_at": self.passes_below, "reproduce": line,
            "notation": {"truth": f"{truth}, n = {self.n}", "pred": f"{pred}, n = {self.n}"},
        }
        if isinstance(self.what, MetricCallError):
            data.update(reason=self.what.reason, message=str(self.what))
            kind = "error"
        else:
            data["scores"] = self.what.scores
            if self.what.detail:
                data["detail"] = self.what.detail
            kind = "violation"
        return Finding(kind, "scale", self.n, "scale", True, Counterexample(data),
                       reason=key[1] if kind == "error" else None, minimal="bisected")


@functools.lru_cache(maxsize=None)
def shape_partition(shape: str, n: int) -> Partition:
    """The partition of ``shape`` with ``n`` items (one object per shape and size: the
    ladder's partitions take about 20 MB in all)."""
    partition = Partition.from_labels(shape_labels(shape, n))
    _SHAPE_OF[id(partition)] = (shape, n)  # kept alive by the cache: the id stays its own
    return partition


#: (metric name, function) -> {(truth shape, pred shape): value or MetricCallError}: the
#: scale phases of the checks of one metric share the values of the shapes they all score
#: (no labels kept).  Keyed on the function, not the Metric object: a check run in a worker
#: process gets a fresh copy of the Metric, but the same imported function.
_VALUES: Dict[tuple, Dict[tuple, Any]] = {}


class _ShapeScorer(Scorer):
    """A scorer that keeps no labels: values of known shapes are shared between checks."""

    def raw(self, truth: Partition, pred: Partition) -> float:
        key = (_SHAPE_OF.get(id(truth)), _SHAPE_OF.get(id(pred)))
        if None in key[:2]:
            self._cache.clear()  # no memo kept: the keys would be megabytes
            return super().raw(truth, pred)
        m = self.metric
        values = _VALUES.setdefault((m.name, m.func or m.formula), {})
        if key not in values:
            try:
                values[key] = super().raw(truth, pred)
            except MetricCallError as exc:
                if exc.reason == "timeout":
                    raise
                values[key] = exc
            self._cache.clear()
        value = values[key]
        if isinstance(value, MetricCallError):
            raise value
        return value


_SHAPE_OF: Dict[int, Tuple[str, int]] = {}


def _outcome(constraint: Any, metric: Any, scorer: Scorer, shapes: Tuple[str, str], n: int,
             tolerance: float, shared: bool) -> Tuple[Optional[tuple], Any]:
    if shared:  # a size of the ladder: every check scores it
        truth, pred = shape_partition(shapes[0], n), shape_partition(shapes[1], n)
    else:  # a size of one bisection
        truth = Partition.from_labels(shape_labels(shapes[0], n))
        pred = Partition.from_labels(shape_labels(shapes[1], n))
    instance = constraint.scale_instance(truth, pred)
    if instance is None:  # the constraint skips this size
        return None, None
    limit = SCALE_CALL_SECONDS if scorer.timeout is None else min(scorer.timeout,
                                                                  SCALE_CALL_SECONDS)
    fresh = _ShapeScorer(metric, limit)
    try:
        ev: Evaluation = constraint.evaluate(instance, fresh, metric, tolerance)
    except MetricCallError as exc:
        if exc.reason == "timeout":
            raise
        return ("error", exc.reason, "scale"), exc
    if ev.outcome is Outcome.VIOLATED and not ev.tentative:
        return ("violation", "", "scale"), ev
    return None, ev


def run_scale(search: Any, max_n: int, max_items: int = 0,
              seconds: float = SCALE_SECONDS) -> int:
    """Run the scale phase of ``search``'s constraint; keep each finding of a kind the search
    does not hold yet (a violation, or an error with its reason), bisected.  A kind already
    found on small inputs is not reported again at scale (a metric that fails a constraint
    by definition would fail it at every size).  Returns the number of instances scored;
    ``max_items`` is kept for callers."""
    c, m = search.constraint, search.metric
    if max_n < 2 or getattr(c, "scale_instance", None) is None or \
            c.scale_instance(Partition.one_block(2), Partition.one_block(2)) is None:
        return 0
    deadline = Deadline(seconds)
    scored = 0

    def outcome(shapes: Tuple[str, str], n: int, shared: bool = False
                ) -> Tuple[Optional[tuple], Any]:
        nonlocal scored
        search._tick()
        scored += 1
        return _outcome(c, m, search.scorer, shapes, n, search.tolerance, shared)

    try:
        for shapes in SHAPE_PAIRS:
            passed = 1
            for n in ladder(max_n):
                if deadline.passed():
                    return scored
                key, what = outcome(shapes, n, shared=True)
                if key is None:
                    passed = n
                    continue
                if any(k[:2] == key[:2] for k in search.findings):
                    break  # this kind is known (small inputs, or another shape): no bisection
                if key not in search.findings:
                    lo, hi = passed, n  # lo passes, hi fails with this key
                    while hi - lo > 1 and not deadline.passed():
                        mid = (lo + hi) // 2
                        got, evidence = outcome(shapes, mid)
                        if got == key:
                            hi, what = mid, evidence
                        else:
                            lo = mid
                    instance = c.scale_instance(
                        Partition.from_labels(shape_labels(shapes[0], hi)),
                        Partition.from_labels(shape_labels(shapes[1], hi)))
                    search.findings[key] = (instance, ScaleFinding(
                        what, shapes, hi, hi - 1 if hi - lo == 1 else lo, m.name), "scale", True)
                break
    except MetricCallError:  # a call past the time limit: slowness is not this phase's finding
        pass
    return scored
