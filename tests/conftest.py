"""Shared test configuration: one hypothesis profile for the whole suite.

The ``ci`` profile is deterministic (``derandomize=True``: the same examples on every run and
every machine), has no per-example deadline (shared CI runners are slow and noisy) and keeps
example counts modest so that the suite stays fast.  It replaces hypothesis' own built-in
``ci`` profile, which it would otherwise load by itself when ``CI=true``.  Another registered
profile can be chosen with ``HYPOTHESIS_PROFILE=name``.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    parent=settings.get_profile("ci"),
    max_examples=1000,
    derandomize=False,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
