"""Text renderings of an audit: the symbol table, and the Markdown report.

Kept apart from :mod:`metricprops.results` (the data and its JSON form); the functions read
an :class:`~metricprops.results.AuditResult` through its attributes only.
"""
from __future__ import annotations

from typing import Any, List

from .evidence import checked as checked_text
from .terminal import legend

__all__ = ["symbol_table", "markdown", "LEGEND"]

#: The symbols of the verdicts, in words.
LEGEND = ("✓ passed", "≈ weak (ties only)", "✗ failed", "! error", "? gave up",
          "– not applicable")


def symbol_table(audit: Any) -> str:
    """Metrics × constraints table of cells (plain text): each result's symbol with the
    marks of its evidence, then the legend."""
    metrics, constraints = audit.metrics(), audit.constraints()
    by_key = {(r.metric, r.constraint): r.cell for r in audit.results}
    width = max([len(m) for m in metrics] + [6])
    cols = [max([len(c), 1] + [len(by_key.get((m, c), "")) for m in metrics])
            for c in constraints]
    rows = [" " * width + "  " + "  ".join(c for c in constraints)]
    for m in metrics:
        cells = [by_key.get((m, c), " ").center(w) for c, w in zip(constraints, cols)]
        rows.append(f"{m:<{width}}  " + "  ".join(cells))
    rows.append("")
    rows += _legend(audit, "   ")
    return "\n".join(rows)


def _legend(audit: Any, sep: str) -> List[str]:
    parts = legend(audit.results)
    marks = [p for p in parts if p.startswith("marks: ")]
    return [sep.join(p for p in parts if p not in marks)] + marks


def _bound(value: Any) -> str:
    return "?" if value is None else f"{value:g}"


def _metadata_lines(audit: Any) -> List[str]:
    tolerance = {}
    for r in audit.results:
        if r.tolerance is not None:
            tolerance.setdefault(r.metric, set()).add(r.tolerance)
    out = ["## Declared metadata", "",
           "| metric | kind | bounds | perfect | symmetric | tolerance |",
           "|---|---|---|---|---|---|"]
    for name, meta in audit.metadata.items():
        lo, hi = meta.get("bounds") or (None, None)
        sym = meta.get("symmetric")
        tol = ", ".join(f"{t:g}" for t in sorted(tolerance.get(name, ()))) or "–"
        out.append(f"| {name} | {meta.get('kind', '?')} | [{_bound(lo)}, {_bound(hi)}] | "
                   f"{_bound(meta.get('perfect'))} | "
                   f"{'?' if sym is None else 'yes' if sym else 'no'} | {tol} |")
    return out


def _effort_lines(audit: Any) -> List[str]:
    metrics, constraints = audit.metrics(), audit.constraints()
    by_key = {(r.metric, r.constraint): r for r in audit.results}
    timed = audit.timings
    unit = "metric calls / seconds" if timed else "metric calls"
    out = ["## Search effort", "", f"Per check: {unit}.", "",
           "| metric | " + " | ".join(constraints) + " |",
           "|---|" + "---|" * len(constraints)]
    for m in metrics:
        cells = []
        for c in constraints:
            r = by_key.get((m, c))
            if r is None:
                cells.append("")
            elif timed and r.seconds is not None:
                cells.append(f"{r.calls} / {r.seconds:.2f}")
            else:
                cells.append(str(r.calls))
        out.append(f"| {m} | " + " | ".join(cells) + " |")
    return out


def markdown(audit: Any) -> str:
    """The verdict table, one section per result that did not pass (every finding), then
    the declared metadata and the search effort."""
    metrics, constraints = audit.metrics(), audit.constraints()
    by_key = {(r.metric, r.constraint): r for r in audit.results}
    out = ["| metric | " + " | ".join(constraints) + " |",
           "|---|" + "---|" * len(constraints)]
    for m in metrics:
        out.append(f"| {m} | " + " | ".join(
            by_key[(m, c)].cell if (m, c) in by_key else "" for c in constraints) + " |")
    out.append("")
    for i, line in enumerate(_legend(audit, " · ")):
        out += [""] * (i > 0) + [line]
    details = [r for r in audit.results if r.status != "passed"]
    if details:
        out += ["", "## Findings"]
        for r in details:
            out += ["", f"### {r.metric} × {r.constraint}: {r.status}", "", "```",
                    r.describe(audit.timings), "```"]
    proved = [r for r in audit.results if (r.evidence or {}).get("kind") == "proved"]
    if proved:
        out += ["", "## Proofs", ""]
        out += [f"- **{r.metric} × {r.constraint}**: {r.evidence['statement']} "
                f"*Proved by {r.evidence.get('by', 'a symbolic proof')}; checked besides "
                f"on {checked_text(r.evidence)}.*" for r in proved]
    if audit.metadata:
        out += [""] + _metadata_lines(audit)
    if audit.results:
        out += [""] + _effort_lines(audit)
    return "\n".join(out) + "\n"
