"""The scale phase: overflow bugs shaped like scikit-learn's (``fmi_int32``, ``ari_int64``:
tests/plugins/planted.py), found and bisected by shape."""
from __future__ import annotations

import contextlib
import io
import math
import sys
from collections import Counter

import pytest

import metricprops as mp
from metricprops.search.scale import SHAPE_PAIRS, SHAPES, ladder, shape_labels
from metricprops.testing import assert_agrees

from plugins.planted import ari_int64, fmi_int32

BUDGET = dict(seed=5, max_examples=0, exhaustive_n=2)


def _scale(r):
    return [f for f in r.findings if f.input == "scale"]


def test_ladder_crosses_the_limits_up_to_the_maximum():
    assert ladder(2**17) == [257, 4097, 92683, 131072]
    assert ("two halves", "two halves") in SHAPE_PAIRS  # identical pairs are checked too
    assert ladder(5000) == [257, 4097, 5000] and ladder(1) == []
    assert all(len(shape_labels(s, 1000)) == 1000 for s in SHAPES)
    # label codes pass widths at 2^8, 2^12, 2^16; 92,683 is a limit of counts only
    assert ladder(2**17, codes_only=True) == [257, 4097, 131072]
    assert ladder(100_000, codes_only=True) == [257, 4097, 100_000]


def test_label_invariance_renames_at_the_code_limits_the_other_checks_at_every_size(
        monkeypatch):
    from metricprops.search import shapes
    monkeypatch.setattr(shapes, "CODE_LIMITS", (257, 600))  # as if 500 were a count limit
    monkeypatch.setattr(shapes, "LIMITS", ((257, ""), (500, ""), (600, "")))
    sizes = {}
    for name in ("label_invariance", "symmetry"):
        seen = sizes[name] = set()

        def f(labels_true, labels_pred, seen=seen):
            seen.add(len(labels_true))
            return 0.5

        metric = mp.metric(f, name=f"sized_{name}", bounds=(0, 1))
        mp.check(metric, name, seed=1, max_examples=0, exhaustive_n=2, scale_max_n=600,
                 isolate=False)
    assert {257, 600} <= sizes["label_invariance"] and 500 not in sizes["label_invariance"]
    assert {257, 500, 600} <= sizes["symmetry"]


