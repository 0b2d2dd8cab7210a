"""Gösgens, Tikhonov & Prokhorenkova (ICML 2021): the indices × properties table we compare with.

**Provenance.**  The body of the paper (its Table of properties, the definitions' exact
wording and the appendix's proofs) was not available to us; its abstract and opening were.
The reference table below is therefore a *reconstruction*, and every cell says where it comes
from:

* ``"text"`` -- follows from a sentence of the paper we could read: "only two [indices] have
  all the properties except for being a distance: Correlation Coefficient and Sokal &
  Sneath's first index", and the correlation distance "has all the properties except
  constant baseline, which is still satisfied asymptotically";
* ``"computed"`` -- an independent exhaustive check of every pair and triple of partitions of
  up to six items, with the index formulas of the authors' code (``MartijnGosgens/
  validation_indices``), not this library; the property as the issue states it.

``"n/a"``: the property is defined for pair-counting indices only (strong monotonicity,
asymptotic constant baseline) in the reconstruction.  Minimal agreement is read on the four
pair counts for the pair-counting indices (N11 = N00 = 0) and on partitions for the others,
with the reconstruction's c_min allowed to depend on n (see the notes).
"""
from __future__ import annotations

from typing import Dict, Tuple

__all__ = ["INDICES", "PROPERTIES", "PAPER", "PAPER_NOTES", "TEXT_QUOTE", "NOT_RECONSTRUCTED"]

#: The paper's indices: (its abbreviation, our built-in, what the built-in is).
INDICES: Tuple[Tuple[str, str, str], ...] = (
    ("NMI", "nmi", "MI / arithmetic mean of the entropies"),
    ("NMI_max", "nmi_max", "MI / max of the entropies"),
    ("FNMI", "fair_nmi", "Fair NMI: NMI × exp(−|k_A − k_B| / k_A)"),
    ("VI", "vi", "variation of information (a distance)"),
    ("SMI", "smi", "standardized MI (Romano et al. 2014)"),
    ("FMeas", "purity_f", "the authors' FMeasure: harmonic mean of purity and inverse purity"),
    ("BCub", "bcubed_f_amigo", "BCubed: harmonic mean of mean precision and mean recall"),
    ("AMI", "ami", "adjusted MI, arithmetic mean (scikit-learn's default)"),
    ("AMI_geo", "ami_geometric", "adjusted MI, geometric mean (the AMI of the authors' code)"),
    ("R", "rand", "Rand"),
    ("AR", "adjusted_rand", "adjusted Rand"),
    ("J", "jaccard", "Jaccard on pairs"),
    ("W", "pair_recall", "Wallace N11 / (N11 + N10): pair recall"),
    ("D", "pair_f", "Dice 2 N11 / (2 N11 + N10 + N01): pair F1"),
    ("CC", "pearson_cc", "correlation coefficient of the pair indicators"),
    ("S&S1", "sokal_sneath_1", "Sokal & Sneath's first index"),
    ("CD", "correlation_distance", "correlation distance arccos(CC) / π (a distance)"),
)

#: The paper's properties: (its name, our constraint).
PROPERTIES: Tuple[Tuple[str, str], ...] = (
    ("Max. agreement", "max_agreement"),
    ("Min. agreement", "minimal_agreement"),
    ("Symmetry", "symmetry"),
    ("Distance", "distance"),
    ("Monotonicity", "monotonicity"),
    ("Strong monotonicity", "strong_monotonicity"),
    ("Constant baseline", "constant_baseline"),
    ("Asympt. constant baseline", "asymptotic_constant_baseline"),
    ("Linear complexity", "scaling"),
)

TEXT_QUOTE = ("\"We formally prove that among dozens of known indices, only two have all the "
              "properties except for being a distance: Correlation Coefficient and Sokal & "
              "Sneath's first index [...] The correlation coefficient has an additional "
              "advantage of being easily convertible to a distance measure via the arccosine "
              "function. The obtained index has all the properties except constant baseline, "
              "which is still satisfied asymptotically.\"")

_ROWS = {
    # property: one entry per index in INDICES order: y / n / - (n/a), + "*" when "text"
    # (AMI and AMI_geo: one formula in the reconstruction, the authors' code's geometric one)
    "max_agreement": "y y y y n y y y y y y y n y y* y* y*",
    "minimal_agreement": "n n n n n y y n n y n n n n y y y",
    "symmetry": "y y n y y y y y y y y y n y y* y* y*",
    "distance": "n y n y n n n n n y n y n n n* n* y*",
    "monotonicity": "y n n y n n y n n y y n n n y* y* y*",
    "strong_monotonicity": "- - - - - - - - - y n n n n y y y",
    "constant_baseline": "n n n n y n n y y n y n n n y* y* n*",
    "asymptotic_constant_baseline": "- - - - - - - - - n y n n n y y y*",
    # not reconstructed: the text we could read says nothing of it, and enumerating small
    # partitions cannot compute it (our column: the declared complexity, timed by scaling)
    "scaling": "- - - - - - - - - - - - - - - - -",
}

_VALUE = {"y": "yes", "n": "no", "-": "n/a"}
#: Columns of the paper's table the reconstruction leaves empty (said in the report).
NOT_RECONSTRUCTED = ("scaling",)


def _cells() -> Dict[Tuple[str, str], Dict[str, str]]:
    cells = {}
    for prop, row in _ROWS.items():
        for (index, _, _), mark in zip(INDICES, row.split()):
            source = ("not reconstructed" if prop in NOT_RECONSTRUCTED else
                      "text" if mark.endswith("*") else "computed")
            cells[(index, prop)] = {"value": _VALUE[mark[0]], "source": source}
    return cells


#: (paper index, our constraint) -> {"value": yes / no / n/a, "source": text / computed}
PAPER: Dict[Tuple[str, str], Dict[str, str]] = _cells()

#: What the reconstruction says about some cells (its own caveats).
PAPER_NOTES: Dict[Tuple[str, str], str] = {
    ("FMeas", "minimal_agreement"): "the minimum is reached only by the one-block / "
        "all-singletons pair, but it is 2/(n + 1): a yes only if c_min may depend on n",
    ("BCub", "minimal_agreement"): "the minimum is reached only by the one-block / "
        "all-singletons pair, but it is 2/(n + 1): a yes only if c_min may depend on n",
    ("VI", "minimal_agreement"): "its worst value log n grows with n, and at n = 4 and 6 "
        "non-trivial pairs reach it too",
    ("J", "monotonicity"): "fails only by flat steps at N11 = 0 (J = 0 before and after)",
    ("D", "monotonicity"): "fails only by flat steps at N11 = 0 (D = 0 before and after)",
    ("CC", "minimal_agreement"): "on the four counts: CC = −1 exactly when N11 = N00 = 0 "
        "(undefined, 0/0, on the one-block / all-singletons pair itself); the quoted "
        "sentence supports a yes if minimal agreement is among 'the properties'",
    ("S&S1", "minimal_agreement"): "on the four counts: S&S1 = 0 exactly when N11 = N00 = 0",
    ("CD", "minimal_agreement"): "on the four counts: CD = 1 exactly when N11 = N00 = 0",
}
