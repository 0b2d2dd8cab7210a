"""Figures are drawn under matplotlib's defaults, whatever style the process has set (cdlib and
networkit set a seaborn-like one when imported, before the third-party report draws)."""
from __future__ import annotations

from pathlib import Path

import pytest

from metricprops.results.model import AuditResult, CheckResult

matplotlib = pytest.importorskip("matplotlib")

STYLE = {"axes.grid": True, "axes.facecolor": "0.9", "font.size": 14.0, "lines.linewidth": 4.0}


def _draw_both(tmp_path: Path) -> list:
    from metricprops.report.graph_figure import draw_counterexample
    from metricprops.report.heatmap import audit_heatmap

    audit = AuditResult(seed=1, results=[CheckResult("elm_f", "zero_score", "passed"),
                                         CheckResult("bcubed_f", "zero_score", "failed")])
    return [audit_heatmap(audit, tmp_path / "heatmap.png").read_bytes(),
            draw_counterexample([0, 0, 1, 1], [0, 1, 1, 2], tmp_path / "graph.png").read_bytes()]


@pytest.mark.slow  # renders two figures twice
def test_a_style_set_in_the_process_changes_no_figure(tmp_path: Path) -> None:
    plain = _draw_both(tmp_path / "plain")
    with matplotlib.rc_context(STYLE):
        styled = _draw_both(tmp_path / "styled")
        # the process's style is left as it was set
        assert matplotlib.rcParams["axes.grid"] is True
        assert matplotlib.rcParams["font.size"] == 14.0
    assert styled == plain
