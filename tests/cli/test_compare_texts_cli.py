"""What ``metricprops compare`` prints (issue 27, items 9 and 11): every distinct finding it
counts, a reproduction that runs as printed, and the command that replays the run."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import pytest

PLUGIN = textwrap.dedent("""
    from sklearn.metrics import adjusted_rand_score


    def flawed(labels_true, labels_pred):
        if len(labels_true) == 3:
            return float("nan")
        if len(set(labels_true)) == 2 and len(labels_true) == 4:
            raise ValueError("two blocks of four")
        return adjusted_rand_score(labels_true, labels_pred) + (len(labels_true) == 5)
""")
FAST = ["--seed", "3", "--max-examples", "30", "--exhaustive-n", "5", "--scale-max-n", "0"]


@pytest.fixture(scope="module")
def compared(invoke, tmp_path_factory):
    """One comparison, run in a folder holding the plug-in (imported once: a second file of
    the same module name in another folder would not be the one imported)."""
    folder = tmp_path_factory.mktemp("compare")
    (folder / "mymetrics.py").write_text(PLUGIN)
    here = os.getcwd()
    os.chdir(folder)
    try:
        return folder, invoke("compare", "mymetrics.py:flawed", "adjusted_rand", *FAST)
    finally:
        os.chdir(here)


def test_every_finding_counted_is_shown(compared):
    _, result = compared
    assert result.exit_code == 1, result.output
    out = result.stdout
    more = re.search(r"(\d+) more distinct findings?", out)
    assert more, out
    assert out.count("\n  also: ") == int(more.group(1))


@pytest.mark.slow  # more than 1.5 s alone
def test_the_replay_command_and_the_reproduction_are_printed_runnable(compared):
    folder, result = compared
    out = result.stdout
    (replay,) = [x for x in out.splitlines() if x.startswith("replay with: ")]
    assert replay.startswith("replay with: metricprops compare mymetrics.py:flawed "
                             "adjusted_rand --max-examples 30") and replay.endswith("--seed 3")
    (line,) = [x.split("reproduce: ", 1)[1] for x in out.splitlines() if "reproduce: " in x]
    assert "mymetrics:flawed(" not in line  # the metric's name is not Python
    run = subprocess.run([sys.executable, "-c", line], cwd=folder, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert len(run.stdout.split()) == 2  # both values


@pytest.mark.slow  # more than 1.5 s alone
def test_a_reproduction_is_left_out_when_a_metric_has_no_address():
    import metricprops as mp

    r = mp.compare(mp.metric(lambda t, p: 2.0, name="anonymous"), "rand", seed=1,
                   max_examples=5, exhaustive_n=2, scale_max_n=0)
    assert r.status == "disagree" and r.reproduce == ""
    assert "reproduce:" not in r.describe()
