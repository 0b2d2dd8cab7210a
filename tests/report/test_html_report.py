"""The HTML report (metricprops.report.html): each cell's finding, its drawing from the clique
graphs, the same bytes when rebuilt, and the committed pages current with the committed JSON.
(In a real browser: tests/report/test_html_browser.py.)"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from metricprops.report import render_html
from metricprops.report.html import write_audit_html, write_site
from metricprops.report.html.svg import instance_svg
from metricprops.results.model import AuditResult, CheckResult, Counterexample, Finding

REPORTS = Path(__file__).resolve().parents[2] / "reports"


def _audit() -> AuditResult:
    ce = Counterexample.build  # a finding as the checker records it
    from metricprops.partition import Partition

    truth, pred = Partition.from_labels([0, 0, 1]), Partition.from_labels([0, 1, 1])
    example = ce(truth, {"pred": pred}, {"value": 0.5}, detail="the reason it fails")
    finding = Finding("violation", "ordinary", 3, "exhaustive", True, example, minimal="proved")
    return AuditResult(seed=7, settings={"max_examples": 5, "exhaustive_n": 3, "max_items": 8},
                       results=[
        CheckResult("elm_f", "zero_score", "failed", counterexample=example,
                    findings=[finding], message="smallest violation (3 items)", seed=1),
        CheckResult("elm_f", "symmetry", "passed", message="no counterexample", seed=2),
        CheckResult("purity", "zero_score", "passed", message="no counterexample", seed=3),
    ])


def test_each_cell_has_its_finding_and_the_pages_are_byte_identical(tmp_path: Path) -> None:
    a = write_audit_html(_audit(), tmp_path / "a")
    b = write_audit_html(_audit().to_json(), tmp_path / "b")  # from the JSON alike
    html = a.read_text(encoding="utf-8")
    assert a.read_bytes() == b.read_bytes()
    assert (tmp_path / "a" / "static" / "report.js").is_file()
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    cells = re.findall(r'<td class="cell s-(\w+)" data-key="([\w-]+)"', html)
    assert sorted(s for s, _ in cells) == ["failed", "passed", "passed"]
    failed = next(key for s, key in cells if s == "failed")
    finding = html.split(f'<template id="t-{failed}">')[1].split("</template>")[0]
    assert "truth: {0 1 | 2}" in finding and "pred: {0 | 1 2}" in finding
    assert "why: the reason it fails" in finding and "scores: value = 0.5" in finding
    assert "metricprops audit elm_f -c zero_score --max-examples 5 --exhaustive-n 3 " \
           "--max-items 8 --seed 7" in finding
    drawing = re.search(r'data-drawing="(g\d+)"', finding).group(1)
    assert f'<template id="d-{drawing}"><svg' in html


def test_the_drawing_has_the_clique_graphs_edges() -> None:
    svg = instance_svg([0, 0, 1], {"pred": [0, 1, 1]})
    # predicted pair 1-2 solid; true pair 0-1, split by the prediction, dashed
    assert svg.count('class="pair"') == 1 and svg.count('class="split"') == 1
    assert svg.count('class="item"') == 3 and svg.count('class="disc"') == 2
    assert "truth: {0 1 | 2}" in svg and "pred: {0 | 1 2}" in svg
    two = instance_svg([0, 0, 0, 1], {"worse": [0, 1, 2, 2], "better": [0, 0, 1, 1]})
    assert two.count('class="role"') == 2


def test_a_cover_instance_is_drawn_as_its_clusters() -> None:
    # omega x max_agreement's smallest counterexample: {0 1} against {0 1 | 1}
    svg = instance_svg([[0], [0]], {"pred": [[0], [0, 1]]})
    assert "truth: {0 1}" in svg and "pred: {0 1 | 1}" in svg
    assert svg.count('class="disc"') == 3  # one box per cluster: 1 true, 2 predicted
    assert svg.count('class="item"') == 5  # item 1 is drawn in both predicted clusters


def test_a_large_instance_is_named_not_drawn(tmp_path: Path) -> None:
    audit = _audit()
    big = Counterexample({"truth": [0] * 500, "pred": list(range(500)), "scores": {"v": 0.0},
                          "notation": {"truth": "one block, n = 500",
                                       "pred": "all singletons, n = 500"}})
    audit.results[0] = CheckResult("elm_f", "zero_score", "failed", counterexample=big,
                                   findings=[Finding("violation", "scale", 500, "scale",
                                                     True, big)])
    html = write_audit_html(audit, tmp_path).read_text(encoding="utf-8")
    assert "one block, n = 500" in html and "<svg" not in html


@pytest.mark.slow  # renders the committed reports' 3,400 cells
def test_committed_html_is_what_the_committed_json_renders(tmp_path: Path) -> None:
    for name in ("README.md", "audit.json", "third-party.json", "goesgens-2021.json",
                 "elm-paper/elm-paper.json", "overlapping.json"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy(REPORTS / name, tmp_path / name)
    index = render_html(tmp_path)
    assert index == tmp_path / "html" / "index.html"
    written = sorted(p.relative_to(tmp_path / "html") for p in (tmp_path / "html").rglob("*")
                     if p.is_file())
    committed = sorted(p.relative_to(REPORTS / "html") for p in (REPORTS / "html").rglob("*")
                       if p.is_file())
    assert written == committed, "run `metricprops report --html-only` to render them again"
    for path in written:
        assert (tmp_path / "html" / path).read_bytes() == (REPORTS / "html" / path).read_bytes()
    overlapping = (tmp_path / "html" / "overlapping.html").read_text(encoding="utf-8")
    assert 'aria-label="the clusters of each cover"' in overlapping
    assert 'href="overlapping.html"' in index.read_text(encoding="utf-8")
    third = (tmp_path / "html" / "third-party.html").read_text(encoding="utf-8")
    assert third.index('id="bugs"') < third.index('id="judged"') < third.index('id="heatmap"')


def test_render_html_needs_a_reports_folder(tmp_path: Path) -> None:
    from metricprops.errors import OutputPathError

    with pytest.raises(OutputPathError, match="expected the reports of `metricprops report`"):
        render_html(tmp_path)


def test_site_leaves_out_what_is_not_there(tmp_path: Path) -> None:
    (tmp_path / "audit.json").write_text(json.dumps(_audit().to_json()), encoding="utf-8")
    index = write_site(tmp_path).read_text(encoding="utf-8")
    assert 'href="audit.html"' in index and "third-party.html" not in index
