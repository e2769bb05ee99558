"""The rate limiter holds the providers' rule exactly: within ANY rolling 60 seconds, no more requests
and no more tokens than configured, under bursty concurrent load with usage corrections. Time is
simulated, so these tests never sleep for real."""

from __future__ import annotations

import asyncio
import heapq
import random

import pytest

from litlens.app.llm.limits import RateLimiter, SlidingWindow
from litlens.app.llm.tokens import TokenCalibration


class VirtualClock:
    """Sleepers wake in time order; the driver advances time only when every task is blocked."""

    def __init__(self) -> None:
        self.t = 0.0
        self._heap: list[tuple[float, int, asyncio.Future]] = []
        self._n = 0

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        fut = asyncio.get_running_loop().create_future()
        heapq.heappush(self._heap, (self.t + max(0.0, seconds), self._n, fut))
        self._n += 1
        await fut

    async def drive(self, tasks: list[asyncio.Task]) -> None:
        while not all(t.done() for t in tasks):
            for _ in range(60):  # let every runnable task reach its next sleep or lock
                await asyncio.sleep(0)
            if self._heap:
                at, _, fut = heapq.heappop(self._heap)
                if fut.done():  # a sleep the limiter abandoned when a correction freed room
                    continue
                self.t = max(self.t, at)
                fut.set_result(None)
        for t in tasks:
            t.result()


def max_in_any_window(events: list[tuple[float, float]], period: float = 60.0) -> float:
    """The largest sum of amounts stamped within any half-open window [t, t + period)."""
    events = sorted(events)
    best = 0.0
    for i, (start, _) in enumerate(events):
        best = max(best, sum(a for t, a in events[i:] if t < start + period))
    return best


def simulate(seed: int, *, rpm: int, tpm: int, calls: int):
    rng = random.Random(seed)
    clock = VirtualClock()
    limiter = RateLimiter(rpm=rpm, tpm=tpm, concurrency=64, clock=clock)
    admitted: list[tuple[float, float]] = []  # (admission time, tokens finally counted)

    async def one(i: int) -> None:
        await clock.sleep(rng.choice([0.0, 0.0, 0.0, rng.uniform(0, 200)]))  # bursts and stragglers
        estimate = rng.randint(50, 3000)
        async with limiter.slot(estimate) as ticket:
            at = clock.now()
        await clock.sleep(rng.uniform(0.2, 8.0))  # the provider's latency
        # Reported usage is at most the reservation: input estimate + max_tokens is an upper bound.
        actual = int(estimate * rng.uniform(0.2, 1.0))
        limiter.settle(ticket, actual)
        admitted.append((at, actual))

    async def main() -> None:
        tasks = [asyncio.create_task(one(i)) for i in range(calls)]
        await clock.drive(tasks)

    asyncio.run(main())
    return admitted, clock.t


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_rolling_minute_exceeds_the_token_or_request_limit(seed):
    admitted, _ = simulate(seed, rpm=40, tpm=12_000, calls=300)
    assert len(admitted) == 300
    assert max_in_any_window(admitted) <= 12_000
    assert max_in_any_window([(t, 1) for t, _ in admitted]) <= 40


def test_the_window_is_used_not_wasted():
    """Corrections give back what a call did not use: the run is far faster than if every call had
    cost its full reservation (simulated time, not wall time)."""
    admitted, elapsed = simulate(7, rpm=10_000, tpm=12_000, calls=300)
    reserved_bound = sum(1525 for _ in admitted) / 12_000 * 60  # mean reservation, uncorrected
    assert elapsed < reserved_bound


def test_over_reported_usage_holds_later_calls_back():
    window = SlidingWindow(1000, 60.0, slack=0)
    charge = window.take(100, now=0.0)
    window.correct(charge, 1500)  # the provider counted far more than we reserved
    assert window.wait_time(1, now=10.0) == pytest.approx(50.0)  # nothing fits until it leaves
    assert window.wait_time(1, now=60.0) == 0.0


def test_a_correction_after_the_charge_left_the_window_changes_nothing():
    window = SlidingWindow(1000, 60.0, slack=0)
    charge = window.take(900, now=0.0)
    assert window.used(61.0) == 0.0
    window.correct(charge, 5000)
    assert window.used(61.0) == 0.0


def test_a_call_larger_than_the_limit_goes_alone():
    window = SlidingWindow(1000, 60.0, slack=0)
    window.take(10, now=0.0)
    assert window.wait_time(5000, now=1.0) == pytest.approx(59.0)
    assert window.wait_time(5000, now=60.0) == 0.0


def test_a_provider_token_bucket_never_refuses_what_the_window_admits():
    """The provider side as the bench server models it: a bucket of the limit, refilled at limit/60 per
    second, checked on arrival (up to 0.4 s after admission). Every call the window admitted fits."""
    admitted, _ = simulate(11, rpm=10_000, tpm=12_000, calls=300)
    rng = random.Random(5)
    arrivals = sorted((t + rng.uniform(0, 0.4), a) for t, a in admitted)
    level, stamp, refused = 12_000.0, 0.0, 0
    for t, amount in arrivals:
        level = min(12_000.0, level + (t - stamp) * 12_000 / 60)
        stamp = t
        if amount > level + 1e-6:
            refused += 1
        else:
            level -= amount
    assert refused == 0


def test_calibration_learns_the_providers_count():
    cal = TokenCalibration()
    assert cal.scale(1000) == 1000
    for _ in range(20):
        cal.observe(estimated=1000, reported=1300)
    assert cal.scale(1000) == pytest.approx(1300, rel=0.02)
    cal.observe(estimated=1000, reported=100_000)  # one absurd report cannot blow the estimate up
    assert cal.scale(1000) < 3100
