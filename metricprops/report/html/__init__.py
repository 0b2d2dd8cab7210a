"""The HTML report: static pages with the heat map and each cell's finding, drawn.

* :func:`write_audit_html` -- one audit (``metricprops audit ... --html DIR``);
* :func:`write_site` -- ``reports/html/`` from the committed reports' JSON
  (``metricprops report``, or ``metricprops report --html-only`` without auditing again).

The pages work offline from ``file://``: a stylesheet and a script beside them, the findings
and their clique-graph drawings (SVG) inside them; the same data gives the same bytes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Optional

from .model import heatmap_page, plain_library, replay_words
from .pages import heatmap_context, write_page, write_static
from .site import FOLDER, write_site

__all__ = ["write_audit_html", "write_site", "FOLDER"]


def write_audit_html(audit: Any, folder: Any, *, title: str = "metricprops audit",
                     replay: Optional[Callable[[str, str], str]] = None,
                     target: Optional[Mapping[str, str]] = None) -> Path:
    """Write ``folder/index.html`` (and ``folder/static/``) for one audit.

    Parameters
    ----------
    audit : AuditResult or dict
        The audit, or its JSON form (schema 1).
    folder : str or Path
        Output folder (created).
    replay : callable, optional
        ``replay(metric, constraint)``: the command that replays a pair (default:
        ``metricprops audit TARGET -c CONSTRAINT`` with the audit's budget and seed).
    target : mapping, optional
        Metric name -> the TARGET word that names it on the command line.

    Returns
    -------
    Path
        The written ``index.html``.
    """
    report = audit.to_json() if hasattr(audit, "to_json") else dict(audit)
    settings, seed = report.get("settings", {}), report["seed"]
    names = dict(target or {})
    heatmap = heatmap_page(
        report, library=plain_library,
        replay=replay or (lambda m, c: replay_words(m, c, settings, seed, names.get(m))))
    out = Path(folder)
    write_static(out)
    subtitle = (f"Seed {seed}; every instance with at most {settings.get('exhaustive_n')} "
                f"items, then {settings.get('max_examples')} random instances of up to "
                f"{settings.get('max_items')} items per pair.")
    return write_page(out / "index.html", "heatmap.html.j2",
                      **heatmap_context(heatmap, title, subtitle))
