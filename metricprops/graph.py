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

:func:`draw_counterexample` draws a truth and one or two predictions; the committed figure
``reports/figures/counterexample_graph.png`` is regenerated with
``python -m metricprops.graph reports/figures/counterexample_graph.png``.
"""
from __future__ import annotations

import math
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, Hashable, List, Optional, Sequence, Tuple, Union

import networkx as nx

from .errors import InvalidPartitionError, LengthMismatchError
from .partition import Partition

__all__ = ["to_graph", "from_graph", "neighbourhood_scores", "elm_scores", "bcubed_scores",
           "per_element", "clique_density", "draw_counterexample", "draw_theorem3"]

PartitionLike = Union[Partition, Sequence[Hashable], nx.Graph]


def _as_partition(obj: Any, name: str = "labels") -> Partition:
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
    p = _as_partition(partition)
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
                    f"{size} nodes with {simple.number_of_edges()} of {size * (size - 1) // 2} edges"
                )
        blocks.append(sorted(index[v] for v in comp))
    return Partition.from_blocks(blocks, n=n)


def per_element(truth_graph: nx.Graph, pred_graph: nx.Graph) -> List[Tuple[Fraction, Fraction, Fraction]]:
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
    rows = per_element(truth_graph, pred_graph)
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
    return neighbourhood_scores(to_graph(_as_partition(truth, "labels_true")),
                                to_graph(_as_partition(pred, "labels_pred")))


def bcubed_scores(truth: PartitionLike, pred: PartitionLike) -> Dict[str, float]:
    """BCubed precision / recall / F from the reflexive clique graphs."""
    return neighbourhood_scores(to_graph(_as_partition(truth, "labels_true"), reflexive=True),
                                to_graph(_as_partition(pred, "labels_pred"), reflexive=True))


def clique_density(truth: PartitionLike) -> float:
    """Density of the truth's clique graph: Σ s_i (s_i − 1) / (n (n − 1)), for n >= 2.

    Equal to the ELM precision of the one-block prediction (the ELM paper, section 3.2).
    """
    return float(nx.density(to_graph(_as_partition(truth))))


# -- drawing ------------------------------------------------------------------------------------
_NAMES = {"elm_f": "ELM F1", "bcubed_f": "BCubed F1", "elm_precision": "ELM P",
          "elm_recall": "ELM R", "bcubed_precision": "BCubed P", "bcubed_recall": "BCubed R"}
_NODE = 0.28  # node radius, data units


def _block_layout(pred: Partition, width: float = 11.0) -> Dict[int, Tuple[float, float]]:
    """Predicted blocks left to right (a new row past ``width``), items on a circle inside."""
    pos: Dict[int, Tuple[float, float]] = {}
    x, row = 0.0, 0
    for block in pred.blocks:
        radius = 0.0 if len(block) == 1 else 0.3 + 0.13 * len(block)
        if x and x + 2 * radius > width:
            row, x = row + 1, 0.0
        cx, cy = x + radius, -3.0 * row
        pos.update(_circle(block, (cx, cy)))
        x = cx + radius + 1.3
    return pos


def _circle(block: Sequence[int], centre: Tuple[float, float]) -> Dict[int, Tuple[float, float]]:
    radius = 0.0 if len(block) == 1 else 0.3 + 0.13 * len(block)
    return {item: (centre[0] + radius * math.cos(math.pi / 2 - 2 * math.pi * t / len(block)),
                   centre[1] + radius * math.sin(math.pi / 2 - 2 * math.pi * t / len(block)))
            for t, item in enumerate(block)}


def _spring_layout(truth: Partition, pred: Partition, seed: int) -> Dict[int, Tuple[float, float]]:
    """Block centres from a seeded spring layout of the predicted blocks, attracted by the
    true pairs between them; items on a circle inside each block."""
    blocks = pred.blocks
    quotient = nx.Graph()
    quotient.add_nodes_from(range(len(blocks)))
    quotient.add_edges_from(((a, b, {"weight": 0.1}) for a in range(len(blocks))
                             for b in range(a)))  # weak ties keep components together
    labels = pred.labels
    for u, v in to_graph(truth).edges:
        a, b = int(labels[u]), int(labels[v])
        if a != b:
            quotient[a][b]["weight"] += 1
    centres = {j: (float(xy[0]), float(xy[1]))
               for j, xy in nx.spring_layout(quotient, seed=seed).items()}
    radius = [0.0 if len(b) == 1 else 0.3 + 0.13 * len(b) for b in blocks]
    stretch = 1.0  # spread the centres until no two block discs overlap
    for a in range(len(blocks)):
        for b in range(a):
            gap = math.dist(centres[a], centres[b])
            need = radius[a] + radius[b] + 2 * _NODE + 0.9
            stretch = max(stretch, need / gap if gap > 1e-9 else 10.0)
    pos: Dict[int, Tuple[float, float]] = {}
    for j, block in enumerate(blocks):
        pos.update(_circle(block, (stretch * centres[j][0], stretch * centres[j][1])))
    return pos


def _panel(ax: Any, truth: Partition, pred: Partition, title: str, metrics: Sequence[str],
           layout: str, seed: int) -> Tuple[float, float, float, float]:
    """Draw one prediction; returns the data extent (xmin, xmax, ymin, ymax)."""
    import matplotlib
    from matplotlib.patches import Circle

    from .registry import get_metric

    pos = _spring_layout(truth, pred, seed) if layout == "spring" else _block_layout(pred)
    cmap = matplotlib.colormaps["tab10" if truth.n_blocks <= 10 else "tab20"]
    colour = {i: cmap(int(truth.labels[i]) % cmap.N) for i in range(truth.n)}
    extent = [math.inf, -math.inf, math.inf, -math.inf]
    for block in pred.blocks:  # predicted blocks: shaded discs
        xs = [pos[i][0] for i in block]
        ys = [pos[i][1] for i in block]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        rad = max(math.hypot(px - cx, py - cy) for px, py in zip(xs, ys)) + _NODE + 0.17
        ax.add_patch(Circle((cx, cy), rad, facecolor="0.92", edgecolor="0.55", lw=1.0, zorder=0))
        extent = [min(extent[0], cx - rad), max(extent[1], cx + rad),
                  min(extent[2], cy - rad), max(extent[3], cy + rad)]
    gp, gt = to_graph(pred), to_graph(truth)
    for u, v in gp.edges:  # predicted pairs
        ax.plot(*zip(pos[u], pos[v]), color="0.45", lw=1.2, zorder=1)
    for u, v in gt.edges:  # true pairs the prediction splits
        if not gp.has_edge(u, v):
            ax.plot(*zip(pos[u], pos[v]), color=colour[u], lw=1.6, ls=(0, (4, 3)), zorder=1)
    for i in range(truth.n):
        ax.add_patch(Circle(pos[i], _NODE, facecolor=colour[i], edgecolor="black", lw=0.8,
                            zorder=2))
        ax.text(pos[i][0], pos[i][1], str(i), ha="center", va="center", fontsize=9,
                color="white", fontweight="bold", zorder=3)
    scores = "   ".join(
        f"{_NAMES.get(name, name)} = {get_metric(name)(truth.tolist(), pred.tolist()):.3f}"
        for name in metrics)
    ax.set_title(f"{title}\nprediction {pred.notation()}\n{scores}", fontsize=10)
    ax.set_aspect("equal")
    ax.axis("off")
    return tuple(extent)  # type: ignore[return-value]


def draw_counterexample(truth: PartitionLike, pred: PartitionLike, path: Union[str, Path], *,
                        other: Optional[PartitionLike] = None,
                        labels: Sequence[str] = ("H", "H'"), title: Optional[str] = None,
                        metrics: Sequence[str] = ("elm_f", "bcubed_f"), layout: str = "blocks",
                        seed: int = 0, dpi: int = 120) -> Path:
    """Draw a truth against one prediction (or two, side by side) and save a PNG.

    Node colour is the true block; shaded discs and solid grey edges are the predicted
    blocks (cliques); dashed coloured edges are the true pairs that the prediction splits.
    Each panel is titled with the prediction in block notation and the ``metrics`` scores.

    Parameters
    ----------
    truth, pred : Partition, labels or networkx graph
    path : str or Path
        Output file (PNG; the directory is created).
    other : optional
        A second prediction, drawn in a second panel (e.g. a constraint's worse/better pair).
    labels : (str, str)
        Panel names.
    title : str, optional
        Figure title (default: the truth in block notation).
    metrics : sequence of str
        Registry names of the scores printed under each panel.
    layout : {"blocks", "spring"}
        ``"blocks"``: a fixed geometric layout (no randomness); ``"spring"``: networkx's
        spring layout with ``seed``.
    seed : int
        Seed of the spring layout.

    Returns
    -------
    Path
        The written file.  Same input, same versions -> the same bytes.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    t = _as_partition(truth, "labels_true")
    preds = [_as_partition(pred, "labels_pred")] + ([] if other is None else
                                                      [_as_partition(other, "labels_pred")])
    for p in preds:
        if p.n != t.n:
            raise LengthMismatchError(f"expected predictions of {t.n} items, got {p.n}")
    fig = Figure(figsize=(max(8.0, 6.0 * len(preds)), 4.8))  # Agg canvas: no pyplot state
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, len(preds), squeeze=False)[0]
    extents = [_panel(ax, t, p, name, metrics, layout, seed)
               for ax, p, name in zip(axes, preds, labels)]
    ylo = min(e[2] for e in extents) - 0.4
    yhi = max(e[3] for e in extents) + 0.4
    width = max(max(e[1] - e[0] for e in extents), 4.0) + 0.8
    for ax, e in zip(axes, extents):  # same scale in every panel
        cx = (e[0] + e[1]) / 2
        ax.set_xlim(cx - width / 2, cx + width / 2)
        ax.set_ylim(min(ylo, (ylo + yhi) / 2 - 2.0), max(yhi, (ylo + yhi) / 2 + 2.0))
    fig.suptitle(title or f"truth {t.notation()}", fontsize=12)
    handles = [
        Line2D([], [], marker="o", ls="", color="tab:blue", markeredgecolor="black",
               markersize=10, label="node colour = true block"),
        Line2D([], [], color="0.45", lw=1.2, label="solid edge / disc = predicted block"),
        Line2D([], [], color="tab:orange", lw=1.6, ls=(0, (4, 3)),
               label="dashed = true pair split by the prediction"),
    ]
    fig.legend(handles=handles, loc="lower center", ncol=3, fontsize=9, frameon=False)
    fig.tight_layout(rect=(0, 0.07, 1, 0.93))
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=dpi, metadata={"Software": None})
    return out


def draw_theorem3(path: Union[str, Path], m: int = 3) -> Path:
    """The ELM paper's Theorem 3 instance for ``m``: H1 (big block split into m and 1)
    against H2 (every 2-block split into singletons); ELM F ranks H1 first, as does BCubed F.
    """
    from .symbolic_families import get_family

    truth, h1 = get_family("theorem3_h1").concrete(m)
    _, h2 = get_family("theorem3_h2").concrete(m)
    return draw_counterexample(
        truth, h1, path, other=h2, labels=("H1: big block split into m and 1",
                                           "H2: every 2-block split"),
        title=f"ELM paper, Theorem 3 (cluster size vs. quantity), m = {m}: truth {truth.notation()}",
        metrics=("elm_f", "bcubed_f"))


if __name__ == "__main__":  # pragma: no cover - regenerates the committed figure
    draw_theorem3(sys.argv[1] if len(sys.argv) > 1 else "reports/figures/counterexample_graph.png")
