"""The cover metrics: worked examples, a reference implementation, the partition forms."""
import pytest

import metricprops as mp
from metricprops.covers import Cover
from metricprops.enumeration import all_pairs

# the ELM paper's section 4: e1, e2 in cluster a; the prediction adds e1 to a new cluster b
PAPER_T = Cover.from_clusters([[0, 1]])
PAPER_H = Cover.from_clusters([[0, 1], [0]])
# the CICE point: three pairwise classes against one cluster of all plus singletons
CICE_T = Cover.from_clusters([[0, 1], [1, 2], [0, 2]])
CICE_H = Cover.from_clusters([[0, 1, 2], [0], [1], [2]])


@pytest.mark.parametrize("name, value", [
    # e1: its own pair min(2, 1)/2 and e2's 1 -> 3/4; e2: 1 -> mean 7/8
    ("extended_bcubed_precision", 0.875), ("extended_bcubed_recall", 1.0),
    # ELM: e1's factor min(2, 1)/2 times its neighbour e2's 1; e2: 1 -> mean 3/4
    ("elm_cover_precision", 0.75), ("elm_cover_recall", 1.0),
    # CICE: e1 with itself: the clusters a (Jaccard 1 with a) and b (1/2): Φ = 3/4, so
    # 1/2 x 3/4; e1 with e2: 1 -> 11/16; e2: 1 and 1 -> mean 27/32
    ("cice_bcubed_precision", 27 / 32),
])
def test_the_papers_overlapping_example(name, value):
    assert mp.get_metric(name)(PAPER_T, PAPER_H) == pytest.approx(value)


def test_extended_bcubed_gives_the_cice_point_the_maximum_and_cice_does_not():
    assert mp.get_metric("extended_bcubed_f")(CICE_T, CICE_H) == 1.0
    assert mp.get_metric("cice_bcubed_f")(CICE_T, CICE_H) < 1.0
    assert mp.get_metric("cice_bcubed_f")(CICE_T, CICE_T) == 1.0


def test_extended_bcubed_agrees_with_the_bcubed_package():
    bcubed = pytest.importorskip("bcubed", reason="the reference of extended BCubed")
    covers = [CICE_T, CICE_H, PAPER_T.__class__.from_clusters([[0], [1, 2], [0, 1, 2]]),
              Cover.from_clusters([[0, 1, 2]]), Cover.from_clusters([[0], [1], [2]])]
    for t in covers:
        for p in covers:
            ldict = {i: set(m) for i, m in enumerate(t.memberships)}
            cdict = {i: set(m) for i, m in enumerate(p.memberships)}
            assert mp.get_metric("extended_bcubed_precision")(t, p) == pytest.approx(
                bcubed.precision(cdict, ldict))
            assert mp.get_metric("extended_bcubed_recall")(t, p) == pytest.approx(
                bcubed.recall(cdict, ldict))


@pytest.mark.parametrize("max_n", [4, pytest.param(5, marks=pytest.mark.slow)])
def test_every_cover_metric_equals_its_partition_form_on_partitions(max_n):
    forms = [m for m in mp.list_metrics() if m.input == "cover" and m.partition_form]
    assert {m.name for m in forms} >= {"extended_bcubed_f", "elm_cover_f", "omega"}
    for t, p in all_pairs(max_n):
        for m in forms:
            want = mp.get_metric(m.partition_form)(t, p)
            assert m(t, p) == pytest.approx(want, abs=1e-12), (m.name, t, p)


@pytest.mark.parametrize("name", ["onmi_lfk", "onmi_mgh"])
def test_onmi_is_one_on_identical_covers_and_symmetric(name):
    m = mp.get_metric(name)
    assert m(CICE_T, CICE_T) == pytest.approx(1.0)
    assert m(CICE_T, CICE_H) == pytest.approx(m(CICE_H, CICE_T))
    assert 0.0 <= m(CICE_T, CICE_H) < 1.0


def _identity_pair_by_pair(t, p, both):
    """CICE's identity factors computed item pair by item pair, as the definition reads
    (``overlapping._identity`` computes them once per pair of item profiles)."""
    import numpy as np

    a_l, a_c = t.labels.astype(np.int64), p.labels.astype(np.int64)
    inter = (a_c.T @ a_l).astype(float)
    jaccard = inter / (a_c.sum(axis=0)[:, None] + a_l.sum(axis=0)[None, :] - inter)
    phi_p, phi_r = np.zeros((t.n, t.n)), np.zeros((t.n, t.n))
    for e, f in zip(*np.nonzero(both)):
        shared_c = [i for i in p.memberships[e] if i in p.memberships[f]]
        shared_l = [j for j in t.memberships[e] if j in t.memberships[f]]
        block = jaccard[np.ix_(shared_c, shared_l)]
        phi_p[e, f], phi_r[e, f] = block.max(axis=1).mean(), block.max(axis=0).mean()
    return phi_p, phi_r


def test_cice_identity_factors_equal_the_pair_by_pair_definition():
    import numpy as np

    from metricprops.errors import InvalidCoverError
    from metricprops.metrics import overlapping

    rng, checked = np.random.default_rng(3), 0
    while checked < 150:
        n = int(rng.integers(1, 13))
        try:
            t, p = (Cover.from_label_sets(
                [set(rng.integers(0, k, size=int(rng.integers(1, 3))).tolist())
                 for _ in range(n)]) for k in rng.integers(1, 5, size=2))
        except InvalidCoverError:  # two labels with the same items: not a cover
            continue
        checked += 1
        both = (t.labels.astype(int) @ t.labels.T.astype(int) > 0) & (
            p.labels.astype(int) @ p.labels.T.astype(int) > 0)
        for got, want in zip(overlapping._identity(t, p, both),
                             _identity_pair_by_pair(t, p, both)):
            assert np.array_equal(got, want)
