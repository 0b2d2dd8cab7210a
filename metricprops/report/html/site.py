"""``reports/html/``: the HTML pages of the committed reports, rendered from their JSON.

Nothing is audited again: the pages read ``audit.json``, ``overlapping.json``,
``third-party.json``, ``elm-paper/elm-paper.json`` and ``goesgens-2021.json`` beside the
folder, so they can be
rebuilt from the committed files alone (:func:`write_site`).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Tuple

from .model import heatmap_page, replay_words
from .pages import heatmap_context, write_page, write_static

__all__ = ["write_site", "FOLDER"]

#: The site's folder inside the reports' folder.
FOLDER = "html"
_PAGES = (("audit.html", "Built-in audit", "audit.json",
           "every built-in metric × every constraint: the heat map, each cell's finding drawn"),
          ("third-party.html", "Third-party audit", "third-party.json",
           "library implementations audited as they are: the bugs first, then the heat map"),
          ("overlapping.html", "Overlapping clusterings", "overlapping.json",
           "every metric of covers × the constraints on covers: the heat map, each cell's "
           "counterexample covers drawn"),
          ("papers.html", "Paper reproductions", "elm-paper/elm-paper.json",
           "the ELM paper's experiments with their figures, and Gösgens et al. (2021)'s "
           "table next to our audit"))


def _read(path: Path) -> Optional[Dict[str, Any]]:
    if not path.is_file():
        return None
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _subtitle(report: Mapping[str, Any], command: str) -> str:
    s = report.get("settings", {})
    return (f"Rendered from the JSON of `{command}` (seed {report['seed']}; every instance "
            f"with at most {s.get('exhaustive_n')} items, then {s.get('max_examples')} random "
            f"instances of up to {s.get('max_items')} items per pair).")


def _builtin_page(report: Mapping[str, Any], command: str, nav: List[Tuple[str, str]],
                  title: str = "Built-in audit") -> Dict[str, Any]:
    settings, seed = report.get("settings", {}), report["seed"]
    heatmap = heatmap_page(report, library=lambda name, meta: "metricprops (built-in)",
                           replay=lambda m, c: replay_words(m, c, settings, seed))
    return heatmap_context(heatmap, title, _subtitle(report, command), nav,
                           covers=title != "Built-in audit")


def _third_party_library(report: Mapping[str, Any]) -> Any:
    from ..third_party.audit import _DISTRIBUTIONS

    plans = {t: lib["distribution"] for lib in report.get("libraries", [])
             for t in lib["targets"]}

    def library(name: str, meta: Mapping[str, Any]) -> str:
        found = next((dist for start, dist in _DISTRIBUTIONS if name.startswith(start)), None)
        return plans.get(name) or (found or name).split(" ")[0]
    return library


def _third_party_replay(report: Mapping[str, Any]) -> Any:
    settings, seed = report.get("settings", {}), report["seed"]
    plans = {t: lib["plan"] for lib in report.get("libraries", []) for t in lib["targets"]}
    meta = {m["name"]: m for m in report.get("metrics", [])}

    def replay(metric: str, constraint: str) -> str:
        if metric in plans:  # a plan's target: the plan re-audits its library
            return f"metricprops audit --plan {plans[metric]} --seed {seed}"
        m = meta.get(metric, {})
        lower, upper = (m.get("bounds") or [None, None])
        flags = [f"--kind {m['kind']}"] if m.get("kind") else []
        flags += [f"--lower {lower}"] if lower is not None else []
        flags += [f"--upper {upper}"] if upper is not None else []
        flags += [f"--perfect {m['perfect']}"] if m.get("perfect") is not None else []
        if m.get("symmetric") is not None:
            flags.append("--symmetric" if m["symmetric"] else "--asymmetric")
        words = replay_words(metric, constraint, settings, seed)
        head, tail = words.split(" --seed ")
        return " ".join([head, *flags, "--seed", tail])
    return replay


def _third_party_page(report: Mapping[str, Any], command: str,
                      nav: List[Tuple[str, str]]) -> Dict[str, Any]:
    from ..third_party.audit import judgement
    from ..third_party.bugs import BUGS

    versions = report.get("versions", {})
    audited = {lib["distribution"] for lib in report.get("libraries", [])} | set(versions)
    bugs = [{"title": b.title, "distribution": b.distribution,
             "version": versions.get(b.distribution, "?"), "explanation": b.explanation,
             "upstream": b.upstream_text(), "code": b.code.strip()}
            for b in BUGS if b.distribution in audited
            and versions.get(b.distribution, "") != "not installed"]
    judged = []
    for r in report["results"]:
        note = judgement(r) if r["status"] in ("failed", "error") else None
        if note and not note.startswith("**Bug"):
            judged.append((f"{r['metric']} × {r['constraint']}", note))
    heatmap = heatmap_page(report, library=_third_party_library(report),
                           replay=_third_party_replay(report), note=judgement)
    return heatmap_context(heatmap, "Third-party audit", _subtitle(report, command), nav,
                           bugs, judged)


def _papers(reports: Path) -> Dict[str, Any]:
    elm = _read(reports / "elm-paper" / "elm-paper.json")
    goesgens = _read(reports / "goesgens-2021.json")
    out: Dict[str, Any] = {"elm": None, "goesgens": None}
    if elm:
        captions = {"fig2": "Figure 2: BCubed and ELM scores, section 2.2",
                    "fig3": "Figure 3: BCubed and ELM scores, section 3.4",
                    "fig4": "Figure 4: per-truth fraction of swapped pairs",
                    "entropy": "Entropy of the truth against its number of swaps"}
        out["elm"] = {"comparison": elm.get("comparison", []),
                      "figures": [(captions.get(key, key), f"../elm-paper/{name}")
                                  for key, name in elm.get("figures", {}).items()]}
    if goesgens:
        properties = [p["paper"] for p in goesgens["properties"]]
        cells: Dict[str, Dict[str, Any]] = {}
        for row in goesgens["rows"]:
            ours = row["ours"]
            cells.setdefault(row["index"], {})[row["property"]] = {
                "text": f"{row['paper']['value']} / {ours['value']}",
                "agreement": row["agreement"],
                "title": f"{row['metric']} × {row['constraint']}: {ours['status']}; "
                         f"{row['agreement']}"}
        out["goesgens"] = {
            "indices": goesgens["indices"], "properties": properties,
            "summary": ", ".join(f"{n} {what}" for what, n in goesgens["summary"].items()),
            "rows": [(i["paper"], [cells.get(i["paper"], {}).get(
                p, {"text": "", "agreement": "", "title": ""}) for p in properties])
                for i in goesgens["indices"]]}
    return out


def write_site(reports: Any, command: str = "metricprops report") -> Path:
    """Render ``reports/html/`` from the JSON files in ``reports`` (those missing are left
    out); return the index page's path."""
    reports = Path(reports)
    folder = reports / FOLDER
    present = [(page, name, what) for page, name, source, what in _PAGES
               if (reports / source).is_file()]
    nav = [("index.html", "Reports")] + [(page, name) for page, name, _ in present]
    write_static(folder)
    builders = {"audit.html": lambda: _builtin_page(_read(reports / "audit.json"), command,
                                                    nav),
                "overlapping.html": lambda: _builtin_page(
                    _read(reports / "overlapping.json"), command, nav,
                    "Overlapping clusterings"),
                "third-party.html": lambda: _third_party_page(
                    _read(reports / "third-party.json"), command, nav)}
    for page, name, _ in present:
        if page in builders:
            write_page(folder / page, "heatmap.html.j2", **builders[page]())
        else:
            write_page(folder / page, "papers.html.j2", title=name, nav=nav,
                       **_papers(reports))
    return write_page(folder / "index.html", "index.html.j2", title="Reports", nav=nav,
                      subtitle=f"Generated by `{command}`; static pages, open them from disk.",
                      pages=present)
