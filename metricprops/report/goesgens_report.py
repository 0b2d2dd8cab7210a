"""The Gösgens et al. (2021) section of ``reports/``: ``goesgens-2021.md`` and ``.json``."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Optional

from ..output import write_text

__all__ = ["write_goesgens"]


def write_goesgens(out: Path, *, seed: int, quick: bool = False,
                   command: Optional[str] = None, progress: Any = None,
                   audited: Any = None) -> Dict[str, Any]:
    """Run the reproduction (:mod:`metricprops.reproduce.goesgens`) and write its Markdown and
    JSON into ``out``; ``command`` is the regeneration command the Markdown names.
    ``audited``: the report's audit of the built-ins, read where it holds the pairs."""
    from ..reproduce import goesgens, goesgens_text

    res = goesgens.run(seed=seed, quick=quick, progress=progress, audited=audited)
    write_text(Path(out) / f"{goesgens_text.FILE}.md",
               goesgens_text.render_markdown(res, command=command))
    write_text(Path(out) / f"{goesgens_text.FILE}.json", goesgens_text.to_json(res))
    return res
