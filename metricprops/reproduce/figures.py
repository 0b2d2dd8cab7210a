"""Figures in the spirit of the ELM paper's Figs. 2-4 (matplotlib, Agg canvas, no pyplot).

PNG files are written without a ``Software`` entry (and PNG carries no date), so reruns give
byte-identical files for the same matplotlib version.
"""
from __future__ import annotations

import os
from typing import Any, Dict

import numpy as np

from ..output import matplotlib_defaults

__all__ = ["write_figures"]

_COLORS = {"bcubed_f": "#1f77b4", "elm_f": "#d62728"}
_LABELS = {"bcubed_f": "BCubed F", "elm_f": "ELM F"}


def _figure(width: float = 7.5, height: float = 4.5):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(fig)
    return fig


def _save(fig: Any, path: str) -> None:
    fig.savefig(path, format="png", dpi=100, metadata={"Software": None})


def _stats_text(stats: Dict[str, Dict[str, float]]) -> str:
    lines = [f"{'':<9}{'BCubed':>8}{'ELM':>8}"]  # every line 25 characters wide
    for key in ("mean", "variance", "sd", "min", "max"):
        if key in stats["bcubed_f"]:
            lines.append(f"{key:<9}{stats['bcubed_f'][key]:>8.4f}{stats['elm_f'][key]:>8.4f}")
    return "\n".join(lines)


def _finish_score_figure(fig: Any, ax: Any, path: str, stats: str, title: str,
                         legend_loc: str) -> None:
    """Statistics box, axes, title and legend of a score-density figure; then save it."""
    ax.text(0.99, 0.97, stats,
            transform=ax.transAxes, ha="right", va="top", family="monospace", fontsize=8,
            bbox={"boxstyle": "round", "fc": "white", "ec": "0.7"})
    ax.set_xlim(0, 1)
    ax.set_xlabel("score")
    ax.set_ylabel("density")
    ax.set_title(title, fontsize=10)
    ax.legend(loc=legend_loc, fontsize=8)
    fig.tight_layout()
    _save(fig, path)


def fig_section_2_2(scores: Dict[str, np.ndarray], result: Dict[str, Any], path: str) -> None:
    """Fig. 2: densities of the BCubed and ELM scores of all 16,384 predictions."""
    from scipy.stats import gaussian_kde

    fig = _figure()
    ax = fig.add_subplot(1, 1, 1)
    grid = np.linspace(0.0, 1.0, 401)
    edges = np.linspace(0.0, 1.0, 51)
    for name in ("bcubed_f", "elm_f"):
        v = scores[name]
        ax.hist(v, bins=edges, density=True, alpha=0.3, color=_COLORS[name],
                label=f"{_LABELS[name]} (histogram)")
        ax.plot(grid, gaussian_kde(v)(grid), color=_COLORS[name], lw=2,
                label=f"{_LABELS[name]} (KDE)")
        ax.axvline(float(np.mean(v)), color=_COLORS[name], ls="--", lw=1)
    low = result["elm_below_min_bcubed"]
    ax.axvline(result["bcubed_f"]["min"], color="grey", ls=":", lw=1)
    ax.text(result["bcubed_f"]["min"], ax.get_ylim()[1] * 0.97,
            f" lowest BCubed\n {low['share']:.1%} of ELM below", va="top", fontsize=8,
            color="grey")
    extra = (f"\n{'Kendall tau-b':<17}{result['kendall_tau_b']:>8.4f}"
             f"\n{'swapped pairs':<17}{result['discordant_share']:>8.2%}")
    _finish_score_figure(fig, ax, path, _stats_text(result) + extra,
                         f"Section 2.2: truth of eq. (2) vs all {result['predictions']:,} "
                         "consecutive predictions", legend_loc="center right")


