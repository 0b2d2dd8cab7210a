"""Crash isolation: metrics that kill, hang or exhaust their worker are ``error`` verdicts
with the right reason and input, and the rest of the audit is untouched."""
from __future__ import annotations

import pytest

import metricprops as mp
from metricprops.results.model import Status

from plugins import broken

FAST = dict(seed=5, max_examples=0, exhaustive_n=3)  # the default time limit: no flakes
HANGS = dict(FAST, timeout=0.3)  # for the metrics that hang
TRIGGER = {"truth": [0, 0, 0], "pred": [0, 1, 2]}  # the first all-singleton prediction


def _input(error):
    return {"truth": error["truth"], "pred": error["pred"]}


@pytest.mark.slow
def test_broken_plugins_are_errors_and_the_sound_metric_is_untouched():
    metrics = [broken.sound, broken.segfault, broken.exits0, broken.sysexit3, broken.c_sleep,
               broken.hog, broken.loops]
    result = mp.audit(metrics, ["completeness"], memory_limit="1GiB", **HANGS)
    expected = {"segfault": ("crashed", {"signal": "SIGSEGV"}),
                "exits0": ("crashed", {"code": 0}),
                "sysexit3": ("crashed", {"code": 3}), "c_sleep": ("timeout", None),
                "hog": ("memory", None), "loops": ("timeout", None)}
    for name, (reason, exit_) in expected.items():
        r = result.get(name, "completeness")
        assert r.status is Status.ERROR, (name, r.message)
        assert r.error["reason"] == reason, (name, r.message)
        assert _input(r.error) == TRIGGER, name
        if exit_ is not None:
            assert r.error["exit"] == exit_
    assert "sys.exit(3)" in result.get("sysexit3", "completeness").message
    assert result.get("exits0", "completeness").error["output"] == "leaving now\n"
    alone = mp.audit([broken.sound], ["completeness"], **HANGS)
    assert result.get("sound", "completeness").to_json() == alone.results[0].to_json()


@pytest.mark.slow
def test_a_call_that_ignores_the_alarm_is_killed_and_reported_as_timeout():
    r = mp.check(broken.deaf_sleep, "completeness", **HANGS)
    assert r.status is Status.ERROR
    assert r.error["reason"] == "timeout" and _input(r.error) == TRIGGER
    assert "the worker was killed" in r.message


@pytest.mark.slow
def test_a_worker_that_cut_a_call_off_is_not_reused():
    # the first check's first call is cut off in the middle of the metric's set-up; a worker
    # reused for the second check would be left half set up and report NameError
    result = mp.audit([broken.half_setup], ["completeness", "homogeneity"], jobs=1, **HANGS)
    assert [r.error["reason"] for r in result.results] == ["timeout", "timeout"], [
        r.message for r in result.results]


@pytest.mark.parametrize("metric", [broken.interrupts, broken.base_exception])
@pytest.mark.parametrize("isolate", [None, False])
def test_no_base_exception_escapes_check(metric, isolate):
    if isolate is False and metric is broken.interrupts:
        pytest.skip("in this process a KeyboardInterrupt is the user's Ctrl-C: it propagates")
    r = mp.check(metric, "completeness", isolate=isolate, **FAST)
    assert r.status is Status.ERROR and r.error["reason"] == "crashed"
    assert "not an Exception" in r.message and _input(r.error) == TRIGGER


def test_printed_output_is_captured_truncated_and_kept_with_the_error(capfd):
    r = mp.check(broken.chatty, "completeness", **FAST)
    out, err = capfd.readouterr()
    assert out == "" and err == ""  # nothing reached the terminal
    text = r.error["output"]
    assert text.startswith("line 0\n") and text.rstrip().endswith("line 1999")
    assert "characters cut" in text and len(text) < 2100


def test_a_metric_runs_in_a_worker_unless_isolate_is_false():
    calls = []

    @mp.metric(kind="similarity", bounds=(0, 1), perfect=1, symmetric=True)
    def counted(labels_true, labels_pred):
        calls.append(1)
        return broken.sound.func(labels_true, labels_pred)

    isolated = mp.check(counted, "completeness", **FAST)
    assert calls == [] and isolated.calls > 0  # called, but in another process
    here = mp.check(counted, "completeness", isolate=False, **FAST)
    assert len(calls) == here.calls
    assert here.to_json() == isolated.to_json()


def test_an_isolated_error_names_the_same_line_as_an_in_process_one():
    from plugins import faulty

    isolated = mp.check(faulty.raises, "degenerate", **FAST)
    here = mp.check(faulty.raises, "degenerate", isolate=False, **FAST)
    assert isolated.error["where"] == here.error["where"]
    assert "faulty.py:" in isolated.error["where"]


def test_isolate_true_checks_a_built_in_in_a_worker_with_the_same_result():
    assert (mp.check("purity", "completeness", isolate=True, **FAST).to_json()
            == mp.check("purity", "completeness", **FAST).to_json())
