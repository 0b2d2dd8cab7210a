"""What a metric prints in a worker: captured in a file, never on the terminal.

The worker points its file descriptors 1 and 2 (and ``sys.stdout``/``sys.stderr``, unbuffered)
at a file for the length of one task, so output written by C code is captured too and
nothing is lost when the worker dies; :mod:`faulthandler` writes there too, so a segfault
leaves the Python traceback of the call that crashed.  The auditing process keeps the head
and the tail of it (:func:`kept_output`) with an ``error`` verdict.
"""
from __future__ import annotations

import faulthandler
import io
import os
import re
import sys
from contextlib import contextmanager
from typing import Iterator, Optional

from ..settings import OUTPUT_KEEP

__all__ = ["captured", "kept_output"]


@contextmanager
def captured(path: str) -> Iterator[None]:
    """Send everything written to stdout/stderr, from Python or C, to ``path`` (truncated
    first) until the block ends."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    saved = (os.dup(1), os.dup(2))
    streams = (sys.stdout, sys.stderr)
    try:
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        raw = open(fd, "wb", buffering=0, closefd=False)
        text = io.TextIOWrapper(raw, encoding="utf-8", errors="replace", write_through=True)
        sys.stdout = sys.stderr = text
        faulthandler.enable(file=text)  # a crash leaves its Python traceback in the output
        yield
    finally:
        faulthandler.disable()
        sys.stdout, sys.stderr = streams
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for f in (*saved, fd):
            os.close(f)


#: Output up to this size is tidied whole (larger output: its head and tail only).
_WHOLE = 1 << 20
_THREAD = re.compile(r"(Current thread|Thread) 0x[0-9a-f]+")


def _tidy(text: str) -> str:
    """What a crash printed, without what differs between runs or pools: the thread's
    address, the frames of the process that forked the worker (above its task loop) and the
    list of loaded extension modules."""
    out, outside = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("Extension modules:"):
            continue
        if line.startswith("  File "):
            if outside:
                continue
            outside = "engine" in line and "worker.py" in line
        else:
            outside = False
        out.append(_THREAD.sub(r"\1", line))
    return "".join(out)


def kept_output(path: str, keep: int = OUTPUT_KEEP) -> Optional[str]:
    """The output captured in ``path``, tidied (:func:`_tidy`): all of it up to ``keep``
    characters, else its head and tail around a line saying how much was cut; ``None`` when
    nothing was printed."""
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size == 0:
                return None
            if size <= _WHOLE:
                text = _tidy(fh.read().decode("utf-8", "replace"))
                head, tail, cut = text[:keep // 2], text[-(keep // 2):], len(text) - keep
                if cut <= 0:
                    return text
                return f"{head}\n[... {cut} characters cut ...]\n{tail}"
            head = _tidy(fh.read(keep // 2).decode("utf-8", "replace"))
            fh.seek(size - keep // 2)
            tail = _tidy(fh.read().decode("utf-8", "replace"))
    except OSError:
        return None
    return f"{head}\n[... about {size - keep} bytes cut ...]\n{tail}"
