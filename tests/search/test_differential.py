"""Differential testing (``metricprops.compare`` and ``metricprops compare``), the bcubed
adapter, third-party targets through the audit command, and the third-party report."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

import metricprops as mp
from metricprops import get_metric
from metricprops.report.adapters import bcubed_f, bcubed_precision, bcubed_recall
from metricprops.cli import main
from metricprops.errors import InvalidArgumentError

rand = get_metric("rand")
FAST = dict(seed=11, max_examples=30, exhaustive_n=4)


def planted(labels_true, labels_pred):
    """Rand, altered only when a predicted block has 7 or more items."""
    value = rand(labels_true, labels_pred)
    return value + 0.25 if max(Counter(labels_pred).values()) >= 7 else value


def planted_two_blocks(labels_true, labels_pred):
    """Rand, altered only when a predicted block has 7+ items and there are 2+ blocks."""
    sizes = Counter(labels_pred)
    value = rand(labels_true, labels_pred)
    return value + 0.25 if max(sizes.values()) >= 7 and len(sizes) >= 2 else value


def precision_is_recall(labels_true, labels_pred):
    """A buggy BCubed precision that computes recall."""
    return get_metric("bcubed_recall")(labels_true, labels_pred)


def test_identical_implementations_agree():
    r = mp.compare("rand", rand, **FAST)
    assert r.status == "agree" and r.ok and r.counterexample is None
    # every pair up to 4 items (1 + 4 + 25 + 225), 4 degenerate pairs, 30 random ones
    assert r.examples == 255 + 4 + 30
    assert "no disagreement" in r.message


def test_planted_disagreement_is_minimised_to_7_items():
    # the smallest input with a predicted block of 7 items: T = H = one block of 7;
    # Rand = 1 (7·6/2 = 21 true positives, nothing else), the planted copy says 1.25
    r = mp.compare(planted, "rand", **FAST)
    assert r.status == "disagree"
    ce = r.counterexample
    assert ce["truth"] == [0] * 7 and ce["pred"] == [0] * 7
    assert ce["scores"] == {"a": 1.25, "b": 1.0}


@pytest.mark.slow
def test_planted_disagreement_found_by_random_search_and_shrunk():
    # not triggered by the degenerate inputs: needs a 7-item block and a second block.
    # Smallest: T = one block of 8, H = {0..6 | 7}: 28 pairs, TP = C(7, 2) = 21, FN = 7:
    # Rand = 21/28 = 0.75, the planted copy 1.0
    r = mp.compare(planted_two_blocks, "rand", seed=2, max_examples=100, exhaustive_n=4)
    assert r.status == "disagree"
    assert "random search" in r.message
    ce = r.counterexample
    assert ce["truth"] == [0] * 8 and ce["pred"] == [0] * 7 + [1]
    assert ce["scores"] == {"a": 1.0, "b": 0.75}


def test_precision_and_recall_swapped_is_caught():
    # T = {0 1}, H = {0 | 1}: every predicted block is pure, BCubed precision 1; each item
    # finds 1 of the 2 items of its class in its block, recall 1/2
    r = mp.compare(precision_is_recall, "bcubed_precision", **FAST)
    assert r.status == "disagree"
    ce = r.counterexample
    assert (ce["truth"], ce["pred"]) == ([0, 0], [0, 1])
    assert ce["scores"] == {"a": 0.5, "b": 1.0}


def test_recall_with_swapped_arguments_is_precision():
    swapped = mp.metric(lambda t, p: get_metric("bcubed_recall")(p, t), name="swapped")
    assert mp.compare(swapped, "bcubed_precision", **FAST).status == "agree"


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


def test_tolerance_absorbs_small_differences():
    r = mp.compare(planted, "rand", tolerance=0.3, seed=1, max_examples=5, exhaustive_n=3)
    assert r.status == "agree"


def test_an_implementation_that_raises_is_an_error_with_the_input():
    def fails_on_one_item(t, p):
        if len(t) == 1:
            raise ValueError("need two items")
        return rand(t, p)
    r = mp.compare("rand", fails_on_one_item, **FAST)
    assert r.status == "error" and not r.ok
    assert r.error["truth"] == [0] and r.error["message"].startswith("b: ")


def test_json_schema_and_determinism():
    a = mp.compare(planted, "rand", **FAST)
    b = mp.compare(planted, "rand", **FAST)
    assert a.dumps() == b.dumps()
    data = json.loads(a.dumps())
    assert {"schema", "a", "b", "status", "seed", "examples", "counterexample"} <= set(data)
    assert data["schema"] == 1 and data["seed"] == 11 and data["b"] == "rand"
    assert set(data["counterexample"]) >= {"truth", "pred", "scores"}
    assert set(data["counterexample"]["scores"]) == {"a", "b"}


@pytest.mark.parametrize("kw", [dict(tolerance=-1.0), dict(tolerance=float("nan")),
                                dict(max_examples=-1), dict(exhaustive_n=0),
                                dict(exhaustive_n=9), dict(max_items=1)])
def test_invalid_arguments(kw):
    with pytest.raises(InvalidArgumentError):
        mp.compare("rand", "rand", **kw)


def test_minimise_deletes_items_and_merges_blocks():
    from metricprops import Partition
    from metricprops.differential import minimise
    # disagreement whenever the prediction has a block of 3 or more items
    big = lambda t, p: max(p.sizes) >= 3  # noqa: E731
    t, p = minimise(Partition.from_labels([0, 1, 2, 3, 0, 1]),
                    Partition.from_labels([5, 0, 5, 1, 5, 2]), big)
    assert t.tolist() == [0, 0, 0] and p.tolist() == [0, 0, 0]


# -- command line ----------------------------------------------------------------------------
def test_cli_agree_exit_0():
    res = CliRunner().invoke(main, ["compare", "rand", "rand", "--seed", "1",
                                    "--max-examples", "5", "--exhaustive-n", "3"])
    assert res.exit_code == 0, res.output
    assert "agree" in res.output


def test_cli_disagreement_exit_1_and_json(tmp_path):
    out = tmp_path / "sub" / "cmp.json"
    res = CliRunner().invoke(main, ["compare", "bcubed_precision", "bcubed_recall",
                                    "--seed", "1", "--max-examples", "5", "--exhaustive-n", "3",
                                    "--json", str(out)])
    assert res.exit_code == 1, res.output
    data = json.loads(out.read_text())
    assert data["status"] == "disagree" and data["a"] == "bcubed_precision"
    assert data["counterexample"]["truth"] == [0, 0]
    assert data["counterexample"]["pred"] == [0, 1]
    assert data["counterexample"]["scores"] == {"a": 1.0, "b": 0.5}


def test_cli_file_target_with_planted_bug(tmp_path):
    source = tmp_path / "impl.py"
    source.write_text(
        "from collections import Counter\n"
        "from metricprops import get_metric\n"
        "def my_rand(t, p):\n"
        "    v = get_metric('rand')(t, p)\n"
        "    return v + 0.25 if max(Counter(p).values()) >= 7 else v\n")
    res = CliRunner().invoke(main, ["compare", f"{source}:my_rand", "rand", "--seed", "3",
                                    "--max-examples", "10", "--exhaustive-n", "3"])
    assert res.exit_code == 1, res.output
    assert "{0 1 2 3 4 5 6}" in res.output


@pytest.mark.parametrize("args", [["compare", "no_such_metric", "rand"],
                                  ["compare", "rand", "rand", "--tolerance", "-1"],
                                  ["compare", "rand"],
                                  ["compare", "nosuchmodule_xyz:f", "rand"]])
def test_cli_usage_errors_exit_2(args):
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 2, res.output


# -- third-party targets -----------------------------------------------------------------------
sklearn = pytest.importorskip("sklearn")


@pytest.mark.slow
def test_audit_sklearn_ari_just_works(tmp_path):
    out = tmp_path / "ari.json"
    args = ["audit", "sklearn.metrics:adjusted_rand_score", "--lower", "-0.5", "--upper", "1",
            "--perfect", "1", "--seed", "5", "--max-examples", "3", "--exhaustive-n", "3",
            "-q", "--json", str(out)]
    res = CliRunner().invoke(main, args + ["-c", "bounds", "-c", "max_agreement"])
    assert res.exit_code == 0, res.output  # numpy float64 return values are numbers
    statuses = {r["constraint"]: r["status"] for r in json.loads(out.read_text())["results"]}
    assert statuses == {"bounds": "passed", "max_agreement": "passed"}
    # mixed int/str labels: scikit-learn turns [0, "0"] into the strings ["0", "0"]
    res = CliRunner().invoke(main, args + ["-c", "label_invariance"])
    assert res.exit_code == 1, res.output
    (r,) = json.loads(out.read_text())["results"]
    assert r["status"] == "failed"
    assert r["counterexample"]["label_kinds"] == "mixed_int_str"


def test_sklearn_rejected_label_types_are_named():
    from metricprops.constraints.label_invariance import CONSTRAINT, COMBOS, _instance
    from metricprops.calls import Scorer
    from metricprops import Partition
    from metricprops.constraint import Outcome
    m = mp.metric(sklearn.metrics.rand_score, bounds=(0, 1), perfect=1)
    combos = tuple(c for c in COMBOS if c[0] == c[1] and c[0] in ("bytes", "tuple", "string"))
    inst = _instance(Partition.from_labels([0, 0, 1]), Partition.from_labels([0, 1, 1]),
                     combos, (2, 1, 0))
    ev = CONSTRAINT.evaluate(inst, Scorer(m), m)
    assert ev.outcome is Outcome.TIE
    assert "bytes: TypeError" in ev.detail and "tuple: ValueError" in ev.detail
    assert "string:" not in ev.detail  # string labels are accepted


def test_third_party_generator_is_deterministic():
    from metricprops.report.third_party import generate, render_markdown
    kw = dict(names=["sklearn.metrics:rand_score", "metricprops.adapters:bcubed_f"],
              constraints=["bounds", "symmetry", "n_invariance"], max_examples=3,
              exhaustive_n=3, max_items=8)
    a, b = generate(seed=1, **kw), generate(seed=1, **kw)
    assert json.dumps(a) == json.dumps(b)
    assert [r["status"] for r in a["results"]] == ["passed", "passed", "failed",
                                                   "passed", "passed", "passed"]
    md = render_markdown(a)
    assert "| `rand_score` | ✓ | ✓ | ✗ |" in md and "| `bcubed_f` | ✓ | ✓ | ✓ |" in md
