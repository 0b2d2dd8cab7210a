"""``metricprops reproduce goesgens-2021``: the reference table, our cells, the comparison.

The command line runs on two of the paper's indices (monkeypatched) with the quick budget, so
that it takes seconds; the full reproduction is what ``metricprops report`` commits.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import metricprops as mp
from metricprops.reproduce import goesgens, goesgens_notes, goesgens_table
from metricprops.reproduce.goesgens_text import render_markdown, render_table
from metricprops.results.model import CheckResult


def test_reference_table_is_complete():
    # the paper's 16 indices and the AMI of the authors' code; its 9 properties
    assert len(goesgens_table.INDICES) == 17 and len(goesgens_table.PROPERTIES) == 9
    assert len(goesgens_table.PAPER) == 17 * 9
    assert {c["value"] for c in goesgens_table.PAPER.values()} == {"yes", "no", "n/a"}
    # the quoted sentence: CC and S&S1 have every property but distance, CD every property
    # but the (exact) constant baseline
    text = {k: v for k, v in goesgens_table.PAPER.items() if v["source"] == "text"}
    assert text[("CC", "distance")]["value"] == "no"
    assert text[("CD", "constant_baseline")]["value"] == "no"
    assert text[("CD", "asymptotic_constant_baseline")]["value"] == "yes"


def _fmeasure(t, p):  # the authors' FMeasure.py: harmonic mean of the two purities
    cells = Counter(zip(t, p))
    rec = sum(max(v for (i, _), v in cells.items() if i == a) for a in set(t)) / len(t)
    prec = sum(max(v for (_, j), v in cells.items() if j == b) for b in set(p)) / len(t)
    return 2 * rec * prec / (rec + prec)


def _bcubed(t, p):  # the authors' BCubed.py, with a properly keyed table
    cells, a, b = Counter(zip(t, p)), Counter(t), Counter(p)
    rec = sum(v * v / a[i] for (i, _), v in cells.items()) / len(t)
    prec = sum(v * v / b[j] for (_, j), v in cells.items()) / len(t)
    return 2 * rec * prec / (rec + prec)


def _pairs(t, p):
    n11 = sum(v * (v - 1) // 2 for v in Counter(zip(t, p)).values())
    ma = sum(v * (v - 1) // 2 for v in Counter(t).values())
    mb = sum(v * (v - 1) // 2 for v in Counter(p).values())
    return n11, ma - n11, mb - n11


ORACLES = {
    "purity_f": _fmeasure,
    "bcubed_f_amigo": _bcubed,
    "pair_recall": lambda t, p: (lambda a, b, c: a / (a + b))(*_pairs(t, p)),   # Wallace
    "pair_f": lambda t, p: (lambda a, b, c: 2 * a / (2 * a + b + c))(*_pairs(t, p)),  # Dice
}


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_our_builtins_are_the_papers_indices(name):
    rng = random.Random(name)
    metric = mp.get_metric(name)
    for _ in range(30):
        n = rng.randint(4, 12)
        t = [rng.randrange(3) for _ in range(n)]
        p = [rng.randrange(4) for _ in range(n)]
        t[0], t[1], p[0], p[1] = 0, 0, 0, 0  # at least one pair together on each side
        assert metric(t, p) == pytest.approx(ORACLES[name](t, p), abs=1e-12)


@pytest.mark.parametrize("name", ["purity_f", "bcubed_f_amigo"])
def test_explained_minimum_is_two_over_n_plus_one(name):
    # the explanation of the FMeas and BCub minimal-agreement cells
    metric = mp.get_metric(name)
    for n in range(2, 8):
        assert metric([0] * n, list(range(n))) == pytest.approx(2 / (n + 1))
    assert ("FMeas" if name == "purity_f" else "BCub", "minimal_agreement") in \
        goesgens_notes.EXPLANATIONS


def _result(metric, constraint, status, findings=()):
    return CheckResult(metric=metric, constraint=constraint, status=status,
                       findings=list(findings), message="m")


def _finding(kind, where):
    return {"kind": kind, "input": where, "items": 3, "found_by": "exhaustive",
            "shrunk": True, "counterexample": {"truth": [0, 0, 1], "pred": [0, 1, 0],
                                               "notation": {"truth": "{0 1 | 2}"}}}


def test_our_cell_reads_verdicts():
    rand, w = mp.get_metric("rand"), mp.get_metric("pair_recall")
    assert goesgens.our_cell(_result("rand", "distance", "passed"), rand)["value"] == "yes"
    weak = _result("rand", "distance", "weak", [_finding("tie", "ordinary")])
    assert goesgens.our_cell(weak, rand)["value"] == "no"
    # monotonicity: a tie on a one-block truth alone does not count against the cell
    trivial = _result("rand", "monotonicity", "weak", [_finding("tie", "degenerate")])
    cell = goesgens.our_cell(trivial, rand)
    assert cell["value"] == "yes" and cell["on_trivial_only"]["truth"] == [0, 0, 1]
    # ... but it does for minimal agreement (its own pair is the degenerate one)
    vi_like = _result("rand", "minimal_agreement", "failed", [_finding("violation", "degenerate")])
    assert goesgens.our_cell(vi_like, rand)["value"] == "no"
    # declared asymmetric: a pass means an asymmetric pair was found
    assert goesgens.our_cell(_result("pair_recall", "symmetry", "passed"), w)["value"] == "no"
    assert goesgens.our_cell(_result("rand", "symmetry", "error"), rand)["value"] == "?"


def test_a_metric_without_a_perfect_value_has_no_max_agreement_when_q_a_a_varies():
    # Q(A, A) = number of blocks: 2 on {0 1 | 2}, 3 on {0 1 | 2 | 3}
    blocks = mp.metric(lambda t, p: float(len(set(p))), name="blocks")
    cell = goesgens.our_cell(_result("blocks", "max_agreement", "not_applicable"), blocks)
    assert cell["value"] == "no"
    assert cell["example"]["self_scores"]["low"]["value"] == 2.0
    constant = mp.metric(lambda t, p: 0.5, name="half")
    assert goesgens.our_cell(_result("half", "distance", "not_applicable"),
                             constant)["value"] == "n/a"


class _Fake:
    def __init__(self, statuses):
        self.statuses = statuses

    def get(self, metric, constraint):
        return _result(metric, constraint, self.statuses.get((metric, constraint), "passed"))


def test_compare_marks_agreement_and_lacking_indices():
    metrics = {m: mp.get_metric(m) for _, m, _ in goesgens_table.INDICES if m != "smi"}
    rows = goesgens.compare(_Fake({("rand", "constant_baseline"): "failed"}), metrics)
    by = {(r["index"], r["constraint"]): r for r in rows}
    assert by[("R", "constant_baseline")]["agreement"] == "agree"      # both ✗
    assert by[("R", "distance")]["agreement"] == "agree"               # both ✓
    assert by[("NMI", "distance")]["agreement"] == "disagree"          # ✗ vs a fake ✓
    assert by[("SMI", "symmetry")]["agreement"] == "lacking"
    assert by[("NMI", "asymptotic_constant_baseline")]["agreement"] == "not in the paper's table"


@pytest.fixture
def two_indices(monkeypatch):
    chosen = tuple(i for i in goesgens_table.INDICES if i[0] in ("R", "NMI"))
    monkeypatch.setattr(goesgens, "INDICES", chosen)
    import metricprops.reproduce.goesgens_text as text
    return text


@pytest.mark.slow
def test_command_writes_markdown_and_json_and_refuses_to_overwrite(invoke, tmp_path, two_indices):
    out = tmp_path / "gg"
    result = invoke("reproduce", "goesgens-2021", "--quick", "--out", out, "--jobs", 1)
    assert result.exit_code == 0, result.output + result.stderr
    assert "MaxAgr" in result.stdout and f"wrote {out}" in result.stdout
    doc = json.loads((out / "goesgens-2021.json").read_text())
    assert doc["schema"] == 1 and doc["quick"] is True
    assert {r["index"] for r in doc["rows"]} == {"R", "NMI"}
    md = (out / "goesgens-2021.md").read_text()
    assert "Generated by `metricprops reproduce goesgens-2021 --quick --seed 20261130`" in md
    again = invoke("reproduce", "goesgens-2021", "--quick", "--out", out, "--jobs", 1)
    assert again.exit_code == 2 and "--force" in again.stderr
    forced = invoke("reproduce", "goesgens-2021", "--quick", "--out", out, "--jobs", 1,
                    "--force")
    assert forced.exit_code == 0
    assert (out / "goesgens-2021.md").read_text() == md  # same seed, same bytes


@pytest.mark.slow
def test_the_reports_audit_is_read_where_it_holds_the_pairs(two_indices, monkeypatch):
    names = [ours for _, ours, _ in goesgens.INDICES]
    properties = [prop for _, prop in goesgens.PROPERTIES  # a quick run does not time
                  if prop not in goesgens.QUICK_LEFT_OUT]
    # the report's audit: more constraints than the paper's, the same seed and budget
    wider = mp.audit(names, [c for c in mp.list_constraints() if c.name != "scaling"], seed=5,
                     jobs=1, **goesgens.QUICK_BUDGET)
    alone = goesgens.run(seed=5, quick=True, jobs=1)
    with monkeypatch.context() as patched:  # read, not audited again
        patched.setattr("metricprops.checker.audit", lambda *a, **k: pytest.fail("audited"))
        assert goesgens.run(seed=5, quick=True, audited=wider) == alone
    knobs = dict(goesgens.QUICK_BUDGET)
    assert goesgens._covers(wider, 5, names, properties, knobs)
    # another seed, another budget, a pair it lacks: audited again, not read
    assert not goesgens._covers(wider, 6, names, properties, knobs)
    assert not goesgens._covers(wider, 5, names, properties, {**knobs, "max_items": 9})
    assert not goesgens._covers(wider, 5, names + ["jaccard"], properties, knobs)
    narrow = mp.audit(names[:1], properties, seed=5, jobs=1, **goesgens.QUICK_BUDGET)
    assert goesgens.run(seed=5, quick=True, jobs=1, audited=narrow) == alone


def test_rendering_names_every_disagreement(two_indices):
    rows = [{"index": "R", "metric": "rand", "property": "Distance", "constraint": "distance",
             "paper": {"value": "yes", "source": "computed"},
             "ours": {"value": "no", "status": "failed", "example": {
                 "notation": {"truth": "{0 1 | 2}"}, "scores": {"d(A,C)": 1.0}}},
             "agreement": "disagree"}]
    res = {"seed": 1, "quick": True, "budget": {"exhaustive_n": 3, "max_examples": 5,
                                                "max_items": 8},
           "indices": [{"paper": "R", "metric": "rand", "what": "Rand", "lacking": False}],
           "properties": [{"paper": "Distance", "constraint": "distance"}],
           "rows": rows, "summary": {"disagree": 1}, "unexplained": ["R × Distance"]}
    assert "✓✗≠" in render_table(res)
    md = render_markdown(res)
    assert "## Where we differ from the reference" in md
    assert "truth {0 1 | 2}; d(A,C) = 1" in md
    assert "Disagreements without a checked explanation: R × Distance." in md



def test_the_authors_ami_and_the_linear_complexity_column_are_in_the_table():
    # the paper's AMI is the geometric-mean one of the authors' code: audited beside ami
    names = [ours for _, ours, _ in goesgens_table.INDICES]
    assert names.index("ami_geometric") == names.index("ami") + 1
    for _, prop in goesgens_table.PROPERTIES[:-1]:  # one formula in the reconstruction
        assert goesgens_table.PAPER[("AMI_geo", prop)] == goesgens_table.PAPER[("AMI", prop)]
    assert goesgens_table.PROPERTIES[-1] == ("Linear complexity", "scaling")
    assert {goesgens_table.PAPER[(i, "scaling")]["source"] for i, _, _ in
            goesgens_table.INDICES} == {"not reconstructed"}


def test_the_committed_table_has_the_authors_ami_and_linear_complexity():
    path = Path(__file__).resolve().parents[2] / "reports" / "goesgens-2021.json"
    rows = {(r["index"], r["constraint"]): r for r in
            json.loads(path.read_text(encoding="utf-8"))["rows"]}
    mono = rows[("AMI_geo", "monotonicity")]["ours"]  # not monotone either: 9 items
    assert mono["value"] == "no" and len(mono["example"]["truth"]) == 9
    assert rows[("SMI", "scaling")]["ours"]["value"] == "no"  # declared n^2.5
    assert rows[("AMI", "scaling")]["ours"]["value"] == "yes"


def test_the_terminal_table_says_its_reference_is_a_reconstruction():
    res = json.loads((Path(__file__).resolve().parents[2] / "reports" / "goesgens-2021.json")
                     .read_text(encoding="utf-8"))
    text = render_table(res)
    assert "the reconstructed reference mark, then ours" in text  # was "the reference mark"
    assert "a reconstruction, not the paper's table" in text
    assert "Linear" in text.splitlines()[4] and "AMI_geo" in text
