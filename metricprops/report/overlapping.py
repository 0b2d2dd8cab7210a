"""The overlapping section of ``reports/``: every built-in metric of covers audited against
the constraints on covers and the partition constraints that generalise, the ELM-for-covers
candidates, the ELM paper's own overlapping example, and (when given) the overlapping measures
of other libraries audited through their plans (:func:`write_overlapping_report`)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional

from ..checker import audit
from ..output import write_text
from ..registry import list_metrics
from ..results.model import SYMBOLS, AuditResult
from .heatmap import audit_heatmap

__all__ = ["write_overlapping_report", "render_markdown", "CONSTRAINTS", "BUDGET",
           "QUICK_BUDGET", "ELM_CANDIDATES"]

#: The constraints of the section: those on covers, then the partition constraints that
#: generalise to covers (max_agreement in its cover form, symmetry, bounds).
CONSTRAINTS = ("max_agreement", "multiplicity_precision", "multiplicity_recall",
               "partition_form", "symmetry", "bounds")
#: The section's budget in the full report (about 75 s of processor time).
BUDGET: Dict[str, Any] = {"max_examples": 100, "exhaustive_n": 3, "max_items": 8,
                          "scale_max_n": 0}
#: A quick (smoke) build's budget: a few seconds.
QUICK_BUDGET: Dict[str, Any] = {"max_examples": 3, "exhaustive_n": 2, "max_items": 4,
                                "scale_max_n": 0}
#: The ELM-for-covers candidates (``docs/overlapping.md``), with extended BCubed F beside.
ELM_CANDIDATES = ("elm_cover_precision", "elm_cover_recall", "elm_cover_f",
                  "extended_bcubed_f", "cice_bcubed_f")
NOT_BUILT = ("not built: needs the libraries extra (`pip install \"metricprops[libraries]\"`): "
             "cdlib, clusim and networkit's overlapping measures are audited through their "
             "plans")


def _table(results: List[Mapping[str, Any]], metrics: Optional[List[str]] = None) -> List[str]:
    """A metric × constraint Markdown table of verdict symbols (the results' JSON)."""
    by_key = {(r["metric"], r["constraint"]): r for r in results}
    names = metrics or list(dict.fromkeys(r["metric"] for r in results))
    cons = list(dict.fromkeys(r["constraint"] for r in results))
    out = ["| metric | " + " | ".join(cons) + " |", "|---|" + "---|" * len(cons)]
    out += [f"| `{name.split(':')[-1]}` | " + " | ".join(
        _symbol(by_key[(name, c)]) if (name, c) in by_key else "" for c in cons) + " |"
        for name in names]
    return out


def _symbol(result: Mapping[str, Any]) -> str:
    """A result's verdict symbol, or the constraint's own reading of a pass (``≠``)."""
    own = (result.get("evidence") or {}).get("symbol")
    return own if own and result["status"] == "passed" else SYMBOLS.get(result["status"], "?")


def _example_lines(example: Mapping[str, Any]) -> List[str]:
    out = [f"Truth `{example['truth']}` (e1 = 0, e2 = 1), prediction `{example['pred']}`:",
           "", "| metric | score | extra cluster penalised |", "|---|---|---|"]
    out += [f"| {row['metric']} | {row['score']:.6f} | {'yes' if row['penalised'] else 'no'} |"
            for row in example["rows"]]
    return out


def _plan_lines(plans: Optional[Mapping[str, Any]]) -> List[str]:
    """The third-party part: the overlapping plans' audit as
    :func:`~metricprops.report.third_party.overlapping.overlapping_audit` returns it -- the
    libraries, the verdicts, the bugs with their plain-Python reproductions, every failed or
    error cell judged, and each measure against the built-in of the same definition."""
    from .third_party.libraries import render_libraries

    out = ["", "## Other libraries' overlapping measures", ""]
    if not plans or not plans.get("results"):
        return out + [NOT_BUILT + "."]
    out += render_libraries(dict(plans))[1:]
    out += ["", "### Verdicts", ""] + _table(plans["results"])
    if plans.get("bugs"):
        out += ["", "### Bugs, with plain-Python reproductions", "",
                "Each reproduction uses the library alone (no metricprops) and prints the "
                "wrong value; the test suite runs every one of them.", ""]
        for i, bug in enumerate(plans["bugs"], 1):
            out += [f"#### {i}. {bug['title']} ({bug['distribution']})", "",
                    bug["explanation"], "", "```python", bug["code"].strip(), "```", "",
                    f"prints: `{bug['shows']}`", ""]
    if plans.get("judgements"):
        out += ["", "### Every failed or error cell, judged", ""]
        out += [f"- `{j['metric']}` × `{j['constraint']}` ({j['status']}): "
                f"{j['judgement'] or 'not judged yet'}" for j in plans["judgements"]]
    if plans.get("differential"):
        out += ["", "### Against the built-in of the same definition", "",
                "| library measure | built-in | cover pairs that agree | why they differ |",
                "|---|---|---|---|"]
        out += [f"| `{d['metric']}` | `{d['reference']}` | {d['agree']}/{d['pairs']} | "
                f"{(d.get('explanation') or '–').replace(chr(10), ' ')} |"
                for d in plans["differential"]]
    return out


def render_markdown(report: Mapping[str, Any], command: str) -> str:
    """``overlapping.md`` from the section's JSON (``report``)."""
    s, results = report["settings"], report["results"]
    out = ["# Overlapping clusterings (covers)", "",
           f"Every built-in metric of covers × the constraints on covers and the partition "
           f"constraints that generalise. Seed {report['seed']}; every pair of covers up to "
           f"{s['exhaustive_n']} items, then {s['max_examples']} random instances up to "
           f"{s['max_items']} items per pair (tolerance {s['tolerance']:g}). Budget: "
           f"{report['budget']}. Regenerate with `{command}`. Covers are drawn as item "
           "sets: `{0 1 | 0 2}` is a cluster of items 0 and 1 and a cluster of items 0 and 2 "
           "(an item may be in several). Definitions: `docs/overlapping.md`.", "",
           "![verdict heat map](figures/overlapping-heatmap.png)", "", "## Verdicts", ""]
    out += _table(results)
    out += ["", "✓ passed · ≈ weak (ties only) · ✗ failed · ! error · ? gave up · – not "
            "applicable · ≠ asymmetric, as declared", "",
            "## The ELM-for-covers candidates", "",
            "ELM compares an element with itself as a factor (`docs/overlapping.md`); beside "
            "it extended BCubed F (the same multiplicities) and CICE-BCubed F (its repair):", ""]
    out += _table(results, [m for m in ELM_CANDIDATES if any(r["metric"] == m
                                                             for r in results)])
    out += ["", "## The ELM paper's overlapping example (section 4)", "",
            "`metricprops reproduce elm-overlapping`: two elements in cluster a, one of them "
            "also in a new cluster b.", ""] + _example_lines(report["elm_overlapping"])
    out += _plan_lines(report.get("plans"))
    out += ["", "## Findings", "", "Each failure with its smallest counterexample cover pair.",
            ""]
    for r in results:
        if r["status"] in ("failed", "error", "weak") and r.get("counterexample"):
            ce = r["counterexample"]
            out += [f"### {r['metric']} × {r['constraint']}: {r['status']}", "",
                    r["message"], "", "```"]
            out += [f"{role}: {text}" for role, text in ce.get("notation", {}).items()]
            out += ["scores: " + ", ".join(f"{k} = {v:.6g}" for k, v in ce.get(
                "scores", {}).items() if isinstance(v, (int, float)))]
            out += ([f"why: {ce['detail']}"] if ce.get("detail") else []) + ["```", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def write_overlapping_report(out: Any, *, seed: int, quick: bool = False,
                             command: str = "metricprops report",
                             progress: Optional[Callable[..., Any]] = None,
                             plans: Optional[Mapping[str, Any]] = None) -> AuditResult:
    """Audit the metrics of covers and write ``overlapping.json``, ``overlapping.md`` and
    ``figures/overlapping-heatmap.png`` into ``out``.

    ``plans`` are the other libraries' plan audits (the dict of
    :func:`~metricprops.report.third_party.libraries.audit_libraries`); without them the
    section says it was not built.  ``quick`` uses :data:`QUICK_BUDGET`, else :data:`BUDGET`.
    """
    from ..reproduce import elm_overlapping

    folder = Path(out)
    budget = QUICK_BUDGET if quick else BUDGET
    metrics = [m for m in list_metrics() if m.input == "cover"]
    result = audit(metrics, list(CONSTRAINTS), seed=seed, progress=progress, **budget)
    report = result.to_json()
    report["budget"] = ("a quick build's tiny budget" if quick else
                        "about 75 s of processor time, 2.5 min on two busy cores")
    report["elm_overlapping"] = elm_overlapping.run()
    report["plans"] = dict(plans) if plans else None
    write_text(folder / "overlapping.json",
               json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    audit_heatmap(result, folder / "figures" / "overlapping-heatmap.png",
                  title="Metrics of covers × constraints")
    write_text(folder / "overlapping.md", render_markdown(report, command))
    return result
