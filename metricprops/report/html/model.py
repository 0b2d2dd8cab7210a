"""What an HTML heat map shows, read from an audit's JSON (schema 1): no audit is run.

:func:`heatmap_page` turns the ``results`` of ``audit.json``, ``coreference.json`` or
``third-party.json`` (or a user's ``metricprops audit --json``) into rows of cells, each with
its finding: the verdict and its evidence mark, the message, every distinct finding in block
notation with its scores and its why, the replay command and the instance's drawing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional

from ...metrics.family import family_of
from ...results.model import CheckResult, Counterexample, Finding
from .svg import drawable, instance_svg

__all__ = ["Cell", "Row", "HeatMap", "heatmap_page", "replay_words", "plain_library", "MAX_LINE"]

#: A line of a finding longer than this is cut (the labels of an input of thousands of items).
MAX_LINE = 400
_FIELDS = ("metric", "constraint", "status", "examples", "exhaustive_n", "max_items", "seed",
           "counterexample", "tie", "error", "message", "findings", "found_by", "tolerance",
           "min_items", "calls", "evidence", "ordinary_status")
_BUDGET = ("max_examples", "exhaustive_n", "max_items", "scale_max_n")


@dataclass
class Shown:
    """One distinct finding: its title, its lines (block notation, scores, why) and the key
    of its drawing (``None``: too large to draw, or nothing to draw)."""

    title: str
    lines: List[str]
    drawing: Optional[str]


@dataclass
class Cell:
    key: str
    metric: str
    constraint: str
    status: str
    text: str
    evidence: str
    message: str
    replay: str
    findings: List[Shown] = field(default_factory=list)
    note: str = ""


@dataclass
class Row:
    metric: str
    family: str
    library: str
    cells: List[Optional[Cell]]


@dataclass
class HeatMap:
    """The grid, the filters' values and the distinct drawings (key -> SVG)."""

    constraints: List[str]
    rows: List[Row]
    drawings: Dict[str, str]
    families: List[str]
    libraries: List[str]
    statuses: List[str]


def _cut(line: str) -> str:
    return line if len(line) <= MAX_LINE else line[:MAX_LINE] + f" … ({len(line)} characters)"


def replay_words(metric: str, constraint: str, settings: Mapping[str, Any], seed: int,
                 target: Optional[str] = None) -> str:
    """``metricprops audit TARGET -c CONSTRAINT --seed SEED`` with the audit's budget: the
    pair's seed is derived from the audit's seed and the two names, so it is searched again
    exactly as it was."""
    words = ["metricprops", "audit", target or metric, "-c", constraint]
    for key in _BUDGET:
        if settings.get(key) is not None:
            words += ["--" + key.replace("_", "-"), str(settings[key])]
    return " ".join(words + ["--seed", str(seed)])


def _evidence_word(result: CheckResult) -> str:
    kind = (result.evidence or {}).get("kind", "")
    if kind == "counterexample":
        return f"counterexample ({result.found_by or 'found'})"
    return {"proved": "proved", "exhaustive": "exhaustive", "sampled": "sampled",
            "measured": "measured"}.get(kind, kind or "–")


def _shown(finding: Finding, drawings: Dict[str, str]) -> Shown:
    lines = [_cut(line) for line in finding.example.lines()]
    if finding.kind == "error" and finding.example.get("message"):
        lines.insert(0, _cut(f"error: {finding.example['message']}"))
    return Shown(finding.title(), lines, _drawing(finding.example, drawings))


def _drawing(example: Counterexample, drawings: Dict[str, str]) -> Optional[str]:
    found = drawable(example)
    if found is None:
        return None
    truth, preds = found
    key = repr((truth, sorted(preds.items())))
    if key not in drawings:
        drawings[key] = instance_svg(truth, preds)
    return key


def heatmap_page(report: Mapping[str, Any], *, library: Callable[[str, Mapping], str],
                 replay: Callable[[str, str], str],
                 note: Optional[Callable[[Mapping[str, Any]], Optional[str]]] = None,
                 metadata: Optional[Mapping[str, Mapping[str, Any]]] = None) -> HeatMap:
    """The heat map of ``report`` (a dict with ``results``, and ``metrics`` as a mapping or a
    list of metadata).  ``library(metric, metadata)`` names a metric's library,
    ``replay(metric, constraint)`` its replay command, ``note(result)`` a judgement."""
    results = report["results"]
    meta = metadata or _metadata(report.get("metrics", {}))
    metrics = list(dict.fromkeys(r["metric"] for r in results))
    constraints = list(dict.fromkeys(r["constraint"] for r in results))
    by_key = {(r["metric"], r["constraint"]): r for r in results}
    drawings: Dict[str, str] = {}
    rows = []
    for i, name in enumerate(metrics):
        cells: List[Optional[Cell]] = []
        for j, constraint in enumerate(constraints):
            raw = by_key.get((name, constraint))
            cells.append(None if raw is None else _cell(f"c{i}-{j}", raw, drawings, replay,
                                                        note))
        m = meta.get(name, {})
        rows.append(Row(name, family_of(name, m), library(name, m), cells))
    keys = {key: f"g{n}" for n, key in enumerate(drawings)}  # short ids, in first-use order
    for row in rows:
        for cell in row.cells:
            for shown in cell.findings if cell else ():
                shown.drawing = keys.get(shown.drawing or "")
    statuses = [s for s in ("failed", "error", "weak", "gave_up", "passed", "not_applicable")
                if any(c and c.status == s for row in rows for c in row.cells)]
    return HeatMap(constraints, rows, {keys[k]: svg for k, svg in drawings.items()},
                   sorted({r.family for r in rows}), sorted({r.library for r in rows}),
                   statuses)


def _metadata(metrics: Any) -> Dict[str, Mapping[str, Any]]:
    if isinstance(metrics, Mapping):
        return dict(metrics)
    return {m["name"]: m for m in metrics}


def _cell(key: str, raw: Mapping[str, Any], drawings: Dict[str, str],
          replay: Callable[[str, str], str],
          note: Optional[Callable[[Mapping[str, Any]], Optional[str]]]) -> Cell:
    result = CheckResult(**{k: raw[k] for k in _FIELDS if k in raw})
    findings = [_shown(f, drawings) for f in result.findings]
    if not findings and result.shown is not None:  # a result written before findings
        example = result.shown
        findings = [Shown(result.status.value, [_cut(x) for x in example.lines()],
                          _drawing(example, drawings))]
    return Cell(key, result.metric, result.constraint,
                (result.ordinary_status or result.status).value, result.cell,
                _evidence_word(result), result.message,
                replay(result.metric, result.constraint), findings,
                (note(raw) if note else None) or "")


def plain_library(name: str, meta: Mapping[str, Any]) -> str:
    """A metric's library in a user's audit: built-in, or the module it comes from."""
    if meta.get("builtin", True) and ":" not in name:
        return "metricprops (built-in)"
    return name.split(":")[0].split(".")[0] or name
