"""Writing the files a command was asked for.

Commands check every output path before any work (:func:`check_outputs`), so a run of many
minutes never ends in "cannot write"; and they write every output even when one of them
fails (:func:`write_outputs`), reporting the failures at the end.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .errors import OutputPathError

__all__ = ["write_text", "check_outputs", "write_outputs", "Output"]

PathLike = Union[str, Path]
#: (what names it, e.g. "--json"; the path; a function writing it, or the text to write)
Output = Tuple[str, Optional[PathLike], Union[str, Callable[[], object]]]


def write_text(path: Optional[PathLike], text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path``, creating its folder; no-op for
    ``None``."""
    if path is None:
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


def _writable_folder(folder: Path) -> Optional[str]:
    """Why files cannot be created in ``folder`` (made if missing), or ``None``."""
    probe = folder
    while not probe.exists():
        if probe.parent == probe:
            return f"{folder} cannot be created"
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is a file, not a folder"
    if not os.access(probe, os.W_OK | os.X_OK):
        return f"{probe} is not writable"
    return None


def check_outputs(files: Optional[Mapping[str, Optional[PathLike]]] = None,
                  folders: Optional[Mapping[str, Optional[PathLike]]] = None) -> None:
    """Reject output paths that cannot be written, before any work is done.

    Parameters
    ----------
    files : mapping of str to path or None
        Option name (``"--json"``) -> the file it names; ``None`` entries are not requested.
    folders : mapping of str to path or None
        Option name (``"--out"``) -> a folder the command writes files into.

    Raises
    ------
    OutputPathError
        A file that is a folder, a folder that is a file, a place that is not writable, or two
        options naming the same path (one would overwrite the other).
    """
    seen: Dict[Path, str] = {}
    for kind, entries in (("folder", folders or {}), ("file", files or {})):
        for option, path in entries.items():
            if path is None:
                continue
            target = Path(path)
            if kind == "file" and target.is_dir():
                raise OutputPathError(f"{option} {path}: expected a file, got a folder")
            problem = (_writable_folder(target.parent) if kind == "file"
                       else _writable_folder(target))
            if problem is None and kind == "file" and target.exists() and not os.access(
                    target, os.W_OK):
                problem = f"{path} is not writable"
            if problem:
                raise OutputPathError(f"{option} {path}: cannot write there ({problem})")
            key = target.resolve()
            if key in seen:
                raise OutputPathError(
                    f"{seen[key]} and {option} name the same {kind} {path}: give distinct "
                    "paths (one would overwrite the other)")
            seen[key] = option


def write_outputs(outputs: Sequence[Output]) -> List[str]:
    """Write every requested output; return one line per output that failed.

    A failure (an ``OSError``: the disk filled up, a folder vanished) does not stop the
    others.  ``None`` paths are skipped.
    """
    failures = []
    for option, path, content in outputs:
        if path is None:
            continue
        try:
            if callable(content):
                content()
            else:
                write_text(path, content)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            failures.append(f"{option} {path}: not written ({reason}: "
                            f"{exc.filename or path})")
    return failures
