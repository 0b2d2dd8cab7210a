"""``metricprops audit`` through click's CliRunner: targets, options, JSON contract, exit codes."""
from __future__ import annotations

import json
import os
import textwrap

import pytest

import plugins

FAST = ["--seed", "7", "--max-examples", "20", "--exhaustive-n", "4", "-q"]
PLUGINS = os.path.dirname(plugins.__file__)  # tests/plugins


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def assert_contract(data, seed):
    """The public audit JSON contract (schema 1)."""
    assert data["schema"] == 1 and data["seed"] == seed
    assert isinstance(data["results"], list) and data["results"]
    for r in data["results"]:
        for key in ("metric", "constraint", "status", "examples", "exhaustive_n", "counterexample"):
            assert key in r, key
        assert isinstance(r["metric"], str) and isinstance(r["constraint"], str)
        assert r["status"] in ("passed", "weak", "failed", "error", "gave_up", "not_applicable")
        assert isinstance(r["examples"], int) and isinstance(r["exhaustive_n"], int)
        ce = r["counterexample"]
        if r["status"] != "failed":
            assert ce is None
            continue
        assert isinstance(ce["truth"], list) and all(isinstance(x, int) for x in ce["truth"])
        roles = [k for k in ("pred", "worse", "better") if k in ce]
        assert roles in (["pred"], ["worse", "better"])
        for role in roles:
            assert isinstance(ce[role], list) and len(ce[role]) == len(ce["truth"])
        assert isinstance(ce["scores"], dict) and ce["scores"]
        assert all(isinstance(v, (int, float)) for v in ce["scores"].values())


# ---------------------------------------------------------------------------------------
# targets
# ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_builtin_that_passes_exits_0(invoke):
    result = invoke("audit", "elm_f", "--constraint", "completeness", *FAST)
    assert result.exit_code == 0, result.output
    assert "elm_f" in result.stdout and "completeness" in result.stdout and "✓" in result.stdout
    assert "seed 7" in result.stdout


@pytest.mark.slow
def test_builtins_with_a_failure_exit_1_and_show_the_counterexample(invoke):
    result = invoke("audit", "elm_f", "bcubed_f", "-c", "zero_score", "-c", "completeness", *FAST)
    assert result.exit_code == 1
    out = result.stdout
    assert "bcubed_f × zero_score: failed" in out
    assert "truth: {0 1}" in out and "pred: {0 | 1}" in out
    assert "best = 0.666667" in out


@pytest.mark.slow
def test_module_attr_target_with_metadata(invoke, tmp_path):
    pytest.importorskip("sklearn")
    out_sk, out_builtin = tmp_path / "sk.json", tmp_path / "builtin.json"
    args = ["-c", "zero_score", "-c", "degenerate", *FAST]
    r1 = invoke("audit", "sklearn.metrics:adjusted_rand_score", "--lower", "-0.5", "--upper", "1",
                "--perfect", "1", *args, "--json", str(out_sk))
    r2 = invoke("audit", "adjusted_rand", *args, "--json", str(out_builtin))
    assert r1.exit_code == 1 and r2.exit_code == 1
    sk, builtin = read_json(out_sk), read_json(out_builtin)
    assert_contract(sk, 7)
    assert [r["metric"] for r in sk["results"]] == ["sklearn.metrics:adjusted_rand_score"] * 2
    # sklearn's ARI and the built-in agree on verdicts and counterexamples
    for a, b in zip(sk["results"], builtin["results"]):
        assert a["status"] == b["status"] == "failed"
        for key in ("truth", "pred", "worse", "better"):
            assert a["counterexample"].get(key) == b["counterexample"].get(key)
        assert a["counterexample"]["scores"] == pytest.approx(b["counterexample"]["scores"])
    zero = sk["results"][0]["counterexample"]
    assert zero["truth"] == [0, 0] and zero["pred"] == [0, 1]
    assert zero["scores"]["best"] == pytest.approx(0.0)
    assert zero["scores"]["lower_bound"] == -0.5


def test_bare_function_without_lower_bound_is_not_applicable(invoke):
    result = invoke("audit", "plugins.faulty:bare_elm", "-c", "zero_score", *FAST)
    assert result.exit_code == 0, result.output
    assert "–" in result.stdout


@pytest.mark.slow
def test_file_target(invoke, tmp_path):
    source = tmp_path / "my_metric.py"
    source.write_text(textwrap.dedent("""
        def n_blocks_share(labels_true, labels_pred):
            # rewards splitting: merging two pure blocks (completeness) lowers it
            return len(set(labels_pred)) / len(labels_pred)
    """))
    out = tmp_path / "a.json"
    result = invoke("audit", f"{source}:n_blocks_share", "--lower", "0", "--upper", "1",
                    "-c", "completeness", "-c", "homogeneity", *FAST, "--json", str(out))
    assert result.exit_code == 1, result.output
    data = read_json(out)
    assert_contract(data, 7)
    comp, homog = data["results"]
    assert comp["metric"] == "my_metric:n_blocks_share"
    assert comp["status"] == "failed" and homog["status"] == "passed"
    assert comp["counterexample"]["truth"] == [0, 0]
    assert comp["counterexample"]["worse"] == [0, 1] and comp["counterexample"]["better"] == [0, 0]
    assert comp["counterexample"]["scores"] == {"worse": 1.0, "better": 0.5}


