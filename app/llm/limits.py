"""Client-side limits: requests and tokens per minute (token buckets) and bounded concurrency.

Token use is estimated before a call and corrected with the provider's reported usage afterwards, so a
run settles into the real tokens-per-minute rate instead of trusting the estimate. A clock object is
injected so tests can drive time deterministically.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class MonotonicClock:
    """The real clock."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class TokenBucket:
    """Holds up to ``capacity`` units, refilled continuously at ``capacity`` per ``period`` seconds.
    The level may go negative when a correction reports more use than was reserved: later callers wait."""

    def __init__(self, capacity: float, period: float, now: float) -> None:
        if capacity <= 0:
            raise ValueError("a rate limit must be positive")
        self.capacity = float(capacity)
        self.rate = self.capacity / period
        self.level = self.capacity
        self.stamp = now

    def _refill(self, now: float) -> None:
        self.level = min(self.capacity, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def wait_time(self, amount: float, now: float) -> float:
        """Seconds until ``amount`` units are available (0 if they are now)."""
        self._refill(now)
        amount = min(amount, self.capacity)  # a request larger than the bucket still goes, alone
        missing = amount - self.level
        return 0.0 if missing <= 1e-9 else missing / self.rate

    def take(self, amount: float, now: float) -> None:
        self._refill(now)
        self.level -= min(amount, self.capacity)

    def adjust(self, delta: float, now: float) -> None:
        """Positive ``delta`` consumes more, negative gives back (never beyond capacity)."""
        self._refill(now)
        self.level = min(self.capacity, self.level - delta)


@dataclass
class Ticket:
    """What one admitted call reserved, for the correction afterwards."""

    reserved_tokens: int


class RateLimiter:
    """Admits calls in arrival order under rpm/tpm limits and a concurrency bound (None = unlimited)."""

    def __init__(self, rpm: int | None = None, tpm: int | None = None, concurrency: int | None = None,
                 clock: Clock | None = None) -> None:
        self.clock: Clock = clock or MonotonicClock()
        now = self.clock.now()
        self.requests = TokenBucket(rpm, 60.0, now) if rpm else None
        self.tokens = TokenBucket(tpm, 60.0, now) if tpm else None
        self._sem = asyncio.Semaphore(concurrency) if concurrency else None
        self._turn = asyncio.Lock()  # FIFO: the first waiter is served before anyone behind it
        self._paused_until = 0.0

    def pause(self, seconds: float) -> None:
        """The server said "retry after N s" (429): hold every new admission until then, not just one call."""
        self._paused_until = max(self._paused_until, self.clock.now() + seconds)

    async def _admit(self, est_tokens: int) -> Ticket:
        async with self._turn:
            while True:
                now = self.clock.now()
                wait = self._paused_until - now
                if self.requests is not None:
                    wait = max(wait, self.requests.wait_time(1, now))
                if self.tokens is not None:
                    wait = max(wait, self.tokens.wait_time(est_tokens, now))
                if wait <= 0:
                    break
                await self.clock.sleep(wait)
            if self.requests is not None:
                self.requests.take(1, now)
            if self.tokens is not None:
                self.tokens.take(est_tokens, now)
            return Ticket(est_tokens)

    def settle(self, ticket: Ticket, actual_tokens: int) -> None:
        """Replace the estimate with the real token count the provider reported."""
        if self.tokens is not None:
            self.tokens.adjust(actual_tokens - min(ticket.reserved_tokens, self.tokens.capacity),
                               self.clock.now())

    @asynccontextmanager
    async def slot(self, est_tokens: int) -> AsyncIterator[Ticket]:
        """``async with limiter.slot(n) as ticket:`` — a concurrency slot plus rate admission."""
        if self._sem is not None:
            await self._sem.acquire()
        try:
            yield await self._admit(est_tokens)
        finally:
            if self._sem is not None:
                self._sem.release()
