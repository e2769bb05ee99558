"""Tokens: input tokens per paragraph for each LLM judge, the share of them in a prompt prefix shared by at
least two calls, whether that prefix is long enough for each provider's prompt cache, and what a
100k-word book costs per judge without and with prompt caching.

Each judge runs alone over the same story (bench/full_eval.py's, two candidates; paragraphs of seven
sentences by default, as seed 000's corpus averages 6.8) against the local provider server, once through
the real OpenAI SDK and once through the real Anthropic SDK. The server is answered like a real model
where the size of an answer shapes later prompts: VERSE's summary has the judge's summary_words and its
question writer returns the paper's typical ten questions. Requests are measured as the server received
them, in the order the provider reads them, and counted the way the server counts (about one token per
Hangul syllable, four characters per token otherwise; no tokenizer model may be downloaded here).

Prompt caches: OpenAI caches any prefix of at least 1,024 tokens by itself (the server simulates it, in
128-token steps); Anthropic caches up to the cache breakpoints LitLens marks (end of the system prompt;
end of a shared start of the user turn), from a minimum that depends on the model: 1,024 tokens (Sonnet
4/4.5, Opus 4/4.1), 2,048 (Haiku 3/3.5, Sonnet 4.6), 4,096 (Haiku 4.5, Opus 4.5/4.6). The server reports
1,024; the larger minimums are replayed here on the same requests.

Usage: python bench/tokens.py [--paragraphs 20] [--sentences 7] [--openai-model gpt-4o-mini]
       [--anthropic-model claude-sonnet-4]
"""

from __future__ import annotations

import argparse
import hashlib
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import FakeCall, FakeServer, _common_prefix, _estimate, _prompt_parts  # noqa: E402
from full_eval import SENTENCES_EN, llm_judges, plausible_answer, story  # noqa: E402

from litlens.app.judges.verse.judge import TYPICAL_QUESTIONS, VerseJudge  # noqa: E402
from litlens.app.llm.factory import ProviderSettings  # noqa: E402
from litlens.app.llm.pricing import price_for  # noqa: E402
from litlens.app.run import service  # noqa: E402
from litlens.app.run.store import Store  # noqa: E402

BOOK_WORDS = 100_000
TARGET_SHARED = 0.60
OPENAI_MIN = 1024
ANTHROPIC_MINS = (1024, 2048, 4096)
SUMMARY_WORDS = VerseJudge.Options().summary_words


def schema_name(call: FakeCall) -> str:
    if call.protocol == "openai":
        return ((call.raw.get("response_format") or {}).get("json_schema") or {}).get("name", "")
    tools = call.raw.get("tools") or [{}]
    return str(tools[0].get("name", ""))


def answer(call: FakeCall) -> dict[str, Any]:
    """bench/full_eval.py's plausible answers, with VERSE's summary and questions at a real model's size."""
    name = schema_name(call)
    if name == "verse_summary":
        words = " ".join(SENTENCES_EN[k % len(SENTENCES_EN)] for k in range(SUMMARY_WORDS)).split()
        return {"summary": " ".join(words[:SUMMARY_WORDS])}
    if name == "verse_questions":
        return {"questions": [f"Does the translation keep detail number {k + 1} of this paragraph, with its "
                              f"tone and who says it?" for k in range(TYPICAL_QUESTIONS)]}
    if name == "verse_categories":
        count = len(re.findall(r"^\d+\. ", call.user, re.MULTILINE))
        enum = call.schema["properties"]["labels"]["items"]["properties"]["category"]["enum"]
        return {"labels": [{"question": k + 1, "category": enum[k % len(enum)]} for k in range(count)]}
    return plausible_answer(call)


def wire(call: FakeCall) -> list[tuple[str, bool]]:
    return _prompt_parts(call.protocol, call.raw)


def run_judge(judge: str, project, tmp: Path, kind: str, model: str) -> tuple[list[FakeCall], Any]:
    with FakeServer(answer) as server:
        base = server.openai_base_url if kind == "openai" else server.anthropic_base_url
        settings = ProviderSettings(provider=kind, model=model, base_url=base, api_key="bench-key",
                                    concurrency=16)
        request = service.RunRequest(project=project, judges=[judge], provider=settings, concurrency=16)
        store = Store(tmp / f"{judge}-{kind}.db")
        try:
            summary = service.execute(request, store)
        finally:
            store.close()
        return sorted(server.calls, key=lambda c: c.index), summary.progress


def shared_prefixes(texts: list[str]) -> list[int]:
    """Per call: tokens of the longest start it has in common with another call of the judge near it."""
    out = []
    for i, text in enumerate(texts):
        others = texts[max(0, i - 64):i] + texts[i + 1:i + 65]
        best = max((_common_prefix(text, other) for other in others), default=0)
        out.append(_estimate(text[:best]))
    return out


