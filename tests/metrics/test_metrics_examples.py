"""The worked examples of the source documents, through the API and through the command line.

* The 17-item example of Manning et al., IIR section 16.3 (also in the textbook chapter and
  the notes): purity, Rand, ARI, pairwise F and NMI.
* The ELM paper: the 2-item example, Theorem 2 (all-singletons prediction), Theorem 3
  (cluster size vs. quantity) and a Table-1-like ranking flip between ELM and BCubed.
"""
from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import metricprops as mp
from metricprops import Partition, get_metric

TOL = 1e-12

IIR_TRUTH = ["x"] * 5 + ["o"] + ["x"] + ["o"] * 4 + ["d"] + ["x"] * 2 + ["d"] * 3
IIR_PRED = [1] * 6 + [2] * 6 + [3] * 5
IIR_ROUNDED = {"purity": 0.7059, "rand": 0.6765, "adjusted_rand": 0.2429, "pair_f": 0.4762,
               "nmi": 0.3646}


def iir_nmi() -> float:
    """NMI of the IIR example from its table, written out by hand (natural log)."""
    table = [[5, 1, 2], [1, 4, 0], [0, 1, 3]]  # rows x, o, d; columns 1, 2, 3
    n = 17
    a = [sum(r) for r in table]
    b = [sum(c) for c in zip(*table)]
    h_t = -sum(x / n * math.log(x / n) for x in a)
    h_h = -sum(x / n * math.log(x / n) for x in b)
    mi = sum(x / n * math.log(n * x / (a[i] * b[j]))
             for i, row in enumerate(table) for j, x in enumerate(row) if x)
    return mi / ((h_t + h_h) / 2)


def iir_exact() -> dict:
    # TP = 20, FP = 20, FN = 24, TN = 72 (IIR 16.3)
    return {
        "purity": Fraction(5 + 4 + 3, 17),
        "rand": Fraction(20 + 72, 136),
        "adjusted_rand": Fraction(2 * (20 * 72 - 24 * 20), 44 * 96 + 40 * 92),
        "pair_precision": Fraction(1, 2),
        "pair_recall": Fraction(20, 44),
        "pair_f": Fraction(2 * 20, 2 * 20 + 20 + 24),
        "nmi": iir_nmi(),
    }


# -- IIR example -------------------------------------------------------------------------------

def test_iir_example_rounded_values():
    s = mp.score(IIR_TRUTH, IIR_PRED, metrics=list(IIR_ROUNDED))
    assert list(s) == list(IIR_ROUNDED)
    assert {k: round(v, 4) for k, v in s.items()} == IIR_ROUNDED


def test_iir_example_exact_values():
    s = mp.score(IIR_TRUTH, IIR_PRED)
    for name, value in iir_exact().items():
        assert s[name] == pytest.approx(float(value), abs=TOL), name
    assert s["pair_precision"] == 0.5
    assert s["pair_recall"] == 20 / 44


def test_iir_example_any_labels():
    truth = [{"x": 0, "o": 1, "d": 2}[c] for c in IIR_TRUTH]
    pred = [f"cluster-{k}" for k in IIR_PRED]
    assert mp.score(truth, pred) == pytest.approx(mp.score(IIR_TRUTH, IIR_PRED), abs=TOL)


def test_iir_example_through_the_cli(invoke, write_lines, tmp_path):
    truth = write_lines(tmp_path / "truth.txt", IIR_TRUTH)
    pred = write_lines(tmp_path / "pred.txt", IIR_PRED)
    args = ["score", truth, pred, "--json"]
    for name in [*IIR_ROUNDED, "pair_precision", "pair_recall"]:
        args += ["--metric", name]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)["scores"]
    assert list(scores) == [*IIR_ROUNDED, "pair_precision", "pair_recall"]
    exact = iir_exact()
    for name, value in scores.items():
        assert value == pytest.approx(float(exact[name]), abs=TOL), name
    assert {k: round(scores[k], 4) for k in IIR_ROUNDED} == IIR_ROUNDED


# -- the ELM paper -----------------------------------------------------------------------------

def test_elm_two_item_example():
    s = mp.score([0, 0], [0, 1], metrics=["bcubed_f", "elm_f"])
    assert s["bcubed_f"] == pytest.approx(2 / 3, abs=TOL)
    assert s["elm_f"] == 0.0


def test_elm_two_item_example_through_the_cli(invoke, write_lines, tmp_path):
    truth = write_lines(tmp_path / "t.txt", [0, 0])
    pred = write_lines(tmp_path / "p.txt", [0, 1])
    result = invoke("score", truth, pred, "--metric", "bcubed_f", "--metric", "elm_f", "--json")
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)["scores"]
    assert scores == {"bcubed_f": pytest.approx(2 / 3, abs=TOL), "elm_f": 0.0}


@st.composite
def truths(draw, max_size=14):
    sizes = draw(st.lists(st.integers(1, 5), min_size=1, max_size=8))
    labels = [b for b, s in enumerate(sizes) for _ in range(s)][:max_size]
    return draw(st.permutations(labels))


def elm(name, truth, pred):
    return get_metric(name)(truth, pred)


@given(truths())
def test_theorem_2_all_singletons_prediction(truth):
    n = len(truth)
    pred = list(range(n))
    in_singletons = sum(1 for x in truth if truth.count(x) == 1)
    share = Fraction(in_singletons, n)
    assert elm("elm_precision", truth, pred) == 1.0
    assert elm("elm_recall", truth, pred) == pytest.approx(float(share), abs=TOL)
    assert elm("elm_f", truth, pred) == pytest.approx(float(share), abs=TOL)
    # BCubed instead gives credit for every element: recall Σ 1/a over items = k / n
    k = len(set(truth))
    assert elm("bcubed_recall", truth, pred) == pytest.approx(k / n, abs=TOL)


