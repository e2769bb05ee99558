"""LLMClient: cache, budget cap, accounting and limits; RateLimiter driven by a fake clock."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from llm_helpers import provider, request, run

from litlens.app.llm.base import BudgetExceeded, LLMRequest, LLMResponse
from litlens.app.llm.client import Budget, LLMClient
from litlens.app.llm.limits import RateLimiter
from litlens.app.llm.pricing import PriceTable


class MemoryCache:
    """The ResponseCache protocol, as the store implements it: reuse only successful answers."""

    def __init__(self) -> None:
        self.rows: dict[str, LLMResponse] = {}
        self.puts: list[tuple[str, str, LLMRequest]] = []

    def get(self, key: str) -> LLMResponse | None:
        return self.rows.get(key)

    def put(self, key: str, provider: str, request: LLMRequest, response: LLMResponse) -> None:
        self.puts.append((key, provider, request))
        if response.ok:
            self.rows[key] = response


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.t += seconds
        await asyncio.sleep(0)


def test_cache_hit_avoids_the_call_and_counts(fake_server):
    async def go():
        cache = MemoryCache()
        client = LLMClient(provider(fake_server, "openai", model="gpt-4o"), cache=cache)
        try:
            first = await client(request())
            second = await client(request())
            third = await client(request(prompt_version="v2"))  # any change to the request is a new key
            return client, cache, first, second, third
        finally:
            await client.aclose()

    client, cache, first, second, third = run(go())
    assert fake_server.count == 2
    assert second.cached and not first.cached and second.data == first.data
    assert client.counters.calls == 2 and client.counters.cache_hits == 1
    assert len(cache.puts) == 2  # every finished call is recorded, cache hits are not
    assert cache.puts[0][0] == request().cache_key("openai", "gpt-4o")
    assert first.cost > 0 and first.extra["price_known"] is True
    c = client.counters
    assert c.input_tokens == first.input_tokens + third.input_tokens
    assert c.cost == pytest.approx(first.cost + third.cost)


def test_failed_answers_are_recorded_but_not_reused(fake_server):
    async def go():
        cache = MemoryCache()
        client = LLMClient(provider(fake_server, "openai"), cache=cache)
        try:
            fake_server.script(["nope", "still nope"])
            bad = await client(request())
            good = await client(request())
            return client, cache, bad, good
        finally:
            await client.aclose()

    client, cache, bad, good = run(go())
    assert not bad.ok and good.ok and len(cache.puts) == 2
    assert client.counters.failures == 1


def test_budget_stops_before_the_call_that_would_cross_it(fake_server):
    prices = PriceTable({"gpt-4o": (1000.0, 1000.0)})  # expensive, so a few calls reach the cap

    async def go():
        client = LLMClient(provider(fake_server, "openai", model="gpt-4o"), prices=prices, budget=Budget(0))
        estimate = client.worst_case_cost(request(max_tokens=200))
        client.budget = Budget(estimate * 1.5)
        done = 0
        try:
            with pytest.raises(BudgetExceeded) as info:
                for i in range(100):
                    await client(request(max_tokens=200, user=f"paragraph {i}"))
                    done += 1
            return client, estimate, done, str(info.value)
        finally:
            await client.aclose()

    client, estimate, done, message = run(go())
    budget = client.budget
    assert done >= 1 and fake_server.count == done  # the refused call never reached the server
    assert budget.spent <= budget.cap  # never overspent
    assert budget.spent + estimate > budget.cap  # stopped exactly when the next call could cross
    assert "the budget of $" in message and budget.reserved == 0


def test_budget_counts_calls_in_flight(fake_server):
    async def go():
        client = LLMClient(provider(fake_server, "openai", model="gpt-4o"))
        client.budget = Budget(client.worst_case_cost(request()) * 2.5)
        try:
            return await asyncio.gather(*(client(request(user=f"p{i}")) for i in range(5)),
                                        return_exceptions=True)
        finally:
            await client.aclose()

    results = run(go())
    assert sum(isinstance(r, LLMResponse) for r in results) == 2
    assert sum(isinstance(r, BudgetExceeded) for r in results) == 3
    assert fake_server.count == 2


def test_client_bounds_concurrency(fake_server):
    lock = threading.Lock()
    state = {"now": 0, "peak": 0}

    def slow(call):
        with lock:
            state["now"] += 1
            state["peak"] = max(state["peak"], state["now"])
        time.sleep(0.15)
        with lock:
            state["now"] -= 1
        return {"score": 1, "label": "good", "spans": []}

    fake_server.responder = slow

    async def go():
        client = LLMClient(provider(fake_server, "openai"), concurrency=3)
        try:
            await asyncio.gather(*(client(request(user=f"p{i}")) for i in range(9)))
        finally:
            await client.aclose()

    run(go())
    assert fake_server.count == 9 and state["peak"] == 3


def test_rpm_limit_with_fake_clock():
    async def go():
        clock = FakeClock()
        limiter = RateLimiter(rpm=2, clock=clock, slack=0)
        admitted = []
        for _ in range(4):
            async with limiter.slot(10):
                admitted.append(clock.now())
        return admitted

    # two at once, then the next two once the first two have left the rolling minute
    assert run(go()) == pytest.approx([0, 0, 60, 60])


def test_tpm_limit_waits_and_corrects_with_actual_usage():
    async def go():
        clock = FakeClock()
        limiter = RateLimiter(tpm=1000, clock=clock, slack=0)
        async with limiter.slot(600):
            pass
        async with limiter.slot(600):  # 400 left in the rolling minute: waits until the first leaves it
            t_second = clock.now()
        clock.t = 200.0  # the window is empty again
        async with limiter.slot(900) as ticket:
            pass
        limiter.settle(ticket, 100)  # it used far fewer tokens than estimated: the rest comes back
        async with limiter.slot(900):
            t_fourth = clock.now()
        return t_second, t_fourth

    t_second, t_fourth = run(go())
    assert t_second == pytest.approx(60.0)
    assert t_fourth == pytest.approx(200.0)


def test_pause_holds_back_every_admission():
    async def go():
        clock = FakeClock()
        limiter = RateLimiter(rpm=1000, clock=clock)
        limiter.pause(5.0)
        async with limiter.slot(1):
            return clock.now()

    assert run(go()) == pytest.approx(5.0)


@pytest.mark.parametrize("header, value, wait", [("retry-after-ms", "300", 0.3), ("retry-after", "1", 1.0)])
def test_retry_after_from_server_pauses_the_shared_limiter(fake_server, header, value, wait):
    """A 429 saying "retry after" pauses the limiter for exactly that long, and a call that starts during
    the pause (not the one that was refused) is held back until it ends."""
    from fakeserver import Fault

    async def go():
        client = LLMClient(provider(fake_server, "openai"), rpm=10_000)
        fake_server.script([Fault(status=429, headers={header: value})])
        paused: list[tuple[float, float]] = []
        pause = client.limiter.pause

        def heard(seconds: float) -> None:
            paused.append((time.perf_counter(), seconds))
            pause(seconds)
        client.provider.on_retry_after = heard
        try:
            first = asyncio.create_task(client(request(user="refused first")))
            while not paused:
                await asyncio.sleep(0.005)
            await client(request(user="asked during the pause"))
            other_done = time.perf_counter()
            await first
            return paused, other_done
        finally:
            await client.aclose()

    paused, other_done = run(go())
    assert [s for _t, s in paused] == [pytest.approx(wait)]
    assert wait - 0.02 <= other_done - paused[0][0] < wait + 2.0
    assert fake_server.count == 3  # the refused call was retried once, the other asked once