@pytest.mark.slow
def test_file_target_holding_a_metric_object(invoke):
    result = invoke("audit", os.path.join(PLUGINS, "faulty.py") + ":raises", "-c", "completeness",
                    "-c", "rag_bag", *FAST, "--timeout", "2")
    assert result.exit_code == 1
    assert "raises × completeness: error" in result.stdout
    assert "ZeroDivisionError" in result.stdout


# ---------------------------------------------------------------------------------------
# outputs
# ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_json_and_markdown_files(invoke, tmp_path):
    js, md = tmp_path / "out" / "audit.json", tmp_path / "audit.md"
    result = invoke("audit", "bcubed_f", "elm_f", "purity", "-c", "zero_score",
                    "-c", "completeness", *FAST, "--json", str(js), "--markdown", str(md))
    assert result.exit_code == 1
    data = read_json(js)
    assert_contract(data, 7)
    pairs = [(r["metric"], r["constraint"], r["status"]) for r in data["results"]]
    assert pairs == [
        ("bcubed_f", "zero_score", "failed"), ("bcubed_f", "completeness", "passed"),
        ("elm_f", "zero_score", "passed"), ("elm_f", "completeness", "passed"),
        ("purity", "zero_score", "failed"), ("purity", "completeness", "weak"),
    ]
    assert all(r["exhaustive_n"] == 4 for r in data["results"])
    text = md.read_text(encoding="utf-8")
    assert text.startswith("# metricprops audit")
    assert "| metric | zero_score | completeness |" in text
    assert "| bcubed_f | ✗ | ✓∀ |" in text and "| purity | ✗ | ≈₄ |" in text
    assert "### bcubed_f × zero_score: failed" in text


@pytest.mark.slow
def test_same_seed_same_json_bytes(invoke, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    args = ["bcubed_f", "-c", "rag_bag", *FAST]
    assert invoke("audit", *args, "--json", str(a)).exit_code == 1
    assert invoke("audit", *args, "--json", str(b)).exit_code == 1
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.slow
def test_default_constraints_are_every_registered_one(invoke, monkeypatch):
    # DESIGN: every audit reports the six ELM-paper constraints and the general properties
    from metricprops.registry import constraint_names

    monkeypatch.setenv("COLUMNS", "400")  # wide enough for full column heads
    result = invoke("audit", "bcubed_f", *FAST, "--max-examples", "0", "--exhaustive-n", "1")
    header = result.stdout.splitlines()[0].split()  # the header is all this test reads
    assert header[:6] == ["zero_score", "degenerate", "homogeneity", "completeness", "rag_bag",
                          "size_vs_quantity"]
    assert header == constraint_names()
    assert "max_agreement" in header and "n_invariance" in header


# ---------------------------------------------------------------------------------------
# usage errors: exit 2, one line, no traceback
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, needle", [
    (["no_such_metric"], "no_such_metric"),
    (["elm_f", "-c", "no_such_constraint"], "no_such_constraint"),
    (["math:no_such_function"], "no_such_function"),
    (["math:pi"], "callable"),
    (["no_such_module_xyz:f"], "no_such_module_xyz"),
    (["elm_f:"], "module:attr"),
    (["MISSING/metric.py:f"], "no such file"),
])
def test_usage_errors_exit_2_with_one_line(invoke, tmp_path, args, needle):
    args = [a.replace("MISSING", str(tmp_path / "missing")) for a in args]
    result = invoke("audit", *args, *FAST)
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert needle in lines[0]
    assert result.stdout == ""


def test_broken_file_target_exits_2(invoke, tmp_path):
    source = tmp_path / "broken.py"
    source.write_text("raise RuntimeError('cannot import me')\n")
    result = invoke("audit", f"{source}:f", *FAST)
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0 and "cannot import me" in result.stderr


def test_bad_option_value_is_a_click_usage_error(invoke):
    result = invoke("audit", "elm_f", "--max-examples", "-1")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


# ---------------------------------------------------------------------------------------
# third-party targets
# ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_audit_sklearn_ari_just_works(invoke, tmp_path):
    pytest.importorskip("sklearn")
    out = tmp_path / "ari.json"
    args = ["audit", "sklearn.metrics:adjusted_rand_score", "--lower", "-0.5", "--upper", "1",
            "--perfect", "1", "--seed", "5", "--max-examples", "3", "--exhaustive-n", "3",
            "-q", "--json", str(out)]
    res = invoke(*args, "-c", "bounds", "-c", "max_agreement")
    assert res.exit_code == 0, res.output  # numpy float64 return values are numbers
    statuses = {r["constraint"]: r["status"] for r in read_json(out)["results"]}
    assert statuses == {"bounds": "passed", "max_agreement": "passed"}
    # mixed int/str labels: scikit-learn turns [0, "0"] into the strings ["0", "0"]
    res = invoke(*args, "-c", "label_invariance")
    assert res.exit_code == 1, res.output
    (r,) = read_json(out)["results"]
    assert r["status"] == "failed"
    assert r["counterexample"]["label_kinds"] == "mixed_int_str"
