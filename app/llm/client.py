"""The one door to a provider: cache, budget cap, rate limits, concurrency and cost accounting.

``await client(request)`` returns a cached answer when there is one; otherwise it reserves the worst-case
cost against the budget (refusing with BudgetExceeded before a call that could cross the cap), waits for
a rate/concurrency slot, calls the provider, records actual tokens and cost, and hands the finished call
to the cache, which doubles as the audit trail.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass

from litlens.app.llm.base import BudgetExceeded, LLMRequest, LLMResponse, Provider, ResponseCache
from litlens.app.llm.limits import Clock, RateLimiter
from litlens.app.llm.pricing import PriceTable, default_prices
from litlens.app.llm.tokens import TokenCalibration, request_tokens


class Budget:
    """A spending cap in USD for one run (None = no cap). ``spent_before`` is what the runs this one
    resumes already spent: a resumed run goes on under the same cap, so resuming never spends it again.
    Reservations cover calls in flight, so concurrent calls cannot jointly overshoot: spent before +
    spent + reserved + the next call's worst case must stay within the cap."""

    def __init__(self, cap_usd: float | None = None, spent_before: float = 0.0) -> None:
        if cap_usd is not None and cap_usd < 0:
            raise ValueError("The budget cap cannot be negative")
        self.cap = cap_usd
        self.spent_before = max(0.0, spent_before)
        self.spent = 0.0
        self.reserved = 0.0
        self.run_id: int | None = None  # named in the stop message once the run is recorded

    @property
    def remaining(self) -> float | None:
        return None if self.cap is None else max(0.0, self.cap - self.spent_before - self.spent)

    def reserve(self, estimate: float) -> None:
        if self.cap is not None and \
                self.spent_before + self.spent + self.reserved + estimate > self.cap + 1e-12:
            raise BudgetExceeded(self.stop_message(estimate))
        self.reserved += estimate

    def stop_message(self, estimate: float) -> str:
        """Why the next call is refused, in figures that add up to the cap (to the 1/100 cent shown)."""
        assert self.cap is not None
        shown = [round(v, 4) for v in (self.spent_before, self.spent, self.reserved)]
        left = round(round(self.cap, 4) - sum(shown), 4) + 0.0  # + 0.0: never "-0.0000"
        parts = [f"${shown[1]:.4f} spent by this run"]
        if shown[0]:
            parts.insert(0, f"${shown[0]:.4f} spent before it was resumed")
        if shown[2]:
            parts.append(f"${shown[2]:.4f} held for calls still running")
        sums = (f"{' + '.join(parts)} + ${left:.4f} left = ${self.cap:.4f}" if left >= 0 else
                f"{' + '.join(parts)} = ${sum(shown):.4f}, more than the ${self.cap:.4f}")
        return (f"the budget of ${self.cap:.4f} for this run cannot pay for the next call: {sums}; the next "
                f"call could cost up to ${estimate:.4f}. Finished results are kept. The budget caps one run, "
                f"and a resumed run counts what it spent before: `litlens resume {self.run_id or 'RUN'} "
                "--budget USD` with a larger budget goes on from here (with the same budget it would stop "
                "again at once).")

    def settle(self, estimate: float, actual: float) -> None:
        self.reserved = max(0.0, self.reserved - estimate)
        self.spent += actual


@dataclass
class Counters:
    """Running totals for one client (asyncio is single-threaded, so plain increments are safe)."""

    calls: int = 0
    cache_hits: int = 0
    failures: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cached_input_tokens: int = 0  # part of input_tokens served from the provider's prompt cache
    cost: float = 0.0
    unpriced_calls: int = 0  # calls to a model missing from the price table (cost counted as 0)


