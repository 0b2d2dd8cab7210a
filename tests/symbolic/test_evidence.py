"""Proved verdicts (metricprops.symbolic.prove): proofs from the formulas, failed proofs with
their region and a counterexample scored by the metric itself."""
from __future__ import annotations

import numpy as np
import pytest

import metricprops as mp
from metricprops.metrics.stats import pair_counts
from metricprops.symbolic import FailedProof, Proof, proof_methods, prove
from metricprops.symbolic.pair_witness import MOVE_INSTANCES, counts_of
from metricprops.tolerance import compare_values


def is_perfect_split(truth, worse, better):
    """``better`` splits one block of ``worse`` in two, no class of ``truth`` cut."""
    pairs = {(w, b) for w, b in zip(worse, better)}
    split = [w for w in set(worse) if len({b for x, b in pairs if x == w}) == 2]
    if len(split) != 1 or any(len({b for x, b in pairs if x == w}) > 2 for w in set(worse)):
        return False
    parts = {}
    for t, w, b in zip(truth, worse, better):
        if w == split[0]:
            parts.setdefault(t, set()).add(b)
    return all(len(v) == 1 for v in parts.values())


def assert_refutes(metric, ce, want):
    """The counterexample's scores come from the metric and show sign ``want`` (−1, 0)."""
    truth, worse, better = ce["truth"], ce["worse"], ce["better"]
    assert ce["scores"] == {"worse": metric(truth, worse), "better": metric(truth, better)}
    q = metric.oriented
    assert compare_values(q(ce["scores"]["better"]), q(ce["scores"]["worse"])) == want


@pytest.mark.parametrize("constraint", ["homogeneity", "completeness", "monotonicity",
                                        "strong_monotonicity", "max_agreement"])
def test_rand_is_proved_for_every_n(constraint):
    result = prove("rand", constraint)
    assert isinstance(result, Proof), result
    assert "at every n" in result.statement and "superset" in result.statement
    assert "formula" in result.method
    assert result.to_json()["status"] == "proved"


def test_jaccard_homogeneity_fails_with_a_tie_from_its_region():
    result = prove("jaccard", "homogeneity")
    assert isinstance(result, FailedProof) and result.kind == "tie"
    assert "N11 = 0" in result.region  # Jaccard is N11 / (N11 + N10 + N01): 0 while N11 = 0
    ce = result.counterexample
    assert is_perfect_split(ce["truth"], ce["worse"], ce["better"])
    assert counts_of(ce["truth"], ce["worse"])[0] == 0
    assert_refutes(mp.get_metric("jaccard"), ce, 0)


def _dice(t):
    """Dice on pairs 2 N11 / (2 N11 + N10 + N01)."""
    pc = pair_counts(t)
    return t.ops.ratio(2 * pc.tp, 2 * pc.tp + pc.fn + pc.fp, 1)


def _wrong_rand(t):
    """A deliberately wrong Rand index: (N11 − N00) / C(n, 2)."""
    pc = pair_counts(t)
    return t.ops.ratio(pc.tp - pc.tn, pc.total, 1)


def _planted(t):
    """(N11 + N00)(1000 − N11) / C(n, 2): monotone while N11 < 1000 (more than 45 items)."""
    pc = pair_counts(t)
    return t.ops.ratio((pc.tp + pc.tn) * (1000 - pc.tp), pc.total, 1)


def test_a_wrong_formula_fails_to_prove_and_yields_a_counterexample():
    wrong = mp.Metric(name="wrong_rand", formula=_wrong_rand, pair_counting=True)
    result = prove(wrong, "homogeneity")
    assert isinstance(result, FailedProof) and result.kind == "violation"
    assert "N01" in result.region
    ce = result.counterexample
    assert is_perfect_split(ce["truth"], ce["worse"], ce["better"])
    assert_refutes(wrong, ce, -1)


_MOVE_DIRECTIONS = {"a perfect split": (0, 0, -1, 1), "a perfect merge": (1, -1, 0, 0)}


def region_holds(region, before, delta):
    """Do the before-counts ``before`` (N11, N10, N01, N00) and ``delta`` lie in a failed
    move proof's ``region``?

    The region reads ``<move>: N11 ≥ 1, N10 = δ, N01 = 0, N00 = 0, δ ≥ 1; where <factor> ≥ 0
    (the difference ≤ 0)``: a condition per before-count (a count the move decreases is
    compared with δ), then the factor's sign, over the case's base counts (before − δ for a
    count the move decreases) and ``delta``."""
    import sympy as sp

    move, _, rest = region.partition(": ")
    direction = next(u for name, u in _MOVE_DIRECTIONS.items() if move.startswith(name))
    values = dict(zip(("N11", "N10", "N01", "N00"), before), δ=delta)
    conditions, _, where = rest.partition("; where ")
    for condition in conditions.split(", "):
        name, op, bound = condition.split(" ")
        lhs, rhs = values[name], values[bound] if bound in values else int(bound)
        if not {"=": lhs == rhs, "≥": lhs >= rhs, ">": lhs > rhs}[op]:
            return False
    if not where:
        return True
    factor, op = where.split(" (")[0].rsplit(" ", 2)[:2]
    base = {sp.Symbol(n): v - (delta if u < 0 else 0)
            for n, v, u in zip(("N11", "N10", "N01", "N00"), before, direction)}
    value = sp.sympify(factor).subs({**base, sp.Symbol("delta"): delta})
    return bool(value >= 0 if op == "≥" else value <= 0)


def move_in_region(region, truth, worse, better):
    """Is worse → better one move of the region's kind, from its region?"""
    direction = next(u for name, u in _MOVE_DIRECTIONS.items() if region.startswith(name))
    before, after = counts_of(truth, worse), counts_of(truth, better)
    delta = max(abs(b - a) for a, b in zip(before, after))
    if [b - a for a, b in zip(before, after)] != [u * delta for u in direction]:
        return False
    return region_holds(region, before, delta)


