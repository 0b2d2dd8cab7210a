"""What a forked process's calls cost on its CPU clock, with and without a spinning pool thread.

OpenBLAS, told its number of threads in a forked process (``threadpoolctl``'s
``threadpool_limits(1)``), starts a pool thread first, and that thread spins on a core for a
while looking for work.  Its CPU time is the process's: a call timed on the process's CPU
clock (what the scale phase's ladders and the ``scaling`` property read) costs more while it
spins.  ``calls.one_native_thread`` now leaves alone a pool already on one thread (a worker's,
inherited by the scale phase's child), and the engine forks its workers with the auditing
process's pools on one thread (``calls.pools_narrowed``).

Each round forks a child from a process whose OpenBLAS pool ran on every core
(``numpy`` on 2+ cores), as a worker is forked from the auditing process:

* ``told``: the child calls ``threadpool_limits(1)`` (what the engine did before);
* ``left``: the child's pools were narrowed for the moment of the fork and it calls
  ``calls.one_native_thread()`` (what it does now).

Then it times the same plain-Python call (a loop over a list of 65,536 labels) 12 times in a
row, on its CPU clock and on the wall clock, and counts its threads.  Prints the median
CPU / wall ratio of the first calls (the first 0.1 s, while a spinner would spin) and of all.

    python benchmarks/bench_pool_threads.py            # 5 rounds of each
    python benchmarks/bench_pool_threads.py --rounds 10
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time

import numpy as np
from threadpoolctl import threadpool_info, threadpool_limits

from metricprops import calls

LABELS = list(np.arange(65536) % 7)


def _call() -> int:
    counts: dict = {}
    for label in LABELS:
        counts[label] = counts.get(label, 0) + 1
    return len(counts)


def _child(mode: str, write: int) -> None:
    if mode == "told":
        threadpool_limits(1)
    else:
        calls.one_native_thread()
    rows = []
    for _ in range(12):
        cpu, wall = time.process_time(), time.perf_counter()
        _call()
        rows.append((time.process_time() - cpu, time.perf_counter() - wall))
    os.write(write, json.dumps({"rows": rows,
                                "threads": len(os.listdir("/proc/self/task"))}).encode())
    os._exit(0)


def round_of(mode: str) -> dict:
    read, write = os.pipe()
    if mode == "left":
        with calls.pools_narrowed():
            pid = os.fork()
    else:
        pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        _child(mode, write)
    os.close(write)
    os.waitpid(pid, 0)
    with os.fdopen(read) as f:
        return json.loads(f.read())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    np.ones((256, 256)) @ np.ones((256, 256))  # the auditing process's pool runs
    widths = [p["num_threads"] for p in threadpool_info() if p["internal_api"] == "openblas"]
    print(f"OpenBLAS pools here: {widths}; load {os.getloadavg()[0]:.2f}")
    results: dict = {"told": [], "left": []}
    for _ in range(args.rounds):
        for mode in ("told", "left"):
            results[mode].append(round_of(mode))
    for mode, what in (("told", "threadpool_limits(1) in the child (before)"),
                       ("left", "pools narrowed at the fork, left alone (now)")):
        first = [cpu / wall for r in results[mode] for cpu, wall in r["rows"][:3] if wall]
        every = [cpu / wall for r in results[mode] for cpu, wall in r["rows"] if wall]
        threads = sorted({r["threads"] for r in results[mode]})
        print(f"{what}: threads {threads}; CPU / wall, first 3 calls: median "
              f"{statistics.median(first):.2f}, max {max(first):.2f}; all calls: median "
              f"{statistics.median(every):.2f}")


if __name__ == "__main__":
    main()
