"""The scale phase: structured partitions at the sizes where integer counts overflow.

Counts, pair counts and products of pair counts outgrow 16-, 32- and 64-bit integers long
after the 30 items of the random phase: a pair count C(n, 2) passes 2^31 at n = 65,537, a
product of two pair counts passes 2^63 near n = 78,000, a sum of squared counts passes 2^31
at n = 46,341.  The scale phase scores structured shapes (:data:`SHAPES`: one block, all
singletons, two halves, one giant block among singletons, many equal blocks, skewed sizes,
random) in pairs (:data:`SHAPE_PAIRS`, identical pairs among them: a declared perfect value
is an exact reference at every size; a constraint whose ``scale_identical`` is false skips
them) at a short ladder of sizes past those limits
(:func:`ladder`: 257, 4097, 92683 and ``scale_max_n``, default 131072; a constraint whose
``scale_codes_only`` is true, label invariance, leaves out 92683, where only counts
overflow: :data:`~.shapes.CODE_LIMITS`); a failure at one size
is bisected back to the limit it passed.  A constraint takes part by giving
:meth:`~metricprops.constraint.Constraint.scale_instance`; the checks of one metric share the
values of the ladder's shapes (bounds, maximal agreement and symmetry score the same pairs).

A constraint whose ``scale_continuity`` is true (``n_invariance``) also runs the continuity
test of :mod:`~metricprops.search.continuity`: the values of fixed-proportion families at
64, 128, ..., ``scale_max_n`` items must follow the trend of the smaller sizes; a value that
jumps (an overflow, a precision collapse, even inside the bounds) is a finding of kind
``discontinuity``, bisected to the smallest size found departing.

The first failing size of a shape pair is *bisected* down to the previous size of the
ladder: the finding is reported at the smallest n found failing (with n - 1 passing), by
shape and size, with a one-line reproduction runnable as printed (:func:`reproduction`) --
never as a list of labels.  Each shape pair is its own cause (``"cause"`` in the finding's
data, and of its key: ``(kind, reason, "scale", cause)``); an error is one finding per
reason and exception type (keyed as on small inputs: ``raised:ZeroDivisionError``).  A kind
already found on small inputs is not reported again at scale.  A call
that takes more than :data:`SCALE_CALL_SECONDS` (or is predicted to, from the same shape
pair's calls: :mod:`.cost`; a constraint's copies of the pair too,
:mod:`.shape_scorer`) or runs out of memory ends its shape pair
quietly (slowness is the ``scaling`` property's business, not a finding here); the phase
stops after :data:`SCALE_SECONDS` of CPU time in all (or
:data:`~metricprops.settings.WALL_FACTOR` times that of wall time); a metric fast enough
for neither limit to bite gets the same verdicts on every run.  A slower one may reach more
or fewer shape pairs from one run to the next (clusim's ``adj_mi`` takes 0.7 to 1.8 s a call
at 92,683 and 131,072 items, against the 1 s limit, and its phase ends after four pairs), so
its findings at scale can differ between runs; an exception it already raised on small
inputs is never one of them.  The phase's calls are not
counted in the check's ``calls`` (which stays the same on every run of the same seed,
however far a slow metric got here).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

from ..calls import Deadline, Scorer
from ..constraint import Evaluation, Instance, Outcome
from ..errors import MetricCallError
from ..partition import Partition
from ..results.model import Counterexample, Finding
from . import continuity, cost
from .declared import CONVENTION, declared_key
from .records import compact
from .shape_scorer import QUIET, ShapeScorer, remember_values, shared_values  # noqa: F401
from .shapes import (  # noqa: F401
    DISTINCT_PAIRS,
    LIMITS,
    SHAPE_PAIRS,
    SHAPES,
    cause,
    ladder,
    metric_expression,
    reproduction,
    shape_labels,
    shape_of,
    shape_partition,
)

__all__ = ["SHAPES", "SHAPE_PAIRS", "LIMITS", "SCALE_SECONDS", "SCALE_CALL_SECONDS",
           "shape_labels", "ladder", "reproduction", "metric_expression",
           "ScaleFinding", "run_scale", "has_scale_phase", "shared_values", "remember_values"]

#: Seconds of CPU time one check may spend in its scale phase (wall time: WALL_FACTOR x).
SCALE_SECONDS = 10.0
#: Seconds one call may take in the scale phase (the check's own time limit, if lower, wins).
SCALE_CALL_SECONDS = 1.0


class ScaleFinding:
    """Evidence of a scale finding: what the search keeps instead of an Evaluation.

    ``what`` is the :class:`~metricprops.constraint.Evaluation` of a violation, the
    :class:`~metricprops.errors.MetricCallError` of an error, or for a discontinuity the
    dict ``{"values": {n: value}, "trend": {n: value}, "detail": str}``."""

    def __init__(self, what: Any, shapes: Tuple[str, str], n: int, passes_below: int,
                 metric: Any, kind: Optional[str] = None):
        self.what, self.shapes, self.n, self.passes_below = what, shapes, n, passes_below
        self.metric = metric
        self.kind = kind or ("error" if isinstance(what, MetricCallError) else "violation")

    @property
    def cause(self) -> str:
        """The shape pair, e.g. ``"one block vs two halves"``."""
        return cause(self.shapes)

    def finding(self, key: tuple) -> Finding:
        truth, pred = self.shapes
        sizes = (self.passes_below, self.n) if self.kind == "discontinuity" else (self.n,)
        # the labels stay in the data of a small input (the JSON contract: a counterexample
        # has "truth" and "pred"); past records.LABELS_KEPT items only the record of how to
        # rebuild them does; the text and Markdown show the shapes, the size and the
        # reproduction
        data: Dict[str, Any] = {
            "truth": shape_labels(truth, self.n).tolist(),
            "pred": shape_labels(pred, self.n).tolist(),
            "shape": {"truth": truth, "pred": pred}, "n": self.n, "cause": self.cause,
            "passes_at": self.passes_below,
            "reproduce": reproduction(truth, pred, sizes, self.metric),
            "notation": {"truth": f"{truth}, n = {self.n}", "pred": f"{pred}, n = {self.n}"},
        }
        reason = None
        if self.kind == "error":
            data.update(reason=self.what.reason, message=str(self.what))
            reason = key[1]
        elif self.kind == "discontinuity":
            data.update(scores={f"value_at_{n}": v for n, v in self.what["values"].items()},
                        trend={str(n): v for n, v in self.what["trend"].items()},
                        detail=self.what["detail"])
        else:
            data["scores"] = self.what.scores
            if self.what.detail:
                data["detail"] = self.what.detail
        return Finding(self.kind, "scale", self.n, "scale", True, Counterexample(compact(data)),
                       reason=reason, minimal="bisected", cause=key[3] or None)


class _Quiet(Exception):
    """A call of the scale phase past its time or memory limit: the shape pair ends."""


def _partitions(shapes: Tuple[str, str], n: int, shared: bool) -> Tuple[Partition, Partition]:
    if shared:  # a size of a ladder: every check scores it
        return shape_partition(shapes[0], n), shape_partition(shapes[1], n)
    return (Partition.from_labels(shape_labels(shapes[0], n)),
            Partition.from_labels(shape_labels(shapes[1], n)))


def _scorer(metric: Any, scorer: Scorer, deadline: Deadline,
            shapes: Optional[Tuple[str, str]] = None) -> ShapeScorer:
    limit = SCALE_CALL_SECONDS if scorer.timeout is None else min(scorer.timeout,
                                                                  SCALE_CALL_SECONDS)
    return ShapeScorer(metric, limit, deadline, shapes)


def _outcome(constraint: Any, metric: Any, scorer: Scorer, shapes: Tuple[str, str], n: int,
             tolerance: float, shared: bool, deadline: Deadline, search: Any = None
             ) -> Tuple[Optional[tuple], Any]:
    """The key and evidence of a finding at scale (``None``: none, or one that ``search``'s
    metric's declared conventions explain: those are told on small inputs)."""
    found, what = _found(constraint, metric, scorer, shapes, n, tolerance, shared, deadline)
    if found is not None and search is not None and what is not None:
        instance = constraint.scale_instance(*_partitions(shapes, n, shared))
        if declared_key(search, instance, found, what)[0] == CONVENTION:
            return None, what
    return found, what


def _found(constraint: Any, metric: Any, scorer: Scorer, shapes: Tuple[str, str], n: int,
           tolerance: float, shared: bool, deadline: Deadline
           ) -> Tuple[Optional[tuple], Any]:
    instance = constraint.scale_instance(*_partitions(shapes, n, shared))
    if instance is None:  # the constraint skips this size
        return None, None
    try:
        ev: Evaluation = constraint.evaluate(
            instance, _scorer(metric, scorer, deadline, shapes), metric, tolerance)
    except MetricCallError as exc:
        if exc.reason in QUIET:
            raise _Quiet() from None
        # the reason as small inputs key it (``raised:ZeroDivisionError``): an exception met
        # there already is known, however far a slow metric's phase got on this run
        return key("error", exc.finding_reason()), exc
    if ev.outcome is Outcome.VIOLATED and not ev.tentative and not ev.extra.get("convention"):
        return key("violation", "", shapes), ev  # a declared convention is no scale finding
    return None, ev


def key(kind: str, reason: str, shapes: Optional[Tuple[str, str]] = None) -> tuple:
    """The key of a scale finding in :attr:`Search.findings`: ``(kind, reason, "scale",
    cause)``, the cause being the shape pair (none for an error: one per reason)."""
    return (kind, reason, "scale", cause(shapes) if shapes else "")


def _known(search: Any, found: tuple) -> bool:
    """Whether the search holds a finding of ``found``'s kind from small inputs or, for an
    error, of its reason anywhere."""
    if found[0] == "error":
        return any(k[:2] == found[:2] for k in search.findings)
    return any(k[0] == found[0] and k[2] != "scale" for k in search.findings)


def _constraint_ladder(search: Any, max_n: int, deadline: Deadline,
                       outcome: Callable[..., Tuple[Optional[tuple], Any]]) -> None:
    c, m = search.constraint, search.metric
    pairs = SHAPE_PAIRS if getattr(c, "scale_identical", True) else DISTINCT_PAIRS
    sizes = ladder(max_n, codes_only=getattr(c, "scale_codes_only", False))
    for shapes in pairs:
        passed = 1
        try:
            for n in sizes:
                if deadline.passed():
                    return
                found, what = outcome(shapes, n, shared=True)
                if found is None:
                    passed = n
                    continue
                if _known(search, found) or found in search.findings:
                    break  # known (small inputs, or another shape): no bisection
                lo, hi = passed, n  # lo passes, hi fails with this key
                while hi - lo > 1 and not deadline.passed():
                    mid = (lo + hi) // 2
                    got, evidence = outcome(shapes, mid)
                    if got == found:
                        hi, what = mid, evidence
                    else:
                        lo = mid
                instance = c.scale_instance(*_partitions(shapes, hi, False))
                search.findings[found] = (instance, ScaleFinding(
                    what, shapes, hi, hi - 1 if hi - lo == 1 else lo, m), "scale", True)
                break
        except _Quiet:
            continue


def _continuity(search: Any, max_n: int, deadline: Deadline) -> None:
    """The continuity test (:mod:`~metricprops.search.continuity`) on every trend pair."""
    floor = continuity.floor_of(search.tolerance)
    for shapes in continuity.TREND_PAIRS:
        wanted = key("discontinuity", "", shapes)
        if wanted in search.findings:
            continue
        try:
            found = _trend(search, shapes, max_n, deadline, floor)
        except _Quiet:
            continue
        if found is not None:
            search.findings[wanted] = found


def _trend(search: Any, shapes: Tuple[str, str], max_n: int, deadline: Deadline,
           floor: float) -> Optional[tuple]:
    """The finding of one trend pair, or ``None``."""
    scorer = _scorer(search.metric, search.scorer, deadline)
    seen: Dict[int, Optional[float]] = {}

    def at(n: int, shared: bool = False) -> Optional[float]:
        search._tick()
        try:
            seen[n] = scorer.raw(*_partitions(shapes, n, shared))
        except MetricCallError as exc:
            if exc.reason in QUIET:
                raise _Quiet() from None
            seen[n] = None
        return seen[n]

    values: Dict[int, Optional[float]] = {}
    costs: List[Tuple[int, float]] = []  # (size, CPU seconds) of the ladder's calls
    for n in continuity.trend_sizes(max_n):
        predicted = cost.predicted_seconds(costs, n) if len(costs) >= 2 else None
        if (predicted or 0.0) > continuity.TREND_CALL_SECONDS and cost.sudden(costs):
            last = costs[-1][0]  # one slow call must not end the ladder: time it again
            costs[-1] = (last, scorer.timed_again(*_partitions(shapes, last, True)))
            predicted = cost.predicted_seconds(costs, n)
        if deadline.passed() or (predicted or 0.0) > continuity.TREND_CALL_SECONDS:
            return None  # the call at n would take too long, from the growth measured
        history = list(values.values())[-continuity.HISTORY:]
        values[n] = value = at(n, shared=True)
        if continuity.trusted_run(history) and continuity.departs(history, value, floor):
            break
        costs.append((n, scorer.last_seconds))
        if scorer.last_seconds > continuity.TREND_CALL_SECONDS:
            return None  # the next size would take at least twice as long: the ladder ends
    else:
        return None
    lo, hi = continuity.first_departure(
        at, n // 2, n, lambda v: continuity.departs(history, v, floor), deadline.passed)
    shown = {k: "error" if seen[k] is None else seen[k] for k in (lo, hi)}
    trend = dict(list(values.items())[-continuity.HISTORY - 1:-1])
    detail = (f"the value departs from the trend of the smaller sizes: {shown[hi]!r} at "
              f"n = {hi} after {shown[lo]!r} at n = {lo} (n = "
              f"{', '.join(map(str, trend))} gave {', '.join(repr(v) for v in trend.values())})")
    truth, pred = _partitions(shapes, hi, False)
    return (Instance(truth, {"pred": pred}, "scale"), ScaleFinding(
        {"values": shown, "trend": trend, "detail": detail}, shapes, hi, lo, search.metric,
        kind="discontinuity"), "scale", True)


def has_scale_phase(constraint: Any, max_n: int) -> bool:
    """Whether ``constraint`` takes part in a scale phase up to ``max_n`` items (it gives an
    instance on two large partitions)."""
    if max_n < 2 or getattr(constraint, "scale_instance", None) is None:
        return False
    return constraint.scale_instance(Partition.one_block(2), Partition.one_block(2)) is not None


def run_scale(search: Any, max_n: int, max_items: int = 0,
              seconds: float = SCALE_SECONDS) -> int:
    """Run the scale phase of ``search``'s constraint; keep each finding of a kind the search
    does not hold yet (per shape pair for a violation or a discontinuity, per reason for an
    error), bisected.  A kind already found on small inputs is not reported again at scale
    (a metric that fails a constraint by definition would fail it at every size).  Returns
    the number of instances scored by the constraint ladder; ``max_items`` is kept for
    callers."""
    c, m = search.constraint, search.metric
    if not has_scale_phase(c, max_n):
        return 0
    deadline = Deadline(seconds)
    scored = 0

    def outcome(shapes: Tuple[str, str], n: int, shared: bool = False
                ) -> Tuple[Optional[tuple], Any]:
        nonlocal scored
        search._tick()
        scored += 1
        return _outcome(c, m, search.scorer, shapes, n, search.tolerance, shared, deadline,
                        search)

    if getattr(c, "scale_continuity", False):
        _continuity(search, max_n, deadline)
    _constraint_ladder(search, max_n, deadline, outcome)
    return scored
