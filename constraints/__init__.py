"""The constraint catalog, one module per constraint (installed as ``metricprops.constraints``).

Third parties add constraints through the entry-point group ``metricprops.constraints``.
"""
from __future__ import annotations

from .asymptotic_constant_baseline import CONSTRAINT as asymptotic_constant_baseline
from .bounds import CONSTRAINT as bounds
from .completeness import CONSTRAINT as completeness
from .constant_baseline import CONSTRAINT as constant_baseline
from .degenerate import CONSTRAINT as degenerate
from .determinism import CONSTRAINT as determinism
from .distance import CONSTRAINT as distance
from .homogeneity import CONSTRAINT as homogeneity
from .input_immutability import CONSTRAINT as input_immutability
from .label_invariance import CONSTRAINT as label_invariance
from .max_agreement import CONSTRAINT as max_agreement
from .minimal_agreement import CONSTRAINT as minimal_agreement
from .monotonicity import CONSTRAINT as monotonicity
from .multiplicity import MULTIPLICITY_PRECISION as multiplicity_precision
from .multiplicity import MULTIPLICITY_RECALL as multiplicity_recall
from .n_invariance import CONSTRAINT as n_invariance
from .partition_form import CONSTRAINT as partition_form
from .rag_bag import CONSTRAINT as rag_bag
from .scaling import CONSTRAINT as scaling
from .size_vs_quantity import CONSTRAINT as size_vs_quantity
from .special_labels import CONSTRAINT as special_labels
from .strong_monotonicity import CONSTRAINT as strong_monotonicity
from .symmetry import CONSTRAINT as symmetry
from .triangle_inequality import CONSTRAINT as triangle_inequality
from .zero_score import CONSTRAINT as zero_score

#: The six constraints of the ELM paper ("BCubed revisited: elements like me", sections 2-3,
#: after Amigó et al. 2009), in the paper's order.
ELM_PAPER_CONSTRAINTS: tuple = (zero_score, degenerate, homogeneity, completeness, rag_bag,
                                size_vs_quantity)
#: The general properties every audit also reports.
GENERAL_PROPERTIES: tuple = (max_agreement, symmetry, label_invariance, special_labels, bounds,
                             constant_baseline, triangle_inequality, n_invariance,
                             monotonicity, strong_monotonicity, minimal_agreement,
                             asymptotic_constant_baseline, distance,
                             determinism, input_immutability, scaling)
#: Built-in constraints in catalog order (explicit; no discovery at import time).
BUILTIN_CONSTRAINTS: tuple = ELM_PAPER_CONSTRAINTS + GENERAL_PROPERTIES

#: Constraints on covers (overlapping clusterings), apart from the catalog's default list:
#: an audit adds them when it audits a metric of covers (``max_agreement`` has a cover form
#: of its own, :meth:`~metricprops.constraint.Constraint.for_metric`).
COVER_CONSTRAINTS: tuple = (multiplicity_precision, multiplicity_recall, partition_form)

__all__ = ["BUILTIN_CONSTRAINTS", "ELM_PAPER_CONSTRAINTS", "GENERAL_PROPERTIES",
           "COVER_CONSTRAINTS"] + [c.name for c in BUILTIN_CONSTRAINTS + COVER_CONSTRAINTS]
