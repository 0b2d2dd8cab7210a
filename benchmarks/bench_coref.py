"""Coreference scores at 10^6 mentions: metricprops.coref against the scorch package.

    pip install -e . scorch && python benchmarks/bench_coref.py

``scorch`` (PyPI, "alternative scorer for the CoNLL-2011/2012 shared tasks") is the Python
port of the reference scorer that installs from the package index here; ``coval`` on PyPI is
an unrelated project of the same name, and the CoNLL scorer ports ``coval``/``corefud-scorer``
are not published there.  scorch scores one document at a time and returns (R, P, F), so:

1. **documents**: 10^6 mentions in documents of ``--doc-size`` mentions (default 500, CoNLL
   documents hold a few hundred).  metricprops scores them (a) micro-averaged in one call,
   as the reference scorer does, and (b) document by document like scorch; scorch scores
   them document by document.  The table shows times, the ratio scorch / metricprops (b),
   and the largest absolute difference of the per-document values.
2. **one document**: all 10^6 mentions in one document, metricprops alone, with scorch's
   time measured at growing sizes while one call is predicted to stay under
   ``--peer-limit`` seconds (its B³ and MUC are quadratic in the number of entities, its CEAF
   builds the dense |key| × |response| matrix).

Synthetic data (seeded): key entities of Poisson(3) sizes; the response drops 10% of the key
mentions, moves 10% to another entity and adds 5% spurious mentions.  scorch's fast BLANC uses
``np.bool``, removed in numpy 1.24; the alias is restored for it (``np.bool = bool``) before
timing.  This is a script, not a test: it asserts nothing, it prints.

Measured once (seed 0, Python 3.11.7, numpy 2.4.6, scorch 0.2.0, x86_64 container): 10^6
mentions in 2000 documents, all 19 scores micro-averaged in 1.10 s; per document, CoNLL F
3.19 s against scorch's 87.7 s (27×), MUC 37×, B³ 31×, CEAF-m 5×, CEAF-e 8×, BLANC 3×,
largest per-document difference 4.4e-16.  One document of 10^6 mentions: all 19 scores in
1.18 s (CoNLL F 0.86 s); scorch's CoNLL F took 12.5 s at 8,000 mentions (1279× ours) and
grows quadratically.
"""
from __future__ import annotations

import argparse
import platform
import sys
import time
from typing import Callable, List, Tuple

import numpy as np

from metricprops.coref import score, score_documents

FAMILIES = ("muc", "b3", "ceaf_m", "ceaf_e", "blanc", "lea")
PEER = {"muc": "muc", "b3": "b_cubed", "ceaf_m": "ceaf_m", "ceaf_e": "ceaf_e", "blanc": "blanc"}


