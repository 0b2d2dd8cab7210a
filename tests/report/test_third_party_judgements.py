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
    # NaN on two identical one-item partitions: a value other than the declared perfect one,
    # and undocumented -- a bug by the report's rule, not a convention
    assert note.startswith("**Bug (edge case)**") and "Pair counts" in note
    assert "Upstream: no issue found" in note


def test_the_rule_reserves_convention_for_documented_choices():
    from metricprops.report.third_party.notes import RULE
    assert "**bug**" in RULE and "only when the library documents" in RULE
    # torchmetrics' NMI and AMI on two identical one-block partitions: a bug, with its issues
    for name in ("normalized_mutual_info_score", "adjusted_mutual_info_score"):
        note = library_note(f"torchmetrics.{name}", "max_agreement", "failed")
        assert note.startswith("**Bug**") and "#3469 and #3495" in note
    assert all("convention (undocumented)" not in (library_note(m, c, s) or "")
               for m in FAMILY for c in ("max_agreement", "bounds", "n_invariance")
               for s in ("failed", "error"))
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
    assert "3 failed and 0 error pairs; 2 implementation bugs behind 2 of them:" in md
    assert "only when the library documents the choice" in md  # the rule, printed
    assert "identical partitions without a pair together score 0 (`clusim.fmeasure`" in md
    assert "## Bugs, with plain-Python reproductions" in md and "(clusim 0.4)" in md
    assert judgement(results[2]).startswith("**By definition.**")


def test_the_committed_third_party_report_judges_every_finding():
    # every failed or error pair of the committed report has a judgement (bug, convention,
    # definition): the report explains each finding it shows
    import json
    from pathlib import Path

    from metricprops.report.third_party.audit import judgement

    path = Path(__file__).resolve().parents[2] / "reports" / "third-party.json"
    results = json.loads(path.read_text(encoding="utf-8"))["results"]
    unjudged = [f"{r['metric']} × {r['constraint']}" for r in results
                if r["status"] in ("failed", "error") and judgement(r) is None]
    assert unjudged == []


def test_the_committed_third_party_markdown_is_a_summary_and_one_page_per_library():
    # the summary and the pages are rendered from the committed JSON as they are committed,
    # each small enough for a code host's file view, every page linked both ways
    import json
    from pathlib import Path

    from metricprops.report.third_party.audit import regenerate_command
    from metricprops.report.third_party.pages import render_page, split

    reports = Path(__file__).resolve().parents[2] / "reports"
    report = json.loads((reports / "third-party.json").read_text(encoding="utf-8"))
    summary = (reports / "third-party.md").read_text(encoding="utf-8")
    assert summary == render_markdown(report) and len(summary.encode()) < 100_000
    pages = split(report)
    assert set(pages) >= {"scikit-learn", "bcubed", "scorch", "torchmetrics", "networkit"}
    assert sorted(p.name for p in (reports / "third-party").iterdir()) == sorted(
        Path(page).name for page in pages.values())
    shown = 0
    for library, page in pages.items():
        text = (reports / page).read_text(encoding="utf-8")
        assert text == render_page(report, library, regenerate_command(report["seed"]))
        assert len(text.encode()) < 300_000, page
        assert f"]({page})" in summary and "](../third-party.md)" in text
        shown += text.count("\n### `")
    assert shown == sum(r["status"] not in ("passed", "not_applicable")
                        for r in report["results"])
    assert "\n### `" not in summary  # the findings are on the pages, not in the summary
