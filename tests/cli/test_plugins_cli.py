"""Plug-ins: entry points name what they register, a broken one warns in one line and only
when plug-ins are needed, and a decorated metric has one name everywhere."""
from __future__ import annotations

import json
import textwrap
from types import SimpleNamespace

import pytest

import metricprops as mp
from metricprops import registry
from metricprops.constraint import Constraint
from metricprops.plans.plan import parse_plan, run_plan

rand = mp.get_metric("rand")


def _rand(labels_true, labels_pred):
    return rand(labels_true, labels_pred)


class _Named(Constraint):
    name = "own_name"
    title = "A constraint registered by entry point"


def _point(name, obj=None, error=None):
    def load():
        if error is not None:
            raise error
        return obj
    return SimpleNamespace(name=name, value=f"somewhere:{name}", load=load)


@pytest.fixture
def entry_points(monkeypatch):
    """``entry_points(group, [points])``: the installed entry points, on a fresh registry."""
    installed = {}
    monkeypatch.setattr(registry, "_metrics", {})
    monkeypatch.setattr(registry, "_constraints", {})
    monkeypatch.setattr(registry, "_loaded", {})
    monkeypatch.setattr(registry, "_entry_points", lambda group: installed.get(group, []))
    return installed.__setitem__


def test_an_entry_point_registers_under_its_own_name(entry_points):
    entry_points(registry.METRIC_GROUP, [
        _point("my_rand", _rand),  # a plain function
        _point("my_other_rand", mp.metric(_rand, name="rand_by_another_name")),
        _point("several", [mp.metric(_rand, name="first"), mp.metric(_rand, name="second")]),
    ])
    entry_points(registry.CONSTRAINT_GROUP, [_point("by_entry_point", _Named())])
    assert mp.get_metric("my_rand").name == "my_rand"
    assert mp.get_metric("my_other_rand").name == "my_other_rand"
    assert "rand_by_another_name" not in registry.metric_names()
    assert {"first", "second"} <= set(registry.metric_names())  # a list: their own names
    assert mp.get_constraint("by_entry_point").name == "by_entry_point"
    assert _Named.name == "own_name"  # the plug-in's class is left alone


def test_a_broken_plug_in_warns_in_one_line_and_only_when_plug_ins_are_needed(
        entry_points, invoke, write_lines, tmp_path):
    entry_points(registry.METRIC_GROUP, [
        _point("broken", error=ModuleNotFoundError("No module named 'gone'\nsecond line"))])
    truth = write_lines(tmp_path / "t.txt", [0, 0, 1])
    score = invoke("score", truth, truth, "--metric", "rand")
    assert score.exit_code == 0 and "warning" not in score.stderr  # built-ins only
    listed = invoke("list")
    assert listed.exit_code == 0
    assert listed.stderr.splitlines() == [
        "warning: skipping metricprops.metrics entry point 'broken' (somewhere:broken): "
        "ModuleNotFoundError: No module named 'gone'"]


DECORATED = textwrap.dedent('''
    import metricprops as mp

    @mp.metric(name="decorated_rand", bounds=(0, 1), perfect=1)
    def f(labels_true, labels_pred):
        return mp.get_metric("rand")(labels_true, labels_pred)
''')


@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_a_decorated_metric_has_the_same_name_in_a_plan_and_on_the_command_line(
        invoke, tmp_path):
    (tmp_path / "decorated_plugin.py").write_text(DECORATED, encoding="utf-8")
    budget = ["--seed", "1", "--max-examples", "5", "--exhaustive-n", "3", "--scale-max-n", "0"]
    out = tmp_path / "out.json"
    cli = invoke("audit", f"{tmp_path / 'decorated_plugin.py'}:f", "-c", "symmetry", *budget,
                 "--json", out)
    assert cli.exit_code == 0, cli.stderr
    on_the_command_line = json.loads(out.read_text())["results"][0]["metric"]
    settings = {"seed": 1, "max_examples": 5, "exhaustive_n": 3, "scale_max_n": 0,
                "constraints": ["symmetry"]}
    plan = parse_plan({"audit": settings, "target": [{"target": "decorated_plugin.py:f"}]},
                      base=str(tmp_path))
    in_a_plan = run_plan(plan).results[0].metric
    assert on_the_command_line == in_a_plan == "decorated_rand"
    named = parse_plan({"audit": settings,
                        "target": [{"target": "decorated_plugin.py:f", "name": "mine"}]},
                       base=str(tmp_path))
    assert run_plan(named).results[0].metric == "mine"  # a name the plan gives wins