def test_theorem_2_explicit():
    truth = [0, 0, 1, 2, 2, 2, 3]  # items 2 and 6 are true singletons
    pred = list(range(7))
    s = mp.score(truth, pred, ["elm_precision", "elm_recall", "elm_f"])
    assert s == {"elm_precision": 1.0, "elm_recall": pytest.approx(2 / 7, abs=TOL),
                 "elm_f": pytest.approx(2 / 7, abs=TOL)}
    # no true singletons: the all-singletons prediction gets ELM F = 0 (the paper's Theorem 1)
    assert mp.score([0, 0, 1, 1], [0, 1, 2, 3], ["elm_f"])["elm_f"] == 0.0


def theorem_3(m):
    """Truth: one block of m+1 and m blocks of 2 (3m+1 items), and the paper's H1, H2."""
    truth = Partition.from_sizes([m + 1] + [2] * m).tolist()
    h1 = Partition.from_sizes([m, 1] + [2] * m).tolist()        # big block split into m and 1
    h2 = Partition.from_sizes([m + 1] + [1] * (2 * m)).tolist()  # every 2-block split
    return truth, h1, h2


@pytest.mark.parametrize("m", range(3, 9))
def test_theorem_3_cluster_size_vs_quantity(m):
    truth, h1, h2 = theorem_3(m)
    n = 3 * m + 1
    assert len(truth) == len(h1) == len(h2) == n
    s1 = mp.score(truth, h1)
    s2 = mp.score(truth, h2)
    # both only split true blocks: precision 1 everywhere
    assert s1["elm_precision"] == s2["elm_precision"] == 1.0
    assert s1["bcubed_precision"] == s2["bcubed_precision"] == 1.0
    # ELM recall sums 3m - 1 (H1) vs m + 1 (H2)
    assert s1["elm_recall"] == pytest.approx(float(Fraction(3 * m - 1, n)), abs=TOL)
    assert s2["elm_recall"] == pytest.approx(float(Fraction(m + 1, n)), abs=TOL)
    # ELM F1: H1 = 2m items at 1, m items at 2(m-1)/(2m-1), one item at 0; H2 = m+1 items at 1
    f1 = (2 * m + m * Fraction(2 * (m - 1), 2 * m - 1)) / n
    f2 = Fraction(m + 1, n)
    assert s1["elm_f"] == pytest.approx(float(f1), abs=TOL)
    assert s2["elm_f"] == pytest.approx(float(f2), abs=TOL)
    assert s1["elm_f"] > s2["elm_f"]
    # BCubed (e kept): H1 recall m·m/(m+1) + 1/(m+1) + 2m; H2 recall (m+1) + 2m·1/2
    b1 = (Fraction(m * m, m + 1) + Fraction(1, m + 1) + 2 * m) / n
    b2 = Fraction(m + 1 + m, n)
    assert s1["bcubed_recall"] == pytest.approx(float(b1), abs=TOL)
    assert s2["bcubed_recall"] == pytest.approx(float(b2), abs=TOL)
    bf1 = (2 * m + m * Fraction(2 * m, 2 * m + 1) + Fraction(2, m + 2)) / n
    bf2 = (m + 1 + 2 * m * Fraction(2, 3)) / n
    assert s1["bcubed_f"] == pytest.approx(float(bf1), abs=TOL)
    assert s2["bcubed_f"] == pytest.approx(float(bf2), abs=TOL)
    assert s1["bcubed_f"] > s2["bcubed_f"]


# Table-1-like example over the items 1..5: truth {1 2 | 3 4 5}; H1 = {1 | 2 | 3 4 5} splits
# the small block, H2 = {1 2 | 3 4 | 5} makes one error in the larger block.
TABLE1_TRUTH = [0, 0, 1, 1, 1]
TABLE1_H1 = [0, 1, 2, 2, 2]
TABLE1_H2 = [0, 0, 1, 1, 2]


def test_table_1_per_element_values():
    # ELM F1 per element: H1 = (0, 0, 1, 1, 1), H2 = (1, 1, 2/3, 2/3, 0)
    elm1 = mp.score(TABLE1_TRUTH, TABLE1_H1, ["elm_f"])["elm_f"]
    elm2 = mp.score(TABLE1_TRUTH, TABLE1_H2, ["elm_f"])["elm_f"]
    assert elm1 == pytest.approx(3 / 5, abs=TOL)
    assert elm2 == pytest.approx(float(Fraction(2 + Fraction(4, 3), 5)), abs=TOL)
    # BCubed F1 per element: H1 = (2/3, 2/3, 1, 1, 1), H2 = (1, 1, 4/5, 4/5, 1/2)
    b1 = mp.score(TABLE1_TRUTH, TABLE1_H1, ["bcubed_f"])["bcubed_f"]
    b2 = mp.score(TABLE1_TRUTH, TABLE1_H2, ["bcubed_f"])["bcubed_f"]
    assert b1 == pytest.approx(13 / 15, abs=TOL)
    assert b2 == pytest.approx(41 / 50, abs=TOL)


def test_table_1_ranking_flip():
    def both(pred):
        s = mp.score(TABLE1_TRUTH, pred, ["elm_f", "bcubed_f"])
        return s["elm_f"], s["bcubed_f"]

    elm1, b1 = both(TABLE1_H1)
    elm2, b2 = both(TABLE1_H2)
    assert elm2 > elm1   # ELM prefers the error in the larger block
    assert b1 > b2       # BCubed prefers the error in the smaller block
