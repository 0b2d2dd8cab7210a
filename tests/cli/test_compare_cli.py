"""``metricprops compare``: exit codes, JSON output, file targets, usage errors."""
from __future__ import annotations

import json

import pytest

BUDGET = ["--seed", "1", "--max-examples", "5", "--exhaustive-n", "3"]


@pytest.mark.slow
def test_cli_agree_exit_0(invoke):
    res = invoke("compare", "rand", "rand", *BUDGET)
    assert res.exit_code == 0, res.output
    assert "agree" in res.output


@pytest.mark.slow
def test_cli_disagreement_exit_1_and_json(invoke, tmp_path):
    out = tmp_path / "sub" / "cmp.json"
    res = invoke("compare", "bcubed_precision", "bcubed_recall", *BUDGET, "--json", out)
    assert res.exit_code == 1, res.output
    data = json.loads(out.read_text())
    assert data["status"] == "disagree" and data["a"] == "bcubed_precision"
    assert data["counterexample"]["truth"] == [0, 0]
    assert data["counterexample"]["pred"] == [0, 1]
    assert data["counterexample"]["scores"] == {"a": 1.0, "b": 0.5}


@pytest.mark.slow
def test_cli_file_target_with_planted_bug(invoke, tmp_path):
    source = tmp_path / "impl.py"
    source.write_text(
        "from collections import Counter\n"
        "from metricprops import get_metric\n"
        "def my_rand(t, p):\n"
        "    v = get_metric('rand')(t, p)\n"
        "    return v + 0.25 if max(Counter(p).values()) >= 7 else v\n")
    res = invoke("compare", f"{source}:my_rand", "rand", "--seed", "3", "--max-examples", "10",
                 "--exhaustive-n", "3")
    assert res.exit_code == 1, res.output
    assert "{0 1 2 3 4 5 6}" in res.output


@pytest.mark.parametrize("args", [["compare", "no_such_metric", "rand"],
                                  ["compare", "rand", "rand", "--tolerance", "-1"],
                                  ["compare", "rand"],
                                  ["compare", "nosuchmodule_xyz:f", "rand"]])
def test_cli_usage_errors_exit_2(invoke, args):
    res = invoke(*args)
    assert res.exit_code == 2, res.output


@pytest.mark.slow  # two compares
def test_cli_jobs_one_and_two_write_the_same_json(invoke, tmp_path):
    for jobs in (1, 2):
        res = invoke("compare", "bcubed_precision", "bcubed_recall", *BUDGET, "--jobs", jobs,
                     "--json", tmp_path / f"{jobs}.json")
        assert res.exit_code == 1, res.output
    assert (tmp_path / "1.json").read_bytes() == (tmp_path / "2.json").read_bytes()
