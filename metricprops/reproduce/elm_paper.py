"""Reproduction of the ELM paper's synthetic experiments (sections 2.2 and 3.4, Figs. 2-4).

* Section 2.2: the 15-item truth of equation (2), ``{1,2},{3,4,5},{6,7},{8},{9},{10,11,12},
  {13,14},{15}``, against all 2**14 = 16,384 consecutive-block predictions.
* Section 3.4: every one of the 2**13 = 8,192 consecutive-block partitions of 14 items as the
  truth, against all 8,192 of them as predictions.

Scores are ``bcubed_f`` and ``elm_f`` (mean of per-element F1, as in the library), computed by
:mod:`metricprops.reproduce.consecutive` as exact integers, so ties are exact.  "Swapped" or
"ranked differently" pairs are the *discordant* pairs: two predictions that BCubed and ELM order
strictly oppositely.  A pair tied by one metric (or both) is never discordant; the pairs tied
by exactly one metric are counted separately.  Kendall's tau is tau-b (ties accounted for,
as the paper says), ``(C - D) / sqrt((P - T_x)(P - T_y))``.
"""
from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from . import consecutive as eng
from .concordance import concordance, kendall_tau_b, pair_totals, tau_b
from .elm_paper_text import PAPER, comparison
from .summaries import describe, exact_histogram

__all__ = ["TRUTH_EQ2", "section_2_2", "section_3_4", "run", "sensitivity", "FIGURES"]

#: Block sizes of the truth of equation (2), items 1..15 in order.
TRUTH_EQ2 = (2, 3, 2, 1, 1, 3, 2, 1)
N_22 = 15
N_34 = 14
#: Bins of the score histograms (exact: bin = floor(score * BINS), the top bin includes 1).
SCORE_BINS = 100
SWAP_BINS = 40
QUICK_TRUTHS = 256
#: Item counts of the exhaustive sensitivity runs (section 3.4 with fewer items).
SENSITIVITY_N = (10, 11, 12)
QUICK_SENSITIVITY_N = (10, 11)
CHUNK = 64          # truths per task: small arrays keep temporaries in the allocator's heap

FIGURES = {
    "fig2": "elm-fig2-section22-scores.png",
    "fig3": "elm-fig3-section34-scores.png",
    "fig4": "elm-fig4-section34-swaps.png",
    "entropy": "elm-section34-entropy-vs-swaps.png",
}


# ----------------------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------------------
def _sizes(n: int, mask: int) -> List[int]:
    return list(eng.sizes_from_mask(n, int(mask)))


def _library_check(n: int, pairs: Sequence[tuple], x: np.ndarray, y: np.ndarray,
                   row_of: Dict[int, int]) -> float:
    """Largest |engine - library| over the given (truth, prediction) mask pairs."""
    from ..registry import get_metric

    bc, elm = get_metric("bcubed_f"), get_metric("elm_f")
    scale = float(n * eng.score_scale(n))
    worst = 0.0
    for t, p in pairs:
        lt, lp = eng.masks_to_labels(n, [t, p])
        r = row_of[t]
        worst = max(worst, abs(x[r, p] / scale - bc(lt, lp)), abs(y[r, p] / scale - elm(lt, lp)))
    return worst


# ----------------------------------------------------------------------------------------
# section 2.2
# ----------------------------------------------------------------------------------------

