"""Covers (overlapping clusterings): the :class:`Cover` input and its validation
(:mod:`.cover`); every cover of a few items and hypothesis strategies of covers
(:mod:`.strategies`, imported on use: it needs hypothesis)."""
from __future__ import annotations

from .cover import COVER_FORMATS, Cover, as_cover, parse_cover_pair, validate_cover_pair

__all__ = ["Cover", "as_cover", "validate_cover_pair", "parse_cover_pair", "COVER_FORMATS"]
