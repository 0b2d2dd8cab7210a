"""The closed-forms and ELM-paper sections of ``reports/``."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from ..output import write_text

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


#: The metrics whose Theorem 3 gap (ELM paper) is proved for every m.
THEOREM3_METRICS = ("elm_f", "bcubed_f")


def theorem3_gaps(metrics: Sequence[str] = THEOREM3_METRICS,
                  m_min: int = 3) -> List[Dict[str, Any]]:
    """``metric(H1) − metric(H2)`` on the Theorem 3 family, as a closed form in m, with its
    sign for every m >= ``m_min`` (1, 0, -1, or None when undecided)."""
    from ..symbolic import theorem3_gap

    gaps = []
    for name in metrics:
        gap, sign = theorem3_gap(name, m_min=m_min)
        gaps.append({"metric": name, "gap": str(gap), "sign": sign, "m_min": m_min})
    return gaps


def closed_forms_document(results: Sequence[Any], max_k: int,
                          gaps: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    """The closed-forms JSON document (schema 1), for the report and ``closed-forms --json``."""
    counts = {s: sum(r.status == s for r in results)
              for s in ("proved", "checked numerically", "refuted", "error")}
    return {"schema": 1, "max_k": max_k, "summary": counts,
            "results": [r.to_json() for r in results], "theorem3": list(gaps)}


def write_closed_forms(out: Path, max_k: int = 6,
                       command: str = "metricprops report") -> Dict[str, Any]:
    """Write ``closed-forms.md`` and ``closed-forms.json``; ``command`` is the regeneration
    command the Markdown names."""
    from ..symbolic import check_catalog

    results = check_catalog(max_k=max_k)
    gaps = theorem3_gaps()
    doc = closed_forms_document(results, max_k, gaps)
    counts = doc["summary"]
    write_text(out / "closed-forms.json", json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
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
    lines += ["", f"Regenerate with `{command}` (`metricprops closed-forms` prints the same "
              "table and `--json PATH` writes its JSON)."]
    write_text(out / "closed-forms.md", "\n".join(lines) + "\n")
    return doc


def write_elm_paper_outputs(res: Dict[str, Any], folder: Path,
                            json_path: Optional[Path] = None) -> Dict[str, str]:
    """Write the figures and ``elm-paper.md`` of a reproduction into ``folder``, and its JSON to
    ``json_path`` (if given); return the figure files.  The files are the same whichever
    command writes them (``metricprops report`` or ``metricprops reproduce elm-paper``)."""
    from ..reproduce import elm_paper, elm_paper_text
    from ..reproduce.figures import write_figures

    Path(folder).mkdir(parents=True, exist_ok=True)
    figures = write_figures(res, str(folder), elm_paper.FIGURES)
    write_text(Path(folder) / "elm-paper.md",
               elm_paper_text.render_markdown(res, figures))
    if json_path is not None:
        write_text(json_path, elm_paper_text.to_json(res, figures))
    return figures


def write_elm_paper(out: Path, *, quick: bool = False) -> Dict[str, Any]:
    """Run the ELM paper reproduction into ``out/elm-paper/`` (Markdown, JSON, figures)."""
    from ..reproduce import elm_paper

    folder = out / "elm-paper"
    res = elm_paper.run(quick=quick)
    write_elm_paper_outputs(res, folder, folder / "elm-paper.json")
    return res
