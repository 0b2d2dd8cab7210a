"""Symbolic view: the metric formulas evaluated over sympy tables, closed forms and proofs."""
from __future__ import annotations

import pytest
import sympy as sp
from hypothesis import given, settings

import metricprops as mp
from metricprops import get_metric
from metricprops.errors import InvalidArgumentError, MetricPropsError, UnknownNameError
from metricprops.strategies import partition_pairs
from metricprops.symbolic import (
    BUILTIN_CLOSED_FORMS,
    ClosedForm,
    NumericOnlyError,
    SymbolicOps,
    SymbolicTable,
    check_catalog,
    check_declared,
    check_form,
    exact_value,
    get_family,
    size_symbols,
    symbolic_value,
    theorem3_gap,
)

s1, s2, s3 = size_symbols(3)


@pytest.fixture(scope="module", params=[2, pytest.param(6, marks=pytest.mark.slow)],
                ids=lambda k: f"max_k={k}")
def catalog(request):
    """The whole built-in catalog, proved for k = 1..max_k: at 2 in the fast lane (the proof
    ``metricprops closed-forms --max-k 2`` and the quick report use, cached per process), and
    at 6, the committed report's setting, as the one slow proof of the catalog."""
    results = check_catalog(max_k=request.param)
    return request.param, {(r.metric, r.form.prediction, r.form.expression): r for r in results}


def find(catalog, metric, prediction, expression):
    return catalog[1][(metric, prediction, expression)]


# -- the same formula, evaluated symbolically ---------------------------------------------------

@pytest.mark.slow
def test_symbolic_value_uses_the_numeric_definition():
    value = symbolic_value("elm_precision", "one_block", k=3)
    n = s1 + s2 + s3
    assert sp.simplify(value - (s1 * (s1 - 1) + s2 * (s2 - 1) + s3 * (s3 - 1)) / (n * (n - 1))) == 0
    assert symbolic_value("bcubed_recall", "all_singletons", k=3) == 3 / n


def test_zero_over_zero_conventions_become_case_splits():
    generic = symbolic_value("elm_f", "all_singletons", k=2)
    assert generic.has(sp.Piecewise)
    assert generic.subs({s1: 1, s2: 1}) == 1
    assert generic.subs({s1: 1, s2: 4}) == sp.Rational(1, 5)
    assert symbolic_value("elm_f", "all_singletons", k=2, min_size=2) == 0  # Theorem 1 witness


def test_theorem3_family_in_m():
    m = sp.Symbol("m", integer=True, positive=True)
    recall = symbolic_value("elm_recall", "theorem3_h1")
    assert sp.simplify(recall * (3 * m + 1) - (3 * m - 1)) == 0
    gap, sign = theorem3_gap("elm_f")
    assert sign == 1
    assert sp.simplify(gap - (m - 1) * (4 * m - 1) / ((2 * m - 1) * (3 * m + 1))) == 0
    assert theorem3_gap("bcubed_f")[1] == 1


def test_numeric_only_metrics_raise_a_typed_error():
    for name in ("purity", "inverse_purity", "purity_f", "f_measure", "ami"):
        with pytest.raises(NumericOnlyError) as info:
            symbolic_value(name, "one_block", k=2)
        assert isinstance(info.value, NotImplementedError)
        assert isinstance(info.value, MetricPropsError)


@settings(max_examples=15, deadline=None)
@given(partition_pairs(max_items=8))
def test_exact_rational_values_match_the_numeric_path(pair):
    truth, pred = pair
    for name in ("elm_f", "bcubed_f_amigo", "adjusted_rand", "nmi", "fowlkes_mallows"):
        exact = exact_value(name, truth.tolist(), pred.tolist())
        assert float(sp.N(exact, 30)) == pytest.approx(get_metric(name)(truth, pred), abs=1e-12)


def test_sign_decisions():
    ops = SymbolicOps({s2: 2})
    assert ops.sign(s2 - 1) == 1 and ops.sign(s1 - 1) is None and ops.nonnegative(s1 - 1)
    n = s1 + s2
    ops.total = n
    entropy = sp.log(n) - (s1 * sp.log(s1) + s2 * sp.log(s2)) / n
    assert ops.sign(entropy) == 1  # two blocks: H(T) > 0
    assert ops.sign(sp.log(n) - entropy) == 1
    assert ops.is_zero(entropy - (n * sp.log(n) - s1 * sp.log(s1) - s2 * sp.log(s2)) / n)


def test_table_consistency():
    fam = get_family("all_singletons")
    assert fam.table([s1, 1, s3]).check_consistent()
    t = SymbolicTable([(2, 3, 2, 1)], [(3, 1)], [(2, 1)])
    assert not t.check_consistent()


# -- the catalog ---------------------------------------------------------------------------------

