"""The token estimate counts dense-script characters (Hangul, kana, CJK) with the regex engine, in
pieces, and counts exactly what the one-character rule (is_dense_script) counts."""

from __future__ import annotations

import math
import unicodedata

import pytest

from litlens.app.llm import tokens


def test_the_count_equals_the_one_character_rule_on_every_code_point():
    everything = "".join(chr(c) for c in range(0x110000))
    assert tokens.dense_count(everything) == sum(1 for ch in everything if tokens.is_dense_script(ch))


def test_no_character_below_u1100_is_wide():
    # the count leaves them out without asking east_asian_width; this Python's tables must agree
    assert not [hex(c) for c in range(0x1100) if unicodedata.east_asian_width(chr(c)) == "W"]


def test_a_mixed_text_is_counted_as_the_rule_counts_it():
    text = ("낡은 집에 비가 내렸고, 할멈은 문 옆에서 기다렸다. The rain fell. 「雨」、かな。😀 ＡＢ ᄀᆡ "
            "\u3000 Ünïcödé ж ") * 50
    dense = sum(1 for ch in text if tokens.is_dense_script(ch))
    assert tokens.estimate_tokens(text) == max(1, math.ceil((len(text) - dense) / 4 + dense / 1.25))
    assert tokens.estimate_tokens("") == 0 and tokens.estimate_tokens("a") == 1 and tokens.estimate_tokens("한") == 1


def test_the_rule_is_not_asked_one_character_at_a_time(monkeypatch):
    # 17.6 million calls of it made planning three LLM judges on 360 paragraphs take 30 s
    def no(ch: str) -> bool:
        raise AssertionError("is_dense_script asked per character")
    monkeypatch.setattr(tokens, "is_dense_script", no)
    tokens._remembered.cache_clear()
    assert tokens.estimate_tokens("할멈은 문 옆에서 기다렸다 " * 100 + "waited by the door " * 100) > 0


class _Counting:
    def __init__(self, pattern, seen: list[int]) -> None:
        self.pattern, self.seen = pattern, seen

    def findall(self, text: str) -> list[str]:
        self.seen.append(len(text))
        return self.pattern.findall(text)


def test_a_long_text_is_counted_in_pieces(monkeypatch):
    # each regex call holds the GIL: a book-length text must not hold it in one piece
    seen: list[int] = []
    monkeypatch.setattr(tokens, "_BLOCKS", _Counting(tokens._BLOCKS, seen))
    text = "할멈은 문 옆에서 기다렸다. " * 40_000  # 640,000 characters
    expected = sum(1 for ch in text if tokens.is_dense_script(ch))
    assert tokens.dense_count(text) == expected
    assert len(seen) >= len(text) // tokens.CHUNK and max(seen) <= tokens.CHUNK <= 1 << 16


@pytest.mark.parametrize("text", ["plain ascii words " * 10, "ascii then 한글", "한글"])
def test_remembered_and_fresh_counts_agree(text):
    assert tokens._remembered(text) == tokens._estimate(text)
