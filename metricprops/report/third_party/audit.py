"""Audits of third-party implementations: scikit-learn, `bcubed`, `scorch` and the libraries.

:func:`generate` audits every scikit-learn supervised clustering metric with a
``(labels_true, labels_pred)`` signature, and the `bcubed` package through
:func:`metricprops.plans.package_adapters.bcubed_f`, against every registered constraint,
with a fixed seed; :func:`write_reports` writes ``third-party.json``, the summary
``third-party.md`` and one page per library (:mod:`~metricprops.report.third_party.pages`).
The same seed, settings and library versions give byte-identical files;
``metricprops report`` regenerates them with the other reports.  clusim, cdlib,
ClusterEval, torchmetrics and river are audited through their shipped plans
(:mod:`metricprops.report.third_party.libraries`).

Each target gets the metadata its documentation states (:data:`TARGETS`).  Calls are
memoised across constraints (a metric is a pure function of its labels), which changes the
run time, not the results.
"""
from __future__ import annotations

import functools
import importlib
import json
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ...metrics.base import Metric, metric
from ...output import plural, write_text
from ...settings import REPORT_SEED
from .notes import BUG_TITLES, NOTES, RULE, bug_title  # noqa: F401  (NOTES re-exported)
from .pages import judgement, render_index, render_page, split

__all__ = ["TARGETS", "NOTES", "DEFAULT_SEED", "DEFAULT_SETTINGS", "targets", "generate",
           "render_markdown", "dumps", "write_files", "write_reports", "rewrite"]

DEFAULT_SEED = REPORT_SEED
#: Audit settings of the committed report.
DEFAULT_SETTINGS = {"max_examples": 100, "exhaustive_n": 5, "max_items": 30}

_UNIT = dict(kind="similarity", bounds=(0.0, 1.0), perfect=1.0)
_ADAPTERS = "metricprops.plans.package_adapters:"
#: Where each target comes from, by the start of its "module:attr".
_DISTRIBUTIONS = (("sklearn.", "scikit-learn"),
                  (_ADAPTERS + "bcubed", "bcubed package via metricprops.plans.package_adapters"),
                  (_ADAPTERS + "scorch", "scorch package via metricprops.plans.package_adapters"))

#: (target "module:attr", metadata from its documentation, citation)
TARGETS: Tuple[Tuple[str, Dict[str, Any]], ...] = (
    ("sklearn.metrics:adjusted_mutual_info_score",
     dict(kind="similarity", bounds=(None, 1.0), perfect=1.0, symmetric=True)),
    ("sklearn.metrics:adjusted_rand_score",
     dict(kind="similarity", bounds=(-0.5, 1.0), perfect=1.0, symmetric=True)),
    ("sklearn.metrics:completeness_score", dict(_UNIT, symmetric=False)),
    ("sklearn.metrics:fowlkes_mallows_score", dict(_UNIT, symmetric=True)),
    ("sklearn.metrics:homogeneity_score", dict(_UNIT, symmetric=False)),
    ("sklearn.metrics:mutual_info_score",
     dict(kind="similarity", bounds=(0.0, None), perfect=None, symmetric=True)),
    ("sklearn.metrics:normalized_mutual_info_score", dict(_UNIT, symmetric=True)),
    ("sklearn.metrics:rand_score", dict(_UNIT, symmetric=True)),
    ("sklearn.metrics:v_measure_score", dict(_UNIT, symmetric=True)),
    (_ADAPTERS + "bcubed_f", dict(_UNIT, symmetric=True)),
    # scorch, a Python port of the CoNLL reference coreference scorer (F1 of each family)
    (_ADAPTERS + "scorch_muc_f", dict(_UNIT, symmetric=True)),
    (_ADAPTERS + "scorch_b_cubed_f", dict(_UNIT, symmetric=True)),
    (_ADAPTERS + "scorch_ceaf_m_f", dict(_UNIT, symmetric=True)),
    (_ADAPTERS + "scorch_ceaf_e_f", dict(_UNIT, symmetric=True)),
    (_ADAPTERS + "scorch_blanc_f", dict(_UNIT, symmetric=False)),
    (_ADAPTERS + "scorch_conll", dict(_UNIT, symmetric=True)),
)


