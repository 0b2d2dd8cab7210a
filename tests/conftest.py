"""Shared test configuration: one hypothesis profile for the whole suite.

The test folders mirror the package (core, metrics, constraints, search, symbolic, cli,
report, docs, coref); none is a Python package, so test file names are unique across
folders.  This folder is put on ``sys.path`` so that every test, in any subfolder, imports
the helper plug-ins as ``plugins.faulty`` / ``plugins.custom``.

The ``ci`` profile is deterministic (``derandomize=True``: the same examples on every run and
every machine), has no per-example deadline (shared CI runners are slow and noisy) and keeps
example counts modest so that the suite stays fast.  It replaces hypothesis' own built-in
``ci`` profile, which it would otherwise load by itself when ``CI=true``.  Another registered
profile can be chosen with ``HYPOTHESIS_PROFILE=name``.
"""
from __future__ import annotations

import os
import sys

from hypothesis import HealthCheck, settings

TESTS = os.path.dirname(os.path.abspath(__file__))
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

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
