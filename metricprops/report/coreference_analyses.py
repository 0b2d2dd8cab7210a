"""The known analyses of the coreference metrics, checked by computation.

Each analysis states a claim from the coreference literature and checks it exhaustively on
small partitions with the built-in metrics (key = truth, response = prediction, the same
mentions), or on the reference scorer's published test cases:

* MUC ignores singleton entities (Vilain et al. 1995; Luo 2005, section 2): adding a
  singleton entity to the key and to the response never changes MUC recall or precision.
* The mention identification effect (Moosavi & Strube 2016, section 3): a response that
  resolves no coreference link at all -- every mention alone -- still gets B³, CEAF-m and
  CEAF-e credit against a key without singletons; MUC and LEA give it 0.
* MUC rewards over-merging (Luo 2005, section 2): the one-entity response has MUC recall 1
  against every key, and a MUC F at least that of the correct entities' worst merge.
* Each implementation against the published values of the reference scorer's test cases
  (:func:`reference_agreement`).
"""
from __future__ import annotations

import importlib.util
from typing import Any, Callable, Dict, List, Optional, Sequence

from ..enumeration import set_partitions
from ..partition import Partition
from ..registry import get_metric

__all__ = ["ANALYSES", "run_analyses", "reference_agreement"]

#: Exhaustive checks run on every key (and response) with at most this many mentions.
MAX_N = 7


def _scores(names: Sequence[str], truth: Partition, pred: Partition) -> Dict[str, float]:
    return {name: get_metric(name)(truth, pred) for name in names}


def _with_singleton(p: Partition) -> Partition:
    return Partition.from_labels(p.tolist() + [p.n_blocks])


def muc_ignores_singletons(max_n: int = 5) -> Dict[str, Any]:
    """Adding one singleton entity to both sides leaves MUC recall and precision unchanged."""
    names = ("muc_recall", "muc_precision")
    checked, counter = 0, None
    for n in range(1, max_n + 1):
        for key in set_partitions(n):
            for response in set_partitions(n):
                before = _scores(names, key, response)
                after = _scores(names, _with_singleton(key), _with_singleton(response))
                checked += 1
                if before != after and counter is None:
                    counter = {"key": key.notation(), "response": response.notation(),
                               "before": before, "after": after}
    return {"holds": counter is None, "checked": checked, "counterexample": counter}


def mention_identification_effect(max_n: int = MAX_N) -> Dict[str, Any]:
    """All-singleton responses against keys without singletons: which metrics give credit."""
    credit = ("b3_f", "ceaf_m_f", "ceaf_e_f")
    none = ("muc_f", "lea_f")
    checked, counter, smallest = 0, None, None
    for n in range(2, max_n + 1):
        response = Partition.singletons(n)
        for key in set_partitions(n):
            if min(key.sizes) < 2:
                continue
            s = _scores(credit + none, key, response)
            checked += 1
            ok = all(s[c] > 0 for c in credit) and all(s[z] == 0 for z in none)
            if not ok and counter is None:
                counter = {"key": key.notation(), "scores": s}
            if smallest is None:
                smallest = {"key": key.notation(), "response": response.notation(), "scores": s}
    return {"holds": counter is None, "checked": checked, "counterexample": counter,
            "example": smallest}


def muc_rewards_merging(max_n: int = MAX_N) -> Dict[str, Any]:
    """The one-entity response has MUC recall 1 against every key (while LEA precision and
    CEAF-e penalise it)."""
    names = ("muc_recall", "muc_precision", "muc_f", "lea_f", "ceaf_e_f")
    checked, counter = 0, None
    for n in range(2, max_n + 1):
        response = Partition.one_block(n)
        for key in set_partitions(n):
            if key.n_blocks == n:
                continue  # no key link: MUC recall is 0/0 (0 by the scorer's convention)
            s = _scores(("muc_recall",), key, response)
            checked += 1
            if s["muc_recall"] != 1.0 and counter is None:
                counter = {"key": key.notation(), "scores": s}
    # Luo's (2005) example: entities of 5, 2 and 5 mentions, everything merged into one
    key = Partition.from_sizes((5, 2, 5))
    merged = Partition.one_block(12)
    example = {"key": key.notation(), "response": merged.notation(),
               "scores": _scores(names, key, merged),
               "correct": _scores(names, key, key)}
    return {"holds": counter is None, "checked": checked, "counterexample": counter,
            "example": example}


#: (key, title, source, function)
ANALYSES = (
    ("muc_singletons", "MUC ignores singleton entities",
     "Vilain et al. 1995; Luo 2005, section 2", muc_ignores_singletons),
    ("mention_identification", "Mention identification effect: credit without any resolved link",
     "Moosavi & Strube 2016, section 3", mention_identification_effect),
    ("muc_merging", "MUC rewards over-merging: one entity has MUC recall 1",
     "Luo 2005, section 2", muc_rewards_merging),
)


def run_analyses() -> List[Dict[str, Any]]:
    """Every analysis with its verdict."""
    return [{"analysis": key, "title": title, "source": source, **func()}
            for key, title, source, func in ANALYSES]


_SCORCH = {"muc": "muc", "b3": "b_cubed", "ceaf_m": "ceaf_m", "ceaf_e": "ceaf_e",
           "blanc": "blanc"}


def _ours(key_path: Any, response_path: Any, family: str) -> Sequence[float]:
    from ..coref import score_conll
    s = score_conll(key_path, response_path, [f"{family}_recall", f"{family}_precision",
                                              f"{family}_f"])
    return tuple(s.values())


def _scorch(key_path: Any, response_path: Any, family: str) -> Optional[Sequence[float]]:
    """scorch's (R, P, F) on a one-document case (None for several documents)."""
    from scorch import scores

    from ..coref import read_conll
    key, response = read_conll(key_path), read_conll(response_path)
    if len(key) != 1 or set(key) != set(response):
        return None
    name = next(iter(key))
    k = [set(map(tuple, e)) for e in key[name].entities]
    r = [set(map(tuple, e)) for e in response[name].entities]
    return tuple(float(v) for v in getattr(scores, _SCORCH[family])(k, r))


def reference_agreement(implementations: Optional[Dict[str, Callable[..., Any]]] = None,
                        tolerance: Optional[float] = None) -> Dict[str, Any]:
    """Each implementation against every published ``[R, P, F1]`` of the reference scorer's
    test cases: the number checked and every disagreement beyond the tolerance (or the
    exception it raised)."""
    from ..coref.reference import DATA, TOL, load_cases

    tol = TOL if tolerance is None else tolerance
    out: Dict[str, Any] = {}
    if implementations is None:
        implementations = {"metricprops": _ours}
        if importlib.util.find_spec("scorch") is None:
            out["scorch"] = {"missing": "the scorch package is not installed (pip install scorch)"}
        else:
            implementations["scorch"] = _scorch
    impls = implementations
    for name, func in impls.items():
        checked, skipped, wrong = 0, 0, []
        for cid, key, response, expected in load_cases():
            for family, rpf in expected.items():
                try:
                    got = func(DATA / key, DATA / response, family)
                except Exception as exc:  # the implementation's failure is a finding
                    wrong.append({"case": cid, "metric": family, "expected": list(rpf),
                                  "error": f"{type(exc).__name__}: {exc}"})
                    continue
                if got is None:
                    skipped += 1
                    continue
                checked += 1
                if any(abs(g - e) > tol for g, e in zip(got, rpf)):
                    wrong.append({"case": cid, "metric": family, "expected": list(rpf),
                                  "got": [float(g) for g in got]})
        out[name] = {"checked": checked, "skipped": skipped, "disagreements": wrong}
    return out
