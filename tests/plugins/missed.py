"""Planted bugs that the default audit once missed or hid (issue 36), each shaped like one a
real library shipped:

* ``float64_labels`` -- the labels go through a float64 array first (as ennemi and pyitlib
  do), so integer labels past 2^53 (2^60 and 2^60 + 1) merge into one.
"""
from __future__ import annotations

import numpy as np

from metricprops import get_metric

rand = get_metric("rand")


def float64_labels(labels_true, labels_pred):
    """Rand of the labels after a cast to float64: 2^60 and 2^60 + 1 become one label."""
    return rand(np.asarray(labels_true, dtype=np.float64).tolist(),
                np.asarray(labels_pred, dtype=np.float64).tolist())
