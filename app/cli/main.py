"""The ``litlens`` command line: evaluate, runs, show and gui here; the other sub-commands (judges, rank,
report, batch, resume, models, key, exercise…) register themselves from their own modules."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import Any

from litlens.app import __version__
from litlens.app.core.counts import fraction, noun
from litlens.app.core.run_numbers import project_numbers
from litlens.app.cli.terminal import write_control

EXIT_OK, EXIT_FAILED_UNITS, EXIT_USAGE, EXIT_INPUT, EXIT_PROVIDER, EXIT_BUDGET, EXIT_INTERNAL = \
    0, 1, 2, 3, 4, 5, 70
EXIT_STORE = 7  # the run's results could not be stored (disk full, I/O error, a read-only database)
EXIT_CANCELLED = 130
EXIT_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a tool whose reader went away


EXTRA_COMMAND_MODULES = tuple(f"litlens.app.cli.{m}" for m in ("judges", "rank", "report", "batch", "meta",
                                                                "resume", "models", "keys", "exercise",
                                                                "terms", "scorecard", "review_docx"))


class CliError(Exception):
    def __init__(self, message: str, code: int = EXIT_INPUT) -> None:
        super().__init__(message)
        self.code = code


def build_parser() -> argparse.ArgumentParser:
    """The whole `litlens` parser, every sub-command registered (also read by the tests of the help)."""
    p = argparse.ArgumentParser(prog="litlens", description="Review literary translations with LLM judges "
                                "and offline analysers. Results are kept in a local SQLite store.")
    p.add_argument("--version", action="version", version=f"litlens {__version__}")
    p.add_argument("--db", help="database file (default: your user data folder, or $LITLENS_DB)")
    p.add_argument("--prompts", metavar="DIR", help="a folder of your own prompt templates that replace the "
                   "built-in ones of the same name (e.g. DIR/gemba_mqm/system.j2), checked before any call")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    ev = sub.add_parser("evaluate", help="run judges on a source text and its translation(s)")
    add_inputs(ev)
    ev.add_argument("--provider", choices=["openai", "anthropic", "compat", "local"], help="LLM provider")
    ev.add_argument("--model", help="model name, e.g. gpt-4o or claude-sonnet-4-5")
    ev.add_argument("--base-url", help="server URL for an OpenAI-compatible provider (Ollama, vLLM...)")
    add_local_options(ev)
    ev.add_argument("--budget", type=float, metavar="USD", help="cap on what this run spends on LLM "
                    "calls; `litlens resume` goes on under it, counting what was spent before")
    ev.add_argument("--price-in", type=float, metavar="USD", help="input price per million tokens, for a "
                    "model missing from the price table (with --price-out)")
    ev.add_argument("--price-out", type=float, metavar="USD", help="output price per million tokens")
    ev.add_argument("--concurrency", type=int, default=8,
                    help="LLM calls in flight at once (default 8; raise it for a self-hosted server)")
    ev.add_argument("--rpm", type=int, help="requests per minute limit")
    ev.add_argument("--tpm", type=int, help="tokens per minute limit")
    ev.add_argument("--timeout", type=float, default=120.0, help="seconds per call")
    ev.add_argument("--format", choices=["table", "json", "csv"], default="table",
                    help="output: a table for reading, JSON or CSV for scripts")
    ev.add_argument("--quiet", action="store_true", help="no progress bar")
    ev.add_argument("--fail-under", type=float, metavar="SCORE",
                    help="after the run, print each candidate's MQM scorecard (every finding counts: nobody "
                         "has reviewed them yet) on stderr and exit 6 when a quality score is below SCORE")
    from litlens.app.cli.scorecard import add_profile_options
    add_profile_options(ev)
    ev.add_argument("--termbase", metavar="FILE", help="enforce a termbase (TBX, CSV, TSV or XLSX) with the "
                    "consistency judge (same as --option consistency.termbase=FILE)")

    rs = sub.add_parser("runs", help="list stored runs", description="List stored runs, newest first. The "
                        "first column is the run id that show, report, resume and the other commands take; "
                        "'project P, run K' is the run's number K within its project, as the window's Runs "
                        "dock shows it.")
    rs.add_argument("--project", type=int, metavar="ID",
                    help="only the runs of this project (its id, as listed)")
    sh = sub.add_parser("show", help="print the results of a stored run")
    sh.add_argument("run", type=int, help="run id (see `litlens runs`)")
    sh.add_argument("--format", choices=["table", "json", "csv"], default="table",
                    help="output: a table for reading, JSON or CSV for scripts")
    # the window's own options (--source, --translation, --sample, --language, --model-file...) are
    # passed through unchanged, so `litlens gui` and `litlens-gui` take exactly the same options
    sub.add_parser("gui", help="open the LitLens window (takes the options of litlens-gui; see "
                   "`litlens-gui --help`)", add_help=False)
    # Further sub-commands live in their own modules, each with register(subparsers) that sets a
    # ``handler`` default. They import helpers from this module, so they are loaded here, not at the top.
    import importlib
    import importlib.util
    for name in EXTRA_COMMAND_MODULES:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(sub)
    return p


def add_inputs(p: argparse.ArgumentParser) -> None:
    """What to evaluate and with which judges: shared by ``evaluate`` and ``batch submit``."""
    p.add_argument("source", nargs="?", help="source text (.txt, .md, .docx)")
    p.add_argument("translation", nargs="?", help="translation to review (label: its file name)")
    p.add_argument("--sample", action="store_true", help="use the bundled sample story and translations")
    p.add_argument("--candidate", action="append", default=[], metavar="LABEL=FILE",
                   help="another candidate translation (repeatable)")
    p.add_argument("--ref", metavar="FILE", help="reference translation (with a SOURCE folder: a folder of "
                   "reference chapter files, paired by name order like the translation's)")
    p.add_argument("--bilingual", metavar="FILE", help="a bilingual CAT file (XLIFF/SDLXLIFF/MQXLIFF/TMX/"
                   "DOCX review table/CSV/TSV/XLSX): source and translation in one, segment IDs kept")
    p.add_argument("--judge", action="append", required=True, metavar="ID",
                   help="judge id (repeatable or comma-separated; see `litlens judges`)")
    p.add_argument("--option", action="append", default=[], metavar="JUDGE.NAME=VALUE",
                   help="judge option, e.g. da-mqm.rationale=true")
    p.add_argument("--source-lang", help="language code of the source (default: detected)")
    p.add_argument("--target-lang", help="language code of the translations (default: detected)")
    p.add_argument("--name", help="project name (default: source file name)")


def add_local_options(p: argparse.ArgumentParser) -> None:
    """The in-process ``local`` provider's flags: shared by ``evaluate`` and ``rank``."""
    p.add_argument("--model-file", metavar="GGUF", help="model file for --provider local")
    p.add_argument("--n-ctx", type=int, default=4096, help="context size for --provider local")
    p.add_argument("--threads", type=int, help="CPU threads for --provider local")
    p.add_argument("--gpu-layers", type=int, default=0, help="layers offloaded to a GPU (--provider local)")


