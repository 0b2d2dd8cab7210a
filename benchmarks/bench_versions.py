"""Benchmark of the built-in audit against an earlier commit of metricprops: the same work
(the metrics and constraints the earlier commit has, default settings, the report's seed)
timed with each version's own code, side by side, and the pairs whose time changed most.

Run from the project root of a git checkout::

    python benchmarks/bench_versions.py                     # 0c5f967 against the checkout
    python benchmarks/bench_versions.py --base 0c5f967 --jobs 2
    python benchmarks/bench_versions.py --cells             # also one job each, per pair
    python benchmarks/bench_versions.py --base be6fcd2 --quick --jobs 1 --cells
    python benchmarks/bench_versions.py --base 78a11e0 --plan clusim --targets 6

``--plan NAME`` times a shipped plan instead (its first ``--targets`` targets, default 6,
with the plan's settings and seed; run it with an interpreter that has the library).
Each version runs in its own ``git worktree`` (made in a temporary folder and removed at the
end) in a fresh interpreter whose ``sys.path`` starts with that tree.  The base runs first;
its metric and constraint names restrict the checkout's run.  ``--cells`` then runs both
versions at once with one job each (one core each) and with per-pair timings, and prints the
15 pairs whose time grew most.  ``--quick`` times the audit of a quick report build instead (what
the test suite's two quick builds spend most of their time on): its tiny budget, its seed 5
and every constraint but ``scaling``.  Target (issues 24 and 26): the checkout within 1.25x of
the base.  Prints the machine's load before each run; asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BASE = "0c5f967"  # the commit whose report took 4 min 35 s (2026-12-02)

#: Run inside each version's interpreter: time the audit, write names, times and results.
CHILD = r"""
import json, resource, sys, time
import metricprops as mp
from metricprops.registry import list_metrics, list_constraints
from metricprops.settings import REPORT_SEED
names, jobs, out = json.loads(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
knobs = json.loads(sys.argv[4])
seed, left_out = knobs.pop("seed", REPORT_SEED), knobs.pop("left_out", [])
metrics = [m for m in list_metrics() if m.builtin
           and (names is None or m.name in names["metrics"])]
cons = [c for c in list_constraints() if c.name not in left_out and (
        names is None or names["constraints"] is None or c.name in names["constraints"])]
plan = knobs.pop("plan", None)
if plan:  # a shipped plan's first targets, with its own settings and seed
    import dataclasses
    from metricprops.plans.plan import load_plan, run_plan
    from metricprops.settings import Run
    plan = load_plan(plan)
    plan = dataclasses.replace(plan, targets=plan.targets[:knobs.pop("targets")])
start = time.time()
if plan:
    res = run_plan(plan, run=Run(jobs=jobs), timings=True)
else:
    try:
        from metricprops.settings import Run, defaults
        with defaults(run=Run(jobs=jobs)):
            res = mp.audit(metrics, cons, seed=seed, timings=True, **knobs)
    except ImportError:  # before settings.Run (2026-12-02): jobs was an argument
        res = mp.audit(metrics, cons, seed=seed, jobs=jobs, timings=True, **knobs)
wall = time.time() - start
cpu = sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                             resource.getrusage(resource.RUSAGE_CHILDREN)))
json.dump({"metrics": list(dict.fromkeys(r.metric for r in res.results)),  # audited, in order
           "constraints": list(dict.fromkeys(r.constraint for r in res.results)),
           "wall": wall, "cpu": cpu,
           "seconds": {f"{r.metric}|{r.constraint}": r.seconds for r in res.results}},
          open(out, "w"))
