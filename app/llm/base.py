"""The provider contract: one request/response shape and one async interface for every LLM backend."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from litlens.app.llm.scrub import scrub, scrub_value


class LLMError(Exception):
    """Base class for provider failures. Messages never contain API keys."""


class MissingKeyError(LLMError):
    """No API key could be found for the provider (keyring, then environment)."""


class KeyRejectedError(MissingKeyError):
    """The provider answered 401/403: the key it was given is wrong, revoked or lacks access."""


class ProviderUnavailable(LLMError):
    """The provider could not be reached or kept failing after the bounded retries."""


class CallDeferred(LLMError):
    """The call was queued elsewhere (e.g. a provider batch job) instead of being made now. The engine
    leaves the unit unfinished, so a later run picks it up once the answer is in the response cache."""


class BudgetExceeded(LLMError):
    """The next call would push the run's spending past the user's budget cap."""


@dataclass
class LLMRequest:
    """Everything that determines an answer. ``cache_key()`` hashes all of it (and the model)."""

    system: str
    user: str
    schema: dict[str, Any] | None = None  # JSON schema for structured output
    schema_name: str = "result"
    temperature: float | None = 0.0
    max_tokens: int = 1024
    # metadata that travels into the audit trail and the cache key
    judge: str = ""
    prompt_version: str = ""
    # How many leading characters of ``user`` other calls send too (VERSE asks about one paragraph and its
    # translation question by question). A provider with explicit cache breakpoints (Anthropic) marks
    # the end of that stretch as well as the end of the system prompt; the text sent is the same either
    # way, so this never changes the answer and is not part of the cache key.
    shared_user_chars: int = 0
    # Earlier turns sent between the system prompt and ``user``: (role, text) pairs, role "user" or
    # "assistant" (few-shot examples as a conversation, as GEMBA-MQM does). Part of the cache key.
    turns: tuple[tuple[str, str], ...] = ()

    def cache_key(self, provider: str, model: str) -> str:
        fields = {k: v for k, v in asdict(self).items() if k != "shared_user_chars"}
        payload = json.dumps({"provider": provider, "model": model, **fields}, sort_keys=True,
                             ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass
class LLMResponse:
    """A finished call. ``data`` is the parsed and schema-validated JSON, or None with ``error`` set."""

    text: str
    model: str
    data: dict[str, Any] | None = None
    error: str | None = None
    input_tokens: int = 0  # all input, cached or not
    output_tokens: int = 0
    cached_input_tokens: int = 0  # part of input_tokens read from the provider's prompt cache
    cache_write_tokens: int = 0  # part of input_tokens written to it (Anthropic bills these higher)
    cost: float = 0.0
    latency: float = 0.0
    cached: bool = False
    attempts: int = 1
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Every provider's text becomes an LLMResponse before anything in LitLens reads it (judges, the
        # cache and audit trail, reports), plug-in providers' included; scrubbing here keeps an echoed
        # key out of everything downstream.
        self.text = scrub(self.text) if self.text else self.text
        self.error = scrub(self.error) if self.error else self.error
        self.data = scrub_value(self.data)
        self.extra = scrub_value(self.extra)

    @property
    def ok(self) -> bool:
        return self.error is None and self.data is not None


class ResponseCache(Protocol):
    """Where finished calls go (the store implements it). ``put`` is called for every finished call
    except cache hits, so it doubles as the audit trail; ``get`` decides what counts as reusable."""

    def get(self, key: str) -> LLMResponse | None: ...

    def put(self, key: str, provider: str, request: LLMRequest, response: LLMResponse) -> None: ...


class Provider(Protocol):
    """One backend (OpenAI, Anthropic, an OpenAI-compatible server...)."""

    name: str
    model: str

    async def complete(self, request: LLMRequest) -> LLMResponse:
        """Send one request; returns a response whose ``data`` is validated against ``request.schema``
        (after at most one repair attempt), or whose ``error`` says why not, with the raw text kept.
        Raises LLMError subclasses for transport failures that survived the bounded retries."""
        ...

    async def aclose(self) -> None: ...
