"""One Kiwi pass for two judges: a Korean paragraph that the honorifics judge splits whole (no quote in it) is
given to Kiwi once, and the consistency checks take their tokens from that split (app.korean.kiwi.best_placed),
whichever of the two reaches the paragraph first; the tokens and both judges' findings are those of two
separate passes."""

from __future__ import annotations

import re
import threading

from litlens.app.korean import kiwi
from litlens.app.korean.kiwi_memo import Memo
from bench_scripts import load_bench


def _novel(words: int) -> tuple[str, str]:
    return load_bench("novel_honorifics").novel(words)


def _paragraphs(text: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start()) for m in re.finditer(r"[^\n]+(?:\n[^\n]+)*", text)]


class _Counting:
    """Kiwi, counting the texts each kind of call is given."""

    def __init__(self, real) -> None:
        self.real = real
        self.analysed: list[str] = []
        self.split: list[str] = []

    def __getattr__(self, name):
        return getattr(self.real, name)

    def analyze(self, text, top_n=1, **kw):
        if isinstance(text, str):
            self.analysed.append(text)
        elif isinstance(text, list):
            self.analysed.extend(text)
        else:  # an iterator (analyze_each): counted as it is read
            text = list(text)
            self.analysed.extend(text)
        return self.real.analyze(text, top_n=top_n, **kw)

    def split_into_sents(self, text, **kw):
        self.split.extend(text if isinstance(text, list) else [text])
        return self.real.split_into_sents(text, **kw)


def _counting(monkeypatch) -> _Counting:
    counting = _Counting(kiwi.get_kiwi())
    monkeypatch.setattr(kiwi, "_kiwi", counting)
    kiwi.memo.clear()
    return counting


def _one_by_one(texts: list[str], offsets: list[int]) -> list:
    return [kiwi.morphemes(t, offset=o, placed=True) if t.strip() else [] for t, o in zip(texts, offsets)]


def test_paragraphs_pinned_for_their_split_are_split_once_with_the_same_tokens(monkeypatch):
    chapter = _novel(2_000)[1]
    texts, offsets = zip(*_paragraphs(chapter))
    texts, offsets = list(texts), list(offsets)
    whole = [t for t in texts if '"' not in t]  # what honorifics splits whole: paragraphs without a quote
    expected = _one_by_one(texts, offsets)
    counting = _counting(monkeypatch)
    with kiwi.splits_kept(whole):  # the honorifics judge has not reached them yet
        assert list(kiwi.best_placed(texts, offsets)) == expected
        assert sorted(counting.split) == sorted(whole) and len(whole) > 20
        assert not set(whole) & set(counting.analysed)  # analysed by the split alone
        kiwi.prefetch(whole, split=True, tokens=True)  # the honorifics judge gets there: nothing asked again
        assert sorted(counting.split) == sorted(whole)
        assert all(kiwi.tokens_from_split(t) is not None for t in whole)
    kiwi.memo.clear()


def test_a_paragraph_split_first_by_honorifics_is_not_analysed_again(monkeypatch):
    from litlens.app.korean.honorifics import analyse_text

    chapter = _novel(1_500)[1]
    texts, offsets = zip(*_paragraphs(chapter))
    expected = _one_by_one(list(texts), list(offsets))
    whole = {t for t in texts if '"' not in t}
    counting = _counting(monkeypatch)
    analyse_text(chapter)  # its splits are let go to the memo once read, where the consistency checks look
    split_once = list(counting.split)
    counting.analysed.clear()
    assert list(kiwi.best_placed(list(texts), list(offsets))) == expected
    assert counting.split == split_once and not whole & set(counting.analysed)
    assert whole and set(counting.analysed)  # the paragraphs with quotes are analysed as before
    kiwi.memo.clear()


def test_both_judges_at_once_find_what_each_finds_alone():
    from litlens.app.consistency import analyse_candidate
    from litlens.app.core.plain import plain
    from litlens.app.korean.honorifics import analyse_text
    from litlens.app.texts import build_project, text_from_string

    en, ko = _novel(4_000)
    project = build_project("chapter", text_from_string(en, "en"), [("k", text_from_string(ko, "ko"))])
    cand = project.candidates[0]

    def honorifics():
        r = analyse_text(cand.text.content, cand.text.paragraphs, en)
        return [(s.start, s.end, s.result) for s in r.sentences], r.findings, r.turns, r.ledger

    def consistency():
        return plain(analyse_candidate(project, cand).findings)

    kiwi.memo.clear()
    alone = (consistency(), honorifics())  # consistency first: nothing pinned, nothing shared
    kiwi.memo.clear()
    together: dict[str, object] = {}
    threads = [threading.Thread(target=lambda: together.__setitem__("c", consistency())),
               threading.Thread(target=lambda: together.__setitem__("h", honorifics()))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert (together["c"], together["h"]) == alone
    assert alone[1][2] and alone[0]
    kiwi.memo.clear()


def test_a_released_split_leaves_its_pin_for_the_bounded_memo():
    memo = Memo()
    text, other = "그는 문을 닫았다. 비가 왔다.", "자네도 한잔 들게."
    pin = memo.pin([text, other])
    kept = memo.pinned_for(text)
    memo.put(("split", 0, text), [(0, 10), (11, 17)], kept)
    memo.put(("sentence-tokens", 1, text[0:10]), ("a",), kept)
    memo.put(("sentence-tokens", 1, text[11:17]), ("b",), kept)
    memo.put(("split", 0, other), [(0, 9)], kept)
    assert memo.held() == len(text) + len(other) and memo._chars == 0
    memo.release([text])
    assert memo.pinned_for(text) is None and memo.pinned_for(other) is kept  # no longer asked for
    assert memo.held() == len(other)  # the pin holds only what its reader has not reached
    assert memo.peek(("split", 0, text)) == [(0, 10), (11, 17)]  # still there, within the budget
    assert memo.peek(("sentence-tokens", 1, text[11:17])) == ("b",)
    memo.unpin(pin)
    assert memo.peek(("split", 0, text)) is not None and memo.peek(("split", 0, other)) is None
