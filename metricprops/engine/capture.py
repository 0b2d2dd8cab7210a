"""What a metric prints in a worker: captured in a file, never on the terminal.

The worker points its file descriptors 1 and 2 (and ``sys.stdout``/``sys.stderr``, unbuffered)
at a file for the length of one task, so output written by C code is captured too and
nothing is lost when the worker dies; :mod:`faulthandler` writes there too, so a segfault
leaves the Python traceback of the call that crashed.  The auditing process keeps the head and the tail of
it (:func:`kept_output`) with an ``error`` verdict.
"""
from __future__ import annotations

import faulthandler
import io
import os
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


def kept_output(path: str, keep: int = OUTPUT_KEEP) -> Optional[str]:
    """The output captured in ``path``: all of it up to ``keep`` characters, else its head
    and tail around a line saying how much was cut; ``None`` when nothing was printed."""
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            if size == 0:
                return None
            half = keep // 2
            if size <= keep:
                fh.seek(0)
                return fh.read().decode("utf-8", "replace")
            fh.seek(0)
            head = fh.read(half).decode("utf-8", "replace")
            fh.seek(size - half)
            tail = fh.read().decode("utf-8", "replace")
    except OSError:
        return None
    return f"{head}\n[... {size - 2 * half} bytes cut ...]\n{tail}"
