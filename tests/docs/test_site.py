"""The documentation site (``mkdocs.yml``) builds with warnings as errors: the guides of
``docs/``, the API reference generated from the docstrings, the command line's ``--help``
and the committed reports.  A broken link, a page left out of the navigation or a
reference to a name that no longer exists fails the build."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import metricprops

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "reference"


def test_the_reference_documents_every_public_name():
    # mkdocstrings reads the sources, and metricprops loads its names on first use, so the
    # reference names each where it is defined: every public name must be there
    text = (REFERENCE / "metricprops.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^::: metricprops\.[\w.]*?\.?(\w+)$", text, re.M))
    errors = set(metricprops.errors.__all__)
    assert set(metricprops.__all__) - errors <= documented
    assert "::: metricprops.errors" in text
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").glob("*.md")) + sorted(REFERENCE.glob("*.md")):
        assert page.relative_to(ROOT / "docs").as_posix() in nav, page


@pytest.mark.slow  # mkdocs renders every page, the reports and the API reference: seconds
def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("mkdocs", reason="the docs extra is not installed "
                                         "(pip install -e '.[docs]')")
    pytest.importorskip("mkdocstrings")
    site = tmp_path / "site"
    done = subprocess.run(
        # no -q: mkdocs counts the warnings that --strict turns into errors only when it
        # logs them, and -q hides them (a broken link would pass)
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
         str(ROOT / "mkdocs.yml"), "-d", str(site)],
        capture_output=True, text=True, cwd=tmp_path,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    api = (site / "reference" / "metricprops" / "index.html").read_text(encoding="utf-8")
    assert "assert_satisfies" in (site / "reference" / "testing" / "index.html").read_text(
        encoding="utf-8")
    assert "labels_true" in api and ":func:" not in api  # the docstrings, roles shown as code
    cli = (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    from metricprops.cli import main
    assert all(f"metricprops {name}" in cli for name in main.commands), sorted(main.commands)
    assert (site / "reports" / "third-party" / "index.html").is_file()
    assert (site / "reports" / "third-party.json").is_file()
