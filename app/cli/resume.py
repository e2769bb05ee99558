"""``litlens resume RUN``: finish a run that was interrupted (its process killed), cancelled, aborted or
stopped by its budget. The same plan runs again as a new run; what the old one finished is reused from
the store, so only the rest is asked for."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from litlens.app.cli import first_paragraph


def register(subparsers: Any) -> None:
    rp = subparsers.add_parser("resume", help="finish an interrupted, cancelled or stopped run",
                               description=first_paragraph(__doc__))
    rp.add_argument("run", type=int, help="run id (see `litlens runs`)")
    rp.add_argument("--format", choices=["table", "json", "csv"], default="table",
                    help="output: a table for reading, JSON or CSV for scripts")
    rp.add_argument("--budget", type=float, metavar="USD", help="a new budget for the run (default: the one "
                    "it had); what it spent before counts against it")
    rp.add_argument("--quiet", action="store_true", help="no progress bar")
    rp.add_argument("--db", default=argparse.SUPPRESS, help="database file")
    rp.set_defaults(handler=run_resume)


def run_resume(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_USAGE, CliError, execute_and_print, run_outcome
    from litlens.app.run import service
    from litlens.app.run.store import Store
    store = Store(args.db)
    try:
        request = service.resume_request(store, args.run)
    except ValueError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    if args.budget is not None:
        if args.budget < 0:
            raise CliError("--budget cannot be negative", EXIT_USAGE)
        request.budget = args.budget
    summary = execute_and_print(request, store, args)
    print(f"run {summary.run_id} resumes run {args.run}", file=sys.stderr)
    return run_outcome(summary)
