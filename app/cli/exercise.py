"""``litlens exercise make PROJECT|RUN …`` and ``litlens exercise grade SET ANSWERS…``: an instructor makes
an exercise file from a project's newest run or a given run (the key: the findings accepted, corrected or
added in review; with ``--all-findings`` every finding the judges made; with ``--agreed`` those two or more
judges agree on) and grades a class's answers files against it."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

from litlens.app.core.counts import noun
from litlens.app.cli import first_paragraph

FIGURES = ("precision", "recall", "f1", "top_accuracy", "leaf_accuracy", "severity_agreement")


def register(subparsers: Any) -> None:
    ex = subparsers.add_parser("exercise", help="make an exercise file from a run, or grade students' answers",
                               description=first_paragraph(__doc__))
    sub = ex.add_subparsers(dest="exercise_command", metavar="ACTION", required=True)
    mk = sub.add_parser("make", help="write an exercise from a stored run's translation and its reviewed key")
    mk.add_argument("run", metavar="PROJECT|RUN", help="a project's name (or #ID): its newest run; or a run id "
                    "(see `litlens runs`)")
    mk.add_argument("--paragraphs", required=True, metavar="RANGE",
                    help="paragraphs of the translation, counted from 1: e.g. 2-5 or 1,3,7-9")
    mk.add_argument("-o", "--output", required=True, metavar="FILE", help="exercise file to write "
                    "(.litlens-exercise is added when missing)")
    mk.add_argument("--candidate", metavar="LABEL", help="which translation (needed when the run has several)")
    mk.add_argument("--agreed", action="store_true", help="key: findings two or more judges agree on "
                    "(self-study), instead of the findings accepted, corrected or added in review")
    mk.add_argument("--min-judges", type=int, default=2, metavar="N", help="with --agreed: judges that must "
                    "agree (default 2)")
    mk.add_argument("--all-findings", action="store_true",
                    help="key: every located finding of the run as its judges gave it, unreviewed (an "
                         "exercise from the command line alone; check it before use)")
    mk.add_argument("--title", default="", help="title shown to students (default: project — translation)")
    mk.add_argument("--author", default="", help="author shown to students")
    mk.add_argument("--instructions", default="", help="what the students should do")
    mk.add_argument("--db", default=argparse.SUPPRESS, help="database file")
    mk.set_defaults(handler=run_make)
    gr = sub.add_parser("grade", help="grade students' answers files against an exercise")
    gr.add_argument("exercise", metavar="SET", help="the .litlens-exercise file")
    gr.add_argument("answers", nargs="+", metavar="ANSWERS", help="one or more answers files (JSON)")
    gr.add_argument("--format", choices=["text", "json", "csv"], default="text",
                    help="output: text with reasons (default), JSON or CSV")
    gr.add_argument("--no-reasons", action="store_true", help="text format: figures only")
    gr.set_defaults(handler=run_grade)


def run_make(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_INPUT, EXIT_OK, EXIT_USAGE, CliError
    from litlens.app.exercises.from_store import exercise_from_run, latest_run
    from litlens.app.exercises.model import SUFFIX, ExerciseError, dump
    from litlens.app.run.store import Store
    if args.min_judges < 2:
        raise CliError("--min-judges is at least 2 (one judge is not an agreement)", EXIT_USAGE)
    if args.all_findings and args.agreed:
        raise CliError("give --agreed or --all-findings, not both", EXIT_USAGE)
    out = Path(args.output)
    if not out.name.endswith(SUFFIX):
        out = out.with_name(out.name + SUFFIX)
    if out.is_dir():
        raise CliError(f"{out} is a folder; give a file name with -o", EXIT_USAGE)
    store = Store(args.db)
    try:
        run = int(args.run) if args.run.isdigit() else latest_run(store, args.run)
        exercise = exercise_from_run(store, run, args.paragraphs, candidate=args.candidate,
                                     agreed=args.agreed or args.all_findings,
                                     min_judges=1 if args.all_findings else args.min_judges, title=args.title,
                                     author=args.author, instructions=args.instructions)
    except ExerciseError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    finally:
        store.close()
    for note in exercise.notes:
        print(f"litlens: note: {note}", file=sys.stderr)
    try:
        dump(exercise, out)
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror or exc}", EXIT_INPUT) from None
    key_kind = ("judges agreeing" if args.agreed else "every finding, unreviewed" if args.all_findings
                else "reviewed")
    print(f"wrote {out}: {noun(len(exercise.paragraphs), 'paragraph')}, "
          f"{noun(len(exercise.key), 'finding')} in the key "
          f"({key_kind})", file=sys.stderr)
    return EXIT_OK


def run_grade(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_INPUT, EXIT_OK, CliError
    from litlens.app.exercises import answers as answers_file
    from litlens.app.exercises.grading import grade
    from litlens.app.exercises.model import ExerciseError, load
    try:
        exercise = load(args.exercise)
    except ExerciseError as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    texts = [p.translation for p in exercise.paragraphs]
    rows: list[dict[str, Any]] = []
    failed = 0
    for path in args.answers:
        try:
            a = answers_file.load(path, exercise)
        except answers_file.AnswersError as exc:
            # one broken file must not stop a class's grading: report it and grade the others
            print(f"litlens: error: {exc}", file=sys.stderr)
            rows.append({"file": path, "error": str(exc)})
            failed += 1
            continue
        if not a.matches(exercise):
            print(f"litlens: warning: {Path(path).name} answers another exercise"
                  f"{' (' + a.title + ')' if a.title else ''}; graded against {exercise.title!r} anyway",
                  file=sys.stderr)
        rows.append({"file": path, "student": a.student, "grade": grade(exercise.key, a.findings, texts)})
    if args.format == "json":
        print(json.dumps(as_json(exercise, rows), ensure_ascii=False, indent=1))
    elif args.format == "csv":
        sys.stdout.write(as_csv(rows))
    else:
        print(as_text(exercise, rows, reasons=not args.no_reasons))
    if failed == len(args.answers):
        raise CliError("no answers file could be graded", EXIT_INPUT)
    return EXIT_INPUT if failed else EXIT_OK


def _figures(g: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"key": g.key_count, "marked": g.student_count, "found": len(g.matches),
                           "missed": len(g.missed), "extra": len(g.extra)}
    out.update({f: None if getattr(g, f) is None else round(getattr(g, f), 4) for f in FIGURES})
    return out


def as_json(exercise: Any, rows: list[dict[str, Any]]) -> dict[str, Any]:
    out = []
    for r in rows:
        if "error" in r:
            out.append({"file": r["file"], "error": r["error"]})
            continue
        g = r["grade"]
        out.append({"file": r["file"], "student": r["student"], **_figures(g),
                    "per_category": {c: {"right": a, "key": b} for c, (a, b) in g.per_category().items()},
                    "reasons": [n.to_json() for n in g.notes]})
    return {"exercise": {"id": exercise.id, "title": exercise.title, "paragraphs": len(exercise.paragraphs),
                         "key": len(exercise.key)}, "answers": out}


def as_csv(rows: list[dict[str, Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["file", "student", "key", "marked", "found", "missed", "extra", *FIGURES, "error"])
    for r in rows:
        if "error" in r:
            w.writerow([r["file"], "", *[""] * (5 + len(FIGURES)), r["error"]])
            continue
        f = _figures(r["grade"])
        w.writerow([r["file"], r["student"], *(f[c] for c in ("key", "marked", "found", "missed", "extra")),
                    *("" if f[c] is None else f"{f[c]:.4f}" for c in FIGURES), ""])
    return buf.getvalue()


def as_text(exercise: Any, rows: list[dict[str, Any]], reasons: bool = True) -> str:
    from litlens.app.exercises.grading import summary_lines
    lines = [f"{exercise.title}: {noun(len(exercise.paragraphs), 'paragraph')}, "
             f"{noun(len(exercise.key), 'finding')} in the key"]
    for r in rows:
        lines.append("")
        if "error" in r:
            lines.append(f"{r['file']}: not graded: {r['error']}")
            continue
        g = r["grade"]
        lines.append(f"{r['file']}" + (f" ({r['student']})" if r["student"] else ""))
        lines += [f"  {line}" for line in summary_lines(g)]
        if reasons:
            lines += [f"  - ¶{n.paragraph + 1} {n.text}" for n in g.notes]
    return "\n".join(lines)
