"""A default ``metricprops audit`` (no --constraint) finds the planted bugs by itself.

Each target is shaped like a bug real libraries shipped; the audit is told nothing about
which property to look at.  A reduced random budget keeps the run short; the new properties
and the scale phase run at their defaults.
"""
from __future__ import annotations

import json
import textwrap

import pytest

BUGS = textwrap.dedent('''
    import numpy as np
    from metricprops import get_metric

    rand = get_metric("rand")
    _cache = {}


    def truth_cached(labels_true, labels_pred):
        """A cache keyed on the truth only."""
        key = tuple(labels_true)
        if key not in _cache:
            _cache[key] = rand(labels_true, labels_pred)
        return _cache[key]


    def sorts_input(labels_true, labels_pred):
        """Sorts the caller's truth in place."""
        labels_true.sort()
        return rand(labels_true, labels_pred)


    def fmi_int32(labels_true, labels_pred):
        """Fowlkes-Mallows with 32-bit counts."""
        _, ti = np.unique(np.asarray(labels_true), return_inverse=True)
        _, pi = np.unique(np.asarray(labels_pred), return_inverse=True)
        c = np.zeros((ti.max() + 1, pi.max() + 1), dtype=np.int32)
        np.add.at(c, (ti, pi), 1)
        n = np.int32(len(labels_true))
        with np.errstate(all="ignore"):
            tk = np.sum(c * c, dtype=np.int32) - n
            pk = np.sum(c.sum(0, dtype=np.int32) ** 2, dtype=np.int32) - n
            qk = np.sum(c.sum(1, dtype=np.int32) ** 2, dtype=np.int32) - n
            return float(tk / np.sqrt(pk * qk)) if tk != 0 else 0.0


    def pair_loop(labels_true, labels_pred):
        """Rand by a loop over every pair of items."""
        n, same = len(labels_true), 0
        for i in range(n):
            for j in range(i + 1, n):
                same += ((labels_true[i] == labels_true[j])
                         == (labels_pred[i] == labels_pred[j]))
        return same / max(1, n * (n - 1) // 2)
''')

EXPECTED = {  # target -> (constraint, status) the default audit must report
    "truth_cached": ("determinism", "failed"),
    "sorts_input": ("input_immutability", "failed"),
    "fmi_int32": ("bounds", "error"),
    "pair_loop": ("scaling", "failed"),
}


@pytest.mark.slow
def test_a_default_audit_finds_every_planted_bug(invoke, tmp_path):
    path = tmp_path / "bugs.py"
    path.write_text(BUGS, encoding="utf-8")
    out = tmp_path / "audit.json"
    targets = [f"{path}:{name}" for name in EXPECTED]
    result = invoke("audit", *targets, "--lower", "0", "--upper", "1", "--perfect", "1",
                    "--seed", "3", "--max-examples", "5", "--exhaustive-n", "3", "-q", "--json", out)
    assert result.exit_code == 1, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["settings"]["scale_max_n"] == 2**17
    by = {(r["metric"].split(":")[-1], r["constraint"]): r for r in data["results"]}
    for name, (constraint, status) in EXPECTED.items():
        assert by[(name, constraint)]["status"] == status, (name, constraint)
    scale = [f for f in by[("fmi_int32", "bounds")]["findings"] if f["input"] == "scale"]
    assert scale and scale[0]["items"] == 257 and scale[0]["reason"] == "nan"
    assert scale[0]["counterexample"]["passes_at"] == 256
