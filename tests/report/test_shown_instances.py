"""Every instance a report shows scores what the report says it scores: a score named after
a shown partition (``pred``, ``worse``, ``better``) is the metric's value on the truth and that
partition.  (A counterexample at values no partitions have -- hypothetical pair counts --
shows the counts alone.)"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Iterator, List, Tuple

import pytest

import metricprops as mp
from metricprops.registry import metric_names

REPORTS = Path(__file__).resolve().parents[2] / "reports"


def _examples(row: dict) -> Iterator[dict]:
    """The examples of one audit result (headline, tie, every finding) or Gösgens cell."""
    for key in ("counterexample", "tie", "example", "on_trivial_only"):
        if isinstance(row.get(key), dict):
            yield row[key]
    for finding in row.get("findings") or []:
        if isinstance(finding.get("counterexample"), dict):
            yield finding["counterexample"]


def shown_scores(metric: str, examples: Iterator[dict]) -> Iterator[Tuple[str, Any, Any, float]]:
    """(role, truth, partition, recorded score) of every score named after a shown partition."""
    for example in examples:
        scores = example.get("scores")
        if "truth" not in example or not isinstance(scores, dict):
            continue
        for role, value in scores.items():
            if role != "truth" and isinstance(example.get(role), list):
                yield role, example["truth"], example[role], value


def mismatches(results: List[Tuple[str, Iterator[dict]]]) -> Tuple[int, List[str]]:
    """(scores checked, the ones the shown partitions do not give)."""
    builtins, checked, wrong = set(metric_names()), 0, []
    for name, examples in results:
        if name not in builtins:
            continue
        metric = mp.get_metric(name)
        for role, truth, pred, recorded in shown_scores(name, examples):
            checked += 1
            value = metric(truth, pred)
            if not math.isclose(value, recorded, rel_tol=1e-9, abs_tol=1e-12):
                wrong.append(f"{name}: {role} = {recorded} shown on truth {truth}, {role} "
                             f"{pred}, which score {value}")
    return checked, wrong


def _audit_rows(path: Path) -> List[Tuple[str, Iterator[dict]]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(r["metric"], _examples(r)) for r in data["results"]]


@pytest.mark.slow  # 1,300 scores, some first calls importing scipy's solvers: about 2 s
def test_every_instance_the_committed_audit_shows_scores_what_it_says():
    # adjusted_rand and mirkin x minimal_agreement showed {0 1} against {0 1} with the value
    # of the pair counts (0, 0, 1, 0): identical partitions, which score 1 (0)
    checked, wrong = mismatches(_audit_rows(REPORTS / "audit.json"))
    assert checked > 1000 and wrong == []


def test_every_cover_pair_the_committed_overlapping_section_shows_scores_what_it_says():
    checked, wrong = mismatches(_audit_rows(REPORTS / "overlapping.json"))
    assert checked > 30 and wrong == []
    example = json.loads((REPORTS / "overlapping.json").read_text(encoding="utf-8"))[
        "elm_overlapping"]
    from metricprops.reproduce.elm_overlapping import PRED, TRUTH
    for row in example["rows"]:  # the paper's example, as the section shows it
        if row["metric"] in metric_names():
            assert mp.get_metric(row["metric"])(TRUTH, PRED) == row["score"], row


def test_every_instance_the_committed_goesgens_table_shows_scores_what_it_says():
    data = json.loads((REPORTS / "goesgens-2021.json").read_text(encoding="utf-8"))
    checked, wrong = mismatches([(r["metric"], _examples(r.get("ours") or {}))
                                 for r in data["rows"]])
    assert checked > 30 and wrong == []


@pytest.mark.slow
def test_every_instance_a_fresh_audit_shows_scores_what_it_says(quick_reports):
    checked, wrong = mismatches(_audit_rows(quick_reports / "audit.json"))
    assert checked > 100 and wrong == []
