"""The overlapping section of ``reports/``: every built-in metric of covers × the constraints on
covers, the ELM paper's overlapping example, and other libraries' overlapping measures.

The built-in audit (``audit.md``) is of partitions; this section audits the metrics whose
input is a cover (an item may be in several clusters): extended BCubed, CICE-BCubed, ELM for
covers, the omega index and overlapping NMI (LFK, MGH), against Amigó et al.'s multiplicity
constraints, maximal agreement on covers (only the truth scores the maximum: the CICE point)
and "equals its partition form on partitions".  Third-party overlapping measures are audited
through their plans when the libraries are installed (``plan_audits``).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

from ..checker import audit
from ..output import write_text
from ..registry import cover_constraints, list_metrics
from ..results.model import AuditResult
from .heatmap import audit_heatmap

__all__ = ["write_overlapping_report", "CONSTRAINTS", "BUDGET", "QUICK_BUDGET"]

#: The constraints of the section: those on covers, and maximal agreement (which a metric of
#: covers is checked on with covers).
CONSTRAINTS = tuple(c.name for c in cover_constraints()) + ("max_agreement",)
#: The section's budget: half the built-in audit's random instances (every pair of covers
#: up to the exhaustive size is still checked), so that it takes about a minute on 2 cores.
BUDGET: Dict[str, Any] = {"max_examples": 50}
#: A quick build's budget (a smoke run of the test suite).
QUICK_BUDGET: Dict[str, Any] = {"max_examples": 5, "exhaustive_n": 2, "max_items": 4}

_INTRO = """\
# Overlapping clusterings: the built-in metrics of covers

A *cover* puts each item in one or more clusters (`docs/overlapping.md` defines the inputs,
the metrics and the constraints). Rows are the built-in metrics of covers, columns the
constraints on covers; the marks read as in [audit.md](audit.md) (✓ passed, ≈ weak, ✗ failed
with the smallest counterexample below, – not applicable). Covers are written cluster by
cluster: `{{0 1 | 0 2}}` = items 0 and 1 in one cluster, items 0 and 2 in another.

Seed {seed}; every cover pair up to {exhaustive} items, then {examples} random instances of up
to {items} items per pair. Regenerate with `{command}`.

![verdict heat map](figures/overlapping-heatmap.png)

"""


def cover_metrics() -> List[Any]:
    """The built-in metrics whose input is a cover (those of :mod:`metricprops.metrics`; a
    plug-in's are audited with ``metricprops audit``)."""
    return [m for m in list_metrics() if m.input == "cover"
            and getattr(m.func, "__module__", "").startswith("metricprops.metrics.")]


def write_overlapping_report(out: Path, *, seed: int, command: str = "metricprops report",
                             progress: Optional[Callable[..., Any]] = None, quick: bool = False,
                             plan_audits: Optional[Sequence[Dict[str, Any]]] = None,
                             libraries_note: str = "") -> AuditResult:
    """Audit the built-in metrics of covers and write ``overlapping.json``,
    ``overlapping.md`` and ``figures/overlapping-heatmap.png``.

    ``plan_audits``: the third-party overlapping plans' audits, each a dict with ``plan``
    (its name) and ``result`` (an :class:`AuditResult`) and optionally ``notes`` (Markdown
    lines judging its findings); when ``None`` the section says why they are left out
    (``libraries_note``)."""
    from ..reproduce import elm_overlapping

    budget = QUICK_BUDGET if quick else BUDGET
    result = audit(cover_metrics(), list(CONSTRAINTS), seed=seed, progress=progress, **budget)
    example = elm_overlapping.run()
    third = [{"plan": p["plan"], "notes": list(p.get("notes", [])),
              "result": json.loads(p["result"].dumps())} for p in plan_audits or []]
    data = json.loads(result.dumps())
    data["paper_example"] = example
    data["third_party"] = third
    data["third_party_note"] = "" if plan_audits is not None else libraries_note
    write_text(out / "overlapping.json", json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    audit_heatmap(result, out / "figures" / "overlapping-heatmap.png",
                  title="Built-in metrics of covers × constraints on covers")
    s = result.settings
    text = _INTRO.format(seed=result.seed, exhaustive=s["exhaustive_n"],
                         examples=s["max_examples"], items=s["max_items"], command=command)
    text += result.markdown() + "\n" + _example_section(example) + _third_party_section(
        plan_audits, libraries_note)
    write_text(out / "overlapping.md", text)
    return result


def _example_section(example: Dict[str, Any]) -> str:
    rows = "\n".join(f"| `{r['metric']}` | {r['score']:.6f} | {r['perfect']:g} | "
                     f"{'yes' if r['penalised'] else 'no'} |" for r in example["rows"])
    return ("\n## The ELM paper's overlapping example (section 4)\n\n"
            f"Truth {example['truth']} (e1 = item 0, e2 = item 1), prediction "
            f"{example['pred']}: the prediction adds a cluster holding e1 alone. ELM leaves "
            "an element out of its own neighbourhood, so it cannot see the extra cluster; the "
            "metrics that compare an element with itself penalise it "
            "(`metricprops reproduce elm-overlapping`).\n\n"
            "| metric | score | perfect | extra cluster penalised |\n|---|---|---|---|\n"
            + rows + "\n")


def _third_party_section(plan_audits: Optional[Sequence[Dict[str, Any]]], note: str) -> str:
    head = "\n## Other libraries' overlapping measures\n\n"
    if plan_audits is None:
        return head + (note or "Not built: the libraries extra is not installed.") + "\n"
    parts = [head + "Audited as shipped, through the plans `metricprops audit --plan NAME` "
             "runs, with the same seed.\n"]
    for p in plan_audits:
        parts.append(f"\n### Plan `{p['plan']}`\n\n" + p["result"].markdown() + "\n")
        if p.get("notes"):
            parts.append("\n" + "\n".join(p["notes"]) + "\n")
    return "".join(parts)
