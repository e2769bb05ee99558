"""Honorifics classifies each sentence while Kiwi analyses the ones after it (app.korean.kiwi.analyze_each):
the caller must see every text, in order, with its answer ready, and the results must be those of
analysing the whole batch first."""

from __future__ import annotations

import re
from importlib import resources as ir

from litlens.app.korean import kiwi


def _tokens(answer):
    return [([(t.form, t.tag, t.start, t.len) for t in toks], round(score, 3)) for toks, score in answer]


def _numbered_story() -> str:
    parts = []
    for name in ("story_ko_careful.txt", "story_ko_flawed.txt"):
        text = ir.files("litlens.resources.samples").joinpath(name).read_text(encoding="utf-8")
        parts.append(" ".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()))
    count = iter(range(1, 10**6))
    return re.sub(r"(^|[.?!]\s)(\S)", lambda m: f"{m.group(1)}{next(count)}번째로 {m.group(2)}", " ".join(parts))


def test_each_text_is_handed_over_in_order_with_its_answer_ready() -> None:
    texts = ["그는 문을 닫았다.", "자네도 한잔 들게.", "", "이건 제 거예요.", "자네도 한잔 들게.", "   "]
    kiwi.memo.clear()
    kiwi.analyze("이건 제 거예요.", top_n=3)  # one answer already known: not asked again
    seen: list[int] = []
    answers: dict[int, list] = {}

    def each(i: int) -> None:
        seen.append(i)
        if texts[i].strip():
            misses = kiwi.memo.misses
            answers[i] = kiwi.analyze(texts[i], top_n=3)
            assert kiwi.memo.misses == misses, f"text {i} was not ready when its turn came"

    kiwi.analyze_each(texts, 3, each)
    assert seen == list(range(len(texts)))
    kiwi.memo.clear()
    single = {i: kiwi.get_kiwi().analyze(texts[i], top_n=3) for i in answers}
    assert {i: _tokens(a) for i, a in answers.items()} == {i: _tokens(a) for i, a in single.items()}
    kiwi.memo.clear()


def test_nothing_kept_means_each_text_is_analysed_by_its_caller(monkeypatch) -> None:
    monkeypatch.setattr(kiwi.memo, "MAX_TEXT", 0)
    kiwi.memo.clear()
    out: list[list] = []
    texts = ["그는 문을 닫았다.", "이건 제 거예요."]
    kiwi.analyze_each(texts, 1, lambda i: out.append(kiwi.analyze(texts[i])))
    assert len(out) == 2 and kiwi.memo.hits == 0 and not kiwi.memo._items
    kiwi.memo.clear()


def test_streamed_honorifics_equal_batch_then_loop(monkeypatch) -> None:
    from litlens.app.korean.honorifics import analyse_text

    content = _numbered_story()
    kiwi.memo.clear()
    streamed = analyse_text(content)

    def batch_first(texts, top_n, each):
        kiwi.prefetch(texts, top_n=top_n)
        for i in range(len(texts)):
            each(i)
    monkeypatch.setattr(kiwi, "analyze_each", batch_first)
    kiwi.memo.clear()
    batched = analyse_text(content)
    assert [(s.start, s.end, s.dialogue, s.result, s.turn) for s in streamed.sentences] == \
        [(s.start, s.end, s.dialogue, s.result, s.turn) for s in batched.sentences]
    assert streamed.findings == batched.findings and streamed.ledger == batched.ledger
    kiwi.memo.clear()


def test_morphemes_are_light_tuples_with_named_fields() -> None:
    from litlens.app.consistency.tokens import Morph

    m = kiwi.morphemes("그는 문을 닫았다.")[0]
    assert (m.form, m.tag, m.start, m.len) == ("그", "NP", 0, 1) and isinstance(m, tuple)
    assert Morph("그", "NP", 5, 6).end == 6
