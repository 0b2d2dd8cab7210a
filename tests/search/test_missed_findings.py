"""Bugs the default audit once missed or hid (issue 36, "Missed or hidden"): each a planted
metric of the same shape (``plugins/missed.py``), caught with the default settings."""
from __future__ import annotations

import pytest

import metricprops as mp

from plugins import missed


def _metric(func, **kw):
    return mp.metric(func, **{"bounds": (0, 1), "perfect": 1, "symmetric": True, **kw})


def _causes(r):
    return {f.cause for f in r.findings if f.kind == "violation"}


@pytest.mark.slow  # about 4 s: the default budget of label_invariance
def test_integer_labels_that_merge_when_cast_to_float64_are_a_finding():
    r = mp.check(_metric(missed.float64_labels), "label_invariance", seed=1, isolate=False)
    assert r.status == "failed"
    assert {"int_past_2_53", "numpy_int64_past_2_53"} <= _causes(r), r.describe()
    f = next(f for f in r.findings if f.cause == "int_past_2_53")
    assert len(f.example["truth"]) == 2 and "1152921504606846977" in str(f.example)
