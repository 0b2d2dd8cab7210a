"""Amigó et al.'s multiplicity constraints on covers (2009, section 5.2).

Two items i, j share l classes in the truth T.  A prediction that puts them together in more
than l clusters is too generous; one that puts them in fewer is too stingy:

* ``multiplicity_precision`` -- H2 has i and j sharing m >= l clusters and each of them in at
  least as many clusters as classes; H1 = H2 plus the cluster {i, j} (a new one).  Require
  Q(T, H2) > Q(T, H1): one more shared cluster beyond the truth's count is worse.
* ``multiplicity_recall`` -- H1 has i and j sharing m < l clusters and each of them in fewer
  clusters than classes; H2 = H1 plus the cluster {i, j}.  Require Q(T, H2) > Q(T, H1): one
  more shared cluster towards the truth's count is better.

The added cluster {i, j} touches only the pair (i, j) and the two items' own counts, which
the premises keep on the same side of the truth's.  Instances are built by construction:
every qualifying (T, H, i, j) with at most 3 items exhaustively, then random covers where
clusters holding i and j (and i or j alone) are added until the premise holds.  Applies
to metrics of covers only.
"""
from __future__ import annotations

from typing import Any, Iterator, List, Optional, Tuple

from metricprops.constraint import Instance, PairwiseConstraint, pair_instance
from metricprops.covers import Cover

_Block = Tuple[int, ...]


def _shared(blocks: Any, i: int, j: int) -> int:
    return sum(1 for c in blocks if i in c and j in c)


def _count(blocks: Any, i: int) -> int:
    return sum(1 for c in blocks if i in c)


class _Multiplicity(PairwiseConstraint):
    citation = ("Amigó, Gonzalo, Artiles & Verdejo (2009), 'A comparison of extrinsic "
                "clustering evaluation metrics based on formal constraints', section 5.2.")
    min_items = 2
    #: True: the extra shared cluster is beyond the truth's count (precision)
    beyond = True

    def applies_to(self, metric: Any) -> Optional[str]:
        if getattr(metric, "input", "partition") != "cover":
            return f"a constraint on covers; {metric.name} is a metric of partitions"
        return None

    def exhaustive_limit(self, max_n: int) -> int:
        from metricprops.covers.strategies import PAIR_N_MAX
        return min(max_n, PAIR_N_MAX)

    def random_max_items(self, max_items: int) -> int:
        return min(max_items, 8)

    def premise(self, truth: Cover, blocks: Any, i: int, j: int) -> bool:
        """Whether ``blocks`` (without the added {i, j}) is the premise's prediction."""
        l_ij, pair = _shared(truth.blocks, i, j), (i, j)
        if pair in blocks:
            return False
        m, own = _shared(blocks, i, j), [(_count(blocks, x), _count(truth.blocks, x))
                                          for x in pair]
        if self.beyond:
            return m >= l_ij and all(c >= t for c, t in own)
        return m + 1 <= l_ij and all(c + 1 <= t for c, t in own)

    def instance(self, truth: Cover, base: Cover, i: int, j: int) -> Instance:
        added = Cover(base.n, base.blocks + ((i, j),))
        worse, better = (added, base) if self.beyond else (base, added)
        return pair_instance(truth, worse, better, f"items {i} and {j}")

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        from metricprops.covers.strategies import all_covers
        for n in range(2, self.exhaustive_limit(max_n) + 1):
            every = list(all_covers(n))
            for truth in every:
                for base in every:
                    for i in range(n):
                        for j in range(i + 1, n):
                            if self.premise(truth, base.blocks, i, j):
                                yield self.instance(truth, base, i, j)

    def strategy(self, max_items: int) -> Any:
        from hypothesis import assume
        from hypothesis import strategies as st

        from metricprops.covers.strategies import covers

        @st.composite
        def build(draw: Any) -> Instance:
            n = draw(st.integers(2, max(2, self.random_max_items(max_items))))
            truth, base = draw(covers(n)), draw(covers(n))
            i = draw(st.integers(0, n - 2))
            j = draw(st.integers(i + 1, n - 1))
            if not self.beyond:  # room in the truth: i, j share classes, each has several
                truth = Cover(n, set(truth.blocks) | {tuple(range(n)), (i, j), (i,), (j,)})
            blocks = self._repair(truth, list(base.blocks), i, j, n)
            assume(self.premise(truth, blocks, i, j))  # rare: too few items to add clusters
            return self.instance(truth, Cover(n, blocks), i, j)

        return build()

    def _repair(self, truth: Cover, blocks: List[_Block], i: int, j: int,
                n: int) -> List[_Block]:
        """``blocks`` changed towards the premise (by construction, fewest changes): for
        precision, clusters holding i and j, then i or j, are added; for recall, every
        cluster holding i or j gives way to the singletons {i} and {j}."""
        blocks = [c for c in dict.fromkeys(blocks) if c != (i, j)]
        if self.beyond:
            extra = [c for c in _supersets(n, (i, j)) if c not in blocks]
            while _shared(blocks, i, j) < _shared(truth.blocks, i, j) and extra:
                blocks.append(extra.pop())
            for x in (i, j):
                own = [c for c in _supersets(n, (x,)) if c not in blocks and c != (i, j)]
                while _count(blocks, x) < _count(truth.blocks, x) and own:
                    blocks.append(own.pop())
        else:
            for c in list(blocks):
                if (i in c or j in c) and c != (i,) and c != (j,):
                    blocks.remove(c)
            blocks = list(dict.fromkeys(blocks + [(i,), (j,)]))
        covered = {x for c in blocks for x in c}
        blocks += [(x,) for x in range(n) if x not in covered]
        return blocks


def _supersets(n: int, core: _Block) -> List[_Block]:
    """Clusters holding ``core``: core plus one more item, then core plus two, ..."""
    others = [x for x in range(n) if x not in core]
    out = [tuple(sorted(core + (x,))) for x in others]
    out += [tuple(sorted(core + (x, y))) for a, x in enumerate(others) for y in others[a + 1:]]
    return out[::-1]


class MultiplicityPrecision(_Multiplicity):
    name = "multiplicity_precision"
    title = "Multiplicity precision: sharing more clusters than classes is worse"
    statement = ("If items i, j share m clusters in H2 and l <= m classes in T, and each is in "
                 "at least as many clusters as classes, then adding the cluster {i, j} "
                 "(H1) lowers the score: Q(T, H2) > Q(T, H1).")
    beyond = True


class MultiplicityRecall(_Multiplicity):
    name = "multiplicity_recall"
    title = "Multiplicity recall: sharing fewer clusters than classes is worse"
    statement = ("If items i, j share m < l clusters in H1 and l classes in T, and each is in "
                 "fewer clusters than classes, then adding the cluster {i, j} (H2) raises "
                 "the score: Q(T, H2) > Q(T, H1).")
    beyond = False


MULTIPLICITY_PRECISION = MultiplicityPrecision()
MULTIPLICITY_RECALL = MultiplicityRecall()
