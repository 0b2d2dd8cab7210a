"""Differential testing of two implementations of a metric (the ``agreement`` check).

``compare(a, b)`` looks for an input on which two implementations disagree by more than the
tolerance.  It reuses the checker: :class:`Agreement` is a catalog-style constraint (with the
second implementation as its parameter), so the search is the checker's — first every pair
of partitions with at most ``exhaustive_n`` items (every pair up to 4 items, and one pair
per contingency table up to a reordering of the items above that) plus degenerate pairs
(one block, all singletons) of ``max_items`` items, then ``max_examples`` random pairs
(random, degenerate, near-identical) with hypothesis shrinking the first disagreement.
Whatever found it, the checker minimises the disagreeing input (:mod:`metricprops.search.minimise`:
items removed, blocks merged and split while the implementations still disagree), so no
item of the reported input can be removed and no two of its blocks merged.

Values are compared raw (each implementation's own value, not oriented) with
:func:`metricprops.tolerance.compare_values`.  An implementation that raises, hangs or returns a
non-number on some input makes the status ``error`` (with that input).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Tuple

from .calls import Scorer
from .constraint import Constraint, Evaluation, Instance, Outcome
from .enumeration import all_pairs, class_pairs, degenerate_pairs
from .errors import MetricCallError
from .metrics.base import Metric
from .partition import Partition
from .registry import resolve_metric
from .results.model import Counterexample, Finding, counterexample_json
from .results.words import items
from .settings import DEFAULT_TIMEOUT, TOLERANCE, Budget, Run, check_seed
from .tolerance import compare_values

__all__ = ["compare", "Agreement", "CompareResult"]

#: Every ordered pair is checked up to this many items; above it one pair per table.
ALL_PAIRS_N = 4


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
    reducible = True
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
    #: Every distinct finding of the comparison (the headline first), as the checker's.
    findings: List[Finding] = field(default_factory=list)
    #: One line of Python, runnable as printed, that prints both values on the headline's
    #: input (``""`` when there is none, or when an implementation has no importable name).
    reproduce: str = ""

    @property
    def ok(self) -> bool:
        """True when the implementations agree."""
        return self.status == "agree"

    def to_json(self) -> Dict[str, Any]:
        return {"schema": 1, "a": self.a, "b": self.b, "status": self.status,
                "seed": self.seed, "examples": self.examples,
                "counterexample": counterexample_json(self.counterexample),
                "error": counterexample_json(self.error),
                "tolerance": self.tolerance, "exhaustive_n": self.exhaustive_n,
                "max_items": self.max_items, "message": self.message,
                "findings": [f.to_json() for f in self.findings],
                "reproduce": self.reproduce or None}

    def dumps(self) -> str:
        """Deterministic JSON text (same seed and settings → same bytes)."""
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"

    def describe(self) -> str:
        """The verdict, the headline's input with both values, every other finding, and the
        line of Python that reproduces the headline."""
        lines = [f"a: {self.a}", f"b: {self.b}", f"{self.status}: {self.message}"]
        shown = self.counterexample or self.error
        if shown:
            lines += [f"  {line}" for line in shown.lines(numbers="repr")
                      if not line.startswith("passes at n = ")]
        if self.reproduce and self.reproduce not in self.message:
            lines.append(f"  reproduce: {self.reproduce}")
        for f in self.findings[1:]:
            lines.append(f"  also: {f.title()}")
            if f.kind == "error" and f.example.get("message"):
                lines.append(f"    error: {f.example['message']}")
            lines += [f"    {line}" for line in f.example.lines(numbers="repr")
                      if not line.startswith("passes at n = ")]
        lines.append(f"seed {self.seed}")
        return "\n".join(lines)


def _expression(text: str) -> bool:
    try:
        compile(text, "<reproduce>", "eval")
    except SyntaxError:
        return False
    return True


def reproduction(a: Metric, b: Metric, shown: Any) -> str:
    """One line of Python, runnable as printed, that prints the values of ``a`` and ``b`` on
    the input of ``shown`` (a counterexample: its labels, or a scale finding's shapes); ``""``
    when an implementation has no importable name (a lambda, a closure)."""
    from .search.shapes import metric_expression

    (fa, _), (fb, _) = metric_expression(a), metric_expression(b)
    exprs = (fa, fb)
    if not all(_expression(e) and e != m.name for e, m in zip(exprs, (a, b))):
        return ""  # a name alone: not runnable
    if "shape" in shown and "n" in shown:
        n, shape = shown["n"], shown["shape"]
        imports = "from metricprops.search.scale import shape_labels as s; "
        data = (f"t, p = s({shape['truth']!r}, {n}).tolist(), "
                f"s({shape['pred']!r}, {n}).tolist()")
    elif "truth" in shown and "pred" in shown:
        imports, data = "", f"t, p = {list(shown['truth'])!r}, {list(shown['pred'])!r}"
    else:
        return ""
    if any(e.startswith("mp.") for e in exprs):
        imports += "import metricprops as mp; "
    if any("import_target(" in e for e in exprs):
        imports += "from metricprops.targets import import_target; "
    return f"{imports}f, g = {fa}, {fb}; {data}; print(f(t, p), g(t, p))"


def compare(a: Any, b: Any, *, seed: Optional[int] = None, budget: Optional[Budget] = None,
            run: Optional[Run] = None, **knobs: Any) -> CompareResult:
    """Differential testing: find the smallest input on which ``a`` and ``b`` disagree.

    Parameters
    ----------
    a, b : Metric, str or callable
        Implementations: a :class:`~metricprops.Metric`, a registered name, a
        ``package.module:attr`` or ``path/file.py:attr`` target, or ``f(labels_true,
        labels_pred)``.
    seed : int, optional
        Seed of the random phase (drawn and recorded when omitted).
    budget : Budget, optional
        The search's knobs, as in :func:`~metricprops.checker.check`: ``tolerance`` (values
        within it agree), ``max_examples`` (random pairs after the exhaustive phase),
        ``exhaustive_n`` (every pair with at most this many items is compared first),
        ``max_items`` (largest random pair, and size of the degenerate pairs), ``timeout``,
        ``scale_max_n`` (the two are also compared on structured partitions of many items).
    run : Run, optional
        Where the work runs, as in :func:`~metricprops.checker.check`; the result is the
        same for every ``run``.
    **knobs
        Any knob of ``Budget`` or ``Run`` by name (``tolerance=1e-6``, ``jobs=2``).

    Returns
    -------
    CompareResult
        ``status`` ``agree`` / ``disagree`` / ``error``; a disagreement comes with the
        smallest disagreeing input found (``counterexample``: truth, pred, scores a and b),
        minimised by the checker (no item can be removed and no two blocks merged).
    """
    from .checker import check, resolve_knobs
    from .results.model import Status

    budget, run = resolve_knobs("compare", budget, run, knobs,
                                tuple(k for k in Run.knobs() if k not in ("journal", "resume")))
    seed = check_seed(seed)
    ma, mb = resolve_metric(a), resolve_metric(b)
    agreement = Agreement(mb, budget.timeout)
    r = check(ma, agreement, seed=seed, budget=budget, run=run)
    shown = r.counterexample or r.error
    common = dict(a=ma.name, b=mb.name, seed=seed, examples=r.examples,
                  tolerance=budget.tolerance, exhaustive_n=budget.exhaustive_n,
                  max_items=budget.max_items, findings=list(r.findings),
                  reproduce=reproduction(ma, mb, shown) if shown else "")
    if r.status == Status.FAILED and r.found_by == "scale":
        ce = r.counterexample or {}
        return CompareResult(status="disagree", counterexample=ce, found_by="scale", message=(
            f"the implementations disagree at scale only: truth {ce['shape']['truth']}, "
            f"prediction {ce['shape']['pred']}, n = {ce['n']} (n = {ce['passes_at']} "
            f"agrees)" + (f"; reproduce: {common['reproduce']}" if common["reproduce"] else ".")),
            **common)
    if r.status == Status.FAILED:
        ce = r.counterexample
        how = {"exhaustive": "exhaustive search", "random": "random search, shrunk"}.get(
            r.found_by or "", "search")
        return CompareResult(status="disagree", counterexample=ce, found_by=r.found_by,
                             message=(f"the implementations disagree; smallest disagreeing "
                                      f"input {items(len(ce['truth']))}, found by {how}."),
                             **common)
    if r.status == Status.ERROR:
        error = r.error or {}
        side = error.get("side")
        return CompareResult(status="error", error=r.error, message=r.message, failing=side,
                             cause=error.get("cause", r.message), **common)
    if r.status == Status.PASSED:
        return CompareResult(status="agree",
                             message=f"no disagreement among {r.scope} (seed {r.seed}).",
                             **common)
    return CompareResult(status="error", message=f"{r.status}: {r.message}", **common)
