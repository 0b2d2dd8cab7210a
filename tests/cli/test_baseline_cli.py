"""``audit --baseline OLD.json`` and ``audit --convention KEY=VALUE`` (issue 36), through
click's CliRunner: only new or changed findings count (exit 1 for those only), and a
declared convention turns the findings it explains into ``convention (declared)``."""
from __future__ import annotations

import itertools
import json
from types import SimpleNamespace

import pytest

_FRESH = itertools.count()  # a module name per test: a file target is imported once

LIB = '''
import numpy as np
from metricprops import get_metric

_rand = get_metric("rand")


def score(labels_true, labels_pred):
    """-1 is a missing value (its items dropped); labels go through float64."""
    t = np.asarray(labels_true, dtype=np.float64)
    p = np.asarray(labels_pred, dtype=np.float64)
    pairs = set(zip(t.tolist(), p.tolist()))
    if FAST_PATH and len(t) >= 3 and len(pairs) == len(set(t.tolist())) == len(set(
            p.tolist())):
        return 0.999  # the planted change: identical partitions no longer score 1
    keep = (t != -1) & (p != -1)
    return _rand(t[keep].tolist(), p[keep].tolist()) if keep.any() else 1.0
'''
KNOBS = ["--max-examples", "5", "--exhaustive-n", "3", "--max-items", "6", "--scale-max-n",
         "0", "-q"]
PLAN = '''
[audit]
seed = {seed}
max_examples = 5
exhaustive_n = 3
max_items = 6
scale_max_n = 0
constraints = ["label_invariance", "max_agreement"]

[[target]]
target = "{file}:score"
name = "lib.score"
lower = 0
upper = 1
perfect = 1
symmetric = true
'''


@pytest.fixture
def project(tmp_path):
    """A folder with the library before (``old``) and after the planted change (``new``),
    and plans auditing them under one name."""
    k = next(_FRESH)
    out = SimpleNamespace(path=tmp_path, old=f"old_lib_{k}", new=f"new_lib_{k}")
    (tmp_path / f"{out.old}.py").write_text("FAST_PATH = False\n" + LIB)
    (tmp_path / f"{out.new}.py").write_text("FAST_PATH = True\n" + LIB)
    for name, seed in (("old", 1), ("again", 2), ("new", 1)):
        lib = out.new if name == "new" else out.old
        (tmp_path / f"{name}.toml").write_text(PLAN.format(seed=seed, file=f"{lib}.py"))
    return out


@pytest.mark.slow  # three audits in worker processes
def test_a_second_run_exits_0_and_a_planted_change_names_only_the_new_finding(invoke,
                                                                              project):
    old = project.path / "old.json"
    first = invoke("audit", "--plan", project.path / "old.toml", "--json", old, "-q")
    assert first.exit_code == 1, first.output  # the float64 collision: a real finding
    again = invoke("audit", "--plan", project.path / "again.toml", "--baseline", old, "-q")
    assert again.exit_code == 0, again.output
    assert "no new findings" in again.output
    assert "label_invariance: failed" not in again.output  # known: not described again
    changed = invoke("audit", "--plan", project.path / "new.toml", "--baseline", old, "-q",
                     "--json", project.path / "new.json")
    assert changed.exit_code == 1, changed.output
    new_lines = [line for line in changed.output.splitlines() if ": new: " in line]
    assert new_lines and all(line.startswith("lib.score × max_agreement: new: violation")
                             for line in new_lines)
    assert "numpy_uint64" not in changed.output
    assert "new or changed finding" in changed.output
    data = json.loads((project.path / "new.json").read_text())
    assert {n["constraint"] for n in data["baseline"]["new"]} == {"max_agreement"}
    assert data["baseline"]["known"] >= 1


@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_a_bare_target_against_its_own_baseline(invoke, project, monkeypatch):
    monkeypatch.chdir(project.path)
    args = ["audit", f"{project.old}.py:score", "--lower", "0", "--upper", "1", "--perfect",
            "1", "-c", "label_invariance", *KNOBS]
    assert invoke(*args, "--seed", "1", "--json", "old.json").exit_code == 1
    again = invoke(*args, "--seed", "3", "--baseline", "old.json")
    assert again.exit_code == 0 and "no new findings" in again.output


@pytest.mark.parametrize("content, said", [("{}", "results"), ("[1", "not JSON")])
def test_a_bad_baseline_is_a_usage_error(invoke, tmp_path, content, said):
    bad = tmp_path / "old.json"
    bad.write_text(content)
    result = invoke("audit", "rand", "-c", "symmetry", "--baseline", bad, *KNOBS)
    assert result.exit_code == 2
    assert "--baseline" in result.output and said in result.output
    assert "Traceback" not in result.output
    missing = invoke("audit", "rand", "-c", "symmetry", "--baseline", tmp_path / "no.json")
    assert missing.exit_code == 2 and "readable" in missing.output


@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_a_declared_missing_label_on_the_command_line(invoke, project, monkeypatch):
    monkeypatch.chdir(project.path)
    args = ["audit", f"{project.old}.py:score", "--lower", "0", "--upper", "1", "--perfect",
            "1", "-c", "special_labels", *KNOBS, "--seed", "1"]
    plain = invoke(*args)
    assert plain.exit_code == 1 and "noise_minus_one" in plain.output
    declared = invoke(*args, "--convention", "missing=-1", "--json", "declared.json")
    assert declared.exit_code == 0, declared.output
    assert "§" in declared.output and "convention (declared)" in declared.output
    data = json.loads((project.path / "declared.json").read_text())
    assert data["metrics"][f"{project.old}:score"]["conventions"] == {"missing": [-1]}
    assert {f["kind"] for f in data["results"][0]["findings"]} == {"convention"}


def test_a_plan_declares_conventions(invoke, project):
    plan = PLAN.format(seed=1, file=f"{project.old}.py").replace(
        '["label_invariance", "max_agreement"]', '["special_labels"]')
    (project.path / "declared.toml").write_text(plan + "conventions = { missing = -1 }\n")
    result = invoke("audit", "--plan", project.path / "declared.toml", "-q")
    assert result.exit_code == 0, result.output
    assert "convention (declared)" in result.output
    (project.path / "typo.toml").write_text(plan + "conventions = { missng = -1 }\n")
    typo = invoke("audit", "--plan", project.path / "typo.toml", "-q")
    assert typo.exit_code == 2 and "unknown key 'missng'" in typo.output


@pytest.mark.parametrize("given, said", [
    ("missing", "KEY=VALUE"), ("compare=upper", "str(label).lower()"),
    ("min_items=-2", "whole number")])
def test_a_bad_convention_is_a_usage_error(invoke, given, said):
    result = invoke("audit", "rand", "-c", "symmetry", "--convention", given, *KNOBS)
    assert result.exit_code == 2 and said in result.output
    assert "Traceback" not in result.output
