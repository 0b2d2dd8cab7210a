"""Tests of `Partition`: construction, canonical form, algebra, equality and input validation."""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import metricprops as mp
from metricprops import Partition
from metricprops.errors import (
    EmptyInputError,
    InvalidPartitionError,
    LengthMismatchError,
    MetricPropsError,
    MissingLabelError,
    UnhashableLabelError,
)
from metricprops.strategies import partition_pairs

# -- helpers ---------------------------------------------------------------------------------

small_labels = st.lists(st.integers(0, 5), min_size=0, max_size=15)
nonempty_labels = st.lists(st.integers(0, 5), min_size=1, max_size=15)

# (truth, pred) partitions of the same 1..12 items, block ids 0..4 on each side
small_pairs = partition_pairs(max_items=12, max_blocks=5)


def first_appearance(labels):
    """Reference canonical form, written independently of the package."""
    seen = {}
    return [seen.setdefault(x, len(seen)) for x in labels]


def together(labels):
    """Set of unordered pairs {i, j} (i < j) that share a label."""
    return {(i, j) for i, j in itertools.combinations(range(len(labels)), 2)
            if labels[i] == labels[j]}


# -- construction from labels ------------------------------------------------------------------

def test_from_int_labels():
    p = Partition.from_labels([5, 5, 3, 9, 3])
    assert p.n == len(p) == 5
    assert p.n_blocks == 3
    assert p.tolist() == [0, 0, 1, 2, 1]
    assert p.blocks == ((0, 1), (2, 4), (3,))
    assert p.sizes == (2, 2, 1)


def test_from_string_labels():
    p = Partition.from_labels(["b", "a", "b", "c", "a", "a"])
    assert p.tolist() == [0, 1, 0, 2, 1, 1]
    assert p.sizes == (2, 3, 1)
    assert p.blocks == ((0, 2), (1, 4, 5), (3,))


def test_from_mixed_hashables():
    labels = [1, "1", (1,), 1.5, frozenset({1}), "1", (1,), 1.5, b"1"]
    p = Partition.from_labels(labels)
    # 1 and "1" and (1,) are different labels; repeats join their first occurrence
    assert p.tolist() == [0, 1, 2, 3, 4, 1, 2, 3, 5]
    assert p.n_blocks == 6


def test_python_equal_labels_share_a_block():
    # 1 == 1.0 == True in Python (same hash, equal): they name one block, as in a dict
    p = Partition.from_labels([1, 1.0, True, 2])
    assert p.tolist() == [0, 0, 0, 1]


def test_from_tuple_labels():
    p = Partition.from_labels([(0, "a"), (0, "b"), (0, "a"), (1, "a")])
    assert p.tolist() == [0, 1, 0, 2]
    assert p.blocks == ((0, 2), (1,), (3,))


def test_from_tuple_of_labels_and_generator():
    assert Partition.from_labels(("x", "y", "x")).tolist() == [0, 1, 0]
    assert Partition.from_labels(c for c in "xyx").tolist() == [0, 1, 0]


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint8, np.uint64])
def test_from_numpy_int_array(dtype):
    p = Partition.from_labels(np.array([7, 2, 7, 0, 2], dtype=dtype))
    assert p.tolist() == [0, 1, 0, 2, 1]
    assert p.sizes == (2, 2, 1)


def test_from_numpy_int_array_with_sparse_range():
    # values far apart take the sorting path; canonical labels are still by first appearance
    arr = np.array([10**15, -(10**15), 10**15, 3, -(10**15)], dtype=np.int64)
    p = Partition.from_labels(arr)
    assert p.tolist() == [0, 1, 0, 2, 1]
    assert p.n_blocks == 3


def test_from_numpy_uint64_beyond_int64():
    arr = np.array([2**64 - 1, 0, 2**63, 2**64 - 1], dtype=np.uint64)
    assert Partition.from_labels(arr).tolist() == [0, 1, 2, 0]


def test_from_numpy_float_array():
    p = Partition.from_labels(np.array([0.5, -1.25, 0.5, 3.0]))
    assert p.tolist() == [0, 1, 0, 2]


