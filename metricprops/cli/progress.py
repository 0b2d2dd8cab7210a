"""The progress line of long runs (audits, reports), shown on stderr.

Shared by the command line and the report builder; neither imports the other for it.

The line moves when a check finishes; while one check runs long (a slow metric's scaling
check, its scale phase), :meth:`Progress.tick` -- called every :data:`TICK` seconds by a
daemon thread once the line is shown -- says which check runs and for how long, so that a
line that sits still is never mistaken for a hang.
"""
from __future__ import annotations

import sys
import threading
import time
from typing import Any, Callable, Optional

__all__ = ["Progress"]

#: Seconds between two refreshes of the line while nothing finishes.
TICK = 2.0
#: Seconds a check runs before the line says so; on a stream that is not a terminal, a line is
#: printed at most this often.
SLOW = 10.0


class Progress:
    """A one-line progress display on stderr, shown once an audit runs past ``delay`` s."""

    def __init__(self, delay: float = 2.0, stream: Any = None,
                 clock: Callable[[], float] = time.monotonic, ticking: bool = True):
        self.clock = clock
        self.start = clock()
        self.delay = delay
        self.stream = stream or sys.stderr
        self.shown = False
        self.ticking = ticking
        self._last: Optional[tuple] = None  # (done, total, metric, constraint)
        self._since = self.start  # when the line last moved
        self._said = self.start  # when a line was last printed (not a terminal)
        self._lock = threading.Lock()
        self._thread: Optional[threading.Thread] = None

    def __call__(self, done: int, total: int, metric: str, constraint: str) -> None:
        with self._lock:
            now = self.clock()
            self._last, self._since = (done, total, metric, constraint), now
            if now - self.start < self.delay and done < total:
                return
            self._write(done, total, metric, constraint, now, moved=True)
        if self.ticking and done < total and not (self._thread and self._thread.is_alive()):
            # (again for the next audit of a report, which shares this line)
            self._thread = threading.Thread(target=self._run, name="metricprops-progress",
                                            daemon=True)
            self._thread.start()

    def tick(self) -> None:
        """Refresh the line while nothing finishes: after :data:`SLOW` seconds on one check,
        it says which check runs and for how long."""
        with self._lock:
            if self._last is None or self._last[0] >= self._last[1]:
                return
            now = self.clock()
            if now - self.start < self.delay:
                return
            self._write(*self._last, now, moved=False)

    def _run(self) -> None:
        while True:
            time.sleep(TICK)
            if self._last is not None and self._last[0] >= self._last[1]:
                return
            try:
                self.tick()
            except (OSError, ValueError):  # the stream was closed (the run is over)
                return

    def _write(self, done: int, total: int, metric: str, constraint: str, now: float,
               moved: bool) -> None:
        tty = getattr(self.stream, "isatty", lambda: False)()
        elapsed, running = now - self.start, now - self._since
        width = 24
        filled = int(width * done / max(total, 1))
        bar = "#" * filled + "-" * (width - filled)
        what = f"{metric} × {constraint}" if metric else "done"
        if metric and done < total and running >= SLOW:
            what += f" (running for {running:.0f} s)"
        line = f"[{bar}] {done}/{total} {elapsed:5.1f}s {what}"
        if tty:
            self.stream.write("\r" + line.ljust(78)[:78])
            if done >= total:
                self.stream.write("\n")
        elif moved and (done >= total or not self.shown or done % 10 == 0):
            self.stream.write(line + "\n")
            self._said = now
        elif not moved and running >= SLOW and now - self._said >= SLOW:
            self.stream.write(line + "\n")
            self._said = now
        else:
            return
        self.stream.flush()
        self.shown = True
