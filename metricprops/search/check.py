"""One check, start to end: the search's phases on one (metric, constraint) pair, and its
verdict.

The phases run in order -- the exhaustive phase (or its chunks, merged:
:mod:`~metricprops.search.chunks`), the random phase, the shrinking of every distinct
finding, the scale phase -- and a hung metric or the check's share of a time budget stops
them with what was found so far.  :func:`run_check` is what a worker process runs.
"""
from __future__ import annotations

import time
from typing import Any, Optional, Sequence

from ..calls import call_timers
from ..constraint import Constraint
from ..results.model import CheckResult, Status
from ..settings import Budget
from .chunks import resume
from .core import Abort, OutOfTime, Search
from .isolated import run_scale_isolated
from .value_store import StoreScorer
from .verdict import result, verdict

__all__ = ["run_check"]


def run_check(m: Any, c: Constraint, seed: int, budget: Budget, *,
              deadline: Optional[float] = None,
              chunks: Optional[Sequence[Any]] = None) -> CheckResult:
    """Check ``c`` on ``m`` with ``seed`` and ``budget``; ``deadline`` (a ``time.monotonic``
    time) is the check's share of a time budget; ``chunks`` are the summaries of its
    exhaustive phase run in chunks by other workers."""
    started = time.perf_counter()
    reason = c.applies_to(m)
    if reason:
        return result(m, c, Status.NOT_APPLICABLE, message=reason, seconds=0.0,
                      exhaustive_n=budget.exhaustive_n, max_items=budget.max_items, seed=seed,
                      tolerance=budget.tolerance, min_items=budget.min_items)
    search = Search(c, m, StoreScorer(m, budget.timeout), budget.tolerance, budget.min_items,
                    deadline)
    try:
        with call_timers():  # the time limit's handlers, installed once for the check
            _phases(search, c, seed, budget, chunks)
    except (Abort, OutOfTime):
        pass  # a hung metric (recorded as a finding) or the time budget: report what we have
    except MemoryError as exc:  # outside a metric call, after calling the metric
        search.out_of_memory(exc)
    search.replay_findings()  # a violation whose values change is nondeterminism
    out = verdict(m, c, search, budget, seed)
    out.calls = search.scorer.calls
    out.seconds = time.perf_counter() - started
    return out


def _phases(search: Search, c: Constraint, seed: int, budget: Budget,
            chunks: Optional[Sequence[Any]]) -> None:
    """The phases in order (a hung metric or the time budget stops them by raising)."""
    exhaustive_n, max_items = budget.exhaustive_n, budget.max_items
    if not resume(search, chunks, exhaustive_n, max_items):
        search.run_exhaustive(exhaustive_n, max_items)
    n_random = max(1, int(budget.max_examples * c.budget)) if budget.max_examples else 0
    if n_random:
        search.run_random(max_items, n_random, seed)
    search.minimise_findings(exhaustive_n)
    run_scale_isolated(search, budget.scale_max_n, max_items)