def test_from_numpy_str_and_bytes_arrays():
    assert Partition.from_labels(np.array(["b", "a", "b", "c"])).tolist() == [0, 1, 0, 2]
    assert Partition.from_labels(np.array([b"q", b"p", b"p"])).tolist() == [0, 1, 1]


def test_from_numpy_bool_array():
    p = Partition.from_labels(np.array([True, False, False, True]))
    assert p.tolist() == [0, 1, 1, 0]
    assert p.sizes == (2, 2)


def test_from_numpy_object_array():
    arr = np.empty(4, dtype=object)
    arr[:] = [("a", 1), "z", ("a", 1), 3]
    assert Partition.from_labels(arr).tolist() == [0, 1, 0, 2]


def test_from_labels_numpy_and_list_agree():
    labels = [3, 1, 3, 3, 2, 1]
    assert Partition.from_labels(np.array(labels)) == Partition.from_labels(labels)
    assert Partition.from_labels(np.array(labels)).tolist() == [0, 1, 0, 0, 2, 1]


def test_from_labels_of_a_partition_is_the_same_object():
    p = Partition.from_labels(["x", "y", "x"])
    assert Partition.from_labels(p) is p


@given(small_labels)
def test_canonical_labels_are_first_appearance(labels):
    p = Partition.from_labels(labels)
    assert p.tolist() == first_appearance(labels)
    assert p.n == len(labels)
    assert p.n_blocks == len(set(labels))


@given(small_labels)
def test_numpy_input_gives_the_same_partition(labels):
    arr = np.array(labels, dtype=np.int64)
    assert Partition.from_labels(arr).tolist() == first_appearance(labels)
    as_str = np.array([f"L{x}" for x in labels]) if labels else np.array([], dtype=str)
    assert Partition.from_labels(as_str).tolist() == first_appearance(labels)


@given(small_labels)
def test_codes_and_labels_describe_the_same_blocks(labels):
    p = Partition.from_labels(labels)
    codes, canon = list(p.codes), p.tolist()
    assert together(codes) == together(canon) == together(labels)
    assert sorted(set(codes)) == list(range(p.n_blocks))


# -- from_blocks / from_sizes / special partitions ---------------------------------------------

def test_from_blocks():
    p = Partition.from_blocks([[3, 0], [1], [2, 4]])
    assert p.tolist() == [0, 1, 2, 0, 2]
    assert p.blocks == ((0, 3), (1,), (2, 4))
    assert p.sizes == (2, 1, 2)


def test_from_blocks_accepts_numpy_and_sets():
    p = Partition.from_blocks([np.array([1, 2]), {0}])
    assert p.tolist() == [0, 1, 1]


def test_from_blocks_with_n():
    assert Partition.from_blocks([[1], [0, 2]], n=3).tolist() == [0, 1, 0]


def test_from_blocks_empty_is_zero_items():
    p = Partition.from_blocks([])
    assert p.n == 0 and p.n_blocks == 0 and p.blocks == () and p.sizes == ()


@given(small_labels)
def test_from_blocks_round_trip(labels):
    p = Partition.from_labels(labels)
    q = Partition.from_blocks(p.blocks)
    assert q == p
    assert q.tolist() == p.tolist()


def test_from_sizes():
    p = Partition.from_sizes([2, 1, 3])
    assert p.tolist() == [0, 0, 1, 2, 2, 2]
    assert p.blocks == ((0, 1), (2,), (3, 4, 5))
    assert p.sizes == (2, 1, 3)
    assert p.notation() == "{0 1 | 2 | 3 4 5}"
    assert repr(p) == "Partition({0 1 | 2 | 3 4 5})"


@given(st.lists(st.integers(1, 5), max_size=8))
def test_from_sizes_sizes_round_trip(sizes):
    p = Partition.from_sizes(sizes)
    assert p.sizes == tuple(sizes)
    assert p.n == sum(sizes)


def test_one_block_and_singletons():
    assert Partition.one_block(4).tolist() == [0, 0, 0, 0]
    assert Partition.one_block(4).n_blocks == 1
    assert Partition.singletons(4).tolist() == [0, 1, 2, 3]
    assert Partition.singletons(4).sizes == (1, 1, 1, 1)
    assert Partition.one_block(0).n_blocks == 0


