"""Continuity at scale: a value that departs from the trend of the smaller sizes is a
``discontinuity`` finding, bisected to the smallest size found departing (planted bugs:
tests/plugins/planted.py); sound metrics never raise one."""
from __future__ import annotations

import contextlib
import gc
import io
import math
import time

import pytest

import metricprops as mp
from metricprops.search import continuity
from metricprops.search.scale import shape_labels

from plugins.planted import (
    ari_float32_noise,
    ari_pair_product_int32,
    ari_pair_product_int64,
    nmi_uint16_joint,
)


def _discontinuities(r):
    return {f.example["cause"]: f for f in r.findings if f.kind == "discontinuity"}


def _printed(line: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(line, {})  # the reproduction is runnable as printed
    return out.getvalue()


# -- the test itself ----------------------------------------------------------------------
@pytest.mark.parametrize("value", [
    lambda n: 0.5 - 1 / n,                      # converging as 1/n
    lambda n: math.log(n),                      # growing as log n (VI of singletons)
    lambda n: n * (n - 1) / 2,                  # growing as n^2 (a pair count)
    lambda n: 1 / 3 + math.log(n) / n - 7 / n ** 2,  # a change of sign of the slope
])
def test_smooth_values_stay_on_the_trend(value):
    sizes = continuity.trend_sizes(2**17)
    g = [value(n) for n in sizes]
    floor = continuity.floor_of(1e-9)
    assert not any(continuity.departs(g[j - 3:j], g[j], floor) for j in range(3, len(g)))


def test_a_jump_departs_and_is_bisected_to_its_first_size():
    history, floor = [0.0, 0.0, 0.0], continuity.floor_of(1e-9)
    assert continuity.departs(history, 0.8, floor) and continuity.departs(history, None, floor)
    assert not continuity.departs(history, 5e-7, floor)
    # a value wrong from 363 on: the bisection on multiples of 8, then item by item
    calls = []

    def value_at(n):
        calls.append(n)
        return 0.8 if n >= 363 else 0.0

    lo, hi = continuity.first_departure(value_at, 256, 512,
                                        lambda v: continuity.departs(history, v, floor),
                                        lambda: False)
    assert (lo, hi) == (362, 363) and len(calls) < 16


def test_the_floor_follows_the_tolerance():
    assert continuity.floor_of(1e-9) == continuity.FLOOR
    assert continuity.floor_of(1e-6) == pytest.approx(1e-4)


# -- planted bugs ---------------------------------------------------------------------------
@pytest.mark.slow
def test_ari_with_an_int32_product_departs_from_363_items():
    """Wrong from n = 363 for one block against two halves (0.7987 instead of 0), inside
    [-0.5, 1]: the default check of n_invariance, with no metadata, reports it there."""
    r = mp.check(mp.metric(ari_pair_product_int32, name="ari_int32"), "n_invariance", seed=1)
    assert r.status == "failed"
    f = _discontinuities(r)["one block vs two halves"]
    ce = f.example
    assert (f.items, ce["passes_at"], f.found_by, f.minimal) == (363, 362, "scale", "bisected")
    assert ce["shape"] == {"truth": "one block", "pred": "two halves"}
    assert ce["scores"] == {"value_at_362": 0.0,
                            "value_at_363": pytest.approx(0.7987424905659922)}
    assert ce["trend"] == {"64": 0.0, "128": 0.0, "256": 0.0}
    assert "departs from the trend" in ce["detail"]
    printed = _printed(ce["reproduce"]).split()
    assert float(printed[0]) == 0.0 and float(printed[1]) == pytest.approx(0.7987424905659922)
    assert "discontinuity on scale input, 363 items" in r.describe()


@pytest.mark.slow
def test_ari_with_an_int64_product_departs_past_92682_items():
    r = mp.check(mp.metric(ari_pair_product_int64, name="ari_int64"), "n_invariance", seed=1)
    found = _discontinuities(r)
    # seen once missing in a whole run of the suite (2026-12-05, not reproduced alone, under
    # load or in its folder's tests): say what the check found if it is missing again
    assert "one block vs two halves" in found, r.describe()
    f = found["one block vs two halves"]
    assert (f.items, f.example["passes_at"]) == (92683, 92682)
    t, p = shape_labels("one block", 92683), shape_labels("two halves", 92683)
    assert ari_pair_product_int64(t, p) > 0.5 and ari_pair_product_int64(t[1:], p[1:]) == 0
    # a cluster of about 92,700 items on both sides: every pair holding one goes wrong by
    # 2^17 at the latest, and within a factor of 2 of where its product passes 2^63
    assert set(found) >= {"giant among singletons vs one block",
                          "two halves vs giant among singletons"}
    assert all(65536 < g.items <= 2**17 for g in found.values())


@pytest.mark.slow
def test_a_collection_inside_a_ladder_call_does_not_end_the_ladder():
    """The scale phase times its calls with the garbage collector off: a full collection
    falling inside the call on 65,536 items, in a process holding many objects (a test run,
    a notebook), made that call look 10 to 30 times slower, the growth n^3, the next call
    past the ladder's limit, and the jump past 92,682 items was never reached: one way the
    int64 test above lost its finding in whole runs of the suite (not the only one)."""
    ballast = [[i] for i in range(1_500_000)]  # what a long test run holds, and more
    enabled = []

    def collecting(labels_true, labels_pred):
        if len(labels_true) == 65536:
            enabled.append(gc.isenabled())
            if gc.isenabled():
                gc.collect()  # where an automatic collection could fall
        return ari_pair_product_int64(labels_true, labels_pred)

    # in this process (not a worker, where what it inherited is frozen out of collections)
    r = mp.check(mp.metric(collecting, name="ari_int64_collecting"), "n_invariance", seed=1,
                 isolate=False)
    del ballast
    assert enabled and not any(enabled)
    assert "one block vs two halves" in _discontinuities(r), r.describe()


@pytest.mark.slow
def test_one_slow_call_on_a_ladder_is_timed_again_before_it_ends_the_ladder():
    """A call on 65,536 items that took 0.06 s once (a native pool thread spinning on the
    process's clock, page faults) after 4 ms on 32,768: the growth read n^3, the next call
    past the ladder's limit.  The growth changed suddenly, so the call is timed again and
    the ladder goes on to the jump past 92,682 items."""
    slowed = []

    def once_slow(labels_true, labels_pred):
        if len(labels_true) == 65536 and not slowed:
            slowed.append(True)
            spin = time.process_time() + 0.06
            while time.process_time() < spin:
                pass
        return ari_pair_product_int64(labels_true, labels_pred)

    r = mp.check(mp.metric(once_slow, name="ari_int64_once_slow"), "n_invariance", seed=1,
                 isolate=False)
    assert slowed
    found = _discontinuities(r)
    assert "one block vs two halves" in found, r.describe()
    assert found["one block vs two halves"].items == 92683


@pytest.mark.slow
def test_identical_halves_checked_at_scale_past_two_to_the_sixteen():
    """A table of uint16 cells: right up to 65,535 items a cell.  Maximal agreement fails
    on identical halves of 131,071 items, n-invariance on the copies of halves of 65,535
    items (131,070 items: past 2^16, where the copies used to stop), and the value jumps."""
    m = mp.metric(nmi_uint16_joint, name="nmi_uint16", bounds=(0, 1), perfect=1,
                  symmetric=True)
    r = mp.check(m, "max_agreement", seed=2, max_examples=20)
    scale = [f for f in r.findings if f.input == "scale"]
    # a block of 65,536 items: halves of 131,072 items, skewed blocks 1, 2, ..., 2^16
    assert r.status == "failed" and {f.example["cause"]: (f.items, f.example["passes_at"])
                                     for f in scale} == {
        "two halves vs two halves": (131071, 131070), "skewed vs skewed": (131071, 131070)}
    r = mp.check(m, "n_invariance", seed=2, max_examples=20)
    copies = [f for f in r.findings if f.input == "scale" and f.kind == "violation"]
    # halves of 32,767 and 32,768 items: the copies hold a cell of 65,536
    assert {f.example["cause"]: (f.items, f.example["passes_at"]) for f in copies} == {
        "two halves vs two halves": (65535, 65534), "skewed vs skewed": (65535, 65534)}
    assert _discontinuities(r)["two halves vs two halves"].items == 131071


# -- no false alarm ---------------------------------------------------------------------------
@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_float32_rounding_is_no_discontinuity():
    r = mp.check(mp.metric(ari_float32_noise, name="ari_f32"), "n_invariance", seed=1,
                 max_examples=0, exhaustive_n=2)
    assert not _discontinuities(r)


@pytest.mark.slow
@pytest.mark.parametrize("metric", [m for m in mp.list_metrics() if m.input == "partition"],
                         ids=lambda m: m.name)  # the cover metrics' n^2 would double the lane
def test_no_builtin_metric_departs_from_its_trend(metric):
    r = mp.check(metric, "n_invariance", seed=1, max_examples=0, exhaustive_n=2)
    assert not _discontinuities(r), r.describe()


@pytest.mark.slow
@pytest.mark.parametrize("name", [
    "adjusted_rand_score", "rand_score", "adjusted_mutual_info_score",
    "normalized_mutual_info_score", "mutual_info_score", "homogeneity_score",
    "completeness_score", "v_measure_score", "fowlkes_mallows_score"])
def test_no_scikit_learn_metric_departs_from_its_trend(name):
    pytest.importorskip("sklearn")
    r = mp.check(f"sklearn.metrics:{name}", "n_invariance", seed=1, max_examples=0,
                 exhaustive_n=2)
    assert not _discontinuities(r), r.describe()
