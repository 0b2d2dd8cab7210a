"""Judgements of the coreference metrics' audit findings, one per (metric, constraint).

Each note says why the metric fails the constraint: a convention of the reference scorer
(its 0/0 rules), or a property of the metric's definition known from the literature.  The
coreference report lists any finding without a note as unexplained.  The same judgements
hold for the `scorch` port in the third-party report (:data:`SCORCH_EQUIVALENT`).
"""
from __future__ import annotations

from typing import Dict, Iterable, Tuple

__all__ = ["NOTES", "SCORCH_EQUIVALENT"]

_FAMILIES = ("muc", "b3", "ceaf_m", "ceaf_e", "blanc", "lea")

_NO_LINKS = ("**Scorer convention.** Identical partitions without any coreference link (one "
             "mention, or all mentions alone) score 0: {what} counts links, and the reference "
             "scorer v8.01 scores 0/0 as 0. MUC's blindness to singleton entities (Vilain et "
             "al. 1995) is the reason; the known-analyses section checks it exhaustively.")
_BLANC_ONE = ("**Scorer convention.** With one mention the key has neither coreference nor "
              "non-coreference links, and the scorer scores BLANC 0 (Luo et al. 2014's "
              "extension keeps 0/0 = 0); identical partitions of one item therefore score 0.")
_CONLL_MUC = ("**Inherited from MUC.** The CoNLL F averages MUC, B³ and CEAF-e F1; MUC scores "
              "identical link-free partitions 0 (scorer convention), so their CoNLL F is 2/3.")
_ONE_SIDED = ("**By definition.** {side} alone is perfect for every {kind} of the key, so a "
              "prediction other than the key reaches the perfect score; only the F1 of the "
              "pair is an agreement measure (the max-agreement constraint needs H = T to be "
              "the only perfect prediction).")
_CHANCE = ("**By definition.** Not adjusted for chance: the expected score of a random "
           "response with fixed entity sizes depends on the key (the exact expectations over "
           "all arrangements are shown). No coreference metric of the CoNLL scorer is "
           "chance-corrected.")
_LINK_COPIES = ("**By definition.** {what} counts coreference links, which grow quadratically "
                "with copies: two copies of a mention alone form a link, so duplicating every "
                "mention changes the score (from the 0 of a link-free instance here).")
_SELF = ("**By definition.** Every mention is credited with itself ({why}), so no response "
         "scores 0 against a key with a link: the lower bound 0 is unreachable for this key.")
_CEAF_ZERO = ("**By definition.** CEAF aligns key and response entities one to one and always "
              "finds an aligned pair sharing mentions, so its similarity sum is positive: no "
              "response scores 0.")
_BLANC_ZERO = ("**By definition.** BLANC averages the coreference-link and the "
               "non-coreference-link scores; no response gets both wrong for this key, so 0 "
               "is unreachable.")
_CONLL_ZERO = ("**By definition.** The CoNLL F averages MUC, B³ and CEAF-e F1; B³ and CEAF-e "
               "never reach 0 (self-credit, one-to-one alignment), so neither does the mean.")
_PREC_REFINES = ("**By definition.** Precision is 1 for every response that refines the key "
                 "(no wrong link), so against this key every prediction scores 1.")
_DEGENERATE_SINGLETONS = ("**By definition.** All mentions alone beat a discordant response: "
                          "{why}. This is the ELM paper's criticism of BCubed (section 3.2) "
                          "and the mention identification effect of Moosavi & Strube (2016).")
_CEAF_RAGBAG = ("**By definition.** CEAF's one-to-one alignment credits each key entity only "
                "through its best-matching response entity, so adding a stray mention to the "
                "clean entity costs less than adding it to the noisy one (the rag bag); "
                "Amigó et al. (2009) show set-matching metrics fail the rag-bag constraint.")
_CEAF_E_HOMOGENEITY = ("**By definition.** CEAF-e's precision divides by the number of "
                       "response entities: splitting a mixed entity along class lines adds an "
                       "entity whose alignment gains less than the new denominator costs "
                       "(Luo 2005's entity-based similarity favours fewer response entities).")
_NOT_SYMMETRIC = ("**By definition.** The {name} {side} of a response against the key is the "
                  "{other} of the key scored against the response (the roles swap), so 1 − "
                  "{side} is not symmetric and not a distance{extra}.")
_NOT_TRIANGLE = ("**By definition.** 1 − F1 is symmetric, but {what} does not obey the "
                 "triangle inequality (the counterexample shows by how much); Gösgens et al. "
                 "(2021) find the same for BCubed and the F-measure{extra}.")
