"""Long paragraphs are read in bounded windows: the windowed results must equal the whole-paragraph ones,
no sentence may be lost or doubled at a window's edge, and findings must sit on the right characters."""

from __future__ import annotations

import re
from importlib import resources as ir

import pytest

from litlens.app.korean import kiwi
from litlens.app.texts import TextReadError, split_sentences, text_from_string
from litlens.app.texts import windows as windows_mod
from litlens.app.texts.windows import cut_point, split_windowed


def _paragraph(name: str) -> str:
    text = ir.files("litlens.resources.samples").joinpath(name).read_text(encoding="utf-8")
    return " ".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip())


CAREFUL = _paragraph("story_ko_careful.txt")
FLAWED = _paragraph("story_ko_flawed.txt")


def _assert_partition(text: str, spans: list[tuple[int, int]]) -> None:
    """Spans in order, never overlapping, trimmed, and together covering every non-space character."""
    last = 0
    for a, b in spans:
        assert last <= a < b
        assert not text[last:a].strip(), f"characters lost before {a}: {text[last:a]!r}"
        assert text[a:b] == text[a:b].strip()
        last = b
    assert not text[last:].strip()


def test_cut_point_prefers_line_breaks_then_sentence_ends_then_spaces() -> None:
    text = "가나다. 라마바 사아\n자차카. 타파하 " + "가" * 50
    assert cut_point(text, 0, 18) == text.index("\n") + 1
    assert cut_point("가나다라마바. 사아 자차카타", 0, 13) == len("가나다라마바. ")
    assert cut_point("가나다라마 바사아자 차카타파하", 0, 12) == len("가나다라마 바사아자 ")
    assert cut_point("가" * 30, 0, 10) == 10  # no boundary at all: a hard cut
    assert cut_point(text, 0, 10_000) == len(text)


def _regex_split(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"\S[^.]*(?:\.|$)", text)]


@pytest.mark.parametrize("size", [70, 97, 200, 1000])
def test_split_windowed_equals_one_call(size: int) -> None:
    # windows of at least twice the longest sentence (30 characters): nothing is ever cut hard
    text = " ".join(f"문장 {i}번은 {'길고 ' * (i % 7)}끝난다." for i in range(300))
    assert split_windowed(text, _regex_split, size) == _regex_split(text)


def test_split_windowed_without_any_boundary_loses_nothing() -> None:
    text = "가" * 1000 + " " + "나" * 10  # words longer than the window are cut hard
    spans = split_windowed(text, _regex_split, 64)
    _assert_partition(text, spans)
    assert sum(len(text[a:b].replace(" ", "")) for a, b in spans) == len(text) - 1


# Balanced dialogue: windowed and whole-paragraph analyses agree exactly. (Where the text has a quote
# left open, Kiwi pairs later straight quotes from the start of whatever it is given, so a window may pair
# one differently; the partition test below covers that text.)
LONG = " ".join([CAREFUL] * 14)  # ≈ 19,000 characters, one paragraph


@pytest.fixture(scope="module")
def whole() -> tuple[list[tuple[int, int]], list[kiwi.Morpheme]]:
    return kiwi.split_sentences(LONG, window=10**9), kiwi.morphemes(LONG, window=10**9)


@pytest.mark.parametrize("window", [700, 1500])
def test_windowed_sentences_and_morphemes_equal_unwindowed(whole, window: int) -> None:
    sents, morphs = whole
    assert len(LONG) > 10 * window
    assert kiwi.split_sentences(LONG, window=window) == sents
    assert kiwi.morphemes(LONG, window=window) == morphs
    _assert_partition(LONG, sents)


def test_windowed_sentences_partition_text_with_an_open_quote() -> None:
    text = " ".join([CAREFUL, FLAWED] * 6)
    sents = kiwi.split_sentences(text, window=900)
    _assert_partition(text, sents)
    whole = kiwi.split_sentences(text, window=10**9)
    assert abs(len(sents) - len(whole)) <= 2
    assert len(set(sents) & set(whole)) >= 0.98 * len(whole)
    for m in kiwi.morphemes(text, window=900):
        if m.tag in ("NNP", "SF"):  # forms that are written as they are (verbs come back as lemmas)
            assert text[m.start:m.start + m.len] == m.form


def test_segment_split_uses_windows(monkeypatch) -> None:
    monkeypatch.setattr(windows_mod, "ANALYSIS_WINDOW_CHARS", 800)
    content = "머리말.\n\n" + LONG
    sents = split_sentences(content, "ko")
    expected = [(a + len("머리말.\n\n"), b + len("머리말.\n\n")) for a, b in kiwi.split_sentences(LONG, 10**9)]
    assert [(s.start, s.end) for s in sents[1:]] == expected
    assert all(content[s.start:s.end] == s.text for s in sents)


