"""metricprops.testing: assert_satisfies / assert_agrees, defaults, nesting inside @given."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import metricprops as mp
from metricprops.settings import Budget, current_defaults, defaults
from metricprops.testing import assert_agrees, assert_satisfies

FAST = dict(max_examples=10, seed=1)


def elm_f_by_hand(labels_true, labels_pred):
    n = len(labels_true)
    total = 0.0
    for e in range(n):
        t = {i for i in range(n) if i != e and labels_true[i] == labels_true[e]}
        h = {i for i in range(n) if i != e and labels_pred[i] == labels_pred[e]}
        if not t and not h:
            total += 1.0
        else:
            tp = len(t & h)
            total += tp / (tp + 0.5 * len(t ^ h))
    return total / n


# -- assert_satisfies -------------------------------------------------------------------
def test_passes_and_returns_the_audit() -> None:
    result = assert_satisfies("elm_f", "zero_score", "completeness", **FAST)
    assert [r.status for r in result.results] == ["passed", "passed"]
    assert result.seed == 1


@pytest.mark.slow
def test_failure_message_shows_the_smallest_counterexample() -> None:
    with pytest.raises(AssertionError) as info:
        assert_satisfies("bcubed_f", "zero_score", "completeness", **FAST)
    text = str(info.value)
    assert text.startswith("bcubed_f does not satisfy 1 of 2 constraints: zero_score")
    assert "✗ zero_score: failed" in text
    assert "truth: {0 1}" in text
    assert "pred:  {0 | 1}" in text
    assert "best = 0.6666666666666666" in text
    assert "✓ completeness (passed)" in text
    assert "assert_satisfies(..., seed=1)" in text


def test_pairwise_failure_shows_both_scores() -> None:
    @mp.metric(bounds=(0, 1), perfect=1)
    def prefers_splits(labels_true, labels_pred):
        return 1.0 - elm_f_by_hand(labels_true, labels_pred)

    with pytest.raises(AssertionError) as info:
        assert_satisfies(prefers_splits, "completeness", **FAST)
    text = str(info.value)
    assert "worse:  {0 | 1}" in text and "better: {0 1}" in text
    assert "scores: worse = 1.0, better = 0.0" in text


def test_plain_function_and_list_of_constraints() -> None:
    result = assert_satisfies(elm_f_by_hand, ["completeness"], max_examples=5, seed=3)
    assert result.results[0].metric == "elm_f_by_hand"


def test_weak_passes_unless_strict() -> None:
    # ELM F ties on a perfect split of a block that mixes two classes (homogeneity: weak)
    result = assert_satisfies("elm_f", "homogeneity", max_examples=0, seed=0, exhaustive_n=4)
    assert result.results[0].status == "weak"
    with pytest.raises(AssertionError) as info:
        assert_satisfies("elm_f", "homogeneity", max_examples=0, seed=0, exhaustive_n=4,
                         strict=True)
    text = str(info.value)
    assert "≈ homogeneity: weak -- only ties" in text
    assert "worse:" in text and "better:" in text


def test_not_applicable_fails_and_says_why() -> None:
    unbounded = mp.metric(elm_f_by_hand, name="unbounded")
    with pytest.raises(AssertionError, match="needs a declared lower bound"):
        assert_satisfies(unbounded, "zero_score", **FAST)


@pytest.mark.slow
def test_a_raising_metric_fails_with_the_input() -> None:
    @mp.metric(bounds=(0, 1))
    def crashes_on_singletons(labels_true, labels_pred):
        if len(set(labels_pred)) == len(labels_pred) > 1:
            raise ZeroDivisionError("boom")
        return 0.5

    with pytest.raises(AssertionError) as info:
        assert_satisfies(crashes_on_singletons, "completeness", **FAST)
    text = str(info.value)
    assert "! completeness: error" in text and "ZeroDivisionError: boom" in text
    assert "pred:" in text


def test_unknown_constraint_is_a_usage_error() -> None:
    with pytest.raises(mp.UnknownNameError, match="did you mean completeness"):
        assert_satisfies("elm_f", "completness")


@pytest.mark.slow
def test_defaults_come_from_the_settings_defaults() -> None:
    before = current_defaults()
    with defaults(seed=42, budget=Budget(max_examples=7)):
        result = assert_satisfies("elm_f", "completeness")
        assert result.seed == 42 and result.settings["max_examples"] == 7
        # explicit arguments win
        result = assert_satisfies("elm_f", "completeness", seed=5, max_examples=3)
        assert result.seed == 5 and result.settings["max_examples"] == 3
    assert current_defaults() == before


def test_without_defaults_a_seed_is_drawn() -> None:
    result = assert_satisfies("elm_f", "completeness", max_examples=2)
    assert isinstance(result.seed, int)
    assert result.settings["max_examples"] == 2


@pytest.mark.slow
def test_same_seed_same_message() -> None:
    def message(seed: int) -> str:
        with pytest.raises(AssertionError) as info:
            assert_satisfies(mp.metric(lambda t, p: 1.0 - elm_f_by_hand(t, p), name="inverted",
                                       bounds=(0, 1)),
                             "completeness", "homogeneity", seed=seed, max_examples=10,
                             exhaustive_n=3)
        return str(info.value)

    assert message(9) == message(9)


# -- nesting inside @given --------------------------------------------------------------
@settings(max_examples=3, deadline=None)
@given(st.floats(0.5, 2.0))
@pytest.mark.slow
def test_assert_satisfies_inside_given(beta) -> None:
    # the inner search nests hypothesis; metricprops suppresses HealthCheck.nested_given
    assert_satisfies(mp.pair_f_beta(beta), "completeness", max_examples=3, seed=0)


@pytest.mark.skipif(not hasattr(HealthCheck, "nested_given"), reason="hypothesis too old")
@pytest.mark.slow
def test_raw_check_inside_given_needs_the_suppression() -> None:
    from hypothesis.errors import FailedHealthCheck

    @settings(max_examples=2, deadline=None)
    @given(st.just(0))
    def nested(_):
        mp.check("elm_f", "completeness", seed=0, max_examples=2)

    with pytest.raises(FailedHealthCheck, match="nested_given"):
        nested()

    @settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.nested_given])
    @given(st.just(0))
    def suppressed(_):
        assert mp.check("elm_f", "completeness", seed=0, max_examples=2).status == "passed"

    suppressed()


def test_public_strategies_in_a_users_given() -> None:
    from metricprops.strategies import instances, partition_pairs, partitions

    @settings(max_examples=20, deadline=None)
    @given(partition_pairs(max_items=8))
    def bounded(pair):
        truth, pred = pair
        assert 0.0 <= elm_f_by_hand(truth.tolist(), pred.tolist()) <= 1.0

    @settings(max_examples=20, deadline=None)
    @given(instances("completeness", max_items=8))
    def merging_helps(instance):
        t = instance.truth.tolist()
        assert (elm_f_by_hand(t, instance["better"].tolist())
                > elm_f_by_hand(t, instance["worse"].tolist()))

    @settings(max_examples=20, deadline=None)
    @given(partitions(min_items=2, max_items=6))
    def perfect(truth):
        assert elm_f_by_hand(truth.tolist(), truth.tolist()) == 1.0

    bounded()
    merging_helps()
    perfect()


# -- assert_agrees ----------------------------------------------------------------------
@pytest.mark.slow
def test_agreeing_implementations_pass() -> None:
    assert_agrees(elm_f_by_hand, "elm_f", seed=0, max_examples=20)


@pytest.mark.slow
def test_disagreement_is_shrunk_and_shown() -> None:
    def off_for_big_inputs(labels_true, labels_pred):
        value = elm_f_by_hand(labels_true, labels_pred)
        return value + 0.01 if len(labels_true) >= 7 and len(set(labels_pred)) >= 3 else value

    with pytest.raises(AssertionError) as info:
        assert_agrees(off_for_big_inputs, "elm_f", seed=0, max_examples=50, exhaustive_n=4)
    text = str(info.value)
    assert text.startswith("off_for_big_inputs disagrees with elm_f: smallest disagreeing input "
                           "7 items")
    assert "truth: {0 1 2 3 4 5 6}" in text and "pred:  {0 1 2 3 4 | 5 | 6}" in text
    assert "off_for_big_inputs (implementation) = " in text
    assert "elm_f (reference) = " in text
    assert "difference 0.01 > tolerance 1e-09" in text
    assert "assert_agrees(..., seed=0)" in text


def test_exhaustive_disagreement() -> None:
    with pytest.raises(AssertionError) as info:
        assert_agrees("bcubed_f", "elm_f", seed=0, max_examples=0)
    text = str(info.value)
    assert "truth: {0 1}" in text and "pred:  {0 | 1}" in text
    assert "bcubed_f (implementation) = 0.6666666666666666" in text
    assert "elm_f (reference) = 0.0" in text
    assert "exhaustive search" in text


def test_agreement_returns_the_comparison() -> None:
    result = assert_agrees("adjusted_rand", "adjusted_rand", seed=0, max_examples=5)
    assert result.status == "agree"


@pytest.mark.slow
def test_tolerance() -> None:
    def nearly(labels_true, labels_pred):
        return elm_f_by_hand(labels_true, labels_pred) + 1e-7

    # the offset is on every input: no need for the large ones of the scale phase
    assert_agrees(nearly, "elm_f", tolerance=1e-6, seed=0, max_examples=5, scale_max_n=0)
    with pytest.raises(AssertionError, match="tolerance 1e-09"):
        assert_agrees(nearly, "elm_f", seed=0, max_examples=5, scale_max_n=0)


@pytest.mark.slow
def test_a_raising_implementation_fails_with_the_input() -> None:
    def crashes(labels_true, labels_pred):
        if len(labels_true) == 3:
            raise ValueError("three is a crowd")
        return elm_f_by_hand(labels_true, labels_pred)

    with pytest.raises(AssertionError) as info:
        assert_agrees(crashes, "elm_f", seed=0, max_examples=5, scale_max_n=0)
    text = str(info.value)
    assert text.startswith("crashes vs elm_f: error: implementation: crashes raised "
                           "ValueError: three is a crowd")
    assert "truth: {0 1 2}" in text
