"""How many tokens a model can take at once, and the check a run makes against it before any call.

API models' windows come from the editable table resources/context_windows.json (by model-name prefix,
as the price table); the local provider's window is its ``n_ctx`` setting, which it also checks exactly,
with the model's own tokenizer, before every call. A model missing from the table is not checked."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, Sequence

from litlens.app.core.resources import read_resource
from litlens.app.llm.pricing import longest_prefix

if TYPE_CHECKING:
    from litlens.app.llm.factory import ProviderSettings


class Unit(Protocol):
    """What the check reads of a judge's unit (app.judges.base.Unit; the llm layer does not import judges)."""

    judge: str
    key: str
    needs_llm: bool
    est_calls: float
    est_input_tokens: int
    est_output_tokens: int
    est_call_tokens: int


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, int]:
    doc = json.loads(read_resource("context_windows.json"))
    return {str(name).lower(): int(tokens) for name, tokens in doc["models"].items()}


def context_window(settings: ProviderSettings) -> int | None:
    """Tokens of prompt and answer together that ``settings``' model accepts; None when not known."""
    if settings.provider == "local":
        return settings.n_ctx
    table = _table()
    best = longest_prefix(settings.model, table)
    return None if best is None else table[best]


class PromptTooLong(ValueError):
    """A unit's prompt and answer would not fit the model's context: nothing runs."""


@dataclass(frozen=True)
class ContextCheck:
    window: int | None  # None: the model is not in the table, nothing was checked
    largest: int  # the largest single call planned, prompt and answer, in estimated tokens
    model: str

    def describe(self) -> str:
        if self.window is None:
            return f"context of {self.model} unknown: prompts were not checked against it"
        return f"largest call about {self.largest:,} of {self.model}'s {self.window:,} tokens"


def per_call_tokens(unit: Unit) -> int:
    """The estimated prompt and answer of the unit's largest call: its own figure where the judge gives
    one (``est_call_tokens``), else its calls' average."""
    if unit.est_call_tokens:
        return unit.est_call_tokens
    calls = max(1.0, unit.est_calls)
    return round((unit.est_input_tokens + unit.est_output_tokens) / calls)


def check_context(settings: ProviderSettings, units: Sequence[Unit]) -> ContextCheck:
    """Raise PromptTooLong naming the first unit whose call cannot fit ``settings``' model. The local
    provider is left to its exact per-call check (estimates here are rough for a local tokenizer)."""
    llm_units = [u for u in units if u.needs_llm]
    largest = max((per_call_tokens(u) for u in llm_units), default=0)
    window = context_window(settings)
    if window is None or settings.provider == "local":
        return ContextCheck(None if window is None else window, largest, settings.model)
    for unit in llm_units:
        need = per_call_tokens(unit)
        if need > window:
            raise PromptTooLong(
                f"{unit.judge} {unit.key}: a call of about {need:,} tokens (prompt and answer) does not fit "
                f"the context of {settings.model} ({window:,} tokens). Choose a model with a longer context "
                f"or smaller units (for MAS-LitEval, a smaller chunk_tokens)")
    return ContextCheck(window, largest, settings.model)
