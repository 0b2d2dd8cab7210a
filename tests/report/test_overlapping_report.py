"""The overlapping section of ``metricprops report`` (``reports/overlapping.{json,md}``)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from metricprops.report.overlapping import (
    CONSTRAINTS,
    NOT_BUILT,
    render_markdown,
    write_overlapping_report,
)


@pytest.fixture(scope="module")
def quick_section(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("overlapping")
    write_overlapping_report(folder, seed=5, quick=True, command="metricprops report --quick")
    return folder


@pytest.mark.slow
def test_section_audits_every_cover_metric_and_draws_each_failure(quick_section: Path) -> None:
    report = json.loads((quick_section / "overlapping.json").read_text(encoding="utf-8"))
    metrics = {r["metric"] for r in report["results"]}
    assert {"extended_bcubed_f", "cice_bcubed_f", "omega", "onmi_lfk", "onmi_mgh",
            "elm_cover_f"} <= metrics
    assert {r["constraint"] for r in report["results"]} == set(CONSTRAINTS)
    assert report["seed"] == 5 and report["plans"] is None
    text = (quick_section / "overlapping.md").read_text(encoding="utf-8")
    assert "## The ELM-for-covers candidates" in text and NOT_BUILT in text
    assert "Budget: a quick build's tiny budget" in text
    # the paper's example: ELM read literally does not penalise the extra cluster
    assert "| elm_precision (e left out, the paper's ELM on covers) | 1.000000 | no |" in text
    omega = next(r for r in report["results"]
                 if (r["metric"], r["constraint"]) == ("omega", "max_agreement"))
    assert omega["status"] == "failed"
    drawn = omega["counterexample"]["notation"]
    assert f"truth: {drawn['truth']}\npred: {drawn['pred']}" in text
    assert (quick_section / "figures" / "overlapping-heatmap.png").is_file()


def test_plan_audits_render_as_a_second_table_with_the_libraries() -> None:
    report = {"seed": 1, "settings": {"exhaustive_n": 3, "max_examples": 5, "max_items": 6,
                                      "tolerance": 1e-9},
              "budget": "b", "results": [], "elm_overlapping": {
                  "truth": "{0 1}", "pred": "{0 | 0 1}", "rows": []},
              "plans": {"libraries": [{"plan": "cdlib", "distribution": "cdlib",
                                       "version": "0.4", "targets": ["cdlib:omega"],
                                       "settings": {"max_examples": 5, "exhaustive_n": 3,
                                                    "max_items": 6, "tolerance": 1e-9}}],
                        "metrics": [], "results": [
                            {"metric": "cdlib:omega", "constraint": "max_agreement",
                             "status": "failed"}]}}
    text = render_markdown(report, "metricprops report")
    assert NOT_BUILT not in text
    assert "| cdlib | 0.4 | 1 |" in text and "`metricprops audit --plan cdlib`" in text
    assert "| metric | max_agreement |\n|---|---|\n| `omega` | ✗ |" in text
    report["plans"] = None
    assert NOT_BUILT in render_markdown(report, "metricprops report")
