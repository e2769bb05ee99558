"""Quote detection offsets, speaker and listener attribution, and findings on hand-written paragraphs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litlens.app.korean.dialogue import find_quotes
from litlens.app.korean.honorifics import analyse_text

CASES = json.loads((Path(__file__).parent / "data" / "honorifics" / "paragraphs.json").read_text("utf-8"))


def _one_paragraph(text: str) -> list[tuple[int, int]]:
    return [(0, len(text))]


def test_quote_offsets_for_each_mark_style():
    text = "“가자.” 그가 말했다. 「왔느냐」 『예』 \"좋아요\" ‘끝이다’"
    quotes = find_quotes(text, _one_paragraph(text))
    inner = [text[q.inner_start:q.inner_end] for q in quotes]
    assert inner == ["가자.", "왔느냐", "예", "좋아요", "끝이다"]
    assert [text[q.start:q.end] for q in quotes][0] == "“가자.”"
    assert quotes[-1].kind == "thought"


def test_unclosed_quote_ends_with_paragraph():
    text = "\"아직 안 끝났어\n\n다음 문단이다."
    quotes = find_quotes(text, [(0, 8), (10, len(text))])
    assert len(quotes) == 1 and quotes[0].end == 8


def test_dash_dialogue_pieces():
    text = "— 어서 오너라. — 할아버지가 말했다. — 밥은 먹었느냐?"
    quotes = find_quotes(text, _one_paragraph(text))
    assert [text[q.inner_start:q.inner_end] for q in quotes] == ["어서 오너라.", "밥은 먹었느냐?"]
    assert all(q.kind == "dash" for q in quotes)


def test_speaker_and_listener_from_narration():
    text = "\"도련님, 차가 식어요.\" 할멈이 말했다. \"어서 드세요.\""
    report = analyse_text(text, _one_paragraph(text))
    assert len(report.turns) == 1
    turn = report.turns[0]
    assert (turn.speaker, turn.listener) == ("할멈", "도련님")
    dialogue = [s for s in report.sentences if s.dialogue]
    assert [text[s.start:s.end] for s in dialogue] == ["도련님, 차가 식어요.", "어서 드세요."]
    assert all(s.speaker == "할멈" for s in dialogue)
    narration = [s for s in report.sentences if not s.dialogue]
    assert [text[s.start:s.end] for s in narration] == ["할멈이 말했다."]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_paragraph_findings(case):
    report = analyse_text(case["text"])
    got = sorted((f.kind, f.quote) for f in report.findings)
    assert got == sorted((e["kind"], e["quote"]) for e in case["expect"])
    for f in report.findings:
        assert case["text"][f.start:f.end] == f.quote
        assert f.explanation and f.expected in f.explanation
