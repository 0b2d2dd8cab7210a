"""Benchmark of the audit engine (worker processes): what isolation costs, what every core
buys, and how fast the exhaustive phase goes per worker.

Run from the project root::

    python benchmarks/bench_engine.py                 # everything, default settings
    python benchmarks/bench_engine.py --quick         # smaller audits, a few minutes
    python benchmarks/bench_engine.py --only jobs

Three parts, each printing a ratio:

* ``isolation`` -- a default audit (every constraint, default budget) of a fast pure-Python
  metric (pair-counting Rand index in plain loops), in the auditing process
  (``isolate=False``) and in a worker process (the default for a metric that is not a
  built-in), one job each.  Target: isolated <= 1.25 x in-process.
* ``jobs`` -- the audit of every built-in metric against every constraint with ``--jobs 1``
  and ``--jobs 2``.  Target on a 2-core machine: >= 1.7 x (the JSON is the same).
* ``exhaustive`` -- one check's exhaustive phase (``max_examples=0``) for n = 3 .. 7: the
  instances checked and the throughput of one worker, which projects a run to a cluster.

Wall times depend on the machine's load, which is printed before and after; CPU times of
the auditing process and its workers are printed too.  Asserts nothing.
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import metricprops as mp  # noqa: E402
from metricprops.constraints import ELM_PAPER_CONSTRAINTS  # noqa: E402
from metricprops.registry import list_metrics  # noqa: E402

SEED = 20261201


@mp.metric(kind="similarity", bounds=(0, 1), perfect=1, symmetric=True)
def loop_rand(labels_true, labels_pred):
    """Rand index by counting agreeing pairs in plain Python (O(n^2), fast for small n)."""
    n = len(labels_true)
    if n < 2:
        return 1.0
    agree = 0
    for i in range(n):
        ti, pi = labels_true[i], labels_pred[i]
        for j in range(i + 1, n):
            agree += (ti == labels_true[j]) == (pi == labels_pred[j])
    return agree / (n * (n - 1) / 2)


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn):
    wall, cpu = time.perf_counter(), _cpu()
    value = fn()
    return value, time.perf_counter() - wall, _cpu() - cpu


def isolation(quick: bool) -> None:
    opts = dict(seed=SEED, jobs=1)
    cons = [c.name for c in ELM_PAPER_CONSTRAINTS] if quick else None
    if quick:
        opts["max_examples"] = 50
    here, w_here, c_here = timed(lambda: mp.audit(loop_rand, cons, isolate=False, **opts))
    there, w_there, c_there = timed(lambda: mp.audit(loop_rand, cons, **opts))
    same = here.dumps() == there.dumps()
    print(f"isolation ({'ELM-paper constraints, 50 examples' if quick else 'default audit'}"
          f", {len(here.results)} checks, {sum(r.calls for r in here.results)} calls):")
    print(f"  in-process   {w_here:7.2f} s wall {c_here:7.2f} s CPU")
    print(f"  worker       {w_there:7.2f} s wall {c_there:7.2f} s CPU")
    print(f"  ratio        {w_there / w_here:7.3f} x wall (target <= 1.25), same JSON: {same}")


def jobs(quick: bool) -> None:
    metrics = list_metrics()
    cons = None
    opts = dict(seed=SEED)
    if quick:
        metrics, cons = metrics[:8], [c.name for c in ELM_PAPER_CONSTRAINTS]
        opts["max_examples"] = 50
    one, w1, c1 = timed(lambda: mp.audit(metrics, cons, jobs=1, **opts))
    two, w2, c2 = timed(lambda: mp.audit(metrics, cons, jobs=2, **opts))
    print(f"jobs ({len(metrics)} built-ins, {len(one.results)} checks"
          f"{', ELM-paper constraints, 50 examples' if quick else ', default settings'}):")
    print(f"  --jobs 1     {w1:7.2f} s wall {c1:7.2f} s CPU")
    print(f"  --jobs 2     {w2:7.2f} s wall {c2:7.2f} s CPU")
    print(f"  ratio        {w1 / w2:7.3f} x (target >= 1.7 on 2 cores), same JSON: "
          f"{one.dumps() == two.dumps()}")


def exhaustive(quick: bool) -> None:
    print("exhaustive phase, one worker (elm_f x completeness, max_examples=0):")
    print("  n   instances    seconds   instances/s")
    for n in range(3, 6 if quick else 8):
        r, wall, _ = timed(lambda: mp.check("elm_f", "completeness", seed=SEED,
                                            max_examples=0, exhaustive_n=n, isolate=True))
        print(f"  {n}  {r.examples:10d} {wall:10.2f} {r.examples / wall:13.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller audits")
    parser.add_argument("--only", choices=["isolation", "jobs", "exhaustive"])
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    for part in (isolation, jobs, exhaustive):
        if args.only in (None, part.__name__):
            part(args.quick)
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
