"""Helpers shared by the tests/test_llm_*.py files: providers pointed at the fake server, fast retries."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

from litlens.app.llm.base import LLMRequest
from litlens.app.llm.factory import ProviderSettings, make_provider

T = TypeVar("T")

FAKE_KEY = "sk-test-Zq81bYw7KpL3mN0vXr5T"

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "score": {"type": "integer", "minimum": 0, "maximum": 100},
        "label": {"enum": ["good", "bad"]},
        "spans": {"type": "array", "items": {
            "type": "object",
            "properties": {"text": {"type": "string"}, "severity": {"enum": ["minor", "major"]}},
            "required": ["text", "severity"], "additionalProperties": False}},
    },
    "required": ["score", "label", "spans"],
    "additionalProperties": False,
}

VALID = {"score": 80, "label": "good", "spans": [{"text": "quiet river", "severity": "minor"}]}


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def request(**kw: Any) -> LLMRequest:
    base: dict[str, Any] = {"system": "You review translations.", "user": "Source: A. Translation: B.",
                            "schema": SCHEMA}
    base.update(kw)
    return LLMRequest(**base)


def settings(server: Any, kind: str = "openai", model: str | None = None, **kw: Any) -> ProviderSettings:
    model = model or {"anthropic": "claude-3-5-haiku-latest"}.get(kind, "gpt-4o-mini")
    url = server.anthropic_base_url if kind == "anthropic" else server.openai_base_url
    options: dict[str, Any] = {"api_key": FAKE_KEY, "base_url": url, "timeout": 5.0,
                               "retry_base_delay": 0.01, "retry_max_delay": 0.05}
    options.update(kw)
    return ProviderSettings(kind, model, **options)


def provider(server: Any, kind: str = "openai", model: str | None = None, **kw: Any) -> Any:
    return make_provider(settings(server, kind, model, **kw))


async def complete_once(server: Any, req: LLMRequest, kind: str = "openai", model: str | None = None,
                        **kw: Any) -> Any:
    prov = provider(server, kind, model, **kw)
    try:
        return await prov.complete(req)
    finally:
        await prov.aclose()
