"""The checker: run one constraint against one metric, and audit many pairs.

Search has two phases.  First, every instance with at most ``exhaustive_n`` items is checked
(smallest first).  Then, if no violation was found, hypothesis generates ``max_examples``
random instances with at most ``max_items`` items, steered towards violations with
``hypothesis.target`` on the constraint's margin, and shrinks the first violation it finds to
a minimal one.  Hypothesis is run from library code as in ``hypothesis.find``: an inner
``@given`` function whose failing instance is captured in a closure, with settings built
explicitly (recorded seed, no database, no deadline, no explain phase) on top of hypothesis'
*default* profile, so a loaded profile (``CI=true`` loads hypothesis' "ci" profile) cannot
change verdicts.

A pass therefore means "no counterexample among all instances up to n items and N random
ones up to m items"; the result's message says exactly that.
"""
from __future__ import annotations

import itertools
import zlib
from typing import Any, Callable, Dict, Iterable, Optional, Sequence

from .calls import Scorer
from .constraint import Constraint, Evaluation, Instance, Outcome
from .errors import MetricCallError
from .registry import get_constraint, list_constraints, resolve_metric
from .results import AuditResult, CheckResult, Counterexample, Status
from .settings import (DEFAULT_EXHAUSTIVE_N, DEFAULT_MAX_EXAMPLES, DEFAULT_MAX_ITEMS,
                       DEFAULT_TIMEOUT, TOLERANCE, check_budget, check_seed)

__all__ = ["check", "audit", "pair_seed", "DEFAULT_MAX_EXAMPLES", "DEFAULT_EXHAUSTIVE_N",
           "DEFAULT_MAX_ITEMS"]


