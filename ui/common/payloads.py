"""The payloads of the results the window shows, made once per delivery of results: every judge's
``summarize`` output for the shown judgments, named by the judge's panel name. The Document primes it
with what a worker already summarised, and every view and dock reads the same list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litlens.app.judges.payloads import Payload


@dataclass
class Shown:
    judge: str  # the judge's id, for the record; views are chosen by the payload's type
    judge_name: str
    payload: Payload


_cache: tuple[object, int, list[Shown]] | None = None


def payloads_of(judgments: list[Any]) -> list[Shown]:
    """Every judge's payloads for these results, via the registry. Several docks ask for the same list
    after one delivery of results, so the last answer is kept for the same list object (``prime`` puts
    there what a worker already summarised, so the GUI thread does not)."""
    if _cache is not None and _cache[0] is judgments and _cache[1] == len(judgments):
        return _cache[2]
    from litlens.app.judges.summaries import summarize_all
    return prime(judgments, summarize_all(judgments))


def prime(judgments: list[Any], summaries: dict[str, list[Payload]]) -> list[Shown]:
    """Remember ``summaries`` (``summarize_all`` of ``judgments``, made on a worker: GEMBA-MQM's bootstrap
    intervals over a book's results take ~0.1 s) as the payloads of this very list."""
    global _cache
    from litlens.app.judges import registry
    judges = registry.available()
    from litlens.ui.common.judge_texts import judge_text
    out = [Shown(jid, judge_text(judges[jid])[0] if jid in judges else jid, p)
           for jid, items in summaries.items() for p in items]
    _cache = (judgments, len(judgments), out)
    return out
