"""The third-party libraries of the report: adapters against hand-worked values, the shipped
plans, and the report's handling of libraries that are not installed.

Each library test is skipped when its package is not installed (they come with the
``libraries`` extra, not with ``test``).
"""
from __future__ import annotations

import sys

import pytest

from metricprops.errors import PlanError
from metricprops.plans.plan import load_plan, parse_plan, shipped_plans
from metricprops.plans.adapters import Adapter
from metricprops.plans.library_adapters import blocks
from metricprops.report.third_party.libraries import LIBRARIES, missing_libraries

# T = {0 1 | 2}, H = {0 | 1 2}.  Pairs: (0,1) together in T only, (1,2) in H only, (0,2) in
# neither: Rand = 1/3; no pair together in both, so Jaccard = 0.  Purity: {0} is pure (1
# item), {1 2} holds one item of each class (1): 2/3.
TRUTH, PRED = [0, 0, 1], [0, 1, 1]


def test_blocks_are_item_indices_in_order_of_first_appearance():
    assert blocks(["b", "a", "b"], [1, 1, 2]) == ([[0, 2], [1]], [[0, 1], [2]])
    nan = float("nan")
    assert blocks([nan, float("nan"), 1.0], [0, 0, 0]) == ([[0, 1], [2]], [[0, 1, 2]])
    with pytest.raises(ValueError, match="same length"):
        blocks([0, 1], [0])


def test_clusim_adapters_by_hand():
    pytest.importorskip("clusim")
    from metricprops.plans.library_adapters import clusim
    assert clusim.rand_index(TRUTH, PRED) == pytest.approx(1 / 3)
    assert clusim.jaccard_index(TRUTH, PRED) == 0.0
    # VI in bits of {0 1 | 2 3} against one block: H(T|H) = 1, H(H|T) = 0
    assert clusim.vi([0, 0, 1, 1], [0, 0, 0, 0]) == pytest.approx(1.0)


def test_cdlib_adapters_by_hand():
    pytest.importorskip("cdlib")
    from metricprops.plans.library_adapters import cdlib
    assert cdlib.variation_of_information([0, 0, 1, 1], [0, 0, 0, 0]) == pytest.approx(1.0)
    assert cdlib.adjusted_rand_index(["x", "x", "y"], ("p", "p", "q")) == pytest.approx(1.0)


@pytest.mark.slow
def test_torch_labels_and_pred_first_with_torchmetrics():
    pytest.importorskip("torchmetrics")
    from torchmetrics.functional.clustering import rand_score
    adapted = Adapter(order="pred_first", labels="torch", value=".item()").wrap(
        rand_score, "rand")
    assert adapted(TRUTH, PRED) == pytest.approx(1 / 3)


def test_river_incremental_by_hand():
    pytest.importorskip("river")
    from river.metrics import Rand
    assert Adapter(incremental="per_item").wrap(Rand, "rand")(TRUTH, PRED) == pytest.approx(1 / 3)


def test_clustereval_purity_by_hand():
    clustereval = pytest.importorskip("clustereval")
    assert clustereval.purity_score(TRUTH, PRED) == pytest.approx(2 / 3)


def test_every_library_has_a_shipped_plan_found_by_name():
    assert set(LIBRARIES) <= set(shipped_plans())
    with pytest.raises(PlanError, match="shipped with metricprops, by name: .*river"):
        load_plan("no-such-plan")
    for name in LIBRARIES:
        plan = load_plan(name)
        assert plan.source == f"{name}.toml" and plan.seed == 20261130 and plan.targets
        assert len({t.name for t in plan.targets}) == len(plan.targets)


@pytest.mark.parametrize("name", sorted(LIBRARIES))
def test_shipped_plan_targets_import(name):
    pytest.importorskip(LIBRARIES[name][1])
    plan = load_plan(name)
    for t in plan.targets:
        assert t.metric(plan.base).name == t.name


def test_missing_libraries_are_named_and_stop_a_full_report(monkeypatch):
    from metricprops.errors import MissingExtraError
    from metricprops.report import build_reports, missing_sections
    for _, module in LIBRARIES.values():
        monkeypatch.setitem(sys.modules, module, None)
    assert missing_libraries() == [dist for dist, _ in LIBRARIES.values()]
    assert missing_sections(quick=True).get("third-party audit's libraries") is None
    with pytest.raises(MissingExtraError, match=r"metricprops\[libraries\]"):
        build_reports("unused", skip_missing=False)


@pytest.mark.slow
def test_the_report_lists_library_plans_and_the_missing_ones():
    pytest.importorskip("river")
    pytest.importorskip("sklearn")
    from metricprops.report.third_party.audit import generate, render_markdown
    plan = parse_plan({"audit": {"max_examples": 3, "exhaustive_n": 3, "max_items": 6,
                                 "constraints": ["max_agreement", "symmetry"]},
                       "target": [{"target": "river.metrics:Rand", "name": "river.Rand",
                                   "lower": 0, "upper": 1, "perfect": 1, "symmetric": True,
                                   "adapter": {"incremental": "per_item"}}]},
                      source="river.toml")
    report = generate(seed=1, names=[], libraries=[plan], missing=["clusim"])
    assert [lib["plan"] for lib in report["libraries"]] == ["river"]
    assert {r["metric"] for r in report["results"]} == {"river.Rand"}
    assert report["versions"]["river"] == report["libraries"][0]["version"]
    md = render_markdown(report)
    assert "`metricprops audit --plan river`" in md
    assert "not installed when this report was built: clusim" in md
    assert "| `river.Rand` | ✓ | ✓ |" in md


def test_skip_missing_builds_the_third_party_audit_without_the_missing_libraries(
        monkeypatch, tmp_path):
    import metricprops.report as report
    from metricprops.report import audit_report, coreference, graph_figure, sections, third_party
    for _, module in LIBRARIES.values():
        monkeypatch.setitem(sys.modules, module, None)
    calls = {}
    for module, name in ((audit_report, "write_audit_report"), (coreference,
                         "write_coreference_report"), (sections, "write_closed_forms"),
                         (sections, "write_elm_paper"), (graph_figure, "draw_theorem3")):
        monkeypatch.setattr(module, name, lambda *a, **k: None)
    monkeypatch.setattr(third_party, "write_reports", lambda *a, **k: calls.update(k))
    report.build_reports(tmp_path, skip_missing=True)
    dists = [dist for dist, _ in LIBRARIES.values()]
    assert calls["libraries"] == [] and calls["missing"] == dists
    assert calls["command"] == "metricprops report --skip-missing"
    index = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert f"(built without {', '.join(dists)}: not installed) |" in index
