"""``metricprops report``: usage errors, sections that need a missing optional package, and
regeneration lines that work as printed (the reports themselves: tests/report/test_report.py)."""
from __future__ import annotations

import re
import shlex
import sys

import click
import pytest

from metricprops.cli import main


def test_report_command_rejects_a_file_as_out(invoke, tmp_path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("x")
    result = invoke("report", "--out", target, "--quick", "-q")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_a_missing_extra_stops_the_report_before_any_work(invoke, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "sklearn", None)  # as if scikit-learn were not installed
    out = tmp_path / "reports"
    result = invoke("report", "--quick", "--out", out, "-q")
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: cannot build the third-party audit: needs scikit-learn, "
                           "not installed (pip install 'metricprops[test]'")
    assert line.endswith("pass --skip-missing to build the other reports without it")
    assert not out.exists()


def regeneration_commands(folder):
    """Every backticked ``metricprops ...`` command in the Markdown files under ``folder``."""
    found = {}
    for md in sorted(folder.rglob("*.md")):
        text = md.read_text(encoding="utf-8")
        assert "python -m" not in text, md
        for command in re.findall(r"`(metricprops [^`]*)`", text):
            found.setdefault(command, []).append(md.relative_to(folder).as_posix())
    return found


def parse(command):
    """The parameters ``command`` sets, parsed by the real command line (a usage error if a
    word is wrong)."""
    cmd, words, name = main, shlex.split(command)[1:], "metricprops"
    while isinstance(cmd, click.Group):  # metricprops reproduce elm-paper: two levels
        name, words = words[0], words[1:]
        cmd = cmd.commands[name]
    return name, cmd.make_context(name, words).params


@pytest.mark.slow  # a quick report: about a minute
def test_skip_missing_builds_the_rest_and_says_what_was_left_out(invoke, tmp_path,
                                                                 monkeypatch):
    monkeypatch.setitem(sys.modules, "sklearn", None)
    out = tmp_path / "reports"
    result = invoke("report", "--quick", "--seed", "5", "--out", out, "-q", "--skip-missing")
    assert result.exit_code == 0, result.output
    assert result.stderr.strip().splitlines() == [
        "not built: the third-party audit (needs scikit-learn; --skip-missing)"]
    index = (out / "README.md").read_text(encoding="utf-8")
    assert "| third-party.md | not built: needs scikit-learn, not installed" in index
    assert "](third-party.md)" not in index and not (out / "third-party.md").exists()
    for link in re.findall(r"\]\(([^)#]+)\)", index):
        assert (out / link).is_file(), link
    commands = regeneration_commands(out)
    reports = {c for c in commands if c.startswith("metricprops report")}
    assert reports == {"metricprops report --seed 5 --quick --skip-missing"}
    assert parse(next(iter(reports)))[1]["skip_missing"] is True


@pytest.mark.slow  # two quick reports: about two minutes
def test_every_regeneration_line_works_as_printed(invoke, tmp_path, monkeypatch):
    pytest.importorskip("sklearn")
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    monkeypatch.chdir(first)
    result = invoke("report", "--quick", "--seed", "5", "-q")
    assert result.exit_code == 0, result.output
    commands = regeneration_commands(first / "reports")
    # every report names one command, with the options that made it
    report_lines = {c: where for c, where in commands.items() if c.startswith("metricprops report")}
    assert list(report_lines) == ["metricprops report --seed 5 --quick"], commands
    assert sorted(report_lines["metricprops report --seed 5 --quick"]) == sorted(
        ["README.md", "audit.md", "closed-forms.md", "coreference.md",
         "elm-paper/elm-paper.md", "third-party.md"])
    for command in commands:  # each one is a valid command line
        name, params = parse(command)
        if name == "report":
            assert params["seed"] == 5 and params["quick"] is True
    third = (first / "reports" / "third-party.md").read_text(encoding="utf-8")
    assert "adjusted_rand_score" in third  # the quick third-party audit is not empty
    # run it as printed, from another folder: the same reports
    monkeypatch.chdir(second)
    rerun = invoke(*shlex.split("metricprops report --seed 5 --quick")[1:], "-q")
    assert rerun.exit_code == 0, rerun.output
    for name in ("README.md", "audit.json", "audit.md", "closed-forms.md", "third-party.json",
                 "third-party.md", "elm-paper/elm-paper.md", "elm-paper/elm-paper.json"):
        assert (second / "reports" / name).read_bytes() == \
            (first / "reports" / name).read_bytes(), name
