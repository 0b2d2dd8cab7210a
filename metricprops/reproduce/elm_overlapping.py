"""The ELM paper's overlapping example (section 4), scored by every metric of covers.

The truth has two elements e1, e2 in cluster a; the prediction has e1, e2 in a and e1 also
in a new cluster b.  "Intuitively, the precision for this element should not be 1, as the
prediction added a cluster, but the definition of ELM means that this relation is not
considered": ELM's neighbourhoods leave e out, so on covers (multiplicities of distinct
items only) its precision is 1.  The metrics that compare an element with itself penalise
the extra cluster.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List

from ..covers import Cover
from ..metrics.overlapping import elm_neighbourhoods_only
from ..registry import list_metrics

__all__ = ["run", "render_table", "to_json", "TRUTH", "PRED"]

#: e1 = item 0, e2 = item 1.
TRUTH = Cover.from_clusters([[0, 1]])
PRED = Cover.from_clusters([[0, 1], [0]])


def run() -> Dict[str, Any]:
    """Every score, with whether the extra cluster is penalised (score below perfect)."""
    rows: List[Dict[str, Any]] = []
    p, r = elm_neighbourhoods_only(TRUTH, PRED)
    rows.append({"metric": "elm_precision (e left out, the paper's ELM on covers)",
                 "score": p, "perfect": 1.0})
    rows.append({"metric": "elm_recall (e left out, the paper's ELM on covers)",
                 "score": r, "perfect": 1.0})
    for m in list_metrics():
        if m.input == "cover":
            rows.append({"metric": m.name, "score": float(m(TRUTH, PRED)),
                         "perfect": m.perfect})
    for row in rows:
        row["penalised"] = row["score"] < row["perfect"]
    return {"schema": 1, "truth": TRUTH.notation(), "pred": PRED.notation(), "rows": rows}


def render_table(res: Dict[str, Any]) -> str:
    width = max(len(row["metric"]) for row in res["rows"])
    lines = [f"truth {res['truth']} (e1 = 0, e2 = 1); prediction {res['pred']}", "",
             f"{'metric':<{width}}  score     extra cluster penalised"]
    lines += [f"{row['metric']:<{width}}  {row['score']:.6f}  "
              f"{'yes' if row['penalised'] else 'no'}" for row in res["rows"]]
    return "\n".join(lines)


def to_json(res: Dict[str, Any]) -> str:
    return json.dumps(res, indent=2, ensure_ascii=False) + "\n"
