"""Gösgens et al. (2021)'s properties: minimal agreement, distance, strong monotonicity and
asymptotic constant baseline, each with a metric that satisfies it and one that violates it.

Every expected counterexample is worked out by hand in the comments (pair counts N11, N10,
N01, N00 of truth A and prediction B; N = C(n, 2)).
"""
from __future__ import annotations

import math

import pytest

import metricprops as mp
from metricprops.constraints._counts import count_vector, value_at
from metricprops.constraints.asymptotic_constant_baseline import independence_pair
from metricprops.partition import Partition


@pytest.fixture
def check_budget():
    return dict(seed=5, max_examples=40, exhaustive_n=4, max_items=12, scale_max_n=0)


rand = mp.get_metric("rand")
black_box_rand = mp.metric(lambda t, p: rand(t, p), name="bb_rand", bounds=(0, 1), perfect=1,
                           symmetric=True, pair_counting=True)
jaccard = mp.get_metric("jaccard")
black_box_jaccard = mp.metric(lambda t, p: jaccard(t, p), name="bb_jaccard", bounds=(0, 1),
                              perfect=1, symmetric=True, pair_counting=True)


def test_count_vector():
    # A = {0 1 | 2}, B = {0 2 | 1}: (0,1) together in A only, (0,2) in B only, (1,2) apart
    assert count_vector(Partition.from_labels([0, 0, 1]), Partition.from_labels([0, 1, 0])) \
        == (0, 1, 1, 1)


def test_value_at_leaves_zero_denominators_undefined():
    cc = mp.get_metric("pearson_cc")
    assert value_at(cc, (0, 1, 1, 0)) == -1.0          # (0·0 − 1·1) / √(1·1·1·1)
    assert value_at(cc, (0, 3, 0, 0)) is None          # 0/0: the metric's convention is unused
    assert cc([0, 0, 0], [0, 1, 2]) == 0.0             # ... which gives 0 on partitions


# -- minimal agreement -----------------------------------------------------------------------
def test_minimal_agreement_rand_passes_on_counts_and_partitions(run):
    # Rand = (N11 + N00) / N is 0 exactly when N11 = N00 = 0
    assert run("rand", "minimal_agreement").status == "passed"
    assert run(black_box_rand, "minimal_agreement").status == "passed"


def test_minimal_agreement_vi_fails_because_its_worst_value_grows_with_n(run):
    # VI({0 1}, {0 | 1}) = log 2 is c_min; VI({0 1 2}, {0 | 1 | 2}) = log 3: no pair agrees
    # there, yet the value differs -- the smallest violation, three items
    r = run("vi", "minimal_agreement")
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["notation"] == {"truth": "{0 1 2}", "pred": "{0 | 1 | 2}"}
    assert ce["scores"]["pred"] == pytest.approx(math.log(3))
    assert ce["scores"]["c_min"] == pytest.approx(math.log(2))
    assert "not one constant" in ce["detail"]


def test_minimal_agreement_black_box_ari_goes_below_its_trivial_value(run):
    # ARI({0 1 | 2}, {0 2 | 1}): N11 = 0, index 0, expected 1·1/3, max (1+1)/2:
    # (0 − 1/3) / (1 − 1/3) = −1/2 < 0 = ARI({0 1}, {0 | 1})
    ari = mp.get_metric("adjusted_rand")
    bb = mp.metric(lambda t, p: ari(t, p), name="bb_ari", bounds=(-0.5, 1), perfect=1)
    r = run(bb, "minimal_agreement")
    assert r.status == "failed"
    assert r.counterexample["notation"] == {"truth": "{0 1 | 2}", "pred": "{0 2 | 1}"}
    assert r.counterexample["scores"] == {"pred": -0.5, "c_min": 0.0}


def test_minimal_agreement_jaccard_ties_where_some_pairs_agree(run):
    # Jaccard N11 / (N11 + N10 + N01) is 0 at (0, 1, 1, 1): N00 = 1 agrees, yet c_min
    r = run("jaccard", "minimal_agreement")
    assert r.status == "weak"
    assert r.tie["counts"] == {"N11": 0, "N10": 1, "N01": 1, "N00": 1}
    assert r.tie["scores"] == {"pred": 0.0, "c_min": 0.0}


