"""``audit --html DIR`` and ``report --html-only``: the HTML report from the command line."""
from __future__ import annotations

from click.testing import CliRunner

from metricprops.cli import main

FAST = ["-c", "zero_score", "--seed", "3", "--max-examples", "5",
        "--exhaustive-n", "3", "-q"]


def test_audit_html_writes_the_page_with_each_pairs_replay(tmp_path):
    out = tmp_path / "html"
    result = CliRunner().invoke(main, ["audit", "bcubed_f", *FAST, "--html", str(out)])
    assert result.exit_code == 1, result.output  # bcubed_f fails zero_score
    page = (out / "index.html").read_text(encoding="utf-8")
    assert (out / "static" / "report.css").is_file()
    assert "truth: {0 1}" in page  # the smallest zero_score counterexample
    # the pair's own command: its target and constraint, the options given, the seed
    assert ("metricprops audit bcubed_f -c zero_score --max-examples 5 --exhaustive-n 3 "
            "--quiet --seed 3") in page


def test_audit_html_on_a_file_is_refused_before_any_work(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("", encoding="utf-8")
    result = CliRunner().invoke(main, ["audit", "bcubed_f", *FAST, "--html", str(taken)])
    assert result.exit_code == 2 and "Invalid value for '--html'" in result.output
    assert "is a file" in result.output


def test_report_html_only_needs_reports(tmp_path):
    result = CliRunner().invoke(main, ["report", "--html-only", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "expected the reports of `metricprops report`" in result.output
