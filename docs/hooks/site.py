"""mkdocs hooks of the documentation site (``mkdocs.yml``).

* The committed reports (``reports/``, beside ``docs/``) become pages of the site under
  ``reports/``, as they are -- Markdown rendered, figures and JSON copied -- with a "Reports"
  section of the navigation listing every one of them, so the site links them and a strict
  build checks their links too.
* The docstrings' cross-reference roles (``:func:`name```, numpydoc's Sphinx spelling) are
  shown as the code they name, without the role.
"""
from __future__ import annotations

import re
from pathlib import Path

from mkdocs.structure.files import File, Files

REPORTS = Path(__file__).resolve().parents[2] / "reports"
_ROLE = re.compile(r":(?:func|class|mod|meth|data|attr|exc|obj):<code>~?([^<]*)</code>")


def _pages():
    pages = sorted(REPORTS.rglob("*.md"), key=lambda p: (p.name != "README.md", len(p.parts), p))
    return ["reports/" + p.relative_to(REPORTS).as_posix() for p in pages]


def on_config(config):
    nav = [entry for entry in config["nav"] if "Reports" not in entry]
    pages = _pages()
    config["nav"] = nav + [{"Reports": [{"Index": pages[0]}] + pages[1:]}]
    return config


def on_files(files: Files, config) -> Files:
    for path in sorted(REPORTS.rglob("*")):
        if path.is_file():
            uri = "reports/" + path.relative_to(REPORTS).as_posix()
            files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files


def on_page_content(html: str, page, config, files) -> str:
    return _ROLE.sub(lambda m: f"<code>{m.group(1)}</code>", html)
