"""One store of values per metric and audit, shared by the checks of the metric in a process.

The exhaustive and random phases of every constraint draw their instances from the same
small partitions, so the checks of one metric call it on the same inputs again and again:
of the calls on at most 32 items of a whole audit in one process, 22% of scikit-learn's
``adjusted_rand_score``'s and 46% of clusim's first two targets' repeat an input another
check of the metric gave (measured 2026-12-06).  :class:`StoreScorer` keeps every value a
check's scorer gets on inputs of at most :data:`MAX_ITEMS` items, per metric, and answers
the next check's call on the same input from it.  An audit starts with no value
(:func:`metricprops.engine.run_audit` calls :func:`forget` before its workers start): a
metric may read state that changed between two audits in one process.

What it does not change: a check still counts the call (its ``calls`` are the same on every
run and for every number of workers, whichever check of the metric called first), the input
is the exact labels the metric is given (a renaming is another input), only values are kept
(an error, a time-out or a value that is no number is met again by the next check), and what
must call the metric afresh does: the replay of a violation (:meth:`Search.replay_findings`,
whose own scorer has no store), the determinism, renaming, label and immutability checks'
own calls, the timings of ``scaling`` and the scale phase.  A metric whose value depends on
what it was called with before is the determinism check's finding, as without the store.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Dict, Tuple

from ..calls import Scorer
from ..partition import Partition

__all__ = ["StoreScorer", "MAX_ITEMS", "forget", "metric_key"]

#: Inputs of at most this many items are kept (the exhaustive and random phases' sizes).
MAX_ITEMS = 32
#: Values kept per metric; past it the metric's store starts again (an audit's checks of
#: one metric give 10,000-25,000, mostly of a few items; 50,000 of 32 items take 35 MB).
MAX_VALUES = 50_000
#: Metrics whose stores are kept (the checks of one metric run one after another).
MAX_METRICS = 4

Key = Tuple[bytes, bytes, int]
_STORES: OrderedDict[tuple, Dict[Key, float]] = OrderedDict()


def metric_key(metric: Any) -> tuple:
    """What a metric's memos are kept under (this store, the scale phase's shapes): its name
    and function -- a check in a worker gets a copy of the Metric, but the same imported
    function."""
    return (metric.name, metric.func or metric.formula)


def _store(metric: Any) -> Dict[Key, float]:
    """The store of ``metric`` (:func:`metric_key`)."""
    name = metric_key(metric)
    store = _STORES.get(name)
    if store is None or len(store) >= MAX_VALUES:
        store = _STORES[name] = {}
        while len(_STORES) > MAX_METRICS:
            _STORES.popitem(last=False)
    _STORES.move_to_end(name)
    return store


def forget() -> None:
    """Empty every store (at the start of each audit)."""
    _STORES.clear()


class StoreScorer(Scorer):
    """A check's scorer whose values on small inputs are shared with the other checks of
    the metric in this process (see the module)."""

    def _value(self, key: Key, truth: Partition, pred: Partition) -> float:
        if truth.n > MAX_ITEMS:
            return super()._value(key, truth, pred)
        store = _store(self.metric)
        if key in store:
            return store[key]
        number = super()._value(key, truth, pred)
        store[key] = number
        return number
