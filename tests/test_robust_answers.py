"""Issue 20, through the real OpenAI and Anthropic SDKs against the fake provider server.

1. Only a whole answer is an answer. A refusal that quotes an example object, an object followed by
   "this is only an example", a fenced block with prose around it, and an object naming a key twice all
   end as stored failures with their raw text and no score, in every structured-output mode; a plain
   JSON answer and a lone fenced one still parse.
2. A key a provider echoes inside a normal 200 answer (message text, rationale, span explanation, tool
   call fields, the raw text of a failure) reaches none of: the database file's bytes, `litlens show
   --format json`, the HTML and JSON reports, the log.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from litlens.app.cli.main import EXIT_OK, main
from litlens.app.llm.factory import ProviderSettings
from litlens.app.llm.scrub import scrub
from litlens.app.llm.structured import extract_json
from litlens.app.mqm import typology as mqm
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string
from fakeserver import FakeCall, FakeServer, Verbatim, schema_answer

SOURCE = "The old man looked at the sea. It was grey and very still."
TARGET = "노인은 바다를 바라보았다. 바다는 잿빛이었고 아주 고요했다."
QUOTE = "잿빛이었고"


def _findings() -> dict[str, Any]:
    """A schema-valid GEMBA-MQM answer with one error that locates in TARGET."""
    return {"errors": [{"category": mqm.typology().leaf_paths()[0], "severity": "major",
                        "quoted_from": "translation", "text": QUOTE, "occurrence": None,
                        "explanation": "colour word", "suggestion": None}]}


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# Each reply holds a schema-valid object that the old parser stored as findings and scores.
BAD = {
    "refusal-quoting-json": lambda: ("I can't assess this translation. For reference only, a reply would look "
                                     f"like {_dump(_findings())} but I am not giving one."),
    "example-then-disclaimer": lambda: (_dump(_findings()) + "\n\nThis is only an example of the "
                                        "format; I have not evaluated the text."),
    "fence-plus-prose": lambda: ("```json\n" + _dump(_findings()) + "\n```\nThese findings are "
                                 "placeholders until I can read the source."),
    # Verbatim keeps the repeated key on the wire (in Anthropic's tool mode, inside the tool call itself).
    "duplicate-keys": lambda: Verbatim('{"errors": [], "errors": ' + _dump(_findings()["errors"]) + "}"),
}

# (provider, structured mode): the API-enforced channels and the prompt-only ones.
MODES = [("openai", "json_schema"), ("openai", "json_mode"), ("anthropic", "tool"), ("anthropic", "none")]


def _settings(server: FakeServer, provider: str, structured: str) -> ProviderSettings:
    url = server.anthropic_base_url if provider == "anthropic" else server.openai_base_url
    model = "claude-3-5-haiku-latest" if provider == "anthropic" else "gpt-4o-mini"
    return ProviderSettings(provider=provider, model=model, base_url=url, api_key="sk-answers-test-0123456789",
                            structured=structured, timeout=5.0, max_attempts=2, retry_base_delay=0.01,
                            retry_max_delay=0.05, concurrency=1)


def _gemba(tmp_path: Path, server: FakeServer, provider: str, structured: str):
    """One GEMBA-MQM run through the service, as the CLI and the window start it."""
    db = tmp_path / f"{provider}-{structured}.db"
    store = Store(db)
    project = build_project("sea", text_from_string(SOURCE, "en"), [("A", text_from_string(TARGET, "ko"))])
    req = service.RunRequest(project=project, judges=["gemba-mqm"],
                             provider=_settings(server, provider, structured), concurrency=1)
    summary = service.execute(req, store)
    results = store.results_for_run(summary.run_id)
    store.close()
    con = sqlite3.connect(db)
    try:
        counts = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("scores", "spans")}
        rows = con.execute("SELECT status, raw FROM results").fetchall()
    finally:
        con.close()
    return summary, results, counts, rows


@pytest.mark.parametrize("provider, structured", MODES, ids=[f"{p}-{m}" for p, m in MODES])
@pytest.mark.parametrize("case", list(BAD))
def test_a_reply_that_is_not_wholly_an_answer_is_a_stored_failure(tmp_path, provider, structured, case):
    with FakeServer(lambda call: BAD[case]()) as server:
        summary, results, counts, rows = _gemba(tmp_path, server, provider, structured)
        assert server.count == 2  # the first reply and exactly one repair turn, then give up
        assert "could not be used" in server.calls[1].user
    assert summary.status == "done"
    (j,) = results
    assert j.status == "failed" and j.scores == [] and j.spans == []
    assert counts == {"scores": 0, "spans": 0} and [r[0] for r in rows] == ["failed"]
    assert j.raw and rows[0][1] == j.raw and QUOTE in j.raw, "the raw reply is kept with the failure"
    if case == "duplicate-keys":
        assert "twice" in j.error
    else:
        assert j.raw == BAD[case]() and "unusable answer" in j.error


def _assert_parsed(results: list, counts: dict[str, int]) -> None:
    (j,) = results
    assert j.status == "ok" and j.scores and counts["scores"] == len(j.scores) and counts["spans"] == 1
    (span,) = j.spans
    assert span.located and TARGET[span.start:span.end] == QUOTE


@pytest.mark.parametrize("provider, structured", MODES, ids=[f"{p}-{m}" for p, m in MODES])
def test_a_plain_json_answer_still_parses(tmp_path, provider, structured):
    with FakeServer(lambda call: _dump(_findings())) as server:
        _, results, counts, _ = _gemba(tmp_path, server, provider, structured)
        assert server.count == 1
    _assert_parsed(results, counts)


# A forced tool call has no text form; a lone fence is a JSON-text convention, tested where text is the channel.
FENCE_MODES = [m for m in MODES if m[1] != "tool"]


@pytest.mark.parametrize("provider, structured", FENCE_MODES, ids=[f"{p}-{m}" for p, m in FENCE_MODES])
def test_a_lone_fenced_answer_still_parses(tmp_path, provider, structured):
    with FakeServer(lambda call: "\n```json\n" + json.dumps(_findings(), ensure_ascii=False, indent=1) + "\n```\n") as server:
        _, results, counts, _ = _gemba(tmp_path, server, provider, structured)
        assert server.count == 1
    _assert_parsed(results, counts)


def test_the_reading_rule():
    assert extract_json(' {"a": 1}\n') == ({"a": 1}, None)
    assert extract_json('```\n{"a": 1}\n```') == ({"a": 1}, None)
    assert extract_json("[1, 2]") == ([1, 2], None)  # a value, refused later by the object check
    for text in ('Sure: {"a": 1}', '{"a": 1} Hope this helps.', '{"a": 1}\n{"a": 2}',
                 '```json\n{"a": 1}\n```\nthat is all', '```json\n{"a": 1}\n```\n```json\n{"a": 2}\n```',
                 '{"a": 1, "a": 2}', '{"a": {"b": 1, "b": 1}}', '{"a": NaN}', '{"a": Infinity}'):
        value, err = extract_json(text)
        assert value is None and err, text


# ---- keys echoed in a 200 answer ------------------------------------------------------------------

KEY = "sk-ECHOCHECK-4hT9qW2zLk7Rm3Xv8Bn1"
FOREIGN = "sk-ant-api03-Yh7Gk2LmN9pQr4StUv6WxZ1aBcDeFgHiJk"  # a key shape we were never told about
BEARER = "Bearer eyJhbGciOi1JIUzI1NiIsInR5cCI6IkpXVCJ9abc"
HEXTOKEN = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
ECHO = f"(my key is {KEY}; also {FOREIGN}, {BEARER}, token={HEXTOKEN})"
LEAKS = (KEY, KEY[-6:], KEY[3:], FOREIGN, FOREIGN[13:], BEARER.split()[1], HEXTOKEN)


def _salted(value: Any, field: str = "") -> Any:
    """The schema answer with the echo in every free-text field (enums and quotes are left valid)."""
    if isinstance(value, dict):
        return {k: _salted(v, k if field != "rationale" else "rationale") for k, v in value.items()}
    if isinstance(value, list):
        return [_salted(v, field) for v in value]
    if isinstance(value, str) and field in ("explanation", "suggestion", "rationale"):
        return f"{value} {ECHO}"
    return value


def _echoing(call: FakeCall) -> Any:
    if "Nobody came" in call.first_user and "errors" not in (call.schema or {}).get("properties", {}):
        return f"I will not score this. {ECHO}"  # a failure whose raw text carries the echo
    return _salted(schema_answer(call.schema, call.first_user))


def _assert_clean(where: str, data: bytes | str) -> None:
    blob = data if isinstance(data, bytes) else data.encode("utf-8", "replace")
    for leak in LEAKS:
        assert leak.encode() not in blob, f"{leak[:12]}… leaked into {where}"
        assert leak.encode("utf-16-le") not in blob, f"{leak[:12]}… leaked into {where} (UTF-16)"


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_an_echoed_key_is_stored_logged_and_shown_nowhere(tmp_path, capsys, monkeypatch, provider):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    src, tgt = tmp_path / "sea_en.txt", tmp_path / "sea_ko.txt"
    src.write_text(f"{SOURCE}\n\nNobody came.", encoding="utf-8")
    tgt.write_text(f"{TARGET}\n\n아무도 오지 않았다.", encoding="utf-8")
    db = tmp_path / "echo.db"
    model = "claude-3-5-haiku-latest" if provider == "anthropic" else "gpt-4o-mini"
    with FakeServer(_echoing) as server:
        url = server.anthropic_base_url if provider == "anthropic" else server.openai_base_url
        code = main(["--db", str(db), "evaluate", str(src), str(tgt), "--judge", "da-mqm,gemba-mqm",
                     "--option", "da-mqm.rationale=true", "--provider", provider, "--model", model,
                     "--base-url", url, "--format", "json", "--quiet", "--timeout", "5"])
        evaluated = capsys.readouterr()
        assert code in (EXIT_OK, 1), evaluated.err
        assert server.count > 0
        if provider == "anthropic":
            assert any(c.schema_mode == "tool" for c in server.calls)  # the echo rode in tool calls
    _assert_clean("evaluate stdout", evaluated.out)
    _assert_clean("evaluate stderr", evaluated.err)
    for f in db.parent.glob(db.name + "*"):  # the database file, -wal and -shm
        _assert_clean(f.name, f.read_bytes())

    assert main(["--db", str(db), "show", "1", "--format", "json"]) == EXIT_OK
    shown = capsys.readouterr().out
    _assert_clean("show --format json", shown)
    # The echo really was there to remove: redacted marks stand where it was, and the rest survived.
    results = json.loads(shown)["results"]
    assert any(j["status"] == "failed" and "[redacted]" in (j["raw"] or "") for j in results)
    explanations = [sp["explanation"] for j in results for sp in j["spans"]]
    rationales = [s["rationale"] for j in results for s in j["scores"]]
    assert explanations and all("[redacted]" in e and "my key is" in e for e in explanations)
    assert any("[redacted]" in (r or "") for r in rationales)

    from litlens.app.reports import write_report
    store = Store(db)
    try:
        for fmt in ("html", "json"):
            path = tmp_path / f"report.{fmt}"
            write_report(store, 1, fmt, path)
            _assert_clean(f"report {fmt}", path.read_bytes())
    finally:
        store.close()

    from litlens.app.core.logs import log_path, setup_logging
    setup_logging()
    logging.getLogger("litlens.app.llm").error("provider answered: %s", ECHO)
    # The file handler is installed once per process, so it may still point at an earlier test's folder.
    files = {Path(h.baseFilename) for h in logging.getLogger("litlens").handlers if hasattr(h, "baseFilename")}
    for handler in logging.getLogger("litlens").handlers:
        handler.flush()
    logs = [f for folder in {log_path().parent, *(p.parent for p in files)} for f in folder.glob("*")]
    assert any(b"provider answered" in f.read_bytes() for f in logs)
    for f in logs:
        _assert_clean(f"log {f.name}", f.read_bytes())


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_the_response_a_provider_returns_is_already_clean(fake_server, provider):
    """The boundary itself: what the provider layer hands to LitLens carries no key, whatever reads it."""
    import asyncio

    from litlens.app.llm.base import LLMRequest
    from litlens.app.llm.factory import make_provider
    schema = {"type": "object", "properties": {"note": {"type": "string"}, "score": {"type": "integer"}},
              "required": ["note", "score"], "additionalProperties": False}
    fake_server.script([{"note": ECHO, "score": 3}, f"prose {ECHO}", f"more prose {ECHO}"])
    settings = ProviderSettings(provider=provider, model="m", api_key=KEY, timeout=5.0,
                                base_url=fake_server.anthropic_base_url if provider == "anthropic"
                                else fake_server.openai_base_url)

    async def go():
        prov = make_provider(settings)
        try:
            return [await prov.complete(LLMRequest(system="s", user="u", schema=schema)) for _ in range(2)]
        finally:
            await prov.aclose()

    good, bad = asyncio.run(go())
    assert good.ok and good.data["score"] == 3 and "[redacted]" in good.data["note"]
    assert not bad.ok and "[redacted]" in bad.text
    for resp in (good, bad):
        _assert_clean("response", repr(resp))


def test_the_scrubber_knows_session_keys_and_key_shapes(monkeypatch):
    from litlens.app.llm import keys
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setattr(keys, "_session_keys", {})
    session_key = "plainsessionkey_no_shape_77"  # matches no key shape: only registration catches it
    keys.set_api_key("compat", session_key)
    assert session_key not in scrub(f"echo {session_key}")
    assert scrub("the key differences are subtle") == "the key differences are subtle"
    assert scrub("the bearer of incomprehensibilities") == "the bearer of incomprehensibilities"
    for leak in LEAKS:
        assert leak not in scrub(ECHO)
    # JSON stays JSON after scrubbing, so a scrubbed answer still parses.
    assert json.loads(scrub(json.dumps({"note": ECHO, "api_key": HEXTOKEN})))["api_key"] == "[redacted]"


def test_scrubbing_a_large_payload_gathers_the_secrets_once_and_still_finds_each(monkeypatch):
    """A speech-level ledger holds thousands of strings; gathering the secrets (a scan of the environment)
    for each of them held the GIL for seconds at the end of a run."""
    from litlens.app.llm import scrub as scrubber
    monkeypatch.setenv("LITLENS_TEST_API_KEY", "zq-9f8e7d6c5b4a3210ffee")
    calls = []
    real = scrubber.known_secrets
    monkeypatch.setattr(scrubber, "known_secrets", lambda extra=(): calls.append(1) or real(extra))
    payload = {"sentences": [{"text": f"문장 {i}", "level": "해요체"} for i in range(2000)],
               "echo": ["the key zq-9f8e7d6c5b4a3210ffee leaked", "Bearer abcdefghij1234567890xyz"]}
    out = scrubber.scrub_value(payload)
    assert len(calls) == 1
    assert out["echo"] == [f"the key {scrubber.REDACTED} leaked", f"Bearer {scrubber.REDACTED}"]
    assert out["sentences"][1999] == {"text": "문장 1999", "level": "해요체"}
