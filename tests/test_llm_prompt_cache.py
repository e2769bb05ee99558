"""Prompt caching on the wire, through the real SDKs: Anthropic gets a cache breakpoint on the system
prompt, OpenAI a per-project prompt_cache_key; cached input reported back is priced at the cached rate."""

from __future__ import annotations

import pytest
from llm_helpers import provider, request, run

from litlens.app.llm.client import LLMClient
from litlens.app.llm.pricing import Price, PriceTable
from litlens.app.llm.tokens import estimate_tokens

# Long enough to pass the providers' minimum cacheable prefix (1,024 tokens).
RUBRIC = "You review literary translations. " + " ".join(f"Rule {i}: keep the voice of the narrator."
                                                          for i in range(300))


def two_calls(server, kind: str, key: str | None = None):
    async def go():
        prov = provider(server, kind)
        prov.prompt_cache_key = key
        prices = PriceTable({"gpt-4o-mini": (1.0, 4.0, 0.5), "claude-3-5-haiku": (1.0, 4.0, 0.1, 1.25)})
        client = LLMClient(prov, prices=prices)
        try:
            first = await client(request(system=RUBRIC, user="Source: one. Translation: un.", judge="gemba-mqm"))
            second = await client(request(system=RUBRIC, user="Source: two. Translation: deux.",
                                          judge="gemba-mqm"))
            return first, second, client.counters
        finally:
            await client.aclose()
    return run(go())


def test_anthropic_system_prompt_carries_a_cache_breakpoint(fake_server):
    first, second, counters = two_calls(fake_server, "anthropic")
    system = fake_server.calls[0].raw["system"]
    assert isinstance(system, list) and system[-1]["cache_control"] == {"type": "ephemeral"}
    assert system[-1]["text"] == RUBRIC
    # the first call writes the prefix, the second reads it
    assert first.cache_write_tokens > 1024 and first.cached_input_tokens == 0
    assert second.cached_input_tokens == first.cache_write_tokens and second.cache_write_tokens == 0
    # input_tokens is ALL input: Anthropic's own field leaves the cached part out, we add it back
    assert second.input_tokens == fake_server.calls[1].input_tokens
    assert counters.cached_input_tokens == second.cached_input_tokens


def test_a_shared_start_of_the_user_turn_gets_its_own_breakpoint(fake_server):
    """VERSE asks about one paragraph question by question: the system prompt is short, the paragraph and
    its translation are long and the same in every call, so the breakpoint after them is what caches."""
    passage = "Source: " + " ".join(f"The lamp burned until dawn, night {i}." for i in range(300)) + "\n\n"

    def ask(question: str):
        user = passage + f"<question>\n{question}\n</question>"
        return request(system="Score the translation 1-3.", user=user, judge="verse",
                       shared_user_chars=len(passage))

    async def go():
        client = LLMClient(provider(fake_server, "anthropic"),
                           prices=PriceTable({"claude-3-5-haiku": (1.0, 4.0, 0.1, 1.25)}))
        try:
            return await client(ask("Is the lamp kept?")), await client(ask("Is the night kept?"))
        finally:
            await client.aclose()
    first, second = run(go())
    content = fake_server.calls[0].raw["messages"][0]["content"]
    assert [b["text"] for b in content] == [passage, "<question>\nIs the lamp kept?\n</question>"]
    assert content[0]["cache_control"] == {"type": "ephemeral"} and "cache_control" not in content[1]
    assert first.cache_write_tokens > 1024 and second.cached_input_tokens == first.cache_write_tokens
    # the split is the provider's business: the request's identity (and its stored answer) is the text
    assert ask("q").cache_key("anthropic", "m") == request(
        system="Score the translation 1-3.", user=passage + "<question>\nq\n</question>",
        judge="verse").cache_key("anthropic", "m")


def test_nothing_shared_leaves_the_user_turn_whole(fake_server):
    async def go():
        client = LLMClient(provider(fake_server, "anthropic"))
        try:
            return await client(request(user="Source: A.", shared_user_chars=0))
        finally:
            await client.aclose()
    assert run(go()).ok
    assert fake_server.calls[0].raw["messages"][0]["content"] == "Source: A."


