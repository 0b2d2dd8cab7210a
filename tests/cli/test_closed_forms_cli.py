"""`metricprops closed-forms`, at ``--max-k 2``: the proof of the whole catalog up to k = 6
runs once, as a slow test, in tests/symbolic/test_symbolic.py."""
from __future__ import annotations

import json

import pytest

import metricprops as mp
from metricprops import registry
from metricprops.symbolic import BUILTIN_CLOSED_FORMS, ClosedForm

STATUSES = {"proved", "checked numerically", "refuted", "error"}


@pytest.mark.slow
def test_closed_forms_prints_every_builtin_form_and_writes_json(invoke, tmp_path):
    path = tmp_path / "forms.json"
    result = invoke("closed-forms", "--max-k", "2", "--json", str(path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert sum(line.startswith(("proved ", "checked numerically ")) for line in lines) \
        == len(BUILTIN_CLOSED_FORMS)
    assert "sum_i(s_i*(s_i - 1))/(N*(N - 1))" in result.output
    assert "0 refuted" in lines[-1]
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["schema"] == 1 and doc["max_k"] == 2
    assert set(doc["summary"]) == STATUSES and doc["summary"]["refuted"] == 0
    assert len(doc["results"]) == len(BUILTIN_CLOSED_FORMS)
    keys = {"metric", "prediction", "expression", "quantity", "k", "condition", "status",
            "scope", "checked", "exact", "reason", "counterexample"}
    for row in doc["results"]:
        assert keys <= set(row) and row["status"] in STATUSES
    assert {g["metric"]: g["sign"] for g in doc["theorem3"]} == {"elm_f": 1, "bcubed_f": 1}


@pytest.mark.slow
def test_closed_forms_metric_filter(invoke):
    result = invoke("closed-forms", "--metric", "elm_recall", "--max-k", "2")
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("proved")]
    assert rows and all("elm_recall" in line for line in rows)
    assert "k = 1..2" in result.output


@pytest.fixture
def wrong_plugin(monkeypatch):
    registry.list_metrics()  # populate the built-ins first
    bad = mp.metric(lambda t, p: get_precision(t, p), name="plugin_elm_precision",
                    bounds=(0, 1), closed_forms=(ClosedForm("one_block", "sum_i(s_i**2)/N**2"),))
    monkeypatch.setitem(registry._metrics, bad.name, bad)
    return bad


def get_precision(labels_true, labels_pred):
    return mp.get_metric("elm_precision")(labels_true, labels_pred)


@pytest.mark.slow  # more than 1.5 s alone
def test_a_wrong_declared_form_is_refuted_with_exit_status_1(invoke, wrong_plugin, tmp_path):
    path = tmp_path / "forms.json"
    result = invoke("closed-forms", "--metric", wrong_plugin.name, "--max-k", "2",
                    "--json", str(path))
    assert result.exit_code == 1, result.output
    assert "refuted" in result.output and "counterexample at s1 = " in result.output
    doc = json.loads(path.read_text(encoding="utf-8"))
    (row,) = doc["results"]
    assert row["status"] == "refuted" and row["counterexample"]["substitution"]["N"] >= 2
