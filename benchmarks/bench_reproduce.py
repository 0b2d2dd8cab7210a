"""Benchmark of the consecutive-partition engine behind ``metricprops reproduce elm-paper``.

Run from the project root::

    python benchmarks/bench_reproduce.py            # components, projected to 8,192 truths
    python benchmarks/bench_reproduce.py --full     # plus the full section 3.4, 1 and 2 workers

Reports wall and CPU time (CPU includes finished worker processes).  On a shared machine the
wall time depends on the load; the CPU time is the better measure of the work.  The script
re-executes itself with the glibc malloc settings that the reproduction's worker processes
use (keep freed memory instead of unmapping it), so in-process timings are representative.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from metricprops.reproduce import consecutive as eng  # noqa: E402
from metricprops.reproduce import elm_paper  # noqa: E402
from metricprops.reproduce.concordance import concordance  # noqa: E402

N = 14
M = eng.n_partitions(N)


_MALLOC = {"MALLOC_MMAP_THRESHOLD_": str(256 << 20), "MALLOC_TRIM_THRESHOLD_": str(256 << 20)}


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn, *args, **kwargs):
    wall, cpu = time.perf_counter(), _cpu()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - wall, _cpu() - cpu


def main() -> None:
    if sys.platform.startswith("linux") and any(k not in os.environ for k in _MALLOC):
        os.execve(sys.executable, [sys.executable] + sys.argv, {**os.environ, **_MALLOC})
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--truths", type=int, default=512, help="truths in the component sample")
    ap.add_argument("--full", action="store_true", help="also time the full section 3.4")
    args = ap.parse_args()

    truths = np.arange(args.truths)
    scale = M / args.truths
    rows = []

    (x, y), w, c = timed(lambda: (eng.score_numerators(N, truths, "bcubed_f"),
                                  eng.score_numerators(N, truths, "elm_f")))
    rows.append(("scores, both metrics (prefix recursion)", w, c, scale))
    _, w, c = timed(eng.score_numerators_matmul, N, truths[:128], "bcubed_f")
    rows.append(("scores, one metric (incidence matmul, 128 truths)", w, c, M / 128 * 2))

    chunks = [slice(i, i + elm_paper.CHUNK) for i in range(0, args.truths, elm_paper.CHUNK)]
    _, w, c = timed(lambda: [concordance(x[s], y[s]) for s in chunks])
    rows.append(("concordance counts (ours, O(M log M) vectorised)", w, c, scale))

    from scipy.stats import kendalltau
    k = min(64, args.truths)
    _, w, c = timed(lambda: [kendalltau(x[r], y[r]) for r in range(k)])
    rows.append(("scipy.stats.kendalltau, per truth (tau only)", w, c, M / k))

    _, w, c = timed(lambda: [elm_paper._chunk_task((N, truths[s].tolist(),
                                                    elm_paper.SCORE_BINS)) for s in chunks])
    rows.append(("whole per-chunk task (scores+counts+histograms)", w, c, scale))

    print(f"consecutive partitions of {N} items: {M:,} truths x {M:,} predictions; "
          f"sample of {args.truths} truths, projected to all {M:,}")
    print(f"{'component':<52} {'wall s':>8} {'cpu s':>8} {'proj. wall':>11} {'proj. cpu':>10}")
    for name, w, c, f in rows:
        print(f"{name:<52} {w:>8.3f} {c:>8.3f} {w * f:>11.1f} {c * f:>10.1f}")

    if args.full:
        print()
        for workers in (1, 2):
            res, w, c = timed(elm_paper.section_3_4, workers=workers)
            r = res["result"]
            print(f"full section 3.4, {workers} worker(s): wall {w:.1f} s, cpu {c:.1f} s; "
                  f"swapped {r['pairs']['discordant']:,} of {r['pairs']['pairs']:,}")
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())} "
          f"on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