def _versions() -> Dict[str, str]:
    out = {}
    for dist in ("scikit-learn", "bcubed", "scorch", "numpy"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:  # pragma: no cover
            out[dist] = "not installed"
    return out


def _memoised(func: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Cache values of calls with plain lists of ints (the checker's canonical input)."""
    cache: Dict[Tuple[tuple, tuple], Any] = {}

    @functools.wraps(func)
    def wrapper(labels_true: Any, labels_pred: Any) -> Any:
        plain = (type(labels_true) is list and type(labels_pred) is list
                 and all(type(x) is int for x in labels_true)
                 and all(type(x) is int for x in labels_pred))
        if not plain:
            return func(labels_true, labels_pred)
        key = (tuple(labels_true), tuple(labels_pred))
        if key not in cache:
            cache[key] = func(labels_true, labels_pred)
        return cache[key]

    return wrapper


def targets(names: Optional[Sequence[str]] = None) -> List[Metric]:
    """The audited targets as :class:`Metric` objects (all of :data:`TARGETS` by default)."""
    out = []
    for spec, meta in TARGETS:
        if names is not None and spec not in names:
            continue
        module, _, attr = spec.partition(":")
        func = getattr(importlib.import_module(module), attr)
        dist = next(name for start, name in _DISTRIBUTIONS if spec.startswith(start))
        out.append(metric(_memoised(func), name=spec, citation=dist, **meta))
    return out


def generate(seed: int = DEFAULT_SEED, names: Optional[Sequence[str]] = None,
             constraints: Optional[Sequence[str]] = None,
             progress: Optional[Callable[[int, int, str, str], None]] = None,
             libraries: Sequence[Any] = (), missing: Sequence[str] = (),
             **settings: Any) -> Dict[str, Any]:
    """Run the audit; return the report as a JSON-ready dict (schema 1).

    ``libraries`` are plans (shipped plan names such as ``"river"``, or
    :class:`~metricprops.plans.Plan` objects) audited after :data:`TARGETS` with their own
    settings and ``seed``; ``missing`` names the libraries left out because they were not
    installed (the report says so).
    """
    from ...checker import audit
    from ...registry import constraint_names
    from .libraries import audit_libraries

    opts = {**DEFAULT_SETTINGS, **settings}
    metrics = targets(names)
    cons = list(constraints) if constraints is not None else constraint_names()
    result = audit(metrics, cons, seed=seed, progress=progress, **opts)
    data = result.to_json()
    libs = audit_libraries(libraries, seed, progress)
    versions = {**_versions(), **{lib["distribution"]: lib["version"]
                                  for lib in libs["libraries"]}}
    return {"schema": 1, "seed": seed, "settings": data["settings"], "versions": versions,
            "metrics": [m.metadata() for m in metrics] + libs["metrics"], "constraints": cons,
            "libraries": libs["libraries"], "missing": list(missing),
            "results": data["results"] + libs["results"]}


def regenerate_command(seed: int) -> str:
    """The command that regenerates this report (with the other reports) for ``seed``."""
    return "metricprops report" + ("" if seed == REPORT_SEED else f" --seed {seed}")


def render_markdown(report: Dict[str, Any], command: Optional[str] = None) -> str:
    """``third-party.md``; ``command`` is the regeneration command it names (default
    :func:`regenerate_command`)."""
    from ...results.model import SYMBOLS
    from .libraries import render_bugs, render_libraries

    results = report["results"]
    metrics = list(dict.fromkeys(r["metric"] for r in results))
    cons = list(dict.fromkeys(r["constraint"] for r in results))
    by_key = {(r["metric"], r["constraint"]): r for r in results}
    s = report["settings"]
    out = ["# Third-party audit: scikit-learn's clustering metrics, the bcubed package, the "
           "scorch coreference scorer" + (", " + ", ".join(
               lib["distribution"] for lib in report.get("libraries", [])) if report.get(
               "libraries") else ""), "",
           f"Generated by `{command or regenerate_command(report['seed'])}` "
           f"(seed {report['seed']}; {s['max_examples']} random instances per pair after "
           f"every instance with at most {s['exhaustive_n']} items; random instances up to "
           f"{s['max_items']} items). Versions: "
           + ", ".join(f"{k} {v}" for k, v in report["versions"].items()) + ".", "",
           "This is the summary; each library's findings (every failed, weak and error pair "
           "with its smallest counterexample and its judgement) and its targets' declared "
           "metadata are on its own page (below)."]
    out += render_libraries(report)
    short = {c: c.replace("_", " ") for c in cons}
    out += ["", "## Verdicts", "",
            "| target | " + " | ".join(short[c] for c in cons) + " |",
            "|---|" + "---|" * len(cons)]
    for name in metrics:
        out.append(f"| `{name.split(':')[-1]}` | " + " | ".join(
            SYMBOLS.get(by_key[(name, c)]["status"], "?") if (name, c) in by_key else ""
            for c in cons) + " |")
    out += ["", "✓ passed · ≈ weak (ties only; for label invariance: rejected label types) · "
            "✗ failed · ! error · ? gave up · – not applicable"]
    failed = [r for r in results if r["status"] == "failed"]
    errors = [r for r in results if r["status"] == "error"]
    bugs: Dict[str, List[str]] = {}
    for r in failed + errors:  # an error on identical partitions can be a bug too
        note = judgement(r)
        if note and note.startswith("**Bug"):
            title = bug_title(note)
            bugs.setdefault(title, []).append(
                f"`{r['metric'].split(':')[-1]}` × {r['constraint']}")
    out += ["", "## Summary", "",
            f"{len(failed)} failed and {plural(len(errors), 'error pair')}; "
            f"{plural(len(bugs), 'implementation bug')} behind {sum(map(len, bugs.values()))} "
            "of them:", ""]
    out += [f"{i}. {title} ({', '.join(pairs)})." for i, (title, pairs) in
            enumerate(bugs.items(), 1)]
    out += ["", "The other failures follow from each metric's definition or documented "
            "conventions (judged one by one on the library pages). Weak verdicts are ties: "
            "the constraint's strict inequality holds with equality on the instance shown.", "",
            RULE]
    out += render_index(report) + render_bugs(report)
    return "\n".join(out) + "\n"


def dumps(report: Dict[str, Any]) -> str:
    """``third-party.json``'s text: one top-level key a line, and one line for each entry of
    a list (a result, a target's metadata), so that a changed result is a changed line."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    keys = []
    for key, value in report.items():
        if isinstance(value, list) and value:
            entries = ",\n".join(f"    {line(v)}" for v in value)
            keys.append(f"  {line(key)}: [\n{entries}\n  ]")
        else:
            keys.append(f"  {line(key)}: {line(value)}")
    return "{\n" + ",\n".join(keys) + "\n}\n"


def write_files(report: Dict[str, Any], out: Any = "reports",
                command: Optional[str] = None) -> Tuple[Path, Path]:
    """Write ``report`` as ``third-party.json``, ``third-party.md`` and the library pages
    (``third-party/<library>.md``) into ``out``; return the paths of the first two."""
    folder = Path(out)
    json_path, md_path = folder / "third-party.json", folder / "third-party.md"
    write_text(json_path, dumps(report))
    command = command or regenerate_command(report["seed"])
    write_text(md_path, render_markdown(report, command))
    for library, page in split(report).items():
        write_text(folder / page, render_page(report, library, command))
    return json_path, md_path


def write_reports(out: Any = "reports", seed: int = DEFAULT_SEED, command: Optional[str] = None,
                  **kw: Any) -> Tuple[Path, Path]:
    """Audit, and write ``third-party.json``, ``third-party.md`` and the library pages into
    ``out`` (:func:`write_files`); ``command`` is the regeneration command the Markdown
    names."""
    return write_files(generate(seed=seed, **kw), out, command)


def rewrite(out: Any = "reports", command: Optional[str] = None) -> Tuple[Path, Path]:
    """Write the report files of ``out`` again from its ``third-party.json``, without
    auditing: every scale input stored as labels becomes its record
    (:func:`metricprops.search.records.compact_document`, which checks first that the record
    rebuilds the stored labels), and the Markdown is rendered from the same data.  A file
    already in this form is written byte for byte as it was."""
    from ...search.records import compact_document

    report = json.loads((Path(out) / "third-party.json").read_text(encoding="utf-8"))
    return write_files(compact_document(report), out, command)
