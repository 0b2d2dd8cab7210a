"""Faulty plug-in metrics: ELM F1 everywhere except on all-singleton predictions.

On a prediction that puts every item (n >= 2) in a block of its own,

* ``raises`` raises ``ZeroDivisionError``,
* ``returns_nan`` returns NaN,
* ``sleeps`` sleeps for ``SLEEP`` seconds (far past the time limit the tests use),
* ``returns_string`` returns a string, ``returns_bool`` a bool.

Every other prediction gets the ELM F1 score, so the constraints whose instances never contain
an all-singleton prediction (rag bag, size vs. quantity) must still get ELM's verdicts.
``as_numpy_float`` and ``as_0d_array`` are ELM F1 returned as ``numpy.float64`` and as a 0-d
array: valid metrics.

Usable as audit targets: ``path/to/faulty.py:raises`` or ``plugins.faulty:raises``.
"""
from __future__ import annotations

import time

import numpy as np

import metricprops

SLEEP = 5.0
_ELM_F = metricprops.get_metric("elm_f")
_META = dict(kind="similarity", bounds=(0.0, 1.0), perfect=1.0, symmetric=True)


def all_singletons(labels_pred) -> bool:
    return len(labels_pred) >= 2 and len(set(labels_pred)) == len(labels_pred)


def _elm(labels_true, labels_pred) -> float:
    return float(_ELM_F(labels_true, labels_pred))


@metricprops.metric(name="raises", **_META)
def raises(labels_true, labels_pred):
    if all_singletons(labels_pred):
        raise ZeroDivisionError("no pairs in the prediction")
    return _elm(labels_true, labels_pred)


@metricprops.metric(name="returns_nan", **_META)
def returns_nan(labels_true, labels_pred):
    if all_singletons(labels_pred):
        return float("nan")
    return _elm(labels_true, labels_pred)


@metricprops.metric(name="sleeps", **_META)
def sleeps(labels_true, labels_pred):
    if all_singletons(labels_pred):
        time.sleep(SLEEP)
    return _elm(labels_true, labels_pred)


@metricprops.metric(name="returns_string", **_META)
def returns_string(labels_true, labels_pred):
    return str(_elm(labels_true, labels_pred))


@metricprops.metric(name="returns_bool", **_META)
def returns_bool(labels_true, labels_pred):
    return _elm(labels_true, labels_pred) > 0.5


@metricprops.metric(name="as_numpy_float", **_META)
def as_numpy_float(labels_true, labels_pred):
    return np.float64(_elm(labels_true, labels_pred))


@metricprops.metric(name="as_0d_array", **_META)
def as_0d_array(labels_true, labels_pred):
    return np.array(_elm(labels_true, labels_pred))


def bare_elm(labels_true, labels_pred):
    """A plain function (no metadata): for CLI targets with --lower/--upper/--perfect."""
    return _elm(labels_true, labels_pred)


FAULTY = (raises, returns_nan, sleeps)