def test_blocks_ordered_by_first_item_and_sorted_inside():
    p = Partition.from_labels(["c", "a", "b", "a", "c", "b"])
    assert p.blocks == ((0, 4), (1, 3), (2, 5))
    assert p.sizes == (2, 2, 2)


def test_relabel():
    p = Partition.from_labels([9, 9, 4])
    assert p.relabel(["x", "y"]) == ["x", "x", "y"]
    assert p.relabel(lambda b: b * 10) == [0, 0, 10]


def test_partition_is_read_only():
    p = Partition.from_labels([0, 1, 0])
    with pytest.raises(ValueError):
        p.codes[0] = 1
    with pytest.raises(ValueError):
        p.labels[0] = 1
    with pytest.raises(AttributeError):
        p.extra = 1  # __slots__: no new attributes


# -- algebra ---------------------------------------------------------------------------------

def test_meet_example():
    a = Partition.from_labels([0, 0, 0, 1, 1])
    b = Partition.from_labels([0, 0, 1, 1, 1])
    m = a.meet(b)
    assert m.blocks == ((0, 1), (2,), (3, 4))
    assert m == b.meet(a)


def test_meet_length_mismatch():
    with pytest.raises(LengthMismatchError):
        Partition.from_labels([0, 0]).meet(Partition.from_labels([0, 0, 1]))


@given(small_pairs)
def test_meet_is_the_coarsest_common_refinement(pair):
    a, b = pair
    x, y = a.tolist(), b.tolist()
    m = a.meet(b)
    assert together(m.tolist()) == together(x) & together(y)
    assert m.is_refinement_of(a) and m.is_refinement_of(b)
    assert m == b.meet(a)
    assert a.meet(a) == a


@given(small_pairs)
def test_is_refinement_of_matches_pair_inclusion(pair):
    a, b = pair
    x, y = a.tolist(), b.tolist()
    assert a.is_refinement_of(b) == (together(x) <= together(y))
    assert Partition.singletons(len(x)).is_refinement_of(a)
    assert a.is_refinement_of(Partition.one_block(len(x)))
    assert a.is_refinement_of(a)


def test_is_refinement_of_examples():
    fine = Partition.from_labels([0, 1, 2, 2])
    coarse = Partition.from_labels([0, 0, 1, 1])
    assert fine.is_refinement_of(coarse)
    assert not coarse.is_refinement_of(fine)
    assert not Partition.from_labels([0, 0, 1, 1]).is_refinement_of(
        Partition.from_labels([0, 1, 1, 0]))


# -- equality and hashing --------------------------------------------------------------------

def test_equality_up_to_relabelling():
    a = Partition.from_labels(["a", "a", "b"])
    b = Partition.from_labels([7, 7, 1])
    c = Partition.from_labels(np.array([0.5, 0.5, 2.0]))
    assert a == b == c
    assert hash(a) == hash(b) == hash(c)
    assert len({a, b, c}) == 1


def test_inequality():
    assert Partition.from_labels([0, 0, 1]) != Partition.from_labels([0, 1, 1])
    assert Partition.from_labels([0, 0]) != Partition.from_labels([0, 0, 0])
    assert Partition.from_labels([0, 1]) != [0, 1]
    assert Partition.one_block(3) != Partition.singletons(3)


@given(small_labels, st.permutations(list(range(20))))
def test_equal_and_same_hash_after_injective_relabelling(labels, perm):
    renamed = [("block", perm[x]) for x in labels]
    a, b = Partition.from_labels(labels), Partition.from_labels(renamed)
    assert a == b
    assert hash(a) == hash(b)


@given(small_pairs)
def test_equality_iff_same_pairs(pair):
    a, b = pair
    assert (a == b) == (together(a.tolist()) == together(b.tolist()))


def test_codes_need_not_be_canonical_but_equality_uses_canonical_labels():
    p = Partition.from_labels(np.array([5, 1, 5]))  # int compaction numbers blocks by value
    assert list(p.codes) == [1, 0, 1]
    assert p.tolist() == [0, 1, 0]
    assert p == Partition.from_labels(["x", "y", "x"])


# -- validation and typed errors ---------------------------------------------------------------

