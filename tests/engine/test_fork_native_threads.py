"""Workers are forked, and OpenMP (libgomp) is not fork-safe: in a process forked from one
whose OpenMP pool already ran, the first parallel region waits forever.  A worker runs native
pools on one thread from its start (:func:`metricprops.calls.one_native_thread`), so a metric
that enters a parallel region is scored, not killed at its time limit.  The auditing process
is a subprocess here: a pool left running in the test process would follow every later test."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import numpy as np
    from sklearn.metrics import pairwise_distances_argmin_min

    import metricprops as mp

    X = np.random.default_rng(0).random((20000, 20))


    def parallel_region():  # scikit-learn's OpenMP code, on both cores
        pairwise_distances_argmin_min(X, X[:5000])


    @mp.metric(name="openmp_half", bounds=(0, 1), perfect=1, symmetric=True)
    def openmp_half(labels_true, labels_pred):
        global entered
        if not entered:  # the first call in the process: a fork-inherited pool hangs here
            parallel_region()
            entered = True
        return 1.0 if list(labels_true) == list(labels_pred) else 0.5


    entered = False
    parallel_region()  # the auditing process's pool runs before the workers are forked
    entered = False
    r = mp.check(openmp_half, "bounds", seed=0, max_examples=3, exhaustive_n=2,
                 scale_max_n=0, timeout=5)
    print(r.status.value, r.describe().splitlines()[0])
""")


def _script_output(folder, name: str, source: str) -> str:
    """What ``source`` printed, run as a script of its own in ``folder``."""
    script = folder / name
    script.write_text(source, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, cwd=folder)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
def test_a_worker_forked_after_an_openmp_region_does_not_hang(tmp_path):
    pytest.importorskip("sklearn")
    from threadpoolctl import threadpool_info

    if max((p["num_threads"] for p in threadpool_info()), default=1) < 2:
        pytest.skip("no native thread pool runs more than one thread here")
    out = _script_output(tmp_path, "audit_openmp.py", SCRIPT)
    assert out.startswith("passed"), out


QUIET_CHILD = textwrap.dedent("""
    import os

    import numpy as np
    from threadpoolctl import threadpool_limits

    from metricprops import calls

    threadpool_limits(1)  # a worker's pools, on one thread already
    np.ones((64, 64)) @ np.ones((64, 64))
    read, write = os.pipe()
    pid = os.fork()  # as the scale phase's child is forked from a worker
    if pid == 0:
        calls.forked_start()
        os.write(write, str(len(os.listdir("/proc/self/task"))).encode())
        os._exit(0)
    os.waitpid(pid, 0)
    print(os.read(read, 16).decode())
""")


def test_a_child_forked_from_a_worker_starts_no_pool_thread(tmp_path):
    """OpenBLAS, told its number of threads in a forked process, starts a pool thread that
    spins on a core for about 0.1 s: in the scale child that doubled the CPU time of the
    first trend ladder's calls, read as steep growth, and the int64 test's ladder ended
    before its jump.  A pool already on one thread is left alone."""
    import numpy  # noqa: F401 - its pools, for threadpool_info to see
    from threadpoolctl import threadpool_info

    if not any(p["internal_api"] == "openblas" for p in threadpool_info()):
        pytest.skip("numpy here is not built on OpenBLAS")
    if not os.path.isdir("/proc/self/task"):
        pytest.skip("no /proc here to count a process's threads")
    threads = _script_output(tmp_path, "quiet_child.py", QUIET_CHILD).strip()
    assert threads == "1", f"threads in the child: {threads}"
