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


#: Environment variables that set native pools' widths.
NARROWING = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def _script_output(folder, name: str, source: str) -> str:
    """What ``source`` printed, run as a script of its own in ``folder``, its native pools
    as wide as the machine whatever the environment says (``OMP_NUM_THREADS=1`` and the
    like, from the user's shell or a process that ran a Dask nanny, would hide a spinning
    pool thread)."""
    script = folder / name
    script.write_text(source, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in NARROWING}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, cwd=folder, env=env)
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


#: Prints the CPU time (clock ticks) the threads other than the main one took.
SPUN = textwrap.dedent("""
    def spun():
        main, ticks = str(os.getpid()), 0
        for task in os.listdir("/proc/self/task"):
            if task != main:  # utime and stime: fields 14 and 15, after the command's name
                fields = open(f"/proc/self/task/{task}/stat").read().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])
        return ticks
""")

QUIET_CHILD = textwrap.dedent("""
    import os
    import time

    import numpy as np
    from threadpoolctl import threadpool_limits

    from metricprops import calls

    threadpool_limits(1)  # a worker's pools, on one thread already
    np.ones((256, 256)) @ np.ones((256, 256))
    read, write = os.pipe()
    pid = os.fork()  # as the scale phase's child is forked from a worker
    if pid == 0:
        calls.forked_start()
        time.sleep(0.3)  # a spinning pool thread spins about 0.1 s
        os.write(write, str(spun()).encode())
        os._exit(0)
    os.waitpid(pid, 0)
    print(os.read(read, 16).decode())
""")


def test_a_child_forked_from_a_worker_starts_no_spinning_pool_thread(tmp_path):
    """OpenBLAS, told its number of threads in a forked process, wakes a pool thread that
    spins on a core for about 0.1 s: in the scale child that doubled the CPU time of the
    first trend ladder's calls, read as steep growth, and the int64 test's ladder ended
    before its jump.  A pool already on one thread is left alone: no thread but the main
    one takes CPU time."""
    _skip_without_openblas_threads()
    ticks = _script_output(tmp_path, "quiet_child.py", SPUN + QUIET_CHILD).strip()
    assert int(ticks) <= 1, f"clock ticks of the child's other threads: {ticks}"


QUIET_WORKER = textwrap.dedent("""
    import os
    import time

    import numpy as np
    from threadpoolctl import threadpool_info

    from metricprops.engine.pool import Pool

    np.ones((256, 256)) @ np.ones((256, 256))  # the auditing process's pool, on every core
    before = max(p["num_threads"] for p in threadpool_info() if p["internal_api"] == "openblas")


    def worker_state():
        time.sleep(0.3)  # a spinning pool thread spins about 0.1 s from the worker's start
        return spun(), max(p["num_threads"] for p in threadpool_info())


    with Pool(1) as pool:
        pool.submit(("state", worker_state, (), {}, None))
        (key, reply), = pool.as_completed()
    print(before, reply.kind, *reply.value,
          max(p["num_threads"] for p in threadpool_info() if p["internal_api"] == "openblas"))
""")


def test_a_worker_starts_with_its_pools_on_one_thread_and_none_spinning(tmp_path):
    """Workers are forked with the auditing process's pools on one thread for the moment of
    the fork: a worker's pools are on one thread from its start, no OpenBLAS thread spins on
    its clock while its first check times calls, and the auditing process's pools are as
    wide after it as before."""
    _skip_without_openblas_threads()
    before, kind, ticks, pools, after = _script_output(tmp_path, "quiet_worker.py",
                                                       SPUN + QUIET_WORKER).split()
    if int(before) < 2:
        pytest.skip("OpenBLAS runs one thread here")
    assert (kind, pools, after) == ("ok", "1", before)
    assert int(ticks) <= 1, f"clock ticks of the worker's other threads: {ticks}"


def _skip_without_openblas_threads() -> None:
    import numpy  # noqa: F401 - its pools, for threadpool_info to see
    from threadpoolctl import threadpool_info

    if not any(p["internal_api"] == "openblas" for p in threadpool_info()):
        pytest.skip("numpy here is not built on OpenBLAS")
    if not os.path.isdir("/proc/self/task"):
        pytest.skip("no /proc here to read a process's threads")


QUIET_SCALING = textwrap.dedent("""
    import os

    import numpy as np

    from metricprops import get_metric
    from metricprops.constraints import _growth
    from metricprops.engine.pool import Pool

    np.ones((256, 256)) @ np.ones((256, 256))  # the auditing process's pool, on every core


    def measured():
        before = spun()
        _growth.measure(get_metric("rand"), None)  # the scaling property's measurement
        return before, spun()


    with Pool(1) as pool:
        pool.submit(("measured", measured, (), {}, None))
        (key, reply), = pool.as_completed()
    print(reply.kind, *reply.value)
""")


@pytest.mark.slow
def test_the_scaling_measurement_in_a_worker_wakes_no_pool_thread(tmp_path):
    """The scaling measurement runs its calls with the pools on one thread; in a worker they
    are on one thread already and are not told again (told, OpenBLAS woke a pool thread that
    spun for 10 clock ticks while the first sizes were timed)."""
    _skip_without_openblas_threads()
    kind, before, after = _script_output(tmp_path, "quiet_scaling.py",
                                         SPUN + QUIET_SCALING).split()
    assert kind == "ok" and int(after) - int(before) <= 1, (before, after)