_LINK_FREE_DISTANCE = (", and identical link-free partitions{which} score 0 (scorer convention, "
                       "see max agreement), so d(A, A) = 1 there")
_NO_AGREEMENT = ("**By definition.** Minimal agreement (Gösgens et al. 2021) asks for one "
                 "constant value whenever no pair of mentions agrees (N11 = N00 = 0). {why}, so "
                 "the value at no agreement changes with the number of mentions (for one entity "
                 "against all mentions alone it tends to 0 as n grows) and other responses score "
                 "below it.")
_SHAPE_BASELINE = ("**By definition.** Not adjusted for chance: at the independence tables, where "
                   "random responses with fixed entity sizes concentrate, the score converges to a "
                   "value that depends on the entity sizes ({why}), and the gap to the reference "
                   "shape stays as n grows (confirmed on random arrangements).")
_CEAF_E_MONOTONE = ("**By definition.** CEAF-e's precision divides the alignment similarity by "
                    "the number of response entities: the better response (more pairs in "
                    "agreement) has more entities, and the extra denominator costs more than the "
                    "alignment gains (Luo 2005's entity-based similarity favours fewer response "
                    "entities){extra}.")
_BLANC_STRONG = ("**Scorer convention.** When the key has no coreference link, BLANC (Luo et al. "
                 "2014's extension, as in the reference scorer) scores the non-coreference links "
                 "alone; one correct coreference link switches it to the mean of both parts, "
                 "whose coreference part is lower here, so the value drops (0.8 → 0.733).")


def _each(metrics: Iterable[str], constraint: str,
          text: str) -> Dict[Tuple[str, str], Tuple[str, str]]:
    return {(m, constraint): ("failed", text) for m in metrics}


def _prf(family: str) -> Tuple[str, str, str]:
    return (f"{family}_recall", f"{family}_precision", f"{family}_f")


_ALL = tuple(m for fam in _FAMILIES for m in _prf(fam)) + ("conll_f",)


def _distance_notes() -> Dict[Tuple[str, str], Tuple[str, str]]:
    """1 − score as a distance: one-sided scores are asymmetric, F1s break the triangle."""
    link_free = _LINK_FREE_DISTANCE.format(which="")
    sided = {"muc": ("MUC", link_free), "b3": ("B³", ""), "ceaf_e": ("CEAF-e", ""),
             "blanc": ("BLANC", _LINK_FREE_DISTANCE.format(which=" of one mention")),
             "lea": ("LEA", "")}
    notes: Dict[Tuple[str, str], Tuple[str, str]] = {}
    for family, (name, extra) in sided.items():
        for side, other in (("recall", "precision"), ("precision", "recall")):
            notes[(f"{family}_{side}", "distance")] = ("failed", _NOT_SYMMETRIC.format(
                name=name, side=side, other=other, extra=extra))
        notes[(f"{family}_f", "distance")] = ("failed", _NOT_TRIANGLE.format(
            what=f"the harmonic mean of {name} precision and recall", extra=extra))
    notes[("conll_f", "distance")] = ("failed", _NOT_TRIANGLE.format(
        what="the mean of the MUC, B³ and CEAF-e F1s",
        extra=", and identical link-free partitions score 2/3 (MUC's scorer convention), so "
              "d(A, A) = 1/3 there"))
    return notes


