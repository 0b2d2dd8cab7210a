"""The overlapping section of ``metricprops report``: the built-in metrics of covers × the
constraints on covers (``overlapping.md``/``.json``), and its HTML page with each finding's
pair of covers drawn as membership grids."""
from __future__ import annotations

import json

from metricprops.report.html.cover_svg import cover_drawable, cover_svg
from metricprops.report.html.svg import drawable
from metricprops.report.overlapping import CONSTRAINTS, cover_metrics


def test_the_section_audits_every_builtin_metric_of_covers_on_the_cover_constraints():
    names = {m.name for m in cover_metrics()}
    assert {"extended_bcubed_f", "cice_bcubed_f", "elm_cover_f", "omega", "onmi_lfk",
            "onmi_mgh"} <= names
    assert {"multiplicity_precision", "multiplicity_recall", "partition_form",
            "max_agreement"} == set(CONSTRAINTS)


def test_a_pair_of_covers_is_drawn_as_membership_grids_and_a_partition_is_not():
    example = {"truth": [[0], [1], [1]], "pred": [[0, 1], [0, 1], [1]]}
    truth, preds = cover_drawable(example)
    svg = cover_svg(truth, preds)
    assert svg.startswith("<svg") and 'class="cover-grid"' in svg
    # truth: 3 discs (one per item); pred: item 0 and item 1 in two clusters, item 2 in one
    assert svg.count("<circle") == 3 + 5
    assert cover_drawable({"truth": [0, 0, 1], "pred": [0, 1, 1]}) is None
    assert drawable({"truth": [0, 0, 1], "pred": [0, 1, 1]}) is not None


def test_the_quick_build_writes_the_section_its_heat_map_and_its_page(quick_reports):
    data = json.loads((quick_reports / "overlapping.json").read_text(encoding="utf-8"))
    cells = {(r["metric"], r["constraint"]): r["status"] for r in data["results"]}
    assert len(cells) == len(cover_metrics()) * len(CONSTRAINTS)
    # the CICE point: extended BCubed's precision gives the maximum to a prediction that is
    # not the truth, on two items
    assert cells[("extended_bcubed_precision", "max_agreement")] == "failed"
    rows = {r["metric"]: r for r in data["paper_example"]["rows"]}
    assert rows["extended_bcubed_f"]["penalised"] and not rows["omega"]["penalised"]
    md = (quick_reports / "overlapping.md").read_text(encoding="utf-8")
    assert "## The ELM paper's overlapping example" in md
    assert (quick_reports / "figures" / "overlapping-heatmap.png").is_file()
    page = (quick_reports / "html" / "overlapping.html").read_text(encoding="utf-8")
    assert 'class="cover-grid"' in page
    assert "overlapping.html" in (quick_reports / "html" / "index.html").read_text("utf-8")
    assert "[overlapping.md](overlapping.md)" in (quick_reports / "README.md").read_text("utf-8")
