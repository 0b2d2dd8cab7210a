"""Side-by-side timings of metricprops against its peers, in one run on one machine.

    pip install -e ".[bench]" && python benchmarks/bench_scores.py

Four tables are printed (best of a few repeats for fast calls, one run for slow ones):

1. ``metricprops.score(t, p)`` computing its default set (every built-in whose declared cost
   is at most n^2: all but smi, CEAF and the CoNLL F) from one contingency table against
   scikit-learn's seven non-AMI metrics called one by one, at n = 10^4 .. 10^7 with √n random
   blocks on each side;
2. our ``ami`` against ``sklearn.metrics.adjusted_mutual_info_score`` (n = 2·10^5, 450 blocks);
3. ``bcubed_f`` and ``elm_f`` alone at n = 10^7;
4. BCubed precision, recall and F (harmonic mean) against the ``bcubed`` package, at n = 10^3,
   10^4 and larger while one evaluation by the package is predicted to finish within
   ``--peer-limit`` seconds (it is quadratic in n).

Every table also prints the largest absolute difference between the two implementations.
This is a script, not a test: it asserts nothing, it reports.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from typing import Callable, List, Sequence, Tuple

import numpy as np

import metricprops as mp

SKLEARN_SEVEN = (
    ("adjusted_rand", "adjusted_rand_score"),
    ("rand", "rand_score"),
    ("nmi", "normalized_mutual_info_score"),
    ("homogeneity_score", "homogeneity_score"),
    ("completeness_score", "completeness_score"),
    ("v_measure", "v_measure_score"),
    ("fowlkes_mallows", "fowlkes_mallows_score"),
)


def best_of(func: Callable[[], object], repeats: int) -> Tuple[float, object]:
    """Smallest wall time over ``repeats`` calls (time.perf_counter) and the last result."""
    best, result = float("inf"), None
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def labels(rng: np.random.Generator, n: int, blocks: int) -> Tuple[np.ndarray, np.ndarray]:
    """Two independent random labelings (numpy int64) with ``blocks`` labels each."""
    return (rng.integers(0, blocks, size=n, dtype=np.int64),
            rng.integers(0, blocks, size=n, dtype=np.int64))


def fmt_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def table(title: str, header: Sequence[str], rows: List[Sequence[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print(f"\n{title}\n")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join(("-" * (w + 2)) if i == 0 else ("-" * (w + 1) + ":")
                         for i, w in enumerate(widths)) + "|")
    for r in rows:
        cols = [c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))]
        print("| " + " | ".join(cols) + " |")
    sys.stdout.flush()


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    import scipy
    import sklearn
    return (f"{cpu}, {os.cpu_count()} cores; Python {platform.python_version()}, "
            f"numpy {np.__version__}, scipy {scipy.__version__}, "
            f"scikit-learn {sklearn.__version__}, metricprops {mp.__version__}")


# -- 1. every built-in vs scikit-learn's seven -----------------------------------------------

def bench_all_builtins(rng, exponents, repeats):
    import sklearn.metrics as skm

    funcs = [(ours, getattr(skm, theirs)) for ours, theirs in SKLEARN_SEVEN]
    rows = []
    for e in exponents:
        n = 10 ** e
        blocks = int(round(n ** 0.5))
        t, p = labels(rng, n, blocks)
        ours_s, scores = best_of(lambda: mp.score(t, p), repeats)

        def sklearn_seven():
            return {name: float(f(t, p)) for name, f in funcs}

        theirs_s, theirs = best_of(sklearn_seven, repeats if n < 10**7 else 1)
        diff = max(abs(scores[k] - v) for k, v in theirs.items())
        rows.append([f"10^{e}", str(blocks), str(len(scores)), fmt_time(ours_s),
                     fmt_time(theirs_s), f"{theirs_s / ours_s:.1f}x", f"{diff:.1e}"])
    table("1. metricprops.score (its default set, one table) vs scikit-learn's 7 one by one",
          ["n", "blocks", "our metrics", "metricprops", "scikit-learn (7)", "ratio",
           "max abs diff"],
          rows)


# -- 2. AMI --------------------------------------------------------------------------------

def bench_ami(rng, repeats, n=200_000, blocks=450):
    from sklearn.metrics import adjusted_mutual_info_score

    t, p = labels(rng, n, blocks)
    ami = mp.get_metric("ami")
    ours_s, ours = best_of(lambda: ami(t, p), repeats)
    theirs_s, theirs = best_of(lambda: adjusted_mutual_info_score(t, p), max(1, repeats // 2))
    table("2. ami vs sklearn.metrics.adjusted_mutual_info_score",
          ["n", "blocks", "metricprops", "scikit-learn", "ratio", "abs diff"],
          [[f"{n:,}", str(blocks), fmt_time(ours_s), fmt_time(theirs_s),
            f"{theirs_s / ours_s:.1f}x", f"{abs(ours - theirs):.1e}"]])


# -- 3. per-element metrics at 10^7 ----------------------------------------------------------

def bench_per_element(rng, repeats, exponent=7):
    n = 10 ** exponent
    blocks = int(round(n ** 0.5))
    t, p = labels(rng, n, blocks)
    rows = []
    for name in ("bcubed_f", "elm_f"):
        m = mp.get_metric(name)
        secs, value = best_of(lambda: m(t, p), repeats)
        rows.append([name, f"10^{exponent}", str(blocks), fmt_time(secs), f"{value:.6f}"])
    table(f"3. one per-element metric, get_metric(name)(t, p), at n = 10^{exponent}",
          ["metric", "n", "blocks", "metricprops", "value"], rows)


# -- 4. BCubed vs the bcubed package ---------------------------------------------------------

def bench_bcubed_package(rng, repeats, limit):
    import bcubed

    names = ["bcubed_precision", "bcubed_recall", "bcubed_f_amigo"]
    rows = []
    sizes = [10**3, 10**4, 3 * 10**4, 10**5, 3 * 10**5]
    last = None  # (n, seconds) of the previous peer run
    for n in sizes:
        if n > 10**4 and last is not None:
            predicted = last[1] * (n / last[0]) ** 2
            if predicted > limit:
                print(f"\n(skipping the bcubed package at n = {n:,}: one evaluation is predicted "
                      f"to take {predicted:.0f} s > {limit:.0f} s)")
                break
        blocks = int(round(n ** 0.5))
        t, p = labels(rng, n, blocks)
        ours_s, ours = best_of(lambda: mp.score(t, p, names), repeats)
        # the package takes dicts item -> set of labels (its own input format: not timed)
        cdict = {i: {int(x)} for i, x in enumerate(p)}
        ldict = {i: {int(x)} for i, x in enumerate(t)}

        def peer():
            prec = bcubed.precision(cdict, ldict)
            rec = bcubed.recall(cdict, ldict)
            return {"bcubed_precision": float(prec), "bcubed_recall": float(rec),
                    "bcubed_f_amigo": float(bcubed.fscore(prec, rec))}

        theirs_s, theirs = best_of(peer, repeats if n <= 10**3 else 1)
        last = (n, theirs_s)
        diff = max(abs(ours[k] - theirs[k]) for k in names)
        rows.append([f"{n:,}", str(blocks), fmt_time(ours_s), fmt_time(theirs_s),
                     f"{theirs_s / ours_s:,.0f}x", f"{diff:.1e}"])
    table("4. BCubed precision + recall + F (harmonic mean) vs the bcubed package",
          ["n", "blocks", "metricprops", "bcubed package", "ratio", "max abs diff"], rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="repeats of fast calls; the best time is kept (default 3)")
    parser.add_argument("--max-exponent", type=int, default=7,
                        help="largest n = 10^k in tables 1 and 3 (default 7)")
    parser.add_argument("--peer-limit", type=float, default=60.0,
                        help="seconds one bcubed-package evaluation may take (default 60)")
    parser.add_argument("--only", choices=["all", "builtins", "ami", "per-element", "bcubed"],
                        default="all", help="run one table only")
    args = parser.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    print(f"machine: {machine()}")
    print(f"seed {args.seed}; best of {args.repeats} for fast calls, one run for slow ones")
    mp.score([0, 1, 1], [0, 0, 1])  # import and warm up once, outside the timings
    if args.only in ("all", "builtins"):
        bench_all_builtins(rng, range(4, args.max_exponent + 1), args.repeats)
    if args.only in ("all", "ami"):
        bench_ami(rng, args.repeats)
    if args.only in ("all", "per-element"):
        bench_per_element(rng, args.repeats, args.max_exponent)
    if args.only in ("all", "bcubed"):
        bench_bcubed_package(rng, args.repeats, args.peer_limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
