"""The scale phase of a black-box metric in a process of its own: a crash there is a finding,
never the end of the check.

A check of a metric that is not a built-in runs in a worker process (:mod:`metricprops.engine`),
and a metric that kills its process -- a segfault on a large input, an ``abort()`` in C,
``os._exit`` -- ends the check with it: the worker's death became the whole verdict, and the
findings the check had made on small inputs were lost.  The scale phase scores inputs of up to
131,072 items, where C code that is sound at 30 items overflows a buffer, so
:func:`run_scale_isolated` runs it in a child forked from the worker: the child reports
every finding as it makes it, and, before each input it scores, the shape pair and size; the
worker keeps what the child reported and, when the child dies, adds an ``error`` finding of
reason ``crashed`` at the shape pair and size it was scoring, with the signal or exit code.

The child dies with the worker (``PR_SET_PDEATHSIG``); a call that hangs past its time limit
without letting the child's own alarm stop it is killed by the worker before the pool's
watchdog would kill the worker, and ends the phase quietly (slowness is not a scale finding).
The values the child computes are handed back one by one as it learns them
(``shape_scorer.watch``), and a call it is killed in is remembered as cut off, so the other
checks of the metric share them as when the phase runs in the worker itself.  Elsewhere (a
built-in, the auditing process, a system without ``fork``) the phase runs in place.
"""
from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

from .. import calls
from ..constraint import Instance
from ..errors import MetricCallError
from ..partition import Partition
from ..settings import TIMEOUT_GRACE, WALL_FACTOR
from . import scale, shape_scorer
from .core import OutOfTime

__all__ = ["run_scale_isolated"]

_FRAME = struct.Struct("<Q")
#: Seconds between two looks at the child while it scores.
POLL = 0.05


def _isolating(search: Any) -> bool:
    """Fork for this check: a black box, in a worker process (its calls observed), on a
    system with ``fork``."""
    return (not search.metric.builtin and calls._observer is not None
            and hasattr(os, "fork") and sys.platform.startswith("linux"))


def run_scale_isolated(search: Any, max_n: int, max_items: int) -> None:
    """:meth:`Search.run_scale`, in a forked child when :func:`_isolating` (see the module)."""
    if not scale.has_scale_phase(search.constraint, max_n):
        return
    if not _isolating(search):
        search.run_scale(max_n, max_items)
        return
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child: its coverage is not collected
        os.close(read_end)
        _child(search, max_n, max_items, write_end)
    os.close(write_end)
    _Parent(search, pid, read_end).follow()


