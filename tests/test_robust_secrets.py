"""Secrets: after runs with a known API key (successful, failing, and rejected with 401), the key appears
nowhere — not in the database file's bytes (WAL included) or its text columns, not in the logs, not in
CLI output (JSON/CSV/table), not in exported reports, not in any exception text."""

from __future__ import annotations

import io
import re
import sqlite3
import zipfile
import zlib
from pathlib import Path

import pytest
from fakeserver import FakeServer, Fault

from litlens.app.cli.main import EXIT_OK, EXIT_PROVIDER, main

KEY = "sk-LEAKCHECK-7fQ2xW9pLm4Rt8Zc1Vb6"
FRAGMENTS = (KEY, KEY[-6:], KEY[3:])  # the whole key, its distinctive tail, the key minus its prefix


class KeyServer(FakeServer):
    """Checks the key in either header: this anthropic SDK sends it as a bearer token, not x-api-key."""

    def _key_ok(self, protocol, headers):
        if self.require_key is None:
            return True
        given = {headers.get("x-api-key"), headers.get("authorization", "").removeprefix("Bearer ")}
        return self.require_key in given


@pytest.fixture
def pair(tmp_path):
    src, tgt = tmp_path / "night_en.txt", tmp_path / "night_ko.txt"
    src.write_text("The river was quiet.\n\n\"Are you coming?\" she asked.\n\nNobody came.", encoding="utf-8")
    tgt.write_text("강은 고요했다.\n\n\"오세요?\" 그녀가 물었다.\n\n아무도 오지 않았다.", encoding="utf-8")
    return src, tgt


def _assert_clean(where: str, data: bytes | str) -> None:
    blob = data if isinstance(data, bytes) else data.encode("utf-8", "replace")
    for frag in FRAGMENTS:
        assert frag.encode() not in blob, f"the API key leaked into {where}"
        assert frag.encode("utf-16-le") not in blob, f"the API key leaked into {where} (UTF-16)"


def report_text(data: bytes) -> str:
    """The text a reader sees in a report file: a ZIP's members (XLSX) unpacked, a PDF's compressed streams
    inflated and its glyph codes mapped back to characters through the fonts' ToUnicode maps (fpdf2 writes
    embedded fonts as glyph ids, so the key would never appear in the PDF's bytes as text)."""
    if data.startswith(b"PK"):
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return "\n".join(z.read(n).decode("utf-8", "replace") for n in z.namelist())
    if not data.startswith(b"%PDF"):
        return data.decode("utf-8", "replace")
    streams = []
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.DOTALL):
        try:
            streams.append(zlib.decompress(m.group(1)))
        except zlib.error:
            streams.append(m.group(1))
    cmap: dict[str, str] = {}
    for st in streams:
        for block in re.findall(rb"beginbfchar(.*?)endbfchar", st, re.DOTALL):
            for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                cmap[src.decode().upper()] = bytes.fromhex(dst.decode()).decode("utf-16-be", "replace")
        for block in re.findall(rb"beginbfrange(.*?)endbfrange", st, re.DOTALL):
            for lo, hi, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                start = int.from_bytes(bytes.fromhex(dst.decode()), "big")
                for k, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                    cmap[f"{code:0{len(lo)}X}"] = chr(start + k)
    out = []
    for st in streams:
        for hexes in re.findall(rb"<([0-9A-Fa-f\s]+)>", st):
            h = re.sub(rb"\s", b"", hexes).decode().upper()
            if cmap and len(h) % 4 == 0:
                out.append("".join(cmap.get(h[i:i + 4], "") for i in range(0, len(h), 4)))
        for lit in re.findall(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", st, re.DOTALL):
            raw = _pdf_literal(lit)
            if cmap and len(raw) % 2 == 0:
                out.append("".join(cmap.get(raw[i:i + 2].hex().upper(), "") for i in range(0, len(raw), 2)))
            out.append(raw.decode("latin-1"))
        out.append(st.decode("latin-1"))
    return "\n".join(out)


def _pdf_literal(lit: bytes) -> bytes:
    """The bytes of a PDF literal string's body (backslash escapes and octal codes undone)."""
    simple = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}

    def undo(m: re.Match[bytes]) -> bytes:
        esc = m.group(1)
        if esc[:1].isdigit():
            return bytes([int(esc, 8) & 0xFF])
        return simple.get(esc, esc)
    return re.sub(rb"\\([0-7]{1,3}|.)", undo, lit, flags=re.DOTALL)


def _scan_database(db: Path) -> None:
    for f in db.parent.glob(db.name + "*"):  # the file itself, -wal and -shm
        _assert_clean(f.name, f.read_bytes())
    con = sqlite3.connect(db)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        seen = 0
        for table in tables:
            for row in con.execute(f'SELECT * FROM "{table}"'):
                for value in row:
                    if isinstance(value, (str, bytes)):
                        seen += 1
                        _assert_clean(f"table {table}", value)
        assert seen > 0
    finally:
        con.close()


