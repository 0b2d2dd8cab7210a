"""Set-matching metrics: purity, inverse purity and the F-measure.

Purity (Zhao & Karypis; Manning et al. IIR 16.3) matches each predicted block with the true
class it shares most items with: purity = (1/n) Σ_j max_i n_ij.  On the 17-item IIR example it
is (5 + 4 + 3)/17 ≈ 0.7059.  Inverse purity swaps the roles: (1/n) Σ_i max_j n_ij.

These need a per-block maximum, so they are numeric only (no symbolic form).
"""
from __future__ import annotations

from typing import Any

from .base import Metric
from .stats import cached

IIR = ("Manning, C. D., Raghavan, P. & Schütze, H. (2008). Introduction to Information "
       "Retrieval, section 16.3 (purity).")
AMIGO = ("Amigó, E., Gonzalo, J., Artiles, J. & Verdejo, F. (2009). A comparison of extrinsic "
         "clustering evaluation metrics based on formal constraints. Information Retrieval 12(4).")
LARSEN = ("Larsen, B. & Aone, C. (1999). Fast and effective text mining using linear-time "
          "document clustering. KDD; van Rijsbergen, C. J. (1979). Information Retrieval.")

_CONV = {
    "empty": "error (EmptyInputError)",
    "single_item": "1.0",
    "no_pairs": "not special (no 0/0 arises)",
}


@cached  # shared with the F formulas of the same table
def purity_formula(t: Any) -> Any:
    """Purity (1/n) Σ_j max_i |H_j ∩ T_i|: each predicted block scored by its majority class."""
    best = t.ops.segment_max(t.cell_n, t.cell_col, len(t.b))
    return t.ops.sum(best) / t.n


@cached  # shared with the F formulas of the same table
def inverse_purity_formula(t: Any) -> Any:
    """Inverse purity (1/n) Σ_i max_j |T_i ∩ H_j|: each true class scored by its best block."""
    best = t.ops.segment_max(t.cell_n, t.cell_row, len(t.a))
    return t.ops.sum(best) / t.n


def purity_f_formula(t: Any) -> Any:
    """Harmonic mean of purity and inverse purity (both are always > 0)."""
    p, ip = purity_formula(t), inverse_purity_formula(t)
    return t.ops.ratio(2 * p * ip, p + ip, 0)


def f_measure_formula(t: Any) -> Any:
    """Larsen F-measure Σ_i (|T_i|/n) max_j F(T_i, H_j), F(T, H) = 2|T ∩ H| / (|T| + |H|)."""
    f = 2 * t.cell_n / (t.cell_a + t.cell_b)
    best = t.ops.segment_max(f, t.cell_row, len(t.a))
    return t.ops.sum(best * t.a) / t.n


purity = Metric(name="purity", formula=purity_formula, bounds=(0.0, 1.0), perfect=1.0,
                symmetric=False, citation=IIR,
                conventions={**_CONV, "single_block": "one-block prediction: max_i a_i / n",
                             "all_singletons": "all-singletons prediction: 1.0 (purity's "
                                               "known weakness)"})
inverse_purity = Metric(name="inverse_purity", formula=inverse_purity_formula, bounds=(0.0, 1.0),
                        perfect=1.0, symmetric=False, citation=AMIGO,
                        conventions={**_CONV, "single_block": "one-block prediction: 1.0",
                                     "all_singletons": "all-singletons prediction: k_true / n"})
purity_f = Metric(name="purity_f", formula=purity_f_formula, bounds=(0.0, 1.0), perfect=1.0,
                  symmetric=True, citation=AMIGO,
                  conventions={**_CONV, "single_block": "well defined",
                               "all_singletons": "well defined"})
f_measure = Metric(name="f_measure", formula=f_measure_formula, bounds=(0.0, 1.0), perfect=1.0,
                   symmetric=False, citation=LARSEN,
                   conventions={**_CONV, "single_block": "well defined",
                                "all_singletons": "well defined"})

METRICS = (purity, inverse_purity, purity_f, f_measure)
