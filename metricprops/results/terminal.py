"""The audit as a terminal shows it: a verdict table that fits the width, and the reasons.

:func:`fit_table` lays the metrics × constraints symbols out in the first layout that fits
``width`` columns:

1. the full table (constraint names as column heads, what ``AuditResult.table()`` prints);
2. abbreviated column heads (``zs`` for ``zero_score``) with a key under the table;
3. one row per constraint, metrics as numbered columns with a key;
4. one line per (metric, constraint) verdict.

:func:`reason_lines` gives the one-line reason of every ``–`` (not applicable), ``≈`` (weak)
and ``?`` (gave up) cell; failures and errors have their own paragraphs.  The functions read
an audit result through its attributes only (``results``, ``metrics()``, ``constraints()``).
"""
from __future__ import annotations

from typing import Any, Dict, List, Sequence

__all__ = ["fit_table", "reason_lines", "abbreviations", "LEGEND", "EXPLAINED"]

LEGEND = "✓ passed   ≈ weak (ties only)   ✗ failed   ! error   ? gave up   – not applicable"
#: The statuses whose cells get a one-line reason under the table.
EXPLAINED = ("not_applicable", "weak", "gave_up")


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
    cols = [max(len(h), 1) for h in heads]
    lines = [" " * width + "  " + "  ".join(heads)]
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
    by_key = {(r.metric, r.constraint): r.symbol for r in audit.results}
    parts = LEGEND.split("   ")
    legend = [LEGEND] if len(LEGEND) <= width else ["  ".join(parts)] if len(
        "  ".join(parts)) <= width else _key(parts, width)

    def symbol(m: str, c: str) -> str:
        return by_key.get((m, c), " ")

    full = _grid(metrics, constraints, lambda i, j: symbol(metrics[i], constraints[j]))
    if _fits(full, width):
        return "\n".join(full + [""] + legend)
    short = abbreviations(constraints)
    heads = [short[c] for c in constraints]
    abbreviated = _grid(metrics, heads, lambda i, j: symbol(metrics[i], constraints[j]))
    key = _key([f"{short[c]} {c}" for c in constraints], width)
    if _fits(abbreviated, width):
        return "\n".join(abbreviated + [""] + key + [""] + legend)
    numbers = [f"[{i + 1}]" for i in range(len(metrics))]
    per_constraint = _grid(constraints, numbers, lambda i, j: symbol(metrics[j], constraints[i]))
    key = _key([f"{n} {m}" for n, m in zip(numbers, metrics)], width)
    if _fits(per_constraint, width):
        return "\n".join(per_constraint + [""] + key + [""] + legend)
    lines = []
    for m in metrics:
        lines.append(f"{m}:")
        lines += [f"  {symbol(m, c)} {c}" for c in constraints]
    return "\n".join(lines + [""] + legend)


def _tie_text(r: Any) -> str:
    shown = r.tie
    if not shown:
        return r.message
    notation = shown.get("notation") or {}
    scores = shown.get("scores") or {}
    values = {f"{v:.6g}" if isinstance(v, float) else str(v) for v in scores.values()}
    instance = ", ".join(f"{role} {text}" for role, text in notation.items())
    score = f"both score {values.pop()}" if len(values) == 1 else "scores " + ", ".join(
        f"{k} = {v:.6g}" if isinstance(v, float) else f"{k} = {v}" for k, v in scores.items())
    return f"ties, {score}: {instance}"


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
    for r in audit.results:
        status = str(r.status)
        if status not in EXPLAINED:
            continue
        skipped += status == "not_applicable"
        needs += status == "not_applicable" and "needs" in r.message
        why = _tie_text(r) if status == "weak" else r.message.split("\n")[0]
        lines.append(f"{r.symbol} {r.metric} × {r.constraint}: {why}")
    if skipped:
        hint = ("; those that need metadata apply once it is declared (--kind, --lower, "
                "--upper, --perfect, --symmetric)" if needs else "")
        lines.append(f"{skipped} of {len(audit.results)} checks not applied (–){hint}.")
    return lines
