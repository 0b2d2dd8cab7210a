"""A crash in the scale phase is a finding and keeps the check's other findings (issue 24,
item 4): the phase of a black-box metric runs in a child of the worker."""
from __future__ import annotations

import textwrap

import pytest

import metricprops as mp
from metricprops.results.model import Status

PLUGIN = textwrap.dedent("""
    import ctypes

    import numpy as np
    from sklearn.metrics import adjusted_rand_score


    def crashes_at_scale(labels_true, labels_pred):
        if len(labels_true) > 280:
            ctypes.string_at(0)  # a segfault, as a C buffer overflow gives
        # np.asarray merges 0 and "0": a label_invariance finding on small inputs
        return adjusted_rand_score(np.asarray(labels_true).astype(str),
                                   np.asarray(labels_pred).astype(str))
""")
META = dict(kind="similarity", lower=-0.5, upper=1.0, perfect=1.0, symmetric=True)


@pytest.fixture
def crashing(plugin_file):
    return plugin_file("scale_crash", PLUGIN)("crashes_at_scale", **META)


@pytest.mark.slow
def test_a_segfault_at_scale_is_a_finding_and_the_small_findings_stay(crashing):
    r = mp.check(crashing, "label_invariance", seed=1, max_examples=20, scale_max_n=300)
    assert r.status is Status.ERROR, r.message
    crash = [f for f in r.findings if f.input == "scale"]
    assert len(crash) == 1 and crash[0].kind == "error" and crash[0].reason == "crashed"
    assert "SIGSEGV" in crash[0].example["message"]
    assert crash[0].example["n"] == 300  # the rung it was scoring
    # the findings on small inputs were kept (the worker's death used to erase them)
    small = [f for f in r.findings if f.input != "scale"]
    assert any(f.kind == "violation" and f.cause == "mixed_int_str" for f in small)


@pytest.mark.slow
def test_a_crash_at_scale_alone_says_where(crashing):
    r = mp.check(crashing, "bounds", seed=1, max_examples=20, scale_max_n=300)
    assert r.status is Status.ERROR
    assert r.error["reason"] == "crashed"
    assert "n = 300" in r.message and "one block" in r.message
    assert r.error["shape"] == {"truth": "one block", "pred": "two halves"}


def test_a_builtin_scale_phase_runs_in_place():
    from metricprops.calls import Scorer
    from metricprops.registry import get_constraint, get_metric
    from metricprops.search import isolated
    from metricprops.search.core import Search

    m = get_metric("rand")
    search = Search(get_constraint("bounds"), m, Scorer(m), 1e-9)
    assert not isolated._isolating(search)
