"""Speech level of one Korean sentence, read from the last ending in Kiwi's analyses, plus honorific markers."""

from __future__ import annotations

from typing import Any

import math
import re
from dataclasses import dataclass, field

from litlens.app.explanations import Fragment, explained, render, why
from litlens.app.korean import kiwi as _kiwi
from litlens.app.korean.levels import (AMBIGUOUS_HAGE, CONTEXT_CUES, EC_FINAL_OK, JAMO_TO_COMPAT, rule_for,
                                       rule_after, rule_why)

TOP_N = 3  # Kiwi's alternative analyses weighed when the best one is doubtful
# The alternatives are asked for the sentence's last words only: the level is read from the final ending,
# and three words give Kiwi the context that decides it (chosen on the tuning split: with two words one of
# its sentences changed level, with three none did; the held-out split is unchanged too, and confidences
# moved by 0.0002 on average). A whole long sentence analysed three ways was most of the analyser's time
# on a book-length text.
TAIL_WORDS = 3
_WORD = re.compile(r"\S+")
_PUNCT = ("SF", "SP", "SS", "SSO", "SSC", "SE", "SO", "SW")
_NOUNISH = ("NNG", "NNP", "NNB", "NP", "NR", "SL", "SH", "SN", "XSN", "XPN", "JKV", "IC")

# Lemmas that show deference to the subject/listener, and humble forms that lower the speaker.
_LEXICAL = {"계시": "계시다", "주무시": "주무시다", "잡수": "잡수다", "잡숫": "잡숫다", "드시": "드시다",
            "돌아가시": "돌아가시다", "말씀": "말씀", "진지": "진지", "댁": "댁", "연세": "연세",
            "성함": "성함", "생신": "생신", "춘추": "춘추", "어르신": "어르신", "부친": "부친",
            "모친": "모친", "따님": "따님", "아드님": "아드님"}
_HUMBLE = {"드리": "드리다", "여쭈": "여쭈다", "여쭙": "여쭙다", "뵙": "뵙다", "뵈": "뵈다", "모시": "모시다",
           "저": "저", "저희": "저희"}
_SURFACE_LEXICAL = ("주무시", "주무세", "주무셨", "잡수시", "잡수세")  # forms Kiwi sometimes mis-splits


@dataclass(frozen=True)
class Marker:
    """An honorific or humble form, at offsets relative to the sentence."""

    kind: str  # subject-honorific | honorific-particle | honorific-suffix | lexical-honorific | humble
    form: str
    start: int
    end: int

    def why(self) -> Fragment:
        """The marker as the drill shows it, "-시- (subject-honorific)", as an explanation fragment."""
        return why(f"marker/{self.kind}", form=self.form)


@dataclass
class LevelResult:
    level: str | None
    confidence: float
    ending: str  # the word carrying the final ending, as written, e.g. "식어요"
    ending_morpheme: str = ""  # e.g. "-어요"
    ending_start: int | None = None  # offsets relative to the sentence
    ending_end: int | None = None
    markers: list[Marker] = field(default_factory=list)
    evidence: str = ""
    alternatives: dict[str, float] = field(default_factory=dict)  # level -> weight over Kiwi's analyses
    evidence_why: Fragment = field(default_factory=dict)  # the template ``evidence`` is rendered from


@dataclass
class _Reading:
    level: str | None
    confidence: float
    token: Any | None  # a Kiwi token
    why: Fragment  # the note, as an explanation template (app.explanations)

    @property
    def note(self) -> str:
        return render(self.why)


