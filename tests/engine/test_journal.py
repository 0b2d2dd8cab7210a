"""Nothing lost: the journal, interrupted audits and --resume."""
from __future__ import annotations

import functools
import json
import signal
import subprocess
import sys
import time

import pytest

import metricprops as mp
from metricprops.engine import Journal
from metricprops.errors import AuditInterrupted, JournalError

SMALL = dict(seed=11, max_examples=5, exhaustive_n=3)
METRICS, CONSTRAINTS = ["purity", "elm_f"], ["rag_bag", "completeness", "degenerate"]


def _stop_after(n):
    seen = []

    def on_result(r):
        seen.append(r)
        if len(seen) == n:
            raise KeyboardInterrupt

    return on_result


@pytest.mark.slow
def test_an_interrupted_audit_keeps_what_finished_and_resume_completes_it(tmp_path):
    journal = tmp_path / "audit.journal"
    with pytest.raises(AuditInterrupted) as info:
        mp.audit(METRICS, CONSTRAINTS, journal=journal, on_result=_stop_after(2), **SMALL)
    partial = info.value.partial.to_json()
    assert partial["complete"] is False and len(partial["results"]) == 2
    assert len(partial["unfinished"]) == 4 and partial["seed"] == SMALL["seed"]
    again = mp.audit(METRICS, CONSTRAINTS, journal=journal, resume=True,
                     **dict(SMALL, seed=None))  # the seed comes from the journal
    whole = mp.audit(METRICS, CONSTRAINTS, **SMALL)
    assert again.dumps() == whole.dumps() and '"complete": true' in whole.dumps()


def test_resume_refuses_a_journal_of_another_audit(tmp_path):
    journal = tmp_path / "j"
    Journal.open(journal, seed=1, settings={"max_examples": 5}, pairs=[("purity", "symmetry")]
                 ).close()
    with pytest.raises(JournalError, match="settings"):
        mp.audit(["purity"], ["symmetry"], journal=journal, resume=True, seed=1,
                 max_examples=6)
    (tmp_path / "x").write_text("not a journal\n", encoding="utf-8")
    with pytest.raises(JournalError, match="not a metricprops audit journal"):
        mp.audit(["purity"], ["symmetry"], journal=tmp_path / "x", resume=True)


def test_a_line_cut_short_by_the_interrupt_is_ignored(tmp_path):
    journal = tmp_path / "j"
    with pytest.raises(AuditInterrupted):
        mp.audit(METRICS, CONSTRAINTS, journal=journal, on_result=_stop_after(1), **SMALL)
    with open(journal, "a", encoding="utf-8") as fh:
        fh.write('{"result": {"metric": "pur')  # the power went out mid-line
    again = mp.audit(METRICS, CONSTRAINTS, journal=journal, resume=True, **SMALL)
    assert again.dumps() == mp.audit(METRICS, CONSTRAINTS, **SMALL).dumps()


def _lines(path):
    try:
        return path.read_text(encoding="utf-8").count("\n")
    except OSError:
        return 0


@pytest.mark.slow
@pytest.mark.parametrize("sig, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_writes_partial_outputs_and_resume_gives_the_uninterrupted_json(
        tmp_path, sig, status):
    args = [sys.executable, "-m", "metricprops", "audit", "purity", "elm_f", "bcubed_f",
            "--seed", "4", "--max-examples", "30", "--exhaustive-n", "4", "--jobs", "2", "-q",
            "-c", "degenerate", "-c", "completeness", "-c", "rag_bag", "-c", "homogeneity"]
    out = tmp_path / "out.json"
    # a process started with SIGINT ignored keeps ignoring it (POSIX, and Python honours
    # it); the test process may have inherited that, so the audit starts with the default
    run = subprocess.Popen(args + ["--json", str(out)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                           preexec_fn=functools.partial(signal.signal, sig, signal.SIG_DFL))
    journal = tmp_path / "out.json.journal"  # the default: beside --json
    while _lines(journal) < 3 and run.poll() is None:  # the header and two checks
        time.sleep(0.05)
    run.send_signal(sig)
    stdout, stderr = run.communicate(timeout=60)
    assert run.returncode == status, stderr
    partial = json.loads(out.read_text(encoding="utf-8"))
    assert partial["complete"] is False and partial["unfinished"] and partial["results"]
    assert "interrupted:" in stderr and "--resume" in stderr
    assert "purity" in stdout  # the verdicts that finished
    resumed = subprocess.run(args + ["--json", str(out), "--resume", str(journal)], cwd=tmp_path,
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 1, resumed.stderr
    assert not journal.exists()  # the default journal goes once the outputs are written
    whole = tmp_path / "whole.json"
    subprocess.run(args + ["--json", str(whole)], cwd=tmp_path, capture_output=True,
                   timeout=300)
    assert out.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
