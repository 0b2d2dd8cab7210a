"""Every bug reproduction of the third-party report runs and still prints the wrong value
(a fixed release makes its test fail: then the bug leaves the list)."""
from __future__ import annotations

import contextlib
import io

import pytest

from metricprops.report.third_party.bugs import BUGS, COVER_BUGS
from metricprops.report.third_party.libraries import LIBRARIES

MODULES = {dist: module for dist, module in LIBRARIES.values()}


@pytest.mark.parametrize("bug", BUGS + COVER_BUGS,
                         ids=[f"{b.distribution}: {b.title[:40]}" for b in BUGS + COVER_BUGS])
def test_reproduction_prints_the_wrong_value(bug):
    pytest.importorskip(MODULES[bug.distribution])
    assert "metricprops" not in bug.code  # the library alone
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(bug.code, f"<{bug.distribution} reproduction>", "exec"), {})
    assert out.getvalue().strip() == bug.shows