@pytest.mark.slow
def test_a_planted_failure_above_30_items_is_not_proved():
    from metricprops.search.proofs import find_proof

    planted = mp.Metric(name="planted", formula=_planted, pair_counting=True)
    result = prove(planted, "monotonicity")
    assert isinstance(result, FailedProof) and result.kind == "violation"
    assert find_proof(planted, "monotonicity") is None  # so no audit cell is marked proved
    assert "1000" in result.region  # the flip: N11 (or δ) reaching 1000
    assert result.region.startswith(("a perfect merge", "a perfect split"))
    ce = result.counterexample
    assert len(ce["truth"]) > 30
    assert_refutes(planted, ce, -1)
    # the counterexample is a move of the named kind from the named region (its zero
    # pattern and the factor's sign), and the point the reason names is in it too
    assert move_in_region(result.region, ce["truth"], ce["worse"], ce["better"]), result.region
    point = [int(x) for x in result.reason.split("N11, N10, N01, N00, δ = ")[1].split(", ")]
    assert region_holds(result.region, point[:4], point[4])
    # nothing up to 30 items shows it: random H1 and every perfect split and merge of it
    rng = np.random.default_rng(3)
    for _ in range(150):
        n = int(rng.integers(2, 31))
        truth = rng.integers(0, rng.integers(1, 8), n).tolist()
        worse = rng.integers(0, rng.integers(1, 8), n).tolist()
        for move in MOVE_INSTANCES.values():
            for better, _ in move(truth, worse):
                assert planted(truth, better) > planted(truth, worse)


def test_a_users_pair_counting_formula_gets_the_same_proofs_a_black_box_none():
    dice = mp.Metric(name="dice", formula=_dice, bounds=(0, 1), perfect=1, pair_counting=True)
    assert isinstance(prove(dice, "completeness"), Proof)
    assert isinstance(prove(dice, "max_agreement"), Proof)
    assert prove(dice, "homogeneity").kind == "tie"
    box = mp.metric(lambda t, p: mp.get_metric("rand")(t, p), name="box", pair_counting=True,
                    bounds=(0, 1), perfect=1)
    assert prove(box, "homogeneity") is None and proof_methods(box) == ()


def test_a_formula_sympy_cannot_carry_is_not_proved():
    def numpy_only(t):
        """Rand through float(): numeric only."""
        pc = pair_counts(t)
        return t.ops.ratio(float(pc.tp + pc.tn), pc.total, 1)

    m = mp.Metric(name="numpy_only", formula=numpy_only, pair_counting=True)
    result = prove(m, "homogeneity")
    assert isinstance(result, FailedProof) and result.kind == "not proved"
    assert "symbolically" in result.reason


def test_max_agreement_failure_names_a_prediction_reaching_the_perfect_value():
    result = prove("pair_precision", "max_agreement")
    assert result.kind == "violation"
    ce = result.counterexample
    assert ce["truth"] != ce["pred"] and ce["scores"]["pred"] == 1.0
    assert mp.get_metric("pair_precision")(ce["truth"], ce["pred"]) == 1.0


def test_pair_counting_ties_on_rag_bag_are_proved_from_equal_counts():
    result = prove("adjusted_rand", "rag_bag")
    assert result.kind == "tie" and result.reason.startswith("a proved tie")
    ce = result.counterexample
    assert counts_of(ce["truth"], ce["worse"]) == counts_of(ce["truth"], ce["better"])


def test_information_proofs_reduce_to_the_chain_rule():
    vi = prove("vi", "completeness")
    assert isinstance(vi, Proof) and "chain rule" in vi.method
    mi = prove("mutual_info", "completeness")
    assert mi.kind == "tie"  # a merge of pure blocks leaves I unchanged
    assert_refutes(mp.get_metric("mutual_info"), mi.counterexample, 0)
    assert prove("ami", "homogeneity") is None  # no form over the entropies


def test_per_element_proofs_and_the_elm_tie():
    assert isinstance(prove("bcubed_f", "homogeneity"), Proof)
    assert isinstance(prove("bcubed_f_amigo", "completeness"), Proof)
    assert isinstance(prove("elm_f", "size_vs_quantity"), Proof)  # the ELM paper's Theorem 3
    elm = prove("elm_f", "homogeneity")
    assert elm.kind == "tie" and "n = 1" in elm.region
    assert_refutes(mp.get_metric("elm_f"), elm.counterexample, 0)


@pytest.mark.parametrize("name", ["rand", "jaccard", "fowlkes_mallows", "pearson_cc",
                                  "sokal_sneath_1", "mirkin", "blanc_f", "bcubed_f", "elm_f",
                                  "vi", "nmi"])
@pytest.mark.slow
def test_proved_moves_hold_on_every_small_instance(name):
    metric = mp.get_metric(name)
    moves = {"homogeneity": "split", "completeness": "merge"}
    for constraint, move in moves.items():
        if not isinstance(prove(metric, constraint), Proof):
            continue
        for n in range(2, 5):
            from metricprops.enumeration import set_partitions
            parts = [p.tolist() for p in set_partitions(n)]
            for truth in parts:
                for worse in parts:
                    for better, _ in MOVE_INSTANCES[move](truth, worse):
                        assert compare_values(metric.oriented(metric(truth, better)),
                                              metric.oriented(metric(truth, worse))) > 0


def test_proof_methods_list_what_is_attempted():
    assert "strong_monotonicity" in proof_methods("correlation_distance")
    assert proof_methods("purity") == ()
    assert prove("rand", "symmetry") is None