def _evaluate(db, pair, url, provider, fmt, capsys, *extra):
    src, tgt = pair
    model = "claude-3-5-haiku-latest" if provider == "anthropic" else "gpt-4o-mini"
    code = main(["--db", str(db), "evaluate", str(src), str(tgt), "--judge", "da-mqm,gemba-mqm",
                 "--provider", provider, "--model", model, "--base-url", url, "--format", fmt, "--quiet",
                 "--timeout", "5", *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_key_never_lands_anywhere(tmp_path, pair, capsys, monkeypatch):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    db = tmp_path / "leak.db"
    outputs: list[tuple[str, str]] = []
    with KeyServer(require_key=KEY) as server:
        for provider, fmt in (("openai", "json"), ("anthropic", "csv"), ("openai", "table")):
            url = server.anthropic_base_url if provider == "anthropic" else server.openai_base_url
            if provider == "openai" and fmt == "table":
                db_run = tmp_path / "leak-failures.db"  # a fresh store, so nothing is reused from cache
                # failures too: a server error that keeps coming, and an answer that is not JSON
                server.script([Fault(status=500, message=f"upstream said {KEY[-6:]}")] * 20 + ["not json"] * 20)
                code, out, err = _evaluate(db_run, pair, url, provider, fmt, capsys)
                assert code in (0, 1) and "Traceback" not in err
                _scan_database(db_run)
            else:
                code, out, err = _evaluate(db, pair, url, provider, fmt, capsys)
                assert code == EXIT_OK, err
            outputs.append((f"{provider} {fmt} stdout", out))
            outputs.append((f"{provider} {fmt} stderr", err))
            assert all(KEY in (c.headers.get("authorization", "") + c.headers.get("x-api-key", ""))
                       for c in server.calls)  # the key really was used on the wire
        assert server.count > 0
    for where, text in outputs:
        _assert_clean(where, text)
    _scan_database(db)
    from litlens.app.core.logs import log_path
    logs = list(log_path().parent.glob("*"))
    for f in logs:
        _assert_clean(f"log {f.name}", f.read_bytes())
    from litlens.app.reports import FORMATS, write_report
    from litlens.app.run.store import Store
    store = Store(db)
    try:
        for fmt in FORMATS:
            path = tmp_path / f"report.{fmt}"
            write_report(store, 1, fmt, path)  # a report that cannot be written fails the test
            _assert_clean(f"report {fmt}", path.read_bytes())
            text = report_text(path.read_bytes())
            seen = "Severity" if fmt in ("csv", "xlsx") else "아무도 오지 않았다"  # issue lists: their header
            assert seen in text, f"the {fmt} report's text was not read, so it was not checked"
            _assert_clean(f"report {fmt} (its text)", text)
    finally:
        store.close()


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_a_rejected_key_is_not_echoed(tmp_path, pair, capsys, monkeypatch, provider):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    with KeyServer(require_key="sk-the-right-one") as server:
        url = server.anthropic_base_url if provider == "anthropic" else server.openai_base_url
        # the server quotes the key it got in its error message, as some real ones do
        server.script([Fault(status=401, message=f"Incorrect API key provided: {KEY}")] * 10)
        code, out, err = _evaluate(tmp_path / "rej.db", pair, url, provider, "json", capsys)
    assert code == EXIT_PROVIDER
    errors = [ln for ln in err.splitlines() if ln.startswith("litlens: error:")]
    assert len(errors) == 1 and "rejected the API key" in errors[0] and "Traceback" not in err
    _assert_clean("stderr", err)
    _assert_clean("stdout", out)
    _scan_database(tmp_path / "rej.db")
    from litlens.app.core.logs import log_path
    for f in log_path().parent.glob("*"):
        _assert_clean(f"log {f.name}", f.read_bytes())


def test_exceptions_from_the_provider_layer_are_scrubbed(fake_server):
    """Straight from the provider: every failure's text, repr and args are free of the key."""
    import asyncio

    from litlens.app.llm.base import LLMError, LLMRequest
    from litlens.app.llm.factory import ProviderSettings, make_provider
    fake_server.script([Fault(status=401, message=f"bad key {KEY}"),
                        Fault(status=400, message=f"bad request for key {KEY}"),
                        *[Fault(status=503, message=f"overloaded ({KEY})")] * 2])
    prov = make_provider(ProviderSettings("openai", "gpt-4o-mini", base_url=fake_server.openai_base_url,
                                          api_key=KEY, max_attempts=2, retry_base_delay=0.01,
                                          retry_max_delay=0.02))
    assert KEY not in repr(prov)

    async def go() -> list[BaseException]:
        errors = []
        try:
            for _ in range(3):
                try:
                    await prov.complete(LLMRequest(system="s", user="u"))
                except LLMError as exc:
                    errors.append(exc)
        finally:
            await prov.aclose()
        return errors

    errors = asyncio.run(go())
    assert len(errors) == 3
    for exc in errors:
        for text in (str(exc), repr(exc), repr(exc.args), str(exc.__cause__), str(exc.__context__)):
            _assert_clean(type(exc).__name__, text)
