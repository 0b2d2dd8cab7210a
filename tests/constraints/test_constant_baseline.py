"""constant_baseline without false failures: exact expectations, and sampled tests whose
candidates must be confirmed on fresh samples (family-wise error rate per check)."""
from __future__ import annotations

import math

import pytest

import metricprops as mp
from metricprops.calls import Scorer
from metricprops.constraint import Outcome
from metricprops.constraints._permutation import (
    arrangements,
    contingency_tables,
    mean_over_arrangements,
    mean_over_tables,
)
from metricprops.constraints.constant_baseline import CONSTRAINT, _instance
from metricprops.partition import Partition
from metricprops.settings import FAMILY_ALPHA, MAX_CONFIRMATIONS

ari = mp.get_metric("adjusted_rand")
#: ARI plus 0.05 from eight items on: E = 0.05 there, 0 at the reference (three items).
BIASED = mp.metric(lambda t, p: ari(t, p) + (0.05 if len(t) >= 8 else 0.0), name="biased")


def _hidden(t, p):
    """ARI plus 0.05 only where the prediction's shape has more than 500 arrangements: a
    black box, so only the sampled test can see the bias."""
    sizes = tuple(sorted((list(p).count(x) for x in set(p)), reverse=True))
    return ari(t, p) + (0.05 if arrangements(sizes) > 500 else 0.0)


HIDDEN = mp.metric(_hidden, name="hidden_bias")


@pytest.mark.parametrize("rows, cols", [((3, 2, 2), (4, 2, 1)), ((5, 1), (2, 2, 1, 1)),
                                        ((2, 2, 2), (3, 3)), ((4, 3), (3, 2, 1, 1))])
def test_tables_carry_every_arrangement_once(rows, cols):
    tables = contingency_tables(rows, cols, 10**6)
    labelings = math.factorial(sum(rows))
    for b in cols:
        labelings //= math.factorial(b)
    assert sum(count for _, count in tables) == labelings  # n! / Π b_j!
    assert len({cells for cells, _ in tables}) == len(tables)
    for cells, _ in tables:
        assert tuple(map(sum, cells)) == rows and tuple(map(sum, zip(*cells))) == cols
    assert contingency_tables(rows, cols, len(tables) - 1) is None  # past the limit


@pytest.mark.parametrize("name", ["rand", "elm_f", "ami", "jaccard", "purity"])
def test_tables_give_the_exact_mean_over_arrangements(name):
    m = mp.get_metric(name)
    score = Scorer(m)
    truth = Partition.from_sizes((3, 2, 2))
    by_table, count = mean_over_tables(score, truth, (3, 3, 1), 10**6)
    assert by_table == pytest.approx(mean_over_arrangements(score, truth, (3, 3, 1)), abs=1e-12)
    assert count < 70  # 70 arrangements, fewer tables


def test_the_issue_instance_is_exact_and_zero():
    # pearson_cc failed at seed 134 on truth sizes (6,4,4,2,2,1,1), prediction (14,6), z = 3.47
    inst = _instance((6, 4, 4, 2, 2, 1, 1), (14, 6))
    pcc = mp.get_metric("pearson_cc")
    ev = CONSTRAINT.evaluate(inst, Scorer(pcc), pcc)
    assert ev.outcome is Outcome.SATISFIED and ev.extra["method"] == "exact"
    assert ev.scores["expected"] == pytest.approx(0.0, abs=1e-12)


@pytest.mark.slow
def test_pearson_cc_passes_at_the_seed_that_failed():
    r = mp.check("pearson_cc", "constant_baseline", seed=134)
    assert r.status == "passed", r.describe()


@pytest.mark.slow
def test_a_sound_black_box_screened_but_not_confirmed_passes():
    # the same search as the built-in, but a black box: every large instance is sampled
    box = mp.metric(lambda t, p: ari(t, p), name="ari_box")
    r = mp.check(box, "constant_baseline", seed=134)
    assert r.status == "passed", r.describe()


@pytest.mark.slow
def test_a_bias_only_sampling_sees_fails_on_a_confirmed_z_test():
    r = mp.check(HIDDEN, "constant_baseline", seed=1)
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["method"] == "z-test" and len(ce["truth"]) >= 8
    assert ce["samples"] == 1000 and ce["p_value"] <= FAMILY_ALPHA / MAX_CONFIRMATIONS
    assert ce["alpha"] == FAMILY_ALPHA / MAX_CONFIRMATIONS
    assert ce["scores"]["expected"] - ce["scores"]["reference"] == pytest.approx(0.05, abs=0.02)
    assert "fresh random arrangements" in ce["detail"]


@pytest.mark.slow
def test_the_tolerance_is_the_tied_band_of_the_test():
    # a bias of 0.05 is inside a tolerance of 0.1: tied, under exact and sampled tests alike
    r = mp.check(BIASED, "constant_baseline", seed=1, tolerance=0.1)
    assert r.status == "passed", r.describe()


#: (metric, expected verdict, seeds). pearson_cc, which the former single z-test failed on seeds
#: 134, 149 and 179, gets two of those three and three more in every run; the other sound
#: metrics and the planted biases get 5, and ``--sweep`` adds the rest of the 100 seeds
#: 100..199 (several minutes more).
_SEED_CASES = ([("pearson_cc", "passed", (134, 149, 125, 126, 127))]
               + [("adjusted_rand", "passed", range(100, 105)), ("ami", "passed", range(100, 105))]
               + [(BIASED, "failed", range(100, 105)), (HIDDEN, "failed", range(100, 105))])
_SWEEP_CASES = ([("pearson_cc", "passed", seeds) for seeds in (
                    range(100, 125), (*range(128, 134), *range(135, 149)), range(150, 175),
                    range(175, 200))]
                + [(m, expected, range(105, 110))
                   for m, expected in (("adjusted_rand", "passed"), ("ami", "passed"),
                                       (BIASED, "failed"), (HIDDEN, "failed"))]
                + [(m, expected, range(lo, lo + 30))
                   for m, expected in (("adjusted_rand", "passed"), ("ami", "passed"),
                                       (BIASED, "failed"), (HIDDEN, "failed"))
                   for lo in (110, 140, 170)])


def _ids(cases):
    return [f"{getattr(m, 'name', m)}-{s[0]}" for m, _, s in cases]


@pytest.mark.slow  # at the default budget: about 1-3 s a seed per metric
@pytest.mark.parametrize("metric, expected, seeds", _SEED_CASES, ids=_ids(_SEED_CASES))
def test_over_many_seeds_sound_metrics_never_fail_and_a_bias_always_does(metric, expected, seeds):
    _sweep(metric, expected, seeds)


@pytest.mark.sweep  # only with --sweep
@pytest.mark.parametrize("metric, expected, seeds", _SWEEP_CASES, ids=_ids(_SWEEP_CASES))
def test_the_rest_of_the_100_seeds(metric, expected, seeds):
    _sweep(metric, expected, seeds)


def _sweep(metric, expected, seeds):
    # a minute a call: the planted black boxes are slow pure Python
    wrong = [r.describe() for r in (mp.check(metric, "constant_baseline", seed=seed, timeout=60)
                                    for seed in seeds) if r.status != expected]
    assert wrong == []
