"""``metricprops report``: usage errors, sections that need a missing optional package, and
regeneration lines that work as printed (the reports themselves: tests/report/test_report.py)."""
from __future__ import annotations

import re
import shlex
import sys
import types
from pathlib import Path

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


def _sections_copied_from(built):
    """Stand-ins for the report's sections that copy them from the shared quick build, with
    the regeneration command each is given: the build's orchestration (which sections,
    which command, the index) runs for real, the sections' work is not done twice."""
    shared = "metricprops report --seed 5 --quick"

    def copying(*names):
        def write(out, *args, command="", **kw):
            for name in names:
                source, target = built / name, Path(out) / name
                target.parent.mkdir(parents=True, exist_ok=True)
                if name.endswith(".md"):
                    target.write_text(source.read_text(encoding="utf-8").replace(shared, command),
                                      encoding="utf-8")
                else:
                    target.write_bytes(source.read_bytes())
        return write

    elm = [p.relative_to(built).as_posix() for p in (built / "elm-paper").rglob("*") if p.is_file()]
    return {"audit_report.write_audit_report": copying(
                "audit.json", "audit.md", "figures/audit-heatmap.png"),
            "coreference.write_coreference_report": copying(
                "coreference.json", "coreference.md", "figures/coreference-heatmap.png"),
            "sections.write_closed_forms": copying("closed-forms.json", "closed-forms.md"),
            "sections.write_elm_paper": copying(*elm),
            "goesgens_report.write_goesgens": copying("goesgens-2021.json", "goesgens-2021.md"),
            "overlapping.write_overlapping_report": copying(
                "overlapping.json", "overlapping.md", "figures/overlapping-heatmap.png")}


@pytest.mark.slow  # the shared quick report
def test_skip_missing_builds_the_rest_and_says_what_was_left_out(invoke, quick_reports, tmp_path,
                                                                 monkeypatch):
    import importlib

    for where, stand_in in _sections_copied_from(quick_reports).items():
        module, name = where.split(".")
        monkeypatch.setattr(importlib.import_module(f"metricprops.report.{module}"), name, stand_in)
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


@pytest.mark.parametrize("quick, missing", [(True, ("clusim", "cdlib", "clustereval",
                                                    "torchmetrics", "river")),
                                             (False, ("clusim", "cdlib", "torchmetrics"))])
def test_the_index_lists_only_what_the_third_party_report_audited(tmp_path, monkeypatch,
                                                                   stub_report_sections,
                                                                   quick, missing):
    import metricprops.report as report
    from metricprops.report.third_party.libraries import LIBRARIES

    for _, module in LIBRARIES.values():  # installed, whatever this machine has
        monkeypatch.setitem(sys.modules, module, types.ModuleType(module))
    for module in missing:
        monkeypatch.setitem(sys.modules, module, None)  # not installed
    stub_report_sections()
    report.build_reports(tmp_path, quick=quick, skip_missing=True)
    (row,) = [line for line in (tmp_path / "README.md").read_text(encoding="utf-8").splitlines()
              if line.startswith("| [third-party.md]")]
    listed = row.split("(built without")[0]
    for dist in ("clusim", "cdlib", "torchmetrics"):  # left out: was listed as audited
        assert dist not in listed, row
    if quick:  # a quick build audits one scikit-learn metric, nothing else
        assert "`adjusted_rand_score` alone" in row and "ClusterEval" not in row
    else:
        assert ("through their plans, ClusterEval, river, python-igraph, genieclust and "
                "networkit, audited as they are") in row
        assert row.endswith("(built without clusim, cdlib, torchmetrics: not installed) |")


@pytest.mark.parametrize("missing", [(), ("cdlib",)])
def test_a_full_build_audits_the_overlapping_plans_only_with_every_library(
        tmp_path, monkeypatch, stub_report_sections, missing):
    import metricprops.report as report
    from metricprops.report.third_party.libraries import LIBRARIES

    for _, module in LIBRARIES.values():
        monkeypatch.setitem(sys.modules, module, types.ModuleType(module))
    for module in missing:
        monkeypatch.setitem(sys.modules, module, None)
    audited, written = [], []
    plans = {"libraries": ["a stand-in for the plans' audit"]}
    stub_report_sections(
        overlapping_audit=lambda seed, **kw: audited.append(seed) or plans,
        write_overlapping_report=lambda out, **kw: written.append(kw))
    report.build_reports(tmp_path, seed=11, skip_missing=True)
    (kw,) = written
    assert kw["seed"] == 11 and kw["quick"] is False
    if missing:  # a library missing: the section says "not built" for the plans
        assert audited == [] and kw["plans"] is None
    else:
        assert audited == [11] and kw["plans"] is plans
    report.build_reports(tmp_path / "quick", seed=11, quick=True, skip_missing=True)
    assert written[-1]["plans"] is None and audited == ([] if missing else [11])