def provider_from_args(args: argparse.Namespace):
    """ProviderSettings from --provider/--model/--base-url and, for ``local``, --model-file & co."""
    from litlens.app.llm.factory import ProviderSettings
    local: dict[str, Any] = {}
    if args.provider == "local":
        if not args.model_file:
            raise CliError("--provider local needs --model-file PATH (a GGUF model)", EXIT_USAGE)
        from pathlib import Path
        local = {"model_file": args.model_file, "n_ctx": args.n_ctx, "n_threads": args.threads,
                 "n_gpu_layers": args.gpu_layers}
        args.model = args.model or Path(args.model_file).stem
    if not args.model:
        raise CliError("--provider needs --model", EXIT_USAGE)
    return ProviderSettings(provider=args.provider, model=args.model, base_url=args.base_url,
                            timeout=args.timeout, concurrency=args.concurrency,
                            rpm=getattr(args, "rpm", None), tpm=getattr(args, "tpm", None), **local,
                            **price_flags(args))


def parse_options(items: list[str]) -> dict[str, dict[str, Any]]:
    """``JUDGE.NAME=VALUE`` items by judge. Values stay strings: each judge's declared option types
    convert and check them when the run is planned (an unknown name or a bad value: exit 2)."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        name, sep, value = item.partition("=")
        judge, dot, opt = name.partition(".")
        if not sep or not dot or not judge or not opt:
            raise CliError(f"--option {item!r}: expected JUDGE.NAME=VALUE", EXIT_USAGE)
        out.setdefault(judge.strip(), {})[opt.strip()] = value
    return out


def project_from_args(args: argparse.Namespace):
    from litlens.app.texts import build_project, load_text
    from litlens.app.core.sample import load_sample
    if args.sample:
        if args.source or args.translation:
            raise CliError("give either --sample or files, not both", EXIT_USAGE)
        return load_sample()
    from pathlib import Path
    if getattr(args, "bilingual", None):
        from litlens.app.formats import load_bilingual
        if args.source or args.translation:
            raise CliError("give either --bilingual FILE or SOURCE/TRANSLATION files, not both", EXIT_USAGE)
        bi = load_bilingual(args.bilingual, source_lang=args.source_lang, target_lang=args.target_lang)
        for note in bi.notes:
            print(f"litlens: note: {note}", file=sys.stderr)
        source, cands = bi.source, [(Path(args.bilingual).stem, bi.target)]
        name = args.name or Path(args.bilingual).stem
    elif args.source and Path(args.source).is_dir():  # a book: a folder of chapter files per language
        from litlens.app.cli.chapters import project_from_folders
        return project_from_folders(args)
    else:
        if not args.source or not (args.translation or args.candidate):
            raise CliError("evaluate needs SOURCE and TRANSLATION (or --candidate LABEL=FILE, --bilingual FILE "
                           "or --sample)", EXIT_USAGE)
        source = load_text(args.source, args.source_lang)
        cands = []
        if args.translation:
            cands.append((Path(args.translation).stem, load_text(args.translation, args.target_lang)))
        name = args.name or Path(args.source).stem
    for c in args.candidate:
        label, sep, path = c.partition("=")
        if not sep or not label.strip() or not path:
            raise CliError(f"--candidate {c!r}: expected LABEL=FILE", EXIT_USAGE)
        cands.append((label.strip(), load_text(path, args.target_lang)))
    ref = load_text(args.ref, args.target_lang) if args.ref else None
    try:
        return build_project(name, source, cands, ref)
    except ValueError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None


class ProgressLine:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty() or enabled == "force"
        self.last = ""

    def __call__(self, p) -> None:
        if not self.enabled:
            return
        width = 28
        filled = int(width * p.done / p.total) if p.total else width
        eta = f" ETA {p.eta:.0f}s" if p.eta else ""
        line = (f"\r[{'#' * filled}{'.' * (width - filled)}] {fraction(p.done, p.total, 'unit')}, "
                f"{noun(p.calls, 'call')}, {noun(p.input_tokens + p.output_tokens, 'token')}, "
                f"${p.cost:.4f}{eta}")
        write_control(sys.stderr, "\r")  # our own carriage return; user text is neutralised
        sys.stderr.write(line[1:].ljust(len(self.last) - 1))
        sys.stderr.flush()
        self.last = line

    def close(self) -> None:
        if self.enabled and self.last:
            sys.stderr.write("\n")


def cmd_evaluate(args: argparse.Namespace) -> int:
    from litlens.app.core.heap import collection_paused
    # a one-shot command: automatic collection paused for all of it (a book's analysis and results are
    # millions of objects, and every full collection walked them all again, about a tenth of the novel
    # bench's CPU time, freeing nothing: bench/novel_honorifics.py); the reference cycles it leaves are
    # collected after the analysis (_let_go_of_readings) and when the command is done
    with collection_paused():
        return _evaluate(args)


def _evaluate(args: argparse.Namespace) -> int:
    from litlens.app.run import service
    from litlens.app.run.store import Store
    judges = [j.strip() for item in args.judge for j in item.split(",") if j.strip()]
    options = parse_options(args.option)
    if args.termbase:
        if "consistency" not in judges:
            raise CliError("--termbase is enforced by the consistency judge: add --judge consistency", EXIT_USAGE)
        from pathlib import Path
        options.setdefault("consistency", {})["termbase"] = str(Path(args.termbase).resolve())
    project = project_from_args(args)
    provider = provider_from_args(args) if args.provider else None
    request = service.RunRequest(project=project, judges=judges, provider=provider, options=options,
                                 budget=args.budget, concurrency=args.concurrency)
    from litlens.app.texts.detect import check_project
    for note in check_project(project):  # before any judge runs, so a wrong language costs nothing
        print(f"language: {note}", file=sys.stderr)
    from litlens.app.texts.pipelines import override_problems
    for note in override_problems():
        print(f"litlens: warning: {note}", file=sys.stderr)
    store = Store(args.db)
    _attach_speakers(store, project)  # the reviewer's speaker corrections count in the plan's input hashes
    planned = service.plan(request)
    for c in project.candidates:
        if c.alignment is not None and c.alignment.mismatch:
            for note in c.alignment.notes:
                print(f"alignment ({c.label}): {note}", file=sys.stderr)
    summary = execute_and_print(request, store, args, planned=planned)
    code = run_outcome(summary)
    from litlens.app.cli.chapters import print_summary
    print_summary(store, summary.run_id, args)  # per chapter and in all, when the book has chapters
    if args.fail_under is not None and code == EXIT_OK:
        code = quality_gate(store, summary.run_id, args)
    return code


def _attach_speakers(store, project) -> None:
    """Give the project the speakers the reviewer set (and a stored LLM reading) before it is planned, as
    the window's runs have them; a store that cannot be written says so as a store error."""
    import sqlite3

    from litlens.app.run.speaker_corrections import attach
    from litlens.app.run.store import StoreError
    try:
        if store.read_only_reason:  # the run itself refuses with the reason
            return
        store.save_project(project)
        attach(store, project)
    except sqlite3.Error as exc:
        raise StoreError(f"{store.path}: the project could not be recorded: {exc}") from None


