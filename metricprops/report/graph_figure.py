"""Clique-graph drawings of counterexamples and of the ELM paper's Theorem 3 (matplotlib).

:func:`draw_counterexample` draws a truth and one or two predictions as the disjoint unions of
cliques of :mod:`metricprops.graph`; ``metricprops report`` regenerates the committed figure
``reports/figures/counterexample_graph.png`` with :func:`draw_theorem3`.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Dict, Optional, Sequence, Tuple, Union

import networkx as nx

from ..errors import LengthMismatchError
from ..graph import PartitionLike, to_graph, to_partition
from ..output import matplotlib_defaults
from ..partition import Partition

__all__ = ["draw_counterexample", "draw_theorem3", "block_layout", "NODE_RADIUS"]

_NAMES = {"elm_f": "ELM F1", "bcubed_f": "BCubed F1", "elm_precision": "ELM P",
          "elm_recall": "ELM R", "bcubed_precision": "BCubed P", "bcubed_recall": "BCubed R"}
NODE_RADIUS = 0.28  # node radius, data units


def block_layout(pred: Partition, width: float = 11.0) -> Dict[int, Tuple[float, float]]:
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
    quotient.add_edges_from((a, b, {"weight": 0.1}) for a in range(len(blocks))
                             for b in range(a))  # weak ties keep components together
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
            need = radius[a] + radius[b] + 2 * NODE_RADIUS + 0.9
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

    from ..registry import get_metric

    pos = _spring_layout(truth, pred, seed) if layout == "spring" else block_layout(pred)
    cmap = matplotlib.colormaps["tab10" if truth.n_blocks <= 10 else "tab20"]
    colour = {i: cmap(int(truth.labels[i]) % cmap.N) for i in range(truth.n)}
    extent = [math.inf, -math.inf, math.inf, -math.inf]
    for block in pred.blocks:  # predicted blocks: shaded discs
        xs = [pos[i][0] for i in block]
        ys = [pos[i][1] for i in block]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        rad = max(math.hypot(px - cx, py - cy) for px, py in zip(xs, ys)) + NODE_RADIUS + 0.17
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
        ax.add_patch(Circle(pos[i], NODE_RADIUS, facecolor=colour[i], edgecolor="black", lw=0.8,
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


@matplotlib_defaults
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

    t = to_partition(truth, "labels_true")
    preds = [to_partition(pred, "labels_pred")] + ([] if other is None else
                                                      [to_partition(other, "labels_pred")])
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
    from ..symbolic.families import get_family

    truth, h1 = get_family("theorem3_h1").concrete(m)
    _, h2 = get_family("theorem3_h2").concrete(m)
    return draw_counterexample(
        truth, h1, path, other=h2, labels=("H1: big block split into m and 1",
                                           "H2: every 2-block split"),
        title=(f"ELM paper, Theorem 3 (cluster size vs. quantity), m = {m}: "
               f"truth {truth.notation()}"),
        metrics=("elm_f", "bcubed_f"))
