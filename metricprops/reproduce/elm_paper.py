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
import os
from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from . import consecutive as eng

__all__ = ["SCHEMA", "PAPER", "TRUTH_EQ2", "section_2_2", "section_3_4", "run", "comparison",
           "render_table", "render_markdown", "to_json", "FIGURES"]

SCHEMA = 1
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

#: The paper's values, as printed (sections 2.2 and 3.4).
PAPER: Dict[str, Any] = {
    "s22_predictions": 16384,
    "s22_elm_below_min_bcubed": 0.25,
    "s22_bcubed_variance": 0.006,
    "s22_elm_variance": 0.02,
    "s22_ranked_differently": 0.18,
    "s22_pair_population": 2 ** 14 * 2 ** 13,
    "s22_kendall_tau_b": 0.63,
    "s34_experiments": 8192,
    "s34_total_pairs": 274e9,
    "s34_swapped_pairs": 39e9,
    "s34_swapped_share": 0.14,
    "s34_tau_mean": 0.70,
    "s34_tau_sd": 0.06,
    "s34_entropy_swaps_pearson": 0.81,
    "s34_fig3_n": 2 ** 13 * 2 ** 12,
}

FIGURES = {
    "fig2": "elm-fig2-section22-scores.png",
    "fig3": "elm-fig3-section34-scores.png",
    "fig4": "elm-fig4-section34-swaps.png",
    "entropy": "elm-section34-entropy-vs-swaps.png",
}


# ----------------------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------------------

def _r(x: Any, sig: int = 10) -> Any:
    """Round a float to ``sig`` significant digits (ints and None pass through)."""
    if x is None or isinstance(x, (bool, int, np.integer)):
        return None if x is None else (bool(x) if isinstance(x, bool) else int(x))
    x = float(x)
    if not math.isfinite(x):
        return None
    return float(f"{x:.{sig}g}")


def _describe(values: np.ndarray) -> Dict[str, float]:
    v = np.asarray(values, dtype=np.float64)
    return {
        "n": int(v.size),
        "mean": float(v.mean()),
        "variance": float(v.var()),
        "sd": float(v.std()),
        "min": float(v.min()),
        "q1": float(np.quantile(v, 0.25)),
        "median": float(np.median(v)),
        "q3": float(np.quantile(v, 0.75)),
        "max": float(v.max()),
    }


def _histogram(numerators: np.ndarray, denominator: int, bins: int) -> np.ndarray:
    """Exact histogram of scores ``numerators / denominator`` on ``bins`` equal bins of [0, 1]."""
    # numerators * bins is an exact float (< 2**53) and the division is correctly rounded, so
    # the floor is exact: a non-integer quotient is at least 1/denominator from an integer
    q = (numerators.astype(np.float64) * bins) / float(denominator)
    idx = np.minimum(q.astype(np.int64), bins - 1)
    return np.bincount(idx.reshape(-1), minlength=bins).astype(np.int64)


def _pair_counts(counts: Dict[str, np.ndarray], row: Optional[int] = None) -> Dict[str, int]:
    pick = (lambda a: int(a[row])) if row is not None else (lambda a: int(a.sum()))
    out = {k: pick(counts[k]) for k in ("pairs", "concordant", "discordant", "tied_x",
                                         "tied_y", "tied_xy")}
    out["tied_one_only"] = out["tied_x"] + out["tied_y"] - 2 * out["tied_xy"]
    return out