def quality_gate(store, run_id: int, args: argparse.Namespace) -> int:
    """``--fail-under``: the run's scorecards on stderr; exit 6 when a candidate scores below the mark."""
    from litlens.app.cli.scorecard import EXIT_BELOW, below, run_cards, write_cards
    cards = run_cards(store, run_id, args.qa_profile, include_all=True)
    write_cards(cards, "table", sys.stderr, include_all=True)
    failing = below(cards, args.fail_under)
    for c in failing:
        print(f"litlens: {c.candidate}: quality score {c.score:.2f} is below {args.fail_under:g}", file=sys.stderr)
    return EXIT_BELOW if failing else EXIT_OK


def execute_and_print(request, store, args: argparse.Namespace, planned=None):
    """Run ``request`` with a progress bar on stderr (Ctrl+C cancels cleanly, keeping what finished),
    then print the run's results in ``args.format``; returns the run summary for ``run_outcome``."""
    from litlens.app.core.heap import collection_paused
    with collection_paused():  # as in cmd_evaluate (``litlens resume`` comes here directly)
        return _execute_and_print(request, store, args, planned)


def _execute_and_print(request, store, args: argparse.Namespace, planned):
    from litlens.app.reports import stream
    from litlens.app.run import service
    cancel = threading.Event()
    bar = ProgressLine(not args.quiet)
    previous = signal.signal(signal.SIGINT, lambda *_: cancel.set())
    try:
        summary = service.execute(request, store, on_progress=bar, cancel=cancel,
                                  **({"planned": planned} if planned is not None else {}))
    finally:
        signal.signal(signal.SIGINT, previous)
        bar.close()
    for note in summary.notices:  # e.g. the reviewer's edited revision was kept current
        print(f"litlens: {note}", file=sys.stderr)
    _let_go_of_readings()
    # streamed from the store a page at a time: a whole book's results never sit in one list
    if args.format == "json":
        stream.write_json(store, summary.run_id, sys.stdout, {"run": store.get_run(summary.run_id)})
    elif args.format == "csv":
        stream.write_csv(store, summary.run_id, sys.stdout)
    else:
        stream.write_table(store, summary.run_id, sys.stdout)
    return summary


