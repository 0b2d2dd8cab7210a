"""Small pieces of wording shared by every text a result prints: counts with their nouns, and
numbers printed with as many digits as it takes to tell them apart."""
from __future__ import annotations

import math
from typing import Any, Dict, Iterable, Mapping

from ..output import plural  # one home for counts with their nouns

__all__ = ["plural", "items", "numbers", "subscript", "CONVENTION", "DECLARED", "DECLARED_MARK"]

#: The kind of a finding that a declared convention explains, how it reads, its cell mark.
CONVENTION = "convention"
DECLARED = "convention (declared)"
DECLARED_MARK = "§"

#: Fewest significant digits a float is printed with.
DIGITS = 6
#: A float printed with this many significant digits reads back as itself.
ROUND_TRIP = 17


def items(count: int) -> str:
    """``"1 item"``, ``"5 items"``."""
    return plural(count, "item")


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def numbers(values: Mapping[str, Any]) -> Dict[str, str]:
    """Each value as text; the floats with the fewest significant digits (at least
    :data:`DIGITS`) that print any two different values differently (``0.500001`` and
    ``0.5000012`` are not both ``0.500001``; ``1`` and ``1.0000000000000002`` are not both
    ``1``)."""
    floats = [float(v) for v in values.values() if _number(v)]
    distinct = {repr(v) for v in floats}
    digits = DIGITS
    while digits < ROUND_TRIP and len({_fmt(v, digits) for v in floats}) < len(distinct):
        digits += 1
    return {k: _fmt(float(v), digits) if isinstance(v, float) else str(v)
            for k, v in values.items()}


def _fmt(v: float, digits: int) -> str:
    if math.isnan(v) or math.isinf(v):
        return str(v)
    return f"{v:.{digits}g}"


def subscript(n: int) -> str:
    """``5`` as ``"₅"``, ``12`` as ``"₁₂"``."""
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def joined(parts: Iterable[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    parts = list(parts)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
