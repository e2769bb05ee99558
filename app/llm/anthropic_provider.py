"""Anthropic Messages API.

Structured output modes:
- ``tool`` (default): one tool whose ``input_schema`` is the schema, forced with ``tool_choice``. Every
  Claude model that can call tools supports it, and the answer arrives already parsed as the tool input.
- ``json_schema``: the API's native ``output_config.format`` (newer models only); the answer is JSON text.
- ``none`` / ``json_mode``: the schema spelled out in the system prompt, validated here.

The installed SDK has no ``temperature`` argument any more; for models that still accept it
(see resources/model_rules.json) it is sent through ``extra_body``, and never to models that reject it.
"""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

from anthropic import AsyncAnthropic
from anthropic._data import DEPRECATED_MODELS

from litlens.app.llm.base import LLMRequest
from litlens.app.llm.provider_base import Conversation, RawAnswer, SDKProvider
from litlens.app.llm.retry import RetryPolicy
from litlens.app.llm.structured import first_duplicate, marking_loads, repair_message, schema_instructions

_NAME_OK = re.compile(r"[^a-zA-Z0-9_-]")

# The SDK warns on every call to a deprecated model; we say it once, in the response, where the user sees it.
warnings.filterwarnings("ignore", message=r"The model '.*' is deprecated", category=DeprecationWarning)


def _repeated_tool_key(body: str) -> str | None:
    """The SDK hands over the tool input as a dict, where a key given twice has already lost one of its
    values; only the body as sent shows it. Such an answer is ambiguous, so it is not accepted."""
    try:
        decoded = marking_loads(body)
    except ValueError:
        return None  # the SDK decoded this very body; if we cannot, its own reading stands
    blocks = decoded.get("content") if isinstance(decoded, dict) else None
    for block in blocks if isinstance(blocks, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_use":
            key = first_duplicate(block.get("input"))
            return f"the tool call gives the key {key!r} twice" if key is not None else None
    return None


class AnthropicProvider(SDKProvider):
    name = "anthropic"

    def __init__(self, model: str, *, api_key: str | None, base_url: str | None = None,
                 structured: str | None = None, timeout: float = 120.0,
                 policy: RetryPolicy | None = None) -> None:
        super().__init__(model, api_key=api_key, policy=policy)
        self.structured = structured or "tool"
        if self.structured == "json_mode":
            self.structured = "none"  # Anthropic has no JSON mode; prompt + validation is the equivalent
        if self.structured not in ("tool", "json_schema", "none"):
            raise ValueError(f"structured output for anthropic must be tool, json_schema or none, "
                             f"not {self.structured!r}")
        self._client = AsyncAnthropic(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=0)
        end_of_life = DEPRECATED_MODELS.get(model)
        self.notice = (f"{model} is deprecated by Anthropic (end of life {end_of_life})"
                       if end_of_life else None)

    def _tool_name(self, request: LLMRequest) -> str:
        return _NAME_OK.sub("_", request.schema_name)[:64] or "result"

    def _open(self, request: LLMRequest) -> Conversation:
        mode = self.structured if request.schema is not None else "none"
        system = request.system
        if request.schema is not None and mode == "none":
            system = f"{system}\n\n{schema_instructions(request.schema)}" if system else \
                schema_instructions(request.schema)
        turns = [{"role": role, "content": text} for role, text in request.turns]
        return Conversation([*turns, {"role": "user", "content": request.user}], mode, system)

    def _params(self, conv: Conversation, request: LLMRequest) -> dict[str, Any]:
        params: dict[str, Any] = {"model": self.model, "max_tokens": request.max_tokens,
                                  "messages": _mark_shared_user(conv.messages, request.shared_user_chars)}
        if conv.system:
            # The system prompt is the static part of every judge's request (tools come before it, so a
            # fixed schema is cached too): one breakpoint there lets later calls read that prefix from
            # the prompt cache. Below the model's minimum cacheable length the marker is ignored.
            params["system"] = [{"type": "text", "text": conv.system, "cache_control": {"type": "ephemeral"}}]
        if self.send_temperature(request):
            params["extra_body"] = {"temperature": request.temperature}
        if conv.mode == "tool" and request.schema is not None:
            name = self._tool_name(request)
            params["tools"] = [{"name": name, "input_schema": request.schema,
                                "description": "Record the complete answer. Call this exactly once."}]
            params["tool_choice"] = {"type": "tool", "name": name}
        elif conv.mode == "json_schema" and request.schema is not None:
            params["output_config"] = {"format": {"type": "json_schema", "schema": request.schema}}
        return params

    async def _send(self, conv: Conversation, request: LLMRequest) -> RawAnswer:
        raw = await self._client.messages.with_raw_response.create(**self._params(conv, request))
        resp = await raw.parse()
        texts: list[str] = []
        tool_input: Any = None
        found_tool = False
        for block in resp.content:
            if block.type == "tool_use" and conv.mode == "tool" and not found_tool:
                tool_input, found_tool = block.input, True
            elif block.type == "text":
                texts.append(block.text)
        text = "".join(texts)
        if found_tool:
            text = json.dumps(tool_input, ensure_ascii=False)
        refusal = (text or "refusal") if resp.stop_reason == "refusal" else None
        usage = resp.usage
        # Anthropic's input_tokens leaves out what was read from or written to the cache; we count all.
        read = int(getattr(usage, "cache_read_input_tokens", 0) or 0) if usage else 0
        written = int(getattr(usage, "cache_creation_input_tokens", 0) or 0) if usage else 0
        return RawAnswer(text=text, value=tool_input, has_value=found_tool, refusal=refusal,
                         problem=_repeated_tool_key(await raw.text()) if found_tool else None,
                         cached_input_tokens=read, cache_write_tokens=written,
                         input_tokens=read + written + self.usage_or_estimate(
                             usage.input_tokens if usage else None, conv.system + request.user),
                         output_tokens=self.usage_or_estimate(usage.output_tokens if usage else None, text),
                         stop_reason=resp.stop_reason, native=resp)

    def _append_repair(self, conv: Conversation, answer: RawAnswer, error: str) -> None:
        resp = answer.native
        tool_ids = [b.id for b in getattr(resp, "content", []) if b.type == "tool_use"]
        if resp is not None and (tool_ids or answer.text.strip()):
            conv.messages.append(resp.to_param())
        else:  # the API rejects an empty assistant turn, so name the emptiness instead
            conv.messages.append({"role": "assistant", "content": "(empty answer)"})
        if tool_ids:
            # A tool call must be answered by a tool_result; marking it an error asks for a corrected call.
            conv.messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": tid, "is_error": True,
                 "content": repair_message(error)}
                for tid in tool_ids]})
        else:
            conv.messages.append({"role": "user", "content": repair_message(error)})

    async def aclose(self) -> None:
        await self._client.close()


def _mark_shared_user(messages: list[dict[str, Any]], shared: int) -> list[dict[str, Any]]:
    """The first user turn split where the part other calls share ends, with a cache breakpoint there
    (a second one after the system prompt's): later calls read the system prompt and that shared start
    from the cache. Unsplit when nothing is shared or either side would be blank (the API refuses empty
    text blocks)."""
    if shared <= 0 or not messages or not isinstance(messages[0].get("content"), str):
        return messages
    text = messages[0]["content"]
    head, tail = text[:shared], text[shared:]
    if not head.strip() or not tail.strip():
        return messages
    marked = {"type": "text", "text": head, "cache_control": {"type": "ephemeral"}}
    first = {**messages[0], "content": [marked, {"type": "text", "text": tail}]}
    return [first, *messages[1:]]
