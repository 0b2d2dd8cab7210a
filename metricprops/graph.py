"""Graph view (networkx): a partition is a disjoint union of cliques (the ELM paper, section 6).

Items are nodes ``0 .. n-1``; two items are adjacent when they share a block.  The
neighbourhood of an item in this *irreflexive* graph is exactly the ELM neighbourhood
N_e (its block without itself), and in the *reflexive* graph (a self-loop on every node) it
is BCubed's (its block, itself included).  So ELM and BCubed are one computation on two
graphs::

    P(e) = |N_e^T ∩ N_e^H| / |N_e^H|     (1 if N_e^H = ∅)
    R(e) = |N_e^T ∩ N_e^H| / |N_e^T|     (1 if N_e^T = ∅)
    F1(e) = |TP_e| / (|TP_e| + ½ |N_e^H ⊕ N_e^T|)   (1 if both are empty)

and the scores are their means over the items (computed exactly with fractions).  The density
of the truth's clique graph equals the ELM precision of the one-block prediction (section 3.2).

Drawing these graphs is output, not the view: see :mod:`metricprops.report.graph_figure`.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, Hashable, List, Sequence, Tuple, Union

import networkx as nx

from .errors import InvalidPartitionError, LengthMismatchError
from .partition import Partition

__all__ = ["to_graph", "from_graph", "neighbourhood_scores", "neighbourhood_rows", "elm_scores",
           "bcubed_scores", "clique_density", "to_partition", "PartitionLike"]

PartitionLike = Union[Partition, Sequence[Hashable], nx.Graph]


def to_partition(obj: Any, name: str = "labels") -> Partition:
    """A :class:`Partition` from labels, a partition, or a clique graph."""
    if isinstance(obj, nx.Graph):
        return from_graph(obj)
    return Partition.from_labels(obj, name=name)


def to_graph(partition: PartitionLike, reflexive: bool = False) -> nx.Graph:
    """The clique graph of a partition.

    Parameters
    ----------
    partition : Partition or labels
        The partition (labels are validated through :class:`Partition`).
    reflexive : bool
        Add a self-loop on every node (BCubed's neighbourhoods include the item itself).

    Returns
    -------
    networkx.Graph
        Nodes ``0 .. n-1`` with attribute ``block`` (canonical block id); an edge between
        every two items of the same block.
    """
    p = to_partition(partition)
    g = nx.Graph()
    labels = p.labels
    g.add_nodes_from((i, {"block": int(labels[i])}) for i in range(p.n))
    for block in p.blocks:
        g.add_edges_from((u, v) for j, u in enumerate(block) for v in block[j + 1:])
        if reflexive:
            g.add_edges_from((u, u) for u in block)
    return g


def from_graph(graph: nx.Graph, *, strict: bool = False) -> Partition:
    """The partition whose blocks are the connected components of ``graph``.

    Node ``i`` is item ``i`` when the nodes are exactly the integers ``0 .. n-1`` (in any
    order); otherwise the nodes may be any hashables and items are numbered in the graph's
    node order (insertion order for networkx graphs).  Self-loops are ignored; a directed
    graph uses its weakly connected components.

    Parameters
    ----------
    graph : networkx.Graph or networkx.DiGraph
    strict : bool
        Require every component to be a clique (a genuine partition graph); otherwise a
        component is taken as one block (the transitive closure of the edges).

    Raises
    ------
    InvalidPartitionError
        With ``strict=True``, for a component that is not a clique.
    """
    nodes = list(graph.nodes)
    n = len(nodes)
    ints = all(isinstance(v, int) and not isinstance(v, bool) for v in nodes)
    index = ({v: v for v in nodes} if ints and set(nodes) == set(range(n))
             else {v: i for i, v in enumerate(nodes)})
    comps = (nx.weakly_connected_components(graph) if graph.is_directed()
             else nx.connected_components(graph))
    blocks = []
    for comp in comps:
        if strict:
            simple = nx.Graph(graph.subgraph(comp))
            simple.remove_edges_from(nx.selfloop_edges(simple))
            size = len(comp)
            if simple.number_of_edges() != size * (size - 1) // 2:
                raise InvalidPartitionError(
                    f"from_graph: expected a disjoint union of cliques, got a component of "
                    f"{size} nodes with {simple.number_of_edges()} of "
                    f"{size * (size - 1) // 2} edges"
                )
        blocks.append(sorted(index[v] for v in comp))
    return Partition.from_blocks(blocks, n=n)


def neighbourhood_rows(truth_graph: nx.Graph,
                       pred_graph: nx.Graph) -> List[Tuple[Fraction, Fraction, Fraction]]:
    """Exact ``(P(e), R(e), F1(e))`` for every node, from the two neighbourhoods."""
    if set(truth_graph.nodes) != set(pred_graph.nodes):
        raise LengthMismatchError("expected two graphs on the same nodes")
    out = []
    for e in truth_graph.nodes:
        nt, nh = set(truth_graph.adj[e]), set(pred_graph.adj[e])
        tp = len(nt & nh)
        p = Fraction(tp, len(nh)) if nh else Fraction(1)
        r = Fraction(tp, len(nt)) if nt else Fraction(1)
        sym = len(nt ^ nh)
        f = Fraction(2 * tp, 2 * tp + sym) if (nt or nh) else Fraction(1)
        out.append((p, r, f))
    return out


def neighbourhood_scores(truth_graph: nx.Graph, pred_graph: nx.Graph) -> Dict[str, float]:
    """Mean precision, recall and F1 over the nodes (``f``), and ``f_amigo`` = 2PR/(P + R)."""
    rows = neighbourhood_rows(truth_graph, pred_graph)
    if not rows:
        raise InvalidPartitionError("expected at least one node")
    n = len(rows)
    p = sum(r[0] for r in rows) / n
    r_ = sum(r[1] for r in rows) / n
    f = sum(r[2] for r in rows) / n
    amigo = 2 * p * r_ / (p + r_) if p + r_ else Fraction(0)
    return {"precision": float(p), "recall": float(r_), "f": float(f), "f_amigo": float(amigo)}


def elm_scores(truth: PartitionLike, pred: PartitionLike) -> Dict[str, float]:
    """ELM precision / recall / F from the irreflexive clique graphs."""
    return neighbourhood_scores(to_graph(to_partition(truth, "labels_true")),
                                to_graph(to_partition(pred, "labels_pred")))


def bcubed_scores(truth: PartitionLike, pred: PartitionLike) -> Dict[str, float]:
    """BCubed precision / recall / F from the reflexive clique graphs."""
    return neighbourhood_scores(to_graph(to_partition(truth, "labels_true"), reflexive=True),
                                to_graph(to_partition(pred, "labels_pred"), reflexive=True))


def clique_density(truth: PartitionLike) -> float:
    """Density of the truth's clique graph: Σ s_i (s_i − 1) / (n (n − 1)), for n >= 2.

    Equal to the ELM precision of the one-block prediction (the ELM paper, section 3.2).
    """
    return float(nx.density(to_graph(to_partition(truth))))