def test_honorific_findings_sit_on_the_right_characters(monkeypatch) -> None:
    from litlens.app.korean.honorifics import analyse_text
    monkeypatch.setattr(windows_mod, "ANALYSIS_WINDOW_CHARS", 600)
    monkeypatch.setattr(kiwi, "ANALYSIS_WINDOW_CHARS", 600)
    content = " ".join([CAREFUL, FLAWED] * 3)  # one paragraph, ≈ 19,000 characters
    report = analyse_text(content)
    assert report.findings
    for f in report.findings:
        assert content[f.start:f.end] == f.quote
    # the flawed version's narrator slips into 해요체 once per copy: each slip is found where it is
    slip = "이제 남은 것은 그 아이뿐이었어요."
    where = [m.start() for m in re.finditer(re.escape(slip), content)]
    drift = [(f.start, f.end) for f in report.findings if f.kind == "narration-drift"]
    for w in where:
        assert any(a <= w + len(slip) - 1 < b and content[a:b].endswith(slip) for a, b in drift), w


def test_consistency_findings_sit_on_the_right_characters(monkeypatch) -> None:
    from litlens.app.consistency import analyse_candidate
    from litlens.app.texts import build_project
    monkeypatch.setattr(kiwi, "ANALYSIS_WINDOW_CHARS", 700)
    parts = [CAREFUL] * 6
    parts[4] = parts[4].replace("빗물이 노래를", "빗물이 빗물이 노래를", 1)  # a doubled word deep inside
    content = " ".join(parts)
    en = _paragraph("story_en.txt")
    project = build_project("p", text_from_string(" ".join([en] * 6), "en"),
                            [("d", text_from_string(content, "ko"))])
    report = analyse_candidate(project, project.candidates[0])
    doubled = [f for f in report.findings if f.check == "doubled"]
    at = content.index("빗물이 빗물이")
    assert [(f.start, f.end) for f in doubled] == [(at, at + len("빗물이 빗물이"))]
    for f in report.findings:
        assert content[f.start:f.end] == f.quote


def test_documents_beyond_the_size_envelope_are_refused(monkeypatch) -> None:
    from litlens.app.texts import project
    monkeypatch.setattr(project, "MAX_DOCUMENT_CHARS", 1000)
    assert text_from_string("가" * 1000, "ko").content
    with pytest.raises(TextReadError, match="too long.*1,001 characters.*limit is 1,000"):
        text_from_string("가" * 1001, "ko", path="/tmp/huge.txt")


def test_content_cut_depends_on_the_text_not_on_where_the_window_began() -> None:
    text = " ".join(f"문장 {i % 9}번은 {'길고 ' * (i % 5)}끝난다." for i in range(120))
    cuts = {windows_mod.content_cut(text, start, 300) for start in range(0, 60)}
    # windows starting anywhere in the first 60 characters agree on most of their cut points
    assert len(cuts) <= 3
    for c in cuts:
        assert text[c - 2] == "." and text[c - 1] == " "
    assert windows_mod.content_cut(text, 0, 10**6) == len(text)
    with_break = "가나다. " * 40 + "\n" + "라마바. " * 40
    assert windows_mod.content_cut(with_break, 0, 300) == with_break.index("\n") + 1


def test_a_repeated_paragraph_is_analysed_once_per_distinct_window() -> None:
    kiwi.memo.clear()
    first = kiwi.morphemes(LONG, window=700)
    windows, calls = kiwi.memo.hits + kiwi.memo.misses, kiwi.memo.misses
    assert windows >= 25 and calls <= windows // 3  # 14 copies of one story: its windows recur
    kiwi.memo.clear()
    assert kiwi.morphemes(LONG, window=700) == first


def test_the_memo_changes_no_result_and_stays_within_its_budget(monkeypatch) -> None:
    from litlens.app.korean.honorifics import analyse_text

    content = " ".join([CAREFUL, FLAWED] * 4)
    kiwi.memo.clear()
    monkeypatch.setattr(kiwi.memo, "MAX_TEXT", 0)  # nothing kept: every call goes to Kiwi
    plain = analyse_text(content)
    assert kiwi.memo.hits == 0
    monkeypatch.setattr(kiwi.memo, "MAX_TEXT", 4000)
    monkeypatch.setattr(kiwi.memo, "BUDGET", 3000)
    kiwi.memo.clear()
    memoised = analyse_text(content)
    assert kiwi.memo.hits > kiwi.memo.misses  # the second copy is answered from the memo
    assert kiwi.memo._chars <= 3000
    assert [(s.start, s.end, s.result) for s in memoised.sentences] == \
        [(s.start, s.end, s.result) for s in plain.sentences]
    assert memoised.findings == plain.findings and memoised.ledger == plain.ledger
    kiwi.memo.clear()