def test_error_hierarchy():
    assert issubclass(LengthMismatchError, ValueError)
    assert issubclass(EmptyInputError, ValueError)
    assert issubclass(MissingLabelError, ValueError)
    assert issubclass(UnhashableLabelError, TypeError)
    for cls in (LengthMismatchError, EmptyInputError, MissingLabelError, UnhashableLabelError):
        assert issubclass(cls, MetricPropsError)
    assert issubclass(InvalidPartitionError, ValueError)


def test_length_mismatch_through_score():
    with pytest.raises(LengthMismatchError) as info:
        mp.score([0, 0, 1], [0, 1])
    msg = str(info.value)
    assert "same length" in msg and "expected" in msg
    assert "got 3 and 2" in msg
    with pytest.raises(ValueError):  # still a ValueError to plain Python code
        mp.score([0], [0, 1])


def test_empty_input_to_score():
    with pytest.raises(EmptyInputError) as info:
        mp.score([], [])
    assert "expected at least one item" in str(info.value)
    assert "empty" in str(info.value)
    with pytest.raises(EmptyInputError):
        mp.score(np.array([], dtype=int), np.array([], dtype=int), metrics=["elm_f"])
    with pytest.raises(EmptyInputError):
        mp.get_metric("rand")([], [])


def test_none_label():
    with pytest.raises(MissingLabelError) as info:
        Partition.from_labels([1, 2, None, 1])
    msg = str(info.value)
    assert "expected a label for every item" in msg
    assert "None" in msg and "position 2" in msg


def test_none_label_through_score_names_the_side():
    with pytest.raises(MissingLabelError) as info:
        mp.score([0, 1], ["a", None])
    assert str(info.value).startswith("labels_pred:")
    with pytest.raises(MissingLabelError) as info:
        mp.score([None, 1], ["a", "b"])
    assert str(info.value).startswith("labels_true:")


@pytest.mark.parametrize("nan", [float("nan"), np.float64("nan"), np.float32("nan"),
                                 complex(float("nan"), 0)])
def test_nan_label_in_a_list(nan):
    with pytest.raises(MissingLabelError) as info:
        Partition.from_labels([0.0, nan, 1.0])
    assert "position 1" in str(info.value)
    assert "nan" in str(info.value).lower()


def test_nan_label_in_a_float_array():
    with pytest.raises(MissingLabelError) as info:
        Partition.from_labels(np.array([1.0, 2.0, 2.0, np.nan]))
    assert "NaN at position 3" in str(info.value)
    assert "expected a label for every item" in str(info.value)


def test_nan_label_in_an_object_array():
    arr = np.array(["a", math.nan, "a"], dtype=object)
    with pytest.raises(MissingLabelError):
        Partition.from_labels(arr)


@pytest.mark.parametrize("shape", [(2, 2), (3, 1), (1, 3), (2, 2, 2)])
def test_multidimensional_array(shape):
    arr = np.zeros(shape, dtype=int)
    with pytest.raises(InvalidPartitionError) as info:
        Partition.from_labels(arr)
    msg = str(info.value)
    assert "expected a 1-D sequence of labels" in msg
    assert f"shape {shape}" in msg


def test_2d_array_through_score():
    with pytest.raises(InvalidPartitionError) as info:
        mp.score(np.zeros((3, 2)), [0, 1, 2])
    assert str(info.value).startswith("labels_true: expected a 1-D sequence")


def test_nested_list_is_rejected_as_not_1d():
    # a list whose first label is a list looks like 2-D input: rejected as such (a ValueError)
    with pytest.raises(InvalidPartitionError) as info:
        Partition.from_labels([[0, 1], [1, 0]])
    assert "nested sequence" in str(info.value)


@pytest.mark.parametrize("bad,kind", [
    ([1], "list"),
    ({"k": 1}, "dict"),
    ({1, 2}, "set"),
    (np.array([1, 2]), "ndarray"),
])
def test_unhashable_label(bad, kind):
    with pytest.raises(UnhashableLabelError) as info:
        Partition.from_labels(["a", "b", bad])
    msg = str(info.value)
    assert "expected hashable labels" in msg
    assert f"got {kind}" in msg
    assert "position 2" in msg
    with pytest.raises(TypeError):  # still a TypeError to plain Python code
        mp.score([0, 1, 2], ["a", "b", bad])


