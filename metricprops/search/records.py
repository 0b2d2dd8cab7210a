"""Compact records of scale inputs: how to rebuild a finding's labels instead of the labels.

A scale finding's input is a shape of :data:`~metricprops.search.shapes.SHAPES` at n items,
up to 131,072 of them.  Its counterexample keeps the labels (``"truth"``, ``"pred"``, as
every counterexample does) while the input has at most :data:`LABELS_KEPT` items; past
that it keeps only the record (``"rebuild"``), from which :func:`input_labels` makes them
again, and the one-line reproduction (``"reproduce"``) it always had::

    "rebuild": {"generator": "metricprops.search.shapes:shape_labels",
                "truth": {"shape": "two halves", "n": 92683, "sha256": "..."},
                "pred": {"shape": "random", "n": 92683, "seed": 1, "sha256": "..."}}

``sha256`` is the digest of the labels as little-endian 64-bit integers: a rebuilt input is
the recorded one exactly when the digests agree (:func:`check_record`), so nothing is lost.
A random shape records its seed.  :func:`compact_document` turns a report written with the
labels (``third-party.json`` before the records) into this form, after checking that every
stored input is the one its record rebuilds; reading a file with the labels keeps working.
"""
from __future__ import annotations

import hashlib
from typing import Any, Dict, List, Mapping, Tuple

import numpy as np

from .shapes import RANDOM_SEED, shape_labels

__all__ = ["LABELS_KEPT", "GENERATOR", "digest", "record", "compact", "input_labels",
           "check_record", "compact_document", "RecordError"]

#: Largest input (items) whose labels a scale counterexample keeps beside its record.
LABELS_KEPT = 1000
#: The function that rebuilds a recorded side: ``shape_labels(shape, n)``.
GENERATOR = "metricprops.search.shapes:shape_labels"
_SIDES = ("truth", "pred")


class RecordError(ValueError):
    """A stored input that its record does not rebuild (the labels would be lost)."""


def digest(labels: Any) -> str:
    """SHA-256 of ``labels`` as little-endian 64-bit integers (hex)."""
    return hashlib.sha256(np.asarray(labels, dtype="<i8").tobytes()).hexdigest()


def record(shape: str, n: int) -> Dict[str, Any]:
    """The record of one side: the shape, the size, the seed of a random shape, the digest."""
    out: Dict[str, Any] = {"shape": shape, "n": int(n)}
    if shape == "random":
        out["seed"] = RANDOM_SEED
    out["sha256"] = digest(shape_labels(shape, n))
    return out


def compact(data: Mapping[str, Any]) -> Dict[str, Any]:
    """A scale counterexample (with ``"shape"`` and ``"n"``) with its record: ``"rebuild"``
    after ``"n"``, and the labels dropped past :data:`LABELS_KEPT` items.  Stored labels
    must be the ones the record rebuilds (else :class:`RecordError`); applying it twice
    changes nothing."""
    shapes, n = data["shape"], int(data["n"])
    rebuild = {"generator": GENERATOR, **{side: record(shapes[side], n) for side in _SIDES}}
    for side in _SIDES:
        stored = data.get(side)
        if stored is not None and digest(stored) != rebuild[side]["sha256"]:
            raise RecordError(
                f"the stored {side} ({len(stored)} items) is not {shapes[side]!r} at n = {n}: "
                "expected the labels its record rebuilds")
    out: Dict[str, Any] = {}
    for key, value in data.items():
        if key in _SIDES and n > LABELS_KEPT or key == "rebuild":
            continue
        out[key] = value
        if key == "n":
            out["rebuild"] = rebuild
    return out


def input_labels(counterexample: Mapping[str, Any]) -> Tuple[List[Any], List[Any]]:
    """``(truth, pred)`` of a counterexample: its labels, or rebuilt from its record."""
    if all(side in counterexample for side in _SIDES):
        return list(counterexample["truth"]), list(counterexample["pred"])
    rebuild = counterexample.get("rebuild")
    if not rebuild:
        raise KeyError("the counterexample has neither labels (truth, pred) nor a record "
                       "(rebuild) to make them from")
    return tuple(shape_labels(rebuild[side]["shape"], rebuild[side]["n"]).tolist()
                 for side in _SIDES)  # type: ignore[return-value]


def check_record(counterexample: Mapping[str, Any]) -> None:
    """Rebuild a recorded input and compare it with the record (digest, size) and with the
    stored labels where kept; a mismatch raises :class:`RecordError`."""
    rebuild = counterexample["rebuild"]
    for side in _SIDES:
        spec = rebuild[side]
        labels = shape_labels(spec["shape"], spec["n"])
        stored = counterexample.get(side)
        if (len(labels) != counterexample["n"] or digest(labels) != spec["sha256"]
                or stored is not None and list(stored) != labels.tolist()):
            raise RecordError(f"{side}: {spec['shape']!r} at n = {spec['n']} does not rebuild "
                              f"the recorded input (expected digest {spec['sha256'][:12]}…, "
                              f"got {digest(labels)[:12]}…)")


def scale_counterexamples(result: Mapping[str, Any]) -> List[Dict[str, Any]]:
    """The scale counterexamples of one JSON result (its own and its findings')."""
    found = [result.get("counterexample"), result.get("tie"), result.get("error")]
    found += [f.get("counterexample") for f in result.get("findings") or ()]
    return [ce for ce in found if isinstance(ce, dict) and "shape" in ce and "n" in ce]


def compact_document(doc: Dict[str, Any]) -> Dict[str, Any]:
    """A report's JSON (a dict with ``"results"``) with every scale counterexample compacted
    in place (:func:`compact`); returned for convenience."""
    for result in doc.get("results") or ():
        for holder in [result, *(result.get("findings") or ())]:
            for key in ("counterexample", "tie", "error"):
                ce = holder.get(key)
                if isinstance(ce, dict) and "shape" in ce and "n" in ce:
                    holder[key] = compact(ce)
    return doc
