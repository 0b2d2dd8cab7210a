"""The indices of Gösgens et al.'s table that came in the third round, against references.

* NMI and AMI per normalisation against scikit-learn's ``average_method``;
* S&S1, S&S2 and the correlation distance against their formulas over scikit-learn's pair
  confusion matrix, and the pair correlation against numpy's ``corrcoef`` of the pair
  indicators;
* Fair NMI against scikit-learn's NMI times Amelio & Pizzuti's penalty;
* SMI against the mean and variance of I over every relabelling of the prediction.
"""
from __future__ import annotations

import itertools
import math
import warnings
from collections import Counter

import numpy as np
import pytest
from hypothesis import example, given, settings

import metricprops as mp
from metricprops.metrics.smi import constant_mi, mi_moments

from label_strategies import label_pairs

sk = pytest.importorskip("sklearn.metrics")

PAIRS = label_pairs(max_items=30, max_labels=9)
METHODS = {"": "arithmetic", "_geometric": "geometric", "_min": "min", "_max": "max"}


def sklearn_value(f, truth, pred, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(f(np.asarray(truth), np.asarray(pred), **kw))


def one_side_all_singletons(truth, pred):
    return len(set(truth)) == len(truth) or len(set(pred)) == len(pred)


@given(PAIRS)
@settings(max_examples=60)
@example(([0], [0]))
@example(([0, 0, 0], [0, 1, 2]))
@example(([0, 1, 2, 3], [0, 0, 1, 1]))
@example(([0, 0, 1, 1, 2, 2, 3], [0, 1, 1, 2, 2, 3, 3]))
@pytest.mark.slow  # more than 1.5 s alone
def test_nmi_and_ami_per_normalisation_agree_with_sklearn(pair):
    truth, pred = pair
    for suffix, method in METHODS.items():
        nmi = mp.get_metric("nmi" + suffix)(truth, pred)
        assert nmi == pytest.approx(sklearn_value(sk.normalized_mutual_info_score, truth, pred,
                                                  average_method=method), abs=1e-12), method
        if method == "min" and one_side_all_singletons(truth, pred) and truth != pred:
            continue  # 0/0: see test_ami_min_with_an_all_singletons_side
        ami = mp.get_metric("ami" + suffix)(truth, pred)
        assert ami == pytest.approx(sklearn_value(sk.adjusted_mutual_info_score, truth, pred,
                                                  average_method=method), abs=1e-9), method


def test_ami_per_normalisation_agrees_with_sklearn_on_larger_inputs():
    rng = np.random.default_rng(11)
    for n, k in [(400, 6), (1500, 30)]:
        truth = rng.integers(0, k, size=n)
        pred = np.where(rng.random(n) < 0.5, truth, rng.integers(0, k + 2, size=n))
        for suffix, method in METHODS.items():
            ours = mp.get_metric("ami" + suffix)(truth, pred)
            theirs = sklearn_value(sk.adjusted_mutual_info_score, truth, pred,
                                   average_method=method)
            assert ours == pytest.approx(theirs, abs=1e-9), (n, method)


@pytest.mark.parametrize("truth,pred", [([0, 0, 1, 1, 2], [0, 1, 2, 3, 4]),
                                        ([0, 1, 2, 3], [0, 0, 1, 1])])
def test_ami_min_with_an_all_singletons_side(truth, pred):
    # I = E[I] = min(H(T), H(H)) under every permutation: 0/0.  Ours: 0 (chance agreement);
    # scikit-learn divides rounding noise by its eps and returns an arbitrary number.
    assert mp.get_metric("ami_min")(truth, pred) == 0.0
    theirs = sklearn_value(sk.adjusted_mutual_info_score, truth, pred, average_method="min")
    assert abs(theirs) > 0.5


def pair_confusion(truth, pred):
    """(N11, N10, N01, N00) from scikit-learn: N10 together in the truth only."""
    (n00, n01), (n10, n11) = sk.cluster.pair_confusion_matrix(truth, pred) // 2
    return int(n11), int(n10), int(n01), int(n00)


def ratio_or_one(x, y):
    return x / y if y else 1.0


@given(PAIRS)
@example(([0], [0]))
@example(([0, 1, 2], [0, 0, 0]))
@example(([0, 0, 0], [0, 1, 2]))
def test_sokal_sneath_coefficients_from_the_pair_confusion(pair):
    truth, pred = pair
    a, b, c, d = pair_confusion(truth, pred)
    s = mp.score(truth, pred, ["sokal_sneath", "sokal_sneath_1"])
    assert s["sokal_sneath"] == pytest.approx(ratio_or_one(a, a + 2 * (b + c)), abs=1e-12)
    ss1 = (ratio_or_one(a, a + b) + ratio_or_one(a, a + c) + ratio_or_one(d, d + b)
           + ratio_or_one(d, d + c)) / 4
    assert s["sokal_sneath_1"] == pytest.approx(ss1, abs=1e-12)


def test_sokal_sneath_1_worked_example():
    # IIR 16.3's 17 items: N11 = 20, N10 = 24, N01 = 20, N00 = 72
    from metricprops.metrics.pair_function import pair_count_value
    expected = (20 / 44 + 20 / 40 + 72 / 96 + 72 / 92) / 4
    value = pair_count_value(mp.get_metric("sokal_sneath_1"), 20, 24, 20, 72)
    assert value == pytest.approx(expected)


def pair_indicators(labels):
    return np.array([labels[i] == labels[j]
                     for i, j in itertools.combinations(range(len(labels)), 2)], dtype=float)


@given(PAIRS)
@example(([0, 0, 1, 1], [0, 0, 1, 1]))
@example(([0, 0, 1, 1], [0, 1, 0, 1]))
def test_correlation_distance_is_arccos_of_the_pair_correlation(pair):
    truth, pred = pair
    s = mp.score(truth, pred, ["pearson_cc", "correlation_distance"])
    assert s["correlation_distance"] == pytest.approx(math.acos(s["pearson_cc"]) / math.pi,
                                                      abs=1e-12)
    x, y = pair_indicators(truth), pair_indicators(pred)
    if len(x) >= 2 and x.std() > 0 and y.std() > 0:  # numpy's correlation is defined
        assert s["pearson_cc"] == pytest.approx(np.corrcoef(x, y)[0, 1], abs=1e-9)
    if truth == pred:
        assert s["correlation_distance"] == 0.0


def test_correlation_distance_extremes():
    cd = mp.get_metric("correlation_distance")
    assert cd([0, 0, 1, 1], [0, 1, 0, 1]) == pytest.approx(math.acos(-1 / 2) / math.pi)
    assert cd([0, 1, 2], [0, 0, 0]) == 0.5  # CC is 0/0 against a different truth


@given(PAIRS)
@example(([0, 0, 0], [0, 0, 0]))
@example(([0, 0, 1, 1], [0, 1, 2, 3]))
def test_fair_nmi_is_nmi_times_the_penalty(pair):
    truth, pred = pair
    k_t, k_h = len(set(truth)), len(set(pred))
    nmi = sklearn_value(sk.normalized_mutual_info_score, truth, pred)
    expected = nmi * math.exp(-abs(k_t - k_h) / k_t)
    assert mp.get_metric("fair_nmi")(truth, pred) == pytest.approx(expected, abs=1e-12)


def test_fair_nmi_is_not_symmetric():
    fnmi = mp.get_metric("fair_nmi")
    truth, pred = [0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 1]
    assert fnmi(truth, pred) != pytest.approx(fnmi(pred, truth))


# -- SMI ------------------------------------------------------------------------------------------
def mutual_info(truth, pred):
    n = len(truth)
    cells, a, b = Counter(zip(truth, pred)), Counter(truth), Counter(pred)
    return sum(v / n * math.log(n * v / (a[i] * b[j])) for (i, j), v in cells.items())


def moments_by_enumeration(truth, pred):
    """Mean and variance of I over every distinct relabelling of the prediction (each one
    equally likely under the permutation model)."""
    values = [mutual_info(truth, p) for p in set(itertools.permutations(pred))]
    return float(np.mean(values)), float(np.var(values))


SMALL = [([0, 0, 1, 1, 2], [0, 1, 1, 2, 2]), ([0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 2, 3]),
         ([0, 0, 1, 1, 2, 2, 3], [0, 0, 0, 1, 1, 1, 2]), ([0, 1, 1, 2, 2, 2], [0, 0, 1, 1, 1, 1]),
         ([0, 0, 1, 1, 1, 2, 2], [0, 0, 1, 1, 1, 2, 2])]


@pytest.mark.parametrize("truth,pred", SMALL)
def test_smi_against_every_relabelling(truth, pred):
    mean, var = moments_by_enumeration(truth, pred)
    m2, v2 = mi_moments(list(Counter(truth).values()), list(Counter(pred).values()), len(truth))
    assert (m2, v2) == pytest.approx((mean, var), abs=1e-12)
    expected = (mutual_info(truth, pred) - mean) / math.sqrt(var)
    assert mp.get_metric("smi")(truth, pred) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("truth,pred", [([0, 0, 1, 1], [0, 1, 1, 1]),  # {2, 2} vs {3, 1}
                                        ([0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 1]),
                                        ([0, 0, 1, 1, 2], [0, 0, 0, 0, 0]),
                                        ([0, 1, 2, 3], [0, 0, 1, 1])])
def test_smi_is_zero_where_every_relabelling_gives_the_same_information(truth, pred):
    _, var = moments_by_enumeration(truth, pred)
    assert var == pytest.approx(0.0, abs=1e-15)
    assert constant_mi(list(Counter(truth).values()), list(Counter(pred).values()), len(truth))
    assert mp.get_metric("smi")(truth, pred) == 0.0


def test_smi_variance_is_positive_off_the_constant_cases():
    # {2, 2, 1} against {4, 1}: the singleton of H may fall in a block of 2 or of 1
    assert not constant_mi([2, 2, 1], [4, 1], 5)
    assert moments_by_enumeration([0, 0, 1, 1, 2], [0, 0, 0, 0, 1])[1] > 1e-3


def test_smi_grows_with_n_on_identical_partitions():
    smi = mp.get_metric("smi")
    small = smi([0, 0, 1, 1, 2, 2], [0, 0, 1, 1, 2, 2])
    large = smi([i // 4 for i in range(40)], [i // 4 for i in range(40)])
    assert 0 < small < large and smi.perfect is None and smi.bounds == (None, None)
