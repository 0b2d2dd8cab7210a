"""``metricprops audit --plan plan.toml``: many targets, each with its own metadata, tolerance,
constraints and adapter (argument order, value extraction, incremental objects)."""
from __future__ import annotations

import json
import textwrap

import pytest

import metricprops as mp
from metricprops.checker import audit
from metricprops.errors import PlanError
from metricprops.plans.adapters import Adapter, parse_value_path, read_value
from metricprops.plans.plan import load_plan, parse_plan, run_plan, target_budget
from metricprops.settings import Budget

SHAPES = textwrap.dedent('''
    """Other libraries' shapes: each one computes a built-in, behind a different interface."""
    import metricprops as mp

    _ari = mp.get_metric("adjusted_rand")
    _elm = mp.get_metric("elm_f")

    def rpf(pred, truth):
        """(recall, precision, F), prediction first."""
        return (mp.get_metric("elm_recall")(truth, pred),
                mp.get_metric("elm_precision")(truth, pred), _elm(truth, pred))

    class Result:
        def __init__(self, score):
            self.score = score

    def boxed(truth, pred):
        return Result(_ari(truth, pred))

    class PerItem:
        """river-like: update(y_true, y_pred) once per item, then get()."""
        def __init__(self):
            self.t, self.p = [], []

        def update(self, y_true, y_pred):
            self.t.append(y_true)
            self.p.append(y_pred)

        def get(self):
            return _ari(self.t, self.p)

    class Batch:
        """torchmetrics-like: update(preds, target) on arrays, compute() -> .score."""
        def update(self, preds, target):
            assert hasattr(preds, "shape")  # labels = "numpy"
            self.value = mp.get_metric("elm_recall")(list(target), list(preds))

        def compute(self):
            return Result(self.value)
''')

PLAN = textwrap.dedent('''
    [audit]
    seed = 3
    constraints = ["zero_score", "max_agreement", "symmetry"]
    max_examples = 20
    exhaustive_n = 4

    [[target]]
    target = "elm_f"

    [[target]]
    target = "issue12_shapes.py:rpf"
    name = "lib_precision"
    lower = 0
    upper = 1
    perfect = 1
    adapter = { order = "pred_first", value = "[1]" }

    [[target]]
    target = "issue12_shapes.py:boxed"
    name = "lib_ari"
    lower = -0.5
    upper = 1
    perfect = 1
    tolerance = 1e-6
    adapter = { value = ".score" }

    [[target]]
    target = "issue12_shapes.py:PerItem"
    name = "river_like_ari"
    lower = -0.5
    upper = 1
    perfect = 1
    constraints = ["max_agreement"]
    adapter = { incremental = "per_item" }

    [[target]]
    target = "issue12_shapes.py:Batch"
    name = "torch_like_recall"
    lower = 0
    upper = 1
    perfect = 1
    [target.adapter]
    incremental = "batch"
    order = "pred_first"
    labels = "numpy"
    get = "compute"
    value = ".score"
''')


