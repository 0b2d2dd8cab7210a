"""`metricprops report`: every section written and its links resolve; a section rebuilt in a
fresh interpreter is byte-identical.  (The command's usage errors: tests/cli/test_report_cli.py.)"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from metricprops.report import build_reports
from metricprops.report.heatmap import audit_heatmap
from metricprops.results import AuditResult, CheckResult

REBUILD_CLOSED_FORMS = """
import sys
from pathlib import Path
from metricprops.report.sections import write_closed_forms
write_closed_forms(Path(sys.argv[1]), max_k=2, command="metricprops report --seed 5 --quick")
"""


def _links(markdown: str) -> list:
    return re.findall(r"\]\(([^)#]+)\)", markdown)


@pytest.mark.slow
def test_quick_report_writes_every_section_and_a_rebuilt_section_is_identical(
        tmp_path: Path) -> None:
    first = build_reports(tmp_path / "a", seed=5, quick=True)
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
    # one section, rebuilt in a fresh interpreter (new hash seed, no cached proofs): same bytes
    second = tmp_path / "b"
    done = subprocess.run([sys.executable, "-c", REBUILD_CLOSED_FORMS, str(second)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    for name in ("closed-forms.json", "closed-forms.md"):
        assert (second / name).read_bytes() == (first / name).read_bytes(), name


@pytest.mark.slow  # renders a figure (matplotlib)
def test_heatmap_is_deterministic(tmp_path: Path) -> None:
    audit = AuditResult(seed=1, results=[
        CheckResult("elm_f", "zero_score", "passed"), CheckResult("bcubed_f", "zero_score", "failed"),
        CheckResult("elm_f", "rag_bag", "weak"), CheckResult("bcubed_f", "rag_bag", "error")])
    a = audit_heatmap(audit, tmp_path / "a.png")
    b = audit_heatmap(audit, tmp_path / "b.png")
    assert a.read_bytes() == b.read_bytes() and a.read_bytes()[:4] == b"\x89PNG"