def __getattr__(name: str) -> Any:
    if name == "MISSION_CONSTRAINTS":  # former name of constraints.ELM_PAPER_CONSTRAINTS
        from .constraints import ELM_PAPER_CONSTRAINTS
        return tuple(c.name for c in ELM_PAPER_CONSTRAINTS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Found(Exception):
    """Raised inside the hypothesis test to make it fail on a violation (then shrunk)."""


class _Abort(BaseException):
    """A hung metric: stop at once, do not shrink (each call would wait for the limit)."""

    def __init__(self, error: MetricCallError):
        super().__init__(str(error))
        self.error = error


def _example(instance: Instance, evaluation: Evaluation) -> Counterexample:
    preds = dict(evaluation.shown) if evaluation.shown is not None else dict(instance.preds)
    return Counterexample.build(instance.truth, preds, evaluation.scores, evaluation.detail,
                                evaluation.extra)


class _Search:
    """State of one check: the smallest violation and tie seen, counts."""

    def __init__(self, constraint: Constraint, metric: Any, scorer: Scorer, tolerance: float):
        self.constraint, self.metric, self.scorer, self.tolerance = constraint, metric, scorer, tolerance
        self.violation: Optional[tuple] = None
        self.tie: Optional[tuple] = None
        self.exhaustive = 0
        self.explicit = 0  # of which the constraint's explicit examples (may exceed max_n items)
        self.random = 0

    def evaluate(self, instance: Instance) -> Evaluation:
        ev = self.constraint.evaluate(instance, self.scorer, self.metric, self.tolerance)
        if ev.outcome is Outcome.TIE and (
                self.tie is None or instance.size_key() < self.tie[0].size_key()):
            self.tie = (instance, ev)
        return ev

    def run_exhaustive(self, max_n: int, max_items: int) -> None:
        """Every instance up to ``max_n`` items, then the constraint's explicit examples."""
        best_n = None
        for explicit, instance in itertools.chain(
                ((False, i) for i in self.constraint.enumerate(max_n)),
                ((True, i) for i in self.constraint.examples(max_items))):
            if best_n is not None and instance.n > best_n:
                continue
            self.exhaustive += 1
            self.explicit += explicit
            ev = self.evaluate(instance)
            if ev.outcome is Outcome.VIOLATED:
                best_n = instance.n
                if self.violation is None or instance.size_key() < self.violation[0].size_key():
                    self.violation = (instance, ev)

    def run_random(self, max_items: int, max_examples: int, seed: int) -> None:
        from hypothesis import HealthCheck, Phase, Verbosity, given, settings, target
        from hypothesis import seed as hypothesis_seed

        strategy = self.constraint.strategy(max_items)
        found: Dict[str, Any] = {}

        def test(instance: Instance) -> None:
            if not found:
                self.random += 1
            try:
                ev = self.evaluate(instance)
            except MetricCallError as exc:
                if exc.reason == "timeout":
                    raise _Abort(exc) from None
                found["error"] = exc
                raise
            # hypothesis maximises the observation: steer towards violations (margin < 0).
            # A tie's margin is rounding noise (±1e-15); hill-climbing on that noise costs
            # thousands of calls for nothing, so ties observe exactly 0.
            margin = float(ev.margin)
            if ev.outcome is Outcome.TIE or abs(margin) <= self.tolerance:
                margin = 0.0
            target(max(-1e6, min(1e6, -margin)), label="-margin")
            if ev.outcome is Outcome.VIOLATED:
                found["violation"] = (instance, ev)
                raise _Found()

        runner = settings(
            parent=settings.get_profile("default"),
            database=None, deadline=None, derandomize=False, max_examples=max_examples,
            phases=(Phase.explicit, Phase.generate, Phase.target, Phase.shrink),
            suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
            print_blob=False, verbosity=Verbosity.quiet,
        )(hypothesis_seed(seed)(given(strategy)(test)))
        try:
            runner()
        except _Found:
            self.violation = found["violation"]  # the last failing run is the shrunk one
        except MetricCallError as exc:
            raise found.get("error", exc) from None


def _result(metric: Any, constraint: Constraint, status: str, **kw: Any) -> CheckResult:
    note = getattr(constraint, "verdict_note", None)
    if note and status in (Status.PASSED, Status.WEAK, Status.FAILED):
        text = note(metric, kw.get("exhaustive_n"), kw.get("max_items"))
        if text:
            kw["message"] = f"{kw.get('message', '')} {text}".strip()
    return CheckResult(metric=metric.name, constraint=constraint.name, status=status, **kw)


def check(metric: Any, constraint: Any, *, seed: Optional[int] = None,
          max_examples: int = DEFAULT_MAX_EXAMPLES, exhaustive_n: int = DEFAULT_EXHAUSTIVE_N,
          max_items: int = DEFAULT_MAX_ITEMS, timeout: Optional[float] = DEFAULT_TIMEOUT,
          tolerance: float = TOLERANCE) -> CheckResult:
    """Check one constraint on one metric and return a :class:`CheckResult`.

    Parameters
    ----------
    metric : Metric, str or callable
        A :class:`~metricprops.Metric`, a registered name, or ``f(labels_true, labels_pred)``.
    constraint : Constraint or str
        A constraint object or a registered name.
    seed : int, optional
        Seed of the random phase (drawn and recorded when omitted).
    max_examples : int
        Random instances to generate after the exhaustive phase (0 skips the phase).
    exhaustive_n : int
        Every instance with at most this many items is checked first.
    max_items : int
        Largest random instance.
    timeout : float or None
        Seconds one metric call may take; a slower call is an ``error``.
    tolerance : float
        Scores within this tolerance are tied (see :mod:`metricprops.tolerance`).
    """
    budget = check_budget(max_examples=max_examples, exhaustive_n=exhaustive_n,
                          max_items=max_items, timeout=timeout, tolerance=tolerance)
    seed = check_seed(seed)
    m = resolve_metric(metric)
    c = get_constraint(constraint)
    return _check(m, c, seed, **budget)


def _check(m: Any, c: Constraint, seed: int, *, max_examples: int, exhaustive_n: int,
           max_items: int, timeout: Optional[float], tolerance: float) -> CheckResult:
    common = dict(exhaustive_n=exhaustive_n, max_items=max_items, seed=seed)
    reason = c.applies_to(m)
    if reason:
        return _result(m, c, Status.NOT_APPLICABLE, message=reason, **common)
    scorer = Scorer(m, timeout)
    search = _Search(c, m, scorer, tolerance)
    try:
        search.run_exhaustive(exhaustive_n, max_items)
        n_random = 0 if search.violation else max(1, int(max_examples * c.budget)) if max_examples else 0
        if n_random:
            search.run_random(max_items, n_random, seed)
    except _Abort as stop:
        return _error(m, c, stop.error, search, common)
    except MetricCallError as exc:
        return _error(m, c, exc, search, common)
    except Exception as exc:  # hypothesis gave up (Unsatisfiable, ...) or a broken constraint
        from hypothesis.errors import Unsatisfiable
        if isinstance(exc, Unsatisfiable):
            return _result(m, c, Status.GAVE_UP, examples=search.exhaustive + search.random,
                           message=f"could not generate enough valid instances: {exc}", **common)
        raise
    examples = search.exhaustive + search.random
    explicit = f", {search.explicit} explicit instances" if search.explicit else ""
    scope = (f"all {search.exhaustive - search.explicit} instances with at most {exhaustive_n} "
             f"items{explicit} and {search.random} random instances with at most "
             f"{c.random_max_items(max_items)} items")
    common["scope"] = scope
    scope = f"{scope} (seed {seed})"
    if search.violation:
        inst, ev = search.violation
        # the random phase runs only when the exhaustive phase found no violation
        found_by = "exhaustive" if search.random == 0 else "random"
        how = "exhaustive search" if found_by == "exhaustive" else "random search, shrunk"
        return _result(m, c, Status.FAILED, examples=examples, calls=scorer.calls,
                       counterexample=_example(inst, ev), found_by=found_by,
                       message=f"smallest violation ({inst.n} items) found by {how}.", **common)
    if examples == 0:
        return _result(m, c, Status.GAVE_UP, examples=0,
                       message="no valid instance could be generated", **common)
    if search.tie:
        inst, ev = search.tie
        return _result(m, c, Status.WEAK, examples=examples, calls=scorer.calls,
                       tie=_example(inst, ev),
                       message=f"no violation, but ties (smallest shown) among {scope}.", **common)
    return _result(m, c, Status.PASSED, examples=examples, calls=scorer.calls,
                   message=f"no counterexample among {scope}.", **common)


def _error(m: Any, c: Constraint, exc: MetricCallError, search: _Search, common: dict) -> CheckResult:
    return _result(m, c, Status.ERROR, examples=search.exhaustive + search.random,
                   error=Counterexample.from_call_error(exc), message=str(exc),
                   found_by="random" if search.random else "exhaustive", **common)


def pair_seed(seed: int, metric_name: str, constraint_name: str) -> int:
    """Seed of one pair in an audit: stable under adding or removing other pairs."""
    return (seed + zlib.crc32(f"{metric_name}|{constraint_name}".encode())) % 2**32


def audit(metrics: Any, constraints: Optional[Iterable[Any]] = None, *,
          seed: Optional[int] = None, max_examples: int = DEFAULT_MAX_EXAMPLES,
          exhaustive_n: int = DEFAULT_EXHAUSTIVE_N, max_items: int = DEFAULT_MAX_ITEMS,
          timeout: Optional[float] = DEFAULT_TIMEOUT, tolerance: float = TOLERANCE,
          progress: Optional[Callable[[int, int, str, str], None]] = None,
          on_result: Optional[Callable[[CheckResult], None]] = None) -> AuditResult:
    """Check every constraint on every metric; never stops early.

    ``metrics`` is one metric-like or a sequence of them; ``constraints`` defaults to every
    registered constraint (the six of the ELM paper, :data:`MISSION_CONSTRAINTS`, then the
    general properties and any plug-ins).  ``progress(done, total,
    metric, constraint)`` is called before each pair; ``on_result`` after each (use it to
    save partial results).  A metric that raises, returns garbage or hangs gives ``error``
    for that pair and the audit goes on.
    """
    budget = check_budget(max_examples=max_examples, exhaustive_n=exhaustive_n,
                          max_items=max_items, timeout=timeout, tolerance=tolerance)
    seed = check_seed(seed)
    if isinstance(metrics, (str, bytes)) or callable(metrics) and not isinstance(metrics, Sequence):
        metrics = [metrics]
    resolved = [resolve_metric(m) for m in metrics]
    cons = [get_constraint(c) for c in (constraints if constraints is not None else list_constraints())]
    result = AuditResult(seed=seed, settings={
        "max_examples": max_examples, "exhaustive_n": exhaustive_n, "max_items": max_items,
        "timeout": timeout, "tolerance": tolerance})
    total, done = len(resolved) * len(cons), 0
    for m in resolved:
        for c in cons:
            if progress:
                progress(done, total, m.name, c.name)
            try:
                r = _check(m, c, pair_seed(seed, m.name, c.name), **budget)
            except Exception as exc:  # a broken constraint plug-in: record it, go on
                r = CheckResult(metric=m.name, constraint=c.name, status=Status.ERROR,
                                seed=pair_seed(seed, m.name, c.name),
                                message=f"constraint {c.name!r} raised {type(exc).__name__}: {exc}")
            result.results.append(r)
            done += 1
            if on_result:
                on_result(r)
    if progress:
        progress(done, total, "", "")
    return result
