"""Options shared by the commands: the search budget's knobs and where the work runs."""
from __future__ import annotations

from typing import Any, Callable, Optional

import click

__all__ = ["cluster_option"]


def _address(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
    from ..engine.cluster import check_cluster
    from ..errors import InvalidArgumentError

    if value is None:
        return None
    try:
        return check_cluster(value)  # before any work; nothing is contacted yet
    except InvalidArgumentError as exc:
        raise click.BadParameter(str(exc).replace("cluster: ", "", 1)) from None


def cluster_option(what: str) -> Callable[[Any], Any]:
    """``--cluster ADDRESS``: send ``what`` to a Dask scheduler (the ``cluster`` extra)."""
    return click.option(
        "--cluster", default=None, metavar="ADDRESS", callback=_address,
        help=f"Send {what} to the Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786; needs "
             f"the cluster extra); the output is a local run's.")