def test_minimal_agreement_correlation_is_checked_where_defined(run):
    # CC = −1 at every (0, a, b, 0) with a, b > 0; undefined (0/0) at (0, N, 0, 0)
    assert run("pearson_cc", "minimal_agreement").status == "passed"


# -- distance --------------------------------------------------------------------------------
def test_distance_rand_passes(run):
    # 1 − Rand = (N10 + N01) / N: the share of pairs the partitions disagree on, a metric
    assert run("rand", "distance").status == "passed"


def test_distance_nmi_breaks_the_triangle_on_three_items(run):
    # 1 − NMI: A = {0 1 | 2}, B = {0 | 1 | 2}, C = {0 2 | 1}; H(A) = H(C) = log 3 − (2/3) log 2
    # ≈ 0.6365, H(B) = log 3 ≈ 1.0986.  B refines A: I(A; B) = H(A), NMI = 0.6365 / 0.8676,
    # d ≈ 0.2663 (the same for B, C).  A and C share no pair: H(A, C) = log 3,
    # I = 2 H(A) − log 3 ≈ 0.1744, NMI ≈ 0.2740, d ≈ 0.7260 > 0.5326
    r = run("nmi", "distance")
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["notation"] == {"truth": "{0 1 | 2}", "b": "{0 | 1 | 2}", "c": "{0 2 | 1}"}
    assert ce["scores"]["d(A,B)"] == pytest.approx(0.2663195633487889)
    assert ce["scores"]["d(A,C)"] == pytest.approx(0.7259824578787188)


def test_distance_purity_reaches_c_max_off_the_diagonal(run):
    # purity({0 1}, {0 | 1}) = 1 = c_max although the partitions differ
    r = run("purity", "distance")
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["truth"] == [0, 0] and ce["b"] == [0, 1]
    assert "although A ≠ B" in ce["detail"]


def test_distance_not_applicable_without_a_perfect_value(run):
    r = run(mp.metric(lambda t, p: 0.0, name="no_perfect"), "distance")
    assert r.status == "not_applicable" and "perfect" in r.message


# -- strong monotonicity ---------------------------------------------------------------------
@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_strong_monotonicity_rand_passes(run):
    assert run("rand", "strong_monotonicity").status == "passed"
    assert run(black_box_rand, "strong_monotonicity").status == "passed"


def test_strong_monotonicity_jaccard_ignores_n00(run):
    # Jaccard at (1, 2, 0, 0) (truth {0 1 2}, worse {0 1 | 2}) is 1/3, and one more pair
    # apart in both leaves it 1/3: a tie on the counts
    r = run("jaccard", "strong_monotonicity")
    assert r.status == "weak"
    assert r.tie["counts"] == {"N11": 1, "N10": 2, "N01": 0, "N00": 0}
    assert r.tie["step"] == "N00"
    assert r.tie["scores"]["at_counts"] == r.tie["scores"]["after_step"] == pytest.approx(1 / 3)


def test_strong_monotonicity_black_box_jaccard_ties_on_partitions(run):
    # on partitions a tie needs N11 equal and N00 larger (Jaccard ignores N00), e.g. truth
    # {0 | 1 | 2}, worse {0 1 2} (0, 0, 3, 0) and better {0 1 | 2} (0, 0, 1, 2): both 0
    r = run(black_box_jaccard, "strong_monotonicity")
    assert r.status == "weak"
    tie = r.tie
    before, after = tie["counts"], tie["better_counts"]
    assert after["N11"] == before["N11"] and after["N00"] > before["N00"]
    assert tie["scores"]["worse"] == tie["scores"]["better"]


