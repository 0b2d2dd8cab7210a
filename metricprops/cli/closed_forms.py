"""``metricprops closed-forms``: every built-in closed form with its status.

Also checks the forms that registered metrics declare (``Metric.closed_forms``).  Exit status
0, or 1 if a form is refuted or a metric raised while it was checked.
"""
from __future__ import annotations

import json
from typing import Any, List, Optional

import click

from ..output import check_outputs, write_outputs
from ._exit import EXIT_FINDING

__all__ = ["command"]

LEGEND = ("N = number of items = Σ s_i over the true blocks; sum_i(...) runs over the true "
          "blocks; singletons = number of true singleton blocks; Σ_e = N × score (a sum over "
          "items); Theorem 3 forms are in m (N = 3m + 1).")


def _line(r: Any) -> str:
    form = r.form
    cond = f"  if {form.condition}" if form.condition else ""
    detail = r.scope if r.status == "proved" else r.reason
    return f"{r.status:<20} {r.metric:<19} {form.prediction:<15} {form.text}{cond}   [{detail}]"


def _counterexample(ce: dict) -> str:
    sub = ", ".join(f"{k} = {v}" for k, v in ce["substitution"].items())
    return (f"{'':20} counterexample at {sub}: truth {ce['truth']}, pred {ce['pred']}; "
            f"form gives {ce['claimed']} = {ce['claimed_value']:.6g}, "
            f"metric gives {ce['metric_value']:.6g}")


def _declared(metrics: tuple, max_k: int) -> List[Any]:
    from ..registry import list_metrics
    from ..symbolic import check_declared

    chosen = [m for m in list_metrics() if m.closed_forms and (not metrics or m.name in metrics)]
    return check_declared(chosen, max_k=max_k)


@click.command("closed-forms")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the results as JSON to this file.")
@click.option("--max-k", type=click.IntRange(1, 12), default=6, show_default=True,
              help="Largest number of symbolic true blocks in the proofs.")
@click.option("--metric", "-m", "metrics", multiple=True,
              help="Only the forms of this metric (repeatable).")
def command(json_path: Optional[str], max_k: int, metrics: tuple) -> None:
    """Print every built-in closed form with its status (proved / checked numerically /
    refuted), plus the forms that registered metrics declare."""
    from ..report.sections import THEOREM3_METRICS, closed_forms_document, theorem3_gaps
    from ..symbolic import check_catalog, summary
    from ._output import report_failures

    check_outputs({"--json": json_path})  # before any work
    results = [r for r in check_catalog(max_k=max_k) if not metrics or r.metric in metrics]
    results += _declared(metrics, max_k)
    click.echo(LEGEND)
    click.echo("")
    click.echo(f"{'status':<20} {'metric':<19} {'prediction':<15} closed form")
    for r in results:
        click.echo(_line(r))
        if r.counterexample:
            click.echo(_counterexample(r.counterexample))
    gaps = theorem3_gaps([name for name in THEOREM3_METRICS if not metrics or name in metrics])
    for g in gaps:
        verdict = {1: "> 0", 0: "= 0", -1: "< 0", None: "undecided"}[g["sign"]]
        click.echo(f"Theorem 3: {g['metric']}(H1) - {g['metric']}(H2) = {g['gap']}  {verdict} "
                   f"for every m >= {g['m_min']}" + (" (proved)" if g["sign"] is not None else ""))
    click.echo("")
    click.echo(summary(results))
    if json_path:
        doc = {**closed_forms_document(results, max_k, gaps), "legend": LEGEND}
        report_failures(write_outputs(
            [("--json", json_path, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")]))
    if any(r.status in ("refuted", "error") for r in results):
        raise SystemExit(EXIT_FINDING)