def test_reports_of_other_settings_are_not_overwritten(invoke, tmp_path):
    out = tmp_path / "reports"
    out.mkdir()
    index = out / "README.md"   # what a checkout holds: the full build's index
    index.write_text("# metricprops reports\n\nGenerated by `metricprops report` (seed 7); ...\n")
    result = invoke("report", "--quick", "--out", out, "-q")  # a smoke run over it: refused
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert line == (f"error: --out {out}: expected a folder for the output of `metricprops "
                    "report --quick`, got one holding the output of `metricprops report` "
                    f"({index}), which this run would overwrite; choose another folder with "
                    "--out")
    assert sorted(p.name for p in out.iterdir()) == ["README.md"]  # nothing written
    result = invoke("report", "--quick", "--seed", "3", "--out", out, "-q")
    assert result.exit_code == 2 and "`metricprops report --seed 3 --quick`" in result.stderr


@pytest.mark.slow  # the shared quick report
def test_the_third_party_audit_shows_its_progress(invoke, quick_reports, tmp_path, monkeypatch):
    import importlib

    for where, stand_in in _sections_copied_from(quick_reports).items():
        module, name = where.split(".")
        monkeypatch.setattr(importlib.import_module(f"metricprops.report.{module}"), name, stand_in)
    seen = []

    def third_party_audit(out, *, progress=None, **kw):  # its audits report as they go
        seen.append(progress)
        progress(3, 3, "", "")
        for name in ("third-party.json", "third-party.md"):
            (Path(out) / name).write_bytes((quick_reports / name).read_bytes())

    monkeypatch.setattr(importlib.import_module("metricprops.report.third_party"),
                        "write_reports", third_party_audit)
    result = invoke("report", "--quick", "--seed", "5", "--out", tmp_path / "reports")
    assert result.exit_code == 0, result.output
    assert seen[0] is not None
    lines = result.stderr.splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith("] third-party audit"))
    assert lines[at + 1].startswith("[########################] 3/3 ")


@pytest.mark.slow  # a quick report (and the shared one): about a minute
def test_every_regeneration_line_works_as_printed(invoke, quick_reports, tmp_path, monkeypatch):
    pytest.importorskip("sklearn")
    first, second = quick_reports.parent, tmp_path / "second"
    second.mkdir()
    commands = regeneration_commands(first / "reports")
    # every report names one command, with the options that made it
    report_lines = {c: where for c, where in commands.items() if c.startswith("metricprops report")}
    assert list(report_lines) == ["metricprops report --seed 5 --quick"], commands
    assert sorted(report_lines["metricprops report --seed 5 --quick"]) == sorted(
        ["README.md", "audit.md", "closed-forms.md", "coreference.md", "goesgens-2021.md",
         "overlapping.md", "third-party.md", "third-party/scikit-learn.md"])
    # the ELM reproduction names its own command, whichever command wrote it
    assert commands["metricprops reproduce elm-paper --quick"] == ["elm-paper/elm-paper.md"]
    for command in commands:  # each one is a valid command line
        name, params = parse(command)
        if name == "report":
            assert params["seed"] == 5 and params["quick"] is True
    third = (first / "reports" / "third-party.md").read_text(encoding="utf-8")
    assert "adjusted_rand_score" in third  # the quick third-party audit is not empty
    # run it as printed, from another folder, in this interpreter (the shared build ran in a
    # fresh one: another hash seed, no cached proofs) and on one worker (the shared build ran
    # on one per core; results do not depend on where work runs): the same reports
    monkeypatch.chdir(second)
    rerun = invoke(*shlex.split("metricprops report --seed 5 --quick")[1:], "-q", "--jobs", "1")
    assert rerun.exit_code == 0, rerun.output
    for name in ("README.md", "audit.json", "audit.md", "closed-forms.json", "closed-forms.md",
                 "coreference.json", "coreference.md", "third-party.json", "third-party.md",
                 "third-party/scikit-learn.md",
                 "elm-paper/elm-paper.md", "elm-paper/elm-paper.json", "goesgens-2021.md",
                 "goesgens-2021.json", "overlapping.json", "overlapping.md"):
        assert (second / "reports" / name).read_bytes() == \
            (first / "reports" / name).read_bytes(), name
