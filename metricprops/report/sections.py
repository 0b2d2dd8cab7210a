"""The closed-forms and ELM-paper sections of ``reports/``."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

CLOSED_FORMS_GUIDE = """\
**How to read this report.** Each row is a closed form of a built-in metric on a family of
predictions, as a function of the true block sizes s_1..s_k (N = Σ s_i). *proved*: the metric's
own formula, evaluated symbolically, simplifies to the form (scope says for which k, and
whether the general-k sum was proved too); *checked numerically*: the metric has no symbolic
form (it needs a per-block maximum or a hypergeometric expectation) and the form was compared
with exact values on concrete sizes; *refuted*: a concrete substitution where the two differ.
"""


def _md_cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def write_closed_forms(out: Path, max_k: int = 6) -> Dict[str, Any]:
    """Write ``closed-forms.md`` and ``closed-forms.json``."""
    from ..symbolic import check_catalog, theorem3_gap

    results = check_catalog(max_k=max_k)
    counts = {s: sum(r.status == s for r in results)
              for s in ("proved", "checked numerically", "refuted", "error")}
    gaps: List[Dict[str, Any]] = []
    for name in ("elm_f", "bcubed_f"):
        gap, sign = theorem3_gap(name, m_min=3)
        gaps.append({"metric": name, "gap": str(gap), "sign": sign, "m_min": 3})
    doc = {"schema": 1, "max_k": max_k, "summary": counts,
           "results": [r.to_json() for r in results], "theorem3": gaps}
    out.mkdir(parents=True, exist_ok=True)
    (out / "closed-forms.json").write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n",
                                           encoding="utf-8")
    lines = ["# Closed forms of the built-in metrics", "", CLOSED_FORMS_GUIDE,
             "Summary: " + ", ".join(f"{v} {k}" for k, v in counts.items()) + ".", "",
             "| status | metric | prediction | closed form | condition | scope / reason |",
             "|---|---|---|---|---|---|"]
    for r in results:
        j = r.to_json()
        lines.append("| " + " | ".join(_md_cell(x) for x in (
            j["status"], j["metric"], j["prediction"], f"`{j['expression']}`",
            j["condition"] or "", j["scope"] if j["status"] == "proved" else j["reason"])) + " |")
    lines += ["", "## Theorem 3 (cluster size vs. quantity)", ""]
    for g in gaps:
        verdict = {1: "> 0 (proved)", 0: "= 0", -1: "< 0", None: "undecided"}[g["sign"]]
        lines.append(f"- {g['metric']}(H1) − {g['metric']}(H2) = `{g['gap']}` {verdict} for "
                     f"every m ≥ {g['m_min']} (H1: big block split into m and 1, as in the paper)")
    lines += ["", "Regenerate with `metricprops report` (or `metricprops closed-forms`)."]
    (out / "closed-forms.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return doc


def write_elm_paper(out: Path, *, quick: bool = False) -> Dict[str, Any]:
    """Run the ELM paper reproduction into ``out/elm-paper/`` (Markdown, JSON, figures)."""
    from ..reproduce import elm_paper
    from ..reproduce.figures import write_figures

    folder = out / "elm-paper"
    folder.mkdir(parents=True, exist_ok=True)
    res = elm_paper.run(quick=quick)
    figures = write_figures(res, str(folder), elm_paper.FIGURES)
    (folder / "elm-paper.md").write_text(elm_paper.render_markdown(res, figures), encoding="utf-8")
    (folder / "elm-paper.json").write_text(elm_paper.to_json(res, figures), encoding="utf-8")
    return res
