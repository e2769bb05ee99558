"""``litlens meta-eval``: agreement of a stored run with human scores (τ-b, ρ, MSE, per-label F1,
confusion matrix) and, with ``--bias``, the position-bias inconsistency B of its ranking judges."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from litlens.app.core.counts import noun


def register(subparsers: Any) -> None:
    me = subparsers.add_parser("meta-eval", help="compare a stored run with human scores",
                               description="Agreement of a stored run with human scores "
                               "(Kendall tau-b, Spearman rho, MSE, per-label F1, confusion matrix).")
    me.add_argument("--human", metavar="CSV",
                    help="human scores: columns paragraph (1-based), candidate, criterion, score")
    me.add_argument("--run", type=int, required=True, help="stored run id (see `litlens runs`)")
    me.add_argument("--judge", help="judge whose scores to compare when the run holds several")
    me.add_argument("--png", metavar="OUT.png", help="also draw the tables and confusion matrix as a PNG")
    me.add_argument("--bias", action="store_true", help="report position bias B of ranking judges")
    me.add_argument("--format", choices=["table", "json"], default="table",
                    help="output: a table for reading or JSON for scripts")
    me.add_argument("--db", default=argparse.SUPPRESS, help="database file")
    from litlens.app.cli import span_eval
    span_eval.add_arguments(me)
    me.set_defaults(handler=cmd_meta_eval)


def bias_rows(results: list) -> list[list[str]]:
    """[judge, method, items, orders, B, reading] for every ranking judge in the run."""
    from litlens.app.judges.transevalnia.summary import bias_for, methods
    from litlens.app.metrics.ranking import inconsistency_b
    from litlens.app.metrics.orders import explain_b
    rows: list[list[str]] = []
    te = [j for j in results if j.judge == "transevalnia"]
    for method in methods(te):
        pb = bias_for(te, method)
        rows.append(["transevalnia", method, str(len(pb.winners)), str(pb.orders),
                     "—" if pb.b is None else f"{pb.b:.2f}", explain_b(pb.b, pb.orders, pb.b_max)])
    best: dict[int | None, list[str]] = {}
    for j in results:
        if j.judge == "bws" and j.status == "ok" and "best" in j.data:
            best.setdefault(j.paragraph, []).append(str(j.data["best"]))
    if best:
        b = inconsistency_b(list(best.values()))
        orders = max(len(v) for v in best.values())
        rows.append(["bws", "best of rotations", str(len(best)), str(orders), f"{b:.2f}",
                     explain_b(b, orders)])
    return rows


def cmd_meta_eval(args: argparse.Namespace) -> int:
    from litlens.app.metrics import meta_eval as me
    from litlens.app.cli.main import EXIT_OK, EXIT_USAGE, CliError
    from litlens.app.cli.output import text_table  # the one table layout every litlens command prints
    from litlens.app.run.store import Store
    from litlens.app.cli import span_eval
    if not args.human and not args.bias and not span_eval.wants_spans(args):
        raise CliError("meta-eval needs --human FILE, --spans FILE, --decisions, --samples N or --calibration "
                       "(and/or --bias)", EXIT_USAGE)
    store = Store(getattr(args, "db", None))
    store.get_run(args.run)  # a clear error for an unknown run
    results = store.results_for_run(args.run)
    doc: dict[str, Any] = {"run": args.run}
    parts: list[str] = []
    if args.human:
        try:
            human = me.read_human(args.human)
            pairs, unmatched, judge = me.pair_scores(human, results, args.judge)
        except me.MetaEvalError as exc:
            raise CliError(str(exc)) from None
        report = me.evaluate(pairs, unmatched, judge)
        doc["judge"] = judge
        doc["correlation"] = [vars(s) for s in [*report.criteria, report.average]]
        doc["labels"] = [vars(ls) for ls in report.label_scores]
        doc["accuracy"] = report.accuracy
        doc["confusion"] = {"labels": report.labels, "matrix": report.confusion,
                            "per_criterion": report.per_criterion_confusion}
        doc["unmatched"] = len(unmatched)
        parts.append(f"== agreement with human scores ({judge}, run {args.run}) ==\n"
                     + text_table(me.CORRELATION_HEADERS, me.correlation_rows(report)))
        parts.append(f"== per label, all criteria (accuracy {me.format_value(report.accuracy, 2)}) ==\n"
                     + text_table(["label", "support", "precision", "recall", "F1"], me.label_rows(report)))
        parts.append("== confusion matrix (rows: human, columns: judge) ==\n"
                     + text_table(["", *(str(lab) for lab in report.labels)], me.confusion_rows(report)))
        if unmatched:
            parts.append(f"{noun(len(unmatched), 'human score')} had no stored partner, e.g. paragraph "
                         f"{unmatched[0].paragraph}, {unmatched[0].candidate}, {unmatched[0].criterion}")
        if args.png:
            doc["png"] = str(me.write_png(report, args.png))
    if args.bias:
        rows = bias_rows(results)
        doc["bias"] = [dict(zip(["judge", "method", "items", "orders", "B", "reading"], r)) for r in rows]
        headers = ["judge", "method", "items", "orders", "B", "reading"]
        parts.append("== position bias ==\n" + (text_table(headers, rows) if rows
                                                  else "(no ranking results in this run)"))
    if span_eval.wants_spans(args):
        spans_doc, spans_parts = span_eval.run(args, store, args.run)
        doc.update(spans_doc)
        parts += spans_parts
    if args.format == "json":
        print(json.dumps(doc, ensure_ascii=False, indent=1, default=str))
    else:
        print("\n\n".join(parts))
        if args.png and args.human:
            print(f"PNG written to {doc['png']}", file=sys.stderr)
    return EXIT_OK
