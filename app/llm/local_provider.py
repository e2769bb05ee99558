"""Private, offline judging: a GGUF model run in-process by llama-cpp-python (the optional ``local`` extra).

Nothing leaves the machine. The chat template comes from the model file; structured output uses llama.cpp's
grammar-constrained decoding built from the request's JSON schema, so judges work here unchanged. Parsing,
validation and the single repair turn are SDKProvider's, exactly as for the cloud providers.

The model call is blocking CPU (or GPU) work: it runs on one dedicated worker thread, so calls run one at a
time, never on the caller's event loop, and always on the thread that loaded the model.
"""

from __future__ import annotations

import asyncio
import ctypes
import importlib
import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from litlens.app.llm.base import LLMError, LLMRequest
from litlens.app.llm.provider_base import Conversation, RawAnswer, SDKProvider, chat_messages
from litlens.app.llm.structured import repair_message

GGUF_MAGIC = b"GGUF"
INSTALL_HINT = 'pip install "litlens[local]"'
# Chat templates wrap each message in a few control tokens; this bounds that overhead per message.
_TEMPLATE_TOKENS_PER_MESSAGE = 8
_PROMPT_EXCERPT = 60
_native_log = logging.getLogger("litlens.app.llm.llama_cpp")
_log_callback: Any = None  # kept alive here: llama.cpp holds a raw pointer to it


class LocalModelError(LLMError):
    """The local model cannot be used: extra not installed, file missing/unreadable/not GGUF, load failure."""


class ContextTooSmall(LocalModelError):
    """The prompt plus the room reserved for the answer does not fit the model's context window."""


def llama_module() -> Any:
    """``llama_cpp``, or a LocalModelError saying how to install it."""
    try:
        return importlib.import_module("llama_cpp")
    except ImportError as exc:
        raise LocalModelError(
            f"The local provider needs llama-cpp-python, which is not installed ({exc}). Install the extra "
            f"with: {INSTALL_HINT}") from None


def route_native_logs(llama: Any) -> None:
    """Send llama.cpp's own log lines to our log file instead of the user's terminal. With verbose=False
    llama-cpp-python still prints what llama.cpp tags as errors, including harmless notes such as its
    sliding-window cache choice; real failures reach the user as exceptions anyway."""
    global _log_callback
    if _log_callback is not None or not hasattr(llama, "llama_log_set"):
        return

    @llama.llama_log_callback
    def forward(level: int, text: bytes, _user_data: Any) -> None:
        line = text.decode("utf-8", "replace").rstrip()
        if line:
            _native_log.log(logging.INFO if level == 3 else logging.DEBUG, "%s", line)

    llama.llama_log_set(forward, ctypes.c_void_p(0))
    _log_callback = forward


def check_model_file(model_file: str | Path | None) -> Path:
    """The model path, after checking it exists, is readable and starts with the GGUF magic bytes."""
    if model_file is None or not str(model_file).strip():
        raise LocalModelError("The local provider needs a model file: choose a .gguf file "
                              "(--model-file PATH)")
    path = Path(model_file).expanduser()
    if not path.exists():
        raise LocalModelError(f"Model file not found: {path}")
    if path.is_dir():
        raise LocalModelError(f"Model file {path} is a folder; choose the .gguf file inside it")
    try:
        with path.open("rb") as fh:
            magic = fh.read(len(GGUF_MAGIC))
    except OSError as exc:
        raise LocalModelError(f"Cannot read the model file {path}: {exc.strerror or exc}") from None
    if magic != GGUF_MAGIC:
        raise LocalModelError(
            f"{path} is not a GGUF model (it does not start with the GGUF signature). The local provider "
            "reads llama.cpp's GGUF files, e.g. a *-Q4_K_M.gguf download; other formats (safetensors, "
            "PyTorch .bin, old GGML) must be converted first")
    return path


