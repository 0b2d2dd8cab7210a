"""Differential testing of two implementations of a metric (the ``agreement`` check).

``compare(a, b)`` looks for an input on which two implementations disagree by more than the
tolerance.  It reuses the checker: :class:`Agreement` is a catalog-style constraint (with the
second implementation as its parameter), so the search is the checker's — first every pair
of partitions with at most ``exhaustive_n`` items (every pair up to 4 items, and one pair
per contingency table up to a reordering of the items above that) plus degenerate pairs
(one block, all singletons) of ``max_items`` items, then ``max_examples`` random pairs
(random, degenerate, near-identical) with hypothesis shrinking the first disagreement.
Whatever found it, the disagreeing input is finally minimised greedily — items deleted
and blocks merged while the implementations still disagree, then the items reordered
(largest blocks first) — so no item of the reported input can be removed and no two of its
blocks merged.

Values are compared raw (each implementation's own value, not oriented) with
:func:`metricprops.tolerance.compare_values`.  An implementation that raises, hangs or returns a
non-number on some input makes the status ``error`` (with that input).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from .calls import DEFAULT_TIMEOUT, MetricCallError, Scorer
from .constraint import Constraint, Evaluation, Instance, Outcome
from .enumeration import all_pairs, class_pairs, degenerate_pairs
from .metrics.base import Metric
from .partition import Partition
from .registry import resolve_metric
from .results.model import Counterexample, counterexample_json
from .settings import (DEFAULT_EXHAUSTIVE_N, DEFAULT_MAX_EXAMPLES, DEFAULT_MAX_ITEMS,
                       DEFAULT_SCALE_MAX_N,
                       TOLERANCE, check_budget, check_seed)
from .tolerance import compare_values

__all__ = ["compare", "Agreement", "CompareResult", "resolve"]

#: Every ordered pair is checked up to this many items; above it one pair per table.
ALL_PAIRS_N = 4


#: Former name of :func:`metricprops.registry.resolve_metric`.
resolve = resolve_metric


def _raw(score: Any, metric: Metric, truth: Partition, pred: Partition) -> float:
    raw = getattr(score, "raw", None)
    return raw(truth, pred) if raw is not None else metric.oriented(score(truth, pred))


def _relabel_error(side: str, exc: MetricCallError) -> MetricCallError:
    """The error of implementation ``side`` ("a" or "b"), its message prefixed with the side;
    ``side`` and the unprefixed ``cause`` are kept as attributes."""
    error = MetricCallError(exc.reason, f"{side}: {exc}", exc.truth, exc.pred)
    error.side, error.cause = side, str(exc)
    return error


class Agreement(Constraint):
    """Two implementations agree: f_a(T, H) = f_b(T, H) within the tolerance.

    The metric being checked is implementation ``a``; ``reference`` is ``b``.
    """

    name = "agreement"
    title = "Agreement: two implementations return the same value"
    citation = "Differential (regression) testing against a reference implementation."
    statement = ("For all partitions T, H of the same items, f_a(T, H) = f_b(T, H) within the "
                 "tolerance.")

    def __init__(self, reference: Any, timeout: Optional[float] = DEFAULT_TIMEOUT):
        self.reference = resolve_metric(reference)
        self.reference_scorer = Scorer(self.reference, timeout)
        #: The last error of either implementation (its ``side`` says which).
        self.last_error: Optional[MetricCallError] = None

    def strategy(self, max_items: int) -> Any:
        from .strategies import pairs
        return pairs(max_items).map(lambda ab: Instance(ab[0], {"pred": ab[1]}))

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for a, b in all_pairs(min(max_n, ALL_PAIRS_N)):
            yield Instance(a, {"pred": b})
        for a, b in class_pairs(max_n, ALL_PAIRS_N + 1):
            yield Instance(a, {"pred": b})

    def examples(self, max_items: int) -> Iterator[Instance]:
        for a, b in degenerate_pairs(max(max_items, 2)):
            yield Instance(a, {"pred": b}, "degenerate")

    def scale_instance(self, truth: Partition, pred: Partition) -> Instance:
        """The two implementations are compared in the scale phase too."""
        return Instance(truth, {"pred": pred}, "scale")

    def disagree(self, score: Any, metric: Metric, truth: Partition, pred: Partition,
                 tolerance: float) -> Tuple[bool, float, float]:
        try:
            qa = _raw(score, metric, truth, pred)
        except MetricCallError as exc:
            self.last_error = _relabel_error("a", exc)
            raise self.last_error from exc
        # large inputs (the scale phase) are not memoised: the keys would be megabytes
        reference = self.reference_scorer if truth.n <= 10_000 else Scorer(
            self.reference, score.timeout if hasattr(score, "timeout") else None)
        try:
            qb = reference.raw(truth, pred)
        except MetricCallError as exc:
            self.last_error = _relabel_error("b", exc)
            raise self.last_error from exc
        return compare_values(qa, qb, tolerance) != 0, qa, qb

    def evaluate(self, instance: Instance, score: Any, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        differ, qa, qb = self.disagree(score, metric, instance.truth, instance["pred"], tolerance)
        scores = {"a": qa, "b": qb}
        if differ:
            return Evaluation(Outcome.VIOLATED, scores, -abs(qa - qb),
                              detail="the implementations disagree")
        return Evaluation(Outcome.SATISFIED, scores, 0.0)


@dataclass
class CompareResult:
    """Outcome of :func:`compare`: ``status`` is ``agree``, ``disagree`` or ``error``."""

    a: str
    b: str
    status: str
    seed: int
    examples: int
    tolerance: float
    exhaustive_n: int
    max_items: int
    counterexample: Optional[Counterexample] = None
    error: Optional[Counterexample] = None
    message: str = ""
    #: How the disagreement was found: "exhaustive" or "random" (None when there is none).
    found_by: Optional[str] = None
    #: For an ``error``: which implementation failed ("a" or "b"), and its own message.
    failing: Optional[str] = None
    cause: str = ""

    @property
    def ok(self) -> bool:
        """True when the implementations agree."""
        return self.status == "agree"

    def to_json(self) -> Dict[str, Any]:
        return {"schema": 1, "a": self.a, "b": self.b, "status": self.status,
                "seed": self.seed, "examples": self.examples,
                "counterexample": counterexample_json(self.counterexample), "error": counterexample_json(self.error),
                "tolerance": self.tolerance, "exhaustive_n": self.exhaustive_n,
                "max_items": self.max_items, "message": self.message}

    def dumps(self) -> str:
        """Deterministic JSON text (same seed and settings → same bytes)."""
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"

    def describe(self) -> str:
        lines = [f"a: {self.a}", f"b: {self.b}", f"{self.status}: {self.message}"]
        shown = self.counterexample or self.error
        if shown:
            lines += [f"  {line}" for line in shown.lines(numbers="repr")]
        lines.append(f"seed {self.seed}")
        return "\n".join(lines)


def minimise(truth: Partition, pred: Partition,
             disagree: Callable[[Partition, Partition], bool]) -> Tuple[Partition, Partition]:
    """Greedy minimisation of a disagreeing pair: delete items, then merge blocks, while
    ``disagree`` holds (an input on which an implementation raises does not count); finally
    reorder the items consistently (largest blocks first) if that still disagrees."""
    def holds(t: List[int], p: List[int]) -> bool:
        try:
            return disagree(Partition.from_labels(t), Partition.from_labels(p))
        except MetricCallError:
            return False

    t, p = truth.tolist(), pred.tolist()
    changed = True
    while changed:
        changed = False
        i = 0
        while i < len(t) and len(t) > 1:  # delete items
            t2, p2 = t[:i] + t[i + 1:], p[:i] + p[i + 1:]
            if holds(t2, p2):
                t, p, changed = t2, p2, True
            else:
                i += 1
        for side in (0, 1):  # merge blocks (into the earlier block)
            merged = True
            while merged:
                merged = False
                labels = (t, p)[side]
                ids = sorted(set(labels))
                for x in ids:
                    for y in ids:
                        if y <= x:
                            continue
                        new = [x if v == y else v for v in labels]
                        cand = (new, p) if side == 0 else (t, new)
                        if holds(*cand):
                            t, p = cand
                            merged = changed = True
                            break
                    if merged:
                        break
    # finally, a consistent reordering of the items: largest blocks first, if still disagreeing
    tp, pp = Partition.from_labels(t), Partition.from_labels(p)
    ts, ps = tp.sizes, pp.sizes
    order = sorted(range(len(t)), key=lambda i: (-ts[tp.labels[i]], int(tp.labels[i]),
                                                  -ps[pp.labels[i]], int(pp.labels[i])))
    t2, p2 = [int(tp.labels[i]) for i in order], [int(pp.labels[i]) for i in order]
    if (Partition.from_labels(t2).tolist(), Partition.from_labels(p2).tolist()) < (
            tp.tolist(), pp.tolist()) and holds(t2, p2):
        t, p = t2, p2
    return Partition.from_labels(t), Partition.from_labels(p)


def compare(a: Any, b: Any, *, tolerance: float = TOLERANCE, seed: Optional[int] = None,
            max_examples: int = DEFAULT_MAX_EXAMPLES, exhaustive_n: int = DEFAULT_EXHAUSTIVE_N,
            max_items: int = DEFAULT_MAX_ITEMS, timeout: Optional[float] = DEFAULT_TIMEOUT,
            jobs: Optional[int] = None,
            scale_max_n: int = DEFAULT_SCALE_MAX_N,
            cluster: Optional[str] = None) -> CompareResult:
    """Differential testing: find the smallest input on which ``a`` and ``b`` disagree.

    Parameters
    ----------
    a, b : Metric, str or callable
        Implementations: a :class:`~metricprops.Metric`, a registered name, a
        ``package.module:attr`` or ``path/file.py:attr`` target, or ``f(labels_true,
        labels_pred)``.
    tolerance : float
        Values within this tolerance agree (see :mod:`metricprops.tolerance`).
    seed : int, optional
        Seed of the random phase (drawn and recorded when omitted).
    max_examples : int
        Random pairs after the exhaustive phase (0 skips the phase).
    exhaustive_n : int
        Every pair with at most this many items is compared first (1..8).
    max_items : int
        Largest random pair, and size of the degenerate pairs.
    timeout : float or None
        Seconds one call may take.
    jobs : int, optional
        Worker processes of the audit engine's pool (default 1, or what ``metricprops
        report --jobs`` set), as in :func:`~metricprops.checker.check`; the result is the
        same for every ``jobs``.
    cluster : str, optional
        A Dask scheduler's address: the comparison runs there (default none, or what
        ``metricprops report --cluster`` set), with the same result.
    scale_max_n : int
        Largest input of the scale phase, where the two are also compared on structured
        partitions of many items (0 skips it), as in :func:`~metricprops.checker.check`.

    Returns
    -------
    CompareResult
        ``status`` ``agree`` / ``disagree`` / ``error``; a disagreement comes with the
        smallest disagreeing input found (``counterexample``: truth, pred, scores a and b).
    """
    from .checker import check
    from .results.model import Status

    check_budget(max_examples=max_examples, exhaustive_n=exhaustive_n, max_items=max_items,
                 timeout=timeout, tolerance=tolerance)
    seed = check_seed(seed)
    ma, mb = resolve_metric(a), resolve_metric(b)
    agreement = Agreement(mb, timeout)
    r = check(ma, agreement, seed=seed, max_examples=max_examples, exhaustive_n=exhaustive_n,
              max_items=max_items, timeout=timeout, tolerance=tolerance, jobs=jobs,
              scale_max_n=scale_max_n, cluster=cluster)
    common = dict(a=ma.name, b=mb.name, seed=seed, examples=r.examples, tolerance=tolerance,
                  exhaustive_n=exhaustive_n, max_items=max_items)
    if r.status == Status.FAILED and r.found_by == "scale":
        ce = r.counterexample or {}
        return CompareResult(status="disagree", counterexample=ce, found_by="scale", message=(
            f"the implementations disagree at scale only: truth {ce['shape']['truth']}, "
            f"prediction {ce['shape']['pred']}, n = {ce['n']} (n = {ce['passes_at']} "
            f"agrees); reproduce: {ce['reproduce']}"), **common)
    if r.status == Status.FAILED:
        ce = r.counterexample or {}
        scorer = Scorer(ma, timeout)
        found = Partition.from_labels(ce["truth"]), Partition.from_labels(ce["pred"])
        truth, pred = minimise(*found, lambda t, p: agreement.disagree(scorer, ma, t, p,
                                                                       tolerance)[0])
        _, qa, qb = agreement.disagree(scorer, ma, truth, pred, tolerance)
        counterexample = Counterexample.build(truth, {"pred": pred}, {"a": qa, "b": qb})
        how = {"exhaustive": "exhaustive search", "random": "random search, shrunk"}.get(
            r.found_by or "", "search")
        shrunk = "" if truth.n == found[0].n else f" (found with {found[0].n} items, minimised)"
        return CompareResult(status="disagree", counterexample=counterexample,
                             found_by=r.found_by,
                             message=(f"the implementations disagree; smallest disagreeing input "
                                      f"{truth.n} items, found by {how}{shrunk}."), **common)
    if r.status == Status.ERROR:
        # the headline error's own message names the side ("a: ..." or "b: ...")
        head = (r.error or {}).get("message", "")
        side = head[0] if head[:3] in ("a: ", "b: ") else None
        return CompareResult(status="error", error=r.error, message=r.message, failing=side,
                             cause=head[3:] if side else r.message, **common)
    if r.status == Status.PASSED:
        return CompareResult(status="agree",
                             message=f"no disagreement among {r.scope} (seed {r.seed}).",
                             **common)
    return CompareResult(status="error", message=f"{r.status}: {r.message}", **common)