def test_strong_monotonicity_ari_fails_on_the_counts(run):
    # ARI at (0, 3, 1, 2) (truth {0 1 2 | 3}, H = {0 3 | 1 | 2}): N = 6, expected 3·1/6,
    # (0 − 1/2) / (2 − 1/2) = −1/3; one more N10 gives (0, 4, 1, 2), N = 7, expected 4/7,
    # (0 − 4/7) / (5/2 − 4/7) = −8/27 > −1/3: more disagreement raised it
    r = run("adjusted_rand", "strong_monotonicity")
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["counts"] == {"N11": 0, "N10": 3, "N01": 1, "N00": 2}
    assert ce["step"] == "N10"
    assert ce["scores"]["at_counts"] == pytest.approx(-1 / 3)
    assert ce["scores"]["after_step"] == pytest.approx(-8 / 27)


def test_strong_monotonicity_needs_a_pair_counting_metric(run):
    r = run("nmi", "strong_monotonicity")
    assert r.status == "not_applicable" and "pair_counting" in r.message


# -- asymptotic constant baseline ------------------------------------------------------------
def test_independence_pair_has_the_product_table():
    t, p = independence_pair((2, 1), (2, 1), 3)
    assert t.n == 27 and sorted(t.sizes) == [9, 18] and sorted(p.sizes) == [9, 18]
    # cells 2·2·3 = 12, 2·1·3 = 6 (twice) and 1·1·3 = 3
    assert count_vector(t, p)[0] == math.comb(12, 2) + 2 * math.comb(6, 2) + math.comb(3, 2)


def test_asymptotic_constant_baseline_ari_passes(run):
    assert run("adjusted_rand", "asymptotic_constant_baseline").status == "passed"


def test_asymptotic_constant_baseline_rand_fails_with_the_limit_by_shape(run):
    # at independence Rand → 1 − pA − pB + 2 pA pB with pA = Σα²: the reference (2, 1)
    # gives 1 − 10/9 + 50/81 = 41/81, the shape (3, 1) against (3, 1) gives 34/64 -- and the
    # random arrangements agree (0.506 against 0.531 at about 100 items)
    r = run("rand", "asymptotic_constant_baseline")
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["notation"] == {"truth": "{0 1 2 | 3}", "pred": "{0 1 2 | 3}"}
    assert ce["scores"]["expected_shape"] > ce["scores"]["expected_reference"]
    assert ce["p_value"] <= ce["alpha"]


def test_minimal_agreement_counts_at_the_scale_phase_sizes_stay_small():
    # the scale phase scores pairs of 2^17 items: C(2^17, 2) ≈ 8.6e9 pairs, three vectors
    # (the two that partitions have, one block against all singletons, are instances)
    from metricprops.constraints.minimal_agreement import _disagreeing
    total = math.comb(2**17, 2)
    got = _disagreeing(total)
    assert [v[1] for v in got] == [1, total // 2, total - 1]
    assert all(v[0] == v[3] == 0 and v[1] + v[2] == total for v in got)


@pytest.mark.parametrize("name", ["adjusted_rand", "mirkin"])
def test_minimal_agreement_shows_partitions_only_with_their_own_scores(run, name):
    # the 0 of ARI (0.5 of Mirkin) at the counts (0, 0, 1, 0) was shown on {0 1} against
    # {0 1}, identical partitions that score 1 (0): now the partitions that have those counts
    metric = mp.get_metric(name)
    r = run(name, "minimal_agreement")
    assert r.status == "failed"
    head = r.counterexample
    assert head["notation"] == {"truth": "{0 1}", "pred": "{0 | 1}"}
    assert head["scores"]["pred"] == metric(head["truth"], head["pred"])
    at_counts = [f.example for f in r.findings if f.cause == "pair counts no partitions have"]
    assert at_counts, r.describe()
    for example in at_counts:  # counts no partitions have: the counts alone
        assert "truth" not in example and "notation" not in example
        assert set(example["scores"]) == {"at_counts", "c_min"}
        assert example["counts"]["N10"] > 0 and example["counts"]["N01"] > 0
        assert example["counts"]["N11"] == example["counts"]["N00"] == 0
        assert "(N11, N10, N01, N00) = (0, " in example["detail"]
