"""Plug-in metrics used by the checker and CLI tests (importable as ``plugins``)."""
