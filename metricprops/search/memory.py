"""What a metric that ran out of memory leaves behind, and how to tell that it did.

A finding keeps the metric's error, and an exception keeps its traceback, whose frames keep
the metric's local variables: the blocks a memory hog had allocated when it raised would stay
alive with the finding, and the search (hypothesis' machinery included) would then run out
of memory for the metric's sake.  :func:`release` frees them; :func:`memory_in` tells whether
an exception the search met holds a ``MemoryError``.
"""
from __future__ import annotations

import traceback

__all__ = ["release", "memory_in"]


def _chain(exc: BaseException) -> list:
    """``exc``, its causes and contexts, and the exceptions it groups (each once)."""
    todo, seen, out = [exc], set(), []
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        out.append(e)
        todo += [e.__cause__, e.__context__, *getattr(e, "exceptions", ())]
    return out


def release(exc: BaseException) -> None:
    """Free what the frames of the exceptions behind ``exc`` (the metric's) held."""
    for cause in _chain(exc)[1:]:
        traceback.clear_frames(cause.__traceback__)


def memory_in(exc: BaseException) -> bool:
    """Whether ``exc``, its causes or the exceptions it groups hold a ``MemoryError``."""
    return any(isinstance(e, MemoryError) for e in _chain(exc))
