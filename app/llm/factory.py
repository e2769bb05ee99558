"""Builds a provider (and a ready LLMClient) from plain settings, as the CLI, GUI and engine hold them."""

from __future__ import annotations

from dataclasses import dataclass

from app.llm.anthropic_provider import AnthropicProvider
from app.llm.base import LLMError, Provider, ResponseCache
from app.llm.client import Budget, LLMClient
from app.llm.keys import get_api_key
from app.llm.openai_provider import OpenAIProvider
from app.llm.pricing import PriceTable
from app.llm.retry import RetryPolicy

PROVIDERS = ("openai", "anthropic", "compat")


@dataclass
class ProviderSettings:
    """``structured``: openai/compat take json_schema|json_mode|none, anthropic takes tool|json_schema|none
    (None = the provider's default). ``retry_base_delay``/``retry_max_delay`` shape the backoff."""

    provider: str
    model: str
    base_url: str | None = None
    api_key: str | None = None
    timeout: float = 120
    max_attempts: int = 4
    concurrency: int = 8
    rpm: int | None = None
    tpm: int | None = None
    structured: str | None = None
    retry_base_delay: float = 1.0
    retry_max_delay: float = 30.0
    retry_after_cap: float = 60.0

    def __repr__(self) -> str:  # dataclass repr would print the key
        return (f"ProviderSettings(provider={self.provider!r}, model={self.model!r}, "
                f"base_url={self.base_url!r}, api_key={'set' if self.api_key else None})")

    def policy(self) -> RetryPolicy:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        return RetryPolicy(max_attempts=self.max_attempts, base_delay=self.retry_base_delay,
                           max_delay=self.retry_max_delay, retry_after_cap=self.retry_after_cap)


def make_provider(settings: ProviderSettings) -> Provider:
    kind = settings.provider.strip().lower()
    if kind not in PROVIDERS:
        raise ValueError(f"Unknown provider {settings.provider!r}; valid providers: {', '.join(PROVIDERS)}")
    if not settings.model.strip():
        raise ValueError(f"No model given for {kind}")
    key = settings.api_key
    if key is None:
        if kind == "compat":
            try:  # a local server usually needs no key, but use one if the user stored it
                key = get_api_key(kind)
            except LLMError:
                key = None
        else:
            key = get_api_key(kind)
    if kind == "compat" and not settings.base_url:
        raise ValueError("The compat provider needs base_url, e.g. http://localhost:11434/v1 for Ollama")
    if kind == "anthropic":
        return AnthropicProvider(settings.model, api_key=key, base_url=settings.base_url,
                                 structured=settings.structured, timeout=settings.timeout,
                                 policy=settings.policy())
    return OpenAIProvider(settings.model, api_key=key, base_url=settings.base_url, name=kind,
                          structured=settings.structured, timeout=settings.timeout, policy=settings.policy())


def make_client(settings: ProviderSettings, *, cache: ResponseCache | None = None,
                budget: Budget | None = None, prices: PriceTable | None = None) -> LLMClient:
    """A provider wrapped with the settings' concurrency and rate limits."""
    return LLMClient(make_provider(settings), cache=cache, budget=budget, prices=prices,
                     concurrency=settings.concurrency, rpm=settings.rpm, tpm=settings.tpm)
