"""The two outcomes of a proof attempt (see :func:`metricprops.symbolic.evidence.prove`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional

__all__ = ["Proof", "FailedProof"]


@dataclass(frozen=True)
class Proof:
    """A constraint proved for every number of items.

    Attributes
    ----------
    metric, constraint : str
        Names.
    statement : str
        What is proved, with the region it is proved over.
    method : str
        How (which formula, which decision procedure or known inequality).
    """

    metric: str
    constraint: str
    statement: str
    method: str

    status = "proved"

    def to_json(self) -> Dict[str, Any]:
        return {"status": "proved", "statement": self.statement, "method": self.method}


@dataclass(frozen=True)
class FailedProof:
    """A proof attempt that does not go through (see the module docstring for ``kind``)."""

    metric: str
    constraint: str
    kind: str
    reason: str
    region: Optional[str] = None
    counterexample: Optional[Dict[str, Any]] = None

    status = "not proved"

    def to_json(self) -> Dict[str, Any]:
        return {"status": "not proved", "kind": self.kind, "reason": self.reason,
                "region": self.region, "counterexample": self.counterexample}
