"""Plain tasks (the ELM reproduction's chunks) over the audit's worker pool."""
from __future__ import annotations

import os

import pytest

from metricprops.engine.tasks import WorkerDied, run_tasks

_SET_UP = {"pid": None}


def _setup():
    _SET_UP["pid"] = os.getpid()


def _square(x):
    return x * x, _SET_UP["pid"] == os.getpid()


def _fails(x):
    raise ValueError(f"task {x}")


def _dies(x):
    os._exit(3)


def test_results_come_in_task_order_from_set_up_workers():
    results = run_tasks(_square, [(i,) for i in range(6)], jobs=2, setup=_setup)
    assert results == [(i * i, True) for i in range(6)]
    assert run_tasks(_square, [(3,)], jobs=2) == [(9, False)]  # one task: in this process


def test_a_task_that_raises_raises_here_and_a_dead_worker_is_named():
    with pytest.raises(ValueError, match="task"):
        run_tasks(_fails, [(1,), (2,)], jobs=2)
    with pytest.raises(WorkerDied, match="'code': 3"):
        run_tasks(_dies, [(1,), (2,)], jobs=2)
