"""An audit that is stopped: SIGTERM as an interrupt, the journal's place, partial outputs.

* :func:`sigterm_as_interrupt` -- SIGTERM raises :class:`Terminated` (a
  ``KeyboardInterrupt``), so both signals stop the audit the same way;
* :func:`journal_for` -- where the journal goes (``--journal``, the ``--resume`` journal, or
  beside the first output);
* :func:`finish_interrupted` -- the outputs with what finished (``"complete": false``), the
  finished verdicts on the terminal, how to resume, exit 130 (SIGINT) or 143 (SIGTERM).
"""
from __future__ import annotations

import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, NoReturn, Optional, Tuple

import click

from ..errors import JournalError
from ..output import plural, write_outputs
from ._output import replay_command, terminal_width

__all__ = ["Terminated", "sigterm_as_interrupt", "journal_for", "finish_interrupted",
           "drop_default_journal", "interrupt_status",
           "EXIT_SIGINT", "EXIT_SIGTERM"]

#: Exit statuses of a run stopped by SIGINT and by SIGTERM (128 + the signal's number).
EXIT_SIGINT, EXIT_SIGTERM = 130, 143


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like a Ctrl-C."""


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated`."""
    def handler(signum: int, frame: Any) -> None:
        raise Terminated()

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: leave SIGTERM alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def journal_for(json_path: Optional[str], md_path: Optional[str], journal: Optional[str],
                resume: Optional[str]) -> Tuple[Optional[str], bool]:
    """(the journal's path or ``None``, whether it is the default one beside the outputs).

    Raises
    ------
    JournalError
        ``--resume`` names no file.
    """
    if resume is not None and not Path(resume).is_file():
        raise JournalError(f"--resume {resume}: no such journal")
    first = json_path or md_path
    beside = f"{first}.journal" if first else None
    path = journal or resume or beside
    return path, journal is None and path is not None and path == beside


def finish_interrupted(exc: Any, json_path: Optional[str], md_path: Optional[str],
                       journal: Optional[str]) -> NoReturn:
    """Write the partial outputs, print the finished verdicts and how to resume, exit."""
    partial = exc.partial
    markdown = ("# metricprops audit (interrupted)\n\n" + f"Seed {partial.seed}.\n\n"
                + partial.markdown())
    failures = write_outputs([("--json", json_path, partial.dumps()),
                              ("--markdown", md_path, markdown)])
    if partial.results:
        click.echo(partial.table(width=terminal_width()))
    done, total = len(partial.results), len(partial.results) + len(partial.unfinished)
    click.echo(f"\ninterrupted: {done} of {plural(total, 'check')} finished", err=True)
    if journal:
        ctx = click.get_current_context()
        again = replay_command(ctx, partial.seed, drop=("journal_path", "resume_path"))
        click.echo(f"resume with: {again} --resume {journal}", err=True)
    for line in failures:
        click.echo(f"error: {line}", err=True)
    raise SystemExit(interrupt_status(exc))


def interrupt_status(exc: BaseException) -> int:
    """130 for a Ctrl-C, 143 for SIGTERM (:class:`Terminated`, raised or the cause)."""
    terminated = isinstance(exc, Terminated) or isinstance(exc.__cause__, Terminated)
    return EXIT_SIGTERM if terminated else EXIT_SIGINT


def drop_default_journal(journal: Optional[str], default: bool) -> None:
    """Remove the default journal once a complete run's outputs are written."""
    if journal and default:
        try:
            Path(journal).unlink()
        except OSError:
            pass
