"""Graph view: partitions as disjoint unions of cliques; BCubed / ELM from neighbourhoods
(drawing them: tests/report/test_graph_figure.py)."""
from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings

from metricprops import Partition, get_metric
from metricprops.errors import InvalidPartitionError
from metricprops.graph import bcubed_scores, clique_density, elm_scores, from_graph, to_graph
from metricprops.strategies import partition_pairs, partitions


@settings(deadline=None)
@given(partition_pairs(max_items=12))
def test_neighbourhood_scores_equal_the_contingency_computation(pair):
    truth, pred = pair
    for family, scores in (("elm", elm_scores(truth, pred)),
                           ("bcubed", bcubed_scores(truth, pred))):
        for key, suffix in (("precision", "precision"), ("recall", "recall"), ("f", "f"),
                            ("f_amigo", "f_amigo")):
            expected = get_metric(f"{family}_{suffix}")(truth.tolist(), pred.tolist())
            assert scores[key] == pytest.approx(expected, abs=1e-12), (family, key)


@settings(deadline=None)
@given(partitions(max_items=15))
def test_graph_round_trip(p):
    assert from_graph(to_graph(p)) == p
    assert from_graph(to_graph(p, reflexive=True), strict=True) == p
    named = nx.relabel_nodes(to_graph(p), {i: f"item-{i}" for i in range(p.n)})
    assert from_graph(named) == p  # arbitrary nodes: numbered in insertion order


@settings(deadline=None)
@given(partitions(min_items=2, max_items=15))
def test_clique_density_is_elm_precision_of_one_block(truth):
    one_block = [0] * truth.n
    assert clique_density(truth) == pytest.approx(
        get_metric("elm_precision")(truth.tolist(), one_block), abs=1e-12)


def test_to_graph_shape():
    p = Partition.from_labels(["a", "a", "b", "a", "c"])
    g = to_graph(p)
    assert sorted(g.nodes) == [0, 1, 2, 3, 4]
    assert g.number_of_edges() == 3 and nx.number_of_selfloops(g) == 0
    assert [g.nodes[i]["block"] for i in range(5)] == [0, 0, 1, 0, 2]
    r = to_graph(p, reflexive=True)
    assert nx.number_of_selfloops(r) == 5 and r.number_of_edges() == 8
    assert set(r.adj[2]) == {2}  # BCubed: a singleton's neighbourhood is itself


def test_from_graph_components_and_strictness():
    path = nx.path_graph(4)
    assert from_graph(path) == Partition.from_labels([0, 0, 0, 0])  # transitive closure
    with pytest.raises(InvalidPartitionError, match="cliques"):
        from_graph(path, strict=True)
    d = nx.DiGraph([(2, 0), (1, 3)])
    assert from_graph(d) == Partition.from_labels([0, 1, 0, 1])
    mixed = nx.Graph()
    mixed.add_nodes_from(["z", "y", "x"])
    mixed.add_edge("z", "x")
    assert from_graph(mixed).tolist() == [0, 1, 0]


def test_paper_examples_on_graphs():
    # section 2: E = {1, 2} in one true block, predicted as singletons
    assert elm_scores([0, 0], [0, 1])["f"] == 0.0
    assert bcubed_scores([0, 0], [0, 1])["f"] == pytest.approx(2 / 3)
