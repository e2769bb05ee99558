"""The self-contained HTML report: one file, no scripts, no external resources; every piece of text
goes through Jinja2's autoescaping, so translations containing markup show as text."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FunctionLoader, StrictUndefined

from litlens.app import __version__
from litlens.app.core.counts import noun
from litlens.app.core.resources import read_resource
from litlens.app.texts import NORMALISATION_NOTE

from .collect import SEV_ORDER, Issue, ReportData
from .issues import scorecards
from .radar import radar_geometry

TEMPLATE = "report.html.j2"


def _load(name: str) -> str:
    return read_resource("reports", name)


def environment() -> Environment:
    # autoescape for every template, whatever its name: the report is built only from escaped text.
    env = Environment(loader=FunctionLoader(_load), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["counted"] = noun  # {{ n | counted("segment") }}: "1 segment", "2 segments"
    env.filters["capitalize_first"] = lambda s: s[:1].upper() + s[1:]
    env.filters["num"] = lambda v: "" if v is None else (str(int(v)) if float(v).is_integer() else f"{v:.2f}")
    return env


def marked(issue: Issue) -> tuple[str, str, str]:
    """The target segment cut around the finding: (before, finding, after); all three plain text."""
    t = issue.target
    if issue.start is None or issue.end is None or not (0 <= issue.start <= issue.end <= len(t)):
        return t, "", ""
    if issue.quote and t[issue.start:issue.end] != issue.quote:
        return t, "", ""  # an edit took its words away (outdated, or applied): nothing there to mark
    return t[:issue.start], t[issue.start:issue.end], t[issue.end:]


def context(data: ReportData) -> dict[str, Any]:
    counts: dict[str, dict[str, int]] = {c: {s: 0 for s in SEV_ORDER} for c in data.candidates}
    for i in data.issues:
        if i.status != "rejected" and i.candidate in counts and i.severity in counts[i.candidate]:
            counts[i.candidate][i.severity] += 1
    started = data.run.get("started_at")
    return {
        "data": data, "run": data.run, "project": data.project, "counts": counts,
        "radar": radar_geometry(data.radar) if data.radar else None,
        "issues": [(i, *marked(i)) for i in data.issues],
        "started": dt.datetime.fromtimestamp(started).strftime("%Y-%m-%d %H:%M") if started else "",
        "generated": dt.datetime.fromtimestamp(data.generated_at).strftime("%Y-%m-%d %H:%M"),
        "version": __version__,
        "judges": _judges(data.run),
        "provider": provider_text(data.run),
        "text_note": NORMALISATION_NOTE,  # offsets a reader checks against their own file may differ
        "scorecard": scorecards(data),
    }


def provider_text(run: dict[str, Any]) -> str:
    """Who answered the run: "openai:gpt-4o-mini", or, for a run of the offline judges alone (stored as
    provider "offline", model "-"), words a reader understands instead of "offline:-"."""
    provider, model = str(run.get("provider") or ""), str(run.get("model") or "")
    if provider in ("", "offline", "none"):
        return "offline judges (no LLM)"
    return f"{provider}:{model}" if model and model != "-" else provider


def _judges(run: dict[str, Any]) -> list[str]:
    try:
        return [str(j) for j in json.loads(run.get("judges") or "[]")]
    except ValueError:
        return []


def render_html(data: ReportData) -> str:
    return environment().get_template(TEMPLATE).render(**context(data))


def write_html(data: ReportData, path: Path) -> None:
    path.write_text(render_html(data), encoding="utf-8")
