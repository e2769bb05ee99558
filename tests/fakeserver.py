"""A local LLM provider for tests and benchmarks: speaks the OpenAI and Anthropic wire formats on 127.0.0.1.

The real SDKs talk to it over HTTP, so everything between LitLens and the network is exercised: retries,
status codes, retry-after headers, dropped connections, timeouts and malformed answers. Answers are
scripted (``server.script([...])``, consumed in order) or produced by a responder; the default responder
builds a deterministic valid instance of the requested JSON schema, seeded by the prompt.

Never shipped in app/: it is a test double, not a judge.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from litlens.app.llm.tokens import is_dense_script

_FENCE = re.compile(r"```(?:json)?\s*\n(.*?)```", re.DOTALL)


@dataclass
class Fault:
    """A scripted misbehaviour. ``status``: reply with that HTTP error (``headers`` e.g. retry-after).
    ``kind``: "reset" (drop the connection), "timeout" (hang ``delay`` s), "refusal", "empty"."""

    status: int | None = None
    kind: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    message: str = "scripted failure"
    delay: float = 30.0


@dataclass
class FakeCall:
    """One request as the server understood it."""

    index: int
    protocol: str  # "openai" | "anthropic"
    path: str
    model: str
    system: str
    user: str  # text of the last user turn (tool_result contents included)
    messages: list[dict[str, Any]]
    schema: dict[str, Any] | None
    schema_mode: str | None  # "json_schema" | "json_object" | "tool" | "output_format" | "prompt" | None
    has_temperature: bool
    temperature: float | None
    max_tokens: int | None
    headers: dict[str, str]
    raw: dict[str, Any]
    # input tokens as the provider counts them, and the parts read from / written to its prompt cache
    input_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0

    @property
    def first_user(self) -> str:
        """The user message that asks the question: the last user turn, or the one before a repair turn.
        Earlier user/assistant turns are worked examples (few-shot as a conversation), not the question."""
        users = [i for i, m in enumerate(self.messages) if m.get("role") == "user"]
        if not users:
            return ""
        last = _content_text(self.messages[users[-1]].get("content"))
        if last.startswith("Your previous answer could not be used") and len(users) > 1:
            return _content_text(self.messages[users[-2]].get("content"))
        return last


@dataclass
class Verbatim:
    """An answer sent exactly as this JSON text: as the tool call's input in Anthropic tool mode, as the
    message text otherwise. Lets a test send what a dict cannot hold, such as a key given twice."""

    text: str


Answer = str | dict | Fault | Verbatim
Responder = Callable[[FakeCall], Answer]


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for block in content or []:
        if isinstance(block, dict):
            if block.get("type") == "text":
                parts.append(str(block.get("text", "")))
            elif block.get("type") == "tool_result":
                parts.append(_content_text(block.get("content")))
    return "\n".join(parts)


def _schema_in_prompt(text: str) -> dict[str, Any] | None:
    for block in reversed(_FENCE.findall(text)):
        try:
            value = json.loads(block)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict) and ("properties" in value or "type" in value):
            return value
    return None


# ---- deterministic schema instances ---------------------------------------------------------------

_WORDS = ("river", "lantern", "quiet", "harbour", "ink", "winter", "thread", "echo", "garden", "salt")


def schema_answer(schema: dict[str, Any] | None, seed: int | str = 0) -> dict[str, Any]:
    """A valid instance of ``schema`` (objects, arrays, enums, const, numeric bounds, string lengths, local
    $refs, anyOf/oneOf), the same for the same seed."""
    rng = random.Random(seed if isinstance(seed, int) else int(hashlib.sha256(seed.encode()).hexdigest(), 16))
    if not schema:
        return {"answer": rng.choice(_WORDS)}
    value = _instance(schema, schema, rng, 0)
    return value if isinstance(value, dict) else {"value": value}


def _resolve(node: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            raise ValueError(f"fake server only resolves local refs, not {ref}")
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        node = target
    return node


def _instance(node: Any, root: dict[str, Any], rng: random.Random, depth: int) -> Any:
    if node is True or not isinstance(node, dict):
        return rng.choice(_WORDS)
    node = _resolve(node, root)
    if "const" in node:
        return node["const"]
    if "enum" in node:
        return rng.choice(node["enum"])
    for key in ("anyOf", "oneOf"):
        if key in node:
            return _instance(node[key][0], root, rng, depth)
    if "allOf" in node:
        merged: dict[str, Any] = {}
        for part in node["allOf"]:
            merged.update(_resolve(part, root))
        return _instance(merged, root, rng, depth)
    kind = node.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None:
        kind = "object" if "properties" in node else "string"
    if kind == "object":
        props = node.get("properties", {})
        return {name: _instance(sub, root, rng, depth + 1) for name, sub in props.items()}
    if kind == "array":
        lo = int(node.get("minItems", 1 if depth < 4 else 0))
        hi = int(node.get("maxItems", max(lo, 3)))
        count = rng.randint(lo, max(lo, min(hi, lo + 2)))
        return [_instance(node.get("items", {}), root, rng, depth + 1) for _ in range(count)]
    if kind in ("integer", "number"):
        lo = node.get("minimum", node.get("exclusiveMinimum", 0))
        hi = node.get("maximum", node.get("exclusiveMaximum", lo + 100))
        if kind == "integer":
            lo_i = int(lo) + (1 if "exclusiveMinimum" in node and "minimum" not in node else 0)
            hi_i = int(hi) - (1 if "exclusiveMaximum" in node and "maximum" not in node else 0)
            return rng.randint(lo_i, max(lo_i, hi_i))
        return round(rng.uniform(float(lo), float(hi)), 3) if hi > lo else float(lo)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "null":
        return None
    lo = int(node.get("minLength", 1))
    hi = int(node.get("maxLength", 60))
    text = " ".join(rng.choice(_WORDS) for _ in range(3))
    while len(text) < lo:
        text += " " + rng.choice(_WORDS)
    return text[:hi]


# ---- the HTTP side --------------------------------------------------------------------------------

def _estimate(text: str) -> int:
    """Tokens as a provider's tokenizer counts them: about one per Hangul syllable or CJK character
    (BPE vocabularies hold few of them whole), about four characters per token otherwise. LitLens's
    own estimate (0.8 per dense character) is deliberately not this rule, so its calibration against
    reported usage has something to learn."""
    if not text:
        return 0
    dense = sum(1 for ch in text if is_dense_script(ch))
    return max(1, math.ceil((len(text) - dense) / 4) + dense)


# Prompt caching as the providers do it: only prefixes of at least 1,024 tokens, OpenAI in 128-token steps.
CACHE_MIN_TOKENS = 1024
CACHE_STEP_TOKENS = 128


def _prompt_parts(protocol: str, body: dict[str, Any]) -> list[tuple[str, bool]]:
    """The request in the order the provider reads it, as (text, cache breakpoint after it) pieces:
    OpenAI: the structured-output schema, then the messages; Anthropic: tools, system, messages."""
    parts: list[tuple[str, bool]] = []

    def marked(block: Any) -> bool:
        return isinstance(block, dict) and block.get("cache_control") is not None

    if protocol == "openai":
        fmt = body.get("response_format") or {}
        if fmt.get("type") == "json_schema":
            parts.append((json.dumps(fmt.get("json_schema"), ensure_ascii=False, sort_keys=True), False))
        for m in body.get("messages", []):
            parts.append((f"<{m.get('role')}>" + _content_text(m.get("content")), False))
        return parts
    for tool in body.get("tools") or []:
        parts.append((json.dumps({k: v for k, v in tool.items() if k != "cache_control"}, ensure_ascii=False,
                                 sort_keys=True), marked(tool)))
    system = body.get("system")
    if isinstance(system, str):
        parts.append((system, False))
    for block in system or [] if not isinstance(system, str) else []:
        parts.append((_content_text([block]), marked(block)))
    for m in body.get("messages", []):
        content = m.get("content")
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content or ""}]
        for block in blocks:
            parts.append((f"<{m.get('role')}>" + _content_text([block]), marked(block)))
    return parts


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the SDKs' connection pools expect
    server: _HTTPServer

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read server.calls instead
        pass

    def do_POST(self) -> None:  # noqa: N802 - the http.server naming convention
        length = int(self.headers.get("content-length", 0))
        fake: FakeServer = self.server.owner
        if _batch_route(self.path) is not None:
            _BatchHandler(self, fake).post(self.rfile.read(length))
            return
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path.rstrip("/").endswith("/chat/completions"):
            protocol = "openai"
        elif self.path.rstrip("/").endswith("/messages"):
            protocol = "anthropic"
        else:
            self._send_json(404, {"error": {"message": f"no route {self.path}"}})
            return
        call = fake._record(protocol, self.path, body, {k.lower(): v for k, v in self.headers.items()})
        if not fake._key_ok(protocol, call.headers):
            self._error(protocol, 401, "invalid x-api-key / bearer token", {})
            return
        if fake.latency > 0 and fake._stopping.wait(fake.latency):
            return
        answer = fake._next_answer(call)
        if isinstance(answer, Fault):
            if answer.kind == "reset":
                # SO_LINGER 0 makes close() send RST: the client sees a reset, not a clean EOF.
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.connection.close()
                self.close_connection = True
                return
            if answer.kind == "timeout":
                fake._stopping.wait(answer.delay)
                self.close_connection = True
                self._safe_send(protocol, call, schema_answer(call.schema, call.first_user))
                return
            if answer.status is not None:
                self._error(protocol, answer.status, answer.message, answer.headers)
                return
        self._safe_send(protocol, call, answer)

    def do_GET(self) -> None:  # noqa: N802
        if _batch_route(self.path) is None:
            self._send_json(404, {"error": {"message": f"no route {self.path}"}})
            return
        _BatchHandler(self, self.server.owner).get()

    def _safe_send(self, protocol: str, call: FakeCall, answer: Answer) -> None:
        try:
            payload = _openai_body(call, answer) if protocol == "openai" else _anthropic_body(call, answer)
            self._send_json(200, payload)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client gave up (e.g. its timeout fired first)

    def _error(self, protocol: str, status: int, message: str, headers: dict[str, str]) -> None:
        kind = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
                429: "rate_limit_error", 529: "overloaded_error"}.get(status, "api_error")
        body = ({"error": {"message": message, "type": kind, "code": None}} if protocol == "openai"
                else {"type": "error", "error": {"type": kind, "message": message}})
        self._send_json(status, body, headers)

    def _send_json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        data = _dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


def _dumps(payload: Any) -> str:
    """json.dumps, with each Verbatim spliced in as its own text (placeholders first, then replaced)."""
    spliced: list[str] = []

    def placeholder(obj: Any) -> str:
        if not isinstance(obj, Verbatim):
            raise TypeError(f"cannot encode {type(obj).__name__}")
        spliced.append(obj.text)
        return f"\x00verbatim{len(spliced) - 1}\x00"

    data = json.dumps(payload, default=placeholder)
    for i, text in enumerate(spliced):
        data = data.replace(json.dumps(f"\x00verbatim{i}\x00"), text)
    return data


def _answer_text(answer: Answer) -> str:
    if isinstance(answer, Verbatim):
        return answer.text
    return json.dumps(answer, ensure_ascii=False) if isinstance(answer, dict) else str(answer)


def _openai_body(call: FakeCall, answer: Answer) -> dict[str, Any]:
    refusal = isinstance(answer, Fault) and answer.kind == "refusal"
    text = "" if isinstance(answer, Fault) else _answer_text(answer)
    message = {"role": "assistant", "content": None if refusal else text,
               "refusal": "I can't help with that request." if refusal else None}
    usage = {"prompt_tokens": call.input_tokens, "completion_tokens": _estimate(text),
             "total_tokens": call.input_tokens + _estimate(text),
             "prompt_tokens_details": {"cached_tokens": call.cached_tokens}}
    return {"id": f"chatcmpl-fake-{call.index}", "object": "chat.completion", "created": int(time.time()),
            "model": call.model, "usage": usage,
            "choices": [{"index": 0, "message": message, "finish_reason": "stop", "logprobs": None}]}


def _anthropic_body(call: FakeCall, answer: Answer) -> dict[str, Any]:
    content: list[dict[str, Any]]
    stop = "end_turn"
    if isinstance(answer, Fault):
        refusal = answer.kind == "refusal"
        content = [{"type": "text", "text": "I can't help with that request." if refusal else ""}]
        stop = "refusal" if refusal else stop
    elif isinstance(answer, Verbatim) and call.schema_mode == "tool":
        name = call.raw.get("tool_choice", {}).get("name") or call.raw["tools"][0]["name"]
        content = [{"type": "tool_use", "id": f"toolu_fake_{call.index}", "name": name, "input": answer}]
        stop = "tool_use"
    else:
        value: Any = answer
        if isinstance(answer, str):
            try:
                value = json.loads(answer)
            except json.JSONDecodeError:
                value = None
        if call.schema_mode == "tool" and isinstance(value, dict):
            name = call.raw.get("tool_choice", {}).get("name") or call.raw["tools"][0]["name"]
            content = [{"type": "tool_use", "id": f"toolu_fake_{call.index}", "name": name, "input": value}]
            stop = "tool_use"
        else:
            content = [{"type": "text", "text": _answer_text(answer)}]
    out_text = _dumps(content)
    # Anthropic's input_tokens counts only what was neither read from nor written to the cache.
    plain = call.input_tokens - call.cached_tokens - call.cache_write_tokens
    return {"id": f"msg_fake_{call.index}", "type": "message", "role": "assistant", "model": call.model,
            "content": content, "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": plain, "output_tokens": _estimate(out_text),
                      "cache_read_input_tokens": call.cached_tokens,
                      "cache_creation_input_tokens": call.cache_write_tokens}}


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    request_queue_size = 512  # benchmarks open many connections at once
    owner: FakeServer

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # dropped connections are part of the script, not errors worth printing


class FakeServer:
    """Start with ``with FakeServer() as server:`` or ``server.start()``; ``stop()`` when done."""

    def __init__(self, responder: Responder | None = None, *, latency: float = 0.0,
                 require_key: str | None = None) -> None:
        self.responder: Responder = responder or (lambda call: schema_answer(call.schema, call.first_user))
        self.latency = latency
        self.require_key = require_key  # when set, any other key gets a 401
        self.calls: list[FakeCall] = []
        self._script: deque[Answer] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        # Batch APIs: a job reports "in progress" until batch_delay seconds after it was created (read
        # at every poll, so a test can hold jobs back and then release them).
        self.batch_delay = 0.0
        self.files: dict[str, bytes] = {}
        self.prompt_cache = True  # False: never report cached input (runs compared call for call)
        self._recent_prompts: deque[str] = deque(maxlen=64)  # OpenAI: automatic prefix cache
        self._cached_prefixes: set[str] = set()  # Anthropic: hashes of prefixes ending at a breakpoint
        self.batch_jobs: dict[str, dict[str, Any]] = {}

    # lifecycle
    def start(self) -> FakeServer:
        self._httpd = _HTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.owner = self
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="fake-llm-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # releases handlers sleeping in latency or timeout faults
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> FakeServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # addresses
    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def openai_base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def anthropic_base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # scripting and inspection
    def script(self, items: list[Answer]) -> None:
        """Answers/faults served, in order, before the responder is used again."""
        with self._lock:
            self._script.extend(items)

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.calls)

    @property
    def last(self) -> FakeCall:
        with self._lock:
            return self.calls[-1]

    def reset(self) -> None:
        with self._lock:
            self.calls.clear()
            self._script.clear()

    # used by the handler threads
    def _record(self, protocol: str, path: str, body: dict[str, Any], headers: dict[str, str]) -> FakeCall:
        schema, mode = _find_schema(protocol, body)
        messages = list(body.get("messages", []))
        if protocol == "openai":
            system = "\n".join(_content_text(m.get("content")) for m in messages if m.get("role") == "system")
            max_tokens = body.get("max_completion_tokens", body.get("max_tokens"))
        else:
            raw_system = body.get("system", "")
            system = raw_system if isinstance(raw_system, str) else _content_text(raw_system)
            max_tokens = body.get("max_tokens")
        if schema is None:
            schema = _schema_in_prompt(system)
            mode = "prompt" if schema is not None and mode is None else mode
        users = [m for m in messages if m.get("role") == "user"]
        with self._lock:
            call = FakeCall(len(self.calls), protocol, path, str(body.get("model", "")), system,
                            _content_text(users[-1].get("content")) if users else "", messages, schema, mode,
                            "temperature" in body, body.get("temperature"), max_tokens, headers, body)
            self._count_input(call)
            self.calls.append(call)
        return call

    def _count_input(self, call: FakeCall) -> None:
        """Input tokens and prompt-cache hits for one request, as the provider would report them."""
        parts = _prompt_parts(call.protocol, call.raw)
        text = "".join(t for t, _ in parts)
        call.input_tokens = _estimate(text) + 3 * len(call.messages)  # a few tokens of framing per turn
        if not self.prompt_cache:
            return
        if call.protocol == "openai":
            best = max((_common_prefix(text, prev) for prev in self._recent_prompts), default=0)
            tokens = _estimate(text[:best])
            if tokens >= CACHE_MIN_TOKENS:
                call.cached_tokens = tokens - (tokens - CACHE_MIN_TOKENS) % CACHE_STEP_TOKENS
            self._recent_prompts.append(text)
            return
        ends, pos = [], 0
        for piece, breakpoint in parts:
            pos += len(piece)
            if breakpoint:
                ends.append(pos)
        hits = [e for e in ends if hashlib.sha256(text[:e].encode()).hexdigest() in self._cached_prefixes]
        read = _estimate(text[:max(hits)]) if hits else 0
        call.cached_tokens = read if read >= CACHE_MIN_TOKENS else 0
        if ends and max(ends) not in hits and _estimate(text[:max(ends)]) >= CACHE_MIN_TOKENS:
            call.cache_write_tokens = _estimate(text[:max(ends)]) - call.cached_tokens
            for e in ends:
                self._cached_prefixes.add(hashlib.sha256(text[:e].encode()).hexdigest())

    def _key_ok(self, protocol: str, headers: dict[str, str]) -> bool:
        if self.require_key is None:
            return True
        # Anthropic's SDK sends x-api-key, or a bearer token when it was given an auth token; OpenAI's a bearer
        bearer = headers.get("authorization", "").removeprefix("Bearer ")
        given = {bearer} | ({headers.get("x-api-key", "")} if protocol == "anthropic" else set())
        return self.require_key in given

    def _next_answer(self, call: FakeCall) -> Answer:
        with self._lock:
            scripted = self._script.popleft() if self._script else None
        return scripted if scripted is not None else self.responder(call)


def _common_prefix(a: str, b: str) -> int:
    """Length of the common start of two strings (binary search: slice comparisons run in C)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _find_schema(protocol: str, body: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    if protocol == "openai":
        fmt = body.get("response_format") or {}
        if fmt.get("type") == "json_schema":
            return fmt.get("json_schema", {}).get("schema"), "json_schema"
        return None, ("json_object" if fmt.get("type") == "json_object" else None)
    tools = body.get("tools") or []
    choice = body.get("tool_choice") or {}
    if tools and choice.get("type") == "tool":
        tool = next((t for t in tools if t.get("name") == choice.get("name")), tools[0])
        return tool.get("input_schema"), "tool"
    fmt = (body.get("output_config") or {}).get("format") or {}
    if fmt.get("type") == "json_schema":
        return fmt.get("schema"), "output_format"
    return None, None


FakeProviderServer = FakeServer  # the name used in the design notes


@pytest.fixture
def fake_server() -> Iterator[FakeServer]:
    """A fresh provider server per test, stopped afterwards."""
    with FakeServer() as server:
        yield server


# ---- batch APIs: OpenAI Files + Batch, Anthropic Message Batches ---------------------------------

_BATCH_ROUTES = (
    ("openai-upload", re.compile(r"^/v1/files$")),
    ("openai-file", re.compile(r"^/v1/files/(?P<id>[^/]+)/content$")),
    ("openai-create", re.compile(r"^/v1/batches$")),
    ("openai-batch", re.compile(r"^/v1/batches/(?P<id>[^/]+)$")),
    ("anthropic-create", re.compile(r"^/v1/messages/batches$")),
    ("anthropic-batch", re.compile(r"^/v1/messages/batches/(?P<id>[^/]+)$")),
    ("anthropic-results", re.compile(r"^/v1/messages/batches/(?P<id>[^/]+)/results$")),
)


def _batch_route(path: str) -> tuple[str, str | None] | None:
    clean = path.split("?", 1)[0].rstrip("/")
    for name, pattern in _BATCH_ROUTES:
        m = pattern.match(clean)
        if m:
            return name, m.groupdict().get("id")
    return None


def _iso(ts: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


class _BatchHandler:
    """Serves one batch-API request. Every line of a job is answered by the same script/responder as an
    interactive call (recorded in ``server.calls`` too), at creation time; the job only *reports* being
    finished once ``server.batch_delay`` has passed."""

    def __init__(self, http: _Handler, fake: FakeServer) -> None:
        self.http = http
        self.fake = fake
        self.headers = {k.lower(): v for k, v in http.headers.items()}
        route = _batch_route(http.path)
        assert route is not None
        self.route, self.ident = route

    def _protocol(self) -> str:
        return "anthropic" if self.route.startswith("anthropic") else "openai"

    def post(self, raw: bytes) -> None:
        if not self.fake._key_ok(self._protocol(), self.headers):
            self.http._error(self._protocol(), 401, "invalid x-api-key / bearer token", {})
            return
        if self.route == "openai-upload":
            self._upload(raw)
        elif self.route == "openai-create":
            self._create_openai(json.loads(raw or b"{}"))
        elif self.route == "anthropic-create":
            self._create_anthropic(json.loads(raw or b"{}"))
        else:
            self.http._send_json(405, {"error": {"message": "method not allowed"}})

    def get(self) -> None:
        if not self.fake._key_ok(self._protocol(), self.headers):
            self.http._error(self._protocol(), 401, "invalid x-api-key / bearer token", {})
            return
        job = self.fake.batch_jobs.get(self.ident or "")
        if self.route == "openai-file":
            data = self.fake.files.get(self.ident or "")
            if data is None:
                self.http._error("openai", 404, f"no file {self.ident}", {})
                return
            self._send_bytes(data)
        elif job is None:
            self.http._error(self._protocol(), 404, f"no batch {self.ident}", {})
        elif self.route == "openai-batch":
            self.http._send_json(200, self._openai_view(job))
        elif self.route == "anthropic-batch":
            self.http._send_json(200, self._anthropic_view(job))
        elif self.route == "anthropic-results":
            if not self._finished(job):
                self.http._error("anthropic", 400, "batch is still in progress", {})
                return
            self._send_bytes("".join(json.dumps(line) + "\n" for line in job["lines"]).encode("utf-8"))
        else:
            self.http._send_json(405, {"error": {"message": "method not allowed"}})

    # -- helpers
    def _send_bytes(self, data: bytes) -> None:
        self.http.send_response(200)
        self.http.send_header("content-type", "application/octet-stream")
        self.http.send_header("content-length", str(len(data)))
        self.http.end_headers()
        self.http.wfile.write(data)

    def _new_id(self, prefix: str) -> str:
        with self.fake._lock:
            return f"{prefix}{len(self.fake.files) + len(self.fake.batch_jobs) + 1:04d}"

    def _upload(self, raw: bytes) -> None:
        from email.parser import BytesParser
        from email.policy import HTTP
        ctype = self.headers.get("content-type", "")
        msg = BytesParser(policy=HTTP).parsebytes(b"content-type: " + ctype.encode() + b"\r\n\r\n" + raw)
        content, filename, purpose = b"", "upload.jsonl", ""
        for part in msg.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if name == "file":
                content = part.get_payload(decode=True) or b""
                filename = part.get_filename() or filename
            elif name == "purpose":
                purpose = (part.get_payload(decode=True) or b"").decode()
        file_id = self._new_id("file-fake-")
        with self.fake._lock:
            self.fake.files[file_id] = content
        self.http._send_json(200, {"id": file_id, "object": "file", "bytes": len(content),
                                   "created_at": int(time.time()), "filename": filename,
                                   "purpose": purpose or "batch", "status": "processed"})

    def _answer(self, protocol: str, url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """(HTTP status, body) exactly as the interactive endpoint would have answered this request."""
        call = self.fake._record(protocol, url, body, self.headers)
        answer = self.fake._next_answer(call)
        if isinstance(answer, Fault) and answer.kind in ("reset", "timeout"):
            answer = Fault(status=500, message=f"scripted {answer.kind}")
        if isinstance(answer, Fault) and answer.status is not None:
            kind = {400: "invalid_request_error", 429: "rate_limit_error"}.get(answer.status, "api_error")
            if protocol == "openai":
                return answer.status, {"error": {"message": answer.message, "type": kind, "code": None}}
            return answer.status, {"type": "error", "error": {"type": kind, "message": answer.message}}
        return 200, (_openai_body(call, answer) if protocol == "openai" else _anthropic_body(call, answer))

    def _create_openai(self, req: dict[str, Any]) -> None:
        data = self.fake.files.get(str(req.get("input_file_id")))
        if data is None:
            self.http._error("openai", 400, "unknown input_file_id", {})
            return
        batch_id = self._new_id("batch_fake_")
        out, err = [], []
        for n, raw in enumerate(data.decode("utf-8").splitlines()):
            if not raw.strip():
                continue
            line = json.loads(raw)
            status, body = self._answer("openai", line.get("url", "/v1/chat/completions"), line["body"])
            entry = {"id": f"batch_req_{batch_id}_{n}", "custom_id": line["custom_id"],
                     "response": {"status_code": status, "request_id": f"req_{n}", "body": body},
                     "error": None}
            (out if status == 200 else err).append(entry)
        out_id, err_id = f"{batch_id}-output", f"{batch_id}-errors"
        with self.fake._lock:
            self.fake.files[out_id] = "".join(json.dumps(e) + "\n" for e in out).encode("utf-8")
            if err:
                self.fake.files[err_id] = "".join(json.dumps(e) + "\n" for e in err).encode("utf-8")
            job = {"id": batch_id, "protocol": "openai", "created": time.time(), "request": req,
                   "succeeded": len(out), "errored": len(err), "output_file_id": out_id,
                   "error_file_id": err_id if err else None, "lines": out + err}
            self.fake.batch_jobs[batch_id] = job
        self.http._send_json(200, self._openai_view(job))

    def _create_anthropic(self, req: dict[str, Any]) -> None:
        batch_id = self._new_id("msgbatch_fake_")
        lines: list[dict[str, Any]] = []
        ok = 0
        for item in req.get("requests", []):
            status, body = self._answer("anthropic", "/v1/messages", item["params"])
            if status == 200:
                ok += 1
                result: dict[str, Any] = {"type": "succeeded", "message": body}
            else:
                result = {"type": "errored", "error": body}
            lines.append({"custom_id": item["custom_id"], "result": result})
        job = {"id": batch_id, "protocol": "anthropic", "created": time.time(), "succeeded": ok,
               "errored": len(lines) - ok, "lines": lines}
        with self.fake._lock:
            self.fake.batch_jobs[batch_id] = job
        self.http._send_json(200, self._anthropic_view(job))

    def _finished(self, job: dict[str, Any]) -> bool:
        return time.time() >= job["created"] + self.fake.batch_delay

    def _openai_view(self, job: dict[str, Any]) -> dict[str, Any]:
        done = self._finished(job)
        total = job["succeeded"] + job["errored"]
        return {"id": job["id"], "object": "batch", "endpoint": job["request"].get("endpoint"),
                "input_file_id": job["request"].get("input_file_id"),
                "completion_window": job["request"].get("completion_window", "24h"),
                "status": "completed" if done else "in_progress", "created_at": int(job["created"]),
                "output_file_id": job["output_file_id"] if done else None,
                "error_file_id": job["error_file_id"] if done else None,
                "metadata": job["request"].get("metadata"),
                "request_counts": {"total": total, "completed": job["succeeded"] if done else 0,
                                   "failed": job["errored"] if done else 0}}

    def _anthropic_view(self, job: dict[str, Any]) -> dict[str, Any]:
        done = self._finished(job)
        total = job["succeeded"] + job["errored"]
        base = f"http://127.0.0.1:{self.fake.port}"
        return {"id": job["id"], "type": "message_batch",
                "processing_status": "ended" if done else "in_progress",
                "request_counts": {"processing": 0 if done else total,
                                   "succeeded": job["succeeded"] if done else 0,
                                   "errored": job["errored"] if done else 0, "canceled": 0, "expired": 0},
                "created_at": _iso(job["created"]), "expires_at": _iso(job["created"] + 86400),
                "ended_at": _iso(time.time()) if done else None, "archived_at": None,
                "cancel_initiated_at": None,
                "results_url": f"{base}/v1/messages/batches/{job['id']}/results" if done else None}
