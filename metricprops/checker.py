"""The checker: run one constraint against one metric, and audit many pairs.

Search has two phases (:mod:`metricprops.search`).  First, every instance with at most
``exhaustive_n`` items is checked (smallest first).  Then hypothesis generates
``max_examples`` random instances with at most ``max_items`` items, steered towards
violations with ``hypothesis.target`` on the constraint's margin, and shrinks each *distinct*
finding (violation or error; on degenerate or ordinary input) to a minimal one on its own;
the search does not stop at the first finding.  Hypothesis is run from library code as in
``hypothesis.find``: an inner ``@given`` function whose failing instance is captured in a
closure, with settings built explicitly (recorded seed, no database, no deadline, no explain
phase) on top of hypothesis' *default* profile, so a loaded profile (``CI=true`` loads
hypothesis' "ci" profile) cannot change verdicts.

A pass therefore means "no counterexample among all instances up to n items and N random
ones up to m items"; the result's message says exactly that.  A statistical constraint's
screening only proposes candidates; a failure needs a confirmation on independent data, with
the family-wise error rate of the check bounded (:data:`~metricprops.settings.FAMILY_ALPHA`).
"""
from __future__ import annotations

import time
import zlib
from typing import Any, Callable, Iterable, Optional, Sequence

from .calls import Scorer
from .constraint import Constraint, Evaluation, Instance
from .engine import (CheckTask, ambient_cluster, ambient_jobs, journal_seed, run_audit,
                     run_checks)
from .engine.cluster import check_cluster
from .errors import MetricCallError
from .search.chunks import resume
from .registry import get_constraint, list_constraints, resolve_metric
from .results.model import AuditResult, CheckResult, Counterexample, Finding, Status
from .search.core import Abort, OutOfTime, Search, input_class
from .settings import (DEFAULT_EXHAUSTIVE_N, DEFAULT_MAX_EXAMPLES, DEFAULT_MAX_ITEMS,
                       DEFAULT_MEMORY_LIMIT, DEFAULT_MIN_ITEMS, DEFAULT_SCALE_MAX_N,
                       DEFAULT_TIMEOUT, TOLERANCE, check_budget, check_scale_max_n, check_jobs, check_memory_limit, check_min_items,
                       check_seed, check_time_budget)

__all__ = ["check", "audit", "pair_seed", "DEFAULT_MAX_EXAMPLES", "DEFAULT_EXHAUSTIVE_N",
           "DEFAULT_MAX_ITEMS"]


def _example(instance: Instance, evaluation: Evaluation) -> Counterexample:
    preds = dict(evaluation.shown) if evaluation.shown is not None else dict(instance.preds)
    return Counterexample.build(instance.truth, preds, evaluation.scores, evaluation.detail,
                                evaluation.extra)


def _finding(key: tuple, found: tuple, minimal: Optional[str] = None) -> Finding:
    instance, what, found_by, shrunk = found
    if hasattr(what, "finding"):  # the scale phase's evidence builds its own
        return what.finding(key)
    if isinstance(what, MetricCallError):
        return Finding("error", key[2], instance.n, found_by, True if found_by == "exhaustive"
                       else shrunk, Counterexample.from_call_error(what), reason=key[1],
                       minimal=minimal)
    return Finding("violation", key[2], instance.n, found_by, shrunk, _example(instance, what),
                   minimal=minimal)


