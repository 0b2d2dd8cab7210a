"""Reading two large label files: time and peak memory, metricprops next to numpy and pandas.

    python benchmarks/bench_labels.py                 # n = 10^7, sqrt(n) labels a side
    python benchmarks/bench_labels.py --n 1000000     # a quicker check

Two files of ``--n`` lines (labels ``c0`` .. ``c{k-1}``, k = sqrt(n), seeded) are written to a
temporary folder.  Every row then runs in a fresh Python process, so that its peak memory is
its own: the maximum resident set size of that child (``os.wait4``'s ``ru_maxrss``), which
includes the interpreter and its imports (the "python + numpy" row is that floor).  "wall" is
the child's whole run as seen by the parent (start-up, imports, reading, scoring); "read" is the
reading alone, timed inside the child with ``time.perf_counter``.

Rows:

* ``metricprops score T P -m rand`` and ``metricprops score T P`` (every built-in): the
  command line end to end, as a user runs it;
* ``read_label_codes`` x 2: metricprops' streaming reader (integer codes, never a list of
  n strings), both files;
* ``read_text + splitlines`` x 2: the reader metricprops had before (a list of n strings);
* ``numpy.loadtxt(dtype=str) + unique``: numpy's text reader, then integer codes;
* ``pandas.read_csv(dtype=str) + factorize``: pandas' C reader, then integer codes (pandas is
  needed for this row only: ``pip install pandas``; the row is skipped without it).

This is a script, not a test: it asserts nothing, it reports.  Run it on a quiet machine
(``uptime``: load well under the number of cores).
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
    "read_text + splitlines x 2 (previous reader)": """
import time
from pathlib import Path
t = time.perf_counter()
a = [x.strip() for x in Path(TRUTH).read_text(encoding="utf-8").splitlines()]
b = [x.strip() for x in Path(PRED).read_text(encoding="utf-8").splitlines()]
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
print(json.dumps({"read": time.perf_counter() - t}))
"""


def write_files(folder: str, n: int, blocks: int, seed: int) -> Tuple[str, str]:
    """Two label files of ``n`` lines, written a million lines at a time."""
    rng = np.random.default_rng(seed)
    paths = []
    for name in ("truth.txt", "pred.txt"):
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as fh:
            for start in range(0, n, 10**6):
                values = rng.integers(0, blocks, size=min(10**6, n - start))
                fh.write("".join(f"c{v}\n" for v in values.tolist()))
        paths.append(path)
    return paths[0], paths[1]


def measure_rss(argv: List[str]) -> Tuple[float, float, Optional[float], str]:
    """(wall s, peak RSS MiB, in-child read s or None, error) of one child process; the peak
    is that child's own (``os.wait4``)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        text, problem = out.read(), err.read().decode(errors="replace").strip()
    peak = usage.ru_maxrss / 1024  # KiB on Linux
    return wall, peak, _read_time(text), problem[-200:] if proc.returncode else ""


def _read_time(out: bytes) -> Optional[float]:
    for line in out.decode(errors="replace").splitlines()[::-1]:
        if line.startswith('{"read"'):
            return float(json.loads(line)["read"])
    return None


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
        cli = shutil.which("metricprops") or "metricprops"
        rows = [("metricprops score T P -m rand (command line)",
                 [cli, "score", truth, pred, "-m", "rand", "--json"]),
                ("metricprops score T P (every built-in)", [cli, "score", truth, pred, "--json"])]
        for name, body in READERS.items():
            code = f"TRUTH, PRED, N = {truth!r}, {pred!r}, {n}\n" + body + TAIL
            rows.append((name, [sys.executable, "-c", code]))
        print(f"{'what':<46} {'wall s':>7} {'read s':>7} {'peak MiB':>9}")
        for name, argv in rows:
            wall, peak, read, problem = measure_rss(argv)
            if problem:
                print(f"{name:<46} skipped: {problem.splitlines()[-1]}")
                continue
            shown = f"{read:7.2f}" if read is not None else f"{'':>7}"
            print(f"{name:<46} {wall:7.2f} {shown} {peak:9.0f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