REQUIRED = [
    ("elm_precision", "one_block", "sum_i(s_i*(s_i - 1))/(N*(N - 1))"),
    ("bcubed_precision", "one_block", "sum_i(s_i**2)/N**2"),
    ("elm_recall", "one_block", "1"),
    ("elm_f", "all_singletons", "singletons/N"),
    ("elm_precision", "all_singletons", "1"),
    ("elm_recall", "theorem3_h1", "3*m - 1"),
    ("elm_recall", "theorem3_h2", "m + 1"),
    ("rand", "one_block", "sum_i(C(s_i, 2))/C(N, 2)"),
    ("homogeneity_score", "all_singletons", "1"),
    ("completeness_score", "one_block", "1"),
    ("nmi", "one_block", "0"),
]


@pytest.mark.parametrize("metric,prediction,expression", REQUIRED)
@pytest.mark.slow
def test_required_closed_forms_are_proved(catalog, metric, prediction, expression):
    r = find(catalog, metric, prediction, expression)
    assert r.status == "proved", r
    assert r.checked >= 5 and r.exact  # cross-checked on concrete sizes, exactly
    assert (f"k = 1..{catalog[0]}" in r.scope) or ("symbolic m" in r.scope)


@pytest.mark.slow
def test_general_k_proofs_where_they_work(catalog):
    for key in REQUIRED[:2] + [REQUIRED[7]]:
        assert "general k" in find(catalog, *key).scope


def test_catalog_has_no_refuted_form_and_numeric_only_metrics_are_flagged(catalog):
    _, results = catalog
    statuses = {r.status for r in results.values()}
    assert statuses <= {"proved", "checked numerically"}
    assert len(results) == len(BUILTIN_CLOSED_FORMS) >= 50
    purity = find(catalog, "purity", "all_singletons", "1")
    assert purity.status == "checked numerically" and "numeric only" in purity.reason


def test_theorem3_sums_give_the_paper_values():
    """Σ_e R(e) = 3m − 1 for H1 and m + 1 for H2 (proof of Theorem 3), at m = 3."""
    for fam, total in (("theorem3_h1", 8), ("theorem3_h2", 4)):
        truth, pred = get_family(fam).concrete(3)
        assert get_metric("elm_recall")(truth, pred) * 10 == pytest.approx(total)


# -- wrong forms are refuted ---------------------------------------------------------------------

def test_a_wrong_form_is_refuted_with_a_concrete_substitution():
    r = check_form("elm_precision", ClosedForm("one_block", "sum_i(s_i**2)/N**2"))  # BCubed's
    assert r.status == "refuted"
    ce = r.counterexample
    assert set(ce["substitution"]) >= {"s1", "N"}
    assert ce["claimed_value"] != pytest.approx(ce["metric_value"])
    truth = mp.Partition.from_sizes([ce["substitution"][f"s{j}"] for j in
                                     range(1, len(ce["substitution"]))])
    assert get_metric("elm_precision")(truth, [0] * truth.n) == ce["metric_value"]


def test_a_form_wrong_beyond_the_concrete_checks_is_refuted_by_the_proof():
    r = check_form("elm_recall", ClosedForm("theorem3_h1", "3*m", quantity="sum",
                                            condition="m >= 10"))
    assert r.status == "refuted" and "provably non-zero" in r.reason
    assert r.counterexample["substitution"]["m"] >= 10


def test_black_box_declared_forms_are_checked_numerically():
    from metricprops.graph import elm_scores

    @mp.metric(bounds=(0, 1), closed_forms=(
        ClosedForm("one_block", "sum_i(s_i*(s_i - 1))/(N*(N - 1))", condition="N >= 2"),
        ("all_singletons", "1"),
        {"prediction": "one_block", "expression": "sum_i(s_i**2)/N**2"},
    ))
    def graph_elm_precision(labels_true, labels_pred):
        return elm_scores(labels_true, labels_pred)["precision"]

    results = check_declared([graph_elm_precision])
    assert [r.status for r in results] == ["checked numerically", "checked numerically", "refuted"]
    assert "black-box" in results[0].reason
    assert results[2].counterexample["substitution"]


def test_closed_form_validation():
    with pytest.raises(UnknownNameError):
        ClosedForm("two_blocks", "1")
    with pytest.raises(InvalidArgumentError, match="unknown name"):
        ClosedForm("one_block", "x / N")
    with pytest.raises(InvalidArgumentError):
        ClosedForm("one_block", "1", quantity="median")
    with pytest.raises(InvalidArgumentError):
        ClosedForm("theorem3_h1", "m", k=2)
    with pytest.raises(InvalidArgumentError):
        ClosedForm.coerce(42)
    form = ClosedForm.coerce(("one_block", "s1/N", "N >= 2"))
    assert form.condition == "N >= 2" and not form.symmetric
    r = check_form("bcubed_recall", ClosedForm("all_singletons", "2/N", k=2))
    assert r.status == "proved" and r.scope.startswith("k = 2")
