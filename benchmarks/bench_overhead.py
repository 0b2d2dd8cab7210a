"""Benchmark of what a default audit costs beyond the metric's own calls, against an earlier
commit in the same run.

Two black-box metrics, audited as a user would (``metricprops audit FILE.py:NAME`` with
every registered constraint and the default settings, the scale phase included, one job
unless ``--jobs``),
each with the checkout's code and with the base commit's, one after the other:

* ``cheap``: a 15-line plain-Python Rand index computed from a dict contingency table
  (linear).  Every call the audit makes is recorded; the same calls are then replayed in a
  plain loop, and the ratio *audit wall time / plain-loop time of its calls* is printed
  (goal: at most 10).  The loop is timed twice: over every call (the scale phase's calls on
  131,072 items included) and over the calls on at most 30 items only.
* ``quadratic``: ``item_jaccard`` of ``docs/audit-a-metric.md`` (a set built per item:
  quadratic); its audit's wall time (goal: at most 15 s).

Run from the project root of a git checkout, with nothing else running::

    python benchmarks/bench_overhead.py                 # against b2eb650 (main, end of 2026-12-05)
    python benchmarks/bench_overhead.py --base 6abe1f0 --only cheap
    python benchmarks/bench_overhead.py --only quadratic --jobs 2   # as `metricprops audit`
    python benchmarks/bench_overhead.py --only cheap --ballast 3000000  # from a large process

``--ballast N``: the auditing process holds N small objects (dicts in a list) before the
audit, as a test run or a notebook does; the workers are forked from it.

Each version runs in a fresh interpreter whose ``sys.path`` starts with its own tree (the
base in a temporary ``git worktree``).  Prints the load average before each run; asserts
nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_versions import _worktree, remove_worktrees  # noqa: E402

DEFAULT_BASE = "b2eb650"  # main at the end of 2026-12-05 (the target phase cut, 36, 38)

METRICS = textwrap.dedent('''
    from collections import Counter


    def my_rand(labels_true, labels_pred):
        """Rand index from a dict contingency table, plain Python."""
        n = len(labels_true)
        if n < 2:
            return 1.0
        pairs = n * (n - 1) // 2
        cells = Counter(zip(labels_true, labels_pred))
        rows, cols = Counter(labels_true), Counter(labels_pred)
        same_both = sum(c * (c - 1) // 2 for c in cells.values())
        same_t = sum(c * (c - 1) // 2 for c in rows.values())
        same_p = sum(c * (c - 1) // 2 for c in cols.values())
        return (pairs + 2 * same_both - same_t - same_p) / pairs


    def item_jaccard(labels_true, labels_pred):
        """Mean over items of |true block & predicted block| / |true block | predicted block|."""
        n = len(labels_true)
        total = 0.0
        for e in range(n):
            t = {i for i in range(n) if labels_true[i] == labels_true[e]}
            h = {i for i in range(n) if labels_pred[i] == labels_pred[e]}
            total += len(t & h) / len(t | h)
        return total / n
''')

#: Run in each version's interpreter: audit one metric as ``metricprops audit`` does (every
#: constraint, default settings, one job, the metric in a worker process), recording its
#: calls in that process; then replay them here in a plain loop.
CHILD = r"""
import json, os, pickle, sys, tempfile, time
import metricprops as mp
name, folder, out, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
ballast = [{"i": i} for i in range(int(sys.argv[5]))]  # a large auditing process's objects
sys.path.insert(0, folder)
import bench_metrics
func = getattr(bench_metrics, name)
log = os.path.join(folder, name + ".calls")

def recorded(labels_true, labels_pred):
    with open(log, "ab") as f:
        pickle.dump((list(labels_true), list(labels_pred)), f)
    return func(labels_true, labels_pred)

recorded.__name__ = recorded.__qualname__ = name
kw = dict(bounds=(0, 1), perfect=1, symmetric=True)
# the quadratic metric is timed only: its calls (up to 131,072 items) are not kept
metric = mp.metric(recorded if name == "my_rand" else func, name=name, **kw)
names = [c.name for c in mp.list_constraints()]
start = time.perf_counter()
cpu = time.process_time()
children = os.times().children_user + os.times().children_system
try:
    from metricprops.settings import Run, defaults
    with defaults(run=Run(jobs=jobs)):
        result = mp.audit(metric, names, seed=1)
