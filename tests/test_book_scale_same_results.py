"""What was made faster for a whole book gives what the slower way gave: the consistency checks' Korean
tokens read in batches are those of one call per paragraph, on the sample stories, a generated chapter,
a paragraph longer than one analysis window and empty paragraphs."""

from __future__ import annotations

import re
from importlib import resources as ir

from litlens.app.korean.kiwi import best_placed, morphemes
from litlens.app.texts.limits import ANALYSIS_WINDOW_CHARS
from bench_scripts import load_bench


def _novel(words: int) -> tuple[str, str]:
    return load_bench("novel_honorifics").novel(words)


def _sample(name: str) -> str:
    return ir.files("litlens.resources.samples").joinpath(name).read_text(encoding="utf-8")


def _paragraphs(text: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start()) for m in re.finditer(r"[^\n]+(?:\n[^\n]+)*", text)]


def test_batched_tokens_are_one_call_per_paragraph():
    chapter = _novel(3_000)[1]
    long = " ".join(p for p, _ in _paragraphs(chapter))[:3 * ANALYSIS_WINDOW_CHARS]  # read in windows
    texts = [p for name in ("story_ko_careful.txt", "story_ko_flawed.txt") for p, _ in _paragraphs(_sample(name))]
    texts += [p for p, _ in _paragraphs(chapter)] + ["", "   ", long, "끝."]
    offsets = [7 * i for i in range(len(texts))]
    assert len(long) > ANALYSIS_WINDOW_CHARS and len(texts) > 120
    batched = list(best_placed(texts, offsets))
    one_by_one = [morphemes(t, offset=o, placed=True) if t.strip() else [] for t, o in zip(texts, offsets)]
    assert batched == one_by_one
    assert batched[-1][0].start == offsets[-1] and batched[-2]  # placed at the offsets given


def test_payload_dicts_are_asdicts_without_the_copy():
    from dataclasses import asdict

    from litlens.app.consistency import analyse_candidate
    from litlens.app.judges.consistency import ConsistencyJudge
    from litlens.app.judges.consistency import judgment_from_report as consistency_judgment
    from litlens.app.judges.honorifics import HonorificsJudge, judgment_from_report
    from litlens.app.korean.honorifics import analyse_text
    from litlens.app.texts import build_project, text_from_string

    project = build_project("story", text_from_string(_sample("story_en.txt"), "en"),
                            [("careful", text_from_string(_sample("story_ko_careful.txt"), "ko"))])
    cand = project.candidates[0]
    honorifics = judgment_from_report("careful", "careful", analyse_text(cand.text.content))
    consistency = consistency_judgment("careful", analyse_candidate(project, cand))
    payloads = HonorificsJudge().summarize([honorifics]) + ConsistencyJudge().summarize([consistency])
    assert {type(p).__name__ for p in payloads} >= {"SpeechLevelLedger", "TermTable", "Summary"}
    for p in payloads:
        made = p.to_dict()
        assert made == {"kind": p.kind, **asdict(p)}
        # new containers, as asdict makes them: changing the dict never changes the payload
        assert not _containers(made) & _containers([getattr(p, f) for f in p.__dataclass_fields__])


def _containers(value, found=None) -> set[int]:
    found = set() if found is None else found
    if isinstance(value, (dict, list)):
        found.add(id(value))
        for v in value.values() if isinstance(value, dict) else value:
            _containers(v, found)
    elif hasattr(value, "__dataclass_fields__"):
        for f in value.__dataclass_fields__:
            _containers(getattr(value, f), found)
    return found


def test_json_written_in_pieces_is_the_text_encoded_whole():
    import io

    from litlens.app.reports import stream

    value = {"sentences": [{"start": i, "text": f"줄 {i}\n\"인용\"", "levels": {"해요체": i / 3, "none": None},
                            "markers": [], "flags": [True, False]} for i in range(60)], "empty": {}, "n": 1.5}
    for depth in (0, 1, 2):
        for batch in (1, 7, 4096):
            out = io.StringIO()
            stream._write_indented(out, value, depth, batch)
            assert out.getvalue() == stream._indented(value, depth)


