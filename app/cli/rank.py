"""``litlens rank``: rank candidate translations with TransEvalnia (seed 004) and report position bias.

Prints the winner of each paragraph in each presentation order, the inconsistency B, the overall
majority-vote ranking (ties shown as ties) and the score-based ranking.
"""

from __future__ import annotations

import argparse
import signal
import threading
from typing import Any

from litlens.app.cli import first_paragraph
from litlens.app.cli.main import (EXIT_USAGE, CliError, ProgressLine, add_local_options, project_from_args,
                                  provider_from_args, run_outcome)

JUDGE = "transevalnia"
METHODS = ("two-step", "three-step", "one-step", "no-reasoning", "scores")


def register(subparsers: Any) -> None:
    """Add the ``rank`` sub-command to the ``litlens`` parser's subparsers."""
    rk = subparsers.add_parser("rank", help="rank candidate translations and measure position bias",
                               description=first_paragraph(__doc__))
    rk.add_argument("source", help="source text (.txt, .md, .docx)")
    rk.add_argument("--candidate", action="append", default=[], metavar="LABEL=FILE",
                    help="a candidate translation (repeat; at least two)")
    rk.add_argument("--method", choices=METHODS, default="two-step",
                    help="one-step, two-step, three-step (interleaved), no-reasoning, or scores (mean "
                         "Likert score; order-independent). Default: two-step")
    rk.add_argument("--orders", type=int, metavar="N",
                    help="presentation orders per paragraph (default: the paper's p, 2 for two "
                         "candidates and 3 for more, as rotations)")
    rk.add_argument("--all-orders", action="store_true",
                    help="rank in every permutation of the candidates (n!, up to six candidates)")
    rk.add_argument("--spans", choices=["model", "sentences"], default="model",
                    help="who cuts each translation into spans: the model (the paper's method, default) "
                         "or our sentence splitter")
    rk.add_argument("--seed", type=int, default=0, help="seed for the random presentation order")
    rk.add_argument("--poetry", action="store_true",
                    help="judge emotional content instead of linguistic conventions (verse)")
    rk.add_argument("--no-scores", action="store_true", help="skip the 1–5 Likert scoring step")
    rk.add_argument("--provider", choices=["openai", "anthropic", "compat", "local"], help="LLM provider")
    rk.add_argument("--model", help="model name, e.g. gpt-4o or claude-sonnet-4-5")
    rk.add_argument("--base-url", help="server URL for an OpenAI-compatible provider")
    add_local_options(rk)
    rk.add_argument("--budget", type=float, metavar="USD", help="stop before spending more than this")
    rk.add_argument("--concurrency", type=int, default=8, help="LLM calls in flight at once (default 8)")
    rk.add_argument("--timeout", type=float, default=120.0, help="seconds per call")
    # SUPPRESS keeps the top-level `litlens --db X rank …` value when --db is not repeated here
    rk.add_argument("--db", default=argparse.SUPPRESS, help="database file")
    rk.add_argument("--source-lang", help="language code of the source (default: detected)")
    rk.add_argument("--target-lang", help="language code of the translations (default: detected)")
    rk.add_argument("--name", help="project name (default: source file name)")
    rk.add_argument("--format", choices=["table", "json"], default="table",
                    help="output: a table for reading or JSON for scripts")
    rk.add_argument("--quiet", action="store_true", help="no progress bar")
    rk.set_defaults(handler=run_rank, translation=None, sample=False, ref=None)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    if args.orders is not None and args.orders < 1:
        raise CliError("--orders must be at least 1", EXIT_USAGE)
    opts: dict[str, Any] = {"method": args.method, "seed": args.seed, "poetry": bool(args.poetry),
                            "scores": not args.no_scores, "spans": args.spans,
                            "all_orders": bool(args.all_orders)}
    if args.orders is not None:
        opts["orders"] = args.orders
    return opts


def _provider(args: argparse.Namespace):
    if not args.provider:
        raise CliError("rank needs an LLM: choose one with --provider and --model", EXIT_USAGE)
    return provider_from_args(args)


def run_rank(args: argparse.Namespace) -> int:
    """Run the ranking and print it; returns the process exit code (errors raise CliError & co.)."""
    from litlens.app.cli import output
    from litlens.app.run import service
    from litlens.app.run.store import Store
    if len(args.candidate) < 2:
        raise CliError("rank needs at least two --candidate LABEL=FILE", EXIT_USAGE)
    opts = _options(args)
    provider = _provider(args)
    project = project_from_args(args)
    request = service.RunRequest(project=project, judges=[JUDGE], provider=provider,
                                 options={JUDGE: opts}, budget=args.budget, concurrency=args.concurrency)
    planned = service.plan(request)
    store = Store(getattr(args, "db", None))
    cancel = threading.Event()
    bar = ProgressLine(not args.quiet)
    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, lambda *_: cancel.set()) if in_main else None
    try:
        summary = service.execute(request, store, on_progress=bar, cancel=cancel, planned=planned)
    finally:
        if in_main:
            signal.signal(signal.SIGINT, previous)
        bar.close()
    results = store.results_for_run(summary.run_id)
    sums = output.summaries(results).get(JUDGE, [])
    if args.format == "json":
        print(output.to_json(results, {"run": store.get_run(summary.run_id), "method": args.method}))
    else:
        print(render(sums, results))
    return run_outcome(summary)


def render(sums: list, results: list) -> str:
    """The ranking tables (winners per order, B, overall, scores) and any failed units."""
    from litlens.app.cli.output import text_table  # the one table layout every litlens command prints
    parts = [f"== {s.title} ==\n" + text_table(s.headers, s.rows) for s in sums]
    bad = [j for j in results if j.status != "ok"]
    if bad:
        rows = [[j.unit, " ".join((j.error or "").split())[:90]] for j in bad]
        parts.append(f"== failed units ({len(bad)}; raw answers kept in the store) ==\n"
                     + text_table(["unit", "error"], rows))
    return "\n\n".join(parts) if parts else "(no results)"
