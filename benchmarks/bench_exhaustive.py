"""Benchmark of big exhaustive runs: one check's exhaustive phase split over the workers.

Run from the project root::

    python benchmarks/bench_exhaustive.py                    # n = 5, 6, 7 (a quarter hour)
    python benchmarks/bench_exhaustive.py --max-n 6          # n = 5, 6 (about a minute)
    python benchmarks/bench_exhaustive.py --max-n 8          # adds n = 8 (hours: see below)

One check (default ``elm_f`` x ``homogeneity``, ``max_examples=0`` and ``scale_max_n=0``:
the exhaustive phase alone, in a worker process in every run), for each n with ``--jobs 1``
and ``--jobs 2`` (``--jobs 1 2 4``: other counts).  Per n it prints the instances checked;
the chunks the phase was split into (1: not split, as for n = 5: a small phase); the
wall and CPU time of each run; the ratio of the wall times (target on an idle 2-core
machine: close to 2 once the phase is split); whether the JSON is the same (it must be);
and the throughput per worker (instances per second per worker).  The one-worker
throughput projects a run to a cluster: W workers take about ``instances / (throughput x
W)`` seconds once the phase is split into at least as many chunks as workers
(:mod:`metricprops.search.chunks`).  Before n = 8 the script prints that projection for one
worker and stops unless given ``--yes`` (the instances grow about 25-fold a step for
homogeneity, 19-fold for completeness).

Wall times depend on the machine's load, which is printed before and after; CPU times
include the worker processes.  Asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import metricprops as mp  # noqa: E402
from metricprops.registry import get_constraint, get_metric  # noqa: E402
from metricprops.search.chunks import chunk_plan  # noqa: E402

SEED = 20261201
#: Instances of the next n per instance of this one (homogeneity: 2,221,268 of 7 items
#: against 90,637 of 6; completeness grows about 19-fold).
GROWTH = 25


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def one_run(metric: str, constraint: str, n: int, jobs: int):
    """The check's result, wall seconds and CPU seconds."""
    wall, cpu = time.perf_counter(), _cpu()
    result = mp.check(metric, constraint, seed=SEED, max_examples=0, exhaustive_n=n,
                      scale_max_n=0, jobs=jobs, isolate=True)
    return result, time.perf_counter() - wall, _cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--metric", default="elm_f")
    parser.add_argument("--constraint", default="homogeneity")
    parser.add_argument("--min-n", type=int, default=5)
    parser.add_argument("--max-n", type=int, default=7)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2],
                        help="worker counts to time (default: 1 2)")
    parser.add_argument("--yes", action="store_true", help="run n = 8 whatever it takes")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}; {args.metric} x {args.constraint}, "
          f"exhaustive phase only")
    print(f"{'n':>2} {'instances':>10} {'jobs':>4} {'chunks':>6} {'wall s':>9} {'CPU s':>9} "
          f"{'inst/s/worker':>13} {'ratio':>6}  same JSON")
    last, rate = 0, None
    for n in range(args.min_n, args.max_n + 1):
        if n >= 8 and not args.yes:
            if rate:
                print(f"n = {n}: about {last * GROWTH:,.0f} instances, "
                      f"{last * GROWTH / rate / 3600:.1f} h on one worker at {rate:,.0f} "
                      f"instances/s; rerun with --yes to time it")
            else:
                print(f"n = {n} takes hours: time n = 7 first, or give --yes")
            break
        runs = [(jobs, *one_run(args.metric, args.constraint, n, jobs)) for jobs in args.jobs]
        base_json, base_wall = json.dumps(runs[0][1].to_json()), runs[0][2]
        for jobs, result, wall, cpu in runs:
            per_worker = result.examples / wall / jobs
            ratio = base_wall / wall
            plan = chunk_plan(get_metric(args.metric), get_constraint(args.constraint), n, jobs)
            chunks = len(plan) if plan else 1
            same = json.dumps(result.to_json()) == base_json
            print(f"{n:>2} {result.examples:>10,} {jobs:>4} {chunks:>6} {wall:>9.2f} {cpu:>9.2f} "
                  f"{per_worker:>13,.0f} {ratio:>5.2f}x  {same}")
        last, rate = runs[0][1].examples, runs[0][1].examples / base_wall
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
