"""``metricprops audit`` options of issue 12: --tolerance, --min-items, --budget, --timings, and
what the JSON and the Markdown record (declared metadata, tolerance, findings, effort)."""
from __future__ import annotations

import json
import textwrap

import pytest

FAST = ["--seed", "7", "--max-examples", "20", "--exhaustive-n", "4", "-q"]

METRICS = textwrap.dedent('''
    import time
    import numpy as np
    import metricprops as mp

    _elm = mp.get_metric("elm_f")

    def float32_elm(t, p):
        """ELM F computed in float32, with the rounding depending on the argument order."""
        return float(np.float32(_elm(t, p)) + np.float32(1e-7) * (len(set(p)) % 2))

    def nan_at_one_item(t, p):
        return float("nan") if len(t) == 1 else _elm(t, p)

    def slow(t, p):
        time.sleep(0.02)
        return _elm(t, p)
''')


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    """``target(name)``: a file target in one module written once (a module name imports once)."""
    path = tmp_path_factory.mktemp("targets") / "issue12_metrics.py"
    path.write_text(METRICS, encoding="utf-8")
    return lambda name: f"{path}:{name}"


def _json(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("args, needle", [
    (["--tolerance", "-1"], "--tolerance: expected a finite number >= 0, got -1.0"),
    (["--tolerance", "inf"], "--tolerance: expected a finite number >= 0, got inf"),
    (["--min-items", "0"], "--min-items: expected an integer >= 1, got 0"),
    (["--min-items", "9", "--max-items", "8"], "--min-items: expected at most max_items (8)"),
    (["--time-budget", "0"], "--time-budget: expected a number of seconds > 0"),
    (["--time-budget", "nan"], "--time-budget: expected a number of seconds > 0"),
])
def test_bad_values_are_usage_errors_before_any_work(invoke, args, needle):
    result = invoke("audit", "elm_f", "-c", "zero_score", *args, *FAST)
    assert result.exit_code == 2
    assert needle in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_tolerance_absorbs_float32_rounding(invoke, target, tmp_path):
    args = [target("float32_elm"), "-c", "symmetry", "--symmetric", "--lower", "0",
            "--upper", "1.1", *FAST]
    strict = invoke("audit", *args)
    assert strict.exit_code == 1, strict.output
    out = tmp_path / "loose.json"
    loose = invoke("audit", *args, "--tolerance", "1e-6", "--json", out)
    assert loose.exit_code == 0, loose.output
    data = _json(out)
    assert data["settings"]["tolerance"] == 1e-6
    assert [r["tolerance"] for r in data["results"]] == [1e-6]
    assert data["results"][0]["status"] == "passed"


@pytest.mark.slow
def test_min_items_leaves_a_one_item_nan_out(invoke, target, tmp_path):
    args = [target("nan_at_one_item"), "-c", "max_agreement", "--lower", "0", "--upper", "1",
            "--perfect", "1", *FAST]
    out = tmp_path / "all.json"
    everything = invoke("audit", *args, "--json", out)
    assert everything.exit_code == 1
    r = _json(out)["results"][0]
    assert r["status"] == "error" and r["error"]["reason"] == "nan" and r["error"]["truth"] == [0]
    assert [f["kind"] for f in r["findings"]] == ["error"]
    assert r["counterexample"] is None  # schema 1: the headline fills its own field only
    out = tmp_path / "two.json"
    assert invoke("audit", *args, "--min-items", "2", "--json", out).exit_code == 0
    r = _json(out)["results"][0]
    assert r["status"] == "passed" and r["min_items"] == 2 and r["findings"] == []


@pytest.mark.slow
def test_budget_gives_up_on_checks_that_run_out(invoke, target, tmp_path):
    out, md = tmp_path / "budget.json", tmp_path / "budget.md"
    result = invoke("audit", target("slow"), "-c", "completeness", "-c", "homogeneity",
                    "--time-budget", "1", "--lower", "0", "--upper", "1", "--perfect", "1", *FAST,
                    "--json", out, "--markdown", md)
    assert result.exit_code == 0, result.output  # gave up is no finding ... and no pass
    assert "?" in result.stdout
    data = _json(out)
    assert data["settings"]["time_budget"] == 1.0
    for r in data["results"]:
        assert r["status"] == "gave_up"
        assert "ran out of its share of the time budget" in r["message"]
        # 0.02 s a call in 0.5 s: the exhaustive phase was cut short, and the message says so
        assert "after the first" in r["message"] and "after all" not in r["message"]
        assert r["seconds"] >= 0 and r["calls"] > 0
    assert "metric calls / seconds" in md.read_text(encoding="utf-8")


@pytest.mark.slow
def test_json_and_markdown_record_metadata_and_effort(invoke, tmp_path):
    out, md = tmp_path / "a.json", tmp_path / "a.md"
    result = invoke("audit", "elm_f", "vi", "-c", "zero_score", *FAST, "--json", out,
                    "--markdown", md)
    assert result.exit_code == 0, result.output
    data = _json(out)
    assert data["metrics"]["vi"]["kind"] == "distance"
    assert data["metrics"]["elm_f"]["perfect"] == 1.0
    assert all("seconds" not in r and r["calls"] >= 0 for r in data["results"])
    text = md.read_text(encoding="utf-8")
    assert "| elm_f | similarity | [0, 1] | 1 | yes | 1e-09 |" in text
    assert "## Search effort" in text and "Per check: metric calls." in text


@pytest.mark.slow
def test_timings_are_written_on_request_only(invoke, tmp_path):
    a, b, timed = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "t.json"
    for path in (a, b):
        invoke("audit", "elm_f", "-c", "completeness", *FAST, "--json", path)
    assert a.read_bytes() == b.read_bytes()  # same seed, same bytes
    invoke("audit", "elm_f", "-c", "completeness", *FAST, "--timings", "--json", timed)
    assert isinstance(_json(timed)["results"][0]["seconds"], float)