def _final_reading(tokens: list, text: str, context: str) -> _Reading:
    """Level from one analysis: the last ending morpheme decides (EF or EC), not only EF."""
    body = [t for t in tokens if not t.tag.startswith(_PUNCT)]
    if not body:
        return _Reading(None, 0.0, None, why("speech/no-words"))
    question = text.rstrip().rstrip("\"'”’」』)").endswith("?")
    last_e = max((i for i, t in enumerate(body) if t.tag.startswith("E") and t.tag != "EP"), default=None)
    tail = body[last_e + 1:] if last_e is not None else body
    if body[-1].form == "요" and body[-1].tag.startswith("J"):
        # noun + 요 ("어디요?") is 이- + -오 contracted when the speaker is at 하오체 (a cue such as 이보시오)
        after_noun = len(body) > 1 and body[-2].tag.startswith(("NN", "NP"))
        if (last_e is None or after_noun) and any(cue in context for cue in CONTEXT_CUES["하오체"]):
            return _Reading("하오체", 0.6, body[-1], why("speech/noun-yo-hao"))
        return _Reading("해요체", 0.85, body[-1], why("speech/polite-yo"))
    if last_e is None:
        return _Reading(None, 0.0, None, why("speech/no-ending"))
    tok = body[last_e]
    if tok.tag in ("ETM", "ETN"):
        return _Reading(None, 0.0, tok, why("speech/noun-forming"))
    if tail:
        # Words after the final ending are fine only as a vocative or afterthought set off by a comma.
        comma_before_tail = any(t.tag == "SP" and tok.start < t.start < tail[0].start for t in tokens)
        if not comma_before_tail or not all(t.tag.startswith(_NOUNISH) or t.tag.startswith("J") for t in tail):
            return _Reading(None, 0.0, tok, why("speech/words-after"))
    form = tok.form
    # Kiwi tags a sentence-final ending EC when a vocative follows it ("환영합니다, 선생님.") and often
    # in past-tense questions ("먹었니?"); the sentence still ends there, so any ending with a known level
    # counts. Elsewhere an EC that is not a usual final form means the sentence was left unfinished.
    ends_here = bool(tail) or question
    if tok.tag == "EC" and form not in EC_FINAL_OK and not (ends_here and rule_for(form)):
        return _Reading(None, 0.0, tok, why("speech/connective"))
    if form == "요" and tok.tag == "EF" and last_e > 0 and body[last_e - 1].tag == "VCP":
        level, conf, note = "하오체", 0.6, why("speech/i-o-contracted")
    elif form == "오" and last_e > 0 and body[last_e - 1].form == "달" and body[last_e - 1].tag in ("VV", "VX"):
        level, conf, note = "해라체", 0.85, why("speech/dao")  # 읽어 다오: 달다's order, not -(으)오
    else:
        rule = rule_after(_prefinal(body, last_e), form)
        if rule is None:
            return _Reading(None, 0.0, tok, why("speech/unknown-ending", form=form))
        level, conf, note = rule[0], rule[1], rule_why(rule[2])
    if form in ("게",) and question:
        level, conf, note = "해체", 0.6, why("speech/ge-question")
    if _hage_ambiguous(form, conf) and any(cue in context for cue in CONTEXT_CUES["하게체"]):
        level, conf, note = "하게체", 0.85, why("speech/hage-cue", form=form)
    if _hage_ambiguous(form, conf) and level != "하게체" and _neighbours_hage(context, text):
        level, conf, note = "하게체", 0.75, why("speech/hage-turn", form=form)
    if level == "해요체" and form == "요" and any(cue in context for cue in CONTEXT_CUES["하오체"]):
        level, conf, note = "하오체", 0.6, why("speech/yo-hao")
    if tok.tag == "EC":
        conf *= 0.9  # Kiwi thought the sentence went on; trust the form a little less
    return _Reading(level, conf, tok, note)


def _neighbours_hage(context: str, text: str) -> bool:
    """Whether the rest of the turn (``context`` minus this sentence) has a sentence clearly at 하게체.

    -네, -구먼, -군 are heard at 해체 and at 하게체 alike; the speaker's other sentences decide. Only a
    context written as sentences is read (analyse_text passes bare cue words, settled elsewhere).
    """
    rest = context.replace(text, " ").strip()
    if not rest or not any(p in rest for p in ".?!"):
        return False
    for a, b in _kiwi.split_sentences(rest):
        sent = rest[a:b]  # never ``text`` itself: every occurrence of it was taken out above
        for toks, _ in _kiwi.analyze(sent, top_n=1):
            r = _final_reading(toks, sent, "")
            if r.level == "하게체" and r.confidence >= 0.75 and not (r.token and r.token.form in AMBIGUOUS_HAGE):
                return True
    return False


def _markers(tokens: list, text: str) -> list[Marker]:
    out: list[Marker] = []
    for t in tokens:
        span = (t.start, t.start + t.len)
        if t.tag == "EP" and t.form in ("시", "으시", "셔", "세"):
            out.append(Marker("subject-honorific", "-시-", *span))
        elif t.tag.startswith("J") and t.form in ("께서", "께"):
            out.append(Marker("honorific-particle", t.form, *span))
        elif t.form == "님" or (t.tag.startswith("NN") and t.form.endswith("님") and len(t.form) > 1):
            out.append(Marker("honorific-suffix", t.form, *span))
        elif t.form in _LEXICAL and (t.tag.startswith("V") or t.tag.startswith("NN")):
            out.append(Marker("lexical-honorific", _LEXICAL[t.form], *span))
        elif t.form in _HUMBLE and (t.tag.startswith("V") or t.tag == "NP"):
            out.append(Marker("humble", _HUMBLE[t.form], *span))
    for form in _SURFACE_LEXICAL:
        i = text.find(form)
        if i >= 0 and not any(m.kind == "lexical-honorific" and m.start <= i < m.end for m in out):
            out.append(Marker("lexical-honorific", "주무시다" if form.startswith("주무") else "잡수시다",
                              i, i + len(form)))
    return sorted(out, key=lambda m: m.start)


