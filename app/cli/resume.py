"""``litlens resume RUN``: finish a run that was interrupted (its process killed), cancelled, aborted or
stopped by its budget. The same plan runs again as a new run; what the old one finished is reused from
the store, so only the rest is asked for."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from typing import Any


def register(subparsers: Any) -> None:
    rp = subparsers.add_parser("resume", help="finish an interrupted, cancelled or stopped run",
                               description=__doc__.splitlines()[0])
    rp.add_argument("run", type=int, help="run id (see `litlens runs`)")
    rp.add_argument("--format", choices=["table", "json", "csv"], default="table")
    rp.add_argument("--quiet", action="store_true", help="no progress bar")
    rp.add_argument("--db", default=argparse.SUPPRESS, help="database file")
    rp.set_defaults(handler=run_resume)


def run_resume(args: argparse.Namespace) -> int:
    from litlens.app.cli import output
    from litlens.app.cli.main import EXIT_USAGE, CliError, _ProgressLine, run_outcome
    from litlens.app.run import service
    from litlens.app.run.store import Store
    store = Store(args.db)
    try:
        request = service.resume_request(store, args.run)
    except ValueError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    cancel = threading.Event()
    bar = _ProgressLine(not args.quiet)
    previous = signal.signal(signal.SIGINT, lambda *_: cancel.set())
    try:
        summary = service.execute(request, store, on_progress=bar, cancel=cancel)
    finally:
        signal.signal(signal.SIGINT, previous)
        bar.close()
    print(f"run {summary.run_id} resumes run {args.run}", file=sys.stderr)
    results = store.results_for_run(summary.run_id)
    if args.format == "json":
        print(output.to_json(results, {"run": store.get_run(summary.run_id)}))
    elif args.format == "csv":
        sys.stdout.write(output.to_csv(results))
    else:
        print(output.render_table(results))
    return run_outcome(summary)
