"""Chapters on the command line: ``litlens evaluate SOURCE_DIR TRANSLATION_DIR`` (or files with chapter
headings) evaluates a book as one project, then prints one summary per chapter and for the whole text."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def is_folder_input(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "source", None)) and Path(args.source).is_dir()


def project_from_folders(args: argparse.Namespace) -> Any:
    """The book as one project: the source folder's chapter files, each translation folder's and the
    reference folder's (--ref), paired by natural name order (a different count is an error naming both
    lists)."""
    # input errors are ChapterErrors (exit 3, like any unreadable input): this module is imported by
    # app/cli/main.py and so does not import it back
    from litlens.app.texts.chapters import ChapterError, chapter_files, chapter_project
    cands: list[tuple[str, list[Path]]] = []
    if args.translation:
        if not Path(args.translation).is_dir():
            raise ChapterError("a source folder goes with a translation folder (chapter files paired by name "
                               "order)", args.translation)
        cands.append((Path(args.translation).name, chapter_files(args.translation)))
    for c in args.candidate:
        label, sep, path = c.partition("=")
        if not sep or not label.strip() or not Path(path).is_dir():
            raise ChapterError(f"--candidate {c!r}: expected LABEL=FOLDER with a source folder", "--candidate")
        cands.append((label.strip(), chapter_files(path)))
    if not cands:
        raise ChapterError("evaluate needs a translation folder beside the source folder", args.source)
    ref = None
    if args.ref:
        if not Path(args.ref).is_dir():
            raise ChapterError("with a source folder, --ref is a folder of reference chapter files (paired by "
                               "name order like the translation's)", args.ref)
        ref = chapter_files(args.ref)
    try:
        return chapter_project(args.name or Path(args.source).name, chapter_files(args.source), cands,
                               args.source_lang, args.target_lang, ref)
    except ChapterError:
        raise
    except ValueError as exc:  # build_project's refusals (labels, empty texts)
        raise ChapterError(str(exc), Path(args.source).name) from None


def print_summary(store: Any, run_id: int, args: argparse.Namespace) -> None:
    """After a run of a project with chapters: per chapter and candidate, then the whole text (every
    finding counts: nobody has reviewed them yet). On stdout with the table format, else on stderr."""
    from litlens.app.reports.collect import collect
    from litlens.app.reports.scorecards import scorecard_section, summary_lines
    from litlens.app.texts.chapters import chapters_of
    # the project first: gathering a whole book's findings only to learn it has no chapters cost seconds
    if not chapters_of(store.load_project(int(store.get_run(run_id)["project_id"]))):
        return
    data = collect(store, run_id)
    out = sys.stdout if args.format == "table" else sys.stderr
    for line in summary_lines(scorecard_section(data, args.qa_profile, include_all=True)):
        print(line, file=out)