def test_memo_answers_are_the_callers_own_lists() -> None:
    kiwi.memo.clear()
    a = kiwi.analyze("그는 문을 닫았다.", top_n=3)
    a.clear()  # a caller changing its list does not change what the next caller gets
    b = kiwi.analyze("그는 문을 닫았다.", top_n=3)
    assert b and kiwi.memo.hits == 1
    assert kiwi.analyze("그는 문을 닫았다.", top_n=1)[0][0][0].form == "그"  # top_n is part of the key
    kiwi.memo.clear()


def test_prefetched_answers_are_those_of_single_calls(monkeypatch) -> None:
    texts = ["그는 문을 닫았다.", "자네도 한잔 들게.", "이건 제 거예요.", "자네도 한잔 들게.", "   "]
    monkeypatch.setattr(kiwi, "PREFETCH_CHARS", 20)  # several batches
    kiwi.memo.clear()
    kiwi.prefetch(texts, top_n=3)
    kiwi.prefetch(["가나다. 라마바 사아. 자차카!"], split=True)
    assert kiwi.memo.misses == 0 and len(kiwi.memo._items) == 5  # four distinct texts, one split
    batched = [kiwi.analyze(t, top_n=3) for t in texts[:3]]
    spans = kiwi.split_sentences("가나다. 라마바 사아. 자차카!")
    assert kiwi.memo.misses == 0
    kiwi.memo.clear()
    monkeypatch.setattr(kiwi.memo, "MAX_TEXT", 0)

    def tokens(answer):
        return [([(t.form, t.tag, t.start, t.len) for t in toks], round(score, 3)) for toks, score in answer]
    assert [tokens(a) for a in batched] == [tokens(kiwi.analyze(t, top_n=3)) for t in texts[:3]]
    assert spans == kiwi.split_sentences("가나다. 라마바 사아. 자차카!") == [(0, 4), (5, 12), (13, 17)]


def _numbered(text: str) -> str:
    """``text`` with a running number before every sentence, so no sentence or window recurs."""
    count = iter(range(1, 10**6))
    return re.sub(r"(^|[.?!]\s)(\S)", lambda m: f"{m.group(1)}{next(count)}번째로 {m.group(2)}", text)


def test_windows_ahead_are_analysed_in_batches_and_a_wrong_guess_changes_nothing(monkeypatch) -> None:
    text = _numbered(" ".join([CAREFUL, FLAWED] * 3))
    monkeypatch.setattr(kiwi.memo, "MAX_TEXT", 0)  # no memo, no guessing: one Kiwi call per window
    plain = kiwi.morphemes(text, window=700)
    monkeypatch.setattr(kiwi.memo, "MAX_TEXT", 4000)
    kiwi.memo.clear()
    guessed = kiwi.morphemes(text, window=700)
    windows = kiwi.memo.hits + kiwi.memo.misses
    assert windows >= 20 and kiwi.memo.misses <= windows // 5  # nothing recurs, yet most came in batches
    assert guessed == plain
    # guesses that are all wrong (each window one character off) cost time, never a different result
    real = kiwi._guess_windows
    monkeypatch.setattr(kiwi, "_guess_windows", lambda t, pos, size, tail: [
        w[1:] for w in real(t, pos, size, tail)])
    kiwi.memo.clear()
    assert kiwi.morphemes(text, window=700) == plain
    assert kiwi.memo.misses == windows
    kiwi.memo.clear()


