"""Audits of third-party implementations: scikit-learn's clustering metrics and `bcubed`.

:func:`generate` audits every scikit-learn supervised clustering metric with a
``(labels_true, labels_pred)`` signature, and the `bcubed` package through
:func:`metricprops.adapters.bcubed_f`, against every registered constraint, with a fixed
seed; :func:`write_reports` writes ``third-party.json`` and ``third-party.md``.  The same
seed, settings and library versions give byte-identical files::

    python -m metricprops.third_party --out reports

Each target gets the metadata its documentation states (:data:`TARGETS`).  Calls are
memoised across constraints (a metric is a pure function of its labels), which changes the
run time, not the results.
"""
from __future__ import annotations

import argparse
import functools
import importlib
import json
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .metrics.base import Metric, metric

__all__ = ["TARGETS", "NOTES", "DEFAULT_SEED", "DEFAULT_SETTINGS", "targets", "generate",
           "render_markdown", "write_reports", "main"]

DEFAULT_SEED = 20210
#: Audit settings of the committed report.
DEFAULT_SETTINGS = {"max_examples": 100, "exhaustive_n": 5, "max_items": 30}

_UNIT = dict(kind="similarity", bounds=(0.0, 1.0), perfect=1.0)

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
    ("metricprops.adapters:bcubed_f", dict(_UNIT, symmetric=True)),
)

_SK = "sklearn.metrics:"
_BC = "metricprops.adapters:bcubed_f"

_MIXED = ("**Bug.** Distinct labels `0` and `\"0\"` are merged: the label list is converted with "
          "numpy, which turns a mixed int/str list into a string array, so the metric scores a "
          "different partition and returns a wrong value without a warning.  scikit-learn's "
          "classification metrics reject exactly this input (`ValueError: Mix of label input "
          "types (string and number)`); the clustering metrics' `check_clusterings` does not.  "
          "(Rejections, not findings: bytes labels raise `TypeError`, tuple labels raise "
          "`ValueError: labels_true must be 1D` — the documented 1-D array-like input.)")
_NOT_ADJUSTED = ("**By definition (documented).** The index is not adjusted for chance, so its "
                 "expectation under random labelling depends on the block sizes; scikit-learn's "
                 "user guide says so and recommends ARI / AMI for that purpose.")
_CHANCE_N = ("**By definition.** The chance correction (the expected index under the "
             "permutation model) depends on n, so k copies of every item change the value.")
_FMI_BUG = "**Bug (edge case).**"
_PAIRS_N = "**By definition.** Pair counts grow quadratically with copies; the ratio is not scale-free."