def fig_section_3_4_scores(result: Dict[str, Any], path: str) -> None:
    """Fig. 3: densities of the scores of every (truth, prediction) pair, 14 items."""
    fig = _figure()
    ax = fig.add_subplot(1, 1, 1)
    for name in ("bcubed_f", "elm_f"):
        h = result["scores"][name]["histogram"]
        counts = np.asarray(h["counts"], dtype=float)
        edges = np.linspace(h["range"][0], h["range"][1], h["bins"] + 1)
        dens = counts / (counts.sum() * np.diff(edges))
        ax.stairs(dens, edges, fill=True, alpha=0.25, color=_COLORS[name],
                  label=f"{_LABELS[name]} (histogram)")
        # the scores take few distinct values, so the histogram is spiky: add a smoothed
        # density (Gaussian kernel over the bins, bandwidth 2 bins)
        k = np.exp(-0.5 * (np.arange(-8, 9) / 2.0) ** 2)
        smooth = np.convolve(dens, k / k.sum(), mode="same")
        ax.plot(0.5 * (edges[1:] + edges[:-1]), smooth, color=_COLORS[name], lw=2,
                label=f"{_LABELS[name]} (smoothed, bw {2 * np.diff(edges)[0]:.2f})")
        ax.axvline(result["scores"][name]["mean"], color=_COLORS[name], ls="--", lw=1)
    n = result["scores"]["bcubed_f"]["n"]
    _finish_score_figure(fig, ax, path, _stats_text(result["scores"]),
                         f"Section 3.4: all truth x prediction pairs of 14 items (N = {n:,})",
                         legend_loc="upper left")


def fig_section_3_4_swaps(result: Dict[str, Any], path: str) -> None:
    """Fig. 4: distribution of the per-truth fraction of swapped prediction pairs."""
    fig = _figure()
    ax = fig.add_subplot(1, 1, 1)
    h = result["swap_fraction"]["histogram"]
    counts = np.asarray(h["counts"], dtype=float)
    edges = np.linspace(h["range"][0], h["range"][1], h["bins"] + 1)
    ax.stairs(100.0 * counts / counts.sum(), edges, fill=True, color="#9467bd", alpha=0.6)
    s = result["swap_fraction"]
    ax.axvline(s["mean"], color="black", ls="--", lw=1)
    tau = result["kendall_tau_b"]
    lines = [("truths", f"{s['n']:,}"), ("mean", f"{s['mean']:.4f}"), ("sd", f"{s['sd']:.4f}"),
             ("min", f"{s['min']:.4f}"), ("median", f"{s['median']:.4f}"),
             ("max", f"{s['max']:.4f}"), ("all pairs", f"{result['swapped_share']:.4f}"),
             ("tau-b mean", f"{tau['mean']:.4f}"), ("tau-b sd", f"{tau['sd']:.4f}")]
    ax.text(0.02, 0.97, "\n".join(f"{k:<11}{v:>8}" for k, v in lines),
            transform=ax.transAxes, ha="left", va="top", family="monospace", fontsize=8,
            bbox={"boxstyle": "round", "fc": "white", "ec": "0.7"})
    ax.set_xlabel("fraction of prediction pairs swapped between BCubed and ELM")
    ax.set_ylabel("% of truths")
    ax.set_title("Section 3.4: swapped pairs per truth (14 items, 8,192 predictions each)",
                 fontsize=10)
    fig.tight_layout()
    _save(fig, path)


def fig_entropy_vs_swaps(data: Dict[str, np.ndarray], result: Dict[str, Any], path: str) -> None:
    """Entropy (bits) of each truth against its fraction of swapped pairs."""
    fig = _figure(6.5, 4.5)
    ax = fig.add_subplot(1, 1, 1)
    ax.scatter(data["entropy"], data["fraction"], s=3, alpha=0.3, color="#2ca02c",
               edgecolors="none", rasterized=False)
    r = result["entropy_vs_swaps"]["pearson"]
    ax.set_xlabel("entropy of the truth (bits)")
    ax.set_ylabel("fraction of prediction pairs swapped")
    ax.set_title(f"Section 3.4: entropy of the truth vs swaps (Pearson r = {r:.3f})",
                 fontsize=10)
    fig.tight_layout()
    _save(fig, path)


@matplotlib_defaults
def write_figures(res: Dict[str, Any], out_dir: str, names: Dict[str, str]) -> Dict[str, str]:
    """Write all figures into ``out_dir``; returns {key: file name} (relative)."""
    os.makedirs(out_dir, exist_ok=True)
    s22, s34 = res["section_2_2"], res["section_3_4"]
    fig_section_2_2(s22["data"], s22["result"], os.path.join(out_dir, names["fig2"]))
    fig_section_3_4_scores(s34["result"], os.path.join(out_dir, names["fig3"]))
    fig_section_3_4_swaps(s34["result"], os.path.join(out_dir, names["fig4"]))
    fig_entropy_vs_swaps(s34["data"], s34["result"], os.path.join(out_dir, names["entropy"]))
    return dict(names)
