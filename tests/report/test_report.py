"""`metricprops report`: every section written, index links resolve, reruns identical."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from metricprops.cli import main
from metricprops.report import build_reports
from metricprops.report.heatmap import audit_heatmap
from metricprops.results import AuditResult, CheckResult


def _links(markdown: str) -> list:
    return re.findall(r"\]\(([^)#]+)\)", markdown)


@pytest.mark.slow
def test_quick_report_writes_every_section_and_is_reproducible(tmp_path: Path) -> None:
    first = build_reports(tmp_path / "a", seed=5, quick=True)
    second = build_reports(tmp_path / "b", seed=5, quick=True)
    index = (first / "README.md").read_text(encoding="utf-8")
    for link in _links(index):
        assert (first / link).is_file(), link
    for md in ["audit.md", "closed-forms.md", "elm-paper/elm-paper.md", "third-party.md"]:
        text = (first / md).read_text(encoding="utf-8")
        for link in _links(text):  # relative image links render on a code host
            assert not link.startswith("/") and (first / md).parent.joinpath(link).is_file(), link
    audit = json.loads((first / "audit.json").read_text(encoding="utf-8"))
    assert audit["schema"] == 1 and audit["seed"] == 5
    pairs = {(r["metric"], r["constraint"]) for r in audit["results"]}
    assert ("bcubed_f", "zero_score") in pairs and ("elm_f", "max_agreement") in pairs
    verdicts = {(r["metric"], r["constraint"]): r["status"] for r in audit["results"]}
    assert verdicts[("bcubed_f", "zero_score")] == "failed"
    assert verdicts[("elm_f", "zero_score")] == "passed"
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    for rel in files:
        assert (first / rel).read_bytes() == (second / rel).read_bytes(), rel


def test_heatmap_is_deterministic(tmp_path: Path) -> None:
    audit = AuditResult(seed=1, results=[
        CheckResult("elm_f", "zero_score", "passed"), CheckResult("bcubed_f", "zero_score", "failed"),
        CheckResult("elm_f", "rag_bag", "weak"), CheckResult("bcubed_f", "rag_bag", "error")])
    a = audit_heatmap(audit, tmp_path / "a.png")
    b = audit_heatmap(audit, tmp_path / "b.png")
    assert a.read_bytes() == b.read_bytes() and a.read_bytes()[:4] == b"\x89PNG"


def test_report_command_rejects_a_file_as_out(tmp_path: Path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("x")
    result = CliRunner().invoke(main, ["report", "--out", str(target), "--quick", "-q"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
