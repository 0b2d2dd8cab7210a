"""The third-party report: library implementations audited, findings judged.

* :mod:`~metricprops.report.third_party.audit` -- the targets, the audit, the report files;
* :mod:`~metricprops.report.third_party.pages` -- one Markdown page per library;
* :mod:`~metricprops.report.third_party.libraries` -- the libraries audited through plans;
* :mod:`~metricprops.report.third_party.notes` -- the judgement of every finding;
* :mod:`~metricprops.report.third_party.bugs` -- each bug reproduced in plain Python.
"""
from __future__ import annotations

from .audit import (
    DEFAULT_SEED,
    DEFAULT_SETTINGS,
    NOTES,
    TARGETS,
    generate,
    render_markdown,
    targets,
    write_reports,
)

__all__ = ["TARGETS", "NOTES", "DEFAULT_SEED", "DEFAULT_SETTINGS", "targets", "generate",
           "render_markdown", "write_reports"]
