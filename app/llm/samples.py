"""Asking a judge again: a provider that forwards every call to the real one but calls itself by a
sample's name (``openai~s2``, ``openai~s0@t0.7``), so the response cache and the engine's stored results
keep each sample apart. A sample is then cached, resumable and paid for once like any run, and sample 0
without a set temperature is simply the ordinary run. With a set temperature every request is sent at that
temperature (the provider still drops it for models that take none)."""

from __future__ import annotations

import dataclasses
from typing import Any

from .base import LLMRequest, LLMResponse

_OWN = frozenset({"inner", "sample", "temperature", "name"})


def sample_name(provider_name: str, sample: int, temperature: float | None) -> str:
    return f"{provider_name}~s{sample}" + ("" if temperature is None else f"@t{temperature:g}")


class SampleProvider:
    def __init__(self, inner: Any, sample: int, temperature: float | None = None) -> None:
        if sample < 0:
            raise ValueError("a sample number is 0 or more")
        if temperature is not None and not 0 <= temperature <= 2:
            raise ValueError("a sampling temperature lies between 0 and 2")
        object.__setattr__(self, "inner", inner)
        object.__setattr__(self, "sample", sample)
        object.__setattr__(self, "temperature", temperature)
        object.__setattr__(self, "name", sample_name(inner.name, sample, temperature))

    @property
    def model(self) -> str:  # the real model: prices and the API see it unchanged
        return str(self.inner.model)

    async def complete(self, request: LLMRequest) -> LLMResponse:
        if self.temperature is not None:
            request = dataclasses.replace(request, temperature=self.temperature)
        return await self.inner.complete(request)

    async def aclose(self) -> None:
        await self.inner.aclose()

    def __getattr__(self, attr: str) -> Any:  # prompt_cache_key, on_retry_after, batch helpers...
        return getattr(self.inner, attr)

    def __setattr__(self, attr: str, value: Any) -> None:
        if attr in _OWN:
            object.__setattr__(self, attr, value)
        else:
            setattr(self.inner, attr, value)
