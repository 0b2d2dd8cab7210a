"""The clique-graph drawing of a finding's instance, as inline SVG.

The same picture as :func:`metricprops.report.graph_figure.draw_counterexample`, from the same
data: the edges are those of :func:`metricprops.graph.to_graph`, the positions those of
:func:`~metricprops.report.graph_figure.block_layout`.  Node colour is the true block
(matplotlib's ``tab10``), shaded discs and solid grey edges are the predicted blocks, dashed
coloured edges the true pairs the prediction splits.  One panel per prediction role.
"""
from __future__ import annotations

import math
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ...graph import to_graph
from ...partition import Partition
from ..graph_figure import NODE_RADIUS, block_layout

__all__ = ["drawable", "instance_svg", "cover_svg", "MAX_DRAWN_ITEMS", "ROLES"]

#: Instances with more items are not drawn (a scale finding: its shapes are named instead).
MAX_DRAWN_ITEMS = 30
#: The prediction roles a counterexample can hold, in drawing order.
ROLES = ("pred", "worse", "better", "merged", "split", "other")
#: matplotlib's tab10, the node colours of the PNG drawings.
TAB10 = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
         "#7f7f7f", "#bcbd22", "#17becf")
_SCALE = 46.0  # pixels per data unit
_PANEL_GAP = 24.0
_TITLE = 20.0


def _labels(value: Any) -> Optional[List[Any]]:
    if isinstance(value, list) and 0 < len(value) <= MAX_DRAWN_ITEMS:
        return value
    return None


def drawable(example: Mapping[str, Any]) -> Optional[Tuple[List[Any], Dict[str, List[Any]]]]:
    """``(truth, {role: labels})`` when the instance can be drawn, else ``None``."""
    truth = _labels(example.get("truth"))
    if truth is None:
        return None
    preds = {role: labels for role in ROLES
             if (labels := _labels(example.get(role))) is not None and len(labels) == len(truth)}
    return (truth, preds) if preds else None


def _fmt(x: float) -> str:
    text = f"{x:.1f}"
    return "0.0" if text == "-0.0" else text


