"""Plug-in metrics that break the process they run in, for the engine's tests.

Each one scores like ``sound`` (the fraction of items whose labels agree) except on a
prediction of at least three items that are all singletons, where

* ``segfault`` dereferences a null pointer through ctypes (SIGSEGV),
* ``exits0`` prints a line and leaves with ``os._exit(0)``,
* ``sysexit3`` calls ``sys.exit(3)``,
* ``c_sleep`` sleeps in C (libc ``sleep``) far past any time limit,
* ``deaf_sleep`` ignores SIGALRM first, so only killing the worker stops it,
* ``hog`` allocates 30 GiB,
* ``loops`` loops forever in Python,
* ``interrupts`` raises ``KeyboardInterrupt``, ``base_exception`` a bare ``BaseException``
  subclass,
* ``chatty`` prints 2,000 lines and then raises,
* ``half_setup`` (on every input) hangs in a slow first-call set-up and is broken for good once
  that set-up is cut off.

``BrokenConstraint`` is a constraint plug-in with a bug: its ``evaluate`` raises.
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys

import numpy as np

import metricprops
from metricprops.constraint import PairwiseConstraint, pair_instance
from metricprops.partition import Partition
from metricprops.strategies import partitions

_META = dict(kind="similarity", bounds=(0.0, 1.0), perfect=1.0, symmetric=True)


def triggers(labels_pred) -> bool:
    return len(labels_pred) >= 3 and len(set(labels_pred)) == len(labels_pred)


def _agree(labels_true, labels_pred) -> float:
    return float(np.mean(np.asarray(labels_true) == np.asarray(labels_pred)))


@metricprops.metric(name="sound", **_META)
def sound(labels_true, labels_pred):
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="segfault", **_META)
def segfault(labels_true, labels_pred):
    if triggers(labels_pred):
        ctypes.string_at(0)
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="exits0", **_META)
def exits0(labels_true, labels_pred):
    if triggers(labels_pred):
        print("leaving now", flush=True)
        os._exit(0)
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="sysexit3", **_META)
def sysexit3(labels_true, labels_pred):
    if triggers(labels_pred):
        sys.exit(3)
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="c_sleep", **_META)
def c_sleep(labels_true, labels_pred):
    if triggers(labels_pred):
        ctypes.CDLL(None).sleep(60)
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="deaf_sleep", **_META)
def deaf_sleep(labels_true, labels_pred):
    if triggers(labels_pred):
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        ctypes.CDLL(None).sleep(60)
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="hog", **_META)
def hog(labels_true, labels_pred):
    if triggers(labels_pred):
        np.ones(30 * 2**30 // 8)
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="loops", **_META)
def loops(labels_true, labels_pred):
    while triggers(labels_pred):
        pass
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="interrupts", **_META)
def interrupts(labels_true, labels_pred):
    if triggers(labels_pred):
        raise KeyboardInterrupt
    return _agree(labels_true, labels_pred)


class Escape(BaseException):
    """Not an Exception: a bare ``except Exception`` lets it through."""


@metricprops.metric(name="base_exception", **_META)
def base_exception(labels_true, labels_pred):
    if triggers(labels_pred):
        raise Escape("out")
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="chatty", **_META)
def chatty(labels_true, labels_pred):
    if triggers(labels_pred):
        for i in range(2_000):
            print(f"line {i}")
        raise ValueError("too chatty")
    return _agree(labels_true, labels_pred)


@metricprops.metric(name="half_setup", **_META)
def half_setup(labels_true, labels_pred):
    """Imports a large library on its first call, slowly; cut off part-way, the half-imported
    module stays in ``sys.modules`` and every later call in that process fails, as a scipy
    module whose import the time limit interrupted does (``NameError: name '_ndimage_api'
    is not defined``)."""
    import time
    import types
    library = sys.modules.get("_slow_library")
    if library is None:
        library = sys.modules["_slow_library"] = types.ModuleType("_slow_library")
        time.sleep(60)  # the rest of the import, cut off by the time limit
        library.ready = True
    if not getattr(library, "ready", False):
        raise NameError("name '_ndimage_api' is not defined")
    return _agree(labels_true, labels_pred)


class BrokenConstraint(PairwiseConstraint):
    """A constraint plug-in with a bug: evaluate raises ``RuntimeError``."""

    name = "broken"
    min_items = 2

    def strategy(self, max_items):
        return partitions(min_items=2, max_items=4).map(lambda p: pair_instance(p, p, p))

    def enumerate(self, max_n):
        yield pair_instance(Partition.from_labels([0, 0]), Partition.from_labels([0, 1]),
                            Partition.from_labels([0, 0]))

    def evaluate(self, instance, score, metric, tolerance=0):
        raise RuntimeError("bug in the constraint")
