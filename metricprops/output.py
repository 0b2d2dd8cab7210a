"""Writing the files a command was asked for."""
from __future__ import annotations

from pathlib import Path
from typing import Optional, Union

__all__ = ["write_text"]


def write_text(path: Optional[Union[str, Path]], text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path``, creating its folder; no-op for
    ``None``."""
    if path is None:
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
