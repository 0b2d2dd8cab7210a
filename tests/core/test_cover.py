"""`Cover`: construction, validation (what is refused and how), files, the partition link."""
import pickle

import pytest

from metricprops.covers import Cover, as_cover, parse_cover_pair, validate_cover_pair
from metricprops.covers.strategies import all_covers
from metricprops.errors import EmptyInputError, InvalidCoverError, LengthMismatchError
from metricprops.partition import Partition


def test_clusters_and_label_sets_give_the_same_canonical_cover():
    a = Cover.from_clusters([[1, 2], [0, 1]])
    b = Cover.from_label_sets([{"x"}, {"x", "y"}, ["y"]])
    assert a == b and hash(a) == hash(b)
    assert a.notation() == "{0 1 | 1 2}" and a.tolist() == [[0], [0, 1], [1]]
    assert not a.is_partition() and pickle.loads(pickle.dumps(a)) == a


def test_an_item_in_no_cluster_is_refused_unless_declared_a_singleton():
    with pytest.raises(InvalidCoverError, match="item 1 in none"):
        Cover.from_clusters([[0], [2]])
    assert Cover.from_clusters([[0], [2]], unassigned="singleton").blocks == ((0,), (1,), (2,))
    with pytest.raises(InvalidCoverError, match="item 0 in none"):
        Cover.from_label_sets([[], ["a"]])


@pytest.mark.parametrize("clusters, message", [
    ([[0, 1], []], "non-empty clusters"),
    ([[0, 1], [1, 0]], "distinct clusters"),
    ([["a", "b"]], "integer item ids"),
    (["ab"], "collection of item ids"),
])
def test_what_is_not_a_cover_gets_a_typed_error(clusters, message):
    with pytest.raises(InvalidCoverError, match=message) as info:
        Cover.from_clusters(clusters)
    assert isinstance(info.value, ValueError)


def test_a_partition_is_a_cover_and_converts_back():
    p = Partition.from_labels(["a", "a", "b"])
    c = as_cover(p)
    assert c.is_partition() and c.to_partition() == p and as_cover(["a", "a", "b"]) == c
    with pytest.raises(InvalidCoverError, match="without overlaps"):
        Cover.from_clusters([[0, 1], [1]]).to_partition()


def test_pairs_are_checked_for_size():
    with pytest.raises(LengthMismatchError):
        validate_cover_pair([0, 1], [0])
    with pytest.raises(EmptyInputError):
        validate_cover_pair([], [])


def test_files_in_both_formats():
    t, p = parse_cover_pair(["a b", "# comment", "b c"], ["a b c"], "clusters")
    assert (t.notation(), p.notation()) == ("{0 1 | 1 2}", "{0 1 2}")
    t, p = parse_cover_pair(["x", "x,y", "y"], ["1", "1", "1 2"])
    assert (t.notation(), p.notation()) == ("{0 1 | 1 2}", "{0 1 2 | 2}")
    with pytest.raises(InvalidCoverError, match="in none"):  # c is only in the truth
        parse_cover_pair(["a b", "c"], ["a b"], "clusters")
    with pytest.raises(LengthMismatchError):
        parse_cover_pair(["x", "y"], ["x"])


def test_every_cover_of_a_few_items_is_enumerated_once():
    counts = [len(set(all_covers(n))) for n in range(1, 4)]
    assert counts == [1, 5, 109] == [sum(1 for _ in all_covers(n)) for n in range(1, 4)]


def test_a_partition_metric_takes_a_cover_without_overlaps_and_refuses_one_with():
    import metricprops as mp

    elm = mp.get_metric("elm_f")
    assert elm(Cover.from_clusters([[0, 1], [2]]), [0, 0, 1]) == 1.0
    with pytest.raises(InvalidCoverError, match="without overlaps"):
        elm(Cover.from_clusters([[0, 1], [0]]), [0, 0])


def test_a_tuple_is_one_label_and_a_set_or_list_is_several():
    # found by label_invariance on extended_bcubed_f: tuples read as label sets changed values
    assert as_cover([("t", 1), ("t", 1), ("t", 0)]) == as_cover([0, 0, 1])
    assert as_cover([frozenset("a"), frozenset("ab")]) == as_cover([0, 1])
    assert as_cover([{"a", "b"}, ["a"]]) == Cover.from_clusters([[0, 1], [0]])