class LLMClient:
    def __init__(self, provider: Provider, *, cache: ResponseCache | None = None,
                 budget: Budget | None = None, prices: PriceTable | None = None,
                 limiter: RateLimiter | None = None, concurrency: int | None = 8,
                 rpm: int | None = None, tpm: int | None = None, clock: Clock | None = None) -> None:
        self.provider = provider
        self.cache = cache
        self.budget = budget or Budget(None)
        self.prices = prices or default_prices()
        self.limiter = limiter or RateLimiter(rpm=rpm, tpm=tpm, concurrency=concurrency, clock=clock)
        self.counters = Counters()
        # One provider and model per client, so one calibration of our estimate against its count.
        self.calibration = TokenCalibration()
        self._in_flight: dict[str, asyncio.Future[LLMResponse | None]] = {}  # cache key -> its answer
        if hasattr(provider, "on_retry_after"):
            provider.on_retry_after = self.limiter.pause

    @property
    def name(self) -> str:
        return self.provider.name

    @property
    def model(self) -> str:
        return self.provider.model

    def cache_key(self, request: LLMRequest) -> str:
        return request.cache_key(self.provider.name, self.provider.model)

    def worst_case_cost(self, request: LLMRequest) -> float:
        return self.prices.cost(self.provider.model, self.calibration.scale(request_tokens(request)),
                                request.max_tokens)

    async def __call__(self, request: LLMRequest) -> LLMResponse:
        key = self.cache_key(request)
        while self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                self.counters.cache_hits += 1
                return dataclasses.replace(hit, cached=True)
            # The same request already on its way (two translations that render a paragraph alike, asked
            # at once): wait for that answer instead of paying for it twice, as the cache would serve it a
            # moment later. A failed first asking leaves the wait empty-handed, and this one asks itself.
            pending = self._in_flight.get(key)
            if pending is None:
                break
            shared = await asyncio.shield(pending)
            if shared is not None:
                self.counters.cache_hits += 1
                return dataclasses.replace(shared, cached=True, cost=0.0)
        if self.cache is None:
            return await self._ask(key, request)
        done: asyncio.Future[LLMResponse | None] = asyncio.get_running_loop().create_future()
        self._in_flight[key] = done
        response = None
        try:
            response = await self._ask(key, request)
            return response
        finally:
            self._in_flight.pop(key, None)
            done.set_result(response if response is not None and response.ok else None)

    async def _ask(self, key: str, request: LLMRequest) -> LLMResponse:
        estimate = self.worst_case_cost(request)
        self.budget.reserve(estimate)
        actual = 0.0
        raw_estimate = request_tokens(request)
        try:
            # Pre-charge the input as the provider is likely to count it, plus max_tokens for the output
            # (an upper bound); the charge is corrected to the reported usage when the answer is in.
            async with self.limiter.slot(self.calibration.scale(raw_estimate) + request.max_tokens) as ticket:
                response = None
                try:
                    response = await self.provider.complete(request)
                finally:
                    # requests sent, as the provider counts them: a repair turn or a retry is one more
                    self.counters.calls += max(1, response.attempts) if response is not None else 1
                self.limiter.settle(ticket, response.input_tokens + response.output_tokens)
            if not response.extra.get("repaired"):  # one turn (retries resend it): usage is comparable
                self.calibration.observe(raw_estimate, response.input_tokens)
            price = self.prices.price(self.provider.model)
            actual = price.cost(response.input_tokens, response.output_tokens, response.cached_input_tokens,
                                response.cache_write_tokens)
            response.cost = actual
            response.extra.setdefault("price_known", price.known)
            self.counters.input_tokens += response.input_tokens
            self.counters.output_tokens += response.output_tokens
            self.counters.cached_input_tokens += response.cached_input_tokens
            self.counters.cost += actual
            self.counters.unpriced_calls += 0 if price.known else 1
            self.counters.failures += 0 if response.ok or request.schema is None else 1
        finally:
            self.budget.settle(estimate, actual)
        if self.cache is not None:
            self.cache.put(key, self.provider.name, request, response)
        return response

    async def aclose(self) -> None:
        await self.provider.aclose()