def section_2_2(n: int = N_22, sizes: Sequence[int] = TRUTH_EQ2) -> Dict[str, Any]:
    """The equation (2) truth against every consecutive prediction.  Returns a dict with the
    numbers (``result``) and the raw score arrays (``data``, for the figures)."""
    from scipy.stats import kendalltau

    mask = eng.mask_from_sizes(sizes)
    if sum(sizes) != n:
        raise ValueError(f"expected block sizes summing to n={n}, got {list(sizes)}")
    x = eng.score_numerators(n, [mask], "bcubed_f")
    y = eng.score_numerators(n, [mask], "elm_f")
    denom = n * eng.score_scale(n)
    bc, elm = x[0] / denom, y[0] / denom
    counts = pair_totals(concordance(x, y), 0)
    m = bc.size
    tau_b_value = tau_b(counts)
    scipy_tau = float(kendalltau(bc, elm).statistic)
    rng = np.random.default_rng(22)
    sample = [(mask, int(p)) for p in rng.choice(m, size=32, replace=False)]
    lib_err = _library_check(n, sample, x, y, {mask: 0})
    paper_pop = PAPER["s22_pair_population"]
    result = {
        "n_items": n,
        "truth_block_sizes": list(sizes),
        "truth_blocks": _blocks_1based(sizes),
        "predictions": m,
        "bcubed_f": describe(bc),
        "elm_f": describe(elm),
        "elm_below_min_bcubed": {
            "count": int(np.sum(elm < bc.min())),
            "share": float(np.mean(elm < bc.min())),
        },
        "elm_below_bcubed_share": float(np.mean(elm < bc)),
        "distinct_scores": {"bcubed_f": int(np.unique(x).size), "elm_f": int(np.unique(y).size)},
        "pairs": counts,
        "discordant_share": counts["discordant"] / counts["pairs"],
        "discordant_share_of_paper_population": counts["discordant"] / paper_pop,
        "ranked_differently_incl_one_sided_ties_share":
            (counts["discordant"] + counts["tied_one_only"]) / counts["pairs"],
        "kendall_tau_b": tau_b_value,
        "kendall_tau_a": (counts["concordant"] - counts["discordant"]) / counts["pairs"],
        "checks": {
            "scipy_kendalltau_b": scipy_tau,
            "tau_b_abs_diff_vs_scipy": abs(tau_b_value - scipy_tau),
            "engine_vs_library_max_abs_diff": lib_err,
            "library_sample_size": len(sample),
        },
    }
    return {"result": result, "data": {"bcubed_f": bc, "elm_f": elm}}


def _blocks_1based(sizes: Sequence[int]) -> List[List[int]]:
    out, start = [], 1
    for s in sizes:
        out.append(list(range(start, start + s)))
        start += s
    return out


# ----------------------------------------------------------------------------------------
# section 3.4
# ----------------------------------------------------------------------------------------

def _chunk_task(args: tuple) -> Dict[str, Any]:
    """Worker: every prediction against the truths of one chunk (module level: picklable)."""
    n, truths, bins = args
    truths = np.asarray(truths, dtype=np.int64)
    x = eng.score_numerators(n, truths, "bcubed_f")
    y = eng.score_numerators(n, truths, "elm_f")
    denom = n * eng.score_scale(n)
    counts = concordance(x, y)
    acc = {}
    for name, v in (("bcubed_f", x), ("elm_f", y)):
        s = v / denom
        acc[name] = {"sum": float(s.sum()), "sumsq": float(np.square(s).sum()),
                     "min": int(v.min()), "max": int(v.max()),
                     "hist": exact_histogram(v, denom, bins)}
    acc["elm_below_bcubed"] = int(np.count_nonzero(y < x))
    return {"counts": counts, "acc": acc}


