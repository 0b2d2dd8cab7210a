"""Verdicts and their written forms.

* :mod:`~metricprops.results.model` -- the data: :class:`Status`, :class:`Counterexample`,
  :class:`Finding`, :class:`CheckResult`, :class:`AuditResult`, and their JSON;
* :mod:`~metricprops.results.markdown` -- an audit as a Markdown report;
* :mod:`~metricprops.results.terminal` -- the lines the command line prints.
"""
from __future__ import annotations

from .model import (
    MEASURED,
    STATUSES,
    SYMBOLS,
    AuditResult,
    CheckResult,
    Counterexample,
    Finding,
    Status,
    counterexample_json,
)

__all__ = ["Status", "Counterexample", "counterexample_json", "Finding", "CheckResult",
           "AuditResult", "SYMBOLS", "STATUSES", "MEASURED"]
