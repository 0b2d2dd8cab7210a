"""``metricprops report``: usage errors (the reports themselves: tests/report/test_report.py)."""
from __future__ import annotations


def test_report_command_rejects_a_file_as_out(invoke, tmp_path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("x")
    result = invoke("report", "--out", target, "--quick", "-q")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
