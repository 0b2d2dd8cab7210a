"""The cover metrics against cdlib, clusim and networkit (the `libraries` extra): omega,
LFK and MGH agree with cdlib, MGH with networkit, omega with clusim; clusim's onmi departs
from LFK's definition (and from cdlib), reproduced here in plain Python."""
import math

import numpy as np
import pytest

import metricprops as mp
from metricprops.covers import Cover

COVERS = [Cover.from_clusters(c) for c in (
    [[0, 1], [1, 2], [2, 3]], [[0], [1], [2, 3]], [[0, 2, 3], [1]], [[0, 1, 3], [0, 2], [2]],
    [[0, 1], [2], [3]], [[0], [1], [2], [3]], [[0, 1, 2], [1, 2, 3]])]


def _clusim():
    pytest.importorskip("clusim", reason="clusim (the libraries extra) is the reference")
    import clusim.sim as sim
    from clusim.clustering import Clustering

    def clustering(cover):
        return Clustering(elm2clu_dict={i: list(m) for i, m in enumerate(cover.memberships)})

    return sim, clustering


def test_omega_agrees_with_clusim_but_for_its_nan_on_all_singletons():
    sim, clustering = _clusim()
    nan = []
    for a in COVERS:
        for b in COVERS:
            with np.errstate(divide="ignore", invalid="ignore"):
                theirs = sim.omega_index(clustering(a), clustering(b))
            ours = mp.get_metric("omega")(a, b)
            if math.isnan(theirs):  # expected agreement 1: 0/0 there, 1.0 here (as ARI)
                nan.append((a.notation(), b.notation(), ours))
            else:
                assert ours == pytest.approx(theirs, abs=1e-12)
    assert nan == [("{0 | 1 | 2 | 3}", "{0 | 1 | 2 | 3}", 1.0)]


def _h(w):
    w = np.asarray(w, dtype=float)
    return np.where(w > 0, -w * np.log2(np.where(w > 0, w, 1.0)), 0.0)


def _lfk(x, y, p00):
    """LFK's H_norm(X|Y) in plain Python, with the probability of (not in X_k, not in Y_l)
    given by ``p00(p11, p10, p01)``."""
    n, a, b = x.n, x.labels.astype(float), y.labels.astype(float)
    inter = a.T @ b
    sx, sy = a.sum(axis=0)[:, None], b.sum(axis=0)[None, :]
    p11, p10, p01 = inter / n, (sx - inter) / n, (sy - inter) / n
    pure, mixed = _h(p11) + _h(p00(p11, p10, p01)), _h(p10) + _h(p01)
    cond = pure + mixed - (_h(sy / n) + _h(1 - sy / n))
    h_x = (_h(sx / n) + _h(1 - sx / n)).ravel()
    terms = [cond[k, ok].min() / h_x[k] if ok.any() else 1.0
             for k, ok in enumerate(pure > mixed)]
    return float(np.mean(terms))


def _onmi(x, y, p00):
    return 1 - 0.5 * (_lfk(x, y, p00) + _lfk(y, x, p00))


def test_clusim_onmi_uses_one_minus_p11_where_lfk_has_p00():
    sim, clustering = _clusim()
    lfk = lambda p11, p10, p01: 1 - p11 - p10 - p01  # noqa: E731 - LFK 2009, appendix B
    clusim_form = lambda p11, p10, p01: 1 - p11  # noqa: E731
    a, b = COVERS[0], COVERS[1]
    ours = mp.get_metric("onmi_lfk")(a, b)
    assert ours == pytest.approx(_onmi(a, b, lfk)) == pytest.approx(0.5649888903518258)
    theirs = sim.onmi(clustering(a), clustering(b))
    assert theirs == pytest.approx(_onmi(a, b, clusim_form)) == pytest.approx(0.705437151134552)


def test_clusim_onmi_is_infinite_when_a_cluster_holds_every_item():
    sim, clustering = _clusim()
    every = Cover.from_clusters([[0, 1, 2, 3]])
    with np.errstate(divide="ignore", invalid="ignore"):
        theirs = sim.onmi(clustering(COVERS[0]), clustering(every))
    assert math.isinf(theirs)  # H(X_k) = 0 divides; onmi_lfk's convention takes the term as 0
    assert mp.get_metric("onmi_lfk")(COVERS[0], every) == pytest.approx(0.5)


def test_onmi_mgh_agrees_with_networkit():
    nk = pytest.importorskip("networkit", reason="networkit (the libraries extra) is the "
                                                  "reference of McDaid et al.'s NMI")

    def cover(c):
        out = nk.structures.Cover(c.n)
        out.setUpperBound(c.n_blocks)
        for j, cluster in enumerate(c.blocks):
            for i in cluster:
                out.addToSubset(j, i)
        return out

    graph = nk.Graph(4)  # the distance takes a graph; only its number of nodes is read
    distance = nk.community.OverlappingNMIDistance(nk.community.Normalization.MAX)
    for a in COVERS:
        for b in COVERS:
            theirs = 1 - distance.getDissimilarity(graph, cover(a), cover(b))
            assert mp.get_metric("onmi_mgh")(a, b) == pytest.approx(theirs, abs=1e-12)


def test_omega_and_both_onmi_forms_agree_with_cdlib():
    pytest.importorskip("cdlib", reason="cdlib (the libraries extra) is the reference")
    import networkx as nx
    from cdlib import NodeClustering, evaluation

    graph = nx.complete_graph(4)

    def clustering(cover):
        return NodeClustering([list(c) for c in cover.blocks], graph, overlap=True)

    pairs = (("omega", evaluation.omega),
             ("onmi_lfk", evaluation.overlapping_normalized_mutual_information_LFK),
             ("onmi_mgh", evaluation.overlapping_normalized_mutual_information_MGH))
    for a in COVERS[:-1]:  # the all-singletons cover: cdlib's omega is 0/0 there too
        for b in COVERS[:-1]:
            for name, theirs in pairs:
                assert mp.get_metric(name)(a, b) == pytest.approx(
                    theirs(clustering(a), clustering(b)).score, abs=1e-12), (name, a, b)