# -- the child ----------------------------------------------------------------------------
def _send(fd: int, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    os.write(fd, _FRAME.pack(len(data)))
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class _Reporting(dict):
    """The child's findings: each new one is sent to the worker as it is made."""

    def __init__(self, found: Dict[tuple, Any], fd: int):
        super().__init__(found)
        self.fd = fd

    def __setitem__(self, key: tuple, value: Any) -> None:
        super().__setitem__(key, value)
        instance, what, found_by, shrunk = value
        metric, what.metric = getattr(what, "metric", None), None  # the worker has it
        try:
            _send(self.fd, ("finding", key, (instance, what, found_by, shrunk)))
        finally:
            what.metric = metric


def _child(search: Any, max_n: int, max_items: int, fd: int) -> None:  # pragma: no cover
    code = 0
    try:
        try:
            import ctypes
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
        calls.forked_start()  # the libraries the worker loaded since; the worker's objects
        partitions = scale._partitions

        def reported(shapes: Tuple[str, str], n: int, shared: bool) -> Any:
            _send(fd, ("at", tuple(shapes), int(n)))
            return partitions(shapes, n, shared)

        scale._partitions = reported
        shape_scorer.watch = lambda what, key, entry: _send(fd, (what, key, entry))
        search.findings = _Reporting(search.findings, fd)
        out_of_time = False
        try:
            search.run_scale(max_n, max_items)
        except OutOfTime:
            out_of_time = True
        _send(fd, ("done", out_of_time))  # its values went as it learned them (watch)
    except BaseException as exc:  # noqa: B036 - the phase's own failure, not the metric's
        code = 70
        try:
            _send(fd, ("broken", f"{type(exc).__name__}: {exc}"))
        except BaseException:  # noqa: B036
            pass
    finally:
        os._exit(code)


# -- the worker's side --------------------------------------------------------------------
class _Parent:
    """Follows the child: keeps its findings, notes where it is, sees it end."""

    def __init__(self, search: Any, pid: int, fd: int):
        self.search, self.pid, self.fd = search, pid, fd
        self.buffer = b""
        self.at: List[Tuple[Tuple[str, str], int]] = []
        self.done = False
        self.broken = ""  # the phase itself failed in the child (not the metric)
        self.out_of_time = False
        limit = search.scorer.timeout
        self.call = (scale.SCALE_CALL_SECONDS if limit is None
                     else min(limit, scale.SCALE_CALL_SECONDS))
        #: a call in progress longer than this (wall seconds) is killed here, before the
        #: pool's watchdog (which waits the check's limit and its grace) kills the worker
        self.hang = self.call * WALL_FACTOR + TIMEOUT_GRACE / 2
        self.calling: Optional[tuple] = None  # the shapes of the call the child is in

    def follow(self) -> None:
        killed = False
        try:
            while True:
                ready, _, _ = select.select([self.fd], [], [], POLL)
                if ready:
                    chunk = os.read(self.fd, 1 << 20)
                    if not chunk:
                        break
                    self.buffer += chunk
                    self._messages()
                elif not killed and self._hung():
                    os.kill(self.pid, signal.SIGKILL)
                    killed = True
        finally:
            os.close(self.fd)
            _, status = os.waitpid(self.pid, 0)
            if killed and calls._observer is not None:
                calls._observer.end()  # the hung call is over: the pool must not kill us
        if killed and self.calling is not None:  # the next check need not wait for it again
            m = self.search.metric
            text = calls.killed_text(m.name, self.call, "the process scoring it at scale")
            scale.remember_values(m, {self.calling: (("timeout", text), self.call)})
        if not (self.done or killed or self.broken):
            self._crashed(status)
        if self.out_of_time:
            self.search.out_of_time = True
            raise OutOfTime()

    def _hung(self) -> bool:
        record = calls._observer
        read = getattr(record, "read", None)
        if read is None:
            return False
        snapshot = read()
        return snapshot.in_call and time.monotonic() - snapshot.started > self.hang

    def _messages(self) -> None:
        while len(self.buffer) >= _FRAME.size:
            (size,) = _FRAME.unpack_from(self.buffer)
            if len(self.buffer) < _FRAME.size + size:
                return
            message = pickle.loads(self.buffer[_FRAME.size:_FRAME.size + size])
            self.buffer = self.buffer[_FRAME.size + size:]
            self._take(message)

    def _take(self, message: Tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "at":
            self.at.append((message[1], message[2]))
        elif kind == "finding":
            _, key, (instance, what, found_by, shrunk) = message
            if hasattr(what, "metric"):
                what.metric = self.search.metric
            self.search.findings[key] = (instance, what, found_by, shrunk)
        elif kind == "call":
            self.calling = message[1]
        elif kind == "value":
            _, key, entry = message
            if entry is not None:
                scale.remember_values(self.search.metric, {key: entry})
            self.calling = None
        elif kind == "broken":
            self.broken = message[1]
        elif kind == "done":
            self.out_of_time = message[1]
            self.done = True

    def _crashed(self, status: int) -> None:
        """The finding of a child that died while scoring (its last reported input)."""
        how = _exit(status)
        what = (f"was killed by {how['signal']}" if "signal" in how else
                f"exited with status {how.get('code')}")
        m = self.search.metric
        if not self.at:
            return  # it died before scoring anything: nothing to say where
        shapes, n = self.at[-1]
        earlier = [k for s, k in self.at[:-1] if s == shapes and k < n]
        truth = Partition.from_labels(scale.shape_labels(shapes[0], n))
        pred = Partition.from_labels(scale.shape_labels(shapes[1], n))
        error = MetricCallError(
            "crashed", f"{m.name}: the process scoring it at scale {what} (truth "
            f"{shapes[0]}, prediction {shapes[1]}, n = {n})", truth, pred, exit=how)
        key = ("error", "crashed", "scale", scale.cause(shapes))
        self.search.findings[key] = (
            Instance(truth, {"pred": pred}, "scale"),
            scale.ScaleFinding(error, shapes, n, max(earlier, default=1), m), "scale", True)


def _exit(status: int) -> Dict[str, Any]:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            return {"signal": signal.Signals(number).name}
        except ValueError:
            return {"signal": f"signal {number}"}
    return {"code": os.WEXITSTATUS(status)}