def _tau_b(c: Dict[str, int]) -> float:
    den = math.sqrt((c["pairs"] - c["tied_x"]) * (c["pairs"] - c["tied_y"]))
    return (c["concordant"] - c["discordant"]) / den if den else float("nan")


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
    counts = _pair_counts(eng.concordance(x, y), 0)
    m = bc.size
    tau_b = _tau_b(counts)
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
        "bcubed_f": _describe(bc),
        "elm_f": _describe(elm),
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
        "kendall_tau_b": tau_b,
        "kendall_tau_a": (counts["concordant"] - counts["discordant"]) / counts["pairs"],
        "checks": {
            "scipy_kendalltau_b": scipy_tau,
            "tau_b_abs_diff_vs_scipy": abs(tau_b - scipy_tau),
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
    counts = eng.concordance(x, y)
    acc = {}
    for name, v in (("bcubed_f", x), ("elm_f", y)):
        s = v / denom
        acc[name] = {"sum": float(s.sum()), "sumsq": float(np.square(s).sum()),
                     "min": int(v.min()), "max": int(v.max()),
                     "hist": _histogram(v, denom, bins)}
    acc["elm_below_bcubed"] = int(np.count_nonzero(y < x))
    return {"counts": counts, "acc": acc}


def _run_chunks(n: int, truths: np.ndarray, workers: int, bins: int) -> List[Dict[str, Any]]:
    tasks = [(n, truths[i:i + CHUNK].tolist(), bins) for i in range(0, truths.size, CHUNK)]
    if workers <= 1 or len(tasks) <= 1:
        return [_chunk_task(t) for t in tasks]
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    # The workers allocate and free many arrays of a few MB; glibc would map and unmap each
    # one (page faults: a third of the CPU time).  Fresh worker processes read these settings
    # at start-up, so they keep freed memory instead; single-threaded BLAS (unused anyway).
    env = {"MALLOC_MMAP_THRESHOLD_": str(256 << 20), "MALLOC_TRIM_THRESHOLD_": str(256 << 20),
           "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    saved = {k: os.environ.get(k) for k in env}
    for k, v in env.items():
        os.environ.setdefault(k, v)
    try:
        pool = ctx.Pool(processes=min(workers, len(tasks)))     # starts every worker now
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    with pool:
        return pool.map(_chunk_task, tasks, chunksize=1)        # in task order: deterministic


def section_3_4(n: int = N_34, truths: Optional[Sequence[int]] = None, workers: int = 1,
                bins: int = SCORE_BINS) -> Dict[str, Any]:
    """Each consecutive partition in ``truths`` (default: all) against all predictions."""
    from scipy.stats import kendalltau, pearsonr, spearmanr

    m = eng.n_partitions(n)
    all_truths = truths is None
    truths = np.arange(m, dtype=np.int64) if truths is None else np.asarray(truths, np.int64)
    parts = _run_chunks(n, truths, workers, bins)
    counts = {k: np.concatenate([p["counts"][k] for p in parts]) for k in parts[0]["counts"]}
    tau = eng.kendall_tau_b(counts)
    swaps = counts["discordant"]
    frac = swaps / counts["pairs"]
    entropy = eng.entropy_bits(n, truths)
    total = _pair_counts(counts)
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
        c = _pair_counts(counts, int(i))
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
        "swap_fraction": {**_describe(frac),
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

def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def run(quick: bool = False, seed: int = 0, workers: Optional[int] = None) -> Dict[str, Any]:
    """Run both experiments.  ``quick``: section 3.4 on ``QUICK_TRUTHS`` truths drawn with
    ``seed`` (every prediction still scored, so per-truth numbers stay exact)."""
    if workers is None:
        workers = 1 if quick else default_workers()
    s22 = section_2_2()
    truths = None
    if quick:
        rng = np.random.default_rng(seed)
        truths = np.sort(rng.choice(eng.n_partitions(N_34), size=QUICK_TRUTHS, replace=False))
    s34 = section_3_4(truths=truths, workers=workers)
    sens_n = QUICK_SENSITIVITY_N if quick else SENSITIVITY_N
    config = {"quick": quick, "seed": seed if quick else None,
              "section_3_4_truths": int(s34["result"]["truths"]),
              "score_bins": SCORE_BINS, "swap_fraction_bins": SWAP_BINS,
              "sensitivity_n_items": list(sens_n)}
    out = {"config": config, "section_2_2": s22, "section_3_4": s34,
           "sensitivity": sensitivity(sens_n, workers)}
    out["comparison"] = comparison(out)
    return out


def sensitivity(ns: Sequence[int], workers: int = 1) -> List[Dict[str, Any]]:
    """Section 3.4 exhaustively with fewer items: how the headline numbers depend on n."""
    rows = []
    for n in ns:
        r = section_3_4(n=n, workers=workers)["result"]
        rows.append({"n_items": n, "truths": r["truths"], "pairs": r["pairs"]["pairs"],
                     "swapped": r["pairs"]["discordant"], "swapped_share": r["swapped_share"],
                     "tau_b_mean": r["kendall_tau_b"]["mean"],
                     "tau_b_sd": r["kendall_tau_b"]["sd"],
                     "entropy_swaps_pearson": r["entropy_vs_swaps"]["pearson"]})
    return rows


def _sens_text(res: Dict[str, Any], key: str, fmt: str) -> str:
    rows = res.get("sensitivity") or []
    return ", ".join(f"{r['n_items']}: {fmt.format(r[key])}" for r in rows)


def comparison(res: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Rows: our number next to the paper's, with the explanation of any difference."""
    a = res["section_2_2"]["result"]
    b = res["section_3_4"]["result"]
    quick = res["config"]["quick"]
    pairs34 = b["pairs"]["pairs"]
    rows = [
        _row("2.2", "predictions (2^14 consecutive partitions of 15 items)",
             a["predictions"], PAPER["s22_predictions"], "{:,}", "identical"),
        _row("2.2", "ELM scores below the lowest BCubed score (share)",
             a["elm_below_min_bcubed"]["share"], PAPER["s22_elm_below_min_bcubed"], "{:.2%}",
             f"{a['elm_below_min_bcubed']['count']:,} of {a['predictions']:,} "
             f"(lowest BCubed = {a['bcubed_f']['min']:.4f}); the paper rounds to 25%"),
        _row("2.2", "BCubed F variance", a["bcubed_f"]["variance"],
             PAPER["s22_bcubed_variance"], "{:.4f}",
             "population variance (ddof 0; ddof 1 differs only in the 5th digit); .0068 "
             "rounds to .007: the paper's .006 looks truncated (as its '274 billion' is)"),
        _row("2.2", "ELM F variance", a["elm_f"]["variance"], PAPER["s22_elm_variance"],
             "{:.4f}", "agrees after rounding to 2 decimals"),
        _row("2.2", "BCubed F mean / min / max",
             f"{a['bcubed_f']['mean']:.4f} / {a['bcubed_f']['min']:.4f} / "
             f"{a['bcubed_f']['max']:.4f}", None, "{}",
             "shown in the paper's Fig. 2 only (values not in its text)"),
        _row("2.2", "ELM F mean / min / max",
             f"{a['elm_f']['mean']:.4f} / {a['elm_f']['min']:.4f} / {a['elm_f']['max']:.4f}",
             None, "{}", "shown in the paper's Fig. 2 only (values not in its text)"),
        _row("2.2", "pairs of predictions ranked differently (share)",
             a["discordant_share"], PAPER["s22_ranked_differently"], "{:.2%}",
             f"discordant (strictly opposite order) pairs: {a['pairs']['discordant']:,} of "
             f"C(16384,2) = {a['pairs']['pairs']:,} unordered pairs of distinct predictions; "
             f"the paper's 2^14 x 2^13 = 16384^2/2 = {PAPER['s22_pair_population']:,} is "
             "8,192 more (half the self-pairs), immaterial: "
             f"{a['discordant_share_of_paper_population']:.2%} of it. "
             f"Pairs tied by one metric only are not counted: with them the share would be "
             f"{a['ranked_differently_incl_one_sided_ties_share']:.2%}, so the paper's 18% "
             f"counts strict swaps"),
        _row("2.2", "Kendall tau-b (BCubed vs ELM ranking)", a["kendall_tau_b"],
             PAPER["s22_kendall_tau_b"], "{:.4f}",
             "tau-b with exact ties; scipy.stats.kendalltau gives "
             f"{a['checks']['scipy_kendalltau_b']:.6f}; "
             f"tau-a (no tie correction) would be {a['kendall_tau_a']:.4f}"),
        _row("3.4", "experiments (truths)", b["truths"], PAPER["s34_experiments"], "{:,}",
             "identical" if not quick else "QUICK RUN: a random sample of truths"),
        _row("3.4", "prediction pairs over all experiments", pairs34, PAPER["s34_total_pairs"],
             "{:,}",
             "truths x C(8192,2) = 8192 x 33,550,336 = 274,844,352,512: the paper's "
             "'274 billion' is this number truncated (8192^3/2 = 274,877,906,944 would also "
             "truncate to 274)" if not quick else "truths x C(8192,2) (quick run: sampled truths)"),
        _row("3.4", "swapped (discordant) pairs", b["pairs"]["discordant"],
             PAPER["s34_swapped_pairs"], "{:,}",
             ("exact count, cross-checked per truth against scipy's tau-b; "
              f"{b['pairs']['discordant'] / PAPER['s34_swapped_pairs'] - 1:+.1%} vs 'roughly "
              "39 billion' (see the swapped share)") if not quick
             else "quick run: only the sampled truths"),
        _row("3.4", "swapped share", b["swapped_share"], PAPER["s34_swapped_share"], "{:.2%}",
             f"{(b['swapped_share'] - PAPER['s34_swapped_share']) * 100:+.1f} points. Not a "
             "tie convention: counting pairs tied by one "
             f"metric as swapped gives {b['ranked_differently_incl_one_sided_ties_share']:.2%} "
             "(further away), and the population is the paper's. The share grows with the "
             "number of items (exhaustive, items: share = "
             f"{_sens_text(res, 'swapped_share', '{:.2%}')}, 14: {b['swapped_share']:.2%})"
             + ("; the paper's 14% (with tau 0.70) is what 11-12 items give, while its "
                "r = 0.81 is what 14 items give, so its section 3.4 set-up must differ in a "
                "detail it does not report; section 2.2 (same definitions) agrees"
                if not quick else "; quick run: sampled truths")),
        _row("3.4", "Kendall tau-b per truth: mean", b["kendall_tau_b"]["mean"],
             PAPER["s34_tau_mean"], "{:.4f}",
             "tau-b of each truth's two rankings of the 8,192 predictions; lower than the "
             "paper's, consistently with the higher swap share (by items: "
             f"{_sens_text(res, 'tau_b_mean', '{:.3f}')})"),
        _row("3.4", "Kendall tau-b per truth: sd", b["kendall_tau_b"]["sd"],
             PAPER["s34_tau_sd"], "{:.4f}", "population sd (ddof 0; ddof 1 gives "
             f"{b['kendall_tau_b']['sd_ddof1']:.4f}); {b['kendall_tau_b']['sd']:.3f} vs .06, "
             "the same pattern as the mean (by "
             f"items: {_sens_text(res, 'tau_b_sd', '{:.3f}')})"),
        _row("3.4", "Pearson r(entropy of truth, swaps)", b["entropy_vs_swaps"]["pearson"],
             PAPER["s34_entropy_swaps_pearson"], "{:.4f}",
             "entropy in bits (log2) as in the paper (r does not depend on the log base); "
             "agrees"),
        _row("3.4", "per-truth swap fraction: mean / sd (Fig. 4)",
             f"{b['swap_fraction']['mean']:.4f} / {b['swap_fraction']['sd']:.4f}", None, "{}",
             f"min {b['swap_fraction']['min']:.4f}, max {b['swap_fraction']['max']:.4f}; "
             "values only in the paper's Fig. 4"),
        _row("3.4", "Fig. 3: number of (truth, prediction) scores", b["scores"]["bcubed_f"]["n"],
             PAPER["s34_fig3_n"], "{:,}",
             "we score all ordered pairs, 2^13 x 2^13; the paper's N = 2^13 x 2^12 is half of "
             "that (both metrics are symmetric, so an unordered pair has one score); the "
             "distribution is the same up to the 8,192 identical pairs (score 1)"
             if not quick else "quick run: sampled truths x 8192"),
    ]
    return rows


def _row(section: str, quantity: str, ours: Any, paper: Any, fmt: str, note: str
         ) -> Dict[str, Any]:
    def show(v: Any) -> str:
        if v is None:
            return "-"
        if isinstance(v, str):
            return v
        if fmt == "{:,}" and isinstance(v, float) and v >= 1e9:
            return f"{v / 1e9:,.0f} billion"
        return fmt.format(v)

    ours_v = ours if isinstance(ours, str) else (int(ours) if isinstance(ours, (int, np.integer))
                                                   else _r(ours))
    return {"section": section, "quantity": quantity, "ours": ours_v, "paper": paper,
            "ours_text": show(ours), "paper_text": show(paper), "note": note}


# ----------------------------------------------------------------------------------------
# output
# ----------------------------------------------------------------------------------------

def _clean(obj: Any) -> Any:
    """JSON-ready copy: numpy scalars to Python, floats rounded to 10 significant digits."""
    if isinstance(obj, dict):
        return {str(k): _clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_clean(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return [_clean(v) for v in obj.tolist()]
    if isinstance(obj, (bool, np.bool_)):
        return bool(obj)
    if isinstance(obj, (int, np.integer)):
        return int(obj)
    if isinstance(obj, (float, np.floating)):
        return _r(obj)
    return obj


def to_json(res: Dict[str, Any], figures: Optional[Dict[str, str]] = None) -> str:
    import json

    doc = {
        "schema": SCHEMA,
        "experiment": "elm-paper",
        "source": "BCubed revisited: elements like me (ELM), sections 2.2 and 3.4, Figs. 2-4",
        "definitions": {
            "scores": "bcubed_f and elm_f: mean over items of per-element F1",
            "partitions": "consecutive-block partitions of items 1..N, 2^(N-1) of them",
            "swapped_pair": "discordant pair: BCubed and ELM order the two predictions "
                            "strictly oppositely; a pair tied by either metric is not swapped",
            "kendall_tau": "tau-b = (C - D) / sqrt((P - T_bcubed) (P - T_elm)), exact ties",
            "pairs": "unordered pairs of distinct predictions, C(M, 2) per truth",
            "variance": "population variance (ddof 0)",
        },
        "config": res["config"],
        "section_2_2": res["section_2_2"]["result"],
        "section_3_4": res["section_3_4"]["result"],
        "sensitivity_n_items": res.get("sensitivity") or [],
        "comparison": [{k: r[k] for k in ("section", "quantity", "ours", "paper", "note")}
                       for r in res["comparison"]],
        "figures": dict(figures or {}),
    }
    return json.dumps(_clean(doc), indent=2) + "\n"


def render_table(rows: List[Dict[str, Any]]) -> str:
    w_q = max(len(r["quantity"]) for r in rows)
    w_o = max(len(r["ours_text"]) for r in rows)
    w_p = max(len(r["paper_text"]) for r in rows)
    head = f"{'sec':<4} {'quantity':<{w_q}}  {'ours':>{w_o}}  {'paper':>{w_p}}"
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['section']:<4} {r['quantity']:<{w_q}}  {r['ours_text']:>{w_o}}  "
                     f"{r['paper_text']:>{w_p}}")
    lines.append("")
    lines.append("notes:")
    for i, r in enumerate(rows, 1):
        lines.append(f"  [{r['section']}] {r['quantity']}: {r['note']}")
    return "\n".join(lines)


def render_markdown(res: Dict[str, Any], figures: Dict[str, str]) -> str:
    a = res["section_2_2"]["result"]
    b = res["section_3_4"]["result"]
    quick = res["config"]["quick"]
    cmd = "metricprops reproduce elm-paper" + (" --quick" if quick else "")
    out = ["# Reproduction: BCubed revisited — elements like me (ELM), sections 2.2 and 3.4",
           "",
           f"Generated by `{cmd}` (deterministic: reruns give identical files).",
           ""]
    if quick:
        out += [f"**Quick run**: section 3.4 uses {b['truths']} of the 8,192 truths (drawn with "
                f"seed {res['config']['seed']}); every truth is still scored against all 8,192 "
                "predictions. Run without `--quick` for the full experiment.", ""]
    out += [
        "Scores are `bcubed_f` and `elm_f` (mean of per-element F1). Partitions are the "
        "consecutive-block partitions of items 1..N (2^(N−1) of them). Scores are computed as "
        "exact integers (numerators over N·lcm(1..2N)), so equal scores are exact ties. "
        "A pair of predictions is *swapped* (ranked differently) when BCubed and ELM order it "
        "strictly oppositely (a discordant pair); a pair tied by either metric is not swapped. "
        "Kendall's tau is tau-b. Pair populations are unordered pairs of distinct predictions.",
        "",
        "## Our numbers next to the paper's",
        "",
        "| § | quantity | ours | paper | note |",
        "|---|---|---:|---:|---|",
    ]
    for r in res["comparison"]:
        out.append(f"| {r['section']} | {r['quantity']} | {r['ours_text']} | {r['paper_text']} "
                   f"| {r['note']} |")
    out += ["", "## Section 2.2: the truth of equation (2) against all 16,384 predictions", "",
            "Truth: " + ", ".join("{" + ",".join(map(str, blk)) + "}" for blk in a["truth_blocks"]),
            "",
            "| statistic | BCubed F | ELM F |", "|---|---:|---:|"]
    for k in ("mean", "variance", "sd", "min", "q1", "median", "q3", "max"):
        out.append(f"| {k} | {a['bcubed_f'][k]:.4f} | {a['elm_f'][k]:.4f} |")
    p = a["pairs"]
    out += ["",
            f"Pairs of predictions: {p['pairs']:,}; concordant {p['concordant']:,}, "
            f"discordant {p['discordant']:,}, tied by BCubed {p['tied_x']:,}, by ELM "
            f"{p['tied_y']:,}, by both {p['tied_xy']:,}. Kendall tau-b {a['kendall_tau_b']:.4f} "
            f"(scipy: {a['checks']['scipy_kendalltau_b']:.4f}).",
            "", f"![Figure 2: BCubed and ELM scores, section 2.2]({figures['fig2']})", "",
            "## Section 3.4: every consecutive partition of 14 items as truth", ""]
    tb = b["kendall_tau_b"]
    p = b["pairs"]
    out += [f"Truths: {b['truths']:,}; pairs of predictions over all truths: {p['pairs']:,}; "
            f"swapped: {p['discordant']:,} ({b['swapped_share']:.2%}); tied by one metric "
            f"only: {p['tied_one_only']:,}.",
            "",
            f"Kendall tau-b per truth: mean {tb['mean']:.4f}, sd {tb['sd']:.4f}, "
            f"min {tb['min']:.4f}, max {tb['max']:.4f}.",
            "",
            f"Pearson correlation of the truth's entropy (bits) with its number of swaps: "
            f"{b['entropy_vs_swaps']['pearson']:.4f} (Spearman "
            f"{b['entropy_vs_swaps']['spearman']:.4f}).",
            "",
            f"Most swaps: truth with block sizes {b['most_swaps']['truth_block_sizes']} "
            f"({b['most_swaps']['fraction']:.2%} of its pairs); fewest: "
            f"{b['fewest_swaps']['truth_block_sizes']} ({b['fewest_swaps']['fraction']:.2%}).",
            "",
            "| statistic (all truth × prediction scores) | BCubed F | ELM F |",
            "|---|---:|---:|"]
    for k in ("mean", "variance", "sd", "min", "max"):
        out.append(f"| {k} | {b['scores']['bcubed_f'][k]:.4f} | {b['scores']['elm_f'][k]:.4f} |")
    out += ["",
            f"![Figure 3: BCubed and ELM scores, section 3.4]({figures['fig3']})", "",
            f"![Figure 4: per-truth fraction of swapped pairs]({figures['fig4']})", "",
            f"![Entropy of the truth against its number of swaps]({figures['entropy']})", "",
            "### Sensitivity to the number of items (exhaustive runs)", "",
            "| items | truths | pairs | swapped | share | tau-b mean | tau-b sd | "
            "r(entropy, swaps) |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    sens = list(res.get("sensitivity") or [])
    if not quick:
        sens.append({"n_items": b["n_items"], "truths": b["truths"], "pairs": p["pairs"],
                     "swapped": p["discordant"], "swapped_share": b["swapped_share"],
                     "tau_b_mean": tb["mean"], "tau_b_sd": tb["sd"],
                     "entropy_swaps_pearson": b["entropy_vs_swaps"]["pearson"]})
    for r in sens:
        out.append(f"| {r['n_items']} | {r['truths']:,} | {r['pairs']:,} | {r['swapped']:,} | "
                   f"{r['swapped_share']:.2%} | {r['tau_b_mean']:.4f} | {r['tau_b_sd']:.4f} | "
                   f"{r['entropy_swaps_pearson']:.4f} |")
    lib_err = max(a["checks"]["engine_vs_library_max_abs_diff"],
                  b["checks"]["engine_vs_library_max_abs_diff"])
    out += ["",
            "## Cross-checks", "",
            f"- Engine against the library's `bcubed_f` / `elm_f`: largest difference "
            f"{lib_err:.1e} "
            f"on {a['checks']['library_sample_size'] + b['checks']['library_sample_size']} "
            "sampled (truth, prediction) pairs.",
            f"- Kendall tau-b against `scipy.stats.kendalltau`: section 2.2 difference "
            f"{a['checks']['tau_b_abs_diff_vs_scipy']:.1e}; section 3.4, "
            f"{b['checks']['truths_checked_with_scipy']} truths, largest difference "
            f"{b['checks']['tau_b_max_abs_diff_vs_scipy']:.1e}, swap counts derived from "
            f"scipy's tau differ by at most {b['checks']['swaps_max_abs_diff_vs_scipy_derived']}.",
            ""]
    return "\n".join(out)
