"""Judgements of the libraries' findings: every planned target has one family, bugs carry
their titles into the report's summary, and errors on degenerate input are judged with the
check's other findings."""
from __future__ import annotations

from metricprops.plans.plan import load_plan
from metricprops.report.third_party.audit import judgement, render_markdown
from metricprops.report.third_party.bugs import BUGS
from metricprops.report.third_party.libraries import LIBRARIES
from metricprops.report.third_party.notes import FAMILY, library_bug_title, library_note


def test_every_planned_target_has_a_family():
    planned = {t.name for name in LIBRARIES for t in load_plan(name).targets}
    assert planned == set(FAMILY)


def test_a_bug_note_names_its_bug_and_a_rule_is_no_bug():
    note = library_note("clusim.pearson_correlation", "max_agreement", "failed")
    assert library_bug_title(note) == next(b.title for b in BUGS
                                           if b.title.startswith("`pearson_correlation`"))
    rule = library_note("river.Rand", "constant_baseline", "failed")
    assert rule.startswith("**By definition.**") and library_bug_title(rule) is None
    assert library_note("river.Rand", "constant_baseline", "weak") is None
    assert library_note("not.planned", "bounds", "failed") is None


def test_an_error_is_judged_with_the_other_findings():
    note = library_note("clusim.rand_index", "n_invariance", "error")
    assert note.startswith("**Degenerate-input convention") and "Pair counts" in note
    assert library_note("river.Rand", "bounds", "error") is None  # no such convention known


def _result(metric, constraint, status):
    return {"metric": metric, "constraint": constraint, "status": status, "examples": 1,
            "exhaustive_n": 3, "max_items": 6, "seed": 1, "counterexample": None, "tie": None,
            "error": None, "message": "m"}


def test_the_summary_counts_library_bugs():
    results = [_result("clusim.pearson_correlation", "max_agreement", "failed"),
               _result("clusim.fmeasure", "max_agreement", "failed"),
               _result("clusim.rand_index", "constant_baseline", "failed")]
    report = {"seed": 1, "settings": {"max_examples": 1, "exhaustive_n": 3, "max_items": 6},
              "versions": {"clusim": "0.4"}, "metrics": [], "results": results,
              "libraries": [], "missing": []}
    md = render_markdown(report)
    assert "3 failed pairs; 2 implementation bugs behind 2 of them:" in md
    assert "identical partitions without a pair together score 0 (`clusim.fmeasure`" in md
    assert "## Bugs, with plain-Python reproductions" in md and "(clusim 0.4)" in md
    assert judgement(results[2]).startswith("**By definition.**")
