"""Scale inputs stored as records (shape, size, seed, digest), not as 131,072 labels: every
record of the committed ``reports/third-party.json`` rebuilds its input, and the one-line
reproduction of each gives the recorded value (per library, where it is installed)."""
from __future__ import annotations

import contextlib
import importlib
import io
import json
import math
from pathlib import Path

import pytest

import metricprops as mp
from metricprops.report.third_party.audit import dumps, rewrite
from metricprops.search.records import (
    LABELS_KEPT,
    RecordError,
    check_record,
    compact,
    compact_document,
    input_labels,
    scale_counterexamples,
)
from metricprops.search.shapes import shape_labels

REPORT = Path(__file__).resolve().parents[2] / "reports" / "third-party.json"


def _report():
    return json.loads(REPORT.read_text(encoding="utf-8"))


def _records(report):
    return [(r, ce) for r in report["results"] for ce in scale_counterexamples(r)]


def test_third_party_json_is_small_and_every_stored_input_is_rebuilt():
    assert REPORT.stat().st_size < 3_000_000
    records = _records(_report())
    # the committed report's scale inputs, up to 128,162 items: 23 since the regeneration of
    # 2026-12-05 (21 scale errors that repeated an error already found on small input, with
    # the same reason, are no longer findings of their own)
    assert len(records) >= 20
    assert max(ce["n"] for _, ce in records) > 100_000
    for _, ce in records:
        check_record(ce)  # digest, size, and the labels where they are kept
        truth, pred = input_labels(ce)
        assert len(truth) == len(pred) == ce["n"]
        assert ce["notation"]["truth"] == f"{ce['rebuild']['truth']['shape']}, n = {ce['n']}"
        assert ("truth" in ce) == (ce["n"] <= LABELS_KEPT)


def test_a_scale_finding_past_the_limit_keeps_its_record_and_its_value():
    m = mp.metric(_big_only, name="big_only", bounds=(-0.5, 1), perfect=1, symmetric=True)
    r = mp.check(m, "bounds", seed=5, max_examples=0, exhaustive_n=2, scale_max_n=5000)
    ce = json.loads(json.dumps(r.to_json()))["counterexample"]
    assert ce["n"] == 3001 and "truth" not in ce and "pred" not in ce
    assert ce["rebuild"]["generator"] == "metricprops.search.shapes:shape_labels"
    check_record(ce)
    truth, pred = input_labels(ce)
    assert _big_only(truth, pred) == ce["scores"]["pred"] == 2.0
    assert "s('one block', 3001)" in ce["reproduce"]


def _big_only(labels_true, labels_pred):
    """ARI, but 2.0 (past its upper bound) on more than 3,000 items."""
    if len(labels_true) > 3000:
        return 2.0
    return mp.score(labels_true, labels_pred, metrics=["adjusted_rand"])["adjusted_rand"]


def test_compacting_checks_the_stored_labels_and_is_idempotent():
    n = LABELS_KEPT + 1
    full = {"truth": shape_labels("random", n).tolist(), "pred": [0] * n,
            "shape": {"truth": "random", "pred": "one block"}, "n": n, "cause": "x"}
    small = compact(full)
    assert list(small) == ["shape", "n", "rebuild", "cause"]
    assert small["rebuild"]["truth"]["seed"] == 1 and compact(small) == small
    assert input_labels(small) == (full["truth"], full["pred"])
    with pytest.raises(RecordError, match="stored pred .* is not 'two halves'"):
        compact({**full, "shape": {"truth": "random", "pred": "two halves"}})
    kept = compact({**full, "truth": [0] * 3, "pred": [0, 1, 1], "n": 3,
                    "shape": {"truth": "one block", "pred": "two halves"}})
    assert kept["truth"] == [0] * 3 and "rebuild" in kept  # a small input keeps its labels


def test_rewriting_a_report_with_labels_gives_the_records(tmp_path):
    """An old file (labels of 2,000 items) is rewritten without auditing, losslessly."""
    n = 2000
    ce = {"truth": shape_labels("two halves", n).tolist(),
          "pred": shape_labels("skewed", n).tolist(),
          "shape": {"truth": "two halves", "pred": "skewed"}, "n": n,
          "notation": {"truth": f"two halves, n = {n}", "pred": f"skewed, n = {n}"},
          "scores": {"pred": 1.5}}
    report = _report()
    report["results"] = [{**report["results"][0], "status": "failed", "counterexample": ce,
                          "findings": [{"kind": "violation", "counterexample": ce}]}]
    (tmp_path / "third-party.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    json_path, _ = rewrite(tmp_path)
    text = json_path.read_text(encoding="utf-8")
    stored = json.loads(text)["results"][0]
    for found in (stored["counterexample"], stored["findings"][0]["counterexample"]):
        assert "truth" not in found and input_labels(found) == (ce["truth"], ce["pred"])
    assert text == dumps(compact_document(json.loads(text)))  # a second rewrite: the same
    assert len(text) < len(json.dumps(report, indent=2)) / 3


def _library_module(report, metric):
    """The module a result's reproduction imports (None: metricprops alone)."""
    from metricprops.report.third_party.libraries import LIBRARIES

    for lib in report["libraries"]:
        if metric in lib["targets"]:
            return LIBRARIES[lib["plan"]][1]
    return "sklearn" if metric.startswith("sklearn.") else None


def _printed(line):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(line, {})  # the report's own one-line reproduction, as a reader runs it
    return [float(v) for v in out.getvalue().split()]


def _same(a, b):
    return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


def _libraries():
    report = _report()
    return sorted({_library_module(report, r["metric"]) or "metricprops"
                   for r, ce in _records(report) if ce.get("scores")})


@pytest.mark.slow
@pytest.mark.parametrize("library", _libraries())
def test_the_reproduction_of_each_record_gives_the_recorded_value(library):
    if library != "metricprops":
        try:
            importlib.import_module(library)
        except ImportError:
            pytest.skip(f"{library} is not installed (pip install 'metricprops[libraries]'): "
                        "its recorded values cannot be recomputed; the inputs are checked "
                        "by test_third_party_json_is_small_and_every_stored_input_is_rebuilt")
    report = _report()
    checked = 0
    for r, ce in _records(report):
        if (_library_module(report, r["metric"]) or "metricprops") != library:
            continue
        if not ce.get("scores"):
            continue  # an error: the reproduction raises, there is no value to compare
        printed = _printed(ce["reproduce"])
        if "trend" in ce:  # a discontinuity: the values below and at the size found
            expected = [ce["scores"][f"value_at_{k}"] for k in (ce["passes_at"], ce["n"])]
        else:
            expected = [next(iter(ce["scores"].values()))]
        assert len(printed) == len(expected), (r["metric"], r["constraint"], printed)
        assert all(map(_same, printed, expected)), (r["metric"], r["constraint"], printed,
                                                    expected)
        checked += 1
    assert checked