def test_openai_prompt_cache_key_is_sent_and_cached_tokens_are_read(fake_server):
    first, second, counters = two_calls(fake_server, "openai", key="litlens-abc")
    assert fake_server.calls[0].raw["prompt_cache_key"] == "litlens-abc:gemba-mqm"
    assert first.cached_input_tokens == 0
    assert second.cached_input_tokens >= 1024 and second.cached_input_tokens <= second.input_tokens
    # priced: uncached input at 1.0/M, cached at 0.5/M, output at 4.0/M
    expected = (second.input_tokens - second.cached_input_tokens + 0.5 * second.cached_input_tokens
                + 4.0 * second.output_tokens) / 1e6
    assert second.cost == pytest.approx(expected)
    assert counters.cached_input_tokens == second.cached_input_tokens


def test_no_prompt_cache_key_without_a_project(fake_server):
    two_calls(fake_server, "openai", key=None)
    assert "prompt_cache_key" not in fake_server.calls[0].raw


def test_compatible_servers_get_no_prompt_cache_key(fake_server):
    async def go():
        prov = provider(fake_server, "compat")
        prov.prompt_cache_key = "litlens-abc"
        try:
            await prov.complete(request())
        finally:
            await prov.aclose()
    run(go())
    assert "prompt_cache_key" not in fake_server.calls[0].raw


def test_cache_prices_split_input_into_plain_read_and_written():
    price = Price("m", 2.0, 8.0, True, cached_input_per_m=0.2, cache_write_per_m=2.5)
    assert price.cost(1000, 100, cached_tokens=600, cache_write_tokens=300) == pytest.approx(
        (100 * 2.0 + 600 * 0.2 + 300 * 2.5 + 100 * 8.0) / 1e6)
    plain = Price("m", 2.0, 8.0)  # no cache prices listed: cached input costs what input costs
    assert plain.cost(1000, 0, cached_tokens=600) == pytest.approx(1000 * 2.0 / 1e6)


def test_the_estimate_before_a_run_is_an_upper_bound_whatever_the_cache_does():
    # Which prefixes a provider serves from its cache is unknown before the run, so the estimate
    # prices all input at full rate, or at the cache-write rate where writing costs more (Anthropic).
    anthropic = Price("m", 2.0, 8.0, True, cached_input_per_m=0.2, cache_write_per_m=2.5)
    bound = anthropic.upper_bound(1000, 100)
    assert bound == pytest.approx((1000 * 2.5 + 100 * 8.0) / 1e6)
    for cached, written in ((0, 0), (1000, 0), (0, 1000), (600, 300)):
        assert anthropic.cost(1000, 100, cached, written) <= bound
    openai = Price("m", 2.0, 8.0, True, cached_input_per_m=1.0)
    assert openai.upper_bound(1000, 100) == pytest.approx(openai.cost(1000, 100))


def test_the_bundled_table_lists_cached_input_prices():
    table = PriceTable.load()
    assert table.price("gpt-4o-mini").cached_input_per_m == pytest.approx(0.075)
    sonnet = table.price("claude-sonnet-4-20250514")
    assert sonnet.cached_input_per_m == pytest.approx(0.30) and sonnet.cache_write_per_m == pytest.approx(3.75)


def test_the_server_counts_hangul_as_providers_do(fake_server):
    """About one token per syllable at the server; our estimate is lower, and calibration closes the gap."""
    from fakeserver import _estimate
    korean = "창가의 등불은 새벽까지 탔다. " * 40
    syllables = sum(1 for ch in korean if "가" <= ch <= "힣")
    assert _estimate(korean) >= syllables > len(korean) // 4  # never len/4
    assert _estimate(korean) > estimate_tokens(korean)

    async def go():
        client = LLMClient(provider(fake_server, "openai"))
        try:
            for i in range(6):
                await client(request(user=f"{i} {korean}"))
            return client.calibration.ratio
        finally:
            await client.aclose()
    ratio = run(go())
    assert ratio > 1.05  # it learned that this server counts more than our rule of thumb
    assert estimate_tokens(korean) * ratio == pytest.approx(_estimate(korean), rel=0.15)