#: (metric, constraint) -> (status the note was written for, judgement)
NOTES: Dict[Tuple[str, str], Tuple[str, str]] = {
    **_each(_ALL, "constant_baseline", _CHANCE),
    **_each(_prf("muc"), "max_agreement", _NO_LINKS.format(what="MUC")),
    **_each(_prf("blanc"), "max_agreement", _BLANC_ONE),
    ("conll_f", "max_agreement"): ("failed", _CONLL_MUC),
    ("b3_recall", "max_agreement"): ("failed", _ONE_SIDED.format(side="Recall", kind="coarsening")),
    ("b3_precision", "max_agreement"): ("failed",
                                        _ONE_SIDED.format(side="Precision", kind="refinement")),
    ("lea_recall", "max_agreement"): ("failed",
                                      _ONE_SIDED.format(side="Recall", kind="coarsening")),
    ("lea_precision", "max_agreement"): ("failed",
                                         _ONE_SIDED.format(side="Precision", kind="refinement")),
    **_each(_prf("muc") + _prf("blanc") + ("conll_f",), "n_invariance",
            _LINK_COPIES.format(what="The metric (through MUC or BLANC)")),
    **_each(_prf("lea"), "n_invariance", _LINK_COPIES.format(what="LEA")),
    **_each(("b3_recall", "b3_f"), "zero_score", _SELF.format(why="B³ keeps the mention in "
                                                               "its own entity")),
    ("b3_precision", "zero_score"): ("failed", _PREC_REFINES),
    **_each(_prf("ceaf_m") + _prf("ceaf_e"), "zero_score", _CEAF_ZERO),
    **_each(_prf("blanc"), "zero_score", _BLANC_ZERO),
    ("conll_f", "zero_score"): ("failed", _CONLL_ZERO),
    ("b3_precision", "degenerate"): ("failed", _DEGENERATE_SINGLETONS.format(
        why="their B³ precision is 1, since no mention shares an entity with a wrong one")),
    ("b3_f", "degenerate"): ("failed", _DEGENERATE_SINGLETONS.format(
        why="every mention keeps the credit of its self-pair")),
    ("ceaf_e_recall", "degenerate"): ("failed", _DEGENERATE_SINGLETONS.format(
        why="each key entity aligns with one singleton response entity, worth 2/(size + 1) "
            "of it, more than the one-entity response's single alignment")),
    ("ceaf_e_precision", "degenerate"): (
        "failed", "**By definition.** CEAF-e's precision is the aligned similarity over the "
        "number of response entities, and its one-to-one alignment credits only one of two "
        "key entities merged into one response entity: merging them can cost more than the "
        "smaller denominator gains, below all mentions alone (key {0 1 2 3 | 4 5 | 6 7}: "
        "1.0667 / 5 = 0.2133 for {0 | 1 | 2 | 3 | 4 5 6 7}, 1.7333 / 8 = 0.2167 for all "
        "singletons)."),
    **_each(_prf("blanc"), "degenerate", _DEGENERATE_SINGLETONS.format(
        why="BLANC's non-coreference links, all correct for singletons, weigh as much as the "
            "coreference links")),
    ("conll_f", "degenerate"): ("failed", _DEGENERATE_SINGLETONS.format(
        why="the mean includes B³ and CEAF-e, which reward all singletons")),
    **_each(_prf("ceaf_m") + _prf("ceaf_e") + ("conll_f",), "rag_bag", _CEAF_RAGBAG),
    **_each(("ceaf_e_precision", "ceaf_e_f", "conll_f"), "homogeneity", _CEAF_E_HOMOGENEITY),
    **_distance_notes(),
    **_each(("b3_recall", "b3_precision", "b3_f"), "minimal_agreement", _NO_AGREEMENT.format(
        why="B³ credits every mention with itself (1/n of recall for one entity against all "
            "mentions alone)")),
    **_each(_prf("ceaf_m") + _prf("ceaf_e") + ("conll_f",), "minimal_agreement",
            _NO_AGREEMENT.format(why="CEAF's one-to-one alignment always matches a key entity "
                                     "with a response entity that shares a mention (the CoNLL F "
                                     "averages B³ and CEAF-e)")),
    **_each(_prf("b3") + _prf("ceaf_m") + _prf("lea"), "asymptotic_constant_baseline",
            _SHAPE_BASELINE.format(why="the expected share of each mention's entity that is "
                                       "correct grows with the size of its entity")),
    **_each(_prf("ceaf_e"), "asymptotic_constant_baseline", _SHAPE_BASELINE.format(
        why="the alignment similarity is averaged over the entities, whose number and sizes "
            "are the shape")),
    ("blanc_f", "asymptotic_constant_baseline"): ("failed", _SHAPE_BASELINE.format(
        why="the shares of coreference and non-coreference links are set by the entity sizes")),
    ("conll_f", "asymptotic_constant_baseline"): ("failed", _SHAPE_BASELINE.format(
        why="it averages MUC, B³ and CEAF-e, whose B³ and CEAF-e limits depend on the shape")),
    ("ceaf_e_precision", "monotonicity"): ("failed", _CEAF_E_MONOTONE.format(extra="")),
    ("ceaf_e_f", "monotonicity"): ("failed", _CEAF_E_MONOTONE.format(
        extra="; the F1 inherits it")),
    ("conll_f", "monotonicity"): ("failed", _CEAF_E_MONOTONE.format(
        extra="; the CoNLL F inherits it through its CEAF-e term")),
    ("blanc_f", "strong_monotonicity"): ("failed", _BLANC_STRONG),
}

#: The third-party report's scorch targets and the built-in whose judgements apply to them.
SCORCH_EQUIVALENT = {"scorch_muc_f": "muc_f", "scorch_b_cubed_f": "b3_f",
                     "scorch_ceaf_m_f": "ceaf_m_f", "scorch_ceaf_e_f": "ceaf_e_f",
                     "scorch_blanc_f": "blanc_f", "scorch_conll": "conll_f"}
