"""What a call costs: the editable price table in resources, and per-model API quirks."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from litlens.app.llm.base import LLMError
from litlens.app.core.resources import read_resource


@dataclass(frozen=True)
class Price:
    """USD per million tokens. ``known`` is False for models missing from the table (priced at 0).
    Cached-input and cache-write prices default to the input price (no discount, no surcharge)."""

    model: str
    input_per_m: float
    output_per_m: float
    known: bool = True
    cached_input_per_m: float | None = None
    cache_write_per_m: float | None = None

    def cost(self, input_tokens: int, output_tokens: int, cached_tokens: int = 0,
             cache_write_tokens: int = 0) -> float:
        """``input_tokens`` is ALL input; ``cached_tokens`` and ``cache_write_tokens`` are the parts of
        it read from or written to the provider's prompt cache, priced at their own rates."""
        cached = min(max(0, cached_tokens), input_tokens)
        written = min(max(0, cache_write_tokens), input_tokens - cached)
        plain = input_tokens - cached - written
        read_rate = self.input_per_m if self.cached_input_per_m is None else self.cached_input_per_m
        write_rate = self.input_per_m if self.cache_write_per_m is None else self.cache_write_per_m
        return (plain * self.input_per_m + cached * read_rate + written * write_rate
                + output_tokens * self.output_per_m) / 1_000_000

    def upper_bound(self, input_tokens: int, output_tokens: int) -> float:
        """The most these tokens can cost, whatever the provider's prompt cache does.

        Before a run nobody knows which prefixes the provider will serve from its cache: OpenAI caches
        best-effort, only prefixes of 1,024 tokens and more, and only while they stay warm; a prefix
        Anthropic writes and never reads again costs the write surcharge (1.25x). So every input token is
        priced at the higher of the input and cache-write rates; caching can only lower the real cost.
        """
        write_rate = self.input_per_m if self.cache_write_per_m is None else self.cache_write_per_m
        return (input_tokens * max(self.input_per_m, write_rate)
                + output_tokens * self.output_per_m) / 1_000_000


class PriceTable:
    """Prices by model-name prefix; the longest prefix wins so ``gpt-4o-mini`` beats ``gpt-4o``."""

    def __init__(self, entries: dict[str, tuple[float, ...]], as_of: str = "") -> None:
        self.entries = {k.lower(): v for k, v in entries.items()}
        self.as_of = as_of

    @classmethod
    def load(cls, override: Path | str | None = None) -> PriceTable:
        """The bundled table, with entries from the user's ``override`` JSON file (same format) on top."""
        base = json.loads(read_resource("prices.json"))
        entries = _entries(base, "the bundled price table")
        if override is not None:
            path = Path(override)
            try:
                user = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise LLMError(f"Cannot read the price file {path}: {exc}") from None
            entries.update(_entries(user, str(path)))
        return cls(entries, str(base.get("as_of", "")))

    def price(self, model: str) -> Price:
        best = longest_prefix(model, self.entries)
        if best is None:
            return Price(model, 0.0, 0.0, False)
        inp, out, *cache = self.entries[best]
        return Price(model, inp, out, True, *cache)

    def cost(self, model: str, input_tokens: int, output_tokens: int, cached_tokens: int = 0,
             cache_write_tokens: int = 0) -> float:
        return self.price(model).cost(input_tokens, output_tokens, cached_tokens, cache_write_tokens)


def longest_prefix(model: str, prefixes: Iterable[str]) -> str | None:
    """The longest of ``prefixes`` (lower case) that ``model`` starts with, so ``gpt-4o-mini`` beats
    ``gpt-4o``; routers and vLLM name models "org/model", so the part after the last slash is tried too."""
    name = model.lower()
    keys = list(prefixes)
    for candidate in (name, name.rsplit("/", 1)[-1]):
        best = max((p for p in keys if candidate.startswith(p)), key=len, default=None)
        if best is not None:
            return best
    return None


def _optional_price(p: dict[str, Any], key: str) -> float | None:
    return None if p.get(key) is None else float(p[key])


def _entries(doc: Any, where: str) -> dict[str, tuple[float, ...]]:
    models = doc.get("models") if isinstance(doc, dict) else None
    if not isinstance(models, dict):
        raise LLMError(f"{where}: expected an object with a 'models' mapping")
    out: dict[str, tuple[float, ...]] = {}
    for name, p in models.items():
        try:
            out[name] = (float(p["input"]), float(p["output"]), _optional_price(p, "cached_input"),
                         _optional_price(p, "cache_write"))
        except (KeyError, TypeError, ValueError):
            raise LLMError(f"{where}: model {name!r} needs numeric 'input' and 'output' prices") from None
    return out


@functools.lru_cache(maxsize=1)
def default_prices() -> PriceTable:
    return PriceTable.load()


def price_for(model: str) -> Price:
    """The bundled table's price for ``model`` (``known=False`` and zero cost when it is not listed)."""
    return default_prices().price(model)


@functools.lru_cache(maxsize=1)
def _no_temperature_patterns() -> tuple[re.Pattern[str], ...]:
    rules = json.loads(read_resource("model_rules.json"))
    return tuple(re.compile(p, re.IGNORECASE) for p in rules.get("no_temperature", []))


def accepts_temperature(model: str) -> bool:
    """False for models whose API rejects ``temperature`` (rules in resources/model_rules.json)."""
    return not any(p.search(model) for p in _no_temperature_patterns())
