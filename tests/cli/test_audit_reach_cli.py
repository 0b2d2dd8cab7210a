"""A default ``metricprops audit`` (no --constraint) finds the planted bugs by itself.

Each target is shaped like a bug real libraries shipped; the audit is told nothing about
which property to look at.  A reduced random budget, and calls cut off at 0.3 s instead of
1 s in the scale phase and the scaling measurement (the quadratic loop spends most of the run
waiting for those limits; it is flagged the same, see ``short_scaling_calls``), keep the run
short; the properties and the scale phase otherwise run at their defaults.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

PLANTED = Path(__file__).resolve().parents[1] / "plugins" / "planted.py"

EXPECTED = {  # target -> (constraint, status) the default audit must report
    "truth_cached": ("determinism", "failed"),
    "sorting_rand": ("input_immutability", "failed"),
    "fmi_int32": ("bounds", "error"),
    "pair_loop_rand": ("scaling", "failed"),
}


@pytest.mark.slow
@pytest.mark.heavy
def test_a_default_audit_finds_every_planted_bug(invoke, tmp_path, short_scaling_calls,
                                                 monkeypatch):
    from metricprops.search import scale

    monkeypatch.setattr(scale, "SCALE_CALL_SECONDS", 0.3)  # the workers fork after this
    out = tmp_path / "audit.json"
    targets = [f"{PLANTED}:{name}" for name in EXPECTED]
    result = invoke("audit", *targets, "--lower", "0", "--upper", "1", "--perfect", "1",
                    "--seed", "3", "--max-examples", "5", "--exhaustive-n", "3", "-q",
                    "--json", out)
    assert result.exit_code == 1, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["settings"]["scale_max_n"] == 2**17
    by = {(r["metric"].split(":")[-1], r["constraint"]): r for r in data["results"]}
    for name, (constraint, status) in EXPECTED.items():
        assert by[(name, constraint)]["status"] == status, (name, constraint)
    scale = [f for f in by[("fmi_int32", "bounds")]["findings"] if f["input"] == "scale"]
    assert scale and scale[0]["items"] == 257 and scale[0]["reason"] == "nan"
    assert scale[0]["counterexample"]["passes_at"] == 256
