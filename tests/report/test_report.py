"""`metricprops report`: every section written and its links resolve.  (The same bytes when
rebuilt, and the command's usage errors: tests/cli/test_report_cli.py.)"""
from __future__ import annotations

import json
import re
from importlib.metadata import version
from pathlib import Path

import pytest

from metricprops.report.heatmap import audit_heatmap
from metricprops.results.model import AuditResult, CheckResult


def _links(markdown: str) -> list:
    return re.findall(r"\]\(([^)#]+)\)", markdown)


@pytest.mark.slow
def test_quick_report_writes_every_section_and_its_links_resolve(quick_reports: Path) -> None:
    first = quick_reports
    index = (first / "README.md").read_text(encoding="utf-8")
    for link in _links(index):
        assert (first / link).is_file(), link
    # the figures' bytes depend on matplotlib's version: the index names the one that drew them
    assert f"drawn with matplotlib {version('matplotlib')}." in index
    for md in ["audit.md", "closed-forms.md", "elm-paper/elm-paper.md", "third-party.md",
               "overlapping.md"]:
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


@pytest.mark.slow  # renders a figure (matplotlib)
def test_heatmap_is_deterministic(tmp_path: Path) -> None:
    audit = AuditResult(seed=1, results=[
        CheckResult("elm_f", "zero_score", "passed"),
        CheckResult("bcubed_f", "zero_score", "failed"),
        CheckResult("elm_f", "rag_bag", "weak"), CheckResult("bcubed_f", "rag_bag", "error")])
    a = audit_heatmap(audit, tmp_path / "a.png")
    b = audit_heatmap(audit, tmp_path / "b.png")
    assert a.read_bytes() == b.read_bytes() and a.read_bytes()[:4] == b"\x89PNG"
