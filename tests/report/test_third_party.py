"""Third-party implementations: the ``bcubed`` package adapter and the third-party audit report."""
from __future__ import annotations

import json

import pytest

import metricprops as mp
from metricprops.plans.package_adapters import bcubed_f, bcubed_precision, bcubed_recall


@pytest.mark.slow
def test_bcubed_package_agrees_with_amigo_bcubed_f():
    r = mp.compare(bcubed_f, "bcubed_f_amigo", seed=11, max_examples=20, exhaustive_n=4,
                   max_items=15)
    assert r.status == "agree", r.describe()


def test_bcubed_adapter_by_hand():
    # T = {0 1 | 2}, H = {0 | 1 2}.  Precision: item 0 alone (1), items 1 and 2 share a
    # block with one item of their class each (1/2, 1/2): P = 2/3.  Recall: items 0, 1 find
    # 1 of 2 class members in their block (1/2 each), item 2 its whole class (1): R = 2/3.
    assert bcubed_precision([0, 0, 1], [0, 1, 1]) == pytest.approx(2 / 3)
    assert bcubed_recall([0, 0, 1], [0, 1, 1]) == pytest.approx(2 / 3)
    assert bcubed_f([0, 0, 1], [0, 1, 1]) == pytest.approx(2 / 3)
    assert bcubed_f(["a", "a", "b"], ("x", "y", "y")) == pytest.approx(2 / 3)
    with pytest.raises(ValueError):
        bcubed_f([0, 1], [0])


@pytest.mark.slow
def test_third_party_generator_is_deterministic():
    pytest.importorskip("sklearn")
    from metricprops.report.third_party.audit import generate, render_markdown
    kw = dict(names=["sklearn.metrics:rand_score", "metricprops.plans.package_adapters:bcubed_f"],
              constraints=["bounds", "symmetry", "n_invariance"], max_examples=3,
              exhaustive_n=3, max_items=8, scale_max_n=0)
    a, b = generate(seed=1, **kw), generate(seed=1, **kw)
    assert json.dumps(a) == json.dumps(b)
    # the bcubed package gives NaN on empty input: the empty-input probe's finding (bounds)
    assert [r["status"] for r in a["results"]] == ["passed", "passed", "failed",
                                                   "failed", "passed", "passed"]
    assert a["results"][3]["counterexample"]["truth"] == []
    md = render_markdown(a)
    assert "| `rand_score` | ✓ | ✓ | ✗ |" in md and "| `bcubed_f` | ✗ | ✓ | ✓ |" in md


@pytest.mark.slow
def test_scorch_targets_are_audited_with_the_builtins_judgements():
    pytest.importorskip("scorch")
    from metricprops.report.third_party.audit import generate, render_markdown
    name = "metricprops.plans.package_adapters:scorch_muc_f"
    report = generate(seed=1, names=[name], constraints=["max_agreement", "symmetry"],
                      max_examples=3, exhaustive_n=3, max_items=8, scale_max_n=0)
    status = {r["constraint"]: r["status"] for r in report["results"]}
    # scorch, like the reference scorer, scores identical link-free partitions 0
    assert status == {"max_agreement": "failed", "symmetry": "passed"}
    from metricprops.report.third_party.pages import render_page
    md = render_page(report, "scorch", "metricprops report")  # the findings' page
    assert "Scorer convention." in md and "scorch" in report["versions"]
    assert "[third-party/scorch.md](third-party/scorch.md)" in render_markdown(report)