def breakpoint_reads(calls: list[FakeCall], minimum: int) -> tuple[int, int, list[int]]:
    """Replays Anthropic's cache on these requests for a model whose minimum is ``minimum``: tokens read
    from the cache, tokens written to it, and per call the longest breakpoint prefix (cacheable or not)."""
    seen: set[str] = set()
    read = written = 0
    longest: list[int] = []
    for call in calls:
        parts = wire(call)
        text = "".join(t for t, _ in parts)
        ends, pos = [], 0
        for piece, mark in parts:
            pos += len(piece)
            if mark:
                ends.append(pos)
        sizes = {e: _estimate(text[:e]) for e in ends}
        longest.append(max(sizes.values(), default=0))
        digests = {e: hashlib.sha256(text[:e].encode()).hexdigest() for e in ends}
        hits = [e for e in ends if digests[e] in seen and sizes[e] >= minimum]
        got = sizes[max(hits)] if hits else 0
        read += got
        if ends and max(ends) not in hits and sizes[max(ends)] >= minimum:
            written += sizes[max(ends)] - got
            seen.update(digests[e] for e in ends if sizes[e] >= minimum)
    return read, written, longest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--paragraphs", type=int, default=20)
    ap.add_argument("--sentences", type=int, default=7)
    ap.add_argument("--openai-model", default="gpt-4o-mini")
    ap.add_argument("--anthropic-model", default="claude-sonnet-4")
    ap.add_argument("--judges", help="comma-separated judge ids (default: every LLM judge)")
    args = ap.parse_args()
    judges = args.judges.split(",") if args.judges else llm_judges()
    project = story(args.paragraphs, args.sentences)
    n = args.paragraphs
    words = len(project.source.content.split())
    scale = BOOK_WORDS / max(1, words)
    oa_price, an_price = price_for(args.openai_model), price_for(args.anthropic_model)
    print(f"{n} source paragraphs of {args.sentences} sentences ({words} words), 2 candidates; book = "
          f"{BOOK_WORDS:,} source words (×{scale:.0f}); OpenAI {args.openai_model}, Anthropic "
          f"{args.anthropic_model} prices")
    head = (f"{'judge':13} {'calls/para':>10} {'input tok':>9} {'shared':>7} {'target':>9} "
            f"{'prefix':>7} {'OA≥1024':>8} {'bp prefix':>9} {'C≥1024':>7} {'C≥2048':>7} {'C≥4096':>7} "
            f"{'OA $ before':>11} {'OA $ after':>10} {'C $ before':>10} {'C $ after':>9}")
    print(head)
    print("-" * len(head))
    totals = {"oa_before": 0.0, "oa_after": 0.0, "c_before": 0.0, "c_after": 0.0}
    with tempfile.TemporaryDirectory() as tmp:
        for judge in judges:
            oa_calls, oa = run_judge(judge, project, Path(tmp), "openai", args.openai_model)
            an_calls, an = run_judge(judge, project, Path(tmp), "anthropic", args.anthropic_model)
            texts = ["".join(t for t, _ in wire(c)) for c in oa_calls]
            prefixes = shared_prefixes(texts)
            total = sum(_estimate(t) for t in texts)
            share = sum(prefixes) / max(1, total)
            per_para = len(oa_calls) / n
            verdict = (f"≥60% {'ok' if share >= TARGET_SHARED else 'MISS'}" if per_para > 1 else "n/a")
            typical = int(statistics.median(prefixes)) if prefixes else 0
            oa_cached = sum(c.cached_tokens for c in oa_calls) / max(1, sum(c.input_tokens for c in oa_calls))
            an_input = sum(c.input_tokens for c in an_calls)
            reach = []
            for minimum in ANTHROPIC_MINS:
                read, _, longest = breakpoint_reads(an_calls, minimum)
                reach.append(f"{read / max(1, an_input):.0%}")
            bp = int(statistics.median(longest)) if longest else 0
            before = [oa_price.cost(oa.input_tokens, oa.output_tokens) * scale, oa.cost * scale,
                      an_price.cost(an.input_tokens, an.output_tokens) * scale, an.cost * scale]
            for key, value in zip(totals, before):
                totals[key] += value
            print(f"{judge:13} {per_para:>10.1f} {total:>9} {share:>7.0%} {verdict:>9} {typical:>7} "
                  f"{oa_cached:>8.0%} {bp:>9} {reach[0]:>7} {reach[1]:>7} {reach[2]:>7} "
                  f"{before[0]:>11.2f} {before[1]:>10.2f} {before[2]:>10.2f} {before[3]:>9.2f}"
                  + (f"  ({oa.failed}+{an.failed} units failed)" if oa.failed or an.failed else ""))
    print("-" * len(head))
    print(f"{'all':13} {'':>10} {'':>9} {'':>7} {'':>9} {'':>7} {'':>8} {'':>9} {'':>7} {'':>7} {'':>7} "
          f"{totals['oa_before']:>11.2f} {totals['oa_after']:>10.2f} {totals['c_before']:>10.2f} "
          f"{totals['c_after']:>9.2f}")
    print("columns: shared = share of input tokens in a prefix shared with at least one other call (target "
          "≥ 60% for judges making more than one call per paragraph); prefix = median tokens of that shared "
          "prefix per call; OA≥1024 = share of input OpenAI served from its cache (prefixes ≥ 1,024 tokens); "
          "bp prefix = median tokens up to the last Anthropic cache breakpoint; C≥N = share of input "
          "Anthropic would serve from its cache for a model whose minimum is N tokens; $ = a 100k-word "
          "book, before = all input at the full price, after = LitLens's accounting with cached-input "
          "(and Anthropic cache-write) prices as the server reported them")


if __name__ == "__main__":
    main()
