"""Speech-level classification of single sentences against the labelled set, plus markers and evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from litlens.app.korean.labelled import LabelledSetError, load_labelled, score
from litlens.app.korean.levels import LEVELS
from litlens.app.korean.speech_levels import classify_sentence

LABELLED = Path(__file__).parent / "data" / "honorifics" / "labelled.tsv"


def test_labelled_set_covers_all_six_levels_with_at_least_60_sentences():
    rows = load_labelled(LABELLED)
    assert len(rows) >= 60
    assert {r.level for r in rows} == set(LEVELS)
    assert min(sum(1 for r in rows if r.level == lv) for lv in LEVELS) >= 10


def test_accuracy_on_labelled_set_is_at_least_90_percent():
    acc = score(load_labelled(LABELLED))
    assert acc.overall >= 0.9, acc.misses
    for level, (correct, total) in acc.per_level.items():
        assert correct / total >= 0.8, (level, acc.misses)


@pytest.mark.parametrize(("sentence", "level"), [
    ("그대는 어디서 왔소?", "하오체"),  # Kiwi tags 소 as EC: the last ending still decides
    ("배 안 고파, 할멈.", "해체"),  # trailing vocative after the ending
    ("안으로 드시지요, 도련님.", "해요체"),
    ("다 식기 전에요.", "해요체"),  # no verb ending, closed by the particle 요
])
def test_last_ending_decides_even_when_not_ef(sentence, level):
    r = classify_sentence(sentence)
    assert r.level == level
    assert 0.5 <= r.confidence <= 1.0
    assert r.ending and r.ending in sentence
    assert sentence[r.ending_start:r.ending_end] == r.ending


def test_context_settles_ambiguous_ending():
    assert classify_sentence("내가 했네.").level == "해체"
    assert classify_sentence("내가 했네.", context="자네 왔는가?").level == "하게체"


def test_fragments_have_no_level():
    for s in ("느릿하게 세 번, 그리고 한 번 더.", "미래.", "그가 어려서 그랬던 것처럼."):
        r = classify_sentence(s)
        assert r.level is None and r.confidence == 0.0


def test_honorific_markers_are_found_with_offsets():
    s = "할머니께서 진지를 잡수셨어요."
    r = classify_sentence(s)
    kinds = {m.kind for m in r.markers}
    assert {"honorific-particle", "lexical-honorific", "subject-honorific"} <= kinds
    forms = {m.form for m in r.markers}
    assert "께서" in forms and "진지" in forms
    for m in r.markers:
        assert 0 <= m.start < m.end <= len(s)


def test_humble_forms_are_marked():
    r = classify_sentence("제가 말씀드리겠습니다.")
    assert r.level == "하십시오체"
    assert any(m.kind == "humble" for m in r.markers)


def test_bad_labelled_line_gives_clear_error(tmp_path):
    bad = tmp_path / "bad.tsv"
    bad.write_text("존댓말\t안녕하세요.\n", encoding="utf-8")
    with pytest.raises(LabelledSetError, match="line 1"):
        load_labelled(bad)


def test_alternatives_are_asked_for_the_last_words_only_and_markers_for_the_whole_sentence(monkeypatch):
    from litlens.app.korean import kiwi
    from litlens.app.korean import speech_levels as sl

    sentence = "할머니께서 어제 시장에 가셔서 사과를 아주 많이 사 오셨어요."
    asked: list[tuple[str, int]] = []
    real = kiwi.analyze

    def spy(text: str, top_n: int = 1):
        asked.append((text, top_n))
        return real(text, top_n)

    monkeypatch.setattr(kiwi, "analyze", spy)
    kiwi.memo.clear()
    r = classify_sentence(sentence)
    three_way = [t for t, n in asked if n == sl.TOP_N]
    assert three_way == ["많이 사 오셨어요."]  # the last three words: where the final ending is read
    assert r.level == "해요체" and r.ending == "오셨어요"
    assert sentence[r.ending_start:r.ending_end] == "오셨어요"  # offsets are the whole sentence's
    kinds = {(m.kind, sentence[m.start:m.end]) for m in r.markers}
    assert ("honorific-particle", "께서") in kinds  # found in the first word, outside the last three
    # a sentence of three words or fewer is read whole, as before
    asked.clear()
    classify_sentence("차가 식어요.")
    assert [t for t, n in asked if n == sl.TOP_N] == ["차가 식어요."]
