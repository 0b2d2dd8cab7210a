"""An audit's cost by how deep the caller's stack is, with and without room on the frame stack.

CPython 3.11 and 3.12 keep Python frames in 16 KiB chunks and free a chunk as soon as the
frame that opened it returns (CPython issue gh-142183): a loop whose callee falls past a
chunk's end maps and unmaps a chunk on every call.  Where an audit's loops fall depends on
the caller's depth (a test runner's stack, a notebook's).  The engine runs each check through
``metricprops.calls.with_stack_room``; ``plain`` runs the same audit with that frame taken out.

Each (mode, depth) runs in a fresh interpreter: an in-process audit (one job) of the first
``--metrics`` built-ins with the quick build's budget, called from under ``depth`` extra
frames.  Prints wall time, system CPU and minor page faults, and the ratio plain / room.

    python benchmarks/bench_stack.py                 # depths 0, 10, 20, 26, 30, 34, 40
    python benchmarks/bench_stack.py --depths 30 34 --metrics 10
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
import metricprops as mp
from metricprops.engine import dispatch
from metricprops.registry import constraint_names, list_metrics

mode, depth, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if mode == "plain":
    dispatch.with_stack_room = lambda func, *args, **kwargs: func(*args, **kwargs)
metrics = [m for m in list_metrics() if m.builtin][:count]
# the quick build's budget, without the sympy proofs (seconds of one-off work)
cons = [c for c in constraint_names() if c not in ("scaling", "strong_monotonicity")]


def audit():
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    mp.audit(metrics, cons, seed=5, max_examples=5, exhaustive_n=3, max_items=8,
             scale_max_n=0, jobs=1)
    after = resource.getrusage(resource.RUSAGE_SELF)
    return {"wall": time.perf_counter() - start, "sys": after.ru_stime - before.ru_stime,
            "faults": after.ru_minflt - before.ru_minflt}


def below(k):
    return audit() if k == 0 else below(k - 1)


print(json.dumps(below(depth)))
"""


def run(mode: str, depth: int, count: int) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, mode, str(depth), str(count)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[0, 10, 20, 26, 30, 34, 40])
    parser.add_argument("--metrics", type=int, default=6)
    args = parser.parse_args()
    print(f"{'depth':>5}  {'plain wall':>10} {'sys':>6} {'faults':>8}   "
          f"{'room wall':>9} {'sys':>6} {'faults':>8}   plain/room")
    for depth in args.depths:
        plain, room = run("plain", depth, args.metrics), run("room", depth, args.metrics)
        print(f"{depth:>5}  {plain['wall']:>9.2f}s {plain['sys']:>5.2f}s {plain['faults']:>8}   "
              f"{room['wall']:>8.2f}s {room['sys']:>5.2f}s {room['faults']:>8}   "
              f"{plain['wall'] / room['wall']:.2f}x")


if __name__ == "__main__":
    main()
