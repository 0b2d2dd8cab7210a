"""Rendering: jinja2 templates (``templates/``) and the stylesheet and script (``static/``).

Every page is a static file that works from ``file://``: the stylesheet and the script sit
beside it in ``static/`` (no server, no network, no framework), the findings and their
drawings are in the page.  Same data -> the same bytes.
"""
from __future__ import annotations

import importlib.resources
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, Mapping, Sequence, Tuple

from ...output import write_text
from ...results.model import SYMBOLS
from .model import HeatMap

__all__ = ["render", "write_page", "write_static", "markdown_inline", "heatmap_context",
           "STATIC"]

#: The folder of the stylesheet and the script, beside the pages.
STATIC = "static"
_FILES = ("report.css", "report.js")
_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_LINK = re.compile(r"\[([^\]]+)\]\((https?://[^)\s]+)\)")


def markdown_inline(text: str) -> Any:
    """The inline Markdown of the judgements and bug notes (``**bold**``, ``code``,
    ``[text](https://...)``) as escaped HTML."""
    from markupsafe import Markup, escape

    html = str(escape(text))
    html = _CODE.sub(r"<code>\1</code>", html)
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    html = _LINK.sub(r'<a href="\2">\1</a>', html)
    return Markup(html)


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return "" if value is None else str(value)


@lru_cache(maxsize=1)
def _environment() -> Any:
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("metricprops.report.html", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    env.filters["md"] = markdown_inline
    env.filters["number"] = _number
    return env


def render(template: str, **context: Any) -> str:
    """One page from ``template`` (``nav``, ``title``, ``subtitle`` and ``static`` default
    to none, the page's own title, none and ``static/``)."""
    context.setdefault("nav", [])
    context.setdefault("subtitle", "")
    context.setdefault("static", STATIC + "/")
    context.setdefault("symbols", SYMBOLS)
    for key in ("bugs", "judged"):
        context.setdefault(key, [])
    return _environment().get_template(template).render(**context)


def write_static(folder: Path) -> None:
    """The stylesheet and the script, into ``folder/static/``."""
    source = importlib.resources.files("metricprops.report.html") / STATIC
    for name in _FILES:
        write_text(folder / STATIC / name, (source / name).read_text(encoding="utf-8"))


def write_page(path: Path, template: str, **context: Any) -> Path:
    write_text(path, render(template, **context))
    return path


def heatmap_context(heatmap: HeatMap, title: str, subtitle: str,
                    nav: Sequence[Tuple[str, str]] = (),
                    bugs: Sequence[Mapping[str, str]] = (),
                    judged: Sequence[Tuple[str, str]] = (),
                    covers: bool = False) -> Dict[str, Any]:
    """The context of ``heatmap.html.j2`` (``covers``: the findings are pairs of covers,
    drawn as membership grids)."""
    out: Dict[str, Any] = {"map": heatmap, "title": title, "subtitle": subtitle,
                           "nav": list(nav), "bugs": list(bugs), "judged": list(judged),
                           "covers": covers}
    return out
