"""Values a metric gives in a process that never called it: the reference against which a
value that depends on the calls made before (a cache keyed on the number of items only, a
state set by the first call) shows.

No test in one process can tell such a metric from a function of the inputs: every call
after the first one of a size returns what the first one did.  A new Python process imports
the metric's module again, so its state is new, and scores the inputs in the order the
caller chooses.  Only a metric its module names at top level can be imported there (a
function, or a decorated :class:`~metricprops.Metric`); for any other (a closure, a lambda,
a built-in) :func:`fresh_values` gives ``None`` and nothing is claimed.
"""
from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from typing import Any, List, Optional, Sequence, Tuple

__all__ = ["fresh_values", "STARTUP_SECONDS"]

#: Wall seconds a new process may take to start and import the metric's module, beyond the
#: calls' own time limit.
STARTUP_SECONDS = 30.0

_CHILD = """
import importlib, json, math, sys
from metricprops.metrics import Metric
module, name, pairs = json.load(sys.stdin)
obj = getattr(importlib.import_module(module), name)
func = obj.func if isinstance(obj, Metric) else obj
out = []
for t, p in pairs:
    value = float(func(t, p))
    out.append(value if math.isfinite(value) else None)
json.dump(out, sys.stdout)
"""


def _address(metric: Any) -> Optional[Tuple[str, str]]:
    """``(module, attribute)`` naming the metric at the top level of its module, or None."""
    func = getattr(metric, "func", None)
    if getattr(metric, "builtin", False) or func is None:
        return None
    module, name = getattr(func, "__module__", None), getattr(func, "__qualname__", "")
    if not module or module == "__main__" or not name or "." in name or "<" in name:
        return None
    found = getattr(sys.modules.get(module) or importlib.import_module(module), name, None)
    if found is not func and getattr(found, "func", None) is not func:
        return None
    return module, name


def fresh_values(metric: Any, pairs: Sequence[Tuple[List[int], List[int]]],
                 timeout: Optional[float]) -> Optional[List[Optional[float]]]:
    """The metric's values on ``pairs`` (label lists; ``None`` for a value that is not
    finite), scored in this order in a new process; ``None`` when that cannot be done (see
    the module) or the process fails."""
    try:
        address = _address(metric)
    except Exception:  # noqa: BLE001 - its module does not import again: nothing claimed
        return None
    if address is None:
        return None
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p or os.getcwd() for p in sys.path)}
    try:
        done = subprocess.run([sys.executable, "-c", _CHILD], env=env, text=True,
                              input=json.dumps([*address, [list(map(list, p)) for p in pairs]]),
                              capture_output=True,
                              timeout=STARTUP_SECONDS + (timeout or 10.0) * len(pairs))
        return json.loads(done.stdout) if done.returncode == 0 else None
    except (OSError, ValueError, subprocess.SubprocessError):
        return None
