"""``litlens judges``: the installed judges with their options, and with ``--details ID`` one judge's
protocol card (paper, sections, calls, every deviation with its option) and prompt version."""

from __future__ import annotations

import argparse
from typing import Any

INDENT = " " * 14


def register(subparsers: Any) -> None:
    jp = subparsers.add_parser("judges", help="list installed judges (--details ID: one judge's protocol)")
    jp.add_argument("--details", metavar="ID", help="print one judge's protocol card, prompt version and options")
    jp.set_defaults(handler=cmd_judges)


def details(judge_id: str) -> str:
    """One judge as ``--details`` prints it (raises UnknownJudge for an id that is not installed)."""
    from litlens.app.judges import registry
    judge = registry.get(judge_id)
    needs = "LLM" if judge.needs_llm else "offline"
    lines = [f"{judge.id} — {judge.name} [{needs}, reference {judge.reference}]", judge.description, ""]
    if judge.protocol is None:
        lines += ["No protocol card: this judge does not say which paper it follows.",
                  f"Prompt version: {judge.prompt_version}"]
    else:
        lines += judge.protocol.lines(judge.prompt_version)
    opts = judge.Options.describe()
    if opts:
        lines += ["", "Options (--option " + judge.id + ".NAME=VALUE):"]
        lines += [f"  {o.summary()}" + (f" — {o.help}" if o.help else "") for o in opts]
    return "\n".join(lines)


def cmd_judges(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK
    from litlens.app.judges import registry
    if args.details:
        print(details(args.details))
        return EXIT_OK
    for jid, cls in registry.available().items():
        needs = "LLM" if cls.needs_llm else "offline"
        ref = {"none": "", "optional": ", reference optional", "required": ", reference required"}[cls.reference]
        print(f"{jid:14} {cls.name} [{needs}{ref}]\n{INDENT} {cls.description}")
        opts = [i.summary() for i in cls.Options.describe()]
        if opts:
            print(f"{INDENT} options: {'; '.join(opts)}")
    for jid, why in registry.load_errors().items():
        print(f"{jid:14} (failed to load: {why})")
    return EXIT_OK
