"""Tokens: input tokens per paragraph for each LLM judge, the share of them in a prompt prefix shared by at
least two calls (what a provider's prompt cache can serve), and what a 100k-word book costs per judge
without and with prompt caching.

Each judge runs alone over the same story (bench/full_eval.py's, two candidates) against the local provider
server through the real OpenAI SDK. Requests are measured as the server received them, in the order the
provider reads them (structured-output schema, then the messages), and counted the way the server counts
(about one token per Hangul syllable, four characters per token otherwise; no tokenizer model may be
downloaded here). The server simulates OpenAI's automatic prefix cache (prefixes of ≥ 1,024 tokens, in
128-token steps) and reports cached tokens in usage, so the "after" cost is LitLens's own accounting.

Usage: python bench/tokens.py [--paragraphs 50] [--model gpt-4o-mini]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import CACHE_MIN_TOKENS, FakeCall, FakeServer, _common_prefix, _estimate, _prompt_parts  # noqa: E402
from full_eval import llm_judges, plausible_answer, story  # noqa: E402

from litlens.app.llm.factory import ProviderSettings  # noqa: E402
from litlens.app.llm.pricing import price_for  # noqa: E402
from litlens.app.run import service  # noqa: E402
from litlens.app.run.store import Store  # noqa: E402

BOOK_WORDS = 100_000
TARGET_SHARED = 0.60


def wire_input(call: FakeCall) -> str:
    return "".join(text for text, _ in _prompt_parts(call.protocol, call.raw))


def measure(judge: str, project, tmp: Path, model: str) -> dict[str, float]:
    with FakeServer(plausible_answer) as server:
        settings = ProviderSettings(provider="openai", model=model, base_url=server.openai_base_url,
                                    api_key="bench-key", concurrency=16)
        request = service.RunRequest(project=project, judges=[judge], provider=settings, concurrency=16)
        store = Store(tmp / f"{judge}.db")
        try:
            summary = service.execute(request, store)
        finally:
            store.close()
        calls = sorted(server.calls, key=lambda c: c.index)
    texts = [wire_input(c) for c in calls]
    total = sum(_estimate(t) for t in texts)
    shared = 0
    for i, text in enumerate(texts):
        # the longest start this call has in common with any other call of the judge (near it in the run)
        others = texts[max(0, i - 64):i] + texts[i + 1:i + 65]
        best = max((_common_prefix(text, other) for other in others), default=0)
        shared += _estimate(text[:best])
    p = summary.progress
    price = price_for(model)
    return {"calls": len(calls), "input": total, "shared": shared, "failed": p.failed,
            "served_cached": sum(c.cached_tokens for c in calls), "units": p.total,
            "cost_before": price.cost(p.input_tokens, p.output_tokens), "cost_after": p.cost,
            "common_to_all": _estimate(texts[0][:min((_common_prefix(texts[0], t) for t in texts[1:]),
                                                    default=len(texts[0]))]) if texts else 0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--paragraphs", type=int, default=50)
    ap.add_argument("--model", default="gpt-4o-mini")
    args = ap.parse_args()
    project = story(args.paragraphs)
    n = args.paragraphs
    words = len(project.source.content.split())
    scale = BOOK_WORDS / max(1, words)
    print(f"{n} source paragraphs ({words} words), 2 candidates; {args.model} prices; book = {BOOK_WORDS:,} "
          f"source words (×{scale:.0f}); provider cache minimum {CACHE_MIN_TOKENS} tokens")
    head = (f"{'judge':13} {'calls':>6} {'calls/para':>10} {'input tok':>10} {'stable':>7} {'shared':>7} "
            f"{'target':>7} {'cached':>7} {'book $ before':>14} {'book $ after':>13}")
    print(head)
    print("-" * len(head))
    totals = {"input": 0, "shared": 0, "cached": 0, "before": 0.0, "after": 0.0}
    with tempfile.TemporaryDirectory() as tmp:
        for judge in llm_judges():
            m = measure(judge, project, Path(tmp), args.model)
            per_para = m["calls"] / n
            share = m["shared"] / max(1, m["input"])
            needs = per_para > 1
            verdict = (f"≥{TARGET_SHARED:.0%} {'ok' if share >= TARGET_SHARED else 'MISS'}" if needs else "n/a")
            totals["input"] += m["input"]
            totals["shared"] += m["shared"]
            totals["cached"] += m["served_cached"]
            totals["before"] += m["cost_before"] * scale
            totals["after"] += m["cost_after"] * scale
            print(f"{judge:13} {m['calls']:>6} {per_para:>10.1f} {m['input']:>10} {m['common_to_all']:>7} "
                  f"{share:>7.0%} {verdict:>7} {m['served_cached'] / max(1, m['input']):>7.0%} "
                  f"{m['cost_before'] * scale:>14.2f} {m['cost_after'] * scale:>13.2f}"
                  + (f"  ({m['failed']} units failed)" if m["failed"] else ""))
    print("-" * len(head))
    print(f"{'all':13} {'':>6} {'':>10} {totals['input']:>10} {'':>7} "
          f"{totals['shared'] / max(1, totals['input']):>7.0%} {'':>7} "
          f"{totals['cached'] / max(1, totals['input']):>7.0%} {totals['before']:>14.2f} {totals['after']:>13.2f}")
    print("columns: stable = tokens of the prefix identical across ALL the judge's calls; shared = share of input "
          "tokens in a prefix shared with at least one other call (target ≥ 60% for judges making more than "
          "one call per paragraph); cached = share the server actually served from its prompt cache (≥ 1,024-"
          "token prefixes only); book $ = cost of a 100k-word book, before = every input token at the full "
          "price, after = LitLens's accounting with cached-input prices")


if __name__ == "__main__":
    main()
