"""An audit's cost by how deep the caller's stack is, with and without room on the frame stack.

CPython 3.11 and 3.12 keep Python frames in 16 KiB chunks and free a chunk as soon as the
frame that opened it returns (CPython issue gh-142183): a loop whose callee falls past a
chunk's end maps and unmaps a chunk on every call.  Where an audit's loops fall depends on
the caller's depth (a test runner's stack, a notebook's).  The engine runs each check through
``metricprops.calls.with_stack_room``; ``plain`` runs the same audit with that frame taken out.

Each (mode, offset) runs in a fresh interpreter: an in-process audit (one job) of the first
``--metrics`` built-ins with the quick build's budget, called from under a frame that claims
``offset`` KiB of the frame stack (0, 1, ... 15 KiB: every place a 16 KiB chunk's end can
fall relative to the audit's loops).  Prints wall time, system CPU and minor page faults, and
the ratio plain / room.

    python benchmarks/bench_stack.py                 # offsets 0, 1, ..., 15 KiB
    python benchmarks/bench_stack.py --offsets 3 7 --metrics 10
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

import types

mode, offset, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
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


def below(run):
    return run()


# a frame of offset KiB (128 slots of 8 bytes a KiB): the audit's frames start that far on
pad = types.FunctionType(below.__code__.replace(co_stacksize=1 + 128 * offset), globals())
print(json.dumps(pad(audit)))
"""


def run(mode: str, offset: int, count: int) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, mode, str(offset), str(count)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--offsets", type=int, nargs="+", default=list(range(16)),
                        help="KiB of frame stack claimed above the audit")
    parser.add_argument("--metrics", type=int, default=4)
    args = parser.parse_args()
    print(f"{'KiB':>5}  {'plain wall':>10} {'sys':>6} {'faults':>8}   "
          f"{'room wall':>9} {'sys':>6} {'faults':>8}   plain/room")
    for offset in args.offsets:
        plain, room = run("plain", offset, args.metrics), run("room", offset, args.metrics)
        print(f"{offset:>5}  {plain['wall']:>9.2f}s {plain['sys']:>5.2f}s {plain['faults']:>8}   "
              f"{room['wall']:>8.2f}s {room['sys']:>5.2f}s {room['faults']:>8}   "
              f"{plain['wall'] / room['wall']:.2f}x")


if __name__ == "__main__":
    main()