def _keep_freed_memory() -> None:
    """In a worker: glibc keeps freed memory instead of unmapping each array of a few MB
    (page faults took a third of the CPU time), as ``MALLOC_MMAP_THRESHOLD_`` and
    ``MALLOC_TRIM_THRESHOLD_`` would at start-up (a forked worker reads no environment)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None)
        libc.mallopt(-3, 256 << 20)  # M_MMAP_THRESHOLD
        libc.mallopt(-1, 256 << 20)  # M_TRIM_THRESHOLD
    except (OSError, AttributeError):  # pragma: no cover - not glibc
        pass


def _run_chunks(n: int, truths: np.ndarray, workers: Optional[int], bins: int,
                cluster: Optional[str] = None) -> List[Dict[str, Any]]:
    """The chunks of truths over the audit engine's worker pool (or the Dask cluster at
    ``cluster``), in task order (``None``: what ``metricprops report`` set, else 1 worker)."""
    from ..engine.tasks import run_tasks
    from ..settings import current_defaults

    ambient = current_defaults()["run"]
    workers = (ambient.jobs if ambient else 1) if workers is None else workers
    cluster = (ambient.cluster if ambient else None) if cluster is None else cluster
    tasks = [((n, truths[i:i + CHUNK].tolist(), bins),) for i in range(0, truths.size, CHUNK)]
    return run_tasks(_chunk_task, tasks, jobs=workers, setup=_keep_freed_memory,
                     cluster=cluster)


def section_3_4(n: int = N_34, truths: Optional[Sequence[int]] = None,
                workers: Optional[int] = None,
                bins: int = SCORE_BINS, cluster: Optional[str] = None) -> Dict[str, Any]:
    """Each consecutive partition in ``truths`` (default: all) against all predictions."""
    from scipy.stats import kendalltau, pearsonr, spearmanr

    m = eng.n_partitions(n)
    all_truths = truths is None
    truths = np.arange(m, dtype=np.int64) if truths is None else np.asarray(truths, np.int64)
    parts = _run_chunks(n, truths, workers, bins, cluster)
    counts = {k: np.concatenate([p["counts"][k] for p in parts]) for k in parts[0]["counts"]}
    tau = kendall_tau_b(counts)
    swaps = counts["discordant"]
    frac = swaps / counts["pairs"]
    entropy = eng.entropy_bits(n, truths)
    total = pair_totals(counts)
    denom = n * eng.score_scale(n)
    n_scores = truths.size * m

    dist = {}
    for name in ("bcubed_f", "elm_f"):
        s = math.fsum(p["acc"][name]["sum"] for p in parts)
        s2 = math.fsum(p["acc"][name]["sumsq"] for p in parts)
        hist = np.sum([p["acc"][name]["hist"] for p in parts], axis=0)
        mean = s / n_scores
        var = s2 / n_scores - mean * mean
        # identical (truth, prediction) pairs score 1 for both metrics: drop them for the
        # statistics over distinct pairs (each unordered pair twice: both metrics symmetric)
        k = n_scores - truths.size
        mean_off = (s - truths.size) / k
        var_off = (s2 - truths.size) / k - mean_off * mean_off
        dist[name] = {
            "n": n_scores, "mean": mean, "variance": var, "sd": math.sqrt(max(var, 0.0)),
            "min": min(p["acc"][name]["min"] for p in parts) / denom,
            "max": max(p["acc"][name]["max"] for p in parts) / denom,
            "distinct_pairs": {"n": k, "mean": mean_off, "variance": var_off,
                               "sd": math.sqrt(max(var_off, 0.0))},
            "histogram": {"bins": bins, "range": [0.0, 1.0], "counts": hist.tolist()},
        }
    elm_below = sum(p["acc"]["elm_below_bcubed"] for p in parts)

    # cross-checks: scipy's tau-b and the library, on a few truths
    pick = np.unique(np.linspace(0, truths.size - 1, min(8, truths.size)).astype(int))
    check_truths = truths[pick]
    x = eng.score_numerators(n, check_truths, "bcubed_f")
    y = eng.score_numerators(n, check_truths, "elm_f")
    tau_diff, swaps_diff = 0.0, 0
    for r, i in enumerate(pick):
        st = float(kendalltau(x[r], y[r]).statistic)
        tau_diff = max(tau_diff, abs(st - float(tau[i])))
        c = pair_totals(counts, int(i))
        den = math.sqrt((c["pairs"] - c["tied_x"]) * (c["pairs"] - c["tied_y"]))
        d_from_scipy = round((c["pairs"] - c["tied_x"] - c["tied_y"] + c["tied_xy"]
                              - st * den) / 2)
        swaps_diff = max(swaps_diff, abs(d_from_scipy - c["discordant"]))
    rng = np.random.default_rng(34)
    lib_pairs = [(int(check_truths[r]), int(p)) for r in range(check_truths.size)
                 for p in rng.choice(m, size=4, replace=False)]
    lib_err = _library_check(n, lib_pairs, x, y, {int(t): r for r, t in enumerate(check_truths)})

    hi, lo = int(np.argmax(swaps)), int(np.argmin(swaps))
    frac_hi = max(0.05, math.ceil(float(frac.max()) * 20) / 20)     # next multiple of 0.05
    frac_hist, _ = np.histogram(frac, bins=SWAP_BINS, range=(0.0, frac_hi))
    result = {
        "n_items": n,
        "predictions_per_truth": m,
        "truths": int(truths.size),
        "all_truths": all_truths,
        "pairs": total,
        "swapped_share": total["discordant"] / total["pairs"],
        "ranked_differently_incl_one_sided_ties_share":
            (total["discordant"] + total["tied_one_only"]) / total["pairs"],
        "kendall_tau_b": {"mean": float(np.mean(tau)), "sd": float(np.std(tau)),
                          "sd_ddof1": float(np.std(tau, ddof=1)) if tau.size > 1 else None,
                          "min": float(np.min(tau)), "max": float(np.max(tau)),
                          "median": float(np.median(tau))},
        "swap_fraction": {**describe(frac),
                          "histogram": {"bins": SWAP_BINS,
                                        "range": [0.0, frac_hi],
                                        "counts": frac_hist.astype(int).tolist()}},
        "entropy_vs_swaps": {
            "pearson": float(pearsonr(entropy, swaps).statistic),
            "spearman": float(spearmanr(entropy, swaps).statistic),
            "entropy_log_base": 2,
        },
        "most_swaps": {"truth_block_sizes": _sizes(n, truths[hi]), "swaps": int(swaps[hi]),
                       "fraction": float(frac[hi]), "kendall_tau_b": float(tau[hi])},
        "fewest_swaps": {"truth_block_sizes": _sizes(n, truths[lo]), "swaps": int(swaps[lo]),
                         "fraction": float(frac[lo]), "kendall_tau_b": float(tau[lo])},
        "scores": dist,
        "elm_below_bcubed_share": elm_below / n_scores,
        "checks": {
            "truths_checked_with_scipy": int(pick.size),
            "tau_b_max_abs_diff_vs_scipy": tau_diff,
            "swaps_max_abs_diff_vs_scipy_derived": int(swaps_diff),
            "engine_vs_library_max_abs_diff": lib_err,
            "library_sample_size": len(lib_pairs),
        },
    }
    if not all_truths:
        result["truth_masks_sha"] = _digest(truths)
    data = {"tau": tau, "swaps": swaps, "fraction": frac, "entropy": entropy,
            "hist": {k: np.asarray(dist[k]["histogram"]["counts"]) for k in dist}}
    return {"result": result, "data": data}


def _digest(a: np.ndarray) -> str:
    import hashlib
    return hashlib.sha256(np.asarray(a, dtype="<i8").tobytes()).hexdigest()[:16]


# ----------------------------------------------------------------------------------------
# the whole reproduction
# ----------------------------------------------------------------------------------------

def run(quick: bool = False, seed: int = 0, workers: Optional[int] = None,
        cluster: Optional[str] = None) -> Dict[str, Any]:
    """Run both experiments.  ``quick``: section 3.4 on ``QUICK_TRUTHS`` truths drawn with
    ``seed`` (every prediction still scored, so per-truth numbers stay exact).  ``workers``:
    worker processes sharing the chunks of truths (default 1, or what ``metricprops report
    --jobs`` set); ``cluster``: a Dask scheduler's address whose workers share them instead
    (default none, or what ``metricprops report --cluster`` set).  The numbers are the same
    for every count and on a cluster."""
    s22 = section_2_2()
    truths = None
    if quick:
        rng = np.random.default_rng(seed)
        truths = np.sort(rng.choice(eng.n_partitions(N_34), size=QUICK_TRUTHS, replace=False))
    s34 = section_3_4(truths=truths, workers=workers, cluster=cluster)
    sens_n = QUICK_SENSITIVITY_N if quick else SENSITIVITY_N
    config = {"quick": quick, "seed": seed if quick else None,
              "section_3_4_truths": int(s34["result"]["truths"]),
              "score_bins": SCORE_BINS, "swap_fraction_bins": SWAP_BINS,
              "sensitivity_n_items": list(sens_n)}
    out = {"config": config, "section_2_2": s22, "section_3_4": s34,
           "sensitivity": sensitivity(sens_n, workers, cluster)}
    out["comparison"] = comparison(out)
    return out


def sensitivity(ns: Sequence[int], workers: Optional[int] = None,
                cluster: Optional[str] = None) -> List[Dict[str, Any]]:
    """Section 3.4 exhaustively with fewer items: how the headline numbers depend on n."""
    rows = []
    for n in ns:
        r = section_3_4(n=n, workers=workers, cluster=cluster)["result"]
        rows.append({"n_items": n, "truths": r["truths"], "pairs": r["pairs"]["pairs"],
                     "swapped": r["pairs"]["discordant"], "swapped_share": r["swapped_share"],
                     "tau_b_mean": r["kendall_tau_b"]["mean"],
                     "tau_b_sd": r["kendall_tau_b"]["sd"],
                     "entropy_swaps_pearson": r["entropy_vs_swaps"]["pearson"]})
    return rows
