"""The audit engine: checks in worker processes (crash isolation, every core).

* :mod:`~metricprops.engine.record` -- the call record a worker keeps of its metric calls;
* :mod:`~metricprops.engine.capture` -- what a metric prints, captured;
* :mod:`~metricprops.engine.worker` -- the worker process (memory limit, tasks);
* :mod:`~metricprops.engine.pool` -- the pool: dead workers replaced, overrunning calls killed;
* :mod:`~metricprops.engine.outcome` -- a dead or killed worker as an ``error`` verdict;
* :mod:`~metricprops.engine.schedule` -- whole checks, and the chunks of split exhaustive
  phases, in the order they go out;
* :mod:`~metricprops.engine.dispatch` -- checks run in this process or in the pool;
* :mod:`~metricprops.engine.tasks` -- plain tasks (the ELM reproduction's chunks) in the pool;
* :mod:`~metricprops.engine.journal` -- every finished check on disk, for ``--resume``;
* :mod:`~metricprops.engine.session` -- one audit: journaled, ordered, interruptible.
"""
from __future__ import annotations

from .dispatch import (CheckTask, ambient_cluster, ambient_jobs, default_memory_limit, jobs_for,
                       run_checks)
from .journal import Journal, journal_seed
from .session import run_audit

__all__ = ["CheckTask", "run_checks", "default_memory_limit", "Journal", "journal_seed",
           "run_audit", "ambient_jobs", "ambient_cluster", "jobs_for"]
