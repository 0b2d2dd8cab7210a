"""Did a change lose a verdict?  Record the verdicts and findings of a few audits, then compare
two recordings cell by cell.

Run the same ``record`` at two versions (two checkouts, or before and after a change), then
``diff`` the two files::

    python benchmarks/compare_verdicts.py record before.json --metrics my_rand ami_min smi
    python benchmarks/compare_verdicts.py record after.json --metrics my_rand ami_min smi
    python benchmarks/compare_verdicts.py diff before.json after.json

``record`` audits each metric (a built-in's name, or ``my_rand``: ``profile_audit``'s
plain-Python Rand index) with the report's seed (20261130) and default budgets, every
registered constraint unless ``--constraints`` names some, and writes each check's JSON
form without timings.  ``diff`` prints one line per cell whose verdict or findings differ
(what each side found: each finding's kind, input class and size in items) and exits 1 when
a cell was failed before and is not any more.  Measures nothing; the recording is seconds to
minutes per metric.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

REPORT_SEED = 20261130


def record(out: Path, metrics: List[str], constraints: List[str], seed: int,
           jobs: int = 1) -> None:
    """Audit the metrics (``jobs`` workers) and write ``{metric: {constraint: check JSON}}``
    to ``out``."""
    from profile_audit import _cheap_metric

    import metricprops as mp
    from metricprops.settings import Run

    names = constraints or [c.name for c in mp.list_constraints()]
    audited = [mp.metric(_cheap_metric(), name="my_rand", bounds=(0, 1), perfect=1,
                         symmetric=True) if name == "my_rand" else mp.get_metric(name)
               for name in metrics]
    result = mp.audit(audited, names, seed=seed, run=Run(jobs=jobs))
    cells: Dict[str, Dict[str, Any]] = {}
    for r in result.results:
        cells.setdefault(r.metric, {})[r.constraint] = r.to_json()
    print(f"  {len(metrics)} metrics x {len(names)} constraints: {len(result.results)} checks",
          flush=True)
    out.write_text(json.dumps(cells, indent=1, sort_keys=True, default=str))


def _summary(cell: Dict[str, Any]) -> Tuple[str, Tuple[str, ...]]:
    """A cell's verdict and its findings as (kind, size) words, the part a change must keep."""
    found = []
    for f in cell.get("findings") or []:
        found.append(f"{f.get('kind')}:{f.get('input')}@{f.get('items')}")
    return cell["status"], tuple(sorted(found))


def diff(before: Path, after: Path) -> int:
    """Print every cell that differs; 1 when a failed cell is failed no more, else 0."""
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    lost, changed = 0, 0
    for metric in sorted(set(a) | set(b)):
        for constraint in sorted(set(a.get(metric, {})) | set(b.get(metric, {}))):
            old, new = a.get(metric, {}).get(constraint), b.get(metric, {}).get(constraint)
            if old is None or new is None:
                print(f"{metric} x {constraint}: only in {'after' if old is None else 'before'}")
                changed += 1
                continue
            if _summary(old) == _summary(new):
                continue
            changed += 1
            (s1, f1), (s2, f2) = _summary(old), _summary(new)
            lost += s1 == "failed" and s2 != "failed"
            print(f"{metric} x {constraint}: {s1} -> {s2}; findings {list(f1)} -> {list(f2)}")
    cells = sum(len(v) for v in b.values())
    print(f"{changed} of {cells} cells differ; {lost} failed before and not after")
    return 1 if lost else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="audit and write the verdicts")
    rec.add_argument("out", type=Path)
    rec.add_argument("--metrics", nargs="+", default=["my_rand"])
    rec.add_argument("--constraints", nargs="*", default=[])
    rec.add_argument("--seed", type=int, default=REPORT_SEED)
    rec.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    dif = sub.add_parser("diff", help="compare two recordings")
    dif.add_argument("before", type=Path)
    dif.add_argument("after", type=Path)
    args = ap.parse_args()
    if args.command == "record":
        record(args.out, args.metrics, args.constraints, args.seed, args.jobs)
    else:
        sys.exit(diff(args.before, args.after))


if __name__ == "__main__":
    main()
