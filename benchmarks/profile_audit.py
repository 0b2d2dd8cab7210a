"""Where one audit's CPU time goes, per phase: a cProfile of the audit run in this process.

Audits one metric (every registered constraint unless ``--constraints`` names some) with one
job and the metric called in this process (``Run(jobs=1, isolate=False)``, so the profile
sees the metric's calls and the search's work in one place), then prints the CPU seconds of
each phase and of what inside them costs most::

    python benchmarks/profile_audit.py                       # the plain-Python Rand index
    python benchmarks/profile_audit.py --metric ceaf_e_f --seed 20261130
    python benchmarks/profile_audit.py --metric smi --constraints monotonicity --top 20

The phases overlap nowhere except the last two lines (the metric's calls happen inside the
phases; hypothesis' draws inside the random phase).  ``--dump FILE`` keeps the profile for
``python -m pstats FILE``.  The figures are CPU seconds of a profiled run: about twice the
unprofiled time, and useful only to compare phases or two versions in one run on a loaded
machine.  Asserts nothing.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Dict, List, Tuple

import metricprops as mp
from metricprops.settings import Run, defaults


def _cheap_metric():
    """``bench_overhead``'s cheap metric (a plain-Python Rand), from its source there."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_overhead import METRICS

    namespace: Dict[str, object] = {}
    exec(METRICS, namespace)  # the module's own source text of the bench metrics
    return namespace["my_rand"]


#: (label, file ending, function name): the functions whose cumulative time is a phase
PHASES: List[Tuple[str, str, str]] = [
    ("exhaustive phase", "search/core.py", "run_exhaustive"),
    ("random phase (hypothesis)", "search/core.py", "run_random"),
    ("  of which: target phase (optimiser)", "conjecture/engine.py", "optimise_targets"),
    ("  of which: strategy draws", "hypothesis/control.py",
     "prep_args_kwargs_from_strategies"),
    ("minimisation", "search/core.py", "minimise_findings"),
    ("replay of violations", "search/core.py", "replay_findings"),
    ("scale phase", "search/core.py", "run_scale"),
    ("the metric's calls (with their timer)", "metricprops/calls.py", "_armed_call"),
]


def phase_seconds(stats: pstats.Stats) -> Dict[str, Tuple[float, int]]:
    """Cumulative seconds and call count of each phase's function (0 when never called)."""
    out = {label: (0.0, 0) for label, _, _ in PHASES}
    for (path, _line, func), (_cc, calls, _tt, cum, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        for label, ending, name in PHASES:
            if func == name and path.replace("\\", "/").endswith(ending):
                seconds, count = out[label]
                out[label] = (seconds + cum, count + calls)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--metric", default="my_rand",
                    help="a built-in metric's name, or my_rand (default)")
    ap.add_argument("--constraints", nargs="*", default=None, help="default: every one")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=12, help="functions listed by own time")
    ap.add_argument("--dump", default=None, help="write the profile to this file")
    args = ap.parse_args()

    if args.metric == "my_rand":
        metric = mp.metric(_cheap_metric(), name="my_rand", bounds=(0, 1), perfect=1,
                           symmetric=True)
    else:
        metric = mp.get_metric(args.metric)
    names = args.constraints or [c.name for c in mp.list_constraints()]
    profile = cProfile.Profile()
    cpu = time.process_time()
    with defaults(run=Run(jobs=1, isolate=False)):
        profile.enable()
        result = mp.audit(metric, names, seed=args.seed)
        profile.disable()
    cpu = time.process_time() - cpu
    if args.dump:
        profile.dump_stats(args.dump)

    stats = pstats.Stats(profile)
    print(f"{args.metric}, {len(names)} constraints, seed {args.seed}: "
          f"{cpu:.1f} s CPU (profiled)")
    for label, (seconds, count) in phase_seconds(stats).items():
        print(f"  {label:42s} {seconds:7.2f} s {100 * seconds / cpu:5.1f} %  ({count:,} calls)")
    statuses = Counter(str(r.status) for r in result.results)
    print("  verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    if args.top:
        stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
