"""The audit engine: checks in worker processes (crash isolation, every core, a cluster).

Read from the top down (each module imports only those below it; an import-linter contract
keeps it so):

* :mod:`~metricprops.engine.session` -- one audit: journaled, ordered, interruptible;
* :mod:`~metricprops.engine.dispatch` -- checks run in this process or in the pool;
  :mod:`~metricprops.engine.tasks` -- plain tasks (the ELM reproduction's chunks) in the pool;
* :mod:`~metricprops.engine.cluster` -- the same checks and tasks on a Dask cluster;
* :mod:`~metricprops.engine.work` -- a check in the pool's form, and its reply read back;
* :mod:`~metricprops.engine.outcome` -- a dead or killed worker as an ``error`` verdict;
* :mod:`~metricprops.engine.pool` -- the pool: dead workers replaced, overrunning calls killed;
* :mod:`~metricprops.engine.worker` -- the worker process (memory limit, tasks);
* :mod:`~metricprops.engine.schedule` -- whole checks and the chunks of split exhaustive
  phases, in the order they go out, through one scheduling loop for every executor;
  :mod:`~metricprops.engine.journal` -- every finished check on disk, for ``--resume``;
  :mod:`~metricprops.engine.record` -- the call record a worker keeps of its metric calls;
  :mod:`~metricprops.engine.capture` -- what a metric prints, captured.
"""
from __future__ import annotations

from .dispatch import run_checks
from .journal import Journal, journal_seed
from .session import run_audit
from .work import CheckTask

__all__ = ["CheckTask", "run_checks", "Journal", "journal_seed", "run_audit"]