def _let_go_of_readings() -> None:
    """A command runs once: the Korean readings kept for the next edit (the whole book's, in
    app.korean.incremental) and Kiwi's remembered answers are freed before the results are printed,
    so printing a book's results does not add to them (the novel bench's peak memory)."""
    import gc
    for name in ("litlens.app.korean.incremental", "litlens.app.korean.kiwi"):
        module = sys.modules.get(name)  # only when a Korean analyser ran: nothing is imported for this
        if module is not None:
            module.forget()
    gc.collect()


def price_flags(args: argparse.Namespace) -> dict[str, float]:
    """``--price-in``/``--price-out`` as ProviderSettings fields: both or neither, never negative."""
    pin, pout = getattr(args, "price_in", None), getattr(args, "price_out", None)
    if (pin is None) != (pout is None) or (pin is not None and min(pin, pout) < 0):
        raise CliError("give both --price-in and --price-out: USD per million input and output tokens, "
                       "not negative", EXIT_USAGE)
    return {} if pin is None else {"price_in": pin, "price_out": pout}


def run_outcome(summary) -> int:
    """Print the closing line of a run on stderr and turn its status into the exit code."""
    p = summary.progress
    print(f"run {summary.run_id}: {summary.status}; {fraction(p.done, p.total, 'unit')} ({p.reused} reused, "
          f"{p.failed} failed); {noun(p.calls, 'call')}, {p.cache_hits} cached; "
          f"{noun(p.input_tokens + p.output_tokens, 'token')}; cost ${p.cost:.4f}", file=sys.stderr)
    if summary.status == "budget":
        print(f"litlens: stopped by the budget cap: {summary.error}", file=sys.stderr)
        return EXIT_BUDGET
    if summary.status == "aborted":
        raise CliError(summary.error or "run aborted", EXIT_PROVIDER)
    if summary.status == "cancelled":
        return EXIT_CANCELLED
    return EXIT_FAILED_UNITS if p.failed else EXIT_OK


