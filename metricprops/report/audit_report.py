"""The audit section of ``reports/``: every built-in × every registered constraint."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from ..checker import audit
from ..output import write_text
from ..registry import list_constraints, list_metrics
from ..results.model import AuditResult
from .heatmap import audit_heatmap

READING_GUIDE = """\
**How to read this report.** Each cell is the verdict of one metric (row) on one constraint
(column): ✓ passed (no violation and no tie found), ≈ weak (no violation, but the two sides of
a strict constraint tie on some instance; the smallest tie is shown below), ✗ failed (a
violation; the smallest counterexample is shown below, in block notation such as
`{0 1 | 2}` = items 0 and 1 together, item 2 alone), ! error (the metric raised or returned
NaN/inf), ? gave up, – not applicable (the metric lacks the metadata the constraint needs).
A mark after ✓ or ≈ says how it was established: ∀ proved for every number of items (the
statement is under *Proofs*), a subscript such as ₅ every instance up to that many items
checked, ~ sampled or measured. Only ∀ is a proof; any other pass means: no counterexample
among *all* instances up to that size and the random instances listed in `audit.json`
(`settings`). *Evidence per family* counts the cells of each kind, per metric family.
"""


def write_audit_report(out: Path, *, seed: int, progress: Optional[Callable[..., Any]] = None,
                       command: str = "metricprops report",
                       constraints: Optional[Sequence[str]] = None, **budget: Any) -> AuditResult:
    """Run the audit and write ``audit.json``, ``audit.md`` and ``figures/audit-heatmap.png``;
    ``command`` is the regeneration command the Markdown names; ``constraints`` (names)
    default to every registered one."""
    metrics = [m for m in list_metrics() if m.builtin]
    chosen = list_constraints() if constraints is None else constraints
    result = audit(metrics, chosen, seed=seed, progress=progress, **budget)
    write_text(out / "audit.json", result.dumps())
    audit_heatmap(result, out / "figures" / "audit-heatmap.png",
                  title="Built-in metrics × constraints")
    s = result.settings
    header = (f"# Audit of the built-in metrics\n\n{READING_GUIDE}\n"
              f"Seed {result.seed}; exhaustive up to {s['exhaustive_n']} items, "
              f"{s['max_examples']} random instances up to {s['max_items']} items per pair "
              f"(tolerance {s['tolerance']:g}). Regenerate with `{command}`.\n\n"
              "![verdict heat map](figures/audit-heatmap.png)\n\n")
    write_text(out / "audit.md", header + result.markdown())
    return result
