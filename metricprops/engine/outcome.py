"""What a task that did not end normally becomes: an ``error`` verdict with its input.

* a worker that died -- a signal (segfault, the kernel's OOM killer), ``os._exit``, a crash
  of the interpreter -- is ``crashed``, with the exit code or the signal's name;
* a worker killed by the pool because one metric call overran the time limit (code that
  ignores the worker's own alarm, e.g. a C loop) is ``timeout``;
* a ``BaseException`` that escaped the check inside the worker is ``crashed``.

The input is the one the worker's :class:`~metricprops.engine.record.CallRecord` held: the
call in progress when it died.  What the metric printed is kept with every ``error``
verdict (:func:`with_output`).
"""
from __future__ import annotations

import dataclasses
import signal
from typing import Any, Callable, Dict, Optional

from ..calls import killed_text
from ..constraint import input_class_of
from ..errors import MetricPropsError
from ..partition import Partition
from ..results.model import CheckResult, Counterexample, Finding, Status
from .capture import kept_output
from .pool import Reply

__all__ = ["died", "crashed_in_task", "constraint_raised", "with_output", "exit_text",
           "WorkerDied", "task_value"]


def exit_text(exitcode: Optional[int]) -> Dict[str, Any]:
    """``{"signal": "SIGSEGV"}`` or ``{"code": 3}`` (``{}`` when unknown)."""
    if exitcode is None:
        return {}
    if exitcode < 0:
        try:
            return {"signal": signal.Signals(-exitcode).name}
        except ValueError:
            return {"signal": f"signal {-exitcode}"}
    return {"code": exitcode}


def _error(task: Dict[str, Any], reason: str, message: str, snapshot: Any,
           extra: Dict[str, Any]) -> CheckResult:
    metric, constraint = task["metric"], task["constraint"]
    common = dict(seed=task["seed"], exhaustive_n=task["exhaustive_n"],
                  max_items=task["max_items"], tolerance=task["tolerance"],
                  min_items=task["min_items"])
    labels = snapshot.labels if snapshot is not None else None
    if labels is None:
        data = {"reason": reason, "message": message, **extra}
        return CheckResult(metric=metric, constraint=constraint, status=Status.ERROR,
                           error=Counterexample(data), message=message,
                           calls=snapshot.calls if snapshot else 0, **common)
    truth, pred = (Partition.from_labels(list(map(int, x))) for x in labels)
    message = f"{message} on truth {truth.notation()}, pred {pred.notation()}"
    example = Counterexample({
        "reason": reason, "message": message, "truth": truth.tolist(), "pred": pred.tolist(),
        "notation": {"truth": truth.notation(), "pred": pred.notation()}, **extra})
    found_by = "exhaustive" if truth.n <= task["exhaustive_n"] else "random"
    finding = Finding("error", input_class_of(truth, pred), truth.n, found_by, False, example,
                      reason=reason)
    return CheckResult(metric=metric, constraint=constraint, status=Status.ERROR,
                       error=example, findings=[finding], message=message, found_by=found_by,
                       calls=snapshot.calls, **common)


def died(task: Dict[str, Any], death: Reply, timeout: Optional[float]) -> CheckResult:
    """The verdict of a task whose worker died or was killed."""
    name = task["metric"]
    if death.timed_out:
        text = killed_text(name, timeout, "the worker")
        result = _error(task, "timeout", text, death.snapshot, {})
    else:
        how = exit_text(death.exitcode)
        what = (f"was killed by {how['signal']}" if "signal" in how else
                f"exited with status {how.get('code')}")
        where = "" if death.snapshot.in_call else " (outside a metric call)"
        result = _error(task, "crashed", f"{name}: the worker process {what}{where}",
                        death.snapshot, {"exit": how})
    return with_output(result, death.output_path)


def crashed_in_task(task: Dict[str, Any], text: str, snapshot: Any,
                    output_path: Optional[str]) -> CheckResult:
    """A ``BaseException`` that escaped a check inside the worker."""
    result = _error(task, "crashed", f"{task['metric']}: the check ended with {text}",
                    snapshot, {})
    return with_output(result, output_path)


def constraint_raised(task: Dict[str, Any], exc: BaseException) -> CheckResult:
    """A constraint plug-in that raised: recorded, the audit goes on."""
    return CheckResult(metric=task["metric"], constraint=task["constraint"],
                       status=Status.ERROR, seed=task["seed"],
                       message=f"constraint {task['constraint']!r} raised "
                               f"{type(exc).__name__}: {exc}")


def with_output(result: CheckResult, output_path: Optional[str]) -> CheckResult:
    """``result`` with the metric's captured output in its ``error`` (and headline finding),
    when it is an ``error`` and something was printed."""
    if result.status is not Status.ERROR or result.error is None or output_path is None:
        return result
    text = kept_output(output_path)
    if not text:
        return result
    error = Counterexample({**result.error.to_json(), "output": text})
    findings = list(result.findings)
    if findings and findings[0].kind == "error":
        findings[0] = dataclasses.replace(findings[0], example=error)
    return dataclasses.replace(result, error=error, findings=findings)


class WorkerDied(MetricPropsError, RuntimeError):
    """A worker process died running a plain task (a signal, the kernel's OOM killer)."""


def task_value(func: Callable[..., Any], reply: Reply) -> Any:
    """What a plain task returned (raised again if it raised; :class:`WorkerDied` if its
    worker died)."""
    if reply.kind == "raised":
        raise reply.value
    if reply.kind != "ok":
        how = exit_text(reply.exitcode) or {"error": reply.value}
        raise WorkerDied(f"a worker process running {func.__name__} ended: {how}")
    return reply.value
