"""Audit plans: many targets in one TOML file, each with its own metadata and adapter.

* :mod:`~metricprops.plans.plan` -- a plan read, validated and run as one audit;
* :mod:`~metricprops.plans.adapters` -- an adapter: how a target's arguments are built from
  labels and how its value is read back;
* :mod:`~metricprops.plans.library_adapters` and :mod:`~metricprops.plans.package_adapters`
  -- targets that wrap library objects (clusim, cdlib) and packages (bcubed, scorch) as
  ``f(labels_true, labels_pred)``;
* ``*.toml`` -- the shipped plans of the third-party libraries (``audit --plan NAME``).
"""
from __future__ import annotations

from .plan import Plan, PlanTarget, load_plan, parse_plan, run_plan, shipped_plans

__all__ = ["Plan", "PlanTarget", "load_plan", "parse_plan", "run_plan", "shipped_plans"]
