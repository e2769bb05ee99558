"""Korean honorifics judge: speech levels from Kiwi's morphemes, and the slips a Korean reader would notice.

Deterministic and local (no LLM). It reads every Korean text in the project — each Korean translation,
and the source when the source is Korean — and reports turns that mix levels, speakers whose level
toward the same listener changes, and narration that drifts, as located spans with plain explanations.
"""

from __future__ import annotations

import json
from typing import Any

from litlens.app.core.counts import noun
from litlens.app.explanations import render, why
from litlens.app.judges import cards, offload
from litlens.app.judges.base import Judge, JudgeUnavailable, Payload, Unit, UnitContext
from litlens.app.judges.payloads import SpeechLevelLedger
from litlens.app.korean import incremental
from litlens.app.korean.honorifics import HonorificReport
from litlens.app.korean.kiwi import KoreanAnalyserUnavailable
from litlens.app.korean.rewrite import rewrite_ending
from litlens.app.core.model import Judgment, Project, Score, Span, Text, text_hash

JUDGE_ID = "honorifics"
CATEGORY = "fluency/grammatical-register"  # MQM: formal/informal verb forms where the other is required
SOURCE_KEY = "source"
REPLACEMENT = "replacement"  # span.data key of text that can replace the span (app.run.corrections reads it)


class HonorificsJudge(Judge):
    id = JUDGE_ID
    name = "Korean honorifics"
    description = ("Reads the speech level of every Korean sentence (하십시오체, 해요체, 하오체, 하게체, 해라체, "
                   "해체) and flags speeches that mix levels, speakers who change level toward the same "
                   "listener, and narration that drifts. No LLM needed.")
    needs_llm = False
    reference = "none"
    target_languages = None  # any project; only its Korean texts are analysed
    prompt_version = "honorifics/2"  # 2: findings carry the rewritten ending as replacement text
    protocol = cards.HONORIFICS  # what it follows and how it differs (litlens judges --details)

    def check(self, project: Project) -> None:
        super().check(project)
        if not _korean_texts(project):
            raise JudgeUnavailable(
                "The Korean honorifics judge reads Korean texts, and no text in this project is Korean.")

    def plan(self, project: Project, options: Judge.Options) -> list[Unit]:
        self.check(project)
        # a reviewer's corrections of who speaks win over the offline reading (the LLM's reading is shown in
        # the ledger when the reviewer chooses it; the findings stay those of the offline rules)
        return [_unit(key, label, text, [o for o in project.speakers.get(label or "", []) if o.get("source") == "user"])
                for key, label, text in _korean_texts(project)]

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        from litlens.app.korean.levels import LEVELS
        # the source's own levels are not a candidate's: only translations go into the ledger
        ok = [j for j in results if j.status == "ok" and j.candidate is not None and "sentences" in j.data]
        per = {j.candidate: list(j.data.get("sentences", [])) for j in ok}
        pairs = {j.candidate: list(j.data.get("ledger", [])) for j in ok}
        unknown = {j.candidate: list(j.data.get("unattributed", [])) for j in ok}
        cast = {j.candidate: list(j.data.get("cast", [])) for j in ok}
        turns = {j.candidate: list(j.data.get("turns", [])) for j in ok}
        return [SpeechLevelLedger("speech levels", list(LEVELS), per, pairs, unknown, cast, turns)] if per else []


def _korean_texts(project: Project) -> list[tuple[str, str | None, Text]]:
    found: list[tuple[str, str | None, Text]] = []
    if project.source.language == "ko":
        found.append((SOURCE_KEY, None, project.source))
    found.extend((c.label, c.label, c.text) for c in project.candidates if c.text.language == "ko")
    return found


def _unit(key: str, label: str | None, text: Text, speakers: list[dict] | None = None) -> Unit:
    async def run(ctx: UnitContext) -> Judgment:
        try:
            # after a one-paragraph edit only the stretch around it is read again (app.korean.incremental);
            # the judgment is made there too (judged)
            return await offload.run(judged, key, label, text.content, text.paragraphs, None, speakers or None)
        except KoreanAnalyserUnavailable as exc:
            return Judgment(judge=JUDGE_ID, unit=key, candidate=label, paragraph=None, status="failed",
                            error=str(exc))

    given = [json.dumps([o.get("start"), o.get("end"), o.get("speaker"), o.get("listener")], ensure_ascii=False)
             for o in speakers or []]
    return Unit(judge=JUDGE_ID, key=key, input_hash=text_hash(text.content, *given), run=run, candidate=label,
                paragraph=None, needs_llm=False)