@pytest.mark.parametrize("bad", [{"k": 1}, {1, 2}])
def test_unhashable_first_label(bad):
    with pytest.raises(UnhashableLabelError) as info:
        Partition.from_labels([bad, "a"])
    assert "position 0" in str(info.value)


def test_unhashable_in_object_array():
    arr = np.empty(2, dtype=object)
    arr[0], arr[1] = "a", {"k": 1}
    with pytest.raises(UnhashableLabelError) as info:
        Partition.from_labels(arr)
    assert "dict" in str(info.value) and "position 1" in str(info.value)


def test_long_unhashable_label_is_abbreviated():
    with pytest.raises(UnhashableLabelError) as info:
        Partition.from_labels([0, list(range(1000))])
    assert len(str(info.value)) < 200
    assert "..." in str(info.value)


@pytest.mark.parametrize("bad,got", [("abc", "got str"), (5, "got int"), (None, "got NoneType"),
                                     (b"ab", "got bytes")])
def test_not_a_sequence(bad, got):
    with pytest.raises(InvalidPartitionError) as info:
        Partition.from_labels(bad)
    assert "expected a 1-D sequence of labels" in str(info.value)
    assert got in str(info.value)


@pytest.mark.parametrize("blocks,n,got", [
    ([[0, 1], [3]], None, "got items [0, 1, 3]"),      # a gap: item 2 missing
    ([[0, 1], [1, 2]], None, "got items [0, 1, 1, 2]"),  # item 1 twice
    ([[0, 1], [2]], 4, "got items [0, 1, 2]"),          # does not cover 0..3
    ([[0, 1, 2, 3]], 3, "got items [0, 1, 2, 3]"),      # more items than n
    ([[-1, 0]], None, "got items [-1, 0]"),
])
def test_from_blocks_not_covering(blocks, n, got):
    with pytest.raises(InvalidPartitionError) as info:
        Partition.from_blocks(blocks, n=n)
    msg = str(info.value)
    assert "expected the blocks to cover the items" in msg and "exactly once" in msg
    assert got in msg


def test_from_blocks_bad_items():
    with pytest.raises(InvalidPartitionError) as info:
        Partition.from_blocks([[0, "1"]])
    assert "expected integer item indices" in str(info.value) and "'1'" in str(info.value)
    with pytest.raises(InvalidPartitionError):
        Partition.from_blocks([[0, 1.0]])
    with pytest.raises(InvalidPartitionError):
        Partition.from_blocks([[True, 0]])
    with pytest.raises(InvalidPartitionError) as info:
        Partition.from_blocks([[0], []])
    assert "expected non-empty blocks" in str(info.value)


def test_from_sizes_rejects_non_positive():
    with pytest.raises(InvalidPartitionError) as info:
        Partition.from_sizes([2, 0, 1])
    assert "expected positive sizes" in str(info.value) and "[2, 0, 1]" in str(info.value)
    with pytest.raises(InvalidPartitionError):
        Partition.from_sizes([-1])


def test_empty_partition_is_allowed_but_not_scorable():
    p = Partition.from_labels([])
    assert p.n == 0 and p.n_blocks == 0 and p.tolist() == [] and p.notation() == "{}"
    assert p == Partition.from_labels(np.array([]))
    with pytest.raises(EmptyInputError):
        mp.score(p, p)


@given(st.lists(st.one_of(st.integers(-3, 3), st.sampled_from(["a", "b", ""]), st.booleans(),
                          st.tuples(st.integers(0, 1)), st.floats(allow_nan=True),
                          st.none(), st.just([1])), max_size=12))
def test_labels_to_codes_in_c_gives_the_codes_and_errors_of_the_item_by_item_loop(labels):
    """The distinct labels gathered by dict in C (each checked once for a missing value)
    give the codes, and on a bad label the error and position, of the loop over items."""
    from metricprops import partition

    def outcome(codes_of):
        try:
            codes, k = codes_of(labels, "truth")
            return codes.tolist(), k, codes.dtype
        except MetricPropsError as exc:  # the missing and unhashable labels' errors
            return type(exc), str(exc)

    assert outcome(partition._codes_from_objects) == outcome(partition._codes_item_by_item)
