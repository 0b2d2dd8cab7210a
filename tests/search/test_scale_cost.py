"""The scale phase predicts a call's cost from the calls on the same shape pair at smaller
sizes, and does not wait for a limit it would run past (metricprops.search.cost).  The
costs are given through the memo (what earlier calls cost), so nothing here depends on the
machine's speed."""
from __future__ import annotations

import pytest

import metricprops as mp
from metricprops.calls import Deadline
from metricprops.search import cost, scale, shape_scorer

PAIR = ("one block", "two halves")


def _counting(name):
    sizes = []

    def f(labels_true, labels_pred):
        sizes.append(len(labels_true))
        return 0.5

    return mp.metric(f, name=name, bounds=(0, 1)), sizes


def _key(n):
    return (scale.shape_of(scale.shape_partition(PAIR[0], n)),
            scale.shape_of(scale.shape_partition(PAIR[1], n)))


def _raw(metric, n, limit=1.0):
    scorer = shape_scorer.ShapeScorer(metric, limit, Deadline(100.0))
    return scorer.raw(scale.shape_partition(PAIR[0], n), scale.shape_partition(PAIR[1], n))


def _cut_off_unmade(call, sizes, predicted):
    """The message of the ``timeout`` error ``call`` raised without calling the metric."""
    with pytest.raises(mp.MetricCallError) as info:
        call()
    assert info.value.reason == "timeout" and sizes == []  # never called
    assert f"predicted to take {predicted}" in str(info.value)
    return str(info.value)


def test_prediction_extrapolates_the_measured_growth_and_never_assumes_a_call_gets_cheaper():
    assert cost.predicted_seconds([], 4097) is None
    # quadratic between 257 and 1025 items: 16 times the cost at 4 times the size
    assert cost.predicted_seconds([(257, 0.005), (1025, 0.08)], 4097) == pytest.approx(
        1.28, rel=0.01)
    # one size: linear growth (the least any call grows)
    assert cost.predicted_seconds([(257, 0.004)], 4097) == pytest.approx(0.004 * 4097 / 257)
    # a cost that fell (noise) is read as linear growth, a steep one is capped at n^3
    assert cost.predicted_seconds([(257, 0.01), (1025, 0.009)], 4097) == pytest.approx(
        0.009 * 4097 / 1025)
    assert cost.predicted_seconds([(257, 0.001), (1025, 1.0)], 4097) == pytest.approx(
        1.0 * (4097 / 1025) ** 3)
    # times under the clock's noise are not used for the exponent
    assert cost.predicted_seconds([(257, 1e-6), (1025, 0.01)], 4097) == pytest.approx(
        0.01 * 4097 / 1025)


def test_a_probe_is_timed_only_far_below_a_size_a_slow_call_could_not_reach():
    assert cost.probe_size([(257, 0.005)], 4097, 1.0) == 1024
    assert cost.probe_size([(257, 0.00005)], 4097, 1.0) is None  # fast at 257
    assert cost.probe_size([(1024, 0.05)], 4097, 1.0) is None  # close enough to read
    # two sizes measured: their own growth decides (linear: 40 ms * 22.6 < 1/4 s)
    assert cost.probe_size([(257, 0.01), (4097, 0.01 * 16)], 92683, 1.0) == 92683 // 4
    assert cost.probe_size([(257, 0.0001), (4097, 0.0016)], 92683, 1.0) is None


def test_a_call_predicted_past_the_limit_is_not_made_and_ends_the_pair_as_a_cut_off():
    metric, sizes = _counting("predicted_slow")
    # what the calls at 257 and (the probe) 1024 items cost: quadratic growth, so 4097
    # items would take about 1.29 s, past the 1 s limit
    scale.remember_values(metric, {_key(257): (0.5, 0.005), _key(1024): (0.5, 0.08)})
    _cut_off_unmade(lambda: _raw(metric, 4097), sizes, "about 1.29 s at 4097 items")
    # remembered as a cut-off, at no cost, and travels to other processes as one
    value, seconds = scale.shared_values(metric)[_key(4097)]
    assert value[0] == "timeout" and seconds == 0.0


def test_a_cheap_call_is_made_and_a_slow_one_far_below_is_probed_first():
    metric, sizes = _counting("predicted_fast")
    scale.remember_values(metric, {_key(257): (0.5, 0.0001)})
    assert _raw(metric, 4097) == 0.5 and sizes == [4097]  # no probe: fast at 257

    metric, sizes = _counting("probed")
    scale.remember_values(metric, {_key(257): (0.5, 0.005)})
    assert _raw(metric, 4097) == 0.5
    # probed at 1024 items first; the probe was fast (this metric costs nothing), so the
    # prediction from it let the call at 4097 be made
    assert sizes == [1024, 4097]


def _derived(metric, n, shapes=PAIR, limit=1.0):
    """A call on partitions that are not shapes (n-invariance's copies of the pair), by the
    scorer of ``shapes``' instance."""
    scorer = shape_scorer.ShapeScorer(metric, limit, Deadline(100.0), shapes)
    copy = mp.Partition.from_labels(list(range(n)))
    return scorer.raw(copy, copy)


def test_a_derived_call_is_predicted_from_its_shape_pair_and_not_made_past_the_limit():
    metric, sizes = _counting("derived_slow")
    # the pair itself at 1024 and 4097 items: quadratic, 0.8 s at 4097 (under the limit);
    # its copies at 8194 items would take about 3.2 s
    scale.remember_values(metric, {_key(1024): (0.5, 0.05), _key(4097): (0.5, 0.8)})
    text = _cut_off_unmade(lambda: _derived(metric, 8194), sizes, "about 3.2 s at 8194 items")
    assert "one block vs two halves at 1024, 4097 items" in text
    # the same size as the pair's own call (a renaming): predicted at what that call cost
    assert _derived(metric, 4097) == 0.5 and sizes == [4097]


def test_a_derived_call_is_made_when_its_pair_is_fast_or_unknown():
    metric, sizes = _counting("derived_fast")
    scale.remember_values(metric, {_key(1024): (0.5, 0.0002), _key(4097): (0.5, 0.003)})
    assert _derived(metric, 8194) == 0.5 and sizes == [8194]
    # nothing measured on another pair: no prediction (the limit ends the call if need be)
    assert _derived(metric, 8194, shapes=("all singletons", "one block")) == 0.5
    # no pair named (the continuity test's own bisection): as before
    assert _derived(metric, 8194, shapes=None) == 0.5 and sizes == [8194] * 3
