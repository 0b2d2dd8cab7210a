"""Reading two large label files: time and peak memory, metricprops next to numpy and pandas.

    python benchmarks/bench_labels.py                 # n = 10^7, sqrt(n) labels a side
    python benchmarks/bench_labels.py --n 1000000     # a quicker check

Two files of ``--n`` lines (labels ``c0`` .. ``c{k-1}``, k = sqrt(n), seeded) are written to a
temporary folder (by a child process, so that this script stays small).  Every row then runs
in a fresh Python process, so that its peak memory is its own: the child's high-water resident
set size (``VmHWM`` in ``/proc/self/status``, read by the child as it ends; it starts at the
child's ``exec``, whereas ``ru_maxrss`` would also count the parent's pages at ``fork`` time).
It includes the interpreter and its imports: the "python + numpy" row is that floor.  "wall" is
the child's whole run as seen by the parent (start-up, imports, reading, scoring); "read" is the
reading alone, timed inside the child with ``time.perf_counter``.  The command-line rows run
``metricprops.cli.main`` -- what the ``metricprops`` script runs -- in such a child.

Rows:

* ``metricprops score T P -m rand`` and ``metricprops score T P`` (its default set: every
  built-in whose declared cost is at most n^2): the command line end to end, as a user runs it;
* ``read_label_codes`` x 2: metricprops' streaming reader (integer codes, never a list of
  n strings), both files;
* ``read_text + splitlines + codes`` x 2: the reader metricprops had before (a list of n
  strings), then the integer codes ``score`` made of it (one hashing pass in Python);
* ``numpy.loadtxt(dtype=str) + unique``: numpy's text reader, then integer codes;
* ``pandas.read_csv(dtype=str) + factorize``: pandas' C reader, then integer codes (pandas is
  needed for this row only: ``pip install pandas``; the row is skipped without it).

This is a script, not a test: it asserts nothing, it reports.  Run it on a quiet machine
(``uptime``: load well under the number of cores).

The figures measured for the project, with the machine, load and date, are in
``benchmarks/README.md``.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from typing import List, Optional, Tuple

import numpy as np

READERS = {
    "python + numpy (start-up floor)": """
import time, numpy
t = time.perf_counter()
""",
    "read_label_codes x 2 (metricprops)": """
import time
from metricprops.cli.labels_io import read_label_codes
t = time.perf_counter()
a = read_label_codes(TRUTH); b = read_label_codes(PRED)
assert len(a) == len(b) == N
""",
    "read_text + splitlines + codes x 2 (previous)": """
import time
from pathlib import Path
from metricprops.partition import as_partition
t = time.perf_counter()
a = [x.strip() for x in Path(TRUTH).read_text(encoding="utf-8").splitlines()]
b = [x.strip() for x in Path(PRED).read_text(encoding="utf-8").splitlines()]
codes = [as_partition(a).codes, as_partition(b).codes]  # what score() did with the lists
assert len(a) == len(b) == N
""",
    "numpy.loadtxt(dtype=str) + unique x 2": """
import time, numpy as np
t = time.perf_counter()
codes = [np.unique(np.loadtxt(p, dtype=str, comments=None, delimiter=","),
                   return_inverse=True)[1] for p in (TRUTH, PRED)]
assert len(codes[0]) == len(codes[1]) == N
""",
    "pandas.read_csv(dtype=str) + factorize x 2": """
import time, pandas as pd
t = time.perf_counter()
codes = [pd.factorize(pd.read_csv(p, header=None, dtype=str, keep_default_na=False,
                                  engine="c")[0])[0] for p in (TRUTH, PRED)]
assert len(codes[0]) == len(codes[1]) == N
""",
}
TAIL = """
import json
print(json.dumps({"read": time.perf_counter() - t, "hwm_kib": _hwm()}))
"""
#: Read by every child as it ends: its own peak resident set size (KiB), None off Linux.
HWM = """
def _hwm():
    try:
        with open("/proc/self/status") as fh:
            return next(int(l.split()[1]) for l in fh if l.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return None
"""
#: A command line run as the ``metricprops`` script runs it (``ARGS`` set before).
CLI = """
import json, time
from metricprops.cli import main
t = time.perf_counter()
try:
    main(ARGS)
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps({"read": None, "hwm_kib": _hwm()}))
"""
GENERATE = """
import sys
import numpy as np
n, blocks, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(seed)
for path in sys.argv[4:]:
    with open(path, "w", encoding="utf-8") as fh:
        for start in range(0, n, 10**6):
            values = rng.integers(0, blocks, size=min(10**6, n - start))
            fh.write("".join(f"c{v}\\n" for v in values.tolist()))
"""


def write_files(folder: str, n: int, blocks: int, seed: int) -> Tuple[str, str]:
    """Two label files of ``n`` lines, written by a child process."""
    paths = [os.path.join(folder, name) for name in ("truth.txt", "pred.txt")]
    subprocess.run([sys.executable, "-c", GENERATE, str(n), str(blocks), str(seed), *paths],
                   check=True)
    return paths[0], paths[1]


def measure(argv: List[str]) -> Tuple[float, Optional[float], Optional[float], str]:
    """(wall s, peak MiB, in-child read s or None, error) of one child process."""
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True)
    wall = time.perf_counter() - start
    if done.returncode:
        return wall, None, None, done.stderr.decode(errors="replace").strip()[-200:]
    report = _report(done.stdout)
    hwm = report.get("hwm_kib")
    return wall, None if hwm is None else hwm / 1024, report.get("read"), ""


def _report(out: bytes) -> dict:
    for line in out.decode(errors="replace").splitlines()[::-1]:
        if line.startswith('{"read"'):
            return json.loads(line)
    return {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10**7, help="lines per file (default 10^7)")
    parser.add_argument("--blocks", type=int, default=None, help="labels a side (default √n)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    n = args.n
    blocks = args.blocks or int(math.isqrt(n))
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} "
          f"cores; load average {os.getloadavg()[0]:.2f}; numpy {np.__version__}")
    folder = tempfile.mkdtemp(prefix="bench_labels_")
    try:
        started = time.perf_counter()
        truth, pred = write_files(folder, n, blocks, args.seed)
        size = os.path.getsize(truth) / 2**20
        print(f"two files of n = {n:,} lines, {blocks:,} labels each, {size:.0f} MiB each "
              f"(written in {time.perf_counter() - started:.1f} s)\n")
        rows = []
        for name, args in (("metricprops score T P -m rand (command line)", ["-m", "rand"]),
                           ("metricprops score T P (default set)", [])):
            argv = ["score", truth, pred, *args, "--json"]
            rows.append((name, [sys.executable, "-c", HWM + f"ARGS = {argv!r}\n" + CLI]))
        for name, body in READERS.items():
            code = f"TRUTH, PRED, N = {truth!r}, {pred!r}, {n}\n" + HWM + body + TAIL
            rows.append((name, [sys.executable, "-c", code]))
        print(f"{'what':<46} {'wall s':>7} {'read s':>7} {'peak MiB':>9}")
        for name, argv in rows:
            wall, peak, read, problem = measure(argv)
            if problem:
                print(f"{name:<46} skipped: {problem.splitlines()[-1]}")
                continue
            shown = f"{read:7.2f}" if read is not None else f"{'':>7}"
            print(f"{name:<46} {wall:7.2f} {shown} {'?' if peak is None else f'{peak:.0f}':>9}")
        print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
