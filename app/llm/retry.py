"""Our own bounded retry loop for provider calls: which failures are worth retrying, and how long to wait.

The SDKs are built with ``max_retries=0`` so there is exactly one retry policy, with one attempt limit,
one backoff and one place that turns SDK exceptions into LitLens errors with scrubbed messages.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from litlens.app.llm.base import KeyRejectedError, LLMError, ProviderUnavailable
# Error texts pass the same scrubber as provider answers.
from litlens.app.llm.scrub import scrub

T = TypeVar("T")

RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 529})
SDKS = ("openai", "anthropic")


def _sdk_errors(name: str) -> tuple[type[BaseException], ...]:
    """The SDKs' exception class ``name``, from the SDKs this process has imported. An SDK raised the
    exception only if it is loaded, so nothing is imported here: importing both SDKs costs about three
    seconds of the GIL, and a user of one provider never needs the other."""
    # getattr with a default: an SDK another thread is still importing (the window's warm-up) may not have
    # the class yet, and then it raised nothing that is being classified
    found = (getattr(sys.modules[sdk], name, None) for sdk in SDKS if sdk in sys.modules)
    return tuple(cls for cls in found if cls is not None)


class RequestRejected(LLMError):
    """A non-retryable 4xx other than 401/403 (bad parameter, unknown model...); ``status`` says which."""

    def __init__(self, message: str, status: int | None) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class RetryPolicy:
    """Bounded exponential backoff with full jitter; ``retry-after`` from the server wins, up to a cap."""

    max_attempts: int = 4
    base_delay: float = 1.0
    max_delay: float = 30.0
    retry_after_cap: float = 60.0
    rng: random.Random = field(default_factory=random.Random)

    def backoff(self, attempt: int) -> float:
        """Delay before attempt ``attempt + 1`` (attempt counts from 1)."""
        ceiling = min(self.max_delay, self.base_delay * (2 ** (attempt - 1)))
        # Half fixed, half random: spreads concurrent callers out without ever retrying instantly.
        return ceiling / 2 + self.rng.uniform(0, ceiling / 2)


def retry_after_seconds(headers: Any, cap: float) -> float | None:
    """Seconds the server asked us to wait (``retry-after-ms`` preferred for precision), capped."""
    if headers is None:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw = headers.get(name)
        if raw is None:
            continue
        try:
            value = float(raw) * scale
        except (TypeError, ValueError):
            continue  # an HTTP-date form; the backoff is a fine substitute
        if value >= 0:
            return min(value, cap)
    return None


@dataclass
class Failure:
    """An SDK exception classified: retry or not, the status code and the server's requested wait."""

    retryable: bool
    status: int | None
    wait: float | None
    summary: str


def classify(exc: BaseException, cap: float) -> Failure | None:
    """None when ``exc`` is not a transport/API failure (a bug: let it propagate)."""
    if isinstance(exc, _sdk_errors("APIStatusError")):
        status = int(getattr(exc, "status_code", 0) or 0)
        response = getattr(exc, "response", None)
        headers = getattr(response, "headers", None)
        message = getattr(exc, "message", "") or str(exc)
        return Failure(status in RETRYABLE_STATUS, status, retry_after_seconds(headers, cap),
                       f"HTTP {status}: {message}")
    if isinstance(exc, (*_sdk_errors("APITimeoutError"), asyncio.TimeoutError)):
        return Failure(True, None, None, "the request timed out")
    if isinstance(exc, _sdk_errors("APIConnectionError")):
        return Failure(True, None, None, "connection error (the server closed or refused the connection)")
    return None


async def call_with_retries(fn: Callable[[], Awaitable[T]], *, policy: RetryPolicy, provider: str,
                            secrets: Iterable[str | None] = (),
                            sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
                            on_retry_after: Callable[[float], None] | None = None) -> tuple[T, int]:
    """Run ``fn`` until it succeeds or the policy gives up; returns (result, attempts used).

    401/403 raise KeyRejectedError at once; other non-retryable statuses raise LLMError at once;
    retryable failures that outlive ``max_attempts`` raise ProviderUnavailable. ``on_retry_after`` hears
    every wait the server asked for."""
    secrets = list(secrets)
    attempt = 0
    while True:
        attempt += 1
        try:
            return await fn(), attempt
        except Exception as exc:
            failure = classify(exc, policy.retry_after_cap)
            if failure is None:
                raise
        # Decided outside the except block: an error raised inside it would keep the SDK exception
        # (whose message may quote the API key) as its __context__, reachable by anything that walks it.
        summary = scrub(failure.summary, secrets)
        if failure.status in (401, 403):
            raise KeyRejectedError(
                f"{provider}: the provider rejected the API key (HTTP {failure.status}); "
                f"check it with `litlens key set {provider}`") from None
        if not failure.retryable:
            raise RequestRejected(f"{provider} refused the request: {summary}", failure.status) from None
        if attempt >= policy.max_attempts:
            raise ProviderUnavailable(
                f"{provider} is unavailable after {attempt} attempts; last error: {summary}") from None
        wait = failure.wait if failure.wait is not None else policy.backoff(attempt)
        if failure.wait is not None and on_retry_after is not None:
            on_retry_after(wait)  # lets a shared limiter hold back the other calls as well
        await sleep(wait)
