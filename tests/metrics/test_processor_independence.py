"""Every built-in metric gives the same bits whichever instructions numpy's kernels use.

numpy picks some float64 kernels (``log``, ``exp``) by processor at run time, and the
AVX-512 ones differ from the others in the last place; a value that used them would differ
between machines, and so would a report that prints it (``ami`` did: 0.33543504342651026
here, 0.33543504342651015 on a processor without AVX-512).  The test scores the same
partitions in this process and in one where numpy may not use AVX-512
(``NPY_DISABLE_CPU_FEATURES``) and compares the values' ``repr``.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

_FEATURES = np._core._multiarray_umath.__cpu_features__
_OFF = [f for f in ("X86_V4", "AVX512_ICL", "AVX512_CNL", "AVX512_CLX", "AVX512_SKX")
        if _FEATURES.get(f)]

_SCORE = """
import json, sys
import numpy as np
import metricprops as mp
rng = np.random.default_rng(7)
pairs = [(rng.integers(0, k, n).tolist(), rng.integers(0, j, n).tolist())
         for n, k, j in zip(rng.integers(1, 40, 60), rng.integers(1, 9, 60),
                            rng.integers(1, 9, 60))]
pairs.append(([0, 0, 1, 2, 3], [0, 0, 1, 1, 0]))
out = {m.name: [repr(m(t, p)) for t, p in pairs]
       for m in mp.list_metrics()}
json.dump(out, sys.stdout)
"""


def _values(env_extra: dict) -> dict:
    env = {**os.environ, **env_extra}
    done = subprocess.run([sys.executable, "-c", _SCORE], env=env, capture_output=True,
                          text=True, timeout=300, check=True)
    return json.loads(done.stdout)


@pytest.mark.skipif(not _OFF, reason="numpy dispatches no AVX-512 kernels on this processor")
@pytest.mark.slow  # more than 1.5 s alone
def test_values_do_not_depend_on_the_kernels_numpy_picks():
    here = _values({})
    without = _values({"NPY_DISABLE_CPU_FEATURES": " ".join(_OFF)})
    assert len(here) >= 51 and all(len(v) == 61 for v in here.values())
    differ = {name: [(a, b) for a, b in zip(here[name], without[name]) if a != b][:2]
              for name in here if here[name] != without[name]}
    assert differ == {}
