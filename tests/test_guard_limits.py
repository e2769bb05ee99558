"""The size envelope (app/texts/limits.py) at its edges: a text of exactly the limit opens, one character
more is refused with a message that gives both numbers and what to do; a paragraph of exactly the
analysis window is read in one call, one character more in windows."""

from __future__ import annotations

import pytest

from litlens.app.texts import TextReadError, limits, text_from_string
from litlens.app.texts.windows import split_windowed


def test_the_document_limit_is_five_million_characters_inclusive():
    assert limits.MAX_DOCUMENT_CHARS == 5_000_000
    ok = text_from_string("a" * 5_000_000, "en")
    assert len(ok.content) == 5_000_000
    with pytest.raises(TextReadError) as info:
        text_from_string("a" * 5_000_001, "en", path="/books/war.txt")
    msg = str(info.value)
    assert "5,000,001 characters; the limit is 5,000,000" in msg and "war.txt" in msg
    assert "split it into several files" in msg


def test_the_message_names_the_given_limit():
    assert limits.too_large_message(12, 10) == (
        "the text is too long to analyse (12 characters; the limit is 10); split it into several files, "
        "for example one per chapter or volume")


def test_a_paragraph_of_exactly_the_window_is_read_in_one_call():
    assert limits.ANALYSIS_WINDOW_CHARS == 4_000
    calls: list[int] = []

    def split(s: str):
        calls.append(len(s))
        return [(0, len(s))]
    split_windowed("가" * 4_000, split)
    assert calls == [4_000]
    calls.clear()
    split_windowed("가나다라. " * 801, split)  # 4,806 characters: more than one window
    assert len(calls) > 1 and max(calls) <= 4_000
