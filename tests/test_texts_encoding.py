"""Encoding detection: BOMs, strict UTF-8, legacy CJK code pages, and clear errors for non-text."""

from __future__ import annotations

import codecs
import random

import pytest

from litlens.app.texts import TextReadError, decode_bytes

KOREAN = "그는 창밖을 바라보았다. 비가 오고 있었다.\n\n\"어디 가세요?\" 어머니가 물었다.\n"
JAPANESE = "吾輩は猫である。名前はまだ無い。\n\nどこで生れたかとんと見当がつかぬ。\n"
CHINESE = "我们走在大路上，意气风发斗志昂扬。\n\n他说：“你好吗？”\n"
TRADITIONAL = "我們走在大路上，意氣風發。\n"
FRENCH = "Le cœur a ses raisons que la raison ne connaît point.\n\nÉté à Noël.\n"


@pytest.mark.parametrize(("text", "codec", "expected"), [
    (KOREAN, "utf-8", "utf-8"),
    (KOREAN, "cp949", "euc_kr"),
    (KOREAN, "euc_kr", "euc_kr"),
    ("똠방각하는 오늘도 집에 가서 쉬었다고 말했다.", "cp949", "cp949"),  # syllables outside KS X 1001 need the CP949 extension
    ("大韓民國은 民主共和國이다.", "cp949", "euc_kr"),  # Hanja-heavy Korean is still Korean
    ("안녕하세요", "euc_kr", "euc_kr"),
    (JAPANESE, "shift_jis", "shift_jis"),
    ("こんにちは", "shift_jis", "shift_jis"),
    ("東京都", "shift_jis", "shift_jis"),
    (JAPANESE, "euc_jp", "euc_jp"),
    (CHINESE, "gb18030", "gb18030"),
    ("你好世界", "gb18030", "gb18030"),
    (TRADITIONAL, "big5", "big5"),
    (FRENCH, "cp1252", "cp1252"),
])
def test_round_trip(text: str, codec: str, expected: str) -> None:
    decoded, enc = decode_bytes(text.encode(codec), "sample.txt")
    assert decoded == text
    assert codecs.lookup(enc).name == codecs.lookup(expected).name


@pytest.mark.parametrize(("bom_codec", "expected"), [
    ("utf-8-sig", "utf-8-sig"),
    ("utf-16", None),  # Python writes the native-order BOM
    ("utf-16-be", "utf-16-be"),
    ("utf-16-le", "utf-16-le"),
    ("utf-32", None),
])
def test_bom_is_honoured_and_removed(bom_codec: str, expected: str | None) -> None:
    text = KOREAN + JAPANESE
    if bom_codec in ("utf-16-be", "utf-16-le"):
        data = ("\ufeff" + text).encode(bom_codec)
    else:
        data = text.encode(bom_codec)
    decoded, enc = decode_bytes(data)
    assert decoded == text
    assert not decoded.startswith("\ufeff")
    if expected:
        assert enc == expected


def test_utf16_without_bom_ascii_heavy() -> None:
    decoded, enc = decode_bytes("Plain English saved as UTF-16.\n".encode("utf-16-le"))
    assert decoded == "Plain English saved as UTF-16.\n"
    assert enc == "utf-16-le"


def test_newlines_normalised() -> None:
    decoded, _ = decode_bytes("첫 줄\r\n둘째 줄\r셋째 줄\n".encode("cp949"))
    assert decoded == "첫 줄\n둘째 줄\n셋째 줄\n"


def test_binary_file_refused_with_name() -> None:
    data = bytes(range(256)) * 4
    with pytest.raises(TextReadError, match=r"^draft\.txt: .*binary"):
        decode_bytes(data, "draft.txt")


def test_control_characters_refused() -> None:
    data = b"abc\x01\x02\x03\x04\x05def\x06\x07\x08" * 10
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(data, "x.txt")


@pytest.mark.parametrize(("data", "what"), [
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "PDF"),
    (b"PK\x03\x04\x14\x00\x00\x00", "ZIP"),
    (b"\x89PNG\r\n\x1a\n", "PNG"),
])
def test_known_binary_formats_named(data: bytes, what: str) -> None:
    with pytest.raises(TextReadError, match=what):
        decode_bytes(data, "thing.txt")


@pytest.mark.parametrize("data", [b"", b"   \n\r\n\t "])
def test_empty(data: bytes) -> None:
    with pytest.raises(TextReadError, match="empty"):
        decode_bytes(data, "empty.txt")


def test_undecodable() -> None:
    rng = random.Random(7)
    data = bytes(rng.randrange(0x80, 0x100) for _ in range(600))
    assert not data.startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf"))
    with pytest.raises(TextReadError, match=r"^noise\.txt: the text encoding could not be recognised"):
        decode_bytes(data, "noise.txt")


def test_bom_with_broken_body() -> None:
    with pytest.raises(TextReadError, match="byte-order mark"):
        decode_bytes(codecs.BOM_UTF8 + b"ok \xff\xfe broken", "b.txt")
