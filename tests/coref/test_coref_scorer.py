"""The mention-set scorer: conventions of the reference scorer v8.01, micro-averaging, CEAF."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

from metricprops.coref import (
    METRIC_NAMES,
    CorefInputError,
    EmptyClusterError,
    TooManyDuplicatesError,
    alignment,
    score,
    score_documents,
)
from metricprops.coref.scorer import blanc_counts, muc_counts
from metricprops.coref.table import build_table
from metricprops.errors import UnhashableLabelError, UnknownNameError

KEY = [["a"], ["b", "c"], ["d", "e", "f"]]


def test_returns_python_floats_in_the_order_asked():
    s = score(KEY, [["a", "b"], ["c"]], ["lea_f", "muc_recall", "conll_f"])
    assert list(s) == ["lea_f", "muc_recall", "conll_f"]
    assert all(type(v) is float for v in s.values())
    assert set(score(KEY, KEY)) == set(METRIC_NAMES)
    assert all(v == 1.0 for v in score(KEY, KEY).values())


def test_unknown_metric_name_suggests_close_ones():
    with pytest.raises(UnknownNameError, match="did you mean muc_f"):
        score(KEY, KEY, ["muc_f1"])


def test_muc_ignores_singletons_and_gives_zero_without_links():
    singletons = [["a"], ["b"], ["c"]]
    s = score(singletons, singletons)
    assert s["muc_recall"] == s["muc_precision"] == s["muc_f"] == 0.0
    assert s["b3_f"] == s["ceaf_e_f"] == s["lea_f"] == s["blanc_f"] == 1.0
    assert s["conll_f"] == pytest.approx(2 / 3)
    # spurious singletons in the response change no MUC count (TC-A-12's convention)
    assert muc_counts(build_table(KEY, [["b", "c"], ["x"], ["y"]])) == \
        muc_counts(build_table(KEY, [["b", "c"]]))


def test_empty_key_and_response_score_zero():
    assert all(v == 0.0 for v in score([], []).values())


@pytest.mark.parametrize("key, response, side, index", [
    ([[]], [[]], "key", 0),
    ([["a"]], [["a"], []], "response", 1),
    ([["a"], set()], [["a"]], "key", 1),
    ([("a",), iter(())], [["a"]], "key", 1),     # the slow path (not a plain list)
])
def test_an_empty_cluster_is_refused(key, response, side, index):
    with pytest.raises(EmptyClusterError) as info:  # [[]] was scored as no entity at all
        score(key, response)
    assert isinstance(info.value, CorefInputError) and isinstance(info.value, ValueError)
    assert str(info.value) == (f"expected every {side} cluster to hold at least one mention, "
                               f"got an empty {side} cluster (cluster {index})")


def test_blanc_single_part_conventions():
    # key all singletons: BLANC is its non-coreference part (TC-N-6: 2/15, 2/11)
    key = [[m] for m in "abcdef"]
    s = score(key, [["a", "b"], ["c", "x", "y"], ["z"]])
    assert s["blanc_recall"] == pytest.approx(2 / 15)
    assert s["blanc_precision"] == pytest.approx(2 / 11)
    # key one entity: BLANC is its coreference part (TC-M-4: 3/15, 3/15)
    s = score([list("abcdef")], [list("abcxyz")])
    assert (s["blanc_recall"], s["blanc_precision"]) == pytest.approx((0.2, 0.2))
    # a single key mention has no link of either kind: 0
    assert score([["a"]], [["a"]])["blanc_f"] == 0.0


def test_duplicates_in_the_response_keep_the_first_occurrence():
    same = score(KEY, [["a"], ["b", "c", "x"], ["d", "y"], ["z"]])
    # "b" again in its own cluster (TC-A-7) and in another one (TC-A-8): dropped
    assert score(KEY, [["a"], ["b", "c", "x", "b"], ["d", "y"], ["z"]]) == same
    assert score(KEY, [["a"], ["b", "c", "x"], ["d", "y"], ["b", "z"]]) == same
    # a cluster emptied by de-duplication disappears (it would count for CEAF-e)
    assert score(KEY, [["a"], ["b", "c", "x"], ["d", "y"], ["z"], ["b"]]) == same


def test_more_than_ten_duplicates_are_refused_as_by_the_scorer():
    ten = [["a"] + ["b"] * 11]  # ten repeats
    score(KEY, ten)
    with pytest.raises(TooManyDuplicatesError, match="at most 10 .* got 11"):
        score(KEY, [["a"] + ["b"] * 12])
    assert score(KEY, [["a"] + ["b"] * 12], max_duplicates=None)["muc_recall"] == 0.0
    # counted over all documents, like the scorer's run
    with pytest.raises(TooManyDuplicatesError):
        score_documents([(KEY, ten), (KEY, [["a", "a"]])])


def test_key_errors():
    with pytest.raises(CorefInputError, match="every key mention once"):
        score([["a", "b"], ["b"]], KEY)
    with pytest.raises(CorefInputError, match="string"):
        score(["ab", "c"], KEY)
    with pytest.raises(CorefInputError, match="list of clusters"):
        score("abc", KEY)
    with pytest.raises(UnhashableLabelError):
        score([[["a"]]], KEY)
    with pytest.raises(ValueError):  # every input error is a ValueError too
        score([["a", "a"]], KEY)


def test_micro_averaging_sums_numerators_and_denominators():
    docs = [(KEY, [["a"], ["d", "e"]]), ([["p", "q"], ["r"]], [["p", "q", "r"]])]
    together = score_documents(docs)
    # for every family but BLANC, disjoint documents = one document holding both
    merged = score([c for k, _ in docs for c in k], [c for _, r in docs for c in r])
    for name in METRIC_NAMES:
        if not name.startswith("blanc"):
            assert together[name] == pytest.approx(merged[name], abs=1e-12), name
    # BLANC's non-coreference links stay inside a document
    builder_counts = blanc_counts(build_table(*docs[0]))
    nk_0 = builder_counts.noncoref.recall_den
    assert nk_0 == 15 - 4  # C(6, 2) pairs minus 4 coreference links
    assert together["blanc_recall"] != pytest.approx(merged["blanc_recall"])
    # MUC numerators and denominators: (1 + 1) / (3 + 1) and (1 + 1) / (1 + 2)
    assert together["muc_recall"] == pytest.approx(2 / 4)
    assert together["muc_precision"] == pytest.approx(2 / 3)


def _dense_ceaf(key, response, phi):
    sim = np.array([[phi(set(k), set(r)) for r in response] for k in key], dtype=float)
    ri, ci = linear_sum_assignment(sim, maximize=True)
    return sim[ri, ci].sum()


@pytest.mark.slow
def test_ceaf_equals_dense_munkres_on_random_mention_sets():
    rng = np.random.default_rng(7)

    def phi4(k, r):
        return 2 * len(k & r) / (len(k) + len(r))

    for _ in range(200):
        mentions = list(range(int(rng.integers(1, 30))))
        key = _random_clusters(rng, mentions[: max(1, len(mentions) - 3)])
        response = _random_clusters(rng, mentions[2:] or mentions)
        s = score(key, response, ["ceaf_e_recall", "ceaf_m_recall"])
        n_key = sum(map(len, key))
        assert s["ceaf_m_recall"] == pytest.approx(
            _dense_ceaf(key, response, lambda k, r: len(k & r)) / n_key, abs=1e-12)
        assert s["ceaf_e_recall"] == pytest.approx(
            _dense_ceaf(key, response, phi4) / len(key), abs=1e-12)


def _random_clusters(rng, mentions):
    labels = rng.integers(0, int(rng.integers(1, len(mentions) + 1)), len(mentions))
    return [[m for m, lab in zip(mentions, labels) if lab == v] for v in np.unique(labels)]


@pytest.mark.parametrize("limit", [0, 10**9])
def test_alignment_paths_agree(monkeypatch, limit):
    """The per-component dense path and the sparse path give the same optimum."""
    monkeypatch.setattr(alignment, "DENSE_BLOCK_LIMIT", limit)
    rng = np.random.default_rng(3)
    for _ in range(100):
        r, c = rng.integers(1, 9, 2)
        mask = rng.random((r, c)) < 0.4
        w = np.where(mask, rng.integers(1, 6, (r, c)) / 3, 0.0)
        rows, cols = np.nonzero(w)
        ri, ci = linear_sum_assignment(w, maximize=True)
        got = alignment.max_weight_matching(rows, cols, w[rows, cols], r, c)
        assert got == pytest.approx(w[ri, ci].sum(), abs=1e-12)
    assert alignment.max_weight_matching([], [], [], 3, 3) == 0.0


def test_alignment_at_scale_is_exact_on_a_known_optimum():
    # 200k entities in 2-by-2 blocks [[2, 1], [1, 2]] (optimum 4 each) plus 100k stars
    k = 100_000
    base = np.arange(k) * 2
    rows = np.concatenate([base, base, base + 1, base + 1, 2 * k + np.arange(k)])
    cols = np.concatenate([base, base + 1, base, base + 1, np.full(k, 2 * k)])
    w = np.concatenate([np.full(k, 2.0), np.ones(k), np.ones(k), np.full(k, 2.0),
                        np.linspace(1, 2, k)])
    got = alignment.max_weight_matching(rows, cols, w, 3 * k, 2 * k + 1)
    assert got == pytest.approx(4.0 * k + 2.0)


def test_every_permutation_of_response_clusters_gives_the_same_scores():
    response = [["a", "b"], ["c", "x"], ["d", "e"], ["f"]]
    ref = score(KEY, response)
    for perm in itertools.permutations(response):
        assert score(KEY, list(perm)) == pytest.approx(ref, abs=1e-15)
