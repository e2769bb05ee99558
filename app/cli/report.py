"""``litlens report``: export a stored run as HTML, PDF, a CSV/XLSX issue list, JSON, or the candidate
as XLIFF with the findings written back as notes for a CAT tool."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from litlens.app.cli import first_paragraph


def register(subparsers: Any) -> None:
    """Add the ``report`` sub-command to the ``litlens`` parser's subparsers."""
    from litlens.app.reports import FORMATS
    rp = subparsers.add_parser("report", help="export a stored run (HTML, PDF, CSV, XLSX, JSON, XLIFF)",
                               description=first_paragraph(__doc__))
    rp.add_argument("run", type=int, help="run id (see `litlens runs`)")
    rp.add_argument("--format", choices=FORMATS, default=None,
                    help="output format (default: from the file extension of -o)")
    rp.add_argument("-o", "--output", required=True, metavar="FILE", help="file to write")
    rp.add_argument("--candidate", metavar="LABEL", help="only this candidate (XLIFF: the one to write)")
    from litlens.app.cli.scorecard import add_profile_options
    add_profile_options(rp)  # the HTML and JSON reports' scorecard
    # SUPPRESS keeps the top-level `litlens --db X report …` value when --db is not repeated here
    rp.add_argument("--db", default=argparse.SUPPRESS, help="database file")
    rp.set_defaults(handler=run_report)




def run_report(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_INPUT, EXIT_OK, EXIT_USAGE, CliError
    from litlens.app.reports import ReportError, write_report
    from litlens.app.reports.export import BY_SUFFIX as _BY_SUFFIX
    from litlens.app.run.store import Store
    out = Path(args.output)
    fmt = args.format or _BY_SUFFIX.get(out.suffix.lower())
    if fmt is None:
        raise CliError(f"cannot tell the format from {out.name!r}; add --format", EXIT_USAGE)
    if out.is_dir():
        raise CliError(f"{out} is a folder; give a file name with -o", EXIT_USAGE)
    store = Store(args.db)
    try:
        warnings = write_report(store, args.run, fmt, out, args.candidate, args.qa_profile)
        texts = _which_texts(store, args.run)
    except ReportError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    except KeyError as exc:
        raise CliError(f"no candidate {exc.args[0]!r} in run {args.run}", EXIT_USAGE) from None
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror or exc}", EXIT_INPUT) from None
    finally:
        store.close()
    for w in warnings:
        print(f"litlens: warning: {w}", file=sys.stderr)
    print(f"wrote {fmt} report of run {args.run} to {out} ({texts})", file=sys.stderr)
    return EXIT_OK


def _which_texts(store: Any, run_id: int) -> str:
    """Which revision of each candidate the report shows (the current one) and which the run judged."""
    import json

    from litlens.app.run.revisions import heads
    run = store.get_run(run_id)
    judged = json.loads(run.get("revisions") or "{}")
    now = heads(store, int(run["project_id"]))
    parts = []
    for label, number in now.items():
        was = int(judged.get(label, 0))
        judged_too = f", the run judged revision {was}" if was != number else ""
        parts.append(f"{label}: revision {number}{judged_too}")
    return "texts as they are now: " + "; ".join(parts) if parts else "texts as the run judged them"
