"""The drawing of a finding's pair of covers, as inline SVG: a membership grid per side.

A cover puts an item in one or more clusters, which a clique graph of one partition cannot
show.  Each side (the truth, then each prediction role) is a grid: a column per item, a row
per cluster, a filled disc where the item is in the cluster, so an item in two clusters has
two discs in its column and an item in none an empty column.
"""
from __future__ import annotations

from typing import Any, List, Mapping, Optional, Sequence, Tuple

from .svg import MAX_DRAWN_ITEMS, ROLES, TAB10

__all__ = ["cover_drawable", "cover_svg"]

_CELL = 22.0
_TITLE = 20.0
_GAP = 24.0


def _sets(value: Any) -> Optional[List[List[Any]]]:
    """Per-item label sets (the JSON form of a :class:`~metricprops.covers.Cover`)."""
    if (isinstance(value, list) and 0 < len(value) <= MAX_DRAWN_ITEMS
            and all(isinstance(labels, list) for labels in value)):
        return value
    return None


def cover_drawable(example: Mapping[str, Any]) -> Optional[Tuple[List[Any], dict]]:
    """``(truth, {role: sets})`` when the example is a pair of covers that can be drawn."""
    truth = _sets(example.get("truth"))
    if truth is None:
        return None
    preds = {role: sets for role in ROLES
             if (sets := _sets(example.get(role))) is not None and len(sets) == len(truth)}
    return (truth, preds) if preds else None


def _grid(title: str, sets: Sequence[Sequence[Any]], x0: float) -> Tuple[List[str], float, float]:
    clusters = sorted({label for labels in sets for label in labels}, key=repr)
    row = {label: i for i, label in enumerate(clusters)}
    width = max(len(sets) * _CELL, 120.0)
    parts = [f'<text class="role" x="{x0:.1f}" y="{_TITLE - 4:.1f}">{title}</text>']
    for item in range(len(sets)):
        parts.append(f'<text class="item" x="{x0 + item * _CELL + _CELL / 2:.1f}" '
                     f'y="{_TITLE + 12:.1f}" text-anchor="middle">{item}</text>')
    for label, i in row.items():
        y = _TITLE + 18 + i * _CELL + _CELL / 2
        parts.append(f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{x0 + len(sets) * _CELL:.1f}" '
                     f'y2="{y:.1f}" stroke="#ccc"/>')
        for item, labels in enumerate(sets):
            if label in labels:
                parts.append(f'<circle cx="{x0 + item * _CELL + _CELL / 2:.1f}" cy="{y:.1f}" '
                             f'r="7" fill="{TAB10[i % len(TAB10)]}"/>')
    return parts, width, _TITLE + 18 + max(len(clusters), 1) * _CELL


def cover_svg(truth: Sequence[Sequence[Any]], preds: Mapping[str, Sequence[Any]]) -> str:
    """One ``<svg>``: the truth's grid, then one per prediction role (items as columns,
    clusters as rows, a disc where the item is in the cluster)."""
    parts: List[str] = []
    x = height = 0.0
    for title, sets in [("truth", truth)] + list(preds.items()):
        elements, width, tall = _grid(title, sets, x)
        parts += elements
        height = max(height, tall)
        x += width + _GAP
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="cover-grid" '
            f'viewBox="-4 0 {x - _GAP + 8:.1f} {height + 4:.1f}" width="{x - _GAP + 8:.1f}" '
            f'height="{height + 4:.1f}" role="img" aria-label="cluster membership of the '
            f'covers">' + "".join(parts) + "</svg>")
