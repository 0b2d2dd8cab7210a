"""The worker process: runs whole checks sent by the pool, one at a time.

A worker ignores SIGINT (the auditing process handles Ctrl-C and stops its workers), caps its
address space at its start-up footprint plus the memory limit (so a huge allocation raises
``MemoryError``, which becomes a ``memory`` verdict, instead of waking the kernel's OOM
killer), records every metric call in its :class:`~metricprops.engine.record.CallRecord`, and
captures what the metric prints.  Tasks and replies travel as cloudpickle bytes, so a metric
defined in ``__main__``, a lambda or a closure can be sent too.
"""
from __future__ import annotations

import signal
import sys
from typing import Any, Callable, Optional, Tuple

import cloudpickle

from ..calls import forked_start, interrupted, observe_calls, with_stack_room
from .capture import captured
from .record import CallRecord

__all__ = ["worker_main", "run_task", "limit_memory"]


def _footprint() -> int:
    """Bytes of address space this process holds now (0 where the system does not say)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:  # pragma: no cover - not Linux
        pass
    return 0


def limit_memory(limit: Optional[int]) -> None:
    """Cap this process' address space at its footprint plus ``limit`` bytes."""
    if not limit:
        return
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return
    cap = _footprint() + limit
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _die_with_parent() -> None:
    """Ask Linux to kill this worker when the auditing process dies (best effort)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover
        pass


def run_task(payload: bytes, record: CallRecord, output_path: str) -> Tuple[str, Any]:
    """Run one task: ``("ok", value)``, ``("raised", exception)`` for an ``Exception`` of the
    task itself (a broken constraint), or ``("crashed", text)`` for any other
    ``BaseException``.  Never raises."""
    record.reset()
    try:
        path, task = cloudpickle.loads(payload)
        sys.path[:] = list(dict.fromkeys([*path, *sys.path]))  # before the task is unpickled
        func, args, kwargs = cloudpickle.loads(task)
        with captured(output_path):
            return "ok", with_stack_room(func, *args, **kwargs)
    except Exception as exc:
        return "raised", exc
    except BaseException as exc:  # noqa: B036 - nothing may end the worker by accident
        return "crashed", f"{type(exc).__name__}: {exc}"


def _reply(outcome: Tuple[str, Any], retiring: bool = False) -> bytes:
    """``(kind, value, retiring)`` as bytes; ``retiring``: this worker ends after the reply."""
    kind, value = outcome
    try:
        return cloudpickle.dumps((kind, value, retiring))
    except Exception as exc:  # an exception that cannot be pickled: send its text
        return cloudpickle.dumps((kind, RuntimeError(f"{type(value).__name__}: {value}"),
                                  retiring) if kind == "raised"
                                 else ("crashed", f"reply: {exc}", retiring))


def worker_main(conn: Any, record_path: str, output_path: str,
                memory_limit: Optional[int], setup: Optional[Callable[[], None]] = None) -> None:
    """Serve tasks from ``conn`` until it closes (or a ``None`` task arrives)."""
    # the auditing process handles Ctrl-C and SIGTERM (also sent to the whole process group)
    # and stops its workers; a worker outlives it by no more than the kernel takes to notice
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _die_with_parent()
    forked_start()  # one native thread (OpenMP would hang), inherited objects frozen
    record = CallRecord(record_path)
    observe_calls(record)
    if setup is not None:
        setup()
    limit_memory(memory_limit)
    while True:
        try:
            payload = conn.recv_bytes()
        except (EOFError, OSError):
            return
        if not payload:
            return
        cut_off = interrupted()
        outcome = run_task(payload, record, output_path)
        # a call cut off at its time limit may have left a module half imported or a cache
        # half filled: the reply says so, this worker ends, and the pool starts a fresh one
        retiring = interrupted() != cut_off
        conn.send_bytes(_reply(outcome, retiring))
        if retiring:
            return
