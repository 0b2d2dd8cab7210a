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
