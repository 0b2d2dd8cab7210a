"""The overlapping part of the third-party audit: differential check against the built-in
metrics, judgements, and the libraries left out when missing (no library needed)."""
import types
import warnings

import pytest

from metricprops.registry import get_metric
from metricprops.report.third_party import overlapping


def test_differential_agrees_when_the_target_is_the_builtin():
    (row,) = overlapping.differential({"cdlib.cover.onmi_lfk": get_metric("onmi_lfk")},
                                      pairs=8)
    assert (row["reference"], row["agree"], row["max_difference"]) == ("onmi_lfk", 8, 0.0)


def test_differential_shows_the_pair_of_the_largest_disagreement():
    mgh = get_metric("onmi_mgh")
    (row,) = overlapping.differential({"clusim.cover.onmi": mgh}, pairs=40)
    assert row["agree"] < 40 and row["max_difference"] > 0
    example = row["example"]
    assert example["library"] != pytest.approx(example["reference"])
    assert row["explanation"].startswith("**Bug")


def test_differential_keeps_a_librarys_warnings_off_the_output():
    # clusim's onmi and omega_index warn (division by zero) on some of the pairs: the
    # report's terminal output showed those warnings until they were silenced as in a check
    omega = get_metric("omega")

    def noisy(t, p):
        warnings.warn("divide by zero encountered in scalar divide", RuntimeWarning, stacklevel=1)
        return omega(t, p)

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        (row,) = overlapping.differential(
            {"clusim.cover.omega_index": types.SimpleNamespace(func=noisy)}, pairs=8)
    assert [str(w.message) for w in seen] == []
    assert (row["reference"], row["agree"], row["max_difference"]) == ("omega", 8, 0.0)


def test_judge_gives_the_bug_of_clusims_onmi():
    note = overlapping.judge({"metric": "clusim.cover.element_sim",
                              "constraint": "max_agreement", "status": "error"})
    assert note.startswith("**Bug")
    assert overlapping.judge({"metric": "clusim.cover.onmi", "constraint": "symmetry",
                              "status": "passed"}) is None


def test_missing_libraries_are_left_out(monkeypatch):
    monkeypatch.setattr(overlapping, "_library_installed", lambda module: False)
    found = overlapping.overlapping_audit(seed=1, quick=True)
    assert found["missing"] == ["cdlib", "clusim", "networkit"]
    assert found["results"] == found["judgements"] == found["differential"] == []
    assert found["bugs"] == []


def test_judge_takes_the_partition_judgement_only_for_partition_constraints():
    on_partitions = {"metric": "cdlib.cover.nf1", "constraint": "bounds", "status": "failed"}
    assert overlapping.judge(on_partitions).startswith("**Bug")
    assert overlapping.judge({**on_partitions, "constraint": "partition_form"}) is None
