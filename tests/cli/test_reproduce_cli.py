"""``metricprops reproduce elm-paper --quick``: its outputs, and byte-identical reruns."""
from __future__ import annotations

import json
import os

import pytest

from metricprops.reproduce import elm_paper
from metricprops.reproduce import elm_paper_text


def _run_quick(invoke, out, json_path):
    result = invoke("reproduce", "elm-paper", "--quick", "--out", out, "--json", json_path)
    assert result.exit_code == 0, result.output + repr(result.exception)
    return result


@pytest.fixture(scope="module")
def quick_run(invoke, tmp_path_factory):
    base = tmp_path_factory.mktemp("elm")
    out, js = base / "out", base / "elm.json"
    result = _run_quick(invoke, out, js)
    return out, js, result


@pytest.mark.slow  # the whole quick reproduction (sections 2.2, 3.4, figures)
def test_quick_cli_outputs(quick_run):
    out, js, result = quick_run
    doc = json.loads(js.read_text())
    assert doc["schema"] == elm_paper_text.SCHEMA
    assert list(doc) == ["schema", "experiment", "source", "definitions", "config",
                         "section_2_2", "section_3_4", "sensitivity_n_items", "comparison",
                         "figures"]
    assert doc["config"]["quick"] is True
    assert doc["section_3_4"]["truths"] == elm_paper.QUICK_TRUTHS
    assert doc["section_2_2"]["pairs"]["discordant"] == 23839467
    for key in ("swapped_share", "kendall_tau_b", "entropy_vs_swaps", "swap_fraction"):
        assert key in doc["section_3_4"]
    assert {r["quantity"] for r in doc["comparison"]} >= {"swapped share",
                                                          "Kendall tau-b per truth: mean"}
    for name in doc["figures"].values():
        path = out / name
        assert path.is_file() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert b"Software" not in path.read_bytes()[:4096]
    md = (out / "elm-paper.md").read_text()
    for name in doc["figures"].values():
        assert f"]({name})" in md                       # relative links
    assert str(out) not in md and os.sep + "tmp" not in md
    assert "Kendall tau-b" in result.output and "paper" in result.output


@pytest.mark.slow
def test_quick_cli_is_byte_identical_on_rerun(invoke, quick_run, tmp_path):
    out, js, _ = quick_run
    out2, js2 = tmp_path / "out", tmp_path / "elm.json"
    _run_quick(invoke, out2, js2)
    assert js.read_bytes() == js2.read_bytes()
    for f in sorted(os.listdir(out)):
        assert (out / f).read_bytes() == (out2 / f).read_bytes(), f


def test_reproduce_group_help(invoke):
    result = invoke("reproduce", "--help")
    assert result.exit_code == 0 and "elm-paper" in result.output
