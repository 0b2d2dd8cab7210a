"""Tests of the sparse contingency table: construction, exact pair counts, tables given directly."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import metricprops as mp
from metricprops import BUILTINS, Contingency, contingency_table
from metricprops.errors import EmptyInputError, InvalidTableError
from metricprops.metrics.stats import pair_counts

from label_strategies import label_pairs


def reference_table(truth, pred):
    """Dense table (rows: true labels in first-appearance order), built without the package."""
    rows = {x: i for i, x in enumerate(dict.fromkeys(truth))}
    cols = {y: j for j, y in enumerate(dict.fromkeys(pred))}
    table = np.zeros((len(rows), len(cols)), dtype=np.int64)
    for x, y in zip(truth, pred):
        table[rows[x], cols[y]] += 1
    return table


def cells(table: Contingency) -> Counter:
    """Multiset of (row sum, column sum, cell count) triples: independent of block order."""
    return Counter(zip(table.cell_a.tolist(), table.cell_b.tolist(), table.cell_n.tolist()))


# -- from labels -------------------------------------------------------------------------------

def test_from_labels_example():
    t = contingency_table(["a", "a", "b", "b", "b"], [1, 2, 2, 2, 3])
    assert t.n == 5
    assert t.shape == (2, 3)
    assert t.nnz == 4
    assert t.toarray().tolist() == [[1, 1, 0], [0, 2, 1]]
    assert t.a.tolist() == [2, 3]
    assert t.b.tolist() == [1, 3, 1]
    assert sorted(zip(t.cell_row.tolist(), t.cell_col.tolist(), t.cell_n.tolist())) == [
        (0, 0, 1), (0, 1, 1), (1, 1, 2), (1, 2, 1)]
    assert repr(t) == "Contingency(n=5, shape=(2, 3), nnz=4)"


@given(label_pairs())
def test_from_labels_matches_a_brute_force_count(pair):
    truth, pred = pair
    t = Contingency.from_labels(truth, pred)
    counts = Counter(zip(truth, pred))
    assert t.n == len(truth)
    assert t.nnz == len(counts)
    assert sorted(t.cell_n.tolist()) == sorted(counts.values())
    assert sorted(t.a.tolist()) == sorted(Counter(truth).values())
    assert sorted(t.b.tolist()) == sorted(Counter(pred).values())
    assert np.array_equal(t.cell_a, t.a[t.cell_row])
    assert np.array_equal(t.cell_b, t.b[t.cell_col])
    dense = t.toarray()
    assert dense.sum() == len(truth)
    assert sorted(dense[dense > 0].tolist()) == sorted(counts.values())
    # the table of the reference has the same cells up to block order
    assert cells(Contingency.from_table(reference_table(truth, pred))) == cells(t)


@given(label_pairs())
def test_transpose_swaps_the_roles(pair):
    truth, pred = pair
    t = contingency_table(truth, pred).transpose()
    u = contingency_table(pred, truth)
    assert cells(t) == cells(u)
    assert sorted(t.a.tolist()) == sorted(Counter(pred).values())


def test_large_sparse_label_range_uses_the_sorting_path():
    rng = np.random.default_rng(0)
    truth = rng.integers(0, 300, size=400)
    pred = rng.integers(0, 300, size=400)  # kt * kp > 4 n + 1024: not a dense bincount
    t = contingency_table(truth, pred)
    assert t.n == 400
    assert cells(t) == cells(Contingency.from_table(reference_table(truth.tolist(),
                                                                    pred.tolist())))


# -- tables given directly ---------------------------------------------------------------------

def test_from_dense_table():
    t = Contingency.from_table([[5, 0, 1], [0, 2, 0]])
    assert t.n == 8
    assert t.a.tolist() == [6, 2]
    assert t.b.tolist() == [5, 2, 1]
    assert t.nnz == 3
    assert t.toarray().tolist() == [[5, 0, 1], [0, 2, 0]]


def test_empty_rows_and_columns_are_dropped():
    t = Contingency.from_table(np.array([[0, 0, 0], [0, 3, 0], [0, 0, 0]]))
    assert t.shape == (1, 1)
    assert t.n == 3
    assert t.toarray().tolist() == [[3]]


def test_float_and_bool_tables_of_whole_numbers_are_accepted():
    assert Contingency.from_table(np.array([[2.0, 1.0]])).toarray().tolist() == [[2, 1]]
    assert Contingency.from_table(np.array([[True, False], [False, True]])).n == 2


@pytest.mark.parametrize("make", [sp.csr_matrix, sp.csc_matrix, sp.coo_matrix, sp.coo_array,
                                  sp.lil_matrix])
def test_from_scipy_sparse(make):
    dense = np.array([[5, 0, 1], [0, 2, 0], [0, 0, 0], [1, 0, 4]])
    t = Contingency.from_table(make(dense))
    assert t.n == 13
    assert t.shape == (3, 3)  # the empty row is dropped
    assert t.toarray().tolist() == [[5, 0, 1], [0, 2, 0], [1, 0, 4]]
    assert mp.score_table(make(dense)) == mp.score_table(dense)


def test_score_table_equals_score_labels_example():
    truth = ["x"] * 5 + ["o"] + ["x"] + ["o"] * 4 + ["d"] + ["x"] * 2 + ["d"] * 3
    pred = [1] * 6 + [2] * 6 + [3] * 5
    table = [[5, 1, 2], [1, 4, 0], [0, 1, 3]]  # rows x, o, d; columns 1, 2, 3
    from_labels = mp.score(truth, pred)
    from_table = mp.score_table(table)
    assert from_labels.keys() == from_table.keys()
    for name in from_labels:
        assert from_table[name] == pytest.approx(from_labels[name], abs=1e-12), name
    assert from_table["purity"] == pytest.approx(12 / 17, abs=1e-15)


@given(label_pairs(max_items=15), st.randoms(use_true_random=False))
@settings(max_examples=30)
@pytest.mark.slow
def test_every_builtin_scores_a_table_like_its_labels(pair, rnd):
    truth, pred = pair
    table = reference_table(truth, pred)
    # block order and empty rows/columns must not matter
    rows, cols = list(range(table.shape[0])), list(range(table.shape[1]))
    rnd.shuffle(rows)
    rnd.shuffle(cols)
    shuffled = np.zeros((table.shape[0] + 1, table.shape[1] + 2), dtype=np.int64)
    shuffled[: table.shape[0], : table.shape[1]] = table[np.ix_(rows, cols)]
    tab = Contingency.from_table(shuffled)
    scores = mp.score(truth, pred, "all")
    assert set(scores) == {m.name for m in BUILTINS}
    for m in BUILTINS:
        expected = m(truth, pred)
        assert scores[m.name] == pytest.approx(expected, abs=1e-12), m.name
        assert m.from_table(tab) == pytest.approx(expected, abs=1e-12), m.name
        assert m.from_table(shuffled) == pytest.approx(expected, abs=1e-12), m.name
        assert m.from_table(sp.csr_matrix(shuffled)) == pytest.approx(expected, abs=1e-12)


# -- exact pair counts at huge n ---------------------------------------------------------------

def exact_pairs(table):
    table = [[int(x) for x in row] for row in table]
    n = sum(map(sum, table))
    tp = sum(comb(x, 2) for row in table for x in row)
    same_true = sum(comb(sum(row), 2) for row in table)
    same_pred = sum(comb(sum(col), 2) for col in zip(*table))
    total = comb(n, 2)
    fp, fn = same_pred - tp, same_true - tp
    return n, tp, fp, fn, total - tp - fp - fn, total


def check_exact(table):
    n, tp, fp, fn, tn, total = exact_pairs(table)
    t = Contingency.from_table(np.array(table, dtype=np.int64))
    assert t.n == n
    pc = pair_counts(t)
    assert (pc.tp, pc.fp, pc.fn, pc.tn, pc.total) == (tp, fp, fn, tn, total)
    for value in (pc.tp, pc.fp, pc.fn, pc.tn, pc.total):
        assert isinstance(value, int)
    s = mp.score_table(t, ["rand", "adjusted_rand", "pair_precision", "pair_recall", "pair_f",
                           "jaccard", "mirkin"])
    ari = Fraction(2 * (tp * tn - fn * fp), (tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))
    expected = {
        "rand": Fraction(tp + tn, total),
        "adjusted_rand": ari,
        "pair_precision": Fraction(tp, tp + fp),
        "pair_recall": Fraction(tp, tp + fn),
        "pair_f": Fraction(2 * tp, 2 * tp + fp + fn),
        "jaccard": Fraction(tp, tp + fp + fn),
        "mirkin": Fraction(2 * (fp + fn), n * n),
    }
    for name, value in expected.items():
        assert s[name] == pytest.approx(float(value), rel=1e-14, abs=1e-15), name
    return pc


def test_exact_pair_counts_for_a_billion_items():
    table = [[400_000_000, 100_000_000], [200_000_000, 300_000_000]]
    pc = check_exact(table)
    assert pc.total == 499_999_999_500_000_000
    assert pc.tp == comb(400_000_000, 2) + comb(100_000_000, 2) + comb(200_000_000, 2) + comb(
        300_000_000, 2)


def test_exact_pair_counts_beyond_int64():
    # n = 10^10: n^2 = 10^20 > 2^63, and C(n, 2) ~ 5 * 10^19 > 2^63 as well
    table = [[6_000_000_000, 1_000_000_000], [500_000_000, 2_500_000_000]]
    pc = check_exact(table)
    assert pc.total == comb(10**10, 2)
    assert pc.total > 2**63


def test_exact_pair_counts_with_many_cells_below_the_per_cell_limit():
    # every cell < 3 * 10^9 but their pair counts together exceed 2^63
    table = [[2_900_000_000, 2_900_000_000], [2_900_000_000, 1_300_000_000]]
    pc = check_exact(table)
    assert pc.tp > 2**63


def test_marginals_are_exact_for_huge_counts():
    big = 2**51 + 1
    t = Contingency.from_table(np.array([[big] * 5, [3] * 5], dtype=np.int64))
    assert t.a.tolist() == [5 * big, 15]
    assert t.n == 5 * big + 15


def test_per_element_metrics_on_a_huge_table():
    # a table of n = 10^9 items with an exact closed form: one true block, two predicted blocks
    t = Contingency.from_table([[600_000_000, 400_000_000]])
    s = mp.score_table(t, ["bcubed_precision", "bcubed_recall", "elm_recall", "purity"])
    assert s["bcubed_precision"] == 1.0
    assert s["bcubed_recall"] == pytest.approx(0.6**2 + 0.4**2, rel=1e-12)
    elm_r = Fraction(600_000_000 * 599_999_999 + 400_000_000 * 399_999_999,
                     10**9 * (10**9 - 1))
    assert s["elm_recall"] == pytest.approx(float(elm_r), rel=1e-12)
    assert s["purity"] == 1.0


# -- bad tables --------------------------------------------------------------------------------

@pytest.mark.parametrize("table,fragment", [
    ([[1, -2], [3, 4]], "expected non-negative counts"),
    ([[1.5, 2.0]], "expected integer counts"),
    ([[1.0, float("nan")]], "expected integer counts"),
    ([[1.0, float("inf")]], "expected integer counts"),
    (np.ones((2, 2, 2), dtype=int), "expected a 2-D contingency table"),
    ([1, 2, 3], "expected a 2-D contingency table"),
    (np.array(5), "expected a 2-D contingency table"),
    ([["a", "b"]], "expected integer counts"),
    (np.array([[1 + 1j]]), "expected integer counts"),
    (np.zeros((2, 3), dtype=int), "expected a table with at least one item"),
    (np.zeros((0, 0)), "expected a table with at least one item"),
    ([[]], "expected a table with at least one item"),
    (sp.csr_matrix(np.array([[1, -1]])), "expected non-negative counts"),
    (sp.csr_matrix(np.array([[0.5, 1.0]])), "expected integer counts"),
    (sp.csr_matrix((3, 3), dtype=np.int64), "expected a table with at least one item"),
])
def test_bad_tables(table, fragment):
    with pytest.raises(InvalidTableError) as info:
        Contingency.from_table(table)
    assert fragment in str(info.value)
    assert "got" in str(info.value)
    with pytest.raises(ValueError):
        mp.score_table(table)


def test_an_empty_table_is_also_an_empty_input():
    with pytest.raises(EmptyInputError):
        Contingency.from_table(np.zeros((2, 2), dtype=int))


def test_3d_table_message_names_the_shape():
    with pytest.raises(InvalidTableError) as info:
        mp.score_table(np.ones((2, 2, 2), dtype=int))
    assert "(2, 2, 2)" in str(info.value)
