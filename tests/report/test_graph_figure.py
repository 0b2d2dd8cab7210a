"""Drawing partitions as clique graphs (``metricprops.report.graph_figure``).

Rendering figures (matplotlib) is part of building the reports: these tests run in the slow
lane, with the report build."""
from __future__ import annotations

from pathlib import Path

import pytest

from metricprops.errors import LengthMismatchError
from metricprops.report.graph_figure import draw_counterexample, draw_theorem3

FIGURE = Path(__file__).resolve().parents[2] / "reports" / "figures" / "counterexample_graph.png"

pytestmark = pytest.mark.slow


def test_draw_counterexample_is_deterministic(tmp_path):
    a = draw_counterexample([0, 0, 1, 1, 1], [0, 1, 1, 2, 2], tmp_path / "a.png",
                            other=[0, 0, 1, 1, 2], title="test")
    b = draw_counterexample([0, 0, 1, 1, 1], [0, 1, 1, 2, 2], tmp_path / "b.png",
                            other=[0, 0, 1, 1, 2], title="test")
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    c = draw_counterexample([0, 0, 1], [0, 1, 2], tmp_path / "sub" / "c.png", layout="spring")
    d = draw_counterexample([0, 0, 1], [0, 1, 2], tmp_path / "sub" / "d.png", layout="spring")
    assert c.read_bytes() == d.read_bytes()
    with pytest.raises(LengthMismatchError):
        draw_counterexample([0, 0, 1], [0, 1], tmp_path / "e.png")


def test_committed_figure_is_regenerated_by_draw_theorem3(tmp_path):
    assert FIGURE.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = draw_theorem3(tmp_path / "t3.png", m=3)
    assert out.stat().st_size > 10_000
