"""Checking a finding's suggested correction before it is applied: the fix is applied to a scratch copy of
its paragraph and a pairwise verifier (an LLM call through the same client, cache and budget as every
judge) is asked which version translates the source better, in both presentation orders (original first,
then fixed first), after the post-edit check of MQM-APE: an error is worth fixing only when fixing it
helps.

The verdict is "verified" when the fixed paragraph wins in both orders, "no improvement" when it wins in
neither, "order-dependent" when the answer follows the order, and "not checked" when an answer could not
be read (its raw text is kept; an unreadable answer is never a verdict). Every call is cached like a
judge's, so asking again is free and an interrupted check resumes where it stopped."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from litlens.app.core import prompts
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.run.corrections import CorrectionError, corrected

if TYPE_CHECKING:
    from litlens.app.core.model import Project, Span
    from litlens.app.llm.client import LLMClient
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.run.store import Store

VERIFIED, NO_IMPROVEMENT, ORDER_DEPENDENT, NOT_CHECKED = "verified", "no improvement", "order-dependent", \
    "not checked"
VERDICTS = (VERIFIED, NO_IMPROVEMENT, ORDER_DEPENDENT, NOT_CHECKED)
JUDGE = "fix-check"
DECLARED_VERSION = "fix_check/1"


def prompt_version() -> str:
    """The verifier's prompt version (read when asked: a user's replacement templates change it)."""
    return prompts.version("fix_check", DECLARED_VERSION)
MAX_TOKENS = 200
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"reason": {"type": "string"}, "better": {"type": "string", "enum": ["A", "B", "same"]}},
    "required": ["reason", "better"], "additionalProperties": False}


@dataclass(frozen=True)
class Scratch:
    """A finding's paragraph before and after its fix (the candidate's text is not touched), and the
    source it translates."""

    paragraph: int
    before: str
    after: str
    source: str


@dataclass
class Check:
    verdict: str
    answers: tuple[str | None, str | None] = (None, None)  # original-first, fixed-first: "A", "B", "same"
    reasons: tuple[str, str] = ("", "")
    error: str = ""
    raw: list[str] = field(default_factory=list)
    cost: float = 0.0


def source_of(project: Project, label: str, paragraph: int) -> str:
    """The source paragraphs a candidate paragraph is aligned with (all of them, in order)."""
    cand = project.candidate(label)
    for pair in cand.alignment.pairs if cand.alignment is not None else []:
        if paragraph in pair.target:
            return "\n\n".join(project.source.paragraphs[i].text for i in pair.source)
    paras = project.source.paragraphs
    return paras[paragraph].text if paragraph < len(paras) else ""


def scratch(project: Project, label: str, span: Span) -> Scratch:
    """The finding's paragraph with and without its fix; CorrectionError when it cannot be applied."""
    text = project.candidate(label).text
    fixed, index = corrected(text, span)
    return Scratch(index, text.paragraphs[index].text, fixed.paragraphs[index].text,
                   source_of(project, label, index))


def requests(sc: Scratch, source_language: str, target_language: str) -> tuple[LLMRequest, LLMRequest]:
    """The two presentation orders: original as A then fixed as A."""
    names = {"source_language": language_name(source_language), "target_language": language_name(target_language)}
    system = prompts.render("fix_check/system.j2", **names)

    def ask(first: str, second: str) -> LLMRequest:
        user = prompts.render("fix_check/user.j2", source=sc.source, first=first, second=second, **names)
        return LLMRequest(system=system, user=user, schema=SCHEMA, schema_name="fix_check", temperature=0.0,
                          max_tokens=MAX_TOKENS, judge=JUDGE, prompt_version=prompt_version())
    return ask(sc.before, sc.after), ask(sc.after, sc.before)


def verdict(original_first: str | None, fixed_first: str | None) -> str:
    """From the two answers ("A", "B" or "same"; None when unreadable): the fixed version is B in the
    first order and A in the second."""
    if original_first is None or fixed_first is None:
        return NOT_CHECKED
    wins = (original_first == "B", fixed_first == "A")
    if all(wins):
        return VERIFIED
    if not any(wins):
        return NO_IMPROVEMENT
    return ORDER_DEPENDENT


async def check_one(client: LLMClient, sc: Scratch, source_language: str, target_language: str) -> Check:
    first, second = requests(sc, source_language, target_language)
    return read_answers(await asyncio.gather(client(first), client(second)))