def _panel(truth: Partition, pred: Partition, x0: float,
           y0: float) -> Tuple[List[str], float, float]:
    """SVG elements of one prediction, placed at (x0, y0); returns them, the panel's width and
    its height (pixels)."""
    pos = block_layout(pred)
    discs = []
    for block in pred.blocks:
        xs = [pos[i][0] for i in block]
        ys = [pos[i][1] for i in block]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        rad = max(math.hypot(px - cx, py - cy) for px, py in zip(xs, ys)) + NODE_RADIUS + 0.17
        discs.append((cx, cy, rad))
    xmin = min(cx - r for cx, _, r in discs)
    ymax = max(cy + r for _, cy, r in discs)
    width = max(cx + r for cx, _, r in discs) - xmin
    height = ymax - min(cy - r for _, cy, r in discs)

    def at(x: float, y: float) -> Tuple[str, str]:  # data units (y up) -> pixels (y down)
        return _fmt(x0 + (x - xmin) * _SCALE), _fmt(y0 + (ymax - y) * _SCALE)

    out = []
    for cx, cy, rad in discs:
        px, py = at(cx, cy)
        out.append(f'<circle class="disc" cx="{px}" cy="{py}" r="{_fmt(rad * _SCALE)}"/>')
    colour = [TAB10[int(b) % len(TAB10)] for b in truth.labels]
    pred_graph, truth_graph = to_graph(pred), to_graph(truth)
    for u, v in sorted(pred_graph.edges):
        (x1, y1), (x2, y2) = at(*pos[u]), at(*pos[v])
        out.append(f'<line class="pair" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    for u, v in sorted(truth_graph.edges):
        if not pred_graph.has_edge(u, v):
            (x1, y1), (x2, y2) = at(*pos[u]), at(*pos[v])
            out.append(f'<line class="split" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                       f'stroke="{colour[u]}"/>')
    for i in range(truth.n):
        px, py = at(*pos[i])
        out.append(f'<circle class="item" cx="{px}" cy="{py}" '
                   f'r="{_fmt(NODE_RADIUS * _SCALE)}" fill="{colour[i]}"/>'
                   f'<text x="{px}" y="{py}">{i}</text>')
    return out, width * _SCALE, height * _SCALE


def _is_cover(labels: Sequence[Any]) -> bool:
    """A cover's instance is stored as one list of labels per item (its label sets)."""
    return bool(labels) and all(isinstance(x, list) for x in labels)


def cover_svg(truth: Sequence[Any], preds: Mapping[str, Sequence[Any]]) -> str:
    """One ``<svg>`` element for an instance of covers: a row per cover (the truth, then each
    prediction role), each cluster drawn as a box holding its items (an item in several
    clusters appears in each), items coloured by their first true cluster."""
    from ...covers import Cover

    covers = [("truth", Cover.from_label_sets(truth))]
    covers += [(role, Cover.from_label_sets(labels)) for role, labels in preds.items()]
    first = {i: k for k, block in reversed(list(enumerate(covers[0][1].blocks)))
             for i in block}
    size, gap, row = 2 * NODE_RADIUS * _SCALE, 8.0, 2 * NODE_RADIUS * _SCALE + 2 * _TITLE
    parts, width = [], 200.0
    for r, (role, cover) in enumerate(covers):
        y = r * (row + gap)
        parts.append(f'<text class="{"truth" if role == "truth" else "role"}" x="0" '
                     f'y="{_fmt(y + _TITLE - 4)}">{role}: {cover.notation()}</text>')
        x = 0.0
        for block in cover.blocks:
            w = len(block) * (size + 4) + 8
            parts.append(f'<rect class="disc" x="{_fmt(x)}" y="{_fmt(y + _TITLE)}" '
                         f'width="{_fmt(w)}" height="{_fmt(size + 12)}" rx="10"/>')
            for k, i in enumerate(block):
                cx, cy = x + 6 + k * (size + 4) + size / 2, y + _TITLE + 6 + size / 2
                parts.append(f'<circle class="item" cx="{_fmt(cx)}" cy="{_fmt(cy)}" '
                             f'r="{_fmt(size / 2)}" fill="{TAB10[first.get(i, 0) % 10]}"/>'
                             f'<text x="{_fmt(cx)}" y="{_fmt(cy)}">{i}</text>')
            x += w + gap
        width = max(width, x)
    height = len(covers) * (row + gap)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="clique-graph" '
            f'viewBox="-4 0 {_fmt(width + 8)} {_fmt(height)}" width="{_fmt(width + 8)}" '
            f'height="{_fmt(height)}" role="img" aria-label="the clusters of each cover">'
            + "".join(parts) + "</svg>")


def instance_svg(truth: Sequence[Any], preds: Mapping[str, Sequence[Any]]) -> str:
    """One ``<svg>`` element: a panel per prediction role, titled with the role and its
    block notation, the truth's notation above (for covers: :func:`cover_svg`)."""
    if _is_cover(truth):
        return cover_svg(truth, preds)
    t = Partition.from_labels(list(truth), name="truth")
    parts: List[str] = []
    x, height = 0.0, 0.0
    for role, labels in preds.items():
        p = Partition.from_labels(list(labels), name=role)
        elements, width, tall = _panel(t, p, x, 2 * _TITLE + 6)
        width = max(width, 150.0)
        parts.append(f'<text class="role" x="{_fmt(x)}" y="{_fmt(2 * _TITLE)}">'
                     f'{role}: {p.notation()}</text>')
        parts += elements
        height = max(height, 2 * _TITLE + 12 + tall)
        x += width + _PANEL_GAP
    head = f'<text class="truth" x="0" y="{_fmt(_TITLE - 4)}">truth: {t.notation()}</text>'
    width = max(x - _PANEL_GAP, 200.0)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="clique-graph" '
            f'viewBox="-4 0 {_fmt(width + 8)} {_fmt(height)}" width="{_fmt(width + 8)}" '
            f'height="{_fmt(height)}" role="img" aria-label="clique graphs of the instance">'
            + head + "".join(parts) + "</svg>")
