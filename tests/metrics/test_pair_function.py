"""The ``pair_counting`` declaration and :func:`pair_count_value`."""
from __future__ import annotations

import json

import pytest
from hypothesis import given

import metricprops as mp
from metricprops.contingency import Contingency
from metricprops.metrics.pair_function import COUNT_NAMES, pair_count_value
from metricprops.metrics.stats import pair_counts

from label_strategies import label_pairs

PAIR_COUNTING = {"rand", "adjusted_rand", "pair_precision", "pair_recall", "pair_f", "jaccard",
                 "fowlkes_mallows", "pearson_cc", "sokal_sneath", "sokal_sneath_1", "mirkin",
                 "correlation_distance", "blanc_recall", "blanc_precision", "blanc_f"}


def test_exactly_the_pair_counting_builtins_are_declared():
    declared = {m.name for m in mp.BUILTINS if m.pair_counting}
    assert declared == PAIR_COUNTING
    assert mp.get_metric("pair_f[beta=2]").pair_counting


def test_metadata_carries_the_key_only_when_declared():
    assert mp.get_metric("jaccard").metadata()["pair_counting"] is True
    assert "pair_counting" not in mp.get_metric("bcubed_f").metadata()
    json.dumps(mp.get_metric("rand").metadata())


@given(label_pairs(max_items=25))
def test_the_value_at_the_counts_of_two_partitions_is_the_metrics_value(pair):
    truth, pred = pair
    pc = pair_counts(Contingency.from_labels(truth, pred))
    for name in sorted(PAIR_COUNTING):
        m = mp.get_metric(name)
        assert pair_count_value(m, pc.tp, pc.fn, pc.fp, pc.tn) == m(truth, pred), name


def test_counts_in_goesgens_order():
    # truth {0 1 2 | 3}, prediction {0 1 | 2 3}: N11 = 1 (01), N10 = 2 (02, 12), N01 = 1 (23)
    assert COUNT_NAMES == ("N11", "N10", "N01", "N00")
    recall = mp.get_metric("pair_recall")
    assert pair_count_value(recall, 1, 2, 1, 2) == recall([0, 0, 0, 1], [0, 0, 1, 1]) == 1 / 3


def test_symbolic_counts_give_the_formula():
    import sympy as sp

    from metricprops.symbolic.ops import SymbolicOps
    a, b, c, d = sp.symbols("a b c d", positive=True, integer=True)
    value = pair_count_value(mp.get_metric("jaccard"), a, b, c, d, ops=SymbolicOps())
    assert sp.simplify(value - a / (a + b + c)) == 0


def test_a_black_box_or_undeclared_metric_is_refused():
    black_box = mp.metric(lambda t, p: 0.5, name="box", pair_counting=True)
    assert black_box.pair_counting
    with pytest.raises(mp.InvalidMetricError, match="black-box"):
        pair_count_value(black_box, 1, 2, 3, 4)
    with pytest.raises(mp.InvalidMetricError, match="not declared pair_counting"):
        pair_count_value(mp.get_metric("bcubed_f"), 1, 2, 3, 4)


def test_a_formula_that_reads_more_than_the_pair_counts_cannot_declare_it():
    from metricprops.metrics.per_element import bcubed_f_formula
    with pytest.raises(mp.InvalidMetricError, match="reads the table's 'cell_n'"):
        mp.Metric(name="bad", formula=bcubed_f_formula, pair_counting=True)
    with pytest.raises(mp.InvalidMetricError, match="expected pair_counting True or False"):
        mp.Metric(name="bad", formula=bcubed_f_formula, pair_counting="yes")


def test_a_users_formula_over_the_pair_counts():
    def dice(t):
        """Dice on pairs: 2 N11 / (2 N11 + N10 + N01)."""
        pc = pair_counts(t)
        return t.ops.ratio(2 * pc.tp, 2 * pc.tp + pc.fn + pc.fp, 1)

    m = mp.Metric(name="dice", formula=dice, bounds=(0, 1), perfect=1, pair_counting=True)
    assert m.description == "Dice on pairs: 2 N11 / (2 N11 + N10 + N01)."
    assert pair_count_value(m, 3, 1, 2, 4) == 6 / 9
    assert m([0, 0, 1, 1], [0, 0, 1, 2]) == pytest.approx(2 / 3)


def test_list_prints_a_description_per_metric(invoke):
    result = invoke("list")
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    for name in ("bcubed_f", "bcubed_f_amigo", "b3_f"):
        assert mp.get_metric(name).description in lines[name]
    assert "mean over items of F1(e)" in lines["bcubed_f"]
    assert "harmonic mean of mean precision and mean recall" in lines["bcubed_f_amigo"]
    assert "= bcubed_f_amigo" in lines["b3_f"]
    assert all(len(m.description.splitlines()) == 1 and m.description for m in mp.BUILTINS)
