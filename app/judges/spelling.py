"""Korean spelling and spacing judge: misspellings and 띄어쓰기 errors in Korean translations, each with the
corrected words, offline (Kiwi's spacing and typo models and our own rules; no LLM).

Every finding is MQM Fluency › Punctuation/Spelling, minor, at the characters of the word(s) concerned,
and its suggestion is the replacement text, so Apply in the review loop writes it into the translation.
Precision comes first: literary prose is full of dialect, archaic speech, onomatopoeia and names, so only
rules that measured right on the tuning split are kept (bench/spelling_accuracy.py prints the figures).
"""

from __future__ import annotations

from litlens.app.core.model import Judgment, Project, Span, Text, text_hash
from litlens.app.explanations import register, render, why
from litlens.app.judges import cards, offload
from litlens.app.judges.base import Judge, JudgeUnavailable, Payload, Summary, Unit, UnitContext
from litlens.app.korean.kiwi import KoreanAnalyserUnavailable
from litlens.app.korean.spelling import SpellingReport, analyse_spelling

JUDGE_ID = "spelling"
CATEGORY = "fluency/punctuation-spelling"  # seed 002 Table 8: misspelt words (and, for us, their spacing)
SEVERITY = "minor"
REPLACEMENT = "replacement"  # span.data key of the text that replaces the span (app.run.corrections reads it)

# the rule a finding came from -> the explanation template that gives its reason (app/explanations.py)
_REASONS = {"context:되/돼": "doe", "context:안/않": "an", "context:로서/로써": "roseo",
            "context:든지/던지": "deunji", "context:수 있다": "su-itda", "context:object": "object",
            "context:일부러": "ilbureo", "kiwi:typo": "typo", "spacing:bound-noun": "bound-noun",
            "spacing:counter": "counter", "spacing:auxiliary": "auxiliary", "spacing:particle": "particle",
            "spacing:copula": "copula", "spacing:word": "word", "spacing:suffix": "suffix", "spacing:compound": "compound",
            "spacing:ending": "ending", "spacing:noun": "noun", "lexicon:되-": "doe-stem"}
# reasons of the rules added after the explanations table was written, kept beside the rules that use them
register({
    "spelling/reason/ending": "An ending is written together with its word (-자마자, -는지); only a bound noun "
                              "is written apart.",
    "spelling/reason/noun": "A noun is written apart from the word before it (했단 말이오, 사랑이란 말).",
    "spelling/reason/doe-stem": "Before an ending that starts with a consonant (-고, -겠-, -는, -면) the stem is "
                                "되; 돼 contracts 되어 and stands only where 되어 could.",
})


class SpellingJudge(Judge):
    id = JUDGE_ID
    name = "Korean spelling and spacing"
    description = ("Flags Korean misspellings (되/돼, 안/않, 로서/로써, 몇일, 금새…) and spacing errors "
                   "(할수, 세마리, 편지 를…) in Korean translations, each with its correction, ready to "
                   "apply. Offline, no LLM; tuned to stay quiet on dialect, onomatopoeia and names.")
    needs_llm = False
    reference = "none"
    target_languages = None  # any project; only its Korean translations are read
    prompt_version = "spelling/2"
    protocol = cards.SPELLING  # what it uses and that all of it is ours (litlens judges --details)

    def check(self, project: Project) -> None:
        super().check(project)
        if not _korean(project):
            raise JudgeUnavailable(
                "The Korean spelling judge reads Korean translations, and no translation in this project is "
                "Korean.")

    def plan(self, project: Project, options: Judge.Options) -> list[Unit]:
        self.check(project)
        return [_unit(label, text) for label, text in _korean(project)]

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        ok = sorted((j for j in results if j.status == "ok" and "counts" in j.data), key=lambda j: j.candidate or "")
        if not ok:
            return []
        rows = [[j.candidate or "", str(j.data["counts"].get("spelling", 0)),
                 str(j.data["counts"].get("spacing", 0)), str(j.data.get("words", 0))] for j in ok]
        return [Summary(title="spelling and spacing", headers=["candidate", "spelling", "spacing", "words"],
                        rows=rows)]


def _korean(project: Project) -> list[tuple[str, Text]]:
    return [(c.label, c.text) for c in project.candidates if c.text.language == "ko"]


def _unit(label: str, text: Text) -> Unit:
    async def run(ctx: UnitContext) -> Judgment:
        try:
            report = await offload.run(analyse_spelling, text.content, text.paragraphs)
        except KoreanAnalyserUnavailable as exc:
            return Judgment(judge=JUDGE_ID, unit=label, candidate=label, paragraph=None, status="failed",
                            error=str(exc))
        return judgment_from_report(label, report, len(text.content.split()))

    return Unit(judge=JUDGE_ID, key=label, input_hash=text_hash(text.content), run=run, candidate=label,
                paragraph=None, needs_llm=False)


def judgment_from_report(label: str, report: SpellingReport, words: int = 0) -> Judgment:
    """The stored Judgment: one minor span per finding, its suggestion the corrected words."""
    spans = []
    for f in report.findings:
        reason = why("spelling/reason/" + _REASONS.get(f.rule, "standard"))
        fragment = why("spelling/finding", quote=f.quote, right=f.right, reason=reason)
        spans.append(Span(judge=JUDGE_ID, category=CATEGORY, severity=SEVERITY, explanation=render(fragment),
                          start=f.start, end=f.end, quote=f.quote, suggestion=f.right, paragraph=f.paragraph,
                          data={"kind": f.kind, "rule": f.rule, "note": f.note, REPLACEMENT: f.right,
                                **fragment}))
    counts = {"spelling": sum(1 for f in report.findings if f.kind == "spelling"),
              "spacing": sum(1 for f in report.findings if f.kind == "spacing")}
    return Judgment(judge=JUDGE_ID, unit=label, candidate=label, paragraph=None, spans=spans,
                    data={"counts": counts, "words": words, "sentences": report.sentences,
                          "unjudged_spacing": report.skipped})
