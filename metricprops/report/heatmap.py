"""Metric × constraint heat map of audit verdicts (matplotlib, deterministic PNG)."""
from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from ..results.model import AuditResult, Status

__all__ = ["audit_heatmap", "STATUS_COLOURS"]

STATUS_COLOURS = {
    Status.PASSED: "#1a9850",
    Status.WEAK: "#a6d96a",
    Status.FAILED: "#d73027",
    Status.ERROR: "#7b3294",
    Status.GAVE_UP: "#bababa",
    Status.NOT_APPLICABLE: "#f0f0f0",
}
_ORDER = list(Status)


def audit_heatmap(audit: AuditResult, path: Any, title: str = "Audit verdicts") -> Path:
    """Draw the verdict grid (rows: metrics, columns: constraints) to ``path`` (PNG)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    metrics, constraints = audit.metrics(), audit.constraints()
    index = {s: i for i, s in enumerate(_ORDER)}
    by_key = {(r.metric, r.constraint): r.status for r in audit.results}
    grid = [[index[by_key.get((m, c), "not_applicable")] for c in constraints] for m in metrics]
    fig, ax = plt.subplots(figsize=(1.0 + 0.75 * len(constraints), 0.8 + 0.32 * len(metrics)))
    cmap = ListedColormap([STATUS_COLOURS[s] for s in _ORDER])
    ax.imshow(grid, cmap=cmap, vmin=-0.5, vmax=len(_ORDER) - 0.5, aspect="auto")
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            ax.text(j, i, _ORDER[value].symbol, ha="center", va="center", fontsize=9)
    ax.set_xticks(range(len(constraints)))
    ax.set_xticklabels(constraints, rotation=40, ha="right")
    ax.set_yticks(range(len(metrics)))
    ax.set_yticklabels(metrics)
    ax.set_xlabel("constraint")
    ax.set_ylabel("metric")
    ax.set_title(title)
    handles = [Patch(facecolor=STATUS_COLOURS[s], edgecolor="black", label=s.value.replace("_", " "))
               for s in _ORDER]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    with warnings.catch_warnings():  # a very small grid cannot fit the legend: not an error
        warnings.simplefilter("ignore", UserWarning)
        fig.tight_layout()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100, metadata={"Software": None})
    plt.close(fig)
    return out
