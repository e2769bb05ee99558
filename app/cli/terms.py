"""``litlens terms import|export|show``: build a termbase file from TBX and CSV/TSV/XLSX glossaries, write it
out in another format, or list it. ``litlens evaluate --termbase FILE`` enforces one."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


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
    exp.add_argument("termbase")
    exp.add_argument("output")
    exp.set_defaults(handler=run_export)
    show = sub.add_parser("show", help="list a termbase's entries")
    show.add_argument("termbase")
    show.set_defaults(handler=run_show)


def run_import(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK
    from litlens.app.terms import Termbase, load_termbase, save_termbase
    into = Path(args.into)
    tb = load_termbase(into) if into.exists() else Termbase(args.source_lang or "", args.target_lang or "")
    for name in args.files:
        other = load_termbase(name, args.source_lang, args.target_lang)
        added = tb.merge(other)
        print(f"{name}: {len(other)} entries, {added} new")
    save_termbase(tb, into)
    print(f"{into}: {len(tb)} entries ({tb.source_lang or '?'} → {tb.target_lang or '?'})")
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK
    from litlens.app.terms import load_termbase, save_termbase
    tb = load_termbase(args.termbase)
    save_termbase(tb, args.output)
    print(f"{args.output}: {len(tb)} entries")
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK
    from litlens.app.terms import load_termbase
    tb = load_termbase(args.termbase)
    print(f"{tb.name}: {len(tb)} entries ({tb.source_lang or '?'} → {tb.target_lang or '?'})")
    for e in tb.entries:
        source = " / ".join(t.text for t in e.source)
        target = "; ".join(f"{t.text} ({t.status})" for t in e.target)
        print(f"{e.id}\t{source}\t{target}" + (f"\t{e.note}" if e.note else ""))
    return EXIT_OK
