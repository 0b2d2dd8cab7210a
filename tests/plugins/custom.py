"""Small hand-made metrics with known constraint behaviour (worked out in the tests).

* ``more_blocks`` = (number of predicted blocks) / n: rewards splitting, so it satisfies
  homogeneity and violates completeness and size vs. quantity.
* ``fewer_blocks`` = 1 / (number of predicted blocks): rewards merging, so it violates
  homogeneity and satisfies completeness.
* ``worst_block_purity`` = 1 / (largest number of classes in one predicted block): putting the
  new item into the noisy block makes that block worse, so it violates rag bag.
* ``constant`` = 0.5: ties everywhere.
"""
from __future__ import annotations

from collections import defaultdict

import metricprops


@metricprops.metric(name="more_blocks", bounds=(0, 1), perfect=None)
def more_blocks(labels_true, labels_pred):
    return len(set(labels_pred)) / len(labels_pred)


@metricprops.metric(name="fewer_blocks", bounds=(0, 1), perfect=None)
def fewer_blocks(labels_true, labels_pred):
    return 1.0 / len(set(labels_pred))


@metricprops.metric(name="worst_block_purity", bounds=(0, 1), perfect=1)
def worst_block_purity(labels_true, labels_pred):
    classes = defaultdict(set)
    for t, p in zip(labels_true, labels_pred):
        classes[p].add(t)
    return 1.0 / max(len(c) for c in classes.values())


@metricprops.metric(name="constant", bounds=(0, 1), perfect=None)
def constant(labels_true, labels_pred):
    return 0.5
