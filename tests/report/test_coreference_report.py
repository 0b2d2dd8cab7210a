"""The coreference section of reports/: verdicts explained, analyses checked, reference values."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import metricprops as mp
from metricprops.report.coreference import COREFERENCE_METRICS, write_coreference_report
from metricprops.report.coreference_analyses import (
    mention_identification_effect,
    muc_ignores_singletons,
    muc_rewards_merging,
    reference_agreement,
)

REPORTS = Path(__file__).resolve().parents[2] / "reports"



def test_the_literature_analyses_hold_for_the_builtins():
    singletons = muc_ignores_singletons(max_n=4)
    assert singletons["holds"] and singletons["checked"] == sum(b * b for b in (1, 2, 5, 15))
    effect = mention_identification_effect(max_n=5)
    assert effect["holds"] and effect["checked"] > 0
    assert effect["example"]["scores"]["muc_f"] == 0 and effect["example"]["scores"]["b3_f"] > 0
    merging = muc_rewards_merging(max_n=5)
    assert merging["holds"]
    # Luo (2005): merging 5 + 2 + 5 mentions into one entity keeps MUC F at 0.9
    assert merging["example"]["scores"]["muc_f"] == pytest.approx(0.9)
    assert merging["example"]["scores"]["muc_recall"] == 1.0


def test_an_analysis_reports_a_counterexample_when_the_claim_fails(monkeypatch):
    import metricprops.report.coreference_analyses as analyses

    real = analyses._scores

    def broken(names, truth, pred):  # a MUC that counts singleton entities
        out = real(names, truth, pred)
        return {k: v + 0.01 * (1 in truth.sizes) for k, v in out.items()}

    monkeypatch.setattr(analyses, "_scores", broken)
    result = analyses.muc_ignores_singletons(max_n=2)
    assert not result["holds"] and result["counterexample"]["key"] == "{0 1}"


def test_our_scorer_reproduces_every_published_value():
    ours = reference_agreement()
    assert ours["metricprops"]["checked"] == 91 and ours["metricprops"]["disagreements"] == []


def test_a_wrong_implementation_is_listed_with_its_disagreements():
    def off(key, response, family):
        return (0.5, 0.5, 0.5)

    def crashes(key, response, family):
        raise RuntimeError("boom")

    got = reference_agreement({"off": off, "crashes": crashes})
    assert got["off"]["checked"] == 91 and len(got["off"]["disagreements"]) > 80
    assert got["crashes"]["checked"] == 0
    assert got["crashes"]["disagreements"][0]["error"] == "RuntimeError: boom"


@pytest.mark.slow
def test_section_is_written_from_an_audit(tmp_path):
    names = ["muc_f", "lea_f"]
    result = mp.audit(names, ["max_agreement", "zero_score"], seed=1, max_examples=5,
                      exhaustive_n=3, max_items=8)
    doc = write_coreference_report(tmp_path, result)
    assert {"coreference.md", "coreference.json"} <= {p.name for p in tmp_path.iterdir()}
    assert (tmp_path / "figures" / "coreference-heatmap.png").stat().st_size > 0
    data = json.loads((tmp_path / "coreference.json").read_text(encoding="utf-8"))
    assert data == json.loads(json.dumps(doc))
    # MUC scores identical all-singletons partitions 0: a finding, explained or listed
    found = {(f["metric"], f["constraint"]) for f in data["findings"]}
    assert ("muc_f", "max_agreement") in found
    unexplained = {f"{f['metric']} × {f['constraint']}" for f in data["findings"]
                   if not f["note"] and f["status"] != "weak"}
    assert set(data["unexplained"]) == unexplained
    text = (tmp_path / "coreference.md").read_text(encoding="utf-8")
    assert "muc_f × max_agreement" in text and "MUC ignores singleton entities" in text


def test_committed_coreference_report_explains_every_finding():
    data = json.loads((REPORTS / "coreference.json").read_text(encoding="utf-8"))
    assert data["metrics"] == list(COREFERENCE_METRICS)
    assert data["unexplained"] == []
    assert all(a["holds"] for a in data["analyses"])
    assert data["reference"]["metricprops"]["disagreements"] == []
