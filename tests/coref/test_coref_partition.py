"""The partition built-ins of metrics.coreference equal the mention-set scorer on shared
mentions."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from metricprops.coref import METRIC_NAMES, score
from metricprops.metrics import CONVENTION_KEYS
from metricprops.metrics import coreference as C
from metricprops.strategies import partition_pairs

BY_NAME = {m.name: m for m in C.METRICS}


def clusters(partition) -> list:
    return [list(block) for block in partition.blocks]


def test_the_builtins_are_exactly_the_scorer_names():
    assert tuple(BY_NAME) == METRIC_NAMES
    assert len(C.METRICS) == 19


@given(partition_pairs(max_items=25))
@pytest.mark.slow
def test_builtins_equal_the_scorer_on_the_same_mentions(pair):
    truth, pred = pair
    expected = score(clusters(truth), clusters(pred))
    for name, met in BY_NAME.items():
        value = met(truth.labels, pred.labels)
        assert type(value) is float
        assert value == pytest.approx(expected[name], abs=1e-12), name


@st.composite
def mention_sets(draw):
    """Key and response over overlapping mention sets, with repeated response mentions."""
    n = draw(st.integers(0, 20))
    key_ids = draw(st.lists(st.integers(0, 30), min_size=n, max_size=n, unique=True))
    key_lab = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    m = draw(st.integers(0, 22))
    resp_ids = draw(st.lists(st.integers(0, 35), min_size=m, max_size=m))
    resp_lab = draw(st.lists(st.integers(0, 5), min_size=m, max_size=m))

    def group(ids, labs):
        return [[i for i, lab in zip(ids, labs) if lab == v] for v in sorted(set(labs))]

    return group(key_ids, key_lab), group(resp_ids, resp_lab)


@given(mention_sets())
@pytest.mark.slow
def test_integer_fast_path_equals_hashing_path(sets):
    key, response = sets
    as_ints = score(key, response, max_duplicates=None)
    as_strings = score([[f"m{i}" for i in c] for c in key],
                       [[f"m{i}" for i in c] for c in response], max_duplicates=None)
    sparse = score([[i * 10**12 for i in c] for c in key],  # ids too spread for array lookup
                   [[i * 10**12 for i in c] for c in response], max_duplicates=None)
    assert as_ints == as_strings == sparse


@given(mention_sets())
@pytest.mark.slow
def test_scores_are_in_bounds(sets):
    key, response = sets
    for name, value in score(key, response, max_duplicates=None).items():
        assert 0.0 <= value <= 1.0 + 1e-12, name


def test_metadata():
    for met in C.METRICS:
        assert set(CONVENTION_KEYS) <= set(met.conventions), met.name
        assert met.bounds == (0.0, 1.0) and met.perfect == 1.0 and met.kind == "similarity"
        assert met.citation and "Pradhan" in met.citation
    assert BY_NAME["blanc_f"].symmetric is False  # its one-part rule looks at the key only
    assert all(BY_NAME[f"{f}_f"].symmetric for f in ("muc", "b3", "ceaf_m", "ceaf_e", "lea"))
    assert BY_NAME["muc_recall"].symmetric is False


@pytest.mark.parametrize("truth,pred,name,expected", [
    # n = 1: no links (MUC, BLANC 0), the singleton is resolved (LEA 1), CoNLL F = 2/3
    ([0], [0], "muc_f", 0.0),
    ([0], [0], "blanc_f", 0.0),
    ([0], [0], "lea_f", 1.0),
    ([0], [0], "b3_f", 1.0),
    ([0], [0], "ceaf_e_f", 1.0),
    ([0], [0], "conll_f", 2 / 3),
    # identical all-singletons: MUC ignores singletons (0), BLANC uses its non-coref part (1)
    ([0, 1, 2], [0, 1, 2], "muc_f", 0.0),
    ([0, 1, 2], [0, 1, 2], "blanc_f", 1.0),
    ([0, 1, 2], [0, 1, 2], "lea_f", 1.0),
    # one-block prediction of {0 1 | 2 3 4}: MUC R = 1, P = (5 - 2)/(5 - 1)
    ([0, 0, 1, 1, 1], [0] * 5, "muc_precision", 3 / 4),
    ([0, 0, 1, 1, 1], [0] * 5, "muc_recall", 1.0),
    ([0, 0, 1, 1, 1], [0] * 5, "ceaf_m_f", 3 / 5),
    ([0, 0, 1, 1, 1], [0] * 5, "ceaf_e_precision", 2 * 3 / (3 + 5)),
    ([0, 0, 1, 1, 1], [0] * 5, "lea_precision", (1 + 3) / 10),
    ([0, 0, 1, 1, 1], [0] * 5, "blanc_precision", (4 / 10 + 0) / 2),
    # all-singletons prediction: P_c = 0, LEA R = P = share of key singletons
    ([0, 0, 1], [0, 1, 2], "blanc_precision", (0 + 2 / 3) / 2),
    ([0, 0, 1], [0, 1, 2], "lea_recall", 1 / 3),
    ([0, 0, 1], [0, 1, 2], "ceaf_e_recall", (2 / 3 + 1) / 2),
])
def test_conventions(truth, pred, name, expected):
    assert BY_NAME[name](truth, pred) == pytest.approx(expected, abs=1e-12)


def test_ceaf_is_numeric_only_the_others_have_exact_forms():
    from metricprops.contingency import Contingency
    symbolic = pytest.importorskip("metricprops.symbolic")
    table = symbolic.SymbolicTable.from_contingency(
        Contingency.from_labels([0, 0, 1, 1, 2], [0, 1, 1, 2, 2]))
    for name, met in BY_NAME.items():
        if name.startswith("ceaf") or name == "conll_f":
            with pytest.raises(NotImplementedError):
                met.from_table(table)
        else:
            exact = met.from_table(table)
            assert math.isclose(float(exact), met([0, 0, 1, 1, 2], [0, 1, 1, 2, 2]),
                                abs_tol=1e-12), name


@pytest.mark.slow
def test_large_partition_is_fast_and_matches_the_scorer():
    rng = np.random.default_rng(0)
    n = 200_000
    truth = rng.integers(0, n // 3, n)
    pred = np.where(rng.random(n) < 0.1, rng.integers(0, n // 3, n), truth)
    value = C.conll_f(truth, pred)
    order_t, order_p = np.argsort(truth, kind="stable"), np.argsort(pred, kind="stable")

    def cut(lab, order):
        return np.split(order, np.flatnonzero(np.diff(lab[order])) + 1)

    expected = score([c.tolist() for c in cut(truth, order_t)],
                     [c.tolist() for c in cut(pred, order_p)], ["conll_f"])["conll_f"]
    assert value == pytest.approx(expected, abs=1e-12)