def document(rng: np.random.Generator, m: int, offset: int = 0) -> Tuple[list, list]:
    """A key and a response over about ``m`` key mentions (ids offset .. offset + m - 1)."""
    ids = np.arange(offset, offset + m)
    key_lab = rng.integers(0, max(1, m // 3), m)
    resp_lab = key_lab.copy()
    moved = rng.random(m) < 0.10
    resp_lab[moved] = rng.integers(0, max(1, m // 3) + 5, moved.sum())
    kept = rng.random(m) >= 0.10
    n_spur = int(0.05 * m)
    spur_ids = np.arange(offset + m, offset + m + n_spur)
    spur_lab = rng.integers(0, max(1, m // 3) + 5, n_spur)
    return (_clusters(ids, key_lab),
            _clusters(np.concatenate([ids[kept], spur_ids]),
                      np.concatenate([resp_lab[kept], spur_lab])))


def _clusters(ids: np.ndarray, labels: np.ndarray) -> list:
    order = np.argsort(labels, kind="stable")
    ids, labels = ids[order].tolist(), labels[order]
    cuts = np.flatnonzero(np.diff(labels)) + 1
    bounds = [0, *cuts.tolist(), len(ids)]
    return [ids[s:e] for s, e in zip(bounds[:-1], bounds[1:])]


def timed(func: Callable[[], object]) -> Tuple[float, object]:
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def fmt(seconds: float) -> str:
    return f"{seconds * 1e3:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def print_table(title: str, header: List[str], rows: List[List[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print(f"\n{title}\n")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |")
    sys.stdout.flush()


def peer_scores(scorch, fam: str, key: list, resp: list) -> Tuple[float, float, float]:
    k, r = [set(c) for c in key], [set(c) for c in resp]
    if fam == "conll":
        return (0.0, 0.0, scorch.conll2012(k, r))
    return getattr(scorch, PEER[fam])(k, r)


def documents_table(args: argparse.Namespace, scorch) -> None:
    rng = np.random.default_rng(args.seed)
    n_docs = max(1, args.mentions // args.doc_size)
    docs = [document(rng, args.doc_size) for _ in range(n_docs)]
    n_key = sum(len(m) for k, _ in docs for m in k)
    t_micro, _ = timed(lambda: score_documents(docs))
    rows = [["all 19 scores, micro-averaged (one call)", fmt(t_micro), "", "", ""]]
    for fam in FAMILIES + ("conll",):
        names = ["conll_f"] if fam == "conll" else [f"{fam}_recall", f"{fam}_precision",
                                                    f"{fam}_f"]
        t_ours, ours = timed(lambda: [list(score(k, r, names).values()) for k, r in docs])
        if scorch is None or fam not in PEER and fam != "conll":
            rows.append([fam, fmt(t_ours), "—", "—", "—"])
            continue
        t_peer, theirs = timed(lambda: [peer_scores(scorch, fam, k, r) for k, r in docs])
        if fam == "conll":
            theirs = [[t[2]] for t in theirs]
        diff = max(abs(a - b) for o, t in zip(ours, theirs) for a, b in zip(o, t))
        rows.append([fam, fmt(t_ours), fmt(t_peer), f"{t_peer / t_ours:.1f}×", f"{diff:.1e}"])
    print_table(f"Table 1: {n_key:,} key mentions in {n_docs} documents of {args.doc_size} "
                f"(per document unless stated)",
                ["scores", "metricprops", "scorch", "scorch / ours", "max |Δ| per doc"], rows)


def single_document_table(args: argparse.Namespace, scorch) -> None:
    rng = np.random.default_rng(args.seed + 1)
    key, resp = document(rng, args.mentions)
    rows = []
    for fam in FAMILIES + ("conll",):
        names = ["conll_f"] if fam == "conll" else [f"{fam}_recall", f"{fam}_precision",
                                                    f"{fam}_f"]
        t, _ = timed(lambda: score(key, resp, names))
        rows.append([fam, f"{args.mentions:,}", fmt(t)])
    t, _ = timed(lambda: score(key, resp))
    rows.append(["all 19 scores", f"{args.mentions:,}", fmt(t)])
    print_table("Table 2: one document, metricprops", ["scores", "mentions", "time"], rows)
    if scorch is None:
        return
    rows = []
    for fam in ("muc", "b3", "ceaf_e", "blanc", "conll"):
        m, last = 500, None
        while m <= args.mentions:
            if last is not None and last * 4.5 > args.peer_limit:  # quadratic: ×2 size, ×4 time
                rows.append([fam, f"{m:,}", f"skipped (predicted > {args.peer_limit:g} s)",
                             "", "", ""])
                break
            k, r = document(np.random.default_rng(m), m)
            last, theirs = timed(lambda: peer_scores(scorch, fam, k, r))
            names = ["conll_f"] if fam == "conll" else [f"{fam}_recall", f"{fam}_precision",
                                                        f"{fam}_f"]
            t_ours, ours = timed(lambda: list(score(k, r, names).values()))
            theirs = [theirs[2]] if fam == "conll" else list(theirs)
            diff = max(abs(a - b) for a, b in zip(ours, theirs))
            rows.append([fam, f"{m:,}", fmt(last), fmt(t_ours), f"{last / t_ours:.0f}×",
                         f"{diff:.1e}"])
            m *= 2
    print_table("Table 3: scorch on one growing document",
                ["scores", "mentions", "scorch", "metricprops", "scorch / ours", "max |Δ|"],
                rows)


def main(argv: List[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mentions", type=int, default=1_000_000)
    parser.add_argument("--doc-size", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--peer-limit", type=float, default=30.0)
    parser.add_argument("--only", choices=("documents", "single"), default=None)
    args = parser.parse_args(argv)
    try:
        from importlib.metadata import version

        import scorch.scores as scorch
        peer = f"scorch {version('scorch')}"
        if not hasattr(np, "bool"):
            np.bool = bool  # scorch's fast BLANC uses the alias numpy 1.24 removed
    except ImportError:
        scorch, peer = None, "scorch not installed (pip install scorch)"
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {peer}, "
          f"{platform.machine()}, seed {args.seed}")
    if args.only in (None, "documents"):
        documents_table(args, scorch)
    if args.only in (None, "single"):
        single_document_table(args, scorch)


if __name__ == "__main__":
    main()