def test_fmi_int32_nan_is_bisected_to_its_smallest_size():
    m = mp.metric(fmi_int32, name="fmi_int32", bounds=(0, 1), perfect=1, symmetric=True)
    r = mp.check(m, "bounds", **BUDGET)
    assert r.status == "error"
    f = _scale(r)[0]
    ce = f.example
    # one block against two halves: pk * qk = (n^2 - n)(n^2/2 - n) passes 2^31 at n = 257
    assert (f.reason, f.items, f.found_by, f.minimal) == ("nan", 257, "scale", "bisected")
    assert ce["shape"] == {"truth": "one block", "pred": "two halves"}
    s = shape_labels
    assert ce["passes_at"] == 256
    # the JSON keeps the labels (its contract); the text shows shapes and size, not the labels
    assert (ce["truth"], ce["pred"]) == (s("one block", 257).tolist(),
                                         s("two halves", 257).tolist())
    assert "one block, n = 257" in r.describe() and "0, 0, 0" not in r.describe()
    assert math.isnan(fmi_int32(s("one block", 257), s("two halves", 257)))
    assert not math.isnan(fmi_int32(s("one block", 256), s("two halves", 256)))
    # the reproduction runs as printed and prints the failing value
    assert "f(s('one block', 257).tolist(), s('two halves', 257).tolist())" in ce["reproduce"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(ce["reproduce"], {})
    assert out.getvalue().strip() == "nan"
    assert "reproduce:" in r.describe()


@pytest.mark.slow
def test_ari_int64_out_of_bounds_near_ten_to_the_five():
    m = mp.metric(ari_int64, name="ari_int64", bounds=(-0.5, 1), perfect=1, symmetric=True)
    r = mp.check(m, "bounds", **BUDGET)
    assert r.status == "failed" and r.found_by == "scale"
    ce = r.counterexample
    n = ce["n"]
    assert 46341 < n <= 2**17 and ce["passes_at"] == n - 1
    t, p = (shape_labels(ce["shape"][k], n) for k in ("truth", "pred"))
    assert ari_int64(t, p) > 1 or ari_int64(t, p) < -0.5
    t, p = (shape_labels(ce["shape"][k], n - 1) for k in ("truth", "pred"))
    assert -0.5 <= ari_int64(t, p) <= 1


@pytest.mark.parametrize("name", ["adjusted_rand", "fowlkes_mallows"])
def test_builtins_with_exact_counts_pass_at_scale(name):
    r = mp.check(name, "bounds", **BUDGET)
    assert r.status == "passed" and not _scale(r)


def test_scale_max_n_zero_skips_the_phase():
    m = mp.metric(fmi_int32, name="fmi_int32", bounds=(0, 1), perfect=1, symmetric=True)
    assert mp.check(m, "bounds", scale_max_n=0, **BUDGET).status == "passed"
    with pytest.raises(ValueError, match="scale_max_n"):
        mp.check(m, "bounds", scale_max_n=-1, **BUDGET)


@pytest.mark.slow
def test_compare_finds_a_disagreement_only_at_scale():
    r = mp.compare(mp.metric(ari_int64, name="ari_int64"), "adjusted_rand", seed=1,
                   max_examples=10)
    assert r.status == "disagree" and r.found_by == "scale", r.message
    ce = r.counterexample
    assert 46341 < ce["n"] <= 2**17 and ce["passes_at"] == ce["n"] - 1
    assert "reproduce: from metricprops.search.scale import shape_labels" in r.message


def test_assert_agrees_shows_a_scale_disagreement_by_shape_not_by_labels():
    ari = mp.get_metric("adjusted_rand")
    big = mp.metric(lambda t, p: ari(t, p) + (0.5 if len(t) > 300 else 0.0), name="big")
    with pytest.raises(AssertionError) as info:
        assert_agrees(big, "adjusted_rand", seed=1, max_examples=5, exhaustive_n=2)
    text = str(info.value)
    assert "reproduce: from metricprops.search.scale import shape_labels" in text
    assert "labels:" not in text and len(text) < 2000


@pytest.mark.slow
def test_a_call_cut_off_at_scale_is_not_made_again_by_the_next_check(monkeypatch):
    # a metric too slow past 1,000 items: each of its scale-phase calls there is cut off at
    # the phase's time limit; the next check of the metric reuses the cut-off instead of
    # waiting for it again (the checks of one metric share the scale phase's outcomes)
    import time as _time

    from metricprops.search import scale

    monkeypatch.setattr(scale, "SCALE_CALL_SECONDS", 0.1)  # each cut-off waits 3 x 0.1 s
    seen = []

    @mp.metric(name="slow_past_1000", bounds=(0, 1), perfect=1, symmetric=True)
    def slow(labels_true, labels_pred):
        n = len(labels_true)
        if n > 1000:
            seen.append((n, tuple(sorted(labels_true)), tuple(sorted(labels_pred))))
            _time.sleep(30)
        return 1.0 if list(labels_true) == list(labels_pred) else 0.5

    result = mp.audit(slow, ["bounds", "max_agreement"], seed=0, max_examples=5,
                      exhaustive_n=3, isolate=False)
    assert all(r.status == "passed" for r in result.results), result.table()
    assert seen and len(seen) == len(set(seen)), "a cut-off call was made twice"


def _blocks(labels):
    """Block sizes, largest first: the shape of a partition at scale."""
    return sorted(Counter(labels).values(), reverse=True)


@pytest.mark.slow
@pytest.mark.parametrize("killed", [False, True], ids=["cut-off", "killed"])
def test_a_cut_off_at_scale_travels_to_the_next_check_in_a_fresh_worker(monkeypatch, tmp_path,
                                                                         killed):
    # in a worker process a cut-off call retires the worker (the call may have left a module
    # half set up); what it remembered of the scale shapes comes back with the check, and the
    # next check of the metric, in a fresh worker, does not wait for the same cut-off again.
    # "killed": the worker kills the scale phase's child in the call before the child's own
    # timer stops it (under load, seen in CI); what the child had learned, and the call it
    # was killed in, are remembered all the same
    import time as _time

    from metricprops.search import isolated, scale

    monkeypatch.setattr(scale, "SCALE_CALL_SECONDS", 0.1)  # the workers are forked after this
    if killed:  # the child is killed 0.1 s into a call; its own timer would stop it at 0.3 s
        monkeypatch.setattr(isolated, "TIMEOUT_GRACE", -0.4)
    log = tmp_path / "calls.txt"

    @mp.metric(name="slow_past_1000", bounds=(0, 1), perfect=1, symmetric=True)
    def slow(labels_true, labels_pred):
        n = len(labels_true)
        if n > 1000:
            with open(log, "a", encoding="utf-8") as f:
                f.write(f"{n} {_blocks(labels_true)} {_blocks(labels_pred)}\n")
            _time.sleep(30)
        return 1.0 if list(labels_true) == list(labels_pred) else 0.5

    result = mp.audit(slow, ["bounds", "max_agreement", "symmetry"], seed=0, max_examples=5,
                      exhaustive_n=3, jobs=1, isolate=True)
    assert all(r.status == "passed" for r in result.results), result.table()
    calls = log.read_text(encoding="utf-8").splitlines()
    assert calls and len(calls) == len(set(calls)), "a cut-off call was made twice"


def test_a_remembered_call_costs_the_phase_what_it_cost_when_it_was_made():
    # so that a check gets as far in its scale phase with the memo as without it
    from metricprops.calls import Deadline
    from metricprops.search import scale, shape_scorer

    m = mp.metric(lambda t, p: 0.25, name="remembered_once", bounds=(0, 1))
    truth = scale.shape_partition("one block", 4097)
    pred = scale.shape_partition("two halves", 4097)
    shapes = (scale.shape_of(truth), scale.shape_of(pred))
    scale.remember_values(m, {shapes: (0.75, 5.0), (shapes[1], shapes[0]): (("timeout", "slow"),
                                                                            1.5)})
    deadline = Deadline(1.0)
    scorer = shape_scorer.ShapeScorer(m, 1.0, deadline)
    assert scorer.raw(truth, pred) == 0.75  # remembered, not called (the call gives 0.25)
    assert scorer.last_seconds == 5.0 and deadline.passed() and deadline.cpu() >= 5.0
    with pytest.raises(mp.MetricCallError) as info:
        scorer.raw(pred, truth)
    assert info.value.reason == "timeout" and scorer.last_seconds == 1.5
    assert scale.shared_values(m)[(shapes[1], shapes[0])] == (("timeout", "slow"), 1.5)


PLANTED_FILE = """
import metricprops as mp

@mp.metric(kind="similarity", bounds=(0, 1), perfect=1)
def ari_int32(labels_true, labels_pred):
    return len(set(labels_pred)) / len(labels_pred)

def make_adapter():
    def mireval_ami(labels_true, labels_pred):
        return len(set(labels_true)) / len(labels_true)
    return mireval_ami

ami = make_adapter()
"""


@pytest.mark.parametrize("attr, value", [("ari_int32", "0.5"), ("ami", "0.25")])
def test_the_reproduction_of_a_file_target_runs_as_printed(plugin_file, attr, value):
    # a metric decorated in its file printed `f = ari_int32`, an adapter built inside a helper
    # function `f = mireval_ami`: NameErrors when pasted
    from metricprops.search.shapes import reproduction

    metric = plugin_file("scale_targets", PLANTED_FILE)(attr)
    line = reproduction("one block", "two halves", [4], metric)
    assert f"f = import_target('scale_targets.py:{attr}')" in line
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(line, {})
    assert out.getvalue().strip() == value


def test_the_reproduction_of_a_metric_decorated_in_a_module_names_its_target(
        plugin_file, tmp_path, monkeypatch):
    import importlib

    from metricprops.search.shapes import reproduction

    plugin_file("scale_decorated", PLANTED_FILE)  # written in the working folder, imported
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("scale_decorated")
    monkeypatch.setitem(sys.modules, "scale_decorated", module)  # forgotten after the test
    metric = module.ari_int32  # from Python, not through a target
    line = reproduction("one block", "two halves", [4], metric)
    assert "f = import_target('scale_decorated.py:ari_int32')" in line


def _raises_on_one_block(labels_true, labels_pred):
    """Rand that divides by zero on identical one-block partitions (at every size, as
    clusim's adj_mi does) and overflows on a two-halves prediction from 4,097 items."""
    if len(set(labels_true)) == 1 and len(set(labels_pred)) == 1:
        raise ZeroDivisionError("float division by zero")
    if len(labels_pred) >= 4097 and sorted(Counter(labels_pred).values()) == [
            len(labels_pred) // 2, len(labels_pred) - len(labels_pred) // 2]:
        raise OverflowError("too many pairs")
    return mp.get_metric("rand")(labels_true, labels_pred)


def test_an_exception_met_on_small_inputs_is_not_found_again_at_scale():
    # the scale phase keyed its errors "raised" and the small inputs "raised:ZeroDivisionError":
    # the same exception came back at scale whenever a slow metric's phase reached its
    # shape pair before its time ran out (clusim.adj_mi: one finding more on one report run)
    m = mp.metric(_raises_on_one_block, name="raises_on_one_block", bounds=(0, 1), perfect=1,
                  symmetric=True)
    r = mp.check(m, "max_agreement", scale_max_n=5000, **BUDGET)
    assert r.status == "error" and r.error["reason"] == "raised"
    reasons = [f.reason for f in r.findings if f.kind == "error"]
    assert reasons.count("raised:ZeroDivisionError") == 1, reasons  # on small inputs only
    overflow = [f for f in _scale(r) if f.reason == "raised:OverflowError"]
    assert [f.items for f in overflow] == [4097]  # a new exception at scale is still found