"""


def _worktree(commit: str, where: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(where),
                    commit], check=True)
    inner = where / "metricprops" / "constraints"
    if not inner.exists():  # the catalog is mapped by setuptools, not linked, since 12-02
        inner.symlink_to(Path("..") / "constraints")
    return where


def remove_worktrees(*trees: Path) -> None:
    """Remove the worktrees :func:`_worktree` made (whatever state the run left them in)."""
    for tree in trees:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                       check=False)


#: The built-in audit of ``metricprops report --quick --seed 5`` (``report.build_reports``).
QUICK = {"seed": 5, "max_examples": 5, "exhaustive_n": 3, "max_items": 8, "scale_max_n": 0,
         "left_out": ["scaling"]}


def _start(tree: Path, names, jobs: int, out: Path, knobs: dict) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.Popen([sys.executable, "-c", CHILD, json.dumps(names), str(jobs),
                             str(out), json.dumps(knobs)], env=env, cwd=tempfile.gettempdir())


def _run(tree: Path, names, jobs: int, out: Path, knobs: dict) -> dict:
    print(f"  load {os.getloadavg()[0]:.2f}: {tree.name} with --jobs {jobs} ...", flush=True)
    if _start(tree, names, jobs, out, knobs).wait():
        sys.exit(f"the run in {tree} failed")
    return json.loads(out.read_text())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default=DEFAULT_BASE, help=f"earlier commit ({DEFAULT_BASE})")
    ap.add_argument("--jobs", type=int, default=2, help="workers of the timed runs (2)")
    ap.add_argument("--cells", action="store_true", help="also per pair, one job each")
    ap.add_argument("--metric", action="append", default=None,
                    help="only this built-in (repeatable; a smoke run of the script)")
    ap.add_argument("--quick", action="store_true",
                    help="the quick report build's audit (its budget and seed), not defaults")
    ap.add_argument("--plan", default=None, help="a shipped plan's audit, not the built-ins'")
    ap.add_argument("--targets", type=int, default=6, help="the plan's first N targets (6)")
    args = ap.parse_args()
    knobs = QUICK if args.quick else {}
    if args.plan:
        knobs = {"plan": args.plan, "targets": args.targets}
    chosen = None if args.metric is None else {"metrics": args.metric, "constraints": None}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        base = _worktree(args.base, tmp_path / "base")
        head = _worktree("HEAD", tmp_path / "head")
        try:
            old = _run(base, chosen, args.jobs, tmp_path / "old.json", knobs)
            names = {"metrics": old["metrics"], "constraints": old["constraints"]}
            new = _run(head, names, args.jobs, tmp_path / "new.json", knobs)
            what = (f"plan {args.plan}: " if args.plan else "") + (
                f"{len(old['metrics'])} metrics x {len(old['constraints'])} constraints")
            print(f"\n{what}, --jobs {args.jobs}"
                  f"{', the quick build budget' if args.quick else ''}:")
            for label, r in ((args.base, old), ("HEAD", new)):
                print(f"  {label:10s} wall {r['wall']:7.1f} s   CPU {r['cpu']:7.1f} s")
            print(f"  ratio      wall {new['wall'] / old['wall']:.2f}x   "
                  f"CPU {new['cpu'] / old['cpu']:.2f}x   (target <= 1.25x)")
            if args.cells:
                outs = (tmp_path / "old1.json", tmp_path / "new1.json")
                print(f"\n  load {os.getloadavg()[0]:.2f}: both versions at once, one job each")
                procs = [_start(base, names, 1, outs[0], knobs),
                         _start(head, names, 1, outs[1], knobs)]
                if any(p.wait() for p in procs):
                    sys.exit("a per-pair run failed")
                o1, n1 = (json.loads(p.read_text())["seconds"] for p in outs)
                total = (sum(v or 0 for v in o1.values()), sum(v or 0 for v in n1.values()))
                print(f"  sum of per-pair seconds: {total[0]:.1f} s -> {total[1]:.1f} s "
                      f"({total[1] / total[0]:.2f}x); the 15 pairs whose time grew most:")
                for k in sorted(o1, key=lambda k: (o1[k] or 0) - (n1[k] or 0))[:15]:
                    print(f"    {k:45s} {o1[k] or 0:7.2f} s -> {n1[k] or 0:7.2f} s")
        finally:
            remove_worktrees(base, head)


if __name__ == "__main__":
    main()
