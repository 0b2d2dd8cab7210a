"""The progress line of long runs (audits, reports), shown on stderr.

Shared by the command line and the report builder; neither imports the other for it.
"""
from __future__ import annotations

import sys
import time
from typing import Any

__all__ = ["Progress"]


class Progress:
    """A one-line progress display on stderr, shown once an audit runs past ``delay`` s."""

    def __init__(self, delay: float = 2.0, stream: Any = None):
        self.start = time.monotonic()
        self.delay = delay
        self.stream = stream or sys.stderr
        self.shown = False

    def __call__(self, done: int, total: int, metric: str, constraint: str) -> None:
        elapsed = time.monotonic() - self.start
        if elapsed < self.delay and done < total:
            return
        tty = getattr(self.stream, "isatty", lambda: False)()
        width = 24
        filled = int(width * done / max(total, 1))
        bar = "#" * filled + "-" * (width - filled)
        what = f"{metric} × {constraint}" if metric else "done"
        line = f"[{bar}] {done}/{total} {elapsed:5.1f}s {what}"
        if tty:
            self.stream.write("\r" + line.ljust(78)[:78])
            if done >= total:
                self.stream.write("\n")
        elif done >= total or not self.shown or done % 10 == 0:
            self.stream.write(line + "\n")
        self.stream.flush()
        self.shown = True
