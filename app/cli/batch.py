"""``litlens batch``: submit a run's LLM calls as a provider batch job (half price), poll it, collect it.

``batch submit`` takes the same inputs as ``evaluate``. ``batch collect`` writes the answers into the
store and runs the plan again; a judge whose next step needs new calls gets a new job at once, so a
multi-step judge (VERSE) takes one ``collect`` per step. Nothing lives in memory between the commands:
a job submitted by one process can be collected by another, after a restart.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from litlens.app.core.counts import fraction, noun


def _add_inputs(p: argparse.ArgumentParser) -> None:
    """The inputs of ``litlens evaluate``, with the providers that have a batch API."""
    from litlens.app.cli.main import add_inputs
    add_inputs(p)
    p.add_argument("--provider", choices=["openai", "anthropic"], required=True,
                   help="provider with a batch API")
    p.add_argument("--model", required=True, help="model name, e.g. gpt-4o or claude-sonnet-4-5")
    p.add_argument("--base-url", help="API URL (a proxy or a test server)")
    p.add_argument("--budget", type=float, metavar="USD", help="queue no more than this much work")


def register(subparsers: Any) -> None:
    """Add ``batch submit|status|collect`` to the ``litlens`` parser."""
    bp = subparsers.add_parser("batch", help="run judges through a provider batch API (half price, async)",
                               description="Submit a run's LLM calls as a provider batch job (half "
                               "price), poll it, and collect the answers into the store.")
    sub = bp.add_subparsers(dest="batch_command", metavar="ACTION", required=True)
    common = argparse.ArgumentParser(add_help=False)
    # SUPPRESS keeps the top-level `litlens --db X batch …` value when --db is not repeated here
    common.add_argument("--db", default=argparse.SUPPRESS, help="database file")
    common.add_argument("--timeout", type=float, default=120.0, help="seconds per API call")

    sm = sub.add_parser("submit", parents=[common], help="queue the calls of a run as a batch job")
    _add_inputs(sm)
    sm.set_defaults(handler=cmd_submit)

    st = sub.add_parser("status", parents=[common], help="show batch jobs and ask the provider how far")
    st.add_argument("batch", nargs="?", help="local batch id or provider batch id (default: all)")
    st.add_argument("--base-url", help="override the API URL stored with the job")
    st.set_defaults(handler=cmd_status)

    co = sub.add_parser("collect", parents=[common],
                        help="store finished answers, finish the run or submit its next round")
    co.add_argument("batch", nargs="?", help="local or provider batch id (default: every open job)")
    co.add_argument("--base-url", help="override the API URL stored with the job")
    co.add_argument("--wait", action="store_true",
                    help="poll until every job (and each next round) is collected")
    co.add_argument("--poll", type=float, default=30.0, metavar="SECONDS", help="polling interval")
    co.add_argument("--max-wait", type=float, default=86400.0, metavar="SECONDS",
                    help="give up waiting after this long (jobs keep running; collect again later)")
    co.add_argument("--format", choices=["table", "json", "csv"], default="table",
                    help="how to print the results of a run that finished")
    co.set_defaults(handler=cmd_collect)


def _store(args: argparse.Namespace):
    from litlens.app.run.store import Store
    return Store(getattr(args, "db", None))


def _submitted_line(rec) -> str:
    return (f"submitted batch {rec.id} ({rec.provider} {rec.remote_id}) with {rec.request_count} "
            f"request{'s' if rec.request_count != 1 else ''} for run {rec.run_id}")


def _round_lines(rnd) -> list[str]:
    p = rnd.summary.progress
    out = [f"run {rnd.run_id}: {rnd.summary.status}; {fraction(p.done, p.total, 'unit')} finished "
           f"({p.failed} failed), {p.deferred} waiting for batch answers"]
    out += [_submitted_line(rec) for rec in rnd.submitted]
    if rnd.waiting:
        out.append(f"{noun(rnd.waiting, 'request')} {'is' if rnd.waiting == 1 else 'are'} already in a job "
                   "that has not been collected yet")
    return out


def cmd_submit(args: argparse.Namespace) -> int:
    from litlens.app.batch import jobs
    from litlens.app.cli.main import EXIT_OK, EXIT_USAGE, CliError, parse_options, project_from_args
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.run.service import RunRequest
    judges = [j.strip() for item in args.judge for j in item.split(",") if j.strip()]
    request = RunRequest(project=project_from_args(args), judges=judges, options=parse_options(args.option),
                         provider=ProviderSettings(provider=args.provider, model=args.model,
                                                   base_url=args.base_url, timeout=args.timeout),
                         budget=args.budget)
    store = _store(args)
    try:
        rnd = jobs.submit(request, store)
    except ValueError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    for line in _round_lines(rnd):
        print(line, file=sys.stderr)
    if rnd.submitted:
        print("next: `litlens batch status` to follow the job, `litlens batch collect` when it has ended",
              file=sys.stderr)
    return _finish(store, rnd, "table") if not rnd.submitted else EXIT_OK


def _finish(store, rnd, fmt: str) -> int:
    """Print a run that needs nothing more, as `evaluate` would; returns the exit code."""
    from litlens.app.cli import output
    from litlens.app.cli.main import EXIT_BUDGET, EXIT_FAILED_UNITS, EXIT_OK
    if rnd.summary.status in ("deferred",) or rnd.submitted:
        return EXIT_OK
    results = store.results_for_run(rnd.run_id)
    if fmt == "json":
        print(output.to_json(results, {"run": store.get_run(rnd.run_id)}))
    elif fmt == "csv":
        sys.stdout.write(output.to_csv(results))
    else:
        print(output.render_table(results))
    p = rnd.summary.progress
    run = store.get_run(rnd.run_id)
    print(f"run {rnd.run_id}: {rnd.summary.status}; {fraction(p.done, p.total, 'unit')} ({p.failed} failed); "
          f"{noun(run['calls'], 'batch call')}; {noun(run['input_tokens'] + run['output_tokens'], 'token')}; "
          f"cost ${run['cost'] or 0:.4f} (batch price)", file=sys.stderr)
    if rnd.summary.status == "budget":
        return EXIT_BUDGET
    return EXIT_FAILED_UNITS if p.failed else EXIT_OK


def cmd_status(args: argparse.Namespace) -> int:
    from litlens.app.batch import jobs, records
    from litlens.app.cli.main import EXIT_OK, CliError
    store = _store(args)
    try:
        targets = [records.load(store, args.batch)] if args.batch else records.all_batches(store)
    except records.BatchNotFound as exc:
        raise CliError(str(exc)) from None
    if not targets:
        print("no batch jobs stored yet")
    for rec in targets:
        remote = None
        if rec.open:
            rec, remote = jobs.poll(store, rec.id, base_url=args.base_url, timeout=args.timeout)
        detail = remote.describe() if remote is not None else rec.status
        if not rec.open:
            oc = jobs.describe(rec)["outcomes"]
            detail += f": {oc['ok']} answered, {oc['failed']} unusable, {oc['retry']} to ask again"
        print(f"{rec.id:>4}  run {rec.run_id:<4} {rec.provider}:{rec.model}  {rec.remote_id}  "
              f"{noun(rec.request_count, 'request')}  {detail}")
    return EXIT_OK


def cmd_collect(args: argparse.Namespace) -> int:
    from litlens.app.batch import jobs, records
    from litlens.app.cli.main import EXIT_CANCELLED, EXIT_OK, CliError
    store = _store(args)
    try:
        queue = [records.load(store, args.batch).id] if args.batch else \
            [b.id for b in records.open_batches(store)]
    except records.BatchNotFound as exc:
        raise CliError(str(exc)) from None
    if not queue:
        print("no open batch jobs to collect", file=sys.stderr)
        return EXIT_OK
    deadline = time.monotonic() + args.max_wait
    code = EXIT_OK
    try:
        while queue:
            pending: list[int] = []
            for batch_id in queue:
                rep = jobs.collect(store, batch_id, base_url=args.base_url, timeout=args.timeout)
                code = max(code, _report(store, rep, args.format))
                if rep.state == "not-ready":
                    pending.append(batch_id)
                elif rep.round is not None:
                    pending += [rec.id for rec in rep.round.submitted]
            queue = pending if args.wait else []
            if queue:
                if time.monotonic() + args.poll > deadline:
                    print(f"stopped waiting; {noun(len(queue), 'job')} still open: collect them later",
                          file=sys.stderr)
                    break
                time.sleep(args.poll)
    except KeyboardInterrupt:
        print("stopped waiting; the jobs keep running: `litlens batch collect` later", file=sys.stderr)
        return EXIT_CANCELLED
    return code


def _report(store, rep, fmt: str) -> int:
    from litlens.app.cli.main import EXIT_OK, EXIT_PROVIDER
    rec = rep.batch
    if rep.state == "already-collected":
        print(f"batch {rec.id} was already collected: nothing to do", file=sys.stderr)
        return EXIT_OK
    if rep.state == "not-ready":
        print(f"batch {rec.id} ({rec.remote_id}) is not finished yet: {rep.remote.describe()}",
              file=sys.stderr)
        return EXIT_OK
    if rep.state == "failed":
        print(f"batch {rec.id} ({rec.remote_id}) failed at the provider: {rec.error}", file=sys.stderr)
        return EXIT_PROVIDER
    print(f"batch {rec.id}: {noun(rep.answered, 'answer')} stored, {rep.invalid} unusable (kept as failures "
          f"with "
          f"their raw text), {rep.retry} to ask again", file=sys.stderr)
    for line in _round_lines(rep.round):
        print(line, file=sys.stderr)
    return _finish(store, rep.round, fmt)
