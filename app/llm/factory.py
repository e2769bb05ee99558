"""Builds a provider (and a ready LLMClient) from plain settings, as the CLI, GUI and engine hold them."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from typing import Any

from litlens.app.core.heap import kept_for_good
from litlens.app.llm.base import LLMError, Provider, ResponseCache
from litlens.app.llm.client import Budget, LLMClient
from litlens.app.llm.keys import get_api_key
from litlens.app.llm.pricing import PriceTable, default_prices
from litlens.app.llm.retry import RetryPolicy

PROVIDERS = ("openai", "anthropic", "compat", "local")


@dataclass
class ProviderSettings:
    """``structured``: openai/compat take json_schema|json_mode|none, anthropic takes tool|json_schema|none
    (None = the provider's default). ``retry_base_delay``/``retry_max_delay`` shape the backoff.
    ``model_file``, ``n_ctx``, ``n_threads`` (None = llama.cpp's choice) and ``n_gpu_layers`` (-1 = all)
    are for the in-process ``local`` provider only; its ``model`` is just a display name."""

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
    model_file: str | None = None
    n_ctx: int = 4096
    n_threads: int | None = None
    n_gpu_layers: int = 0
    # USD per million input/output tokens for a model the price table does not list (--price-in/-out);
    # both or neither, so a budget is never kept on half a price
    price_in: float | None = None
    price_out: float | None = None

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
    if kind == "local":
        # Imported here so the optional extra is only needed by people who choose this provider.
        from litlens.app.llm.local_provider import LocalProvider
        return LocalProvider(settings.model_file, model=settings.model.strip() or None, n_ctx=settings.n_ctx,
                             n_threads=settings.n_threads, n_gpu_layers=settings.n_gpu_layers)
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
    # each SDK is imported when its provider is made: a user of one never pays for the other's import
    if kind == "anthropic":
        AnthropicProvider = _sdk_module("litlens.app.llm.anthropic_provider").AnthropicProvider  # noqa: N806
        return AnthropicProvider(settings.model, api_key=key, base_url=settings.base_url,
                                 structured=settings.structured, timeout=settings.timeout,
                                 policy=settings.policy())
    OpenAIProvider = _sdk_module("litlens.app.llm.openai_provider").OpenAIProvider  # noqa: N806
    return OpenAIProvider(settings.model, api_key=key, base_url=settings.base_url, name=kind,
                          structured=settings.structured, timeout=settings.timeout, policy=settings.policy())


def _sdk_module(name: str) -> Any:
    """Import a provider module and its SDK once, kept out of every later full collection (an SDK walked
    by each one held the GIL 60-80 ms in the middle of a run; app.core.heap)."""
    module = sys.modules.get(name)
    # a module another thread is still importing (the window's warm-up) is in sys.modules half made:
    # import_module waits for that import to finish, where returning it failed the run ("partially
    # initialized module ... has no attribute 'OpenAIProvider'")
    if module is not None and not getattr(getattr(module, "__spec__", None), "_initializing", False):
        return module
    with kept_for_good():
        return importlib.import_module(name)


def make_client(settings: ProviderSettings, *, cache: ResponseCache | None = None,
                budget: Budget | None = None, prices: PriceTable | None = None) -> LLMClient:
    """A provider wrapped with the settings' concurrency and rate limits."""
    provider = make_provider(settings)
    concurrency = settings.concurrency
    if provider.name == "local":
        concurrency = 1  # one model, one worker thread: queueing more calls in the limiter gains nothing
    # the user's --price-in/--price-out (and a local model's zero price) count like the table's own
    prices = prices_for(settings, provider.model, base=prices)
    return LLMClient(provider, cache=cache, budget=budget, prices=prices, concurrency=concurrency,
                     rpm=settings.rpm, tpm=settings.tpm)


def prices_for(settings: ProviderSettings, model: str | None = None, *,
               base: PriceTable | None = None) -> PriceTable:
    """The price table for these settings (``base`` or the bundled one), except that a model run on this
    machine is known to cost nothing, so it is neither charged nor flagged as unpriced."""
    table = base or default_prices()
    if settings.price_in is not None and settings.price_out is not None:
        name = (model or settings.model).strip().lower()
        table = PriceTable({**table.entries, name: (float(settings.price_in), float(settings.price_out))},
                           table.as_of)
    if settings.provider.strip().lower() != "local":
        return table
    name = (model or settings.model or "local").strip().lower()
    return PriceTable({**table.entries, name: (0.0, 0.0)}, table.as_of)