def _judged(project) -> tuple[dict, dict]:
    """The honorifics and consistency judgments of the project's first candidate, as stored (plain data)."""
    from litlens.app.consistency import analyse_candidate
    from litlens.app.core.plain import plain
    from litlens.app.judges.consistency import judgment_from_report as consistency_judgment
    from litlens.app.judges.honorifics import judgment_from_report
    from litlens.app.korean.honorifics import analyse_text

    cand = project.candidates[0]
    honorifics = judgment_from_report("k", "k", analyse_text(cand.text.content, cand.text.paragraphs,
                                                             project.source.content))
    return plain(honorifics), plain(consistency_judgment("k", analyse_candidate(project, cand)))


def test_judge_output_is_the_slow_ways_on_the_samples_and_a_chapter(monkeypatch):
    from test_turn_taking_exact import _cubic

    from litlens.app.korean import attribution, kiwi
    from litlens.app.texts import build_project, text_from_string

    en, ko = _novel(2_500)
    projects = [build_project(name, text_from_string(source, "en"), [("k", text_from_string(target, "ko"))])
                for name, source, target in (("careful", _sample("story_en.txt"), _sample("story_ko_careful.txt")),
                                             ("flawed", _sample("story_en.txt"), _sample("story_ko_flawed.txt")),
                                             ("chapter", en, ko))]
    fast = [_judged(p) for p in projects]
    # the ways the book-scale versions replaced: the scene read over every speaker triple, the
    # consistency checks' tokens asked of Kiwi one paragraph at a time, Kiwi's tokens converted as they
    # first were, and the number words read from morphemes kept to the end of the checks
    monkeypatch.setattr(attribution, "decode", _cubic)
    monkeypatch.setattr(kiwi, "best_placed", lambda texts, offsets: [
        kiwi.morphemes(t, offset=o, placed=True) if t.strip() else [] for t, o in zip(texts, offsets)])
    monkeypatch.setattr(kiwi, "_keep_sentence_tokens", _keep_sentence_tokens_first)
    monkeypatch.setattr(kiwi, "_converted", _converted_first)
    _numbers_from_kept_morphemes(monkeypatch)
    kiwi.memo.clear()
    slow = [_judged(p) for p in projects]
    assert fast == slow
    assert len(fast[2][0]["data"]["turns"]) > 50 and fast[1][0]["spans"] and fast[2][1]["data"]["counts"]


def _keep_sentence_tokens_first(text, sents, pin=None) -> None:
    """app.korean.kiwi._keep_sentence_tokens as first written: the quotation check over Kiwi's tokens, then
    each sentence's Morphemes made one by one."""
    from litlens.app.korean import kiwi
    if any(t.tag.startswith("SS") for s in sents for t in s.tokens or ()):
        return
    for s in sents:
        body = s.text.strip()
        if not body or text[s.start:s.end] != s.text or not s.tokens:
            continue
        lead = s.start + len(s.text) - len(s.text.lstrip())
        kiwi.memo.put(("sentence-tokens", 1, body),
                      tuple(kiwi.Morpheme(t.form, t.tag, t.start - lead, t.len) for t in s.tokens), pin)


def _converted_first(tokens, at, placed, before=None):
    from litlens.app.korean.kiwi import Morpheme, Placed
    if before is not None:
        tokens = [t for t in tokens if at + t.start < before]
    if placed:
        return [Placed(t.form, t.tag, at + t.start, at + t.start + t.len) for t in tokens]
    return [Morpheme(t.form, t.tag, at + t.start, t.len) for t in tokens]


def _numbers_from_kept_morphemes(monkeypatch) -> None:
    """The consistency checks' Korean number words read, as they first were, from every paragraph's
    morphemes kept to the end of the checks (not from the numbers read as Kiwi answered)."""
    from litlens.app.consistency import numbers, report, tokens

    class Kept(tokens.TextTokens):
        def __init__(self, text):
            super().__init__(text, keep_morphs=True)
            self.numbers = [[] for _ in self.numbers]  # forgotten: only the morphemes can give them now

    def row_numbers(text, offset, language, toks, paragraphs):
        found = numbers.digit_numbers(text, offset, language == "ko")
        if language == "en":
            return found + numbers.english_numbers(text, offset)
        if language == "ko" and toks is not None:
            return found + [n for p in paragraphs for n in numbers.korean_numbers(toks.morphs[p])]
        return found + report.number_words(text, offset, language)

    monkeypatch.setattr(report, "TextTokens", Kept)
    monkeypatch.setattr(report, "_row_numbers", row_numbers)
