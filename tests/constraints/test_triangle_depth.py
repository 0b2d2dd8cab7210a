"""The triangle inequality beyond four items: 1 − Fair NMI breaks first at five items.

Fair NMI (Amelio & Pizzuti) is NMI (arithmetic) × exp(−|k_A − k_B| / k_A); written here from
the built-in NMI so the test does not depend on the built-in catalogue.  Its smallest
triangle violations have five items and three blocks in each of A, B, C, B one move from A
and C one move from B, e.g. A = {0 1 2 | 3 | 4}, B = {0 1 | 2 3 | 4}, C = {0 4 | 1 | 2 3}:
every factor exp(·) is 1 and d = 1 − NMI gives d(A, B) ≈ 0.3287, d(B, C) ≈ 0.2628 and
d(A, C) ≈ 0.6053 > 0.5916.  Nothing with four items or fewer breaks (exhaustive, below).
"""
from __future__ import annotations

import math

import pytest

import metricprops as mp
from metricprops.constraints._triples import TRIPLE_N, enumerate_triples, near_triples

nmi = mp.get_metric("nmi")


def _fair(t, p):
    kt, kp = len(set(t)), len(set(p))
    return nmi(t, p) * math.exp(-abs(kt - kp) / kt)


one_minus_fair = mp.metric(lambda t, p: 1 - _fair(t, p), name="one_minus_fair_nmi",
                           kind="distance", bounds=(0, 1), perfect=0)


@pytest.fixture
def check_budget():
    return dict(seed=3, max_examples=200, exhaustive_n=5, max_items=30, scale_max_n=0)


def test_worked_example():
    a, b, c = ([0, 0, 0, 1, 2], [0, 0, 1, 1, 2], [0, 1, 2, 2, 0])
    d = one_minus_fair
    assert d(a, b) == pytest.approx(0.32873051467256253)
    assert d(b, c) == pytest.approx(0.2628245061929839)
    assert d(a, c) > d(a, b) + d(b, c)


def test_triples_are_enumerated_up_to_five_items():
    assert TRIPLE_N == 5
    sizes = [i.n for i in enumerate_triples(5)]
    assert max(sizes) == 5 and sizes.count(5) == 7 * 52 * 52


def test_default_exhaustive_phase_finds_the_five_item_violation(run):
    r = run(one_minus_fair, "triangle_inequality", max_examples=0)
    assert r.status == "failed"
    assert len(r.counterexample["truth"]) == 5 and r.found_by == "exhaustive"
    # the first five-item triple in enumeration order (A's shapes largest first)
    assert r.counterexample["notation"] == {"truth": "{0 1 2 | 3 | 4}", "b": "{0 1 | 2 | 3 4}",
                                            "c": "{0 1 3 4 | 2}"}
    s = r.counterexample["scores"]
    assert s["d(A,C)"] > s["d(A,B)"] + s["d(B,C)"]


@pytest.mark.slow
def test_random_phase_alone_finds_a_violation_beyond_four_items(run):
    # exhaustive up to 4 items: nothing there; the near-identical triples find one
    r = run(one_minus_fair, "triangle_inequality", exhaustive_n=4)
    assert r.status == "failed", r.describe()
    assert len(r.counterexample["truth"]) >= 5 and r.found_by == "random"


@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_vi_passes_beyond_four_items(run):
    r = run("vi", "triangle_inequality", max_examples=100)
    assert r.status == "passed", r.describe()
    assert "at most 5 items" in r.message


def test_message_names_the_triple_limit_when_the_exhaustive_size_is_larger(run):
    r = run("vi", "triangle_inequality", max_examples=0, exhaustive_n=6)
    assert "Triples were enumerated exhaustively up to 5 items only (not 6)" in r.message


def test_near_triples_are_local():
    from hypothesis import HealthCheck, given, settings

    @settings(max_examples=60, suppress_health_check=list(HealthCheck), deadline=None)
    @given(near_triples(12))
    def check(abc):
        a, b, c = abc
        assert a.n == b.n == c.n >= 3

    check()
