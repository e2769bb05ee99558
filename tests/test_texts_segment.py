"""Paragraph and sentence segmentation keep exact offsets; the script-based language guess."""

from __future__ import annotations

import pytest

from litlens.app.core.model import Segment
from litlens.app.texts import detect_language, split_paragraphs, split_sentences

PARAGRAPH_CASES = [
    "One.\n\nTwo.\n\n\nThree.",
    "  leading spaces\n\n  \t \ntrailing   \n\n",
    "\n\n\nstarts late\nsecond line same paragraph\n\nnext",
    "line one\nline two\nline three",  # no blank line: one paragraph per line
    "only one line",
    "첫 문단.\n\u3000\n둘째 문단.\r",  # ideographic space counts as blank
    "",
    "   \n \n",
    "a\n\nb\nc\n\nd",
]


def _check_offsets(content: str, segments: list[Segment], kind: str) -> None:
    last_end = 0
    for i, s in enumerate(segments):
        assert s.kind == kind
        assert s.index == i
        assert content[s.start:s.end] == s.text
        assert s.text and s.text == s.text.strip()
        assert s.start >= last_end  # in order, never overlapping
        last_end = s.end


@pytest.mark.parametrize("content", PARAGRAPH_CASES)
def test_paragraph_offsets(content: str) -> None:
    _check_offsets(content, split_paragraphs(content), "paragraph")


def test_paragraph_rules() -> None:
    assert [p.text for p in split_paragraphs(PARAGRAPH_CASES[0])] == ["One.", "Two.", "Three."]
    assert [p.text for p in split_paragraphs(PARAGRAPH_CASES[2])] == [
        "starts late\nsecond line same paragraph", "next"]
    assert [p.text for p in split_paragraphs(PARAGRAPH_CASES[3])] == ["line one", "line two", "line three"]
    assert [p.text for p in split_paragraphs(PARAGRAPH_CASES[5])] == ["첫 문단.", "둘째 문단.\r".strip()]
    assert split_paragraphs("") == [] and split_paragraphs(" \n \n") == []
    assert [p.text for p in split_paragraphs(PARAGRAPH_CASES[8])] == ["a", "b\nc", "d"]


def test_korean_sentences() -> None:
    content = ("  그는 창밖을 바라보았다. 비가 오고 있었다!\n\n\"어디 가세요?\" 어머니가 물었다. "
               "😀 이모지 뒤의 문장입니다.")
    sents = split_sentences(content, "ko")
    _check_offsets(content, sents, "sentence")
    texts = [s.text for s in sents]
    assert texts[:2] == ["그는 창밖을 바라보았다.", "비가 오고 있었다!"]
    # Kiwi may or may not keep a quotation with the verb of saying that follows it.
    assert texts[2].startswith("\"어디 가세요?\"") and "".join(texts[2:4]).endswith("어머니가 물었다.")
    assert texts[-1] == "😀 이모지 뒤의 문장입니다."
    assert 4 <= len(texts) <= 5


def test_sentences_within_a_paragraph() -> None:
    content = "서문.\n\n첫 문장이다. 둘째 문장이다.\n\n끝."
    para = split_paragraphs(content)[1]
    sents = split_sentences(content, "ko", within=para)
    _check_offsets(content, sents, "sentence")
    assert [s.text for s in sents] == ["첫 문장이다.", "둘째 문장이다."]
    assert all(para.start <= s.start and s.end <= para.end for s in sents)


def test_english_sentences() -> None:
    content = "Mr. Smith went home. He slept!\n\n\"Did he?\" she asked. Yes. No line break here"
    sents = split_sentences(content, "en")
    _check_offsets(content, sents, "sentence")
    assert 4 <= len(sents) <= 7
    assert sents[-1].text.endswith("here")
    # Sentences never run across a paragraph break.
    breaks = [p.end for p in split_paragraphs(content)]
    assert not any(s.start < b < s.end for s in sents for b in breaks)


@pytest.mark.parametrize("language", ["de", "fr", "ru", "xx", "zz-unknown", "th", "en-US"])
def test_other_languages_fall_back(language: str) -> None:
    content = "Erster Satz. Zweiter Satz? Dritter!"
    sents = split_sentences(content, language)
    _check_offsets(content, sents, "sentence")
    assert len(sents) == 3


def test_japanese_and_chinese_rules() -> None:
    ja = "吾輩は猫である。名前はまだ無い。「どこで？」と聞いた。\n続き"
    sents = split_sentences(ja, "ja")
    _check_offsets(ja, sents, "sentence")
    assert [s.text for s in sents] == ["吾輩は猫である。", "名前はまだ無い。", "「どこで？」と聞いた。", "続き"]
    zh = "他说：“你好吗？”我很好。真的吗！"
    sents = split_sentences(zh, "zh")
    _check_offsets(zh, sents, "sentence")
    assert [s.text for s in sents] == ["他说：“你好吗？”", "我很好。", "真的吗！"]


@pytest.mark.parametrize(("content", "expected"), [
    ("The rain had stopped.", "en"),
    ("Le cœur a ses raisons.", "en"),  # script-based: other European languages read as "en"
    ("그는 창밖을 바라보았다. (He looked out.)", "ko"),
    ("大韓民國은 民主共和國이다.", "ko"),
    ("吾輩は猫である。名前はまだ無い。", "ja"),
    ("我们走在大路上。", "zh"),
    ("He said 안녕 once in a long English paragraph about many other things.", "en"),
    ("", "en"),
])
def test_detect_language(content: str, expected: str) -> None:
    assert detect_language(content) == expected
