"""Reproductions of published experiments.

* :mod:`.consecutive` — vectorised exact engine for consecutive-block partitions
  (BCubed / ELM scores of all 2**(n-1) predictions, concordance counts, Kendall tau-b).
* :mod:`.elm_paper` — the ELM paper's sections 2.2 and 3.4 (``metricprops reproduce elm-paper``).
* :mod:`.figures` — matplotlib figures in the spirit of the paper's Figs. 2-4.

The numpy core of this subpackage never imports matplotlib or click; the figures module
imports matplotlib when it draws.
"""
from __future__ import annotations

from . import consecutive

__all__ = ["consecutive"]
