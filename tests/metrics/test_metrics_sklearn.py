"""Differential tests against scikit-learn (the `test` extra's oracle).

Where our documented convention differs from scikit-learn's on a degenerate input, the
property test skips that input and an explicit test pins both values.
"""
from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import example, given, settings

import metricprops as mp

from label_strategies import label_pairs

sk = pytest.importorskip("sklearn.metrics")

# two int label lists of equal length 1..30, at most 9 labels a side
PAIRS = label_pairs(max_items=30, max_labels=9)


def nmi_with(method):
    def f(t, p):
        return sk.normalized_mutual_info_score(t, p, average_method=method)
    return f


# our name -> scikit-learn function (same argument order, natural log)
ORACLES = {
    "rand": sk.rand_score,
    "adjusted_rand": sk.adjusted_rand_score,
    "fowlkes_mallows": sk.fowlkes_mallows_score,
    "mutual_info": sk.mutual_info_score,
    "nmi": nmi_with("arithmetic"),
    "nmi_max": nmi_with("max"),
    "nmi_min": nmi_with("min"),
    "nmi_geometric": nmi_with("geometric"),
    "homogeneity_score": sk.homogeneity_score,
    "completeness_score": sk.completeness_score,
    "v_measure": sk.v_measure_score,
}

TOL = 1e-12


def sklearn_value(f, truth, pred):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(f(np.asarray(truth), np.asarray(pred)))


def all_singletons(labels):
    return len(set(labels)) == len(labels)


@given(PAIRS)
@example(([0], [0]))
@example(([0, 0, 0], [0, 0, 0]))
@example(([0, 0, 0], [0, 1, 2]))
@example(([0, 1, 2], [0, 0, 0]))
@example(([0, 1, 1, 0], [5, 5, 7, 7]))
@pytest.mark.slow
def test_agrees_with_sklearn(pair):
    truth, pred = pair
    ours = mp.score(truth, pred, list(ORACLES))
    for name, oracle in ORACLES.items():
        if name == "fowlkes_mallows" and all_singletons(truth) and all_singletons(pred):
            continue  # documented difference: see test_fowlkes_mallows_all_singletons
        theirs = sklearn_value(oracle, truth, pred)
        assert ours[name] == pytest.approx(theirs, abs=TOL), (name, ours[name], theirs)


@given(PAIRS)
@settings(max_examples=40)
@example(([0], [0]))
@example(([0, 0], [0, 0]))
@example(([0, 1], [0, 1]))
@example(([0, 1, 2], [0, 0, 0]))
@example(([0, 0, 1, 1], [0, 1, 0, 1]))
def test_ami_agrees_with_sklearn(pair):
    truth, pred = pair
    ours = mp.get_metric("ami")(truth, pred)
    theirs = sklearn_value(sk.adjusted_mutual_info_score, truth, pred)
    assert ours == pytest.approx(theirs, abs=1e-9), (ours, theirs)


@pytest.mark.slow
def test_ami_agrees_with_sklearn_on_larger_random_inputs():
    rng = np.random.default_rng(20240601)
    for n, k in [(500, 7), (2000, 40), (3000, 150), (5000, 3)]:
        truth = rng.integers(0, k, size=n)
        pred = rng.integers(0, k + 3, size=n)
        ours = mp.get_metric("ami")(truth, pred)
        theirs = sklearn_value(sk.adjusted_mutual_info_score, truth, pred)
        assert ours == pytest.approx(theirs, abs=1e-9), (n, k, ours, theirs)


def test_agrees_with_sklearn_on_larger_random_inputs():
    rng = np.random.default_rng(7)
    for n, k in [(1000, 5), (5000, 60), (20000, 200)]:
        truth = rng.integers(0, k, size=n)
        pred = np.where(rng.random(n) < 0.7, truth, rng.integers(0, k, size=n))
        ours = mp.score(truth, pred, list(ORACLES))
        for name, oracle in ORACLES.items():
            theirs = sklearn_value(oracle, truth, pred)
            assert ours[name] == pytest.approx(theirs, abs=1e-10), (name, n, k)