@pytest.fixture(scope="session")
def plan_dir(tmp_path_factory):
    # one folder per test process: its issue12_shapes module is imported once, and a second
    # folder (a module-scoped fixture set up again when the random order interleaves this
    # file with others) would hold another file of that name, which targets refuse
    folder = tmp_path_factory.mktemp("plan")
    (folder / "issue12_shapes.py").write_text(SHAPES, encoding="utf-8")
    (folder / "plan.toml").write_text(PLAN, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def plan_audit(plan_dir, shared_folder):
    """The folder with out.json and out.md of ``audit --plan plan.toml``: run once per test
    run, shared by the test processes."""
    from click.testing import CliRunner

    from metricprops.cli import main

    def build(folder):
        # the scale phase (large inputs) is not what these tests look at: left out
        result = CliRunner().invoke(main, [
            "audit", "--plan", str(plan_dir / "plan.toml"), "-q", "--scale-max-n", "0",
            "--json", str(folder / "out.json"), "--markdown", str(folder / "out.md")])
        assert result.exit_code == 1, result.output  # ARI cannot reach -0.5: zero_score fails

    return shared_folder("plan-audit", build)


@pytest.fixture(scope="module")
def plan_json(plan_audit):
    return json.loads((plan_audit / "out.json").read_text(encoding="utf-8"))


def _statuses(data, metric):
    return {r["constraint"]: r["status"] for r in data["results"] if r["metric"] == metric}


@pytest.mark.parametrize("name, builtin", [
    ("elm_f", "elm_f"), ("lib_precision", "elm_precision"), ("lib_ari", "adjusted_rand"),
    ("river_like_ari", "adjusted_rand"), ("torch_like_recall", "elm_recall")])
def test_each_adapter_computes_the_value_of_the_builtin_behind_it(plan_dir, name, builtin):
    plan = load_plan(str(plan_dir / "plan.toml"))
    m = next(t for t in plan.targets if t.name == name).metric(plan.base)
    ref = mp.get_metric(builtin)
    pairs = [([0, 0, 0, 1, 2], [0, 0, 1, 2, 2]), ([0, 0, 0, 1], [0, 0, 1, 2])]
    for t, p in pairs:
        assert m(t, p) == pytest.approx(ref(t, p)), (name, t, p)
    if not ref.symmetric:  # so a swapped argument order would show
        assert any(ref(t, p) != pytest.approx(ref(p, t)) for t, p in pairs)


@pytest.mark.slow
def test_every_adapter_shape_audits_like_the_builtin_behind_it(plan_json):
    assert plan_json["seed"] == 3 and plan_json["settings"]["plan"] == "plan.toml"
    assert [m for m in plan_json["metrics"]] == ["elm_f", "lib_precision", "lib_ari",
                                                 "river_like_ari", "torch_like_recall"]
    elm = _statuses(plan_json, "elm_f")
    assert elm == {"zero_score": "passed", "max_agreement": "passed", "symmetry": "passed"}
    ari = audit(["adjusted_rand"], ["zero_score", "max_agreement", "symmetry"], seed=3,
                max_examples=20, exhaustive_n=4, scale_max_n=0)
    assert _statuses(plan_json, "lib_ari") == {r.constraint: r.status for r in ari.results}
    assert _statuses(plan_json, "river_like_ari") == {"max_agreement": "passed"}


@pytest.mark.slow
def test_each_target_keeps_its_metadata_tolerance_and_adapter(plan_json, plan_audit):
    meta = plan_json["metrics"]
    assert meta["lib_precision"]["target"] == "issue12_shapes.py:rpf"
    assert meta["lib_precision"]["adapter"] == {"order": "pred_first", "value": "[1]"}
    assert meta["lib_ari"]["bounds"] == [-0.5, 1.0] and meta["elm_f"]["adapter"] == {}
    tolerance = {r["metric"]: r["tolerance"] for r in plan_json["results"]}
    assert tolerance["lib_ari"] == 1e-6 and tolerance["elm_f"] == 1e-9
    md = (plan_audit / "out.md").read_text(encoding="utf-8")
    assert "| lib_ari | similarity | [-0.5, 1] | 1 | ? | 1e-06 |" in md


@pytest.mark.slow
def test_a_plan_result_is_what_a_single_audit_of_the_target_gives(plan_json):
    alone = audit(["elm_f"], ["zero_score", "max_agreement", "symmetry"], seed=3,
                  max_examples=20, exhaustive_n=4, scale_max_n=0).to_json()["results"]
    assert [r for r in plan_json["results"] if r["metric"] == "elm_f"] == alone


@pytest.mark.slow
def test_command_line_options_override_the_plan_and_targets_override_both(plan_dir):
    plan = load_plan(str(plan_dir / "plan.toml"))
    result = run_plan(plan, overrides={"max_examples": 0, "tolerance": 1e-3, "scale_max_n": 0})
    by_metric = {r.metric: r for r in result.results if r.constraint == "max_agreement"}
    assert by_metric["elm_f"].tolerance == 1e-3 and by_metric["lib_ari"].tolerance == 1e-6
    assert all("and 0 random instances" in r.scope for r in by_metric.values())


@pytest.mark.parametrize("text, needle", [
    ('[[target]]\ntarget = "elm_f"\ntolerence = 1e-6\n', "target 1: unknown key(s) tolerence"),
    ('[[target]]\ntarget = "elm_f"\n[[target]]\ntarget = "elm_f"\n', "used twice"),
    ('[audit]\nseed = 1\n', "expected at least one [[target]]"),
    ('[[target]]\ntarget = "elm_f"\ntolerance = -1\n', "tolerance: expected a finite number"),
    ('[[target]]\ntarget = "x.py:f"\nadapter = { order = "backwards" }\n',
     "adapter order must be one of truth_first, pred_first"),
    ('[[target]]\ntarget = "x.py:f"\nadapter = { value = "score" }\n', "expected steps"),
    ('[[target]]\ntarget = "x.py:f"\nadapter = { incremental = "yes" }\n', "per_item, batch"),
    ('[[target]]\ntarget = "x.py:f"\nadapter = { getter = "get" }\n', "unknown key(s) getter"),
    ('[[target]]\ntarget = "elm_f"\nconstraints = ["zero_scor"]\n', "zero_score"),
    ('[audit]\ntime_budget = 0\n[[target]]\ntarget = "elm_f"\n', "budget: expected"),
    ('[audit]\nbudget = 60\n[[target]]\ntarget = "elm_f"\n', "unknown key(s) budget"),
    ('[[target]\n', "not valid TOML"),
    ('[audit]\ninclude = "river"\n', "include must be a list of plan names or paths"),
    ('[audit]\ninclude = ["bad.toml"]\n', "plans include each other in a circle"),
    ('[audit]\nseed = 1\ninclude = ["river"]\n', "included plan river.toml has seed 20261130"),
])
def test_a_bad_plan_is_a_usage_error_naming_the_place(invoke, tmp_path, text, needle):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    result = invoke("audit", "--plan", path, "-q")
    assert result.exit_code == 2, result.output
    assert needle in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args, needle", [
    ([], "expected TARGET... or --plan"),
    (["elm_f", "--plan", "p.toml"], "expected TARGET... or --plan"),
    (["--plan", "p.toml", "--lower", "0"], "metadata and constraints belong in the plan"),
    (["--plan", "missing.toml"], "cannot read the plan"),
])
def test_targets_or_a_plan(invoke, args, needle):
    result = invoke("audit", *args)
    assert result.exit_code == 2 and needle in result.stderr


