"""The six constraints: for each, a metric that satisfies it and one that violates it.

Every expected verdict and counterexample below is worked out by hand in the comments (F1(e)
is the per-element F of the ELM paper, equation (1): |TP| / (|TP| + ½|N^H ⊕ N^T|), with e kept
in both sets for BCubed and removed for ELM).  Budgets are small and seeds fixed.
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import metricprops as mp
from metricprops.constraint import Outcome, pair_instance
from metricprops.constraints.size_vs_quantity import SizeVsQuantity
from metricprops.constraints.zero_score import theorem1_witness
from metricprops.partition import Partition
from metricprops.strategies import partitions

from plugins.custom import constant, fewer_blocks, more_blocks, worst_block_purity

SEED = 20261130


@pytest.fixture
def check_budget():
    """The budget of the shared ``run`` fixture in this module."""
    return dict(seed=SEED, max_examples=50)


def assert_example(shown, truth, **preds):
    """The reported instance, in canonical labels."""
    assert shown["truth"] == truth
    for role, labels in preds.items():
        assert shown[role] == labels, role


def assert_scores(shown, **scores):
    for role, value in scores.items():
        assert shown["scores"][role] == pytest.approx(float(value), abs=1e-12), role


# ---------------------------------------------------------------------------------------
# zero_score
# ---------------------------------------------------------------------------------------
def test_zero_score_elm_f_passes(run):
    r = run("elm_f", "zero_score")
    assert r.status == "passed", r.describe()
    assert r.counterexample is None and r.tie is None


def test_zero_score_bcubed_f_fails_on_two_items_with_proved_minimum(run):
    # truth {0 1}: the only other prediction is {0 | 1}; for each e, TP = {e}, N^H = {e},
    # N^T = {0, 1}: F1 = 1 / (1 + ½·1) = 2/3.  The one block scores 1, so min = 2/3 > 0.
    r = run("bcubed_f", "zero_score")
    assert r.status == "failed"
    ce = r.counterexample
    assert_example(ce, [0, 0], pred=[0, 1])
    assert_scores(ce, best=Fraction(2, 3), lower_bound=0, witness=Fraction(2, 3))
    assert ce["proved_minimal"] is True
    assert ce["notation"] == {"truth": "{0 1}", "pred": "{0 | 1}"}
    assert "exhaustive" in r.message


def test_zero_score_rand_first_fails_on_three_items(run):
    # n = 2: truth {0 1} vs {0 | 1} and truth {0 | 1} vs {0 1} both give Rand 0 (the single
    # pair disagrees).  n = 3, truth {0 1 | 2}: every prediction agrees on at least one of the
    # three pairs; {0 2 | 1} disagrees on (0,1) and (0,2) and agrees on (1,2): 1/3.
    r = run("rand", "zero_score")
    assert r.status == "failed"
    assert_example(r.counterexample, [0, 0, 1], pred=[0, 1, 0])
    assert_scores(r.counterexample, best=Fraction(1, 3), lower_bound=0)


def test_zero_score_of_a_distance_names_its_upper_bound(run):
    # 1 − BCubed F as a distance: its worst value is the upper bound 1; on {0 1} the best
    # (highest) distance any prediction reaches is 1 − 2/3 = 1/3
    bcubed = mp.get_metric("bcubed_f")
    d = mp.metric(lambda t, p: 1 - bcubed(t, p), name="one_minus_bcubed", kind="distance",
                  bounds=(0, 1), perfect=0)
    r = run(d, "zero_score")
    assert r.status == "failed"
    assert_scores(r.counterexample, best=Fraction(1, 3), upper_bound=1, witness=Fraction(1, 3))
    assert "lower_bound" not in r.counterexample["scores"]
    assert "no prediction reaches the upper bound" in r.counterexample["detail"]
    assert "proved maximum" in r.counterexample["detail"]


def test_zero_score_not_applicable_without_lower_bound(run):
    r = run(mp.metric(lambda t, p: 0.0, name="unbounded"), "zero_score")
    assert r.status == "not_applicable"
    assert "lower bound" in r.message and "unbounded" in r.message


@settings(max_examples=40)
@given(partitions(min_items=2, max_items=12))
def test_theorem1_witness_gives_elm_zero_on_every_truth(truth):
    assert mp.get_metric("elm_f")(truth, theorem1_witness(truth)) == 0.0


# ---------------------------------------------------------------------------------------
# degenerate
# ---------------------------------------------------------------------------------------
def test_degenerate_elm_f_passes(run):
    # Theorem 2: ELM F of all singletons = share of true singletons (0 when there are none);
    # one block against all-singletons truth: N^T = ∅, N^H ≠ ∅ → F1 = 0 for every item.
    r = run("elm_f", "degenerate")
    assert r.status == "passed", r.describe()


def test_degenerate_bcubed_f_fails_at_four_items(run):
    # truth {0 1 | 2 3}.  All singletons: TP = {e}, N^T = 2 items → F1 = 1/(1 + ½) = 2/3.
    # {0 2 | 1 3}: TP = {e}, N^H ⊕ N^T = 2 items → F1 = 1/(1 + 1) = 1/2 < 2/3.
    # No smaller truth works: n = 2, 3 were checked exhaustively (one block and all
    # singletons are then the unique minima).
    r = run("bcubed_f", "degenerate")
    assert r.status == "failed"
    ce = r.counterexample
    assert_example(ce, [0, 0, 1, 1], worse=[0, 1, 2, 3], better=[0, 1, 0, 1])
    assert_scores(ce, worse=Fraction(2, 3), better=Fraction(1, 2))
    assert ce["notation"]["truth"] == "{0 1 | 2 3}"


def test_degenerate_purity_fails_against_one_block(run):
    # purity(all singletons) = 1 always; one block on {0 1 | 2 3} has purity 2/4.
    r = run("purity", "degenerate")
    assert r.status == "failed"
    assert_example(r.counterexample, [0, 0, 1, 1], worse=[0, 1, 2, 3], better=[0, 0, 0, 0])
    assert_scores(r.counterexample, worse=1, better=Fraction(1, 2))


# ---------------------------------------------------------------------------------------
# homogeneity
# ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_homogeneity_bcubed_f_passes(run):
    r = run("bcubed_f", "homogeneity", exhaustive_n=4)
    assert r.status == "passed", r.describe()


@pytest.mark.slow
def test_homogeneity_fewer_blocks_fails_on_two_items(run):
    # 1 / (number of blocks): splitting the mixed block {0 1} of truth {0 | 1} halves it.
    # Two items is the least a block holding two classes can have.
    r = run(fewer_blocks, "homogeneity")
    assert r.status == "failed"
    assert_example(r.counterexample, [0, 1], worse=[0, 0], better=[0, 1])
    assert_scores(r.counterexample, worse=1, better=Fraction(1, 2))


@pytest.mark.slow
def test_homogeneity_elm_f_is_only_weak(run):
    # truth {0 1 | 2 3}, worse {0 2 | 1 3}, better {0 2 | 1 | 3} (the mixed block {1 3}
    # split along its classes).  Worse: every N^H_e is one item of the other class, TP = ∅,
    # F1 = 0.  Better: items 0, 2 unchanged (F1 = 0); items 1, 3 have N^H = ∅ but N^T ≠ ∅,
    # so TP = ∅ and F1 = 0 (precision rises 0 → 1, recall stays 0).  0 = 0: a tie.
    r = run("elm_f", "homogeneity", exhaustive_n=4)
    assert r.status == "weak", r.describe()
    tie = r.tie
    assert_example(tie, [0, 0, 1, 1], worse=[0, 1, 0, 1], better=[0, 1, 0, 2])
    assert_scores(tie, worse=0, better=0)
    assert tie["notation"] == {"truth": "{0 1 | 2 3}", "worse": "{0 2 | 1 3}",
                               "better": "{0 2 | 1 | 3}"}


def test_homogeneity_constant_is_weak_at_two_items(run):
    r = run(constant, "homogeneity", exhaustive_n=3)
    assert r.status == "weak"
    assert_example(r.tie, [0, 1], worse=[0, 0], better=[0, 1])


# ---------------------------------------------------------------------------------------
# completeness
# ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_completeness_elm_f_passes(run):
    r = run("elm_f", "completeness")
    assert r.status == "passed", r.describe()


@pytest.mark.slow
def test_completeness_more_blocks_fails_on_two_items(run):
    # (number of blocks) / n: merging {0 | 1} of truth {0 1} goes from 2/2 to 1/2.
    r = run(more_blocks, "completeness")
    assert r.status == "failed"
    assert_example(r.counterexample, [0, 0], worse=[0, 1], better=[0, 0])
    assert_scores(r.counterexample, worse=1, better=Fraction(1, 2))


@pytest.mark.slow
def test_completeness_purity_is_weak(run):
    # purity of a prediction whose blocks are all pure is 1, merged or not.
    r = run("purity", "completeness")
    assert r.status == "weak"
    assert_example(r.tie, [0, 0], worse=[0, 1], better=[0, 0])
    assert_scores(r.tie, worse=1, better=1)


# ---------------------------------------------------------------------------------------
# rag_bag
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["elm_f", "bcubed_f_amigo"])
def test_rag_bag_passes(run, name):
    r = run(name, "rag_bag")
    assert r.status == "passed", r.describe()


def test_rag_bag_worst_block_purity_fails_on_the_bare_construction(run):
    # m = 2, 5 items = 2m + 1, the least possible.  Worse {0 1 4 | 2 3}: at most 2 classes
    # per block → 1/2.  Better {0 1 | 2 3 4}: 3 classes in the noisy block → 1/3.
    r = run(worst_block_purity, "rag_bag")
    assert r.status == "failed"
    assert_example(r.counterexample, [0, 0, 1, 2, 3], worse=[0, 0, 1, 1, 0],
                   better=[0, 0, 1, 1, 1])
    assert_scores(r.counterexample, worse=Fraction(1, 2), better=Fraction(1, 3))


# truth {0 1 5 | 2 | 3 | 4}: clean block {0 1} of class K = {0 1 5}, noisy {2 3}, x = 4,
# and item 5 of K outside the clean block.
#   worse  {0 1 4 | 2 3 | 5}: F1(0) = F1(1) = 2/(2 + ½·2) = 2/3, F1(4) = 1/(1 + ½·2) = 1/2,
#          F1(2) = F1(3) = 1/(1 + ½) = 2/3, F1(5) = 1/(1 + ½·2) = 1/2 → 11/3 / 6 = 11/18
#   better {0 1 | 2 3 4 | 5}: F1(0) = F1(1) = 2/(2 + ½) = 4/5, F1(2..4) = 1/(1 + 1) = 1/2,
#          F1(5) = 1/2 → 18/5 / 6 = 3/5 < 11/18
BCUBED_RAG_BAG = dict(truth=[0, 0, 1, 2, 3, 0], worse=[0, 0, 1, 1, 0, 2],
                      better=[0, 0, 1, 1, 1, 2])


def test_rag_bag_bcubed_f_fails_found_by_random_search_and_shrunk(run):
    r = run("bcubed_f", "rag_bag", seed=0)
    assert r.status == "failed"
    assert "random search, shrunk" in r.message
    ce = r.counterexample
    assert_example(ce, **BCUBED_RAG_BAG)
    assert_scores(ce, worse=Fraction(11, 18), better=Fraction(3, 5))
    assert ce["notation"]["truth"] == "{0 1 5 | 2 | 3 | 4}"


def test_rag_bag_bcubed_f_violation_is_the_smallest_exhaustive_one(run):
    # Every rag-bag instance up to 6 items is checked: the same 6-item instance comes first.
    r = run("bcubed_f", "rag_bag", exhaustive_n=6, max_examples=0)
    assert r.status == "failed" and "exhaustive" in r.message
    assert_example(r.counterexample, **BCUBED_RAG_BAG)


def _pure_rag_bag(m: int):
    truth = ["K"] * m + [("noise", i) for i in range(m)] + ["x"]
    worse = ["clean"] * m + ["noisy"] * m + ["clean"]
    better = ["clean"] * m + ["noisy"] * m + ["noisy"]
    return pair_instance(*(Partition.from_labels(x) for x in (truth, worse, better)))


@pytest.mark.parametrize("name", ["bcubed_f", "bcubed_f_amigo", "elm_f"])
def test_rag_bag_pure_construction_is_satisfied(name):
    # BCubed F on the bare construction: Σ better − Σ worse = m/(2m+1) − 2m/((m+1)(m+2)) > 0
    # for m > 1, so the mean-of-F1 BCubed fails only with a class item outside the clean block.
    from metricprops.calls import Scorer
    metric = mp.get_metric(name)
    c = mp.get_constraint("rag_bag")
    for m in range(2, 12):
        ev = c.evaluate(_pure_rag_bag(m), Scorer(metric), metric)
        assert ev.outcome is Outcome.SATISFIED, (m, ev.scores)


# ---------------------------------------------------------------------------------------
# size_vs_quantity
# ---------------------------------------------------------------------------------------
SVQ_M3 = dict(truth=[0, 0, 0, 0, 1, 1, 2, 2, 3, 3], worse=[0, 0, 0, 0, 1, 2, 3, 4, 5, 6],
              better=[0, 0, 0, 1, 2, 2, 3, 3, 4, 4])


@pytest.mark.parametrize("name", ["elm_f", "bcubed_f"])
def test_size_vs_quantity_passes(run, name):
    r = run(name, "size_vs_quantity")
    assert r.status == "passed", r.describe()
    assert "6 explicit instances" in r.message  # m = 3 .. 8, checked whatever exhaustive_n


def test_size_vs_quantity_elm_sums_of_theorem_3():
    # m = 3: better (big block split 3 + 1): pairs F1 = 1 (6 items), the 3 items F1 =
    # 2/(2 + ½) = 4/5, the split-off item 0 → (6 + 12/5)/10 = 0.84.  Worse (pairs split):
    # 4 big-block items F1 = 1, the 6 others 0 → 0.4.
    elm = mp.get_metric("elm_f")
    assert elm(SVQ_M3["truth"], SVQ_M3["better"]) == pytest.approx(0.84)
    assert elm(SVQ_M3["truth"], SVQ_M3["worse"]) == pytest.approx(0.4)


def test_size_vs_quantity_more_blocks_fails_at_m3_without_extra_items(run):
    # worse has 1 + 2m blocks, better 2 + m: 7/10 > 5/10.  m = 3, 10 items: the least.
    r = run(more_blocks, "size_vs_quantity")
    assert r.status == "failed"
    assert_example(r.counterexample, **SVQ_M3)
    assert_scores(r.counterexample, worse=Fraction(7, 10), better=Fraction(5, 10))


class _RandomOnlySizeVsQuantity(SizeVsQuantity):
    """Without the explicit examples: the violation must come from the random phase."""

    name = "size_vs_quantity_random_only"

    def examples(self, max_items):
        return iter(())


def test_size_vs_quantity_random_violation_shrinks_to_m3_and_ten_items(run):
    r = run(more_blocks, _RandomOnlySizeVsQuantity(), seed=1)
    assert r.status == "failed"
    assert "random search, shrunk" in r.message
    assert_example(r.counterexample, **SVQ_M3)


@pytest.mark.parametrize("name", ["purity", "rand"])
def test_size_vs_quantity_ties(run, name):
    # purity: 1 for both (all blocks pure).  Rand: each loses exactly m true pairs (the m
    # 2-blocks, or the m links of the split-off item), with no false pair: a tie for every m.
    r = run(name, "size_vs_quantity")
    assert r.status == "weak"
    assert_example(r.tie, **SVQ_M3)


@settings(max_examples=20)
@given(st.integers(3, 30))
def test_rand_ties_on_size_vs_quantity_for_every_m(m):
    truth = [0] * (m + 1) + [1 + i // 2 for i in range(2 * m)]
    worse = [0] * (m + 1) + list(range(1, 2 * m + 1))
    better = [0] * m + [1] + [2 + i // 2 for i in range(2 * m)]
    rand = mp.get_metric("rand")
    assert rand(truth, worse) == pytest.approx(rand(truth, better), abs=1e-12)