def cmd_runs(args: argparse.Namespace) -> int:
    import datetime as dt

    from litlens.app.run.store import Store
    store = Store(args.db)
    runs = store.list_runs(args.project)
    numbers = project_numbers(runs if args.project is not None else store.list_runs())
    if not runs:
        print("no runs stored yet")
    for r in runs:
        when = dt.datetime.fromtimestamp(r["started_at"]).strftime("%Y-%m-%d %H:%M")
        # a run whose process was killed reads "interrupted" (Store.list_runs); say how to finish it
        hint = f"  (resume: litlens resume {r['id']})" if r["status"] == "interrupted" else ""
        resumes = f"  resumes run {r['resumed_from']}" if r.get("resumed_from") else ""
        print(f"{r['id']:>5}  {when}  project {r['project_id']}, run {numbers[r['id']]}  {r['status']:11}  "
              f"{', '.join(__import__('json').loads(r['judges']))}  {r['provider']}:{r['model']}  "
              f"{fraction(r['units_done'] or 0, r['units_total'] or 0, 'unit')}  "
              f"${r['cost'] or 0:.4f}{resumes}{hint}")
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    from litlens.app.cli import output
    from litlens.app.run.store import Store
    from litlens.app.reports.collect import review_states
    from litlens.app.reports.stream import paragraphs_of_run
    store = Store(args.db)
    run = store.get_run(args.run)
    results = store.results_for_run(args.run)
    if args.format in ("json", "csv"):
        # each finding's review state, read as the window and the reports read it
        results, reviews = review_states(store, args.run)
        where = paragraphs_of_run(store, args.run)
    if args.format == "json":
        print(output.to_json(results, {"run": run}, where, reviews))
    elif args.format == "csv":
        sys.stdout.write(output.to_csv(results, where, reviews))
    else:
        units = fraction(run['units_done'] or 0, run['units_total'] or 0, 'unit')
        number = project_numbers(store.list_runs(run["project_id"]))[run["id"]]
        print(f"run {run['id']} ({run['status']}, {units}), "
              f"project {run['project_id']} (its run {number}), {run['provider']}:{run['model']}, "
              f"cost ${run['cost'] or 0:.4f}\n")
        if run["status"] == "interrupted":
            print(f"its process ended before it finished; `litlens resume {run['id']}` completes it\n")
        print(output.render_table(results))
    return EXIT_OK


