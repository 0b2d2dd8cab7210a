"""Labels a user really has (issue 24, item 5): unused label values, truncating floats,
large sparse ids and negative ids in ``label_invariance``; ``-1`` as noise, ``None`` and
NaN in ``special_labels``.  Each kind with a metric that satisfies it and one that does
not, and the shape of the smallest counterexample checked."""
from __future__ import annotations

import numpy as np
import pytest

import metricprops as mp

rand = mp.get_metric("rand")


@pytest.fixture
def check_budget():
    return dict(seed=7, max_examples=30, exhaustive_n=4, max_items=10, scale_max_n=0)


def _metric(func):
    return mp.metric(func, bounds=(0, 1), perfect=1, symmetric=True)


def _causes(r):
    return {f.cause for f in r.findings if f.kind == "violation"}


def empty_clusters_count(labels_true, labels_pred):
    """Small non-negative integer labels are taken as cluster numbers 0 .. max, so an
    unused value is an empty cluster (as genieclust's confusion matrix does): Rand times
    the share of cluster numbers used; other labels are numbered first."""
    t, p = list(labels_true), list(labels_pred)
    codes = all(isinstance(x, (int, np.integer)) and 0 <= x < 1000 for x in t + p)
    used = (len(set(t)) + len(set(p))) / (max(t) + max(p) + 2) if codes else 1.0
    return rand(t, p) * used


def truncating(labels_true, labels_pred):
    """Casts the labels to integers first (0.2 and 0.7 become one label)."""
    return rand(np.asarray(labels_true).astype(np.int64).tolist(),
                np.asarray(labels_pred).astype(np.int64).tolist())


def dense_by_value(labels_true, labels_pred):
    """A dense table indexed by the label values themselves (10^9 rows for an id of 10^9);
    labels that are not safely int64 are refused (a uint64 wrapped to -1 would crash)."""
    t = np.asarray(labels_true).astype(np.int64, casting="safe")
    p = np.asarray(labels_pred).astype(np.int64, casting="safe")
    table = np.zeros((int(t.max()) + 1, int(p.max()) + 1))
    np.add.at(table, (t, p), 1)
    return rand(list(labels_true), list(labels_pred))


def drops_negative(labels_true, labels_pred):
    """Drops the items whose predicted label is negative (every negative id taken for noise)."""
    keep = [i for i, x in enumerate(labels_pred) if not (isinstance(x, int) and x < 0)]
    t, p = [labels_true[i] for i in keep], [labels_pred[i] for i in keep]
    return rand(t, p) if keep else 0.0


def noise_dropped(labels_true, labels_pred):
    """Drops the items predicted -1 (the noise label of density-based clusterers)."""
    keep = [i for i, x in enumerate(labels_pred)
            if not (isinstance(x, (int, float, np.number)) and x == -1)]
    t, p = [labels_true[i] for i in keep], [labels_pred[i] for i in keep]
    return rand(t, p) if keep else 0.0


def each_missing_its_own(labels_true, labels_pred):
    """Each None or NaN a block of its own (a silently different partition)."""
    fresh = iter(range(10**6, 2 * 10**6))
    fix = lambda xs: [next(fresh) if x is None or x != x else x for x in xs]  # noqa: E731
    return rand(fix(list(labels_true)), fix(list(labels_pred)))


def refuses_missing(labels_true, labels_pred):
    if any(x is None or x != x for x in list(labels_true) + list(labels_pred)):
        raise ValueError("labels contain missing values")
    return rand(labels_true, labels_pred)


def string_merging_without_small_negatives(labels_true, labels_pred):
    """Two bugs: labels go through a numpy string array (0 and "0" merge) and negative
    ids below -1 are dropped from the prediction."""
    keep = [i for i, x in enumerate(labels_pred) if not (isinstance(x, int) and x < -1)]
    t = np.asarray([labels_true[i] for i in keep]).astype(str).tolist()
    p = np.asarray([labels_pred[i] for i in keep]).astype(str).tolist()
    return rand(t, p) if keep else 0.0


# -- label_invariance: the new ordinary kinds --------------------------------------------------
@pytest.mark.parametrize("func, kind", [
    (empty_clusters_count, "unused_values"), (truncating, "truncating_floats"),
    (drops_negative, "small_negative")])
@pytest.mark.slow
def test_a_kind_that_changes_the_value_is_a_cause_of_its_own(run, func, kind):
    r = run(_metric(func), "label_invariance")
    assert r.status == "failed" and kind in _causes(r), r.describe()
    f = next(f for f in r.findings if f.cause == kind)
    # the smallest counterexample: at most two items (the battery of every kind), or four
    # when an earlier kind in the battery changed the value too (one kind a pair: the round
    # robin up to four items)
    assert len(f.example["truth"]) <= 4 and kind in f.example["label_kinds"]


def test_large_sparse_ids_rejected_by_a_dense_table_are_named(run):
    r = run(_metric(dense_by_value), "label_invariance")
    assert r.status == "weak"
    assert "large_sparse_ids" in r.tie["detail"] and r.tie["truth"] == [0]


@pytest.mark.parametrize("name", ["rand", "adjusted_rand", "nmi", "bcubed_f"])
def test_builtins_satisfy_both_label_properties(run, name):
    assert run(name, "label_invariance").status == "passed"
    assert run(name, "special_labels").status == "passed"


@pytest.mark.slow  # 1.8 s
def test_two_causes_in_one_cell_are_both_shown(run):
    r = run(_metric(string_merging_without_small_negatives), "label_invariance")
    assert {"mixed_int_str", "small_negative"} <= _causes(r), r.describe()


# -- special_labels ------------------------------------------------------------------------
@pytest.mark.slow
def test_noise_dropped_fails_special_labels_only(run):
    m = _metric(noise_dropped)
    r = run(m, "special_labels")
    assert r.status == "failed" and "noise_minus_one" in _causes(r)
    ce = r.counterexample
    assert ce["truth"] == [0] and ce["renamed"]["pred"]["values"] == ["-1"]
    assert run(m, "label_invariance").status == "passed"


def test_each_nan_its_own_label_fails_special_labels_not_label_invariance(run):
    m = _metric(each_missing_its_own)
    r = run(m, "special_labels")
    assert r.status == "failed" and _causes(r) <= {"none", "nan", "numpy_nan"}
    assert min(f.items for f in r.findings) == 2  # two missing labels: one block or two
    assert run(m, "label_invariance").status == "passed"


def test_refusing_a_missing_value_is_allowed(run):
    assert run(_metric(refuses_missing), "special_labels").status == "passed"


@pytest.mark.parametrize("codes", [[0, 1, 0, 2, 2, 1], [3, 0, 3], [5, 40, 5], []])
def test_every_kind_builds_the_value_of_each_code_in_order(codes):
    # one value per code, looked up per item (a fast path for codes 0 .. k-1): the labels
    # are what mapping the kind over the codes gives, container and dtype included
    from metricprops.constraints.label_invariance import KINDS

    for kind in KINDS:
        built, expected = kind.build(codes), [kind.value(j) for j in codes]
        if kind.dtype is None:
            assert built == expected and type(built) is list, kind.name
        else:
            reference = np.array(expected, dtype=kind.dtype)
            assert built.dtype == reference.dtype and built.tolist() == reference.tolist()
