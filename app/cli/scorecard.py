"""``litlens scorecard RUN``: the MQM scorecard of each candidate of a stored run under a QA profile, and
the ``--fail-under`` check ``litlens evaluate`` uses. (It imports nothing from app/cli/main.py, which uses
it: a profile that cannot be read raises ProfileError, which the command line reports as a usage error.)"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any, TextIO

from litlens.app.mqm.profiles import BUILT_IN, DEFAULT

EXIT_BELOW = 6  # a candidate's quality score is below --fail-under


def add_profile_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--qa-profile", default=DEFAULT, metavar="NAME|FILE",
                   help=f"QA profile: {' or '.join(BUILT_IN)} (built in) or a .toml/.json file "
                        f"(default {DEFAULT})")


def register(subparsers: Any) -> None:
    sc = subparsers.add_parser("scorecard", help="MQM scorecard per candidate of a stored run: penalty "
                               "points per 1,000 words, quality score, pass/fail under a QA profile")
    sc.add_argument("run", type=int, help="run id (see `litlens runs`)")
    add_profile_options(sc)
    sc.add_argument("--all-findings", action="store_true",
                    help="count every finding not rejected or outdated (default: only the ones a reviewer "
                         "accepted, corrected, applied or added)")
    sc.add_argument("--candidate", help="only this candidate")
    sc.add_argument("--format", choices=["table", "json", "csv"], default="table",
                    help="output: a table for reading, JSON or CSV for scripts")
    sc.add_argument("--fail-under", type=float, metavar="SCORE",
                    help=f"exit {EXIT_BELOW} when a candidate's quality score is below SCORE")
    sc.set_defaults(handler=run_scorecard)


def run_cards(store: Any, run_id: int, profile_name: str, include_all: bool, candidate: str | None = None):
    from litlens.app.mqm.profiles import load_profile
    from litlens.app.mqm.scorecard import project_scorecards
    from litlens.app.reports.collect import collect
    profile = load_profile(profile_name)
    data = collect(store, run_id, candidate)
    return project_scorecards(data.project, data.issues, profile, include_all,
                              [candidate] if candidate else None)


def write_cards(cards: list, fmt: str, out: TextIO, include_all: bool) -> None:
    rows = [c.as_data() for c in cards]
    if fmt == "json":
        json.dump({"scorecards": rows, "counted": "all findings not rejected or outdated" if include_all
                   else "reviewed findings (accepted, corrected, applied, added)",
                   "profile": cards[0].profile.as_data() if cards else None}, out, ensure_ascii=False, indent=2)
        out.write("\n")
        return
    headers = ["candidate", "words", "errors", "critical", "major", "minor", "penalty", "per 1,000 words",
               "score", "threshold", "result"]
    table = [[c.candidate, str(c.words), str(c.errors), *(str(c.by_severity.get(s, 0)) for s in
              ("critical", "major", "minor")), f"{c.points:g}", f"{c.penalty_per_words:.2f}", f"{c.score:.2f}",
              f"{c.profile.threshold:g}", "pass" if c.passed else "FAIL"] for c in cards]
    if fmt == "csv":
        csv.writer(out, lineterminator="\n").writerows([headers, *table])
        return
    if cards:
        out.write(f"== scorecard: {cards[0].profile.name} profile, "
                  f"{'all findings' if include_all else 'reviewed findings'} ==\n")
    widths = [max(len(r[i]) for r in [headers, *table]) for i in range(len(headers))]
    for r in [headers, ["-" * w for w in widths], *table]:
        out.write("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() + "\n")


def below(cards: list, fail_under: float | None) -> list:
    return [] if fail_under is None else [c for c in cards if c.score < fail_under]


def run_scorecard(args: argparse.Namespace) -> int:
    from litlens.app.run.store import Store
    cards = run_cards(Store(args.db), args.run, args.qa_profile, args.all_findings, args.candidate)
    write_cards(cards, args.format, sys.stdout, args.all_findings)
    failing = below(cards, args.fail_under)
    for c in failing:
        print(f"litlens: {c.candidate}: quality score {c.score:.2f} is below {args.fail_under:g}", file=sys.stderr)
    return EXIT_BELOW if failing else 0
