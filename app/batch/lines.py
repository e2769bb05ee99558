"""Batch wire formats: one request as a batch line, one result line back into an ``LLMResponse``.

A batch line carries exactly the body an interactive call would send: it is built by the provider's own
``request_params``, so a cached batch answer is interchangeable with an interactive one. There is no
repair turn in a batch; an answer that fails validation comes back as a failed response with its raw
text, which the judge then stores as a failed unit.
"""

from __future__ import annotations

import json
from typing import Any

from litlens.app.llm.base import LLMRequest, LLMResponse
from litlens.app.llm.pricing import default_prices
from litlens.app.llm.provider_base import RawAnswer, SDKProvider

OPENAI_ENDPOINT = "/v1/chat/completions"
BATCH_DISCOUNT = 0.5  # both providers bill batch work at half the interactive price


class LineError(Exception):
    """A result line the provider could not answer (HTTP error, expired, cancelled). ``final`` errors
    (the request itself was rejected) become stored failures; the others are asked again next round."""

    def __init__(self, message: str, final: bool) -> None:
        super().__init__(message)
        self.final = final


def request_body(provider: SDKProvider, request: LLMRequest) -> dict[str, Any]:
    """The JSON body the provider would POST for ``request`` (SDK-only arguments folded in)."""
    params = provider.request_params(request)
    # The Anthropic provider passes temperature through the SDK's extra_body; a batch has no SDK call
    # to merge it, so it goes into the body itself, exactly as the SDK would have sent it.
    params.update(params.pop("extra_body", None) or {})
    return params


def openai_line(provider: SDKProvider, custom_id: str, request: LLMRequest) -> dict[str, Any]:
    return {"custom_id": custom_id, "method": "POST", "url": OPENAI_ENDPOINT,
            "body": request_body(provider, request)}


def anthropic_request(provider: SDKProvider, custom_id: str, request: LLMRequest) -> dict[str, Any]:
    return {"custom_id": custom_id, "params": request_body(provider, request)}


def _finish(provider: SDKProvider, request: LLMRequest, raw: RawAnswer, model: str) -> LLMResponse:
    if raw.refusal is not None:
        data, error = None, f"the model refused: {raw.refusal}"
    elif request.schema is None:
        data, error = None, None
    else:
        parsed = provider.read_answer(raw, request)
        data, error = parsed.data, (f"unusable answer (a batch has no repair turn): {parsed.error}"
                                    if parsed.error else None)
    price = default_prices().price(provider.model)
    cost = price.cost(raw.input_tokens, raw.output_tokens, raw.cached_input_tokens,
                      raw.cache_write_tokens) * BATCH_DISCOUNT
    return LLMResponse(text=raw.text, model=model or provider.model, data=data, error=error,
                       input_tokens=raw.input_tokens, output_tokens=raw.output_tokens, cost=cost,
                       cached_input_tokens=raw.cached_input_tokens, cache_write_tokens=raw.cache_write_tokens,
                       extra={"batch": True, "price_known": price.known})


def openai_result(provider: SDKProvider, request: LLMRequest, line: dict[str, Any]) -> LLMResponse:
    """One line of an OpenAI Batch output (or error) file. Raises LineError when there is no answer."""
    resp = line.get("response") or {}
    status = int(resp.get("status_code") or 0)
    body = resp.get("body") or {}
    if line.get("error") or status != 200:
        err = line.get("error") or body.get("error") or {}
        message = err.get("message") if isinstance(err, dict) else str(err)
        # 4xx: the request itself is wrong and would fail again; anything else is worth another round.
        raise LineError(f"HTTP {status or '?'}: {message or 'no answer'}", final=400 <= status < 500
                        and status != 429)
    choices = body.get("choices") or []
    message = (choices[0] or {}).get("message") or {} if choices else {}
    text = message.get("content") or ""
    usage = body.get("usage") or {}
    prompt = "\n".join(str(m.get("content", "")) for m in (provider.conversation(request).messages))
    raw = RawAnswer(text=text, refusal=message.get("refusal") or None,
                    input_tokens=provider.usage_or_estimate(usage.get("prompt_tokens"), prompt),
                    output_tokens=provider.usage_or_estimate(usage.get("completion_tokens"), text),
                    cached_input_tokens=int((usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0),
                    stop_reason=(choices[0] or {}).get("finish_reason") if choices else None)
    return _finish(provider, request, raw, str(body.get("model") or ""))


def anthropic_result(provider: SDKProvider, request: LLMRequest, line: dict[str, Any]) -> LLMResponse:
    """One line of an Anthropic Message Batch's results. Raises LineError when there is no answer."""
    result = line.get("result") or {}
    kind = result.get("type")
    if kind != "succeeded":
        inner = (result.get("error") or {}).get("error") or {}
        message = inner.get("message") or kind or "no result"
        final = kind == "errored" and inner.get("type") == "invalid_request_error"
        raise LineError(f"{kind}: {message}", final=final)
    msg = result.get("message") or {}
    conv = provider.conversation(request)
    texts: list[str] = []
    value: Any = None
    found = False
    for block in msg.get("content") or []:
        if block.get("type") == "tool_use" and conv.mode == "tool" and not found:
            value, found = block.get("input"), True
        elif block.get("type") == "text":
            texts.append(str(block.get("text", "")))
    text = json.dumps(value, ensure_ascii=False) if found else "".join(texts)
    stop = msg.get("stop_reason")
    usage = msg.get("usage") or {}
    raw = RawAnswer(text=text, value=value, has_value=found,
                    refusal=(text or "refusal") if stop == "refusal" else None,
                    # Anthropic's input_tokens leaves out cache reads and writes; all input is counted
                    input_tokens=provider.usage_or_estimate(usage.get("input_tokens"), conv.system + request.user)
                    + int(usage.get("cache_read_input_tokens") or 0)
                    + int(usage.get("cache_creation_input_tokens") or 0),
                    cached_input_tokens=int(usage.get("cache_read_input_tokens") or 0),
                    cache_write_tokens=int(usage.get("cache_creation_input_tokens") or 0),
                    output_tokens=provider.usage_or_estimate(usage.get("output_tokens"), text),
                    stop_reason=stop)
    return _finish(provider, request, raw, str(msg.get("model") or ""))
