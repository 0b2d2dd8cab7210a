"""Public hypothesis strategies: eager validation, valid-by-construction instances, shrinking."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

import metricprops as mp
from metricprops.constraints.degenerate import degenerate_prediction, is_uninformed_case
from metricprops.errors import InvalidArgumentError, UnknownNameError
from metricprops.partition import Partition
from metricprops.strategies import instances, partition_pairs, partitions

CONSTRAINTS = ["zero_score", "degenerate", "homogeneity", "completeness", "rag_bag",
               "size_vs_quantity"]
# no explain phase: it replays every shrunk choice and is slow (the checker skips it too)
FIND = settings(database=None, derandomize=True, max_examples=100,
                phases=(Phase.explicit, Phase.generate, Phase.shrink))


# ---------------------------------------------------------------------------------------
# eager argument validation
# ---------------------------------------------------------------------------------------
BAD_SIZES = [
    dict(min_items=3, max_items=2),
    dict(min_items=-1),
    dict(max_items=-1),
    dict(min_items=0, max_items=-5),
    dict(max_items=2.5),
    dict(min_items="1"),
    dict(max_items=True),
    dict(max_items=None),
    dict(max_blocks=0),
    dict(max_blocks=-2),
    dict(max_blocks=1.0),
]


@pytest.mark.parametrize("factory", [partitions, partition_pairs])
@pytest.mark.parametrize("kwargs", BAD_SIZES,
                         ids=lambda kw: ",".join(f"{k}={v!r}" for k, v in kw.items()))
def test_bad_arguments_raise_when_the_strategy_is_built(factory, kwargs):
    with pytest.raises(InvalidArgumentError) as info:
        factory(**kwargs)  # built, never drawn from
    assert isinstance(info.value, ValueError)
    assert "expected" in str(info.value)


def test_min_greater_than_max_message_names_both():
    with pytest.raises(InvalidArgumentError, match=r"min_items=3, max_items=2"):
        partitions(min_items=3, max_items=2)


@pytest.mark.parametrize("name, max_items", [
    ("homogeneity", 0), ("homogeneity", 1), ("completeness", 1), ("zero_score", 1),
    ("rag_bag", 4), ("size_vs_quantity", 9), ("homogeneity", 2.0), ("rag_bag", "7"),
])
def test_instances_validate_max_items_eagerly(name, max_items):
    with pytest.raises(InvalidArgumentError):
        instances(name, max_items=max_items)


def test_instances_unknown_constraint():
    with pytest.raises(UnknownNameError):
        instances("no_such_constraint")


@settings(max_examples=20)
@given(st.data())
def test_edge_sizes_are_accepted_and_drawn(data):
    assert data.draw(partitions(min_items=0, max_items=0)).n == 0
    assert data.draw(partitions(min_items=4, max_items=4, max_blocks=1)) == Partition.one_block(4)
    truth, pred = data.draw(partition_pairs(min_items=1, max_items=1))
    assert truth == pred == Partition.one_block(1)
    # the smallest budgets the constructions fit in: exactly their bare construction
    rag_bag = data.draw(instances("rag_bag", max_items=5))
    assert rag_bag.n == 5
    check_rag_bag(rag_bag)
    size_vs_quantity = data.draw(instances("size_vs_quantity", max_items=10))
    assert size_vs_quantity.n == 10
    check_size_vs_quantity(size_vs_quantity)


# ---------------------------------------------------------------------------------------
# drawn values respect the arguments
# ---------------------------------------------------------------------------------------
@given(st.data())
def test_partitions_respect_their_arguments(data):
    lo = data.draw(st.integers(0, 8), label="min_items")
    hi = data.draw(st.integers(lo, 12), label="max_items")
    k = data.draw(st.none() | st.integers(1, 5), label="max_blocks")
    p = data.draw(partitions(min_items=lo, max_items=hi, max_blocks=k))
    assert isinstance(p, Partition)
    assert lo <= p.n <= hi
    assert p.n_blocks <= (k if k is not None else max(hi, 1))


@given(st.data())
def test_pairs_share_their_items(data):
    lo = data.draw(st.integers(1, 6), label="min_items")
    hi = data.draw(st.integers(lo, 12), label="max_items")
    k = data.draw(st.none() | st.integers(1, 4), label="max_blocks")
    truth, pred = data.draw(partition_pairs(min_items=lo, max_items=hi, max_blocks=k))
    assert truth.n == pred.n and lo <= truth.n <= hi
    if k is not None:
        assert truth.n_blocks <= k and pred.n_blocks <= k


# ---------------------------------------------------------------------------------------
# every instance is valid by construction (random and exhaustive phases)
# ---------------------------------------------------------------------------------------
def _classes(truth, items):
    labels = truth.tolist()
    return {labels[i] for i in items}


def _changed(a, b):
    """Blocks of ``a`` that are not blocks of ``b``."""
    return sorted(set(map(frozenset, a.blocks)) - set(map(frozenset, b.blocks)), key=min)


def check_zero_score(inst):
    assert inst.n >= 2 and not inst.preds


def check_degenerate(inst):
    t, worse, better = inst.truth, inst["worse"], inst["better"]
    assert is_uninformed_case(t)
    assert worse == degenerate_prediction(t)
    if min(t.sizes) >= 2:
        assert worse == Partition.singletons(t.n)
    else:
        assert t.n_blocks == t.n and worse == Partition.one_block(t.n)
    assert better.n == t.n


def check_homogeneity(inst):
    t, worse, better = inst.truth, inst["worse"], inst["better"]
    assert better.is_refinement_of(worse)
    assert better.n_blocks == worse.n_blocks + 1
    [mixed] = _changed(worse, better)  # exactly one block of H1 is split ...
    parts = _changed(better, worse)
    assert len(parts) == 2 and parts[0] | parts[1] == mixed  # ... into two parts
    assert len(_classes(t, mixed)) >= 2  # the block is mixed
    assert not _classes(t, parts[0]) & _classes(t, parts[1])  # and no class is cut


def check_completeness(inst):
    t, worse, better = inst.truth, inst["worse"], inst["better"]
    assert worse.is_refinement_of(better)
    assert worse.n_blocks == better.n_blocks + 1
    [merged] = _changed(better, worse)
    pieces = _changed(worse, better)
    assert len(pieces) == 2 and pieces[0] | pieces[1] == merged
    c1, c2 = _classes(t, pieces[0]), _classes(t, pieces[1])
    assert len(c1) == 1 and c1 == c2  # both pure, of one and the same class


def check_rag_bag(inst):
    t, worse, better = inst.truth, inst["worse"], inst["better"]
    w_only, b_only = _changed(worse, better), _changed(better, worse)
    assert len(w_only) == 2 and len(b_only) == 2  # every other block is shared
    clean_x = max(w_only, key=len)
    noisy_x = max(b_only, key=len)
    [x] = clean_x & noisy_x
    clean, noisy = clean_x - {x}, noisy_x - {x}
    assert clean in b_only and noisy in w_only
    m = len(clean)
    assert m >= 2 and len(noisy) == m
    sizes = Counter(t.tolist())
    labels = t.tolist()
    assert len(_classes(t, clean)) == 1  # clean: m items of one class K
    assert len(_classes(t, noisy)) == m  # noisy: m distinct classes ...
    assert all(sizes[labels[i]] == 1 for i in noisy)  # ... that have no other items
    assert sizes[labels[x]] == 1 and labels[x] not in _classes(t, clean)  # x: a new class


def check_size_vs_quantity(inst):
    t, worse, better = inst.truth, inst["worse"], inst["better"]
    labels, sizes = t.tolist(), Counter(t.tolist())
    w_only, b_only = _changed(worse, better), _changed(better, worse)
    big = [b for b in w_only if len(b) > 1]
    assert len(big) == 1
    [big] = big
    m = len(big) - 1
    assert m >= 3
    assert sizes[labels[min(big)]] == m + 1 and len(_classes(t, big)) == 1  # a whole class
    singles = [b for b in w_only if len(b) == 1]
    pairs = [b for b in b_only if len(b) == 2]
    assert len(singles) == 2 * m and len(pairs) == m
    for pair in pairs:  # every pair is a whole true class of 2, split in H1
        assert len(_classes(t, pair)) == 1 and sizes[labels[min(pair)]] == 2
        assert all(frozenset([i]) in singles for i in pair)
    rest = [b for b in b_only if b not in pairs]  # H2 splits the big block into m and 1
    assert sorted(map(len, rest)) == [1, m] and rest[0] | rest[1] == big


CHECKS = {
    "zero_score": check_zero_score, "degenerate": check_degenerate,
    "homogeneity": check_homogeneity, "completeness": check_completeness,
    "rag_bag": check_rag_bag, "size_vs_quantity": check_size_vs_quantity,
}


@pytest.mark.parametrize("name", CONSTRAINTS)
@pytest.mark.slow
def test_random_instances_are_valid_by_construction(name):
    c = mp.get_constraint(name)

    @settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def inner(data):
        max_items = data.draw(st.integers(max(c.min_items, 2), 30), label="max_items")
        inst = data.draw(instances(name, max_items=max_items), label="instance")
        assert inst.n <= max_items
        assert all(p.n == inst.n for p in inst.preds.values())
        CHECKS[name](inst)

    inner()


@pytest.mark.parametrize("name, max_n", [
    ("zero_score", 5), ("degenerate", 5), ("homogeneity", 4), ("completeness", 5),
    ("rag_bag", 7), ("size_vs_quantity", 11),
])
def test_exhaustive_instances_are_valid_and_distinct(name, max_n):
    c = mp.get_constraint(name)
    seen = set()
    count = 0
    for inst in c.enumerate(max_n):
        assert c.min_items <= inst.n <= max_n
        CHECKS[name](inst)
        seen.add((inst.truth, tuple(sorted(inst.preds.items()))))
        count += 1
    assert count > 0 and len(seen) == count
    for inst in c.examples(30):
        CHECKS[name](inst)


def test_exhaustive_instances_come_smallest_first():
    sizes = [inst.n for inst in mp.get_constraint("homogeneity").enumerate(4)]
    assert sizes == sorted(sizes) and sizes[0] == 2


# ---------------------------------------------------------------------------------------
# shrinking lands on small instances
# ---------------------------------------------------------------------------------------
def test_partitions_shrink_to_two_singletons():
    found = find(partitions(), lambda p: p.n_blocks >= 2, settings=FIND)
    assert found == Partition.from_labels([0, 1])


def test_partitions_shrink_by_merging_blocks():
    assert find(partitions(), lambda p: p.n >= 3, settings=FIND) == Partition.one_block(3)
    found = find(partitions(min_items=3), lambda p: p.n_blocks >= 3, settings=FIND)
    assert found == Partition.singletons(3)


def test_pairs_shrink_to_two_items():
    truth, pred = find(partition_pairs(), lambda tp: tp[0] != tp[1], settings=FIND)
    assert (truth.tolist(), pred.tolist()) == ([0, 0], [0, 1])


def _labels(inst):
    return (inst.truth.tolist(),) + tuple(inst[r].tolist() for r in sorted(inst.preds))


@pytest.mark.parametrize("name, smallest", [
    # (truth, better, worse) in canonical labels
    ("zero_score", ([0, 0],)),
    ("homogeneity", ([0, 1], [0, 1], [0, 0])),
    ("completeness", ([0, 0], [0, 0], [0, 1])),
    ("rag_bag", ([0, 0, 1, 2, 3], [0, 0, 1, 1, 1], [0, 0, 1, 1, 0])),
    ("size_vs_quantity", ([0, 0, 0, 0, 1, 1, 2, 2, 3, 3], [0, 0, 0, 1, 2, 2, 3, 3, 4, 4],
                          [0, 0, 0, 0, 1, 2, 3, 4, 5, 6])),
])
def test_instances_shrink_to_the_bare_construction(name, smallest):
    assert _labels(find(instances(name), lambda i: True, settings=FIND)) == smallest


def test_homogeneity_shrinks_to_three_singleton_classes():
    inst = find(instances("homogeneity"), lambda i: i.truth.n_blocks >= 3, settings=FIND)
    assert _labels(inst) == ([0, 1, 2], [0, 1, 0], [0, 0, 0])


def test_degenerate_shrinks_to_two_pairs():
    inst = find(instances("degenerate"),
                lambda i: i.truth.n_blocks >= 2 and min(i.truth.sizes) >= 2, settings=FIND)
    assert inst.truth == Partition.from_sizes([2, 2])
    assert inst["worse"] == Partition.singletons(4)


def test_rag_bag_needing_an_outside_class_item_shrinks_to_six_items():
    # The bcubed_f violation: a class-K item outside the clean block (worked out in
    # test_constraints.py); one extra item on top of the 5-item construction.
    bcubed = mp.get_metric("bcubed_f")
    inst = find(instances("rag_bag"),
                lambda i: bcubed(i.truth, i["better"]) < bcubed(i.truth, i["worse"]),
                settings=FIND)
    assert _labels(inst) == ([0, 0, 1, 2, 3, 0], [0, 0, 1, 1, 1, 2], [0, 0, 1, 1, 0, 2])


def test_size_vs_quantity_with_an_extra_item_shrinks_to_m3_plus_one():
    inst = find(instances("size_vs_quantity"),
                lambda i: any(len(b) == 1 for b in i.truth.blocks), settings=FIND)
    assert inst.n == 11
    assert inst.truth.sizes == (4, 2, 2, 2, 1)