def cmd_gui(args: argparse.Namespace) -> int:
    # The window is found through its gui-script entry point so the core never imports the Qt layer.
    from importlib.metadata import entry_points
    found = entry_points(group="gui_scripts", name="litlens-gui")
    if not found:
        raise CliError("the LitLens window is not installed (reinstall litlens)", EXIT_USAGE)
    gui_main = next(iter(found)).load()
    return int(gui_main((["--db", args.db] if args.db else []) + list(getattr(args, "gui_args", []))) or 0)


COMMANDS = {"evaluate": cmd_evaluate, "runs": cmd_runs, "show": cmd_show, "gui": cmd_gui}


def main(argv: list[str] | None = None) -> int:
    """Run one ``litlens`` command; what it prints to a terminal carries no control or bidi characters."""
    from litlens.app.cli.terminal import neutralised_output
    with neutralised_output(argv):
        return _main(argv)


def _main(argv: list[str] | None = None) -> int:
    from litlens.app.judges.base import JudgeUnavailable
    from litlens.app.judges.options import OptionError
    from litlens.app.judges.registry import UnknownJudge
    from litlens.app.mqm.profiles import ProfileError
    from litlens.app.llm.base import LLMError, MissingKeyError
    from litlens.app.run.service import UnpricedBudget
    from litlens.app.llm.context import PromptTooLong
    from litlens.app.run.store import StoreError
    from litlens.app.run.service import RunFailed
    from litlens.app.texts import TextReadError
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "gui":
        parser.parse_args(argv)  # reports the unknown arguments as argparse always has
    args.gui_args = extra
    from litlens.app.core.logs import setup_logging
    setup_logging()
    if getattr(args, "prompts", None):
        from litlens.app.core.prompts import PromptOverrideError, use_prompts
        try:
            use_prompts(args.prompts)
        except PromptOverrideError as exc:
            _err(f"--prompts: {exc}")
            return EXIT_INPUT
    if not args.command:
        parser.print_help()
        return EXIT_USAGE
    try:
        code = (getattr(args, "handler", None) or COMMANDS[args.command])(args)
        sys.stdout.flush()  # here, so a reader that went away is met below and not at interpreter exit
        return code
    except BrokenPipeError:
        return _pipe_closed()
    except CliError as exc:
        _err(str(exc))
        return exc.code
    except RunFailed as exc:  # before StoreError, of which it is one: not the user's input
        _err(str(exc))
        return EXIT_STORE
    except (TextReadError, StoreError) as exc:
        _err(str(exc))
        return EXIT_INPUT
    except (JudgeUnavailable, UnknownJudge, OptionError, UnpricedBudget, ProfileError, PromptTooLong) as exc:
        _err(str(exc))
        return EXIT_USAGE
    except MissingKeyError as exc:
        _err(str(exc))
        return EXIT_PROVIDER
    except LLMError as exc:
        _err(str(exc))
        return EXIT_PROVIDER
    except KeyboardInterrupt:
        _err("interrupted")
        return EXIT_CANCELLED
    except Exception as exc:  # a bug: one line for the user, the traceback in the log
        import logging

        from litlens.app.core.logs import setup_logging
        path = setup_logging()
        logging.getLogger("litlens.app.cli.main").exception("unexpected error")
        _err(f"internal error: {type(exc).__name__}: {exc} (details in {path})")
        return EXIT_INTERNAL


def _pipe_closed() -> int:
    """The reader of our output went away (``litlens show 1 | head``): stop quietly, as cat or grep do.

    stdout is pointed at the null device so the interpreter's own flush at exit, which would meet the
    same closed pipe with whatever is still buffered, has nowhere to fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real stdout file (embedded, tests): nothing to flush
        pass
    return EXIT_PIPE


def _err(message: str) -> None:
    print(f"litlens: error: {message.splitlines()[0] if message else 'unknown error'}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