#: Judgements of the findings, keyed by (target, constraint): (status it was written for, text).
NOTES: Dict[Tuple[str, str], Tuple[str, str]] = {
    **{(_SK + m, "label_invariance"): ("failed", _MIXED) for m in (
        "adjusted_mutual_info_score", "adjusted_rand_score", "completeness_score",
        "fowlkes_mallows_score", "homogeneity_score", "mutual_info_score",
        "normalized_mutual_info_score", "rand_score", "v_measure_score")},
    **{(_SK + m, "constant_baseline"): ("failed", _NOT_ADJUSTED) for m in (
        "completeness_score", "fowlkes_mallows_score", "homogeneity_score", "mutual_info_score",
        "normalized_mutual_info_score", "rand_score", "v_measure_score")},
    (_BC, "constant_baseline"): ("failed", "**By definition.** BCubed is not adjusted for chance."),
    (_SK + "adjusted_mutual_info_score", "degenerate"): (
        "failed", "**By definition (documented).** AMI is chance-adjusted: the all-singletons "
        "prediction scores the chance level ≈ 0 (here 6.4e-16, rounding), and a prediction worse "
        "than chance scores below it (\"can be negative\")."),
    (_SK + "adjusted_mutual_info_score", "n_invariance"): ("failed", _CHANCE_N),
    (_SK + "adjusted_rand_score", "n_invariance"): ("failed", _CHANCE_N),
    (_SK + "adjusted_rand_score", "zero_score"): (
        "failed", "**By definition.** −0.5 is the documented global lower bound (Chacón & "
        "Rastrojo 2022), not a value every truth admits: against T = {0 1} every prediction "
        "scores 0 or 1."),
    (_SK + "adjusted_rand_score", "degenerate"): (
        "failed", "**By definition (documented).** ARI is chance-adjusted: all singletons score "
        "the chance level 0, a discordant prediction scores below it (down to −0.5)."),
    (_SK + "completeness_score", "zero_score"): (
        "failed", "**By definition.** Against an all-singletons truth every prediction is "
        "complete (each class lies in one cluster): completeness is 1 for all of them."),
    (_SK + "completeness_score", "degenerate"): (
        "failed", "**By definition.** Completeness is one-sided: it does not penalise splitting "
        "pure classes as much as the degenerate constraint requires."),
    (_SK + "completeness_score", "max_agreement"): (
        "failed", "**By definition (documented).** Completeness is 1 whenever every class lies "
        "inside one cluster, e.g. the one-block prediction; it is meant to be read with "
        "homogeneity (V-measure passes)."),
    (_SK + "homogeneity_score", "zero_score"): (
        "failed", "**By definition (documented convention).** With a one-block truth H(T) = 0 and "
        "scikit-learn defines homogeneity as 1, so no prediction scores 0."),
    (_SK + "homogeneity_score", "degenerate"): (
        "failed", "**By definition (documented).** All singletons are perfectly homogeneous "
        "(every cluster holds one class): homogeneity 1, the maximum."),
    (_SK + "homogeneity_score", "max_agreement"): (
        "failed", "**By definition (documented).** Homogeneity is 1 for every refinement of the "
        "truth, e.g. all singletons; it is meant to be read with completeness."),
    (_SK + "fowlkes_mallows_score", "max_agreement"): (
        "failed", _FMI_BUG + " Identical partitions that put no two items together "
        "(n = 1, or all singletons) score 0.0, the worst value: the implementation returns 0 "
        "whenever TP = 0, conflating \"no agreeing pair\" with \"no pair at all\".  This "
        "contradicts its own docstring (\"perfect labelings ... have score 1.0\") and "
        "scikit-learn's ARI and Rand (1.0 there); an upstream fix is proposed "
        "(scikit-learn pull request 34625)."),
    (_SK + "fowlkes_mallows_score", "n_invariance"): (
        "failed", "**Bug for the minimal instance, by definition in general.** The smallest "
        "counterexample is the TP = 0 edge case above (n = 1 scores 0, two copies score 1); "
        "beyond it FMI is a pair-counting index and is not n-invariant anyway."),
    (_SK + "mutual_info_score", "degenerate"): (
        "failed", "**By definition.** Mutual information of the all-singletons prediction is "
        "H(T), its maximum over predictions; MI is not normalised."),
    (_SK + "normalized_mutual_info_score", "degenerate"): (
        "failed", "**By definition (known weakness).** NMI rewards the all-singletons prediction "
        "(2/3 here, above a one-block or mixed prediction); the reason adjusted indices exist "
        "(Vinh et al. 2010)."),
    (_SK + "v_measure_score", "degenerate"): (
        "failed", "**By definition.** V-measure equals arithmetic NMI, with the same weakness."),
    (_SK + "rand_score", "zero_score"): (
        "failed", "**By definition.** Rand counts agreeing pairs; for T = {0 1 | 2} every "
        "prediction agrees on at least one of the three pairs."),
    (_SK + "rand_score", "degenerate"): (
        "failed", "**By definition.** Rand is dominated by true-negative pairs, so all "
        "singletons (0.67) beat one block (0.33) against {0 1 | 2 3}."),
    (_SK + "rand_score", "n_invariance"): ("failed", _PAIRS_N),
    (_BC, "zero_score"): (
        "failed", "**By definition.** Every item shares its block with itself, so BCubed "
        "precision and recall are at least 1/n and F never reaches 0 — the ELM paper's "
        "motivation (its Theorem 1 prediction scores 0 only under ELM)."),
    (_BC, "degenerate"): (
        "failed", "**By definition.** BCubed gives all singletons credit for every item's "
        "self-pair (F = 2/3 for {0 1 | 2 3}), more than a discordant prediction; the ELM paper's "
        "section 3.2."),
}


#: Short titles of the implementation bugs, keyed by the start of their notes.
BUG_TITLES = {
    _MIXED[:40]: "scikit-learn's clustering metrics silently merge distinct labels of mixed "
                 "types such as `0` and `\"0\"`",
    _FMI_BUG: "`fowlkes_mallows_score` scores identical partitions without any pair together "
              "(n = 1, all singletons) 0.0 instead of 1.0",
    "**Bug for the minimal instance": "`fowlkes_mallows_score` scores identical partitions "
                                      "without any pair together (n = 1, all singletons) 0.0 "
                                      "instead of 1.0",
}


def _versions() -> Dict[str, str]:
    out = {}
    for dist in ("scikit-learn", "bcubed", "numpy"):
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
        dist = "bcubed package via metricprops.adapters" if module.startswith("metricprops") \
            else "scikit-learn"
        out.append(metric(_memoised(func), name=spec, citation=dist, **meta))
    return out


