"""Metric × constraint heat map of audit verdicts (matplotlib, deterministic PNG).

Each cell is coloured by its verdict and carries the table's text
(:attr:`~metricprops.results.CheckResult.cell`: ``✓∀`` proved, ``✓₅`` every instance up to 5
items checked, ``✓~`` sampled).  An ``error`` confined to degenerate inputs is coloured by
the verdict on the other inputs, hatched, and marked ``!`` (``✓₅!``).
"""
from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from ..output import matplotlib_defaults
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


@matplotlib_defaults
def audit_heatmap(audit: AuditResult, path: Any, title: str = "Audit verdicts") -> Path:
    """Draw the verdict grid (rows: metrics, columns: constraints) to ``path`` (PNG)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch, Rectangle

    metrics, constraints = audit.metrics(), audit.constraints()
    index = {s: i for i, s in enumerate(_ORDER)}
    by_key = {(r.metric, r.constraint): r for r in audit.results}

    def shown(m: str, c: str) -> Status:
        r = by_key.get((m, c))
        return Status.NOT_APPLICABLE if r is None else r.ordinary_status or r.status

    grid = [[index[shown(m, c)] for c in constraints] for m in metrics]
    fig, ax = plt.subplots(figsize=(1.0 + 0.75 * len(constraints), 0.8 + 0.32 * len(metrics)))
    cmap = ListedColormap([STATUS_COLOURS[s] for s in _ORDER])
    ax.imshow(grid, cmap=cmap, vmin=-0.5, vmax=len(_ORDER) - 0.5, aspect="auto")
    hatched = False
    for i, m in enumerate(metrics):
        for j, c in enumerate(constraints):
            r = by_key.get((m, c))
            ax.text(j, i, r.cell if r else _ORDER[grid[i][j]].symbol, ha="center",
                    va="center", fontsize=9)
            if r is not None and r.ordinary_status is not None:
                hatched = True
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///",
                                       edgecolor=STATUS_COLOURS[Status.ERROR], linewidth=0))
    ax.set_xticks(range(len(constraints)))
    ax.set_xticklabels(constraints, rotation=40, ha="right")
    ax.set_yticks(range(len(metrics)))
    ax.set_yticklabels(metrics)
    ax.set_xlabel("constraint")
    ax.set_ylabel("metric")
    ax.set_title(title)
    handles = [Patch(facecolor=STATUS_COLOURS[s], edgecolor="black",
                     label=s.value.replace("_", " "))
               for s in _ORDER]
    if hatched:
        handles.append(Patch(facecolor="white", edgecolor=STATUS_COLOURS[Status.ERROR],
                             hatch="///", label="! error on degenerate\ninputs only"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    with warnings.catch_warnings():  # a very small grid cannot fit the legend: not an error
        warnings.simplefilter("ignore", UserWarning)
        fig.tight_layout()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100, metadata={"Software": None})
    plt.close(fig)
    return out