@pytest.mark.parametrize("path, value, expected", [
    ("", (1, 2), (1, 2)),
    ("[2]", (0.1, 0.2, 0.3), 0.3),
    ("[-1]", [0.1, 0.5], 0.5),
    ('["f1"]', {"f1": 0.25}, 0.25),
    (".real", 0.5, 0.5),
    (".conjugate().real", 0.5, 0.5),
])
def test_value_paths(path, value, expected):
    assert read_value(value, parse_value_path(path)) == expected


def test_adapter_describes_itself_and_is_plain_by_default():
    assert Adapter().plain and Adapter().describe() == "plain f(truth, pred)"
    a = Adapter(order="pred_first", incremental="per_item", value="[0]")
    assert not a.plain and "called as f(pred, truth)" in a.describe()
    assert a.to_json() == {"order": "pred_first", "value": "[0]", "incremental": "per_item"}
    with pytest.raises(PlanError, match="adapter needs module:attr"):
        parse_plan({"target": [{"target": "elm_f", "adapter": {"value": "[0]"}}]}
                   ).targets[0].metric()
    assert isinstance(PlanError("x"), mp.InvalidArgumentError)


def test_an_included_plan_brings_its_targets_with_its_settings(tmp_path):
    (tmp_path / "a.toml").write_text(
        '[audit]\nseed = 7\nmax_examples = 3\ntimeout = 30\n[[target]]\ntarget = "elm_f"\n'
        '[[target]]\ntarget = "rand"\nmax_examples = 9\n', encoding="utf-8")
    (tmp_path / "all.toml").write_text(
        '[audit]\nseed = 7\nmax_examples = 50\nmax_items = 12\ninclude = ["a.toml"]\n'
        '[[target]]\ntarget = "nmi"\n', encoding="utf-8")
    plan = load_plan(str(tmp_path / "all.toml"))
    assert [t.name for t in plan.targets] == ["elm_f", "rand", "nmi"]
    got = {t.name: target_budget(plan, t) for t in plan.targets}
    assert (got["elm_f"].max_examples, got["elm_f"].timeout, got["elm_f"].max_items) \
        == (3, 30, 12)
    assert got["rand"].max_examples == 9
    assert (got["nmi"].max_examples, got["nmi"].timeout) == (50, Budget().timeout)
    # the command line wins over an included plan's [audit], not over a target's own keys
    cli = {t.name: target_budget(plan, t, {"max_examples": 1}) for t in plan.targets}
    assert (cli["elm_f"].max_examples, cli["rand"].max_examples) == (1, 9)


def test_the_libraries_plan_is_the_nine_plans_in_one():
    combined = load_plan("libraries")
    expected = []
    for name in ("clusim", "cdlib", "clustereval", "torchmetrics", "river", "scorch", "igraph",
                 "genieclust", "networkit"):
        own = load_plan(name)
        expected += [(t.name, t.spec, t.metadata, t.adapter, target_budget(own, t))
                     for t in own.targets]
    assert [(t.name, t.spec, t.metadata, t.adapter, target_budget(combined, t))
            for t in combined.targets] == expected
    assert len(expected) == 87 and combined.seed == load_plan("clusim").seed


def test_the_scorch_plan_declares_what_the_report_audits():
    from metricprops.report.third_party.audit import DEFAULT_SEED, DEFAULT_SETTINGS, TARGETS
    plan = load_plan("scorch")
    report = {spec: meta for spec, meta in TARGETS if ":scorch" in spec}
    assert [t.spec for t in plan.targets] == list(report) and plan.seed == DEFAULT_SEED
    for t in plan.targets:
        meta = report[t.spec]
        assert (t.metadata["lower"], t.metadata["upper"]) == meta["bounds"]
        assert (t.metadata["perfect"], t.metadata["symmetric"]) == (meta["perfect"],
                                                                    meta["symmetric"])
        assert target_budget(plan, t) == Budget(**DEFAULT_SETTINGS)
