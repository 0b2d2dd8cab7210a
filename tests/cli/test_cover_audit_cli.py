"""`metricprops audit` of cover metrics: the cover form of max_agreement, the cover
constraints by name, and the JSON of a cover counterexample."""
import json

import pytest


@pytest.mark.slow
def test_audit_extended_bcubed_fails_max_agreement_with_a_cover_pair(invoke, tmp_path):
    out = tmp_path / "audit.json"
    result = invoke("audit", "extended_bcubed_f", "-c", "max_agreement", "--seed", "1", "-q",
                    "--max-examples", "10", "--json", out)
    assert result.exit_code == 1, result.output
    assert "truth: {0 1 | 0 2 | 1 2}" in result.stdout
    assert "pred: {0 | 0 1 2 | 1 | 2}" in result.stdout
    (found,) = json.loads(out.read_text())["results"]
    assert found["status"] == "failed"
    assert found["counterexample"]["pred"] == [[0, 1], [1, 2], [1, 3]]


def test_audit_names_a_cover_constraint_and_refuses_it_for_partition_metrics(invoke):
    result = invoke("audit", "bcubed_f", "-c", "multiplicity_recall", "--seed", "1", "-q",
                    "--max-examples", "0", "--exhaustive-n", "2")
    assert result.exit_code == 0, result.output
    assert "–" in result.stdout and "metric of partitions" in result.stdout


def test_list_shows_the_cover_metrics_and_constraints(invoke):
    listed = json.loads(invoke("list", "--json").stdout)
    covers = {m["name"]: m for m in listed["metrics"] if m.get("input") == "cover"}
    assert covers["extended_bcubed_f"]["partition_form"] == "bcubed_f_amigo"
    assert {"onmi_lfk", "onmi_mgh", "omega", "cice_bcubed_f", "elm_cover_f"} <= set(covers)
    names = {c["name"] for c in listed["constraints"]}
    assert {"multiplicity_precision", "multiplicity_recall", "partition_form"} <= names


def test_score_reads_cover_files_in_both_formats(invoke, tmp_path):
    truth, pred = tmp_path / "truth.txt", tmp_path / "pred.txt"
    truth.write_text("alice bob\n# a comment\nbob carol\n", encoding="utf-8")
    pred.write_text("alice bob carol\n", encoding="utf-8")
    result = invoke("score", truth, pred, "--format", "clusters", "--json")
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)["scores"]
    assert scores["extended_bcubed_f"] == pytest.approx(0.8530465949820788)
    assert "bcubed_f" not in scores and scores["onmi_lfk"] == pytest.approx(0.5)
    truth.write_text("x\nx y\ny\n", encoding="utf-8")
    pred.write_text("1\n1\n1\n", encoding="utf-8")
    result = invoke("score", truth, pred, "--format", "label-sets", "-m", "omega", "--json")
    assert json.loads(result.stdout)["scores"] == {"omega": 0.0}


def test_score_refuses_an_item_in_no_cluster_in_one_line(invoke, tmp_path):
    truth, pred = tmp_path / "truth.txt", tmp_path / "pred.txt"
    truth.write_text("a b\nc\n", encoding="utf-8")
    pred.write_text("a b\n", encoding="utf-8")  # c is in no predicted cluster
    result = invoke("score", truth, pred, "--format", "clusters")
    assert result.exit_code == 2
    assert "expected every item in at least one cluster, got item 2 in none" in result.stderr
    assert "Traceback" not in result.output
