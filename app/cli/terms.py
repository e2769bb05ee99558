"""``litlens terms import|export|show``: build a termbase file from TBX and CSV/TSV/XLSX glossaries, write it
out in another format, or list it. ``litlens evaluate --termbase FILE`` enforces one."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from litlens.app.core.counts import noun


def register(subparsers: Any) -> None:
    terms = subparsers.add_parser("terms", help="termbases: import glossaries (TBX, CSV, TSV, XLSX), export, "
                                  "list")
    sub = terms.add_subparsers(dest="terms_command", metavar="ACTION", required=True)
    imp = sub.add_parser("import", help="add the entries of glossary files to a termbase file (created when "
                         "missing; its suffix sets its format)")
    imp.add_argument("files", nargs="+", metavar="GLOSSARY", help=".tbx, .csv, .tsv or .xlsx")
    imp.add_argument("--into", required=True, metavar="TERMBASE", help="the termbase file to add to")
    imp.add_argument("--source-lang", help="source language of the glossaries (TBX files say it themselves)")
    imp.add_argument("--target-lang", help="target language of the glossaries")
    imp.set_defaults(handler=run_import)
    exp = sub.add_parser("export", help="write a termbase in another format (.tbx, .csv, .tsv, .xlsx)")
    exp.add_argument("termbase", help="the termbase file to read")
    exp.add_argument("output", help="the file to write; its suffix picks the format")
    exp.set_defaults(handler=run_export)
    pro = sub.add_parser("promote", help="add the names and key terms a run's consistency judge found to a "
                         "termbase file (most frequent rendering preferred, other spellings forbidden)")
    pro.add_argument("run", type=int, help="run id (see `litlens runs`)")
    pro.add_argument("--into", required=True, metavar="TERMBASE", help="the termbase file to add to")
    pro.add_argument("--candidate", help="only this candidate's renderings (default: every candidate)")
    pro.set_defaults(handler=run_promote)
    show = sub.add_parser("show", help="list a termbase's entries")
    show.add_argument("termbase", help="the termbase file to list")
    show.set_defaults(handler=run_show)


def run_import(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK
    from litlens.app.terms import Termbase, load_termbase, save_termbase
    into = Path(args.into)
    tb = load_termbase(into) if into.exists() else Termbase(args.source_lang or "", args.target_lang or "")
    for name in args.files:
        other = load_termbase(name, args.source_lang, args.target_lang)
        added = tb.merge(other)
        print(f"{name}: {noun(len(other), 'entry', 'entries')}, {added} new")
    save_termbase(tb, into)
    print(f"{into}: {noun(len(tb), 'entry', 'entries')} "
          f"({tb.source_lang or '?'} → {tb.target_lang or '?'})")
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK
    from litlens.app.terms import load_termbase, save_termbase
    tb = load_termbase(args.termbase)
    save_termbase(tb, args.output)
    print(f"{args.output}: {noun(len(tb), 'entry', 'entries')}")
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK
    from litlens.app.terms import load_termbase
    tb = load_termbase(args.termbase)
    print(f"{tb.name}: {noun(len(tb), 'entry', 'entries')} "
          f"({tb.source_lang or '?'} → {tb.target_lang or '?'})")
    for e in tb.entries:
        source = " / ".join(t.text for t in e.source)
        target = "; ".join(f"{t.text} ({t.status})" for t in e.target)
        print(f"{e.id}\t{source}\t{target}" + (f"\t{e.note}" if e.note else ""))
    return EXIT_OK


def run_promote(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK, EXIT_USAGE, CliError
    from litlens.app.run.store import Store
    from litlens.app.terms import Termbase, load_termbase, save_termbase
    from litlens.app.terms.promote import promote
    store = Store(args.db)
    run = store.get_run(args.run)
    project = store.load_project(run["project_id"])
    tables = [(j.data["term_table"], project.source.language, project.candidate(j.candidate).text.language)
              for j in store.results_for_run(args.run)
              if j.judge == "consistency" and j.status == "ok" and j.data.get("term_table")
              and j.candidate and (args.candidate is None or j.candidate == args.candidate)]
    if not tables:
        raise CliError(f"run {args.run} has no names or terms from the consistency judge"
                       + (f" for {args.candidate}" if args.candidate else ""), EXIT_USAGE)
    into = Path(args.into)
    tb = load_termbase(into) if into.exists() else Termbase(tables[0][1], tables[0][2])
    added = promote(tb, tables)
    save_termbase(tb, into)
    print(f"{into}: {noun(added, 'entry', 'entries')} added, {len(tb)} in all")
    return EXIT_OK