def read_answers(answers: Sequence[Any]) -> Check:
    """The Check of the two answers (original first, fixed first); an answer without a choice is kept raw."""
    picks: list[str | None] = []
    reasons: list[str] = []
    out = Check(NOT_CHECKED)
    for response in answers:
        out.cost += response.cost
        data = response.data if response.ok else None
        pick = data.get("better") if isinstance(data, dict) else None
        if pick not in ("A", "B", "same"):
            pick = None
            out.raw.append(response.text or "")
            out.error = response.error or "the verifier's answer has no choice of A, B or same"
        picks.append(pick)
        reasons.append(str(data.get("reason", "")) if isinstance(data, dict) else "")
    out.answers = (picks[0], picks[1])
    out.reasons = (reasons[0], reasons[1])
    out.verdict = verdict(picks[0], picks[1])
    return out


async def check_all(client: LLMClient, project: Project, label: str, spans: Sequence[Span]) -> list[Check]:
    """One Check per span, in order (a span whose fix cannot be applied is "not checked", saying why)."""
    target = project.candidate(label).text.language
    source = project.source.language

    async def one(span: Span) -> Check:
        try:
            sc = scratch(project, label, span)
        except CorrectionError as exc:
            return Check(NOT_CHECKED, error=str(exc))
        return await check_one(client, sc, source, target)
    return list(await asyncio.gather(*(one(s) for s in spans)))


def cache_name(settings: ProviderSettings) -> str:
    """The provider name a client's cache keys carry for these settings (see app.llm.factory)."""
    return settings.provider.strip().lower()


def cached_checks(settings: ProviderSettings, store: Store, project: Project, label: str,
                  spans: Sequence[Span]) -> dict[int, Check]:
    """The checks already answered in ``store`` (both orders cached), by position in ``spans``: what a
    check found is back after a restart without asking anything."""
    if store.db.execute("SELECT 1 FROM llm_calls WHERE ok = 1 LIMIT 1").fetchone() is None:
        # no answer of any kind is stored, so none of these: the window asks this whenever results land,
        # and building the requests (their templates compiled on first use) competed with the GUI thread
        return {}
    target, source = project.candidate(label).text.language, project.source.language
    out: dict[int, Check] = {}
    for i, span in enumerate(spans):
        try:
            sc = scratch(project, label, span)
        except CorrectionError:
            continue
        answers = [store.get(r.cache_key(cache_name(settings), settings.model)) for r in requests(sc, source, target)]
        if all(a is not None for a in answers):
            out[i] = read_answers(answers)
    return out


def check_fixes(settings: ProviderSettings, store: Store, project: Project, label: str, spans: Sequence[Span],
                budget: float | None = None) -> list[Check]:
    """Ask the verifier about each span's fix (cached in ``store``, within ``budget``); blocking, so it
    runs on a worker or from the command line."""
    from litlens.app.llm.client import Budget
    from litlens.app.llm.factory import make_client
    client = make_client(settings, cache=store, budget=Budget(budget))

    async def go() -> list[Check]:
        try:
            return await check_all(client, project, label, spans)
        finally:
            await client.provider.aclose()
    return asyncio.run(go())


@dataclass(frozen=True)
class FixEstimate:
    calls: int
    input_tokens: int
    output_tokens: int
    cost: float | None  # an upper bound; None when the model's price is unknown
    cached: int = 0  # calls already answered in the store (free)


def estimate(settings: ProviderSettings, project: Project, label: str, spans: Sequence[Span],
             store: Store | None = None) -> FixEstimate:
    """What checking ``spans``' fixes costs at most: two calls each, less those already cached."""
    from litlens.app.llm.factory import prices_for
    from litlens.app.llm.tokens import request_tokens
    tin = tout = calls = cached = 0
    target, source = project.candidate(label).text.language, project.source.language
    for span in spans:
        try:
            sc = scratch(project, label, span)
        except CorrectionError:
            continue
        for r in requests(sc, source, target):
            if store is not None and store.get(r.cache_key(cache_name(settings), settings.model)) is not None:
                cached += 1
                continue
            calls += 1
            tin += request_tokens(r)
            tout += r.max_tokens
    price = prices_for(settings).price(settings.model)
    cost = price.upper_bound(tin, tout) if price.known else None
    return FixEstimate(calls, tin, tout, cost, cached)
