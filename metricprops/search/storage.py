"""Where hypothesis keeps its files while metricprops searches.

With ``database=None`` hypothesis still writes caches: the constants it collects from the
source of the modules it runs next to (``constants/``) and its table of Unicode categories
(``unicode_data/``), under ``.hypothesis/`` in the *working folder* unless told otherwise.  An
audit would leave that folder wherever the user runs it.  :func:`search_storage` points
hypothesis at a cache folder of metricprops (``$XDG_CACHE_HOME/metricprops/hypothesis``, else
``~/.cache/metricprops/hypothesis``) for the duration of one search, and puts back what was
there: a user's own hypothesis tests, our strategies in them included, keep their
configuration.  A place the user chose (``HYPOTHESIS_STORAGE_DIRECTORY``, or
``hypothesis.configuration.set_hypothesis_home_dir``) is left as it is.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

__all__ = ["search_storage", "cache_folder"]

_HOME = "__hypothesis_home_directory"  # hypothesis.configuration's module global


def cache_folder() -> Path:
    """metricprops' folder for hypothesis' caches."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "metricprops" / "hypothesis"


@contextmanager
def search_storage() -> Iterator[None]:
    """Hypothesis' storage in :func:`cache_folder` inside the block, unless the user chose
    one; what was set before is restored after."""
    from hypothesis import configuration

    current = vars(configuration).get(_HOME)
    chosen = os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY") or (
        current is not None
        and current != vars(configuration).get(f"{_HOME}_default"))
    if chosen:
        yield
        return
    configuration.set_hypothesis_home_dir(cache_folder())
    try:
        yield
    finally:
        configuration.set_hypothesis_home_dir(current)
