"""The third-party libraries of the report: adapters against hand-worked values, the shipped
plans, and the report's handling of libraries that are not installed.

Each library test is skipped when its package is not installed (they come with the
``libraries`` extra, not with ``test``).
"""
from __future__ import annotations

import sys

import pytest

from metricprops.errors import PlanError
from metricprops.plans.adapters import Adapter
from metricprops.plans.library_adapters import blocks
from metricprops.plans.plan import load_plan, parse_plan, shipped_plans
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


@pytest.mark.slow
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
        monkeypatch, tmp_path, stub_report_sections):
    import metricprops.report as report
    for _, module in LIBRARIES.values():
        monkeypatch.setitem(sys.modules, module, None)
    calls = {}
    stub_report_sections(write_reports=lambda *a, **k: calls.update(k))
    report.build_reports(tmp_path, skip_missing=True)
    dists = [dist for dist, _ in LIBRARIES.values()]
    assert calls["libraries"] == [] and calls["missing"] == dists
    assert calls["command"] == "metricprops report --skip-missing"
    index = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert f"(built without {', '.join(dists)}: not installed) |" in index


# -- fixed keyword arguments and library objects built from labels -------------------------
def test_a_target_passes_fixed_keyword_arguments(tmp_path):
    (tmp_path / "scaled.py").write_text(
        "def scaled(t, p, *, factor=1.0, shift=0):\n"
        "    return factor * sum(a == b for a, b in zip(t, p)) / len(t) + shift\n")
    plan = parse_plan({"target": [{"target": "scaled.py:scaled", "name": "half",
                                   "kwargs": {"factor": 0.5, "shift": 1}}]},
                      base=str(tmp_path))
    (t,) = plan.targets
    assert t.adapter.kwargs == (("factor", 0.5), ("shift", 1))
    assert t.metric(plan.base).func([0, 1], [0, 0]) == pytest.approx(1.25)
    assert "factor=0.5" in t.adapter.describe() and t.adapter.to_json() == {
        "kwargs": {"factor": 0.5, "shift": 1}}


@pytest.mark.parametrize("kwargs, message", [
    ({"method": {"nested": 1}}, "kwargs method must be a string, number or boolean"),
    ("nmi", "kwargs must be a table"),
])
def test_bad_keyword_arguments_are_refused(kwargs, message):
    with pytest.raises(PlanError, match=message):
        parse_plan({"target": [{"target": "m:f", "kwargs": kwargs}]})


def test_an_unknown_graph_or_a_method_with_incremental_is_refused():
    with pytest.raises(PlanError, match="graph must be one of networkit"):
        Adapter.from_table({"graph": "igraph"}, "t")
    with pytest.raises(PlanError, match="exclude each other"):
        Adapter.from_table({"method": "m", "incremental": "batch"}, "t")


def test_igraph_compare_communities_with_a_method_keyword():
    pytest.importorskip("igraph")
    import metricprops as mp
    plan = load_plan("igraph")
    by_name = {t.name: t.metric(plan.base) for t in plan.targets}
    # {0 1 | 2 3} against {0 | 1 2 | 3}: the built-ins' values
    t, p = [0, 0, 1, 1], [0, 1, 1, 2]
    for name, builtin in (("igraph.nmi", "nmi"), ("igraph.vi", "vi"),
                          ("igraph.rand", "rand"), ("igraph.adjusted_rand", "adjusted_rand")):
        assert by_name[name].func(t, p) == pytest.approx(mp.get_metric(builtin)(t, p))
    # split-join (van Dongen): 4 - (1 + 1) items outside their block's best match from T to
    # H, 4 - (1 + 1 + 1) from H to T
    assert by_name["igraph.split_join"].func(t, p) == 3


def test_networkit_measures_on_partitions_built_from_labels():
    pytest.importorskip("networkit")
    import metricprops as mp
    from metricprops.plans.library_adapters import codes
    assert codes(["b", "a", "b", float("nan"), float("nan")]) == [0, 1, 0, 2, 2]
    plan = load_plan("networkit")
    ari = {t.name: t.metric(plan.base) for t in plan.targets}["networkit.AdjustedRandMeasure"]
    t, p = ["x", "x", "y", "y"], [0, 1, 0, 1]
    assert ari.func(t, p) == pytest.approx(1 - mp.get_metric("adjusted_rand")(t, p))
    assert "an edgeless networkit graph first" in ari.func.__doc__


def test_an_adapted_target_is_reproduced_by_its_expression():
    pytest.importorskip("genieclust")
    from metricprops.plans.adapters import Adapter  # noqa: F401  (the expression's scope)
    from metricprops.targets import import_target  # noqa: F401
    plan = load_plan("genieclust")
    t = next(t for t in plan.targets if t.name == "genieclust.simplified_pair_sets_index")
    func = t.metric(plan.base).func
    rebuilt = eval(func.__metricprops_source__)
    assert rebuilt([0, 0, 1, 1], [0, 1, 1, 1]) == func([0, 0, 1, 1], [0, 1, 1, 1])