def analyse_with_rewrites(content: str, paragraphs: Any, source: str | None,
                          speakers: list[dict] | None) -> tuple[HonorificReport, dict[tuple[int, int], str]]:
    """The analysis and each finding's sentence rewritten at the expected level, both where the analysis
    runs (the window's analyser process, whose Kiwi is loaded): rewriting afterwards on the run's thread
    loaded a second Kiwi into the window's process and conjugated thousands of endings there, holding
    its GIL for 1-2 s at a time on a book (bench/first_run_latency.py --book)."""
    report = incremental.analyse(content, paragraphs, source, speakers)
    return report, rewrites_for(report)


def rewrites_for(report: HonorificReport) -> dict[tuple[int, int], str]:
    """Each finding's sentence as it reads at the expected level, where Kiwi can conjugate its ending,
    by the finding's (start, end)."""
    out = {}
    for f in report.findings:
        rewritten = rewrite_ending(f.quote, f.expected) if f.quote and f.expected else None
        if rewritten:
            out[(f.start, f.end)] = rewritten
    return out


def judgment_from_report(key: str, label: str | None, report: HonorificReport,
                         rewrites: dict[tuple[int, int], str] | None = None) -> Judgment:
    """Turn an analysis into the stored Judgment: spans, one score, and the per-sentence levels.
    ``rewrites``: from ``rewrites_for`` (made here when not given)."""
    rewrites = rewrites_for(report) if rewrites is None else rewrites
    spans = [Span(judge=JUDGE_ID, category=CATEGORY, severity=f.severity,  # type: ignore[arg-type]
                  explanation=f.explanation, start=f.start, end=f.end, quote=f.quote, paragraph=f.paragraph,
                  suggestion=render(advice := why("honorifics/use", expected=f.expected)),
                  data={"kind": f.kind, "level": f.level, "expected": f.expected,
                        "speaker": f.speaker, "listener": f.listener, "suggestion_why": advice,
                        **f.why,  # the explanation as a template (app.explanations), for the window
                        # the advice stays the suggestion; the sentence as it reads at the expected level,
                        # where Kiwi can conjugate its ending, is what Apply writes
                        **({REPLACEMENT: rewrites[f.start, f.end]} if (f.start, f.end) in rewrites else {})})
             for f in report.findings]
    classified = len(report.classified)
    majors = sum(1 for f in report.findings if f.severity == "major")
    minors = len(report.findings) - majors
    score = Score(
        dimension="honorific consistency", value=report.consistency(), scale_min=0.0, scale_max=1.0,
        rationale=(f"{noun(classified, 'sentence')} had a clear speech level; {majors} major and {minors} minor "
                   f"honorific slips (minor ones count half)."))
    sentences = [{"start": s.start, "end": s.end, "paragraph": s.paragraph, "level": s.result.level,
                  "confidence": s.result.confidence, "dialogue": s.dialogue, "speaker": s.speaker,
                  "listener": s.listener, "ending": s.result.ending,
                  "markers": [m.form for m in s.result.markers]}
                 for s in report.sentences]
    return Judgment(
        judge=JUDGE_ID, unit=key, candidate=label, paragraph=None, scores=[score], spans=spans,
        data={"sentences": sentences, "ledger": report.ledger,
              "paragraph_levels": {str(k): v for k, v in report.paragraph_levels.items()},
              "narration_level": report.narration_level,
              "turns": [{"paragraph": t.paragraph, "speaker": t.speaker, "listener": t.listener,
                         "start": t.quotes[0].start, "end": t.quotes[-1].end, "confidence": t.confidence,
                         "evidence": t.evidence, "speaker_how_why": t.how_why,
                         "listener_how_why": t.listener_how_why} for t in report.turns],
              # turns whose speaker is unknown (shown as such, never under a guess) and the characters
              # with the words the text uses for each, for the window's tooltips
              "unattributed": report.unattributed,
              "cast": [{"name": c.name, "aliases": sorted(c.aliases)} for c in report.cast or []]})


def judged(key: str, label: str | None, content: str, paragraphs: Any, source: str | None,
           speakers: list[dict] | None) -> Judgment:
    """The unit's judgment, made where the analysis runs (the window's analyser process): the report, its
    rewrites and the spans and ledger built from them. Built on the run's thread, a book's judgment was
    0.26 s of Python competing with the window for the GIL, after a report that took 0.28 s to unpickle."""
    report, rewrites = analyse_with_rewrites(content, paragraphs, source, speakers)
    return judgment_from_report(key, label, report, rewrites)
