"""The ELM paper reproduction: the consecutive-partition engine, rank agreement and the
sections' numbers (the ``metricprops reproduce`` command: tests/cli/test_reproduce_cli.py)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import kendalltau

from metricprops import Partition, get_metric
from metricprops.reproduce import concordance as conc
from metricprops.reproduce import consecutive as eng
from metricprops.reproduce import elm_paper, elm_paper_text

BCUBED = get_metric("bcubed_f")
ELM = get_metric("elm_f")


def _brute_pairs(x, y):
    """O(M^2) pair counts of two score vectors (the slow, obviously-correct path)."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    iu = np.triu_indices(x.size, 1)
    dx = np.sign(x[:, None] - x[None, :])[iu]
    dy = np.sign(y[:, None] - y[None, :])[iu]
    return {
        "pairs": int(iu[0].size),
        "concordant": int(np.sum(dx * dy > 0)),
        "discordant": int(np.sum(dx * dy < 0)),
        "tied_x": int(np.sum(dx == 0)),
        "tied_y": int(np.sum(dy == 0)),
        "tied_xy": int(np.sum((dx == 0) & (dy == 0))),
    }


# -- masks and labels ---------------------------------------------------------------------

@pytest.mark.parametrize("sizes", [(1,), (3,), (1, 1, 1), (2, 3, 2, 1, 1, 3, 2, 1), (4, 1, 5)])
def test_mask_round_trip_and_labels(sizes):
    n = sum(sizes)
    mask = eng.mask_from_sizes(sizes)
    assert eng.sizes_from_mask(n, mask) == tuple(sizes)
    labels = eng.masks_to_labels(n, [mask])[0]
    assert Partition.from_labels(labels) == Partition.from_sizes(sizes)


def test_every_mask_is_a_distinct_consecutive_partition():
    n = 7
    labels = eng.masks_to_labels(n, np.arange(eng.n_partitions(n)))
    assert len({tuple(r) for r in labels}) == 2 ** (n - 1)
    assert np.all(np.diff(labels, axis=1) >= 0) and np.all(np.diff(labels, axis=1) <= 1)
    assert eng.sizes_from_mask(n, 0) == (7,)
    assert eng.sizes_from_mask(n, 2 ** (n - 1) - 1) == (1,) * 7


# -- engine against the library -----------------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_engine_matches_library_exhaustively(n):
    masks = np.arange(eng.n_partitions(n))
    labels = eng.masks_to_labels(n, masks)
    for name, metric in (("bcubed_f", BCUBED), ("elm_f", ELM)):
        got = eng.scores(n, masks, name)
        want = np.array([[metric(labels[t], labels[p]) for p in masks] for t in masks])
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


@pytest.mark.parametrize("n", [9, 14, 15])
def test_engine_matches_library_on_a_sample(n):
    rng = np.random.default_rng(n)
    m = eng.n_partitions(n)
    truths = np.sort(rng.choice(m, size=6, replace=False))
    x = eng.scores(n, truths, "bcubed_f")
    y = eng.scores(n, truths, "elm_f")
    for r, t in enumerate(truths):
        for p in rng.choice(m, size=10, replace=False):
            lt, lp = eng.masks_to_labels(n, [t, p])
            assert abs(x[r, p] - BCUBED(lt, lp)) <= 1e-12
            assert abs(y[r, p] - ELM(lt, lp)) <= 1e-12


def test_prefix_recursion_matches_block_incidence_product():
    n = 9
    masks = np.arange(eng.n_partitions(n))
    for name in eng.METRICS:
        a = eng.score_numerators(n, masks, name)
        b = eng.score_numerators_matmul(n, masks, name)
        assert np.array_equal(a, b)


def test_scores_are_exact_so_mirror_images_tie_exactly():
    # a prediction and its mirror image score the same against a symmetric truth: the
    # integer numerators must be equal (floats summed in another order need not be)
    n = 9
    truth = eng.mask_from_sizes((3, 1, 1, 1, 3))
    masks = np.arange(eng.n_partitions(n))
    mirror = np.array([int(format(int(m), f"0{n - 1}b")[::-1], 2) for m in masks])
    for name in eng.METRICS:
        x = eng.score_numerators(n, [truth], name)[0]
        assert np.array_equal(x, x[mirror])


def test_scale_limit():
    assert eng.score_scale(14) == 80313433200
    with pytest.raises(ValueError):
        eng.score_scale(19)


# -- rank agreement -----------------------------------------------------------------------

