"""Workers are forked, and OpenMP (libgomp) is not fork-safe: in a process forked from one
whose OpenMP pool already ran, the first parallel region waits forever.  A worker runs native
pools on one thread from its start (:func:`metricprops.calls.one_native_thread`), so a metric
that enters a parallel region is scored, not killed at its time limit.  The auditing process
is a subprocess here: a pool left running in the test process would follow every later test."""
from __future__ import annotations

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


@pytest.mark.slow
def test_a_worker_forked_after_an_openmp_region_does_not_hang(tmp_path):
    pytest.importorskip("sklearn")
    from threadpoolctl import threadpool_info

    if max((p["num_threads"] for p in threadpool_info()), default=1) < 2:
        pytest.skip("no native thread pool runs more than one thread here")
    script = tmp_path / "audit_openmp.py"
    script.write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("passed"), done.stdout
