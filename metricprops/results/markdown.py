"""Text renderings of an audit: the symbol table, and the Markdown report.

Kept apart from :mod:`metricprops.results` (the data and its JSON form); the functions read
an :class:`~metricprops.results.AuditResult` through its attributes only.
"""
from __future__ import annotations

from typing import Any, Dict, List

from .evidence import checked as checked_text
from .terminal import legend

__all__ = ["symbol_table", "markdown", "LEGEND", "EVIDENCE_COLUMNS", "evidence_column",
           "evidence_per_family"]

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


#: The columns of the "Evidence per family" table, in order (``other`` shown only when used).
EVIDENCE_COLUMNS = ("proved", "exhaustive", "sampled or measured", "failed or error",
                    "not applicable", "other")


def evidence_column(result: Any) -> str:
    """The column of :data:`EVIDENCE_COLUMNS` a result counts in: ``failed or error`` and
    ``not applicable`` by its status (an error on degenerate input only, ``✓₅!``, is an
    error), every other result by its evidence's kind (a ``≈`` cell too); ``other`` is a
    witness (``≠``, asymmetric as declared), a ``gave_up`` or a result without evidence."""
    status = str(result.status)
    if status in ("failed", "error"):
        return "failed or error"
    if status == "not_applicable":
        return "not applicable"
    kind = (result.evidence or {}).get("kind")
    return {"proved": "proved", "exhaustive": "exhaustive", "sampled": "sampled or measured",
            "measured": "sampled or measured"}.get(kind, "other")


def evidence_per_family(audit: Any) -> Dict[str, Dict[str, Any]]:
    """Per metric family (the ``family`` of each metric's metadata, as
    :func:`metricprops.metrics.family.family_of` gives it; in the order the audit's results
    first name them, ``other`` last): its
    ``metrics`` (names), the count of cells per column of :data:`EVIDENCE_COLUMNS` and the
    ``total``."""
    out: Dict[str, Dict[str, Any]] = {}
    for r in audit.results:
        family = (audit.metadata.get(r.metric) or {}).get("family") or "other"
        row = out.setdefault(family, {"metrics": [], **{c: 0 for c in EVIDENCE_COLUMNS},
                                      "total": 0})
        if r.metric not in row["metrics"]:
            row["metrics"].append(r.metric)
        row[evidence_column(r)] += 1
        row["total"] += 1
    return dict(sorted(out.items(), key=lambda kv: kv[0] == "other"))  # "other" last


def _family_lines(audit: Any, proofs: bool) -> List[str]:
    rows = evidence_per_family(audit)
    columns = [c for c in EVIDENCE_COLUMNS
               if c != "other" or any(row["other"] for row in rows.values())]
    where = "; each statement is under Proofs" if proofs else ""
    other = (", or other (≠ asymmetric as declared, ? gave up)" if "other" in columns else "")
    out = ["## Evidence per family", "",
           "Per metric family, how many cells were proved for every number of items "
           f"(∀{where}), checked on every instance up to a size (₅), sampled or measured "
           "(~), failed or erred (✗, !, and ✓₅!: errors on degenerate input only) or are not "
           f"applicable (–){other}; a ≈ cell counts by its mark.", "",
           "| family | metrics | " + " | ".join(columns) + " | total |",
           "|---|" + "---:|" * (len(columns) + 2)]
    lines = list(rows.items())
    if len(rows) > 1:
        lines.append(("all", {"metrics": [m for row in rows.values() for m in row["metrics"]],
                              **{c: sum(row[c] for row in rows.values())
                                 for c in columns + ["total"]}}))
    for name, row in lines:
        out.append(f"| {name} | {len(row['metrics'])} | "
                   + " | ".join(str(row[c]) for c in columns) + f" | {row['total']} |")
    out += [""] + [f"- {name}: {', '.join(row['metrics'])}" for name, row in rows.items()]
    return out


def markdown(audit: Any) -> str:
    """The verdict table, one section per result that did not pass (every finding), the
    evidence per metric family (how many cells were proved, checked exhaustively, sampled,
    failed; :func:`evidence_per_family`), the statement of every proof, then the declared
    metadata and the search effort."""
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
    details = [r for r in audit.results if r.status != "passed" or r.declared]
    if details:
        out += ["", "## Findings"]
        for r in details:
            out += ["", f"### {r.metric} × {r.constraint}: {r.status}", "", "```",
                    r.describe(audit.timings), "```"]
    proved = [r for r in audit.results if (r.evidence or {}).get("kind") == "proved"]
    if audit.results:
        out += [""] + _family_lines(audit, bool(proved))
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
