"""pytest plugin (entry point ``pytest11``): command-line options only; imports nothing heavy."""
from __future__ import annotations


def pytest_addoption(parser) -> None:  # pragma: no cover - exercised through pytester
    group = parser.getgroup("metricprops")
    group.addoption("--metricprops-seed", type=int, default=None,
                    help="seed for metricprops checks (default: random, printed on failure)")
    group.addoption("--metricprops-max-examples", type=int, default=None,
                    help="random examples per metricprops check")