_MINIMAL = {"proved": " Nothing smaller exists: the exhaustive phase checked every instance "
                      "with fewer items.",
            "local": " Minimised: removing any item or merging any two blocks loses it."}


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
          tolerance: float = TOLERANCE, min_items: int = DEFAULT_MIN_ITEMS,
          isolate: Optional[bool] = None, memory_limit: Any = DEFAULT_MEMORY_LIMIT,
          scale_max_n: int = DEFAULT_SCALE_MAX_N, jobs: Optional[int] = None,
          cluster: Optional[str] = None) -> CheckResult:
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
        Seconds of CPU time one metric call may take (a call that waits without computing
        gets ``WALL_FACTOR`` times that in wall time); a slower call is an ``error``.
    tolerance : float
        Scores within this tolerance are tied (see :mod:`metricprops.tolerance`).
    min_items : int
        Smallest instance searched: instances with fewer items are skipped on purpose
        (e.g. to leave out the one-item inputs where a metric uses a 0/0 convention).
    isolate : bool, optional
        ``None`` (default): a metric that is not a built-in is called in a worker process, so
        that a crash, a hang in C code or a huge allocation is an ``error`` verdict (reason
        ``crashed``, ``timeout`` or ``memory``) and never reaches this process; ``True``
        isolates built-ins too; ``False`` calls the metric here (trusted code only).
    memory_limit : int or str, optional
        Memory a worker may take beyond its start-up footprint (bytes, or ``"1GiB"``);
        default the machine's memory shared by the workers.
    scale_max_n : int
        Largest input of the scale phase (:mod:`metricprops.search.scale`: structured partitions at
        the sizes where integer counts overflow); 0 skips it.
    jobs : int, optional
        Worker processes (default 1, or what ``metricprops report --jobs`` set).  With more
        than one, a large exhaustive phase is split into chunks that the workers share
        (:mod:`metricprops.search.chunks`); the result is the same for every ``jobs``.
    cluster : str, optional
        A Dask scheduler's address (the ``cluster`` extra; default none, or what
        ``metricprops report --cluster`` set): the check runs there, its exhaustive phase
        split over the cluster's workers, with the same result.
    """
    budget = _validated(max_examples, exhaustive_n, max_items, timeout, tolerance, min_items,
                        scale_max_n)
    jobs = ambient_jobs() if jobs is None else check_jobs(jobs)
    cluster = ambient_cluster() if cluster is None else check_cluster(cluster)
    limit = check_memory_limit(memory_limit)
    seed = check_seed(seed)
    m = resolve_metric(metric)
    c = get_constraint(constraint)
    tasks = [CheckTask(m, c, seed, budget)]
    return [r for _, r in run_checks(_check, tasks, jobs=jobs, isolate=isolate,
                                     memory_limit=limit, raise_errors=True,
                                     cluster=cluster)][0]


def _validated(max_examples: Any, exhaustive_n: Any, max_items: Any, timeout: Any,
               tolerance: Any, min_items: Any, scale_max_n: Any = DEFAULT_SCALE_MAX_N) -> dict:
    budget = check_budget(max_examples=max_examples, exhaustive_n=exhaustive_n,
                          max_items=max_items, timeout=timeout, tolerance=tolerance)
    budget["min_items"] = check_min_items(min_items, budget["max_items"])
    budget["scale_max_n"] = check_scale_max_n(scale_max_n)
    return budget


def _check(m: Any, c: Constraint, seed: int, *, max_examples: int, exhaustive_n: int,
           max_items: int, timeout: Optional[float], tolerance: float, min_items: int = 1,
           scale_max_n: int = DEFAULT_SCALE_MAX_N, deadline: Optional[float] = None,
           chunks: Optional[Sequence[Any]] = None) -> CheckResult:
    # chunks: the exhaustive phase, run in chunks by other workers (metricprops.search.chunks)
    started = time.perf_counter()
    common = dict(exhaustive_n=exhaustive_n, max_items=max_items, seed=seed,
                  tolerance=tolerance, min_items=min_items)
    reason = c.applies_to(m)
    if reason:
        return _result(m, c, Status.NOT_APPLICABLE, message=reason, seconds=0.0, **common)
    scorer = Scorer(m, timeout)
    search = Search(c, m, scorer, tolerance, min_items, deadline)
    try:
        if not resume(search, chunks, exhaustive_n, max_items):
            search.run_exhaustive(exhaustive_n, max_items)
        n_random = max(1, int(max_examples * c.budget)) if max_examples else 0
        if n_random:
            search.run_random(max_items, n_random, seed)
        search.minimise_findings(exhaustive_n)
        search.run_scale(scale_max_n, max_items)
    except (Abort, OutOfTime):
        pass  # a hung metric (recorded as a finding) or the time budget: report what we have
    result = _verdict(m, c, search, exhaustive_n, max_items, common)
    result.calls = search.scorer.calls
    result.seconds = time.perf_counter() - started
    return result


def _verdict(m: Any, c: Constraint, search: Search, exhaustive_n: int, max_items: int,
             common: dict) -> CheckResult:
    examples = search.exhaustive + search.random
    explicit = f", {search.explicit} explicit instances" if search.explicit else ""
    # a time budget can stop the exhaustive phase part-way: then it saw the first N, not all
    every = "all" if search.exhaustive_done else "the first"
    scope = (f"{every} {search.exhaustive - search.explicit} instances with at most "
             f"{exhaustive_n} items{explicit} and {search.random} random instances with at "
             f"most {c.random_max_items(max_items)} items")
    if search.min_items > 1:
        scope = (f"{every} {search.exhaustive - search.explicit} instances with {search.min_items} "
                 f"to {exhaustive_n} items{explicit} and {search.random} random instances with "
                 f"{search.min_items} to {c.random_max_items(max_items)} items")
    common["scope"] = scope
    scope = f"{scope} (seed {common['seed']})"
    stopped = " The search stopped at the time budget." if search.out_of_time else ""
    notes = _candidate_note(search)
    findings = [_finding(k, v, search.minimal.get(k)) for k, v in search.ordered()]
    if findings:
        head = findings[0]
        more = len(findings) - 1
        also = (f" {more} more distinct finding{'s' if more > 1 else ''}: "
                + "; ".join(f.title() for f in findings[1:]) + "." if more else "")
        if head.kind == "error":
            message = head.example["message"]
            if also or stopped:
                message = message.rstrip(".") + "." + also + stopped
            return _result(m, c, Status.ERROR, examples=examples, error=head.example,
                           message=message, found_by=head.found_by, findings=findings,
                           **common)
        how = ("exhaustive search" if head.found_by == "exhaustive" else
               "the scale phase, bisected" if head.found_by == "scale" else
               "random search, shrunk" if head.shrunk else "random search")
        return _result(m, c, Status.FAILED, examples=examples, counterexample=head.example,
                       found_by=head.found_by, findings=findings,
                       message=f"{c.violation_message(head.items, how)}"
                               f"{_MINIMAL.get(head.minimal, '') if head.found_by != 'exhaustive' else ''}"
                               f"{also}{notes}{stopped}", **common)
    if search.out_of_time:
        return _result(m, c, Status.GAVE_UP, examples=examples, message=(
            f"ran out of its share of the time budget after {scope}; no finding so far, "
            f"which is not a pass.{notes}"), **common)
    if search.undecided:
        return _result(m, c, Status.GAVE_UP, examples=examples,
                       message=f"could not decide: {search.undecided}; not a pass.", **common)
    if search.unsatisfiable:
        return _result(m, c, Status.GAVE_UP, examples=examples,
                       message=f"could not generate enough valid instances: "
                               f"{search.unsatisfiable}", **common)
    if examples == 0:
        return _result(m, c, Status.GAVE_UP, examples=0,
                       message="no valid instance could be generated", **common)
    if search.tie:
        inst, ev = search.tie
        tie = _example(inst, ev)
        return _result(m, c, Status.WEAK, examples=examples, tie=tie, findings=[
            Finding("tie", input_class(inst), inst.n, "exhaustive" if inst.n <= exhaustive_n
                    else "random", True, tie)],
            message=f"no violation, but ties (smallest shown) among {scope}.{notes}", **common)
    return _result(m, c, Status.PASSED, examples=examples,
                   message=f"no counterexample among {scope}.{notes}", **common)


def _candidate_note(search: Search) -> str:
    screened = len(search.screened)
    if not screened:
        return ""
    return (f" Statistical screening: {screened} candidate{'s' if screened > 1 else ''}, "
            f"{search.confirmations} retested on fresh samples, {search.confirmed} confirmed.")


def pair_seed(seed: int, metric_name: str, constraint_name: str) -> int:
    """Seed of one pair in an audit: stable under adding or removing other pairs."""
    return (seed + zlib.crc32(f"{metric_name}|{constraint_name}".encode())) % 2**32


def audit(metrics: Any, constraints: Optional[Iterable[Any]] = None, *,
          seed: Optional[int] = None, max_examples: int = DEFAULT_MAX_EXAMPLES,
          exhaustive_n: int = DEFAULT_EXHAUSTIVE_N, max_items: int = DEFAULT_MAX_ITEMS,
          timeout: Optional[float] = DEFAULT_TIMEOUT, tolerance: float = TOLERANCE,
          min_items: int = DEFAULT_MIN_ITEMS, time_budget: Optional[float] = None,
          timings: bool = False,
          progress: Optional[Callable[[int, int, str, str], None]] = None,
          on_result: Optional[Callable[[CheckResult], None]] = None, jobs: Optional[int] = None,
          isolate: Optional[bool] = None, memory_limit: Any = DEFAULT_MEMORY_LIMIT,
          scale_max_n: int = DEFAULT_SCALE_MAX_N, journal: Any = None,
          resume: bool = False, cluster: Optional[str] = None) -> AuditResult:
    """Check every constraint on every metric; never stops early.

    ``metrics`` is one metric-like or a sequence of them; ``constraints`` defaults to every
    registered constraint (the six of the ELM paper,
    :data:`metricprops.constraints.ELM_PAPER_CONSTRAINTS`, then the
    general properties and any plug-ins).  ``min_items`` and ``tolerance`` are as in
    :func:`check`.  ``time_budget`` (seconds) bounds the whole audit: each check gets an
    equal share of what is left when it starts, and a check that runs out of its share
    without a finding is ``gave_up`` (never a pass).  ``timings`` writes each check's wall
    time into the JSON (which then differs between runs).  ``progress(done, total, metric,
    constraint)`` is called before each pair; ``on_result`` after each (use it to save
    partial results; with ``jobs`` > 1 they come in the order checks finish).  A metric
    that raises, returns garbage, hangs or kills its worker gives ``error`` for that pair and
    the audit goes on.  ``jobs`` worker processes share the checks (default 1, or what
    ``metricprops report --jobs`` set); a check with a large exhaustive phase is split into
    chunks the workers share (:mod:`metricprops.search.chunks`); the results, and the JSON, are
    the same for every ``jobs``.  ``isolate`` and
    ``memory_limit`` and ``scale_max_n`` are as in :func:`check`.

    ``journal`` (a path) receives every finished check as it finishes; with ``resume`` the
    checks already in that journal are kept and only the missing ones run (the seed comes
    from the journal when not given), so the result equals an uninterrupted run's.  On
    Ctrl-C the workers stop and :class:`~metricprops.errors.AuditInterrupted` (a
    ``KeyboardInterrupt``) carries the partial result (``complete`` false).  ``cluster``
    (a Dask scheduler's address, the ``cluster`` extra; default none, or what ``metricprops
    report --cluster`` set) runs the checks there instead, with the same results.
    """
    budget = _validated(max_examples, exhaustive_n, max_items, timeout, tolerance, min_items,
                        scale_max_n)
    time_budget = check_time_budget(time_budget)
    jobs = ambient_jobs() if jobs is None else check_jobs(jobs)
    cluster = ambient_cluster() if cluster is None else check_cluster(cluster)
    limit = check_memory_limit(memory_limit)
    seed = check_seed(journal_seed(journal) if resume and seed is None and journal else seed)
    if isinstance(metrics, (str, bytes)) or callable(metrics) and not isinstance(metrics, Sequence):
        metrics = [metrics]
    resolved = [resolve_metric(m) for m in metrics]
    cons = [get_constraint(c) for c in (constraints if constraints is not None else list_constraints())]
    settings = {k: budget[k] for k in ("max_examples", "exhaustive_n", "max_items", "timeout",
                                       "tolerance")}
    settings["min_items"] = budget["min_items"]
    settings["scale_max_n"] = budget["scale_max_n"]
    if time_budget is not None:
        settings["budget"] = time_budget
    result = AuditResult(seed=seed, settings=settings, timings=timings or time_budget is not None,
                         metadata={m.name: m.metadata() for m in resolved})
    tasks = [CheckTask(m, c, pair_seed(seed, m.name, c.name), budget)
             for m in resolved for c in cons]
    return run_audit(_check, tasks, result, jobs=jobs, memory_limit=limit, isolate=isolate,
                     time_budget=time_budget, progress=progress, on_result=on_result,
                     journal=journal, resume=resume, cluster=cluster)
