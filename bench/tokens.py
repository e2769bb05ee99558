"""Tokens: input tokens per paragraph for each LLM judge, and the share of them a provider could serve from
its prompt cache (the part of each request identical to the start of an earlier request of the same judge).

Each judge runs alone over the same story (bench/full_eval.py's, two candidates) against the local provider
server through the real OpenAI SDK; the requests the server received are measured as sent on the wire:
the structured-output schema (OpenAI places it before the messages), then the system prompt, then the user
turn. Tokens are LitLens's own estimate (app.llm.tokens.estimate_tokens: ~4 characters per token for
alphabetic scripts, ~1.25 for Hangul/CJK) because no tokenizer model may be downloaded here.

Usage: python bench/tokens.py [--paragraphs 50]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import FakeCall, FakeServer  # noqa: E402
from full_eval import llm_judges, plausible_answer, story  # noqa: E402

from litlens.app.run import service  # noqa: E402
from litlens.app.llm.factory import ProviderSettings  # noqa: E402
from litlens.app.llm.tokens import estimate_tokens  # noqa: E402
from litlens.app.run.store import Store  # noqa: E402

# OpenAI caches prompts from 1,024 tokens up, Anthropic from 1,024 (Sonnet/Opus) or 2,048 (Haiku).
CACHE_MIN_TOKENS = 1024


def wire_input(call: FakeCall) -> str:
    fmt = call.raw.get("response_format") or {}
    schema = json.dumps(fmt.get("json_schema", {}).get("schema"), ensure_ascii=False) if fmt else ""
    messages = "\n".join(str(m.get("content", "")) for m in call.messages)
    return schema + "\n" + messages


def common_prefix_len(a: str, b: str) -> int:
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n  # binary search on slices compares in C, far faster than a character loop
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def measure(judge: str, project, tmp: Path) -> dict[str, float]:
    with FakeServer(plausible_answer) as server:
        settings = ProviderSettings(provider="openai", model="gpt-4o-mini", base_url=server.openai_base_url,
                                    api_key="bench-key", concurrency=16)
        request = service.RunRequest(project=project, judges=[judge], provider=settings, concurrency=16)
        store = Store(tmp / f"{judge}.db")
        try:
            summary = service.execute(request, store)
        finally:
            store.close()
        calls = sorted(server.calls, key=lambda c: c.index)
    texts = [wire_input(c) for c in calls]
    systems = [c.system for c in calls]
    total = sum(estimate_tokens(t) for t in texts)
    system_tokens = sum(estimate_tokens(s) for s in systems)
    cached = 0
    cacheable_calls = 0
    for i, text in enumerate(texts):
        # A provider caches a prefix seen before; the best an earlier call of this judge offers.
        best = max((common_prefix_len(text, prev) for prev in texts[max(0, i - 64):i]), default=0)
        tokens = estimate_tokens(text[:best])
        if tokens >= CACHE_MIN_TOKENS:
            cached += tokens
            cacheable_calls += 1
    shared_all = min((common_prefix_len(texts[0], t) for t in texts[1:]), default=len(texts[0]) if texts else 0)
    return {"calls": len(calls), "input": total, "system": system_tokens, "cached": cached,
            "cacheable_calls": cacheable_calls, "common_to_all": estimate_tokens(texts[0][:shared_all]) if texts
            else 0, "failed": summary.progress.failed}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--paragraphs", type=int, default=50)
    args = ap.parse_args()
    project = story(args.paragraphs)
    n = args.paragraphs
    print(f"{n} source paragraphs, 2 candidates; tokens estimated (see module docstring); cached share counts "
          f"only prefixes of ≥ {CACHE_MIN_TOKENS} tokens")
    head = (f"{'judge':13} {'calls':>6} {'input tok':>10} {'tok/para':>9} {'system':>7} {'stable':>8} "
            f"{'cacheable':>10} {'calls≥min':>10}")
    print(head)
    print("-" * len(head))
    grand = grand_cached = 0
    with tempfile.TemporaryDirectory() as tmp:
        for judge in llm_judges():
            m = measure(judge, project, Path(tmp))
            grand += m["input"]
            grand_cached += m["cached"]
            print(f"{judge:13} {m['calls']:>6} {m['input']:>10} {m['input'] / n:>9.0f} "
                  f"{m['system'] / max(1, m['input']):>7.0%} {m['common_to_all']:>8} "
                  f"{m['cached'] / max(1, m['input']):>10.0%} {m['cacheable_calls']:>10}"
                  + (f"  ({m['failed']} units failed)" if m["failed"] else ""))
    print("-" * len(head))
    print(f"{'all':13} {'':>6} {grand:>10} {grand / n:>9.0f} {'':>7} {'':>8} {grand_cached / max(1, grand):>10.0%}")
    print("columns: tok/para = input tokens per source paragraph (both candidates); system = share of input "
          "that is the system prompt; stable = tokens of the prefix identical across ALL the judge's calls; "
          "cacheable = share of input that repeats the start of an earlier call (≥ the cache minimum)")


if __name__ == "__main__":
    main()
