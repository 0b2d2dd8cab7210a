"""Where an exception was raised, as ``file:line``, for one-line messages.

A metric under audit, or a target being imported, may raise deep inside numpy or the standard
library; the line a user wants is the last one in *their* code.  :func:`raise_site` walks the
traceback and picks, in order of preference, the innermost frame that is neither in
metricprops nor in an installed library (the user's file), else the innermost frame outside
metricprops (a third-party implementation), else the innermost frame.
"""
from __future__ import annotations

import os
import sysconfig
from pathlib import Path
from typing import Any, List, Optional

__all__ = ["raise_site", "display_path"]

_PACKAGE = str(Path(__file__).resolve().parent)


def _library_roots() -> List[str]:
    roots = set()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        try:
            path = sysconfig.get_paths().get(key)
        except Exception:  # pragma: no cover - a broken sysconfig is not ours to report
            path = None
        if path:
            roots.add(str(Path(path).resolve()))
    return sorted(roots)


_LIBRARIES = _library_roots()


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root + os.sep)


def display_path(filename: str) -> str:
    """``filename`` relative to the current folder when it lies below it; a file of an
    installed library or of the standard library relative to where it is installed
    (``clusim/sim.py``: the same on every machine); else as given."""
    try:
        resolved = Path(filename).resolve()
        # the innermost root first: site-packages lies inside the standard library's folder
        roots = [Path.cwd().resolve(),
                 *(Path(root) for root in sorted(_LIBRARIES, key=len, reverse=True))]
    except OSError:  # pragma: no cover
        return filename
    for root in roots:
        try:
            return str(resolved.relative_to(root))
        except ValueError:
            continue
    return filename


def raise_site(exc: BaseException) -> Optional[str]:
    """``"path/to/file.py:12"`` of the frame that raised ``exc`` (see the module docstring);
    ``None`` when the exception carries no traceback.

    Parameters
    ----------
    exc : BaseException
        A caught exception (its ``__traceback__`` is read, not changed).

    Returns
    -------
    str or None
        The file (relative to the current folder when below it) and line number.
    """
    frames: List[Any] = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append((tb.tb_frame.f_code.co_filename, tb.tb_lineno))
        tb = tb.tb_next
    if not frames:
        return None
    resolved = []
    for filename, line in frames:
        try:
            path = str(Path(filename).resolve())
        except OSError:  # pragma: no cover
            path = filename
        resolved.append((filename, path, line))
    outside = [f for f in resolved if not _inside(f[1], _PACKAGE)]
    own = [f for f in outside if not f[0].startswith("<")
           and not any(_inside(f[1], root) for root in _LIBRARIES)]
    filename, _, line = (own or outside or resolved)[-1]
    return f"{display_path(filename)}:{line}"
