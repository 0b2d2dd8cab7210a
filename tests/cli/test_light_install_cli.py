"""The base install scores and audits without the plotting extra; the commands that draw
figures say which extra they need, before any work."""
from __future__ import annotations

import subprocess
import sys

import pytest

#: Runs the command line in a fresh interpreter where matplotlib and pytest cannot be
#: imported, as after ``pip install metricprops`` without extras.
WITHOUT = ("import sys; sys.modules['matplotlib'] = None; sys.modules['pytest'] = None; "
           "from metricprops.cli import main; "
           "sys.argv = ['metricprops'] + sys.argv[1:]; main()")


def _run(*args, cwd):
    return subprocess.run([sys.executable, "-c", WITHOUT, *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow  # more than 1.5 s alone
def test_score_and_audit_work_without_matplotlib_or_pytest(tmp_path):
    (tmp_path / "t.txt").write_text("0\n0\n1\n1\n", encoding="utf-8")
    (tmp_path / "p.txt").write_text("0\n1\n1\n1\n", encoding="utf-8")
    scored = _run("score", "t.txt", "p.txt", "--metric", "rand", cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr
    assert "rand" in scored.stdout
    audited = _run("audit", "elm_f", "-c", "completeness", "--max-examples", "5",
                   "--exhaustive-n", "3", "--scale-max-n", "0", "-q", cwd=tmp_path)
    assert audited.returncode == 0, audited.stderr
    assert "completeness" in audited.stdout


@pytest.mark.parametrize("args", [["report", "--out", "r"],
                                  ["reproduce", "elm-paper", "--out", "e"]])
def test_a_command_that_draws_names_the_plot_extra(tmp_path, args):
    result = _run(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "pip install 'metricprops[plot]'" in result.stderr
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # nothing was done
