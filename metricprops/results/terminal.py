"""The audit as a terminal shows it: a verdict table that fits the width, and the reasons.

:func:`fit_table` lays the metrics × constraints symbols out in the first layout that fits
``width`` columns:

1. the full table (constraint names as column heads, what ``AuditResult.table()`` prints);
2. abbreviated column heads (``zs`` for ``zero_score``) with a key under the table;
3. one row per constraint, metrics as numbered columns with a key;
4. one line per (metric, constraint) verdict.

:func:`reason_lines` gives the one-line reason of every ``–`` (not applicable), ``≈`` (weak)
and ``?`` (gave up) cell, and the statement of every proved one; failures and errors have
their own paragraphs.  A cell is a result's :attr:`~metricprops.results.CheckResult.cell`:
its symbol with the marks of its evidence (:func:`legend` explains those present).  The
functions read an audit result through its attributes only (``results``, ``metrics()``,
``constraints()``).
"""
from __future__ import annotations

from typing import Any, Dict, List, Sequence

from .evidence import text as evidence_text
from .words import DECLARED, DECLARED_MARK, numbers

__all__ = ["fit_table", "reason_lines", "abbreviations", "legend", "LEGEND", "EXPLAINED"]

LEGEND = "✓ passed   ≈ weak (ties only)   ✗ failed   ! error   ? gave up   – not applicable"
#: The statuses whose cells get a one-line reason under the table.
EXPLAINED = ("not_applicable", "weak", "gave_up")


def legend(results: Sequence[Any]) -> List[str]:
    """The symbols in words, then the marks that the cells of ``results`` carry."""
    parts = LEGEND.split("   ")
    cells = [r.cell for r in results]
    readings = {r.evidence["symbol"]: r.evidence.get("reads", "") for r in results
                if (r.evidence or {}).get("symbol") and r.cell.startswith(r.evidence["symbol"])}
    parts += [f"{symbol} {reads}" for symbol, reads in sorted(readings.items())]
    marks = []
    if any("∀" in c for c in cells):
        marks.append("∀ proved for every number of items")
    subscripts = sorted({c[1:].rstrip(DECLARED_MARK).rstrip("!") for c in cells
                         if len(c) > 1 and c[1] in "₀₁₂₃₄₅₆₇₈₉"})
    if subscripts:
        marks.append(f"{'/'.join(subscripts)} every instance up to that many items checked "
                     "(and random ones)")
    if any("~" in c for c in cells):
        marks.append("~ sampled or measured only")
    if any(c.rstrip(DECLARED_MARK).endswith("!") and len(c) > 1 for c in cells):
        marks.append("! after a symbol: errors on degenerate inputs only, the symbol is the "
                     "verdict on the other inputs")
    if any(c.endswith(DECLARED_MARK) for c in cells):
        marks.append(f"{DECLARED_MARK} findings explained by the metric's declared conventions "
                     f"({DECLARED}, not failures)")
    return parts + (["marks: " + "; ".join(marks)] if marks else [])


def abbreviations(names: Sequence[str]) -> Dict[str, str]:
    """Short distinct column heads: the initials of ``snake_case`` parts (``zs``), or the first
    two letters of a one-word name (``de``), lengthened until all are distinct."""
    out: Dict[str, str] = {}
    for name in names:
        parts = [p for p in name.replace("-", "_").split("_") if p] or [name]
        short = "".join(p[0] for p in parts) if len(parts) > 1 else parts[0][:2]
        extra = 2
        while short in out.values():
            short = ("".join(p[0] for p in parts[:-1]) + parts[-1][:extra]
                     if len(parts) > 1 else parts[0][:extra + 1])
            extra += 1
            if extra > len(name) + 1:  # pragma: no cover - names are distinct
                short = name
                break
        out[name] = short
    return out


def _grid(row_names: Sequence[str], heads: Sequence[str], cell: Any) -> List[str]:
    width = max([len(r) for r in row_names] + [6])
    cols = [max([len(h), 1] + [len(cell(i, j)) for i in range(len(row_names))])
            for j, h in enumerate(heads)]
    lines = [" " * width + "  " + "  ".join(h.center(w) if len(h) < w else h
                                            for h, w in zip(heads, cols))]
    for i, name in enumerate(row_names):
        cells = [cell(i, j).center(w) for j, w in enumerate(cols)]
        lines.append(f"{name:<{width}}  " + "  ".join(cells))
    return [line.rstrip() for line in lines]


def _key(pairs: Sequence[str], width: int) -> List[str]:
    """``pairs`` joined by three spaces into lines of at most ``width`` (a pair never splits)."""
    lines: List[str] = []
    for pair in pairs:
        if lines and len(lines[-1]) + 3 + len(pair) <= width:
            lines[-1] += "   " + pair
        else:
            lines.append(pair)
    return lines


