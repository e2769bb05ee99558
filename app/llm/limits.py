"""Client-side limits: requests and tokens per rolling minute, and bounded concurrency.

Providers count a limit over the last 60 seconds. A token bucket refilled at the same rate is not the
same thing: a full bucket plus a minute of refill lets twice the limit through in one sliding minute,
and the provider answers the second half with 429s. So each limit here is a sliding window: every
admitted call leaves a charge stamped with its admission time, and a new call waits until the charges
of the last window plus its own fit under the limit.

A call is pre-charged with an estimate (input estimate plus ``max_tokens``, an upper bound for the
output) and the charge is corrected in place with the provider's reported usage when the answer
arrives; the window then reflects what the provider counted. A clock object is injected so tests drive
time deterministically.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Protocol

# The provider stamps a call when it arrives, a little after we admit it; two calls admitted exactly one
# window apart can arrive slightly less than one window apart. A small stretch of our window absorbs that.
ARRIVAL_SLACK_S = 0.5


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class MonotonicClock:
    """The real clock."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


@dataclass
class Charge:
    """One admitted call's share of a window; ``amount`` is replaced by the real use later."""

    at: float
    amount: float
    live: bool = True  # False once it has left the window (a late correction then changes nothing)


class SlidingWindow:
    """At most ``capacity`` units admitted in any ``period`` seconds (stamped at admission)."""

    def __init__(self, capacity: float, period: float = 60.0, slack: float = ARRIVAL_SLACK_S) -> None:
        if capacity <= 0:
            raise ValueError("a rate limit must be positive")
        self.capacity = float(capacity)
        self.period = period + slack
        self.charges: deque[Charge] = deque()
        self.total = 0.0

    def _expire(self, now: float) -> None:
        while self.charges and self.charges[0].at + self.period <= now:
            old = self.charges.popleft()
            old.live = False
            self.total -= old.amount
        if not self.charges:
            self.total = 0.0  # no drift from float sums once the window is empty

    def used(self, now: float) -> float:
        self._expire(now)
        return self.total

    def wait_time(self, amount: float, now: float) -> float:
        """Seconds until ``amount`` more units fit in the window (0 if they fit now)."""
        self._expire(now)
        amount = min(amount, self.capacity)  # a call larger than the limit still goes, alone
        excess = self.total + amount - self.capacity
        if excess <= 1e-9:
            return 0.0
        freed = 0.0
        for charge in self.charges:  # oldest first: the soonest to leave the window
            freed += charge.amount
            if freed >= excess - 1e-9:
                return max(1e-6, charge.at + self.period - now)
        return self.period  # unreachable while amounts are non-negative

    def take(self, amount: float, now: float) -> Charge:
        self._expire(now)
        charge = Charge(now, float(amount))
        self.charges.append(charge)
        self.total += charge.amount
        return charge

    def correct(self, charge: Charge, amount: float) -> None:
        """Replace a charge's amount with what the provider reported. A larger amount than reserved
        holds later calls back until it leaves the window; a smaller one frees room at once."""
        if charge.live:
            self.total += float(amount) - charge.amount
        charge.amount = float(amount)


@dataclass
class Ticket:
    """What one admitted call reserved, for the correction afterwards."""

    reserved_tokens: int
    charges: list[tuple[SlidingWindow, Charge]] = field(default_factory=list)


class RateLimiter:
    """Admits calls in arrival order under rpm/tpm limits and a concurrency bound (None = unlimited)."""

    def __init__(self, rpm: int | None = None, tpm: int | None = None, concurrency: int | None = None,
                 clock: Clock | None = None, period: float = 60.0, slack: float = ARRIVAL_SLACK_S) -> None:
        self.clock: Clock = clock or MonotonicClock()
        self.requests = SlidingWindow(rpm, period, slack) if rpm else None
        self.tokens = SlidingWindow(tpm, period, slack) if tpm else None
        self._sem = asyncio.Semaphore(concurrency) if concurrency else None
        self._turn = asyncio.Lock()  # FIFO: the first waiter is served before anyone behind it
        self._paused_until = 0.0
        # Set when a correction frees room: a waiter re-checks at once instead of sleeping until the
        # oldest charge leaves the window (corrections usually give back most of a reservation).
        self._changed = asyncio.Event()

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
                self._changed.clear()
                await self._sleep_or_change(wait)
            ticket = Ticket(est_tokens)
            if self.requests is not None:
                ticket.charges.append((self.requests, self.requests.take(1, now)))
            if self.tokens is not None:
                ticket.charges.append((self.tokens, self.tokens.take(est_tokens, now)))
            return ticket

    async def _sleep_or_change(self, seconds: float) -> None:
        sleeper = asyncio.ensure_future(self.clock.sleep(seconds))
        changed = asyncio.ensure_future(self._changed.wait())
        try:
            await asyncio.wait({sleeper, changed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sleeper.cancel()
            changed.cancel()

    def settle(self, ticket: Ticket, actual_tokens: int) -> None:
        """Replace the estimate with the real token count the provider reported."""
        for window, charge in ticket.charges:
            if window is self.tokens:
                freed = charge.amount > actual_tokens
                window.correct(charge, actual_tokens)
                if freed:
                    self._changed.set()

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