def grammar_schema(schema: Any) -> Any:
    """The schema as handed to the grammar compiler: small bounded integer ranges become enums, because
    llama-cpp-python's converter ignores minimum/maximum and a small model will happily write 7 on a 1–5
    scale. The original schema is still what the answer is validated against."""
    if isinstance(schema, list):
        return [grammar_schema(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: grammar_schema(v) for k, v in schema.items()}
    lo, hi = out.get("minimum"), out.get("maximum")
    if out.get("type") == "integer" and isinstance(lo, int) and isinstance(hi, int) and 0 <= hi - lo <= 100:
        out = {k: v for k, v in out.items() if k not in ("type", "minimum", "maximum")}
        out["enum"] = list(range(lo, hi + 1))
    return out


class LocalProvider(SDKProvider):
    """``model`` is a display name (the file's stem by default); ``model_file`` is what gets loaded."""

    name = "local"

    def __init__(self, model_file: str | Path | None, *, model: str | None = None, n_ctx: int = 4096,
                 n_threads: int | None = None, n_gpu_layers: int = 0) -> None:
        self.llama = llama_module()
        self.path = check_model_file(model_file)
        if n_ctx < 64:
            raise LocalModelError(f"Context size {n_ctx} is too small; use at least 512 (e.g. --n-ctx 4096)")
        if n_threads is not None and n_threads < 1:
            raise LocalModelError(f"Threads must be at least 1, not {n_threads}")
        if n_gpu_layers < -1:
            raise LocalModelError(f"GPU layers must be -1 (all), 0 (none) or a positive count, "
                                  f"not {n_gpu_layers}")
        super().__init__(model or self.path.stem, api_key=None)
        self.n_ctx, self.n_threads, self.n_gpu_layers = n_ctx, n_threads, n_gpu_layers
        self._llm: Any = None
        self._load_error: LocalModelError | None = None
        self._grammars: dict[str, Any] = {}  # compiled once per schema; judges reuse a handful of schemas
        # One worker thread: calls run one at a time, and llama.cpp state is only touched from it.
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="litlens-local")
        self._closed = threading.Event()

    # -- model lifetime (worker thread only) ---------------------------------------------------------------

    def _model(self) -> Any:
        if self._llm is not None:
            return self._llm
        if self._load_error is not None:  # a file that failed once fails the same way; do not reload it
            raise self._load_error
        kwargs: dict[str, Any] = {"model_path": str(self.path), "n_ctx": self.n_ctx,
                                  "n_gpu_layers": self.n_gpu_layers, "verbose": False, "seed": 0}
        if self.n_threads is not None:
            kwargs["n_threads"] = self.n_threads
        route_native_logs(self.llama)
        try:
            self._llm = self.llama.Llama(**kwargs)
        except Exception as exc:  # llama.cpp reports a broken or unsupported file as a bare ValueError
            self._load_error = LocalModelError(f"Cannot load the model {self.path.name}: {exc}")
            raise self._load_error from None
        return self._llm

    def _grammar(self, schema: dict[str, Any]) -> Any | None:
        """A grammar for ``schema``, or None when the converter cannot express it (JSON mode then)."""
        key = json.dumps(schema, sort_keys=True)
        if key not in self._grammars:
            try:
                self._grammars[key] = self.llama.LlamaGrammar.from_json_schema(
                    json.dumps(grammar_schema(schema)), verbose=False)
            except Exception:  # unsupported schema feature: fall back to JSON mode + validation
                self._grammars[key] = None
        return self._grammars[key]

    def prompt_tokens(self, messages: list[dict[str, Any]]) -> int:
        """Tokens the conversation takes in the context, counted with the model's own tokenizer."""
        llm = self._model()
        total = 1  # BOS
        for m in messages:
            total += len(llm.tokenize(str(m.get("content", "")).encode("utf-8"), add_bos=False, special=True))
            total += _TEMPLATE_TOKENS_PER_MESSAGE
        return total

    def _check_fits(self, messages: list[dict[str, Any]], request: LLMRequest) -> None:
        needed = self.prompt_tokens(messages)
        room = self.n_ctx - request.max_tokens
        if needed > room:
            excerpt = " ".join(request.user.split())[:_PROMPT_EXCERPT]
            raise ContextTooSmall(
                f"The prompt for {request.judge or 'this request'} does not fit the local model's context: "
                f"{needed} prompt tokens + {request.max_tokens} for the answer > n_ctx {self.n_ctx}. Raise "
                f"the context size (--n-ctx, or in settings) or use shorter paragraphs. "
                f"Prompt begins: \"{excerpt}\"")

    def _generate(self, conv: Conversation, request: LLMRequest) -> dict[str, Any]:
        llm = self._model()
        self._check_fits(conv.messages, request)
        params: dict[str, Any] = {"messages": conv.messages, "max_tokens": request.max_tokens}
        if request.temperature is not None:
            params["temperature"] = request.temperature
        if conv.mode == "json_schema" and request.schema is not None:
            params["grammar"] = conv.extra["grammar"]
        elif conv.mode == "json_mode":
            params["response_format"] = {"type": "json_object"}
        try:
            return llm.create_chat_completion(**params)
        except ValueError as exc:
            if "context window" in str(exc) or "exceed" in str(exc):
                raise ContextTooSmall(f"{request.judge or 'request'}: {exc} (raise --n-ctx)") from None
            raise LocalModelError(f"The local model failed: {exc}") from None

    # -- SDKProvider wire methods ----------------------------------------------------------------------------

    def _open(self, request: LLMRequest) -> Conversation:
        mode, extra, in_prompt = "none", {}, None
        if request.schema is not None:
            grammar = self._grammar(request.schema)
            mode = "json_schema" if grammar is not None else "json_mode"
            extra = {"grammar": grammar}
            in_prompt = request.schema if grammar is None else None
        messages, system = chat_messages(request.system, request.user, in_prompt, request.turns)
        return Conversation(messages, mode, system, extra)

    async def _send(self, conv: Conversation, request: LLMRequest) -> RawAnswer:
        if self._closed.is_set():
            raise LocalModelError("The local provider has been closed")
        loop = asyncio.get_running_loop()
        resp = await loop.run_in_executor(self._executor, self._generate, conv, request)
        choice = (resp.get("choices") or [{}])[0]
        text = (choice.get("message") or {}).get("content") or ""
        usage = resp.get("usage") or {}
        return RawAnswer(text=text, input_tokens=int(usage.get("prompt_tokens") or 0),
                         output_tokens=int(usage.get("completion_tokens") or 0),
                         stop_reason=choice.get("finish_reason"))

    async def _send_with_retries(self, conv: Conversation, request: LLMRequest) -> tuple[RawAnswer, int]:
        # Nothing transient can go wrong in-process: a failure would repeat identically, so no retries.
        return await self._send(conv, request), 1

    def _append_repair(self, conv: Conversation, answer: RawAnswer, error: str) -> None:
        conv.messages.append({"role": "assistant", "content": answer.text})
        conv.messages.append({"role": "user", "content": repair_message(error)})

    async def aclose(self) -> None:
        if self._closed.is_set():
            return
        self._closed.set()

        def release() -> None:
            if self._llm is not None:
                close = getattr(self._llm, "close", None)
                if close is not None:
                    close()
                self._llm = None

        # Runs after any call still in flight, on the thread that owns the model.
        await asyncio.get_running_loop().run_in_executor(self._executor, release)
        self._executor.shutdown(wait=False)