def generate(seed: int = DEFAULT_SEED, names: Optional[Sequence[str]] = None,
             constraints: Optional[Sequence[str]] = None,
             progress: Optional[Callable[[int, int, str, str], None]] = None,
             **settings: Any) -> Dict[str, Any]:
    """Run the audit; return the report as a JSON-ready dict (schema 1)."""
    from .checker import audit
    from .registry import constraint_names

    opts = {**DEFAULT_SETTINGS, **settings}
    metrics = targets(names)
    cons = list(constraints) if constraints is not None else constraint_names()
    result = audit(metrics, cons, seed=seed, progress=progress, **opts)
    data = result.to_json()
    return {"schema": 1, "seed": seed, "settings": data["settings"], "versions": _versions(),
            "metrics": [m.metadata() for m in metrics], "constraints": cons,
            "results": data["results"]}


def _describe(r: Dict[str, Any]) -> str:
    from .results import CheckResult
    fields = {k: r[k] for k in ("metric", "constraint", "status", "examples", "exhaustive_n",
                                "max_items", "seed", "counterexample", "tie", "error",
                                "message")}
    text = CheckResult(**fields).describe()
    shown = r.get("counterexample") or r.get("tie") or r.get("error") or {}
    if shown.get("detail"):
        text += f"\n  detail: {shown['detail']}"
    renamed = shown.get("renamed")
    if renamed:
        for side in ("truth", "pred"):
            text += (f"\n  renamed {side} ({renamed[side]['type']}): "
                     f"[{', '.join(renamed[side]['values'])}]")
    return text


def render_markdown(report: Dict[str, Any]) -> str:
    from .results import SYMBOLS

    results = report["results"]
    metrics = list(dict.fromkeys(r["metric"] for r in results))
    cons = list(dict.fromkeys(r["constraint"] for r in results))
    by_key = {(r["metric"], r["constraint"]): r for r in results}
    s = report["settings"]
    out = ["# Third-party audit: scikit-learn clustering metrics and the bcubed package", "",
           "Generated by `python -m metricprops.third_party --out reports` "
           f"(seed {report['seed']}; {s['max_examples']} random instances per pair after "
           f"every instance with at most {s['exhaustive_n']} items; random instances up to "
           f"{s['max_items']} items).  Versions: "
           + ", ".join(f"{k} {v}" for k, v in report["versions"].items()) + ".", "",
           "Declared metadata (from each library's documentation):", "",
           "| target | kind | bounds | perfect | symmetric |", "|---|---|---|---|---|"]
    for m in report["metrics"]:
        lo, hi = m["bounds"]
        out.append(f"| `{m['name']}` | {m['kind']} | [{'?' if lo is None else lo}, "
                   f"{'?' if hi is None else hi}] | {'?' if m['perfect'] is None else m['perfect']}"
                   f" | {m['symmetric']} |")
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
    bugs: Dict[str, List[str]] = {}
    for r in failed:
        note = NOTES.get((r["metric"], r["constraint"]))
        if note and note[0] == "failed" and "Bug" in note[1]:
            title = next(t for key, t in BUG_TITLES.items() if note[1].startswith(key))
            bugs.setdefault(title, []).append(
                f"`{r['metric'].split(':')[-1]}` × {r['constraint']}")
    out += ["", "## Summary", "",
            f"{len(failed)} failed pairs; {len(bugs)} implementation bugs behind "
            f"{sum(map(len, bugs.values()))} of them:", ""]
    out += [f"{i}. {title} ({', '.join(pairs)})." for i, (title, pairs) in
            enumerate(bugs.items(), 1)]
    out += ["", "The other failures follow from each metric's definition or documented "
            "conventions (judged one by one below).  Weak verdicts are ties: the constraint's "
            "strict inequality holds with equality on the instance shown.", "", "## Findings"]
    for r in results:
        if r["status"] in ("passed", "not_applicable"):
            continue
        out += ["", f"### `{r['metric']}` × {r['constraint']}: {r['status']}", "", "```",
                _describe(r), "```"]
        note = NOTES.get((r["metric"], r["constraint"]))
        if note and note[0] == r["status"]:
            out += ["", note[1]]
    na = [r for r in results if r["status"] == "not_applicable"]
    if na:
        out += ["", "## Not applicable", ""]
        out += [f"- `{r['metric']}` × {r['constraint']}: {r['message']}" for r in na]
    return "\n".join(out) + "\n"


def write_reports(out: Any = "reports", seed: int = DEFAULT_SEED, **kw: Any) -> Tuple[Path, Path]:
    """Write ``third-party.json`` and ``third-party.md`` into ``out``; return their paths."""
    report = generate(seed=seed, **kw)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    json_path, md_path = folder / "third-party.json", folder / "third-party.md"
    json_path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    md_path.write_text(render_markdown(report), encoding="utf-8")
    return json_path, md_path


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="reports")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--target", action="append", default=None,
                        help="Audit only this target (repeatable).")
    args = parser.parse_args(argv)
    from .commands.audit import Progress
    paths = write_reports(args.out, args.seed, names=args.target, progress=Progress())
    for p in paths:
        print(p)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
