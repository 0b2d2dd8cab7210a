"""The scorer against a naive transcription of the reference scorer v8.01's steps.

``naive`` follows ``IdentifMentions``, ``MUCScorer``, ``BCUBED``, ``CEAF`` (dense assignment),
``BLANC_Internal`` (links as a set of "id1-id2" keys) and ``ShowRPF`` / ``ScoreBLANC`` one
statement at a time, in Python, on small inputs; LEA follows Moosavi & Strube (2016) on the
same chains.  Random inputs include missing, spurious and repeated mentions (repeats of key
mentions are dropped by the scorer, repeats of spurious mentions are kept).
"""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.optimize import linear_sum_assignment

from metricprops.coref import METRIC_NAMES, score


def _rpf(nr, dr, np_, dp):
    r = nr / dr if dr else 0.0
    p = np_ / dp if dp else 0.0
    return r, p, (2 * p * r / (p + r) if p + r else 0.0)


def _identify(key, response):
    ids = {}
    for entity in key:
        for m in entity:
            ids[m] = len(ids)
    mapped, resp = {}, []
    for entity in response:
        kept = []
        for m in entity:
            if m in mapped:  # only mentions matched to the key are in the map here
                continue
            if m in ids:
                mapped[m] = ids[m]
            kept.append(m)
        if kept:
            resp.append(kept)
    count = len(ids)
    for entity in resp:
        for m in entity:
            if m not in mapped:
                mapped[m] = count
                count += 1
    return [[ids[m] for m in e] for e in key if e], [[mapped[m] for m in e] for e in resp]


def _ceaf(keys, resp, sim):
    if not keys or not resp:
        return 0.0
    matrix = np.array([[sim(k, r) for r in resp] for k in keys], dtype=float)
    ri, ci = linear_sum_assignment(matrix, maximize=True)
    return float(matrix[ri, ci].sum())


def _blanc(keys, resp):
    def links(chains):
        coref = {tuple(sorted(p)) for c in chains for p in combinations(c, 2)}
        non = {tuple(sorted((x, y))) for a, b in combinations(chains, 2) for x in a for y in b}
        return coref, non

    kc, kn = links(keys)
    rc, rn = links(resp)
    rc_, pc_, fc = _rpf(len(kc & rc), len(kc), len(kc & rc), len(rc))
    rn_, pn_, fn = _rpf(len(kn & rn), len(kn), len(kn & rn), len(rn))
    if not kc and not kn:
        return 0.0, 0.0, 0.0
    if not kc:
        return rn_, pn_, fn
    if not kn:
        return rc_, pc_, fc
    return (rc_ + rn_) / 2, (pc_ + pn_) / 2, (fc + fn) / 2


def _lea(inp, out):
    where = {m: i for i, c in enumerate(out) for m in c}
    num = den = 0.0
    for c in inp:
        if len(c) == 1:
            resolved, links = float(c[0] in where and len(out[where[c[0]]]) == 1), 1
        else:
            links = len(c) * (len(c) - 1) / 2
            resolved = sum(1 for i, j in combinations(range(len(c)), 2)
                           if c[i] in where and c[j] in where and where[c[i]] == where[c[j]])
        num += len(c) * resolved / links
        den += len(c)
    return num, den


def naive(key, response):
    keys, resp = _identify(key, response)
    kidx = {m: i for i, k in enumerate(keys) for m in k}
    out = {}
    correct = sum(1 for r in resp for i in range(len(r))
                  if any(r[i] in kidx and r[j] in kidx and kidx[r[i]] == kidx[r[j]]
                         for j in range(i + 1, len(r))))
    out["muc"] = _rpf(correct, sum(len(k) - 1 for k in keys), correct,
                      sum(len(r) - 1 for r in resp))
    acc_p = acc_r = 0.0
    for r in resp:
        for m in r:
            k = keys[kidx[m]] if m in kidx else []
            ci = sum(1 for x in r if x in k)
            acc_p += ci / len(r)
            acc_r += ci / len(k) if k else 0
    out["b3"] = _rpf(acc_r, sum(map(len, keys)), acc_p, sum(map(len, resp)))
    phi3 = _ceaf(keys, resp, lambda k, r: sum(1 for x in k if x in r))
    out["ceaf_m"] = _rpf(phi3, sum(map(len, keys)), phi3, sum(map(len, resp)))
    phi4 = _ceaf(keys, resp, lambda k, r: 2 * sum(1 for x in k if x in r) / (len(k) + len(r)))
    out["ceaf_e"] = _rpf(phi4, len(keys), phi4, len(resp))
    out["blanc"] = _blanc(keys, resp)
    out["lea"] = _rpf(*_lea(keys, resp), *_lea(resp, keys))
    scores = {f"{f}_{p}": v for f, rpf in out.items()
              for p, v in zip(("recall", "precision", "f"), rpf)}
    scores["conll_f"] = (scores["muc_f"] + scores["b3_f"] + scores["ceaf_e_f"]) / 3
    return scores


@st.composite
def documents(draw):
    n = draw(st.integers(0, 12))
    key_ids = draw(st.permutations(range(n)))
    key_lab = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    m = draw(st.integers(0, 16))
    resp = draw(st.lists(st.tuples(st.integers(0, n + 4), st.integers(0, 4)),
                         min_size=m, max_size=m))

    def group(pairs):
        return [[i for i, lab in pairs if lab == v] for v in sorted({lab for _, lab in pairs})]

    return group(list(zip(key_ids, key_lab))), group(resp)


@given(documents())
@pytest.mark.slow
def test_scorer_equals_the_naive_transcription(doc):
    key, response = doc
    got = score(key, response, max_duplicates=None)
    expected = naive(key, response)
    for name in METRIC_NAMES:
        assert got[name] == pytest.approx(expected[name], abs=1e-12), name


def test_repeated_spurious_mention_is_kept_like_the_scorer():
    key = [["a", "b"], ["c"]]
    response = [["a", "b", "x", "x"], ["c", "x"]]  # x is spurious: every copy stays
    got = score(key, response)
    expected = naive(key, response)
    assert got == pytest.approx(expected, abs=1e-12)
    assert got["muc_precision"] == pytest.approx(1 / 4)  # 1 correct link of 3 + 1
    assert got["b3_precision"] == pytest.approx((2 * 2 / 4 + 1 / 2) / 6)
    # BLANC response links: a-b a-x b-x x-x | c-x ; non-links: a-c b-c x-c a-x b-x x-x
    assert got["blanc_precision"] == pytest.approx((1 / 5 + 2 / 6) / 2)
