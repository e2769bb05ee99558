"""Transport failures through the real SDKs: our bounded retry loop, retry-after, timeouts, bad keys."""

from __future__ import annotations

import time

import pytest
from fakeserver import Fault, FakeServer
from llm_helpers import FAKE_KEY, complete_once, request, run

from litlens.app.llm.base import KeyRejectedError, LLMError, ProviderUnavailable
from litlens.app.llm.retry import RetryPolicy, retry_after_seconds, scrub

PROTOCOLS = ["openai", "anthropic"]


@pytest.mark.parametrize("kind", PROTOCOLS)
def test_429_retry_after_is_honoured_then_succeeds(fake_server, kind):
    fake_server.script([Fault(status=429, headers={"retry-after": "1"})])
    started = time.monotonic()
    resp = run(complete_once(fake_server, request(), kind))
    elapsed = time.monotonic() - started
    assert resp.ok and resp.attempts == 2 and fake_server.count == 2
    assert elapsed >= 0.95  # waited what the server asked, not the tiny test backoff


def test_retry_after_ms_is_preferred_and_capped(fake_server):
    fake_server.script([Fault(status=429, headers={"retry-after-ms": "300", "retry-after": "9"})])
    started = time.monotonic()
    resp = run(complete_once(fake_server, request(), "openai"))
    assert resp.ok and 0.28 <= time.monotonic() - started < 3
    assert retry_after_seconds({"retry-after": "3600"}, cap=60) == 60
    assert retry_after_seconds({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, cap=60) is None


@pytest.mark.parametrize("kind", PROTOCOLS)
@pytest.mark.parametrize("fault", [Fault(status=500), Fault(status=502), Fault(status=503),
                                   Fault(status=504), Fault(kind="reset")], ids=str)
def test_transient_failure_then_success(fake_server, kind, fault):
    fake_server.script([fault])
    resp = run(complete_once(fake_server, request(), kind))
    assert resp.ok and resp.attempts == 2 and fake_server.count == 2


@pytest.mark.parametrize("kind", PROTOCOLS)
def test_timeout_then_success(fake_server, kind):
    fake_server.script([Fault(kind="timeout", delay=5)])
    started = time.monotonic()
    resp = run(complete_once(fake_server, request(), kind, timeout=0.4))
    assert resp.ok and resp.attempts == 2
    assert time.monotonic() - started < 3


@pytest.mark.parametrize("kind", PROTOCOLS)
def test_persistent_503_gives_up_after_max_attempts(fake_server, kind):
    fake_server.script([Fault(status=503)] * 10)
    with pytest.raises(ProviderUnavailable) as info:
        run(complete_once(fake_server, request(), kind, max_attempts=3))
    assert fake_server.count == 3  # bounded: exactly max_attempts requests
    message = str(info.value)
    assert "after 3 attempts" in message and "503" in message and "\n" not in message


@pytest.mark.parametrize("kind", PROTOCOLS)
def test_rejected_key_fails_at_once_and_never_leaks(kind):
    with FakeServer(require_key="the-right-key") as server:
        with pytest.raises(KeyRejectedError) as info:
            run(complete_once(server, request(), kind))
        assert server.count == 1  # no retry on 401
    text = str(info.value) + repr(info.value) + str(info.value.__cause__) + str(info.value.args)
    assert "rejected the API key" in text
    assert FAKE_KEY not in text and FAKE_KEY[-6:] not in text


def test_key_echoed_by_server_is_scrubbed(fake_server):
    fake_server.script([Fault(status=422, message=f"bad request for key {FAKE_KEY}")])
    with pytest.raises(LLMError) as info:
        run(complete_once(fake_server, request(), "openai"))
    assert FAKE_KEY not in str(info.value) and "[redacted]" in str(info.value)
    assert fake_server.count == 1  # 422 is not retryable


def test_backoff_is_bounded_and_jittered():
    policy = RetryPolicy(base_delay=1.0, max_delay=8.0)
    delays = [policy.backoff(n) for n in range(1, 10)]
    assert all(0 < d <= 8.0 for d in delays)
    assert delays[0] <= 1.0 and delays[-1] >= 4.0  # grows, and never past max_delay
    assert scrub("key sk-abcdef1234567890 leaked", ["sk-abcdef1234567890"]) == "key [redacted] leaked"