def _fits(lines: Sequence[str], width: int) -> bool:
    return all(len(line) <= width for line in lines)


def fit_table(audit: Any, width: int) -> str:
    """The verdict table in the first layout (see the module docstring) that fits ``width``.

    Parameters
    ----------
    audit : AuditResult
        The audit to show.
    width : int
        Columns available (e.g. ``shutil.get_terminal_size().columns``).

    Returns
    -------
    str
        The table, a key when heads are abbreviated, and the legend of the symbols.
    """
    metrics, constraints = audit.metrics(), audit.constraints()
    by_key = {(r.metric, r.constraint): r.cell for r in audit.results}
    parts = legend(audit.results)
    marks = [p for p in parts if p.startswith("marks: ")]
    base = [p for p in parts if p not in marks]
    legend_lines = next(([line] for line in ("   ".join(base), "  ".join(base))
                         if len(line) <= width), None) or _key(base, width)
    legend_lines += [line for m in marks for line in _wrap(m, width)]

    def symbol(m: str, c: str) -> str:
        return by_key.get((m, c), " ")

    full = _grid(metrics, constraints, lambda i, j: symbol(metrics[i], constraints[j]))
    if _fits(full, width):
        return "\n".join(full + [""] + legend_lines)
    short = abbreviations(constraints)
    heads = [short[c] for c in constraints]
    abbreviated = _grid(metrics, heads, lambda i, j: symbol(metrics[i], constraints[j]))
    key = _key([f"{short[c]} {c}" for c in constraints], width)
    if _fits(abbreviated, width):
        return "\n".join(abbreviated + [""] + key + [""] + legend_lines)
    numbers = [f"[{i + 1}]" for i in range(len(metrics))]
    per_constraint = _grid(constraints, numbers, lambda i, j: symbol(metrics[j], constraints[i]))
    key = _key([f"{n} {m}" for n, m in zip(numbers, metrics)], width)
    if _fits(per_constraint, width):
        return "\n".join(per_constraint + [""] + key + [""] + legend_lines)
    lines = []
    for m in metrics:
        lines.append(f"{m}:")
        lines += [f"  {symbol(m, c)} {c}" for c in constraints]
    return "\n".join(lines + [""] + legend_lines)


def _wrap(text: str, width: int) -> List[str]:
    """``text`` in lines of at most ``width`` columns (a word never splits)."""
    lines: List[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _tie_text(r: Any) -> str:
    ties = [f for f in r.findings if f.kind == "tie"]
    ordinary = [f for f in ties if f.input != "degenerate"]
    shown = ordinary[0].example if ordinary else r.tie  # the tie that matters to a reader
    if not shown:
        return r.message
    notation = shown.get("notation") or {}
    texts = numbers(shown.get("scores") or {})
    values = set(texts.values())
    instance = ", ".join(f"{role} {text}" for role, text in notation.items())
    score = f"both score {values.pop()}" if len(values) == 1 else "scores " + ", ".join(
        f"{k} = {v}" for k, v in texts.items())
    where = ("on ordinary inputs" if ordinary else "only on degenerate inputs" if ties else "")
    why = f"; {shown['detail']}" if shown.get("detail") else ""
    return f"ties {where}, {score}: {instance}{why}".replace("ties ,", "ties,")


def reason_lines(audit: Any) -> List[str]:
    """One line per ``–``, ``≈`` and ``?`` cell: the symbol, the pair and why.

    Returns
    -------
    list of str
        ``"– bare × zero_score: needs a declared lower bound ..."``; a closing summary line
        when some checks were not applied; empty when every cell passed, failed or errored.
    """
    lines = []
    skipped = needs = 0
    proved = [f"{r.metric} × {r.constraint}" for r in audit.results
              if (r.evidence or {}).get("kind") == "proved"]
    if proved:
        lines.append(f"∀ proved for every number of items: {', '.join(proved)} (the "
                     "statements are in the JSON and the Markdown).")
    for r in audit.results:
        status = str(r.status)
        if (r.evidence or {}).get("kind") == "measured" and r.ok:
            lines.append(f"{r.cell} {r.metric} × {r.constraint}: "
                         f"{evidence_text(r.evidence)}")
        if r.declared and r.ok:
            lines.append(f"{r.cell} {r.metric} × {r.constraint}: "
                         + "; ".join(f.title() for f in r.declared))
        if status not in EXPLAINED:
            continue
        skipped += status == "not_applicable"
        needs += status == "not_applicable" and "needs" in r.message
        why = _tie_text(r) if status == "weak" else r.message.split("\n")[0]
        lines.append(f"{r.cell} {r.metric} × {r.constraint}: {why}")
    if skipped:
        hint = ("; those that need metadata apply once it is declared (--kind, --lower, "
                "--upper, --perfect, --symmetric)" if needs else "")
        lines.append(f"{skipped} of {len(audit.results)} checks not applied (–){hint}.")
    return lines
