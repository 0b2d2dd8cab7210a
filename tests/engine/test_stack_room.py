"""Checks run with room on the interpreter's frame stack (``calls.with_stack_room``).

CPython 3.11 and 3.12 free a 16 KiB chunk of their frame stack as soon as the frame that
opened it returns: a loop whose callee falls just past a chunk's end maps and unmaps a chunk
on every call, and touches a fresh page each time (CPython issue gh-142183).  Which loops
fall there depends on the caller's depth (the quick report build inside a pytest test: 77 s
with the thrash, 61 s without).  These tests see the thrash as page faults (one per call) in
a scan of stack offsets, and its absence under ``with_stack_room``; and that the engine runs
a check through it, in process and in a worker.
"""
from __future__ import annotations

import resource
import sys
import types

import pytest

import metricprops as mp
from metricprops.calls import with_stack_room

CALLS = 2000

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or sys.version_info >= (3, 13),
    reason="the chunk thrash (and the page faults that show it) is CPython 3.11/3.12's, "
           "read through Linux's count of minor page faults")


def _leaf(x: int) -> int:
    return x + 1


def _loop() -> int:
    """Minor page faults while calling a small function ``CALLS`` times from here."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    total = 0
    for i in range(CALLS):
        total += _leaf(i)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def _pad(run):
    return run()


#: Frames claiming 0, 8, 16, ... slots of stack (8 bytes each) up to past a 16 KiB chunk: the
#: loop behind one of them falls at a chunk's end, wherever the test's own stack ends.
PADS = [types.FunctionType(_pad.__code__.replace(co_stacksize=slots), globals())
        for slots in range(1, 2200, 8)]


def _worst_over_offsets(call) -> int:
    return max(call(lambda pad=pad: pad(_loop)) for pad in PADS)


def test_a_loop_at_a_chunk_end_faults_on_every_call_and_not_with_room():
    thrashing = _worst_over_offsets(lambda f: f())
    assert thrashing >= CALLS, ("no offset put the loop at a chunk's end: the scan shows "
                                f"nothing (worst {thrashing} page faults for {CALLS} calls)")
    with_room = _worst_over_offsets(lambda f: with_stack_room(f))
    assert with_room < CALLS // 10, with_room


def _called_with_room() -> bool:
    frame = sys._getframe()
    while frame is not None:
        if frame.f_code.co_name == "_stack_room":
            return True
        frame = frame.f_back
    return False


@mp.metric(bounds=(0, 1), perfect=1)
def _room_or_nan(labels_true, labels_pred):
    """1 when called under ``with_stack_room``, else NaN (an error verdict)."""
    return 1.0 if _called_with_room() else float("nan")


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_engine_runs_each_check_with_room(jobs):
    result = mp.check(_room_or_nan, "symmetry", seed=0, max_examples=3, exhaustive_n=2,
                      jobs=jobs)
    assert result.status == "passed", result.describe()
