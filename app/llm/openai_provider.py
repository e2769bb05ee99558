"""OpenAI chat completions, and any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio).

Structured output modes:
- ``json_schema``: the API enforces the schema (``response_format`` type json_schema; strict when the schema
  allows it). Default for OpenAI itself.
- ``json_mode``: ``{"type": "json_object"}`` plus the schema spelled out in the system prompt, validated
  here. Default for compatible servers, whose json_schema support varies. If a server answers a
  json_schema request with HTTP 400, the provider switches to json_mode for the rest of the session.
- ``none``: schema in the prompt only, for servers that support neither.
"""

from __future__ import annotations

import re
from typing import Any

from openai import AsyncOpenAI

from litlens.app.llm.base import LLMRequest
from litlens.app.llm.provider_base import Conversation, RawAnswer, SDKProvider, chat_messages
from litlens.app.llm.retry import RequestRejected, RetryPolicy
from litlens.app.llm.structured import repair_message, strict_compatible

_NAME_OK = re.compile(r"[^a-zA-Z0-9_-]")


class OpenAIProvider(SDKProvider):
    """``name`` is "openai" for the OpenAI API and "compat" for other OpenAI-compatible servers."""

    def __init__(self, model: str, *, api_key: str | None, base_url: str | None = None,
                 name: str = "openai", structured: str | None = None, timeout: float = 120.0,
                 policy: RetryPolicy | None = None) -> None:
        super().__init__(model, api_key=api_key, policy=policy)
        self.name = name
        self.structured = structured or ("json_schema" if name == "openai" else "json_mode")
        if self.structured not in ("json_schema", "json_mode", "none"):
            raise ValueError(f"structured output for {name} must be json_schema, json_mode or none, "
                             f"not {self.structured!r}")
        # Local servers often need no key, but the SDK insists on one: send a harmless placeholder.
        self._client = AsyncOpenAI(api_key=api_key or "no-key", base_url=base_url, timeout=timeout,
                                   max_retries=0)

    def _open(self, request: LLMRequest) -> Conversation:
        mode = self.structured if request.schema is not None else "none"
        in_prompt = request.schema if mode != "json_schema" else None
        messages, system = chat_messages(request.system, request.user, in_prompt, request.turns)
        return Conversation(messages, mode, system)

    def _params(self, conv: Conversation, request: LLMRequest) -> dict[str, Any]:
        params: dict[str, Any] = {"model": self.model, "messages": conv.messages}
        # OpenAI's own API wants max_completion_tokens (reasoning models reject max_tokens);
        # compatible servers mostly only know max_tokens.
        params["max_completion_tokens" if self.name == "openai" else "max_tokens"] = request.max_tokens
        if self.send_temperature(request):
            params["temperature"] = request.temperature
        if conv.mode == "json_schema" and request.schema is not None:
            params["response_format"] = {"type": "json_schema", "json_schema": {
                "name": _NAME_OK.sub("_", request.schema_name)[:64] or "result",
                "schema": request.schema, "strict": strict_compatible(request.schema)}}
        elif conv.mode == "json_mode":
            params["response_format"] = {"type": "json_object"}
        if self.name == "openai" and self.prompt_cache_key:
            # OpenAI caches prompt prefixes automatically; the key keeps one project's calls of one judge
            # (same prefix) on the same cache. Compatible servers may reject unknown fields: not sent.
            params["prompt_cache_key"] = f"{self.prompt_cache_key}:{request.judge or 'any'}"[:64]
        return params

    async def _send(self, conv: Conversation, request: LLMRequest) -> RawAnswer:
        resp = await self._client.chat.completions.create(**self._params(conv, request))
        choice = resp.choices[0] if resp.choices else None
        message = choice.message if choice is not None else None
        text = (message.content or "") if message is not None else ""
        refusal = getattr(message, "refusal", None) or None
        usage = resp.usage
        prompt_text = "\n".join(str(m.get("content", "")) for m in conv.messages)
        return RawAnswer(
            text=text, refusal=refusal,
            input_tokens=self.usage_or_estimate(usage.prompt_tokens if usage else None, prompt_text),
            output_tokens=self.usage_or_estimate(usage.completion_tokens if usage else None, text),
            cached_input_tokens=int(getattr(getattr(usage, "prompt_tokens_details", None), "cached_tokens", 0)
                                    or 0),
            stop_reason=choice.finish_reason if choice is not None else None)

    async def _send_with_retries(self, conv: Conversation, request: LLMRequest) -> tuple[RawAnswer, int]:
        try:
            return await super()._send_with_retries(conv, request)
        except RequestRejected as exc:
            if exc.status != 400 or conv.mode != "json_schema" or request.schema is None:
                raise
        # The server does not take json_schema: switch this provider to JSON mode for the session.
        self.structured = "json_mode"
        fallback = self._open(request)
        conv.messages[:] = fallback.messages
        conv.mode, conv.system = fallback.mode, fallback.system
        answer, attempts = await super()._send_with_retries(conv, request)
        return answer, attempts + 1

    def _append_repair(self, conv: Conversation, answer: RawAnswer, error: str) -> None:
        conv.messages.append({"role": "assistant", "content": answer.text})
        conv.messages.append({"role": "user", "content": repair_message(error)})

    async def aclose(self) -> None:
        await self._client.close()
