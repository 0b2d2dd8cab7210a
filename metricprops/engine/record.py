"""The call record: what a worker is calling its metric on, readable after it dies.

A worker process writes, before every metric call, the input it is about to score into a
small memory-mapped file that the auditing process also maps: a state word (inside a call or
not), the number of calls so far, when the call started (``time.monotonic``, one clock for
every process of the machine) and the labels of the truth and the prediction.  Writing it
costs a few microseconds a call (no message is sent); the auditing process reads it when the
worker dies or overruns the time limit, and so can name the input that killed it.
"""
from __future__ import annotations

import mmap
import os
import struct
import time
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

__all__ = ["CallRecord", "Snapshot", "RECORD_BYTES"]

#: Size of one record file: inputs with more labels than fit are recorded without them.
RECORD_BYTES = 1 << 16
_HEAD = struct.Struct("<iiqdii")  # in_call, n, calls, started, truth bytes, pred bytes
_IDLE, _IN_CALL = 0, 1
_IN_CALL_WORD = struct.pack("<i", _IN_CALL)
_SIZES = struct.Struct("<ii")
_SIZES_AT = _HEAD.size - _SIZES.size


@dataclass(frozen=True)
class Snapshot:
    """What a record held when it was read."""

    in_call: bool
    calls: int
    started: float
    labels: Optional[Tuple[np.ndarray, np.ndarray]]  # (truth, pred) codes, if recorded


class CallRecord:
    """One worker's record file, mapped by the worker (``begin``/``end``) and by the
    auditing process (``read``, ``reset``)."""

    def __init__(self, path: str, create: bool = False):
        self.path = path
        flags = os.O_RDWR | (os.O_CREAT | os.O_TRUNC if create else 0)
        fd = os.open(path, flags, 0o600)
        try:
            if create:
                os.ftruncate(fd, RECORD_BYTES)
            self._map = mmap.mmap(fd, RECORD_BYTES)
        finally:
            os.close(fd)
        self.calls = 0

    # -- the worker's side (the metric-call observer of metricprops.calls) ------------------
    def begin(self, key: Tuple[bytes, bytes, int]) -> None:
        """Record that the metric is about to be called on ``key`` (the scorer's memo key:
        truth codes, prediction codes, items)."""
        truth, pred, n = key
        self.calls += 1
        m = self._map
        # The auditing process reads the record while this process writes it, and a read
        # can fall between two writes: the state word (idle since end()) is written last and
        # the start time is never cleared, so a read that sees a call in progress never sees
        # an older start time than that call's (which would look like an overdue call).
        _SIZES.pack_into(m, _SIZES_AT, 0, 0)  # the labels are being rewritten
        end = _HEAD.size + len(truth) + len(pred)
        if end <= RECORD_BYTES:
            m[_HEAD.size:_HEAD.size + len(truth)] = truth
            m[_HEAD.size + len(truth):end] = pred
            sizes = (len(truth), len(pred))
        else:
            sizes = (0, 0)
        _HEAD.pack_into(m, 0, _IDLE, n, self.calls, time.monotonic(), *sizes)
        m[0:4] = _IN_CALL_WORD

    def end(self) -> None:
        """Record that the call returned (or raised)."""
        self._map[0:4] = struct.pack("<i", _IDLE)

    # -- the auditing process' side -----------------------------------------------------------
    def reset(self) -> None:
        """Clear the record before a new task."""
        _HEAD.pack_into(self._map, 0, _IDLE, 0, 0, 0.0, 0, 0)
        self.calls = 0

    def read(self) -> Snapshot:
        in_call, n, calls, started, t_len, p_len = _HEAD.unpack_from(self._map, 0)
        labels = None
        if n > 0 and t_len and p_len:
            raw = bytes(self._map[_HEAD.size:_HEAD.size + t_len + p_len])
            labels = (np.frombuffer(raw[:t_len], dtype=np.intp),
                      np.frombuffer(raw[t_len:], dtype=np.intp))
        return Snapshot(in_call == _IN_CALL, calls, started, labels)

    def close(self) -> None:
        self._map.close()