@given(PAIRS)
@pytest.mark.slow
def test_vi_from_sklearn_entropies(pair):
    # VI = H(T) + H(H) - 2 I(T; H); scikit-learn has I, scipy has H
    from scipy.stats import entropy
    truth, pred = pair
    h_t = entropy(np.unique(truth, return_counts=True)[1])
    h_p = entropy(np.unique(pred, return_counts=True)[1])
    mi = sklearn_value(sk.mutual_info_score, truth, pred)
    assert mp.get_metric("vi")(truth, pred) == pytest.approx(h_t + h_p - 2 * mi, abs=1e-12)


@given(PAIRS)
def test_pair_precision_and_recall_from_sklearn_pair_confusion(pair):
    truth, pred = pair
    (tn, fp), (fn, tp) = sk.cluster.pair_confusion_matrix(truth, pred) // 2
    s = mp.score(truth, pred, ["pair_precision", "pair_recall", "jaccard"])
    assert s["pair_precision"] == pytest.approx(tp / (tp + fp) if tp + fp else 1.0, abs=TOL)
    assert s["pair_recall"] == pytest.approx(tp / (tp + fn) if tp + fn else 1.0, abs=TOL)
    assert s["jaccard"] == pytest.approx(tp / (tp + fp + fn) if tp + fp + fn else 1.0, abs=TOL)


# -- documented differences on degenerate inputs -----------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 10])
def test_fowlkes_mallows_all_singletons(n):
    # identical all-singletons partitions (also n = 1): no pair is together on either side.
    # Ours: identical partitions score the perfect 1.0; scikit-learn returns 0.0.
    labels = list(range(n))
    assert mp.get_metric("fowlkes_mallows")(labels, labels) == 1.0
    assert sklearn_value(sk.fowlkes_mallows_score, labels, labels) == 0.0


def test_fowlkes_mallows_only_one_side_all_singletons_agrees():
    truth, pred = [0, 1, 2, 3], [0, 0, 1, 1]
    assert mp.get_metric("fowlkes_mallows")(truth, pred) == 0.0
    assert sklearn_value(sk.fowlkes_mallows_score, truth, pred) == 0.0


@pytest.mark.parametrize("n", [1, 2, 3, 10, 57])
def test_ami_identical_all_singletons(n):
    # Our convention: identical partitions give the perfect 1.0.  scikit-learn (checked with
    # 1.9) also returns 1.0 here: E[I] = I = log n, and its eps-guarded 0/0 gives eps/eps.
    labels = list(range(n))
    assert mp.get_metric("ami")(labels, labels) == 1.0
    assert sklearn_value(sk.adjusted_mutual_info_score, labels, labels) == pytest.approx(
        1.0, abs=1e-12)


@pytest.mark.parametrize("truth,pred", [([0, 0, 0], [0, 0, 0]), ([0, 1, 2], [0, 0, 0]),
                                        ([0, 0], [0, 1])])
def test_degenerate_single_block_conventions_agree(truth, pred):
    ours = mp.score(truth, pred, ["ami", "nmi", "adjusted_rand", "v_measure"])
    theirs = {
        "ami": sklearn_value(sk.adjusted_mutual_info_score, truth, pred),
        "nmi": sklearn_value(sk.normalized_mutual_info_score, truth, pred),
        "adjusted_rand": sklearn_value(sk.adjusted_rand_score, truth, pred),
        "v_measure": sklearn_value(sk.v_measure_score, truth, pred),
    }
    assert ours == pytest.approx(theirs, abs=TOL)
    expected = 1.0 if truth == pred else 0.0
    assert all(math.isclose(v, expected, abs_tol=TOL) for v in ours.values())
