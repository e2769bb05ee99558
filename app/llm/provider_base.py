"""What every SDK-backed provider shares: retries, parsing, the single repair turn and the response shape.

A concrete provider only knows its wire format: how to open a conversation for a request, send it once,
and append a "please fix this" turn. Everything that must behave the same for all providers lives here.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from litlens.app.llm.base import LLMRequest, LLMResponse
from litlens.app.llm.pricing import accepts_temperature
from litlens.app.llm.tokens import estimate_tokens
from litlens.app.llm.retry import RetryPolicy, call_with_retries, scrub
from litlens.app.llm.scrub import register_secret
from litlens.app.llm.structured import Parsed, check_data, parse_answer, schema_instructions

T = TypeVar("T")

STRUCTURED_MODES = ("json_schema", "json_mode", "tool", "none")


@dataclass
class RawAnswer:
    """One answer as the API returned it. ``value`` is set when the API already gave structured data
    (an Anthropic tool call); otherwise ``text`` is parsed. ``problem`` is set when the wire format
    already showed the answer unusable (a tool call naming a key twice)."""

    text: str
    value: Any = None
    has_value: bool = False
    problem: str | None = None
    refusal: str | None = None
    input_tokens: int = 0  # all input, including the cached and cache-written parts below
    output_tokens: int = 0
    cached_input_tokens: int = 0
    cache_write_tokens: int = 0
    stop_reason: str | None = None
    native: Any = None  # the SDK object, for building the repair turn


@dataclass
class Conversation:
    """Provider-specific message list plus the structured-output mode used for it."""

    messages: list[dict[str, Any]]
    mode: str
    system: str
    extra: dict[str, Any] = field(default_factory=dict)


def chat_messages(system: str, user: str, schema: dict[str, Any] | None = None,
                  turns: tuple[tuple[str, str], ...] = ()) -> tuple[list[dict[str, Any]], str]:
    """Chat-completions messages for one request, and the system text they carry. With ``schema``, the
    schema is spelled out in the system text (for JSON mode, where the API itself does not enforce it)."""
    if schema is not None:
        system = f"{system}\n\n{schema_instructions(schema)}" if system else schema_instructions(schema)
    messages: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    messages += [{"role": role, "content": text} for role, text in turns]
    messages.append({"role": "user", "content": user})
    return messages, system


class SDKProvider(ABC):
    """Base for providers backed by a vendor SDK. Subclasses implement the three wire-level methods."""

    name: str
    model: str
    _client: Any = None  # the vendor SDK's client, made by a subclass

    def __init__(self, model: str, *, api_key: str | None, policy: RetryPolicy | None = None) -> None:
        self.model = model
        self._api_key = api_key
        register_secret(api_key)  # however the key got here, an answer echoing it is scrubbed
        self.policy = policy or RetryPolicy()
        # Set by LLMClient to its limiter's pause(): a 429 with retry-after holds back every call.
        self.on_retry_after: Callable[[float], None] | None = None
        # Set per project by the run service: lets a provider route calls sharing a prompt prefix to the
        # same cache (OpenAI's prompt_cache_key). Never part of a request's identity.
        self.prompt_cache_key: str | None = None

    def __repr__(self) -> str:  # never show the key, even in a debugger or a log line
        return f"<{type(self).__name__} {self.name}:{self.model}>"

    def send_temperature(self, request: LLMRequest) -> bool:
        return request.temperature is not None and accepts_temperature(self.model)

    @abstractmethod
    def _open(self, request: LLMRequest) -> Conversation: ...

    @abstractmethod
    async def _send(self, conv: Conversation, request: LLMRequest) -> RawAnswer: ...

    @abstractmethod
    def _append_repair(self, conv: Conversation, answer: RawAnswer, error: str) -> None: ...

    async def _send_with_retries(self, conv: Conversation, request: LLMRequest) -> tuple[RawAnswer, int]:
        return await call_with_retries(lambda: self._send(conv, request), policy=self.policy,
                                       provider=self.name, secrets=[self._api_key],
                                       on_retry_after=self.on_retry_after)

    def _parse(self, answer: RawAnswer, request: LLMRequest, mode: str) -> Parsed:
        """Apply the reading rule of ``structured``: the structured channel's value, or a text that is
        one JSON value and nothing else. With a forced tool call, a text reply is not the answer."""
        if answer.problem is not None:
            return Parsed(None, answer.problem)
        if answer.has_value:
            return check_data(answer.value, request.schema)
        if mode == "tool":
            return Parsed(None, "the answer came as text instead of the required tool call" if answer.text.strip()
                          else "the answer was empty")
        return parse_answer(answer.text, request.schema)

    async def complete(self, request: LLMRequest) -> LLMResponse:
        started = time.perf_counter()
        conv = self._open(request)
        answer, attempts = await self._send_with_retries(conv, request)
        answers = [answer]
        extra: dict[str, Any] = {"structured": conv.mode}
        notice = getattr(self, "notice", None)
        if notice:
            extra["notice"] = notice
        if answer.refusal is not None or request.schema is None:
            refused = f"the model refused: {answer.refusal}" if answer.refusal is not None else None
            parsed = Parsed(None, refused)
        else:
            parsed = self._parse(answer, request, conv.mode)
            if parsed.error is not None:
                # One repair turn: the model sees its own answer and what was wrong with it.
                extra["first_error"] = parsed.error
                extra["first_answer"] = answer.text
                self._append_repair(conv, answer, parsed.error)
                answer, more = await self._send_with_retries(conv, request)
                attempts += more
                answers.append(answer)
                extra["repaired"] = True
                if answer.refusal is not None:
                    parsed = Parsed(None, f"the model refused: {answer.refusal}")
                else:
                    parsed = self._parse(answer, request, conv.mode)
                    if parsed.error is not None:
                        parsed = Parsed(None, f"unusable answer after one repair attempt: {parsed.error}")
        return LLMResponse(
            text=answer.text, model=self.model, data=parsed.data,
            error=scrub(parsed.error, [self._api_key]) if parsed.error else None,
            input_tokens=sum(a.input_tokens for a in answers),
            output_tokens=sum(a.output_tokens for a in answers),
            cached_input_tokens=sum(a.cached_input_tokens for a in answers),
            cache_write_tokens=sum(a.cache_write_tokens for a in answers),
            latency=time.perf_counter() - started, attempts=attempts, extra=extra)

    # ---- what a provider's batch API needs: the body and the reading rule of an interactive call ----
    @property
    def sdk_client(self) -> Any:
        """The vendor SDK's client this provider sends with (its base URL, its batch endpoints)."""
        return self._client

    def conversation(self, request: LLMRequest) -> Conversation:
        """The messages ``request`` opens with on this provider's wire, and how the answer is structured."""
        return self._open(request)

    def request_params(self, request: LLMRequest) -> dict[str, Any]:
        """The keyword arguments an interactive call would pass the SDK for ``request``."""
        return dict(self._params(self._open(request), request))

    def read_answer(self, answer: RawAnswer, request: LLMRequest) -> Parsed:
        """``answer`` read by the same rule as an interactive call's first answer."""
        return self._parse(answer, request, self._open(request).mode)

    async def call_sdk(self, fn: Callable[[], Awaitable[T]]) -> tuple[T, int]:
        """``fn()`` with this provider's bounded retries and its key scrubbed from any error: (result,
        attempts)."""
        return await call_with_retries(fn, policy=self.policy, provider=self.name, secrets=[self._api_key])

    def _params(self, conv: Conversation, request: LLMRequest) -> dict[str, Any]:
        raise NotImplementedError(f"{self.name} sends no request body of its own")

    @staticmethod
    def usage_or_estimate(reported: int | None, text: str) -> int:
        """Local servers sometimes omit usage; an estimate keeps accounting and rate limits sane."""
        return int(reported) if reported else estimate_tokens(text)
