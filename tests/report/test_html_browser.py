"""The HTML report in a real browser: headless Chromium (the system's package, driven with
selenium) opens the pages from file://, a click on a cell shows its finding and its drawing,
the filters hide what they should, nothing is logged to the console, and a screenshot of each
page shows the heat map's colours.

Needs ``chromium`` and ``chromedriver`` (Debian: ``apt-get install chromium
chromium-driver``): missing, the tests fail under CI=true and are skipped elsewhere, saying so.
"""
from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from metricprops.report.html import write_audit_html, write_site

REPORTS = Path(__file__).resolve().parents[2] / "reports"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,900")
FAILED_RGB = (0xD7, 0x30, 0x27)  # a failed cell (report.css --failed)
PASSED_RGB = (0x1A, 0x98, 0x50)


def _missing() -> str:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        return "no chromium on PATH (apt-get install chromium chromium-driver)"
    if not shutil.which("chromedriver"):
        return "no chromedriver on PATH (apt-get install chromium-driver)"
    return ""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    why = _missing()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test needs Chromium in CI: {why}")
        pytest.skip(f"browser test skipped: {why}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    profile = tempfile.mkdtemp(prefix="metricprops-chromium-")
    for flag in FLAGS + (f"--user-data-dir={profile}",):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _open(driver: Any, page: Path) -> None:
    driver.get(page.resolve().as_uri())
    driver.get_log("browser")  # start each page with an empty console


def _no_console_error(driver: Any) -> None:
    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert errors == []


def _screenshot_shows(driver: Any, path: Path, *colours: tuple) -> None:
    """Save a screenshot; it is not blank and holds each of ``colours`` (RGB)."""
    from PIL import Image

    png = driver.get_screenshot_as_png()
    path.write_bytes(png)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    found = {rgb for _, rgb in image.getcolors(maxcolors=1 << 20)}
    assert len(found) > 20, "a blank page"
    for colour in colours:
        assert any(all(abs(a - b) <= 6 for a, b in zip(colour, rgb)) for rgb in found), colour


def _click_first(driver: Any, status: str) -> Any:
    from selenium.webdriver.common.by import By

    cell = driver.find_element(By.CSS_SELECTOR, f"#heatmap td[data-status='{status}']")
    cell.click()
    return driver.find_element(By.ID, "finding")


def _visible_rows(driver: Any) -> list:
    from selenium.webdriver.common.by import By
    return [r for r in driver.find_elements(By.CSS_SELECTOR, "#heatmap tbody tr")
            if r.is_displayed()]


@pytest.mark.slow  # starts a browser and renders the committed reports
def test_report_pages_in_chromium(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    for name in ("README.md", "audit.json", "third-party.json", "goesgens-2021.json",
                 "overlapping.json"):
        shutil.copy(REPORTS / name, tmp_path / name)
    shutil.copytree(REPORTS / "elm-paper", tmp_path / "elm-paper")
    site = write_site(tmp_path).parent
    for page in ("index.html", "papers.html"):
        _open(browser, site / page)
        _screenshot_shows(browser, tmp_path / f"{page}.png")
        _no_console_error(browser)
    images = browser.find_elements(By.CSS_SELECTOR, "figure img")
    assert images and all(browser.execute_script("return arguments[0].naturalWidth", img) > 0
                          for img in images)  # the ELM figures load from disk

    _open(browser, site / "audit.html")
    panel = _click_first(browser, "failed")
    assert "truth:" in panel.text and "replay: metricprops audit" in panel.text
    drawn = panel.find_elements(By.CSS_SELECTOR, "svg.clique-graph circle.item")
    assert drawn and drawn[0].is_displayed()
    _screenshot_shows(browser, tmp_path / "audit.png", FAILED_RGB, PASSED_RGB)
    every = len(_visible_rows(browser))
    Select(browser.find_element(By.ID, "filter-family")).select_by_visible_text("coreference")
    rows = _visible_rows(browser)
    assert 0 < len(rows) < every
    assert {r.get_attribute("data-family") for r in rows} == {"coreference"}
    Select(browser.find_element(By.ID, "filter-family")).select_by_index(0)
    browser.find_element(By.CSS_SELECTOR, "input[name=status][value=passed]").click()
    shown = browser.find_elements(By.CSS_SELECTOR, "#heatmap td[data-key]:not(.off)")
    assert shown and {c.get_attribute("data-status") for c in shown} >= {"failed"}
    assert "passed" not in {c.get_attribute("data-status") for c in shown}
    _no_console_error(browser)

    _open(browser, site / "overlapping.html")
    panel = _click_first(browser, "failed")
    assert "truth:" in panel.text and "replay: metricprops audit" in panel.text
    boxes = panel.find_elements(By.CSS_SELECTOR, "svg.clique-graph rect.disc")
    assert boxes and boxes[0].is_displayed()  # the covers' clusters, drawn
    _screenshot_shows(browser, tmp_path / "overlapping.png", FAILED_RGB, PASSED_RGB)
    _no_console_error(browser)
    _open(browser, site / "index.html")
    assert browser.find_elements(By.CSS_SELECTOR, "nav a[href='overlapping.html']")

    _open(browser, site / "third-party.html")
    bugs = browser.find_element(By.ID, "bugs")
    assert bugs.location["y"] < browser.find_element(By.ID, "heatmap").location["y"]
    assert not browser.find_element(By.CSS_SELECTOR, "#judged dl").is_displayed()  # collapsed
    Select(browser.find_element(By.ID, "filter-library")).select_by_visible_text("clusim")
    assert {r.get_attribute("data-library") for r in _visible_rows(browser)} == {"clusim"}
    _screenshot_shows(browser, tmp_path / "third-party.png", FAILED_RGB)
    _no_console_error(browser)


@pytest.mark.slow  # starts a browser
def test_one_audit_page_in_chromium(browser: Any, tmp_path: Path) -> None:
    import json

    from selenium.webdriver.common.by import By

    audit = json.loads((REPORTS / "audit.json").read_text(encoding="utf-8"))
    audit["results"] = [r for r in audit["results"] if r["metric"] in ("elm_f", "bcubed_f")]
    page = write_audit_html(audit, tmp_path / "html")
    _open(browser, page)
    panel = _click_first(browser, "failed")
    assert "truth:" in panel.text
    assert panel.find_elements(By.CSS_SELECTOR, "svg.clique-graph line")
    assert len(_visible_rows(browser)) == 2
    _screenshot_shows(browser, tmp_path / "audit.png", FAILED_RGB, PASSED_RGB)
    _no_console_error(browser)
