"""The libraries of the third-party audit that are audited through a shipped plan.

clusim, cdlib, ClusterEval, torchmetrics and river each have a plan in
``metricprops/plans/`` (targets, declared metadata, adapters and search settings), so one
library can be re-audited with one command, ``metricprops audit --plan NAME``, with the
verdicts of the report.  They come with the ``libraries`` extra; the report says which of
them were not installed when it was built.  (scorch, the sixth, is audited with the
scikit-learn targets: see :data:`metricprops.report.third_party.TARGETS`.)
"""
from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

__all__ = ["LIBRARIES", "missing_libraries", "audit_libraries", "render_libraries",
           "render_bugs"]

#: Libraries audited through a plan: plan name -> (distribution, module imported).
LIBRARIES: Dict[str, tuple] = {
    "clusim": ("clusim", "clusim"),
    "cdlib": ("cdlib", "cdlib"),
    "clustereval": ("ClusterEval", "clustereval"),
    "torchmetrics": ("torchmetrics", "torchmetrics"),
    "river": ("river", "river"),
    "igraph": ("python-igraph", "igraph"),
    "genieclust": ("genieclust", "genieclust"),
    "networkit": ("networkit", "networkit"),
}


def _version(dist: str) -> str:
    try:
        return version(dist)
    except PackageNotFoundError:
        return "not installed"


def missing_libraries(names: Optional[Sequence[str]] = None) -> List[str]:
    """The distributions of :data:`LIBRARIES` (or of ``names``) that cannot be imported."""
    missing = []
    for name in (LIBRARIES if names is None else names):
        dist, module = LIBRARIES[name]
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(dist)
    return missing


def audit_libraries(plans: Sequence[Union[str, Any]], seed: int,
                    progress: Optional[Callable[[int, int, str, str], None]] = None,
                    distributions: Optional[Dict[str, str]] = None) -> Dict[str, Any]:
    """Run each plan (a shipped plan's name, or a :class:`~metricprops.plans.Plan`) with
    ``seed``: the libraries' entries, the targets' declared metadata and the results.
    ``distributions`` names the distribution of a plan not in :data:`LIBRARIES` (plan name
    -> distribution), whose version the entry gives."""
    from ...plans.plan import load_plan, run_plan

    out: Dict[str, Any] = {"libraries": [], "metrics": [], "results": []}
    for plan in plans:
        plan = load_plan(plan) if isinstance(plan, str) else plan
        name = plan.source[:-len(".toml")] if plan.source.endswith(".toml") else plan.source
        dist = (distributions or {}).get(name) or LIBRARIES.get(name, (name,))[0]
        result = run_plan(plan, seed=seed, progress=progress)
        data = result.to_json()
        out["libraries"].append({
            "plan": name, "distribution": dist, "version": _version(dist),
            "settings": {k: v for k, v in data["settings"].items() if k != "plan"},
            "targets": list(data["metrics"])})
        out["metrics"] += list(data["metrics"].values())
        out["results"] += data["results"]
    return out


def render_libraries(report: Dict[str, Any]) -> List[str]:
    """Markdown: the libraries audited through a plan, and those missing at build time."""
    libraries, missing = report.get("libraries", []), report.get("missing", [])
    if not libraries and not missing:
        return []
    out = ["", "## Libraries audited through a plan", "",
           "Each of these libraries has a plan in `metricprops/plans/` (targets, declared "
           "metadata, adapter, search settings); `metricprops audit --plan NAME` re-audits one "
           "library alone with the verdicts shown here (same seed and settings).", ""]
    if libraries:
        out += ["| library | version | targets | settings | re-run |", "|---|---|---|---|---|"]
        for lib in libraries:
            s = lib["settings"]
            out.append(f"| {lib['distribution']} | {lib['version']} | {len(lib['targets'])} | "
                       f"{s['max_examples']} random instances, exhaustive to "
                       f"{s['exhaustive_n']} items, up to {s['max_items']} items, tolerance "
                       f"{s['tolerance']:g} | `metricprops audit --plan {lib['plan']}` |")
    if missing:
        out += ["", "**Not audited: not installed when this report was built: "
                + ", ".join(missing) + "** (`pip install \"metricprops[libraries]\"`)."]
    return out


def render_bugs(report: Dict[str, Any]) -> List[str]:
    """Markdown: every implementation bug of the audited libraries with a plain-Python
    reproduction (the library alone, no metricprops) and the value it prints."""
    from .bugs import BUGS

    audited = {lib["distribution"] for lib in report.get("libraries", [])} | set(
        report.get("versions", {}))
    bugs = [b for b in BUGS if b.distribution in audited
            and report.get("versions", {}).get(b.distribution, "") != "not installed"]
    if not bugs:
        return []
    out = ["", "## Bugs, with plain-Python reproductions", "",
           "Each reproduction uses the library alone (no metricprops) and prints the wrong "
           "value; the expected value is in the comment. The test suite runs every one of "
           "them against the installed versions.", ""]
    for i, bug in enumerate(bugs, 1):
        version_ = report.get("versions", {}).get(bug.distribution, "?")
        out += [f"### {i}. {bug.title} ({bug.distribution} {version_})", "", bug.explanation,
                "", bug.upstream_text(), "", "```python", bug.code.strip(), "```", ""]
    return out[:-1]