@pytest.mark.parametrize("m", [1, 2, 3, 7, 8, 9, 31, 64, 100])
def test_count_inversions_matches_brute_force(m):
    rng = np.random.default_rng(m)
    rows = rng.integers(0, max(2, m // 3), size=(5, m))
    got = conc.count_inversions(rows)
    for r in range(5):
        a = rows[r]
        want = int(np.triu(a[:, None] > a[None, :], 1).sum())
        assert got[r] == want


def test_count_inversions_edge_cases():
    assert conc.count_inversions(np.zeros((0, 5), dtype=int)).shape == (0,)
    assert conc.count_inversions(np.array([[3, 2, 1, 0]]))[0] == 6
    assert conc.count_inversions(np.array([[1, 1, 1, 1]]))[0] == 0
    with pytest.raises(ValueError):
        conc.count_inversions(np.array([[-1, 0]]))


@pytest.mark.parametrize("m", [2, 5, 16, 50, 130])
def test_concordance_matches_brute_force_and_scipy(m):
    rng = np.random.default_rng(100 + m)
    x = rng.integers(0, 6, size=(4, m))
    y = x + rng.integers(0, 4, size=(4, m))          # correlated, with many ties
    counts = conc.concordance(x, y)
    tau = conc.kendall_tau_b(counts)
    for r in range(4):
        want = _brute_pairs(x[r], y[r])
        for k, v in want.items():
            assert counts[k][r] == v, k
        if len(set(x[r])) > 1 and len(set(y[r])) > 1:
            assert tau[r] == pytest.approx(kendalltau(x[r], y[r]).statistic, abs=1e-12)


# -- section 2.2: exact numbers -----------------------------------------------------------

@pytest.fixture(scope="module")
def s22():
    return elm_paper.section_2_2()


def test_section_2_2_exact_numbers(s22):
    r = s22["result"]
    assert r["predictions"] == 16384
    assert r["pairs"] == {"pairs": 134209536, "concordant": 108257002, "discordant": 23839467,
                          "tied_x": 250446, "tied_y": 1931450, "tied_xy": 68829,
                          "tied_one_only": 2044238}
    assert r["elm_below_min_bcubed"]["count"] == 4075            # 24.87% (paper: 25%)
    assert r["kendall_tau_b"] == pytest.approx(0.6341655136, abs=1e-9)   # paper: 0.63
    assert r["discordant_share"] == pytest.approx(0.1776287119, abs=1e-9)  # paper: 18%
    assert r["bcubed_f"]["variance"] == pytest.approx(0.006811456517, abs=1e-11)  # .006
    assert r["elm_f"]["variance"] == pytest.approx(0.0188854668, abs=1e-10)       # .02
    assert r["bcubed_f"]["mean"] == pytest.approx(0.6512371711, abs=1e-9)
    assert r["elm_f"]["mean"] == pytest.approx(0.3503531841, abs=1e-9)
    # the lowest BCubed score is the one-block prediction's: sum over items of 2a/(a+15)
    sizes = elm_paper.TRUTH_EQ2
    one_block = sum(a * 2 * a / (a + 15) for a in sizes) / 15
    assert r["bcubed_f"]["min"] == pytest.approx(one_block, abs=1e-15)
    assert r["elm_f"]["min"] == 0.0 and r["elm_f"]["max"] == 1.0
    assert r["checks"]["tau_b_abs_diff_vs_scipy"] <= 1e-12
    assert r["checks"]["engine_vs_library_max_abs_diff"] <= 1e-12


def test_section_2_2_against_slow_path_on_a_subset(s22):
    """Library scores + O(k^2) pair counting on 600 predictions vs the engine's counts."""
    n = 15
    truth = eng.masks_to_labels(n, [eng.mask_from_sizes(elm_paper.TRUTH_EQ2)])[0]
    rng = np.random.default_rng(2024)
    subset = np.sort(rng.choice(16384, size=600, replace=False))
    preds = eng.masks_to_labels(n, subset)
    slow_b = np.array([BCUBED(truth, p) for p in preds])
    slow_e = np.array([ELM(truth, p) for p in preds])
    fast_b = s22["data"]["bcubed_f"][subset]
    fast_e = s22["data"]["elm_f"][subset]
    np.testing.assert_allclose(fast_b, slow_b, rtol=0, atol=1e-12)
    np.testing.assert_allclose(fast_e, slow_e, rtol=0, atol=1e-12)
    # exact ties: round the library's floats to 12 decimals before comparing orders
    want = _brute_pairs(np.round(slow_b, 12), np.round(slow_e, 12))
    scale = 15 * eng.score_scale(15)
    num_b = np.rint(fast_b * scale).astype(np.int64)[None, :]
    num_e = np.rint(fast_e * scale).astype(np.int64)[None, :]
    got = conc.concordance(num_b, num_e)
    for k, v in want.items():
        assert got[k][0] == v, k
    # and scipy on the full float scores gives the same tau-b
    assert kendalltau(s22["data"]["bcubed_f"], s22["data"]["elm_f"]).statistic == \
        pytest.approx(s22["result"]["kendall_tau_b"], abs=1e-12)


# -- section 3.4 (small n) ----------------------------------------------------------------

@pytest.mark.slow  # every truth against every prediction of 7 items, through the library
def test_section_3_4_small_n_against_slow_path():
    n = 7
    res = elm_paper.section_3_4(n=n)["result"]
    masks = np.arange(eng.n_partitions(n))
    labels = eng.masks_to_labels(n, masks)
    total_d, taus = 0, []
    for t in masks:
        b = [BCUBED(labels[t], labels[p]) for p in masks]
        e = [ELM(labels[t], labels[p]) for p in masks]
        c = _brute_pairs(np.round(b, 12), np.round(e, 12))
        total_d += c["discordant"]
        taus.append(kendalltau(np.round(b, 12), np.round(e, 12)).statistic)
    assert res["pairs"]["pairs"] == 64 * (64 * 63 // 2)
    assert res["pairs"]["discordant"] == total_d
    assert res["kendall_tau_b"]["mean"] == pytest.approx(float(np.mean(taus)), abs=1e-12)
    assert res["kendall_tau_b"]["sd"] == pytest.approx(float(np.std(taus)), abs=1e-12)


@pytest.mark.slow  # a process pool
def test_section_3_4_workers_do_not_change_results():
    one = elm_paper.section_3_4(n=9, workers=1)["result"]
    two = elm_paper.section_3_4(n=9, workers=2)["result"]
    assert elm_paper_text._clean(one) == elm_paper_text._clean(two)


def test_paper_population_is_8192_times_c_8192_2():
    assert 8192 * math.comb(8192, 2) == 274_844_352_512
