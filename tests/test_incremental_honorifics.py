"""After a one-paragraph edit only the stretch around it is read again (app.korean.incremental), and the
report is the one a whole reading of the edited text gives: turns, findings and the ledger."""

from __future__ import annotations


import pytest

from litlens.app.korean import honorifics, incremental
from bench_scripts import load_bench


def _novel(words: int) -> str:
    return load_bench("novel_honorifics").novel(words)[1]


@pytest.fixture(scope="module")
def book() -> str:
    return _novel(4_000)


def _edited(text: str, k: int, what: str = " 그는 한참 동안 말이 없었다.") -> str:
    paragraphs = text.split("\n\n")
    paragraphs[k] += what
    return "\n\n".join(paragraphs)


def _summary(report) -> tuple:
    return ([(t.quotes[0].start, t.quotes[-1].end, t.speaker, t.listener) for t in report.turns],
            [(s.start, s.end, s.level, s.turn, s.paragraph) for s in report.sentences],
            [(f.kind, f.start, f.end, f.speaker, f.listener) for f in report.findings],
            report.ledger, report.unattributed, report.paragraph_levels)


def test_an_edit_reads_only_the_stretch_around_it_and_agrees_with_a_whole_reading(book, monkeypatch):
    incremental.forget()
    incremental.analyse(book)
    k = len(book.split("\n\n")) // 2
    edited = _edited(book, k)
    seen: list[int] = []
    real = honorifics.analyse_text

    def spy(content, *args, **kw):
        seen.append(len(content))
        return real(content, *args, **kw)
    monkeypatch.setattr(incremental, "analyse_text", spy)
    got = incremental.analyse(edited)
    assert len(seen) == 1 and seen[0] < len(edited) / 3  # a stretch, not the book
    assert _summary(got) == _summary(real(edited))


def test_an_edit_near_the_start_or_the_end_and_a_shorter_paragraph(book):
    n = len(book.split("\n\n"))
    for k, what in ((0, " 바람이 불었다."), (n - 1, " 끝.")):
        incremental.forget()
        incremental.analyse(book)
        edited = _edited(book, k, what)
        assert _summary(incremental.analyse(edited)) == _summary(honorifics.analyse_text(edited))
    paragraphs = book.split("\n\n")
    paragraphs[n // 3] = paragraphs[n // 3][: len(paragraphs[n // 3]) // 2].rstrip() + "."
    shorter = "\n\n".join(paragraphs)
    incremental.forget()
    incremental.analyse(book)
    assert _summary(incremental.analyse(shorter)) == _summary(honorifics.analyse_text(shorter))


def test_the_same_text_is_answered_from_memory_and_two_edits_are_read_whole(book, monkeypatch):
    incremental.forget()
    first = incremental.analyse(book)
    assert incremental.analyse(book) is first
    paragraphs = book.split("\n\n")
    paragraphs[3] += " 비가 왔다."
    paragraphs[-3] += " 눈이 왔다."
    twice = "\n\n".join(paragraphs)
    seen: list[int] = []
    real = honorifics.analyse_text
    monkeypatch.setattr(incremental, "analyse_text", lambda c, *a, **kw: seen.append(len(c)) or real(c, *a, **kw))
    incremental.analyse(twice)
    assert seen == [len(twice)]


def test_given_speakers_are_part_of_what_is_remembered(book):
    incremental.forget()
    plain = incremental.analyse(book)
    turn = next(t for t in plain.turns if t.speaker)
    fix = [{"start": turn.quotes[0].start, "end": turn.quotes[-1].end, "speaker": "아무개", "listener": None,
            "source": "user"}]
    fixed = incremental.analyse(book, None, None, fix)
    assert fixed is not plain
    assert next(t for t in fixed.turns if t.quotes[0].start == turn.quotes[0].start).speaker == "아무개"


def test_slips_outside_the_stretch_are_kept_at_their_new_offsets(book):
    paragraphs = book.split("\n\n")
    slip = "“할머니, 오늘은 학교가 일찍 끝났습니다. 배고파. 밥 줘.” 수진이 말했다."  # not a set phrase: a slip
    paragraphs[2] = slip
    paragraphs[-3] = slip.replace("수진", "민호")
    text = "\n\n".join(paragraphs)
    incremental.forget()
    before = incremental.analyse(text)
    assert len([f for f in before.findings if f.kind == "mixed-turn"]) >= 2
    edited = _edited(text, len(paragraphs) // 2, " 그는 오래도록 창밖을 내다보았다. 비가 그치지 않았다.")
    got = incremental.analyse(edited)
    assert _summary(got) == _summary(honorifics.analyse_text(edited))
    late = [f for f in got.findings if f.kind == "mixed-turn" and f.paragraph == len(paragraphs) - 3]
    assert late and all(edited[f.start:f.end] == f.quote for f in late)