def _word_around(text: str, pos: int) -> tuple[int, int]:
    start = pos
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    end = pos
    while end < len(text) and not text[end].isspace() and text[end] not in ".?!,…\"'”’":
        end += 1
    return start, end


def reading_start(text: str) -> int:
    """Where the part of ``text`` whose alternative analyses decide its level begins: its TAIL_WORDS-th
    last word (0 for a shorter sentence)."""
    starts = [m.start() for m in _WORD.finditer(text)]
    return starts[-TAIL_WORDS] if len(starts) > TAIL_WORDS else 0


def reading_text(text: str) -> str:
    """The text ``classify_sentence`` asks Kiwi's TOP_N analyses of (batch callers prefetch these)."""
    return text[reading_start(text):]


def _best_tokens(text: str) -> list:
    """Kiwi's best analysis of the whole sentence (the splitter's, when it kept it): honorific markers
    are looked for anywhere in the sentence, not only in its last words."""
    kept = _kiwi.sentence_tokens(text)
    if kept is not None:
        return kept
    found = _kiwi.analyze(text, top_n=1)
    return found[0][0] if found else []


def classify_sentence(text: str, context: str = "") -> LevelResult:
    """Speech level of one sentence. ``context`` is the surrounding turn, used for cues such as 자네."""
    cut = reading_start(text)
    # the tokens' offsets are into text[cut:]: the readings compare them only with each other, and the
    # chosen ending's is moved by ``cut`` below (re-offsetting every token cost more than the reading)
    analyses = _kiwi.analyze(text[cut:], top_n=TOP_N)
    if not analyses:
        evidence, evidence_why = explained("speech/no-analysis")
        return LevelResult(None, 0.0, "", evidence=evidence, evidence_why=evidence_why)
    ctx = f"{context} {text}"
    readings = [_final_reading(toks, text, ctx) for toks, _ in analyses]
    best = max(s for _, s in analyses)
    weights = [math.exp(s - best) for _, s in analyses]
    total = sum(weights)
    support: dict[str, float] = {}
    for r, w in zip(readings, weights):
        if r.level:
            support[r.level] = support.get(r.level, 0.0) + w / total * r.confidence
    markers = _markers(analyses[0][0] if not cut else _best_tokens(text), text)
    if not support or max(support.values()) < 0.25:  # only far-fetched alternatives had a level
        r0 = readings[0]
        return LevelResult(None, 0.0, "", markers=markers, evidence=r0.note, evidence_why=r0.why)
    level = max(support, key=lambda k: support[k])
    chosen = next(r for r in readings if r.level == level)
    tok = chosen.token
    start, end = _word_around(text, tok.start + cut) if tok is not None else (0, 0)
    used = why("speech/best-analysis" if readings[0].level == level else "speech/alternative-analysis")
    evidence, evidence_why = explained("speech/evidence", note=chosen.why, used=used, count=len(analyses))
    morpheme = "-" + tok.form.translate(JAMO_TO_COMPAT) if tok is not None else ""
    return LevelResult(
        level=level,
        confidence=round(min(1.0, support[level]), 3),
        ending=text[start:end],
        ending_morpheme=morpheme,
        ending_start=start,
        ending_end=end,
        markers=markers,
        evidence=evidence,
        alternatives={k: round(v, 3) for k, v in sorted(support.items(), key=lambda kv: -kv[1])},
        evidence_why=evidence_why,
    )


def _hage_ambiguous(form: str, conf: float) -> bool:
    """An ending heard at 하게체 as well as its own level (-네, -군, -나, -지…), which the speaker's other words
    decide; an ending merely spelt with one at its end but sure of its own level (-구나, -자꾸나, -려무나:
    해라체) is not."""
    return form in AMBIGUOUS_HAGE or (form.endswith(tuple(AMBIGUOUS_HAGE)) and conf < 0.85)


def _prefinal(body: list, last_e: int) -> str:
    """The form of the pre-final ending (EP) right before the final ending at ``last_e``, "" when none is."""
    before = body[last_e - 1] if last_e else None  # last_e is 0 when the ending is the first word
    return before.form if before is not None and before.tag == "EP" else ""
