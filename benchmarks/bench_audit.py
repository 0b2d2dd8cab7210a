"""Benchmark of ``metricprops audit``: one built-in metric, then every built-in, against the
six constraints of the ELM paper with the default settings (200 random examples per pair,
exhaustive up to 5 items, random instances up to 30 items, 10 s per call).

Run from the project root::

    python benchmarks/bench_audit.py                  # elm_f, then all built-ins
    python benchmarks/bench_audit.py --metric bcubed_f --only one
    python benchmarks/bench_audit.py --only blackbox  # a plain function, every constraint
    python benchmarks/bench_audit.py --only goals     # issue 34's goals 1 and 2, base vs HEAD

``--only goals`` runs ``bench_overhead.py`` (``--base`` and ``--jobs`` go to it): the
cheap black box's audit against a plain loop of the calls it made (goal 1: at most 10x) and
the audit guide's quadratic metric (goal 2: at most 15 s), each with the base commit's code
and the checkout's, one after the other in fresh interpreters.

Targets: one metric < 30 s, all built-ins < 5 min; a default audit of one black-box metric
over every registered constraint (the scale phase, determinism, input immutability and
scaling included) < 30 s.  Reports wall and CPU time: on a shared
machine the wall time depends on the load, the CPU time of this single-process run is the
better measure of the work.  Asserts nothing; prints tables.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import metricprops  # noqa: E402
from metricprops.checker import audit  # noqa: E402
from metricprops.constraints import ELM_PAPER_CONSTRAINTS  # noqa: E402

ELM_PAPER = tuple(c.name for c in ELM_PAPER_CONSTRAINTS)

TARGET_ONE = 30.0
TARGET_ALL = 300.0


class Clock:
    """Per-pair wall and CPU times, from the audit's progress callback."""

    def __init__(self):
        self.wall = defaultdict(float)
        self.cpu = defaultdict(float)
        self._last = None

    def __call__(self, done, total, metric, constraint):
        now = (time.perf_counter(), time.process_time())
        if self._last is not None:
            (m, c), (w0, c0) = self._last
            self.wall[(m, c)] += now[0] - w0
            self.cpu[(m, c)] += now[1] - c0
        self._last = ((metric, constraint), now) if metric else None


def timed_audit(metrics, seed, constraints=ELM_PAPER, **kw):
    clock = Clock()
    wall, cpu = time.perf_counter(), time.process_time()
    result = audit(metrics, constraints, seed=seed, progress=clock, **kw)
    return result, time.perf_counter() - wall, time.process_time() - cpu, clock


def pair_counting_ari(labels_true, labels_pred):
    """A black-box metric as users write them: adjusted Rand from a dict contingency table."""
    from collections import Counter
    from math import comb
    n = len(labels_true)
    cells = Counter(zip(labels_true, labels_pred))
    rows, cols = Counter(labels_true), Counter(labels_pred)
    index = sum(comb(c, 2) for c in cells.values())
    a, b, total = (sum(comb(c, 2) for c in rows.values()),
                   sum(comb(c, 2) for c in cols.values()), comb(n, 2))
    expected = a * b / total if total else 0.0
    top = (a + b) / 2
    return 1.0 if top == expected else (index - expected) / (top - expected)


def blackbox(seed, in_process=False):
    """A default audit of one plain function over every registered constraint (in a worker
    process, the default; ``in_process``: here, so that this process's CPU time is the
    audit's work, which other jobs on the machine do not inflate)."""
    target = metricprops.metric(pair_counting_ari, bounds=(-0.5, 1), perfect=1, symmetric=True)
    names = [c.name for c in metricprops.list_constraints()]
    kw = {"isolate": False} if in_process else {}
    result, wall, cpu, clock = timed_audit(target, seed, names, **kw)
    print(f"one black-box metric (a plain-Python ARI) x {len(names)} constraints, default "
          f"settings: wall {wall:6.1f} s, cpu of this process {cpu:6.1f} s  "
          f"({verdict(wall, TARGET_ONE)})")
    for c in names:
        status = result.get(target.name, c).status
        print(f"  {c:<20} wall {clock.wall[(target.name, c)]:6.2f} s  {status}")


def verdict(elapsed, target):
    return f"{'within' if elapsed < target else 'OVER'} target {target:g} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=20261130, help="audit seed (default 20261130)")
    ap.add_argument("--metric", default="elm_f", help="the single metric timed (default elm_f)")
    ap.add_argument("--only", choices=["one", "all", "blackbox", "goals"], default=None,
                    help="run one part only (goals: not part of the default run)")
    ap.add_argument("--in-process", action="store_true",
                    help="blackbox: call the metric in this process (CPU time measurable)")
    ap.add_argument("--base", default=None,
                    help="goals: the earlier commit (default: bench_overhead.py's)")
    ap.add_argument("--jobs", type=int, default=1, help="goals: workers of each audit")
    args = ap.parse_args()
    if args.only == "goals":
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from bench_overhead import main as goals

        goals((["--base", args.base] if args.base else []) + ["--jobs", str(args.jobs)])
        return

    import hypothesis
    import numpy

    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}")
    try:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"load average at start: {load}")
    except OSError:  # pragma: no cover - not on every platform
        pass
    print(f"python {platform.python_version()}, numpy {numpy.__version__}, "
          f"hypothesis {hypothesis.__version__}, metricprops {metricprops.__version__}")
    print(f"seed {args.seed}; constraints: {', '.join(ELM_PAPER)}")
    print()

    if args.only in (None, "blackbox"):
        blackbox(args.seed, args.in_process)
        print()

    if args.only in (None, "one"):
        _, wall, cpu, clock = timed_audit([args.metric], args.seed)
        print(f"one metric ({args.metric}) x 6 constraints: wall {wall:6.1f} s, cpu {cpu:6.1f} s"
              f"  ({verdict(wall, TARGET_ONE)})")
        for c in ELM_PAPER:
            print(f"  {c:<18} wall {clock.wall[(args.metric, c)]:6.2f} s")
        print()

    if args.only in (None, "all"):
        names = [m.name for m in metricprops.list_metrics() if m.builtin]
        result, wall, cpu, clock = timed_audit(names, args.seed)
        print(f"all {len(names)} built-ins x 6 constraints ({len(result.results)} pairs): "
              f"wall {wall:6.1f} s, cpu {cpu:6.1f} s  ({verdict(wall, TARGET_ALL)})")
        per_metric = sorted(((sum(clock.wall[(m, c)] for c in ELM_PAPER), m)
                             for m in names), reverse=True)
        print("  slowest metrics (wall):")
        for seconds, m in per_metric[:8]:
            print(f"    {m:<20} {seconds:6.2f} s")
        per_constraint = {c: sum(clock.wall[(m, c)] for m in names) for c in ELM_PAPER}
        print("  per constraint (wall, summed over metrics):")
        for c, seconds in per_constraint.items():
            print(f"    {c:<20} {seconds:6.2f} s")
        counts = defaultdict(int)
        for r in result.results:
            counts[r.status] += 1
        print("  verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
