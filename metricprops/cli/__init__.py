"""The ``metricprops`` command line (a click group).

Exit status: 0 success, 1 a finding (an audit that failed, implementations that disagree),
2 a usage error or bad input (one line on stderr, never a traceback).
"""
from __future__ import annotations

import sys
import warnings
from typing import Any

import click

from ..errors import MetricPropsError, PluginLoadWarning
from ._exit import EXIT_FINDING, EXIT_OK, EXIT_USAGE
from .audit import command as audit_command
from .closed_forms import command as closed_forms_command
from .compare import command as compare_command
from .list import command as list_command
from .report import command as report_command
from .reproduce import command as reproduce_command
from .score import command as score_command

__all__ = ["main", "EXIT_OK", "EXIT_FINDING", "EXIT_USAGE"]


class Group(click.Group):
    """A click group that turns usage errors, our typed errors and I/O errors into one line on
    stderr and exit status 2.  Anything else is a bug of ours and is not disguised."""

    def invoke(self, ctx: click.Context) -> Any:
        previous = warnings.showwarning

        def show(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
            """A skipped plug-in in one line (not Python's two, with our source line)."""
            if issubclass(category, PluginLoadWarning):
                click.echo(f"warning: {message}", err=True)
            else:
                previous(message, category, *args, **kwargs)

        with warnings.catch_warnings():
            warnings.showwarning = show
            return self._invoke(ctx)

    def _invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # output piped into a pager that quit
            ctx.exit(EXIT_OK)
        except click.UsageError as exc:
            command = exc.ctx.command_path if exc.ctx else "metricprops"
            click.echo(f"error: {exc.format_message()} (see {command} --help)", err=True)
            ctx.exit(EXIT_USAGE)
        except (MetricPropsError, OSError) as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(EXIT_USAGE)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="metricprops")
def main() -> None:
    """Verify external clustering metrics against formal constraints."""


for _command in (list_command, score_command, audit_command, compare_command,
                 closed_forms_command, reproduce_command, report_command):
    main.add_command(_command)

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
