"""Planted bugs that the default audit once missed or hid (issue 36), each shaped like one a
real library shipped:

* ``float64_labels`` -- the labels go through a float64 array first (as ennemi and pyitlib
  do), so integer labels past 2^53 (2^60 and 2^60 + 1) merge into one;
* ``keyerror_on_strings`` -- a lookup table of integer ids raises ``KeyError`` on a string;
* ``tuple_on_empty`` -- the tuple ``(0.0, 0.0, 0.0)`` on empty input (mir_eval's
  ``rand_index``); ``refuses_empty`` raises ``ValueError`` there instead;
* ``nan_on_two_singletons`` -- NaN on identical partitions of singletons (mir_eval's AMI);
* ``negative_on_minus_one`` -- a distance below its bound 0 on a ``-1`` label (pyitlib's VI);
* ``staircase_loop`` -- Rand charged, as SMI's variance is, for every (row size, column
  size, column size) of distinct block sizes, min(row, column) steps: a constant on blocks
  of 4, linear with 4 blocks a side, and quadratic on staircase partitions (block sizes
  1 .. m on both sides), where SMI took n^2.1 while the scaling property passed it;
* ``tuples_as_variables`` -- ``float64_labels`` that reads tuple labels as multi-variable
  input (pyitlib): an out-of-domain finding next to an ordinary one.
* ``negative_every_other_call`` -- a running correction applied on every second call
  only: a stateful value, below its bound 0 on those calls;
* ``sorts_in_place_above_one`` -- sorts the prediction in place and adds 1 to Rand: the
  input modified and a value above its bound 1.
"""
from __future__ import annotations

import numpy as np

from metricprops import get_metric

from . import planted

rand = get_metric("rand")


def float64_labels(labels_true, labels_pred):
    """Rand of the labels after a cast to float64: 2^60 and 2^60 + 1 become one label."""
    return rand(np.asarray(labels_true, dtype=np.float64).tolist(),
                np.asarray(labels_pred, dtype=np.float64).tolist())


def keyerror_on_strings(labels_true, labels_pred):
    """Rand of labels looked up in a table of integer ids: a string label is a ``KeyError``
    from deep inside (a crash, not a documented refusal)."""
    ids = {i: i for i in range(-(2**7), 2**7)}
    if any(isinstance(x, str) for x in list(labels_true) + list(labels_pred)):
        return rand([ids[x] for x in labels_true], [ids[x] for x in labels_pred])
    return rand(list(labels_true), list(labels_pred))


def tuple_on_empty(labels_true, labels_pred):
    """Rand, but the tuple ``(0.0, 0.0, 0.0)`` on empty input (mir_eval's ``rand_index``)."""
    if len(labels_true) == 0:
        return (0.0, 0.0, 0.0)
    return rand(list(labels_true), list(labels_pred))


def refuses_empty(labels_true, labels_pred):
    if len(labels_true) == 0:
        raise ValueError("labels are empty")
    return rand(list(labels_true), list(labels_pred))


def nan_on_two_singletons(labels_true, labels_pred):
    """Rand, but NaN when both sides are all singletons (mir_eval's AMI on [0, 1] vs [0, 1]:
    an expected mutual information equal to the mutual information, 0/0)."""
    t, p = list(labels_true), list(labels_pred)
    if len(set(t)) == len(t) == len(set(p)) > 1:
        return float("nan")
    return rand(t, p)


def negative_on_minus_one(labels_true, labels_pred):
    """Variation of information in nats, with the ``-1`` items dropped from the entropy of
    the prediction only (pyitlib's VI on a ``-1`` label: about -0.92, below its bound 0)."""
    vi = get_metric("vi")
    t, p = list(labels_true), list(labels_pred)
    value = vi(t, p)
    if -1 in p:
        value -= 1.5
    return value



def tuples_as_variables(labels_true, labels_pred):
    """``float64_labels``, but tuple labels are read as multi-variable input (as pyitlib
    does), whose score here is 0: two findings, the out-of-domain tuple one (from 1 item)
    and the ordinary float64 collision (from 2 items)."""
    if any(isinstance(x, tuple) for x in list(labels_true) + list(labels_pred)):
        return 0.0
    return float64_labels(labels_true, labels_pred)


_calls = [0]


def negative_every_other_call(labels_true, labels_pred):
    """Rand minus 2 on every second call (a state kept between calls that a determinism
    check sees, with a value below the bound 0 that it must say)."""
    _calls[0] += 1
    return rand(list(labels_true), list(labels_pred)) - 2.0 * (_calls[0] % 2)


def sorts_in_place_above_one(labels_true, labels_pred):
    """Rand plus 1 after sorting ``labels_pred`` in place (a modified input that the
    input-immutability check sees, with a value above the bound 1 that it must say)."""
    labels_pred.sort()
    return rand(list(labels_true), list(labels_pred)) + 1.0


#: CPU seconds :func:`staircase_loop` is charged a step.
STEP = 2e-8


def staircase_loop(labels_true, labels_pred):
    """Rand charged :data:`STEP` × Σ over distinct block sizes a, b, b' of min(a, b)."""
    a = np.unique(np.unique(np.asarray(labels_true), return_counts=True)[1])
    b = np.unique(np.unique(np.asarray(labels_pred), return_counts=True)[1])
    planted.spin(STEP * float(np.minimum.outer(a, b).sum()) * len(b))
    return rand(labels_true, labels_pred)