def test_the_splitters_tokens_are_each_sentences_own_best_analysis(monkeypatch) -> None:
    # honorifics reads narration from the splitter's tokens instead of analysing each sentence again;
    # that is only right while Kiwi's splitter gives every sentence the tokens analyze(sentence) gives
    paragraphs = [p for name in ("story_ko_careful.txt", "story_ko_flawed.txt")
                  for p in re.split(r"\n\s*\n", ir.files("litlens.resources.samples").joinpath(name)
                                    .read_text(encoding="utf-8")) if p.strip()]
    paragraphs.append(_numbered(" ".join([CAREFUL, FLAWED])))
    # whole paragraphs, and the narration between their quotes (what honorifics splits)
    stretches = paragraphs + [s for p in paragraphs for s in re.split(r'"[^"]*"|“[^”]*”', p) if s.strip()]
    kiwi.memo.clear()
    kiwi.prefetch(stretches, split=True, tokens=True)
    checked = skipped = 0
    for stretch in stretches:
        for a, b in kiwi.split_sentences(stretch):
            kept = kiwi.sentence_tokens(stretch[a:b])
            if kept is None:  # a stretch with quotation marks: the splitter pairs them across sentences
                assert any(ch in stretch for ch in "\"'“”‘’「」『』()[]")
                skipped += 1
                continue
            own = kiwi.get_kiwi().analyze(stretch[a:b], top_n=1)[0][0]
            assert [(m.form, m.tag, m.start, m.len) for m in kept] == [(t.form, t.tag, t.start, t.len) for t in own]
            checked += 1
    assert checked > 100 and skipped > 0
    kiwi.memo.clear()


def test_narration_is_read_without_a_second_kiwi_pass(monkeypatch) -> None:
    from litlens.app.korean.honorifics import analyse_text

    content = _numbered(" ".join([CAREFUL, FLAWED]))
    monkeypatch.setattr(kiwi.memo, "MAX_TEXT", 0)  # nothing kept: every sentence analysed on its own
    plain = analyse_text(content)
    monkeypatch.setattr(kiwi.memo, "MAX_TEXT", 4000)
    kiwi.memo.clear()
    asked: list[int] = []
    real = kiwi.get_kiwi()

    class Counting:
        def __getattr__(self, name):
            return getattr(real, name)

        def analyze(self, text, top_n=1, **kw):
            asked.extend([top_n] * (len(text) if isinstance(text, list) else 1))
            return real.analyze(text, top_n=top_n, **kw)
    monkeypatch.setattr(kiwi, "_kiwi", Counting())
    shared = analyse_text(content)
    quotes = content.count("\u201c") + content.count('"') // 2
    # no top-1 analyses for narration, and the quotes' vocatives read the split the quotes need anyway
    # (a top-1 analysis only where a quote's sentences could not keep their tokens)
    assert asked.count(1) <= quotes // 10, (asked.count(1), quotes)
    assert [(s.start, s.end, s.result) for s in shared.sentences] == \
        [(s.start, s.end, s.result) for s in plain.sentences]
    assert shared.findings == plain.findings and shared.turns == plain.turns
    kiwi.memo.clear()


def test_a_quotes_split_gives_the_quotes_own_best_analysis() -> None:
    # a quote's vocative is read from the splitter's answer for the quote (its sentences' tokens joined),
    # which is only right while that equals analyze(quote)'s best analysis
    from litlens.app.korean.dialogue import find_quotes

    content = " ".join([CAREFUL, FLAWED, _numbered(" ".join([CAREFUL, FLAWED]))])
    inners = [content[q.inner_start:q.inner_end] for q in find_quotes(content, [(0, len(content))])]
    kiwi.memo.clear()
    kiwi.prefetch(inners, split=True, tokens=True)
    checked = 0
    for inner in inners:
        joined = kiwi.tokens_from_split(inner)
        if joined is None:
            continue
        own = kiwi.get_kiwi().analyze(inner, top_n=1)[0][0]
        assert [(m.form, m.tag, m.start, m.len) for m in joined] == \
            [(t.form, t.tag, t.start, t.len) for t in own]
        checked += 1
    assert checked >= 0.8 * len(inners) and len(inners) >= 40
    kiwi.memo.clear()


def test_splits_kept_for_a_while_outlast_the_memo_budget(monkeypatch) -> None:
    monkeypatch.setattr(kiwi.memo, "BUDGET", 40)
    texts = ["그는 문을 닫았다. 비가 왔다.", "자네도 한잔 들게. 어서."]
    kiwi.memo.clear()
    with kiwi.splits_kept(texts[:1]):
        kiwi.prefetch(texts, split=True, tokens=True)
        kiwi.prefetch([f"다른 문장 {i}번이 여기 있다." for i in range(10)], split=True)  # overflows the budget
        assert ("split", 0, texts[0]) in kiwi.memo and kiwi.tokens_from_split(texts[0]) is not None
        assert ("split", 0, texts[1]) not in kiwi.memo  # not kept: pushed out like any other answer
        assert kiwi.memo._chars <= 40
    assert ("split", 0, texts[0]) not in kiwi.memo  # let go when the block ends
    kiwi.memo.clear()
