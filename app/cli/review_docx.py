"""``litlens review-docx export|import``: the bilingual review DOCX exchanged with the translator. Import
shows what it would change and applies it only with ``--apply`` (one revision, answers as notes, one undo)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from litlens.app.core.counts import noun

EXIT_PROBLEMS = 1  # import --apply --strict: the file had rows that were not applied


def register(subparsers: Any) -> None:
    rd = subparsers.add_parser("review-docx", help="bilingual review DOCX for the translator: export a run's "
                               "findings as a table, import the edited targets and answers back")
    sub = rd.add_subparsers(dest="review_docx_command", metavar="ACTION", required=True)
    exp = sub.add_parser("export", help="write a review table (ID, source, target, findings, reply) of a run's "
                         "findings on one translation; the findings are also Word comments on the targets")
    exp.add_argument("run", type=int, help="run id (see `litlens runs`)")
    exp.add_argument("output", metavar="FILE.docx", help="the DOCX file to write")
    exp.add_argument("--candidate", help="the translation (needed when the run judged several)")
    exp.set_defaults(handler=run_export)
    imp = sub.add_parser("import", help="read a review DOCX the translator returned and list what it changes: "
                         "edited targets, answers to findings, and rows that do not fit (changed source, "
                         "unknown or missing ID, edited in LitLens since). Nothing is applied without --apply",
                         description="Edited targets become ONE new revision of the translation and answers "
                         "notes on their findings, as one command `litlens` or the window can undo. A row "
                         "whose source was changed, whose ID is unknown, or whose paragraph was edited in "
                         "LitLens since the export is reported and not applied.")
    imp.add_argument("file", metavar="FILE.docx", help="the DOCX file the translator returned")
    imp.add_argument("--apply", action="store_true", help="apply the listed changes (default: only list them)")
    imp.add_argument("--strict", action="store_true",
                     help=f"with --apply: apply nothing and exit {EXIT_PROBLEMS} when any row is reported")
    imp.add_argument("--reviewer", default="", help="name recorded on the notes")
    imp.set_defaults(handler=run_import)


def run_export(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK, EXIT_USAGE, CliError
    from litlens.app.exchange.review_export import export_review_docx
    from litlens.app.reports.collect import ReportError
    from litlens.app.run.store import Store
    try:
        review = export_review_docx(Store(args.db), args.run, args.output, args.candidate)
    except ReportError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    except OSError as exc:
        raise CliError(f"{args.output}: cannot write ({exc.strerror or exc})") from None
    found = sum(len(r.findings) for r in review.rows)
    print(f"{args.output}: {noun(len(review.rows), 'paragraph')} of {review.candidate} (revision "
          f"{review.meta['revision']}), {noun(found, 'finding')}")
    return EXIT_OK


def run_import(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK, CliError
    from litlens.app.exchange.review_import import ReviewImportError, apply_import, plan_import
    from litlens.app.formats.review_docx import read_review_docx
    from litlens.app.run.store import Store
    review = read_review_docx(args.file)
    store = Store(args.db)
    try:
        plan = plan_import(store, review)
    except ReviewImportError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    for e in plan.edits:
        print(f"edit {e.id}: {e.old}\n      → {e.new}")
    for a in plan.answers:
        print(f"note on F{a.span_id} (row {a.id}): {a.author}: {a.text}")
    for problem in plan.problems():
        print(f"litlens: not applied: {problem}", file=sys.stderr)
    print(plan.summary())
    if not args.apply:
        if plan.changes_anything:
            print("nothing applied; run again with --apply to apply the changes listed")
        return EXIT_OK
    if args.strict and plan.problems():
        print("nothing applied (--strict and rows were reported)", file=sys.stderr)
        return EXIT_PROBLEMS
    try:
        number = apply_import(store, plan, args.reviewer)
    except ReviewImportError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    saved = f"saved as revision {number} of {plan.candidate}" if number is not None else "no target changed"
    print(f"applied: {saved}; {noun(len(plan.answers), 'note')} (undo: one step in the window)")
    return EXIT_OK