except ImportError:
    result = mp.audit(metric, names, seed=1, jobs=jobs)
wall = time.perf_counter() - start
cpu = (time.process_time() - cpu
       + os.times().children_user + os.times().children_system - children)
calls = []
if os.path.exists(log):
    with open(log, "rb") as f:
        while True:
            try:
                calls.append(pickle.load(f))
            except EOFError:
                break
def loop(chosen):
    t0 = time.perf_counter()
    for t, p in chosen:
        try:  # the calls the audit made, refusals (empty input) included
            func(t, p)
        except Exception:
            pass
    return time.perf_counter() - t0
small = [c for c in calls if len(c[0]) <= 30]
json.dump({"wall": wall, "cpu": cpu, "calls": len(calls), "small_calls": len(small),
           "loop": min(loop(calls) for _ in range(2)) if calls else 0.0,
           "small_loop": min(loop(small) for _ in range(3)) if small else 0.0,
           "statuses": {r.constraint: str(r.status) for r in result.results}}, open(out, "w"))
"""


def _run(tree: Path, name: str, folder: Path, jobs: int = 1, ballast: int = 0) -> dict:
    print(f"  load {os.getloadavg()[0]:.2f}: {name} with {tree.name} ...", flush=True)
    calls = folder / f"{name}.calls"
    if calls.exists():
        calls.unlink()
    out = folder / f"{tree.name}-{name}.json"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if subprocess.run([sys.executable, "-c", CHILD, name, str(folder), str(out), str(jobs),
                       str(ballast)],
                      env=env,
                      cwd=folder).returncode:
        sys.exit(f"the audit of {name} in {tree} failed")
    return json.loads(out.read_text())


def _show(label: str, r: dict, name: str) -> None:
    line = f"  {label:10s} audit wall {r['wall']:6.1f} s"
    if "cpu" in r:  # with the workers' CPU (the pool's, and the scale phase's children)
        line += f" (CPU {r['cpu']:.1f} s)"
    if name == "my_rand":
        line += f", {r['calls']:,} calls"
        line += (f"; plain loop of every call {r['loop']:.3f} s -> ratio "
                 f"{r['wall'] / r['loop']:.1f}x; of the {r['small_calls']:,} calls on <= 30 "
                 f"items {r['small_loop']:.3f} s -> {r['wall'] / r['small_loop']:.0f}x")
    print(line)


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default=DEFAULT_BASE, help=f"earlier commit ({DEFAULT_BASE})")
    ap.add_argument("--only", choices=["cheap", "quadratic"], default=None)
    ap.add_argument("--jobs", type=int, default=1,
                    help="worker processes of each audit (default 1; `metricprops audit` "
                         "uses one per core)")
    ap.add_argument("--ballast", type=int, default=0,
                    help="small objects the auditing process holds before the audit "
                         "(default 0; a test run holds a few hundred thousand to millions)")
    args = ap.parse_args(argv)
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}, "
          f"python {platform.python_version()}")
    names = {"cheap": "my_rand", "quadratic": "item_jaccard"}
    chosen = [names[args.only]] if args.only else list(names.values())
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        folder = tmp_path / "work"
        folder.mkdir()
        (folder / "bench_metrics.py").write_text(METRICS, encoding="utf-8")
        base = _worktree(args.base, tmp_path / "base")
        head = _worktree("HEAD", tmp_path / "head")
        try:
            for name in chosen:
                old = _run(base, name, folder, args.jobs, args.ballast)
                new = _run(head, name, folder, args.jobs, args.ballast)
                print(f"\n{name}: default audit, every constraint, {args.jobs} job(s)"
                      + (f", {args.ballast:,} objects held" if args.ballast else ""))
                _show(args.base, old, name)
                _show("HEAD", new, name)
                print(f"  wall {new['wall'] / old['wall']:.2f}x of the base"
                      + ("  (goal: ratio <= 10x)" if name == "my_rand" else
                         "  (goal: <= 15 s)"))
                changed = {c: (old["statuses"].get(c), s) for c, s in new["statuses"].items()
                           if old["statuses"].get(c) != s}
                print(f"  verdicts changed: {changed or 'none'}\n")
        finally:
            remove_worktrees(base, head)


if __name__ == "__main__":
    main()
