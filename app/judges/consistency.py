"""Consistency judge: deterministic checks on each translation (names spelt two ways, numbers that differ
from the source, untranslated passages, doubled words, unpaired quotes/brackets, paragraph-length
outliers). No LLM and no key; one unit per candidate; every finding is a located span."""

from __future__ import annotations

from dataclasses import dataclass

from litlens.app.consistency import CHECKS, ConsistencyReport, analyse_candidate
from litlens.app.judges import offload
from litlens.app.judges.base import Judge, Payload, Summary, Unit, UnitContext
from litlens.app.judges.payloads import TermTable
from litlens.app.judges import cards
from litlens.app.judges.options import JudgeOptions, OptionError, option
from litlens.app.formats.errors import FormatError
from litlens.app.terms import Termbase, load_termbase
from litlens.app.core.model import Candidate, Judgment, Project, Span, text_hash
from litlens.app.texts.terms import find_terms

JUDGE_ID = "consistency"


class ConsistencyJudge(Judge):
    id = JUDGE_ID
    name = "Consistency checks"
    description = ("Finds names rendered differently across a translation (Korean spellings compared "
                   "jamo by jamo), numbers that differ from the source, untranslated passages, doubled "
                   "words, unpaired quotes and brackets, and paragraphs whose length suggests an omission "
                   "or addition. No LLM needed.")
    needs_llm = False
    reference = "none"
    prompt_version = "consistency/1"
    protocol = cards.CONSISTENCY  # what it follows and how it differs (litlens judges --details)

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        spacy_model: str = option("en_core_web_sm", help="spaCy model that finds names in the source "
                                                         "(empty: simple rules)")
        termbase: str = option("", help="termbase to enforce: a TBX, CSV, TSV or XLSX file (empty: none)")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        model = options.spacy_model
        # in the analyser process when the window asked for one: loading spaCy holds the GIL for seconds
        terms = offload.call(find_terms, project.source.content, project.source.language, model or None)
        termbase = termbase_for(project, options.termbase) if options.termbase else None
        return [_unit(project, cand, terms, model, termbase) for cand in project.candidates]

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        ok = [j for j in results if j.status == "ok" and "counts" in j.data]
        if not ok:
            return []
        checks = [k for k in CHECKS if k != "termbase" or any(j.data.get("termbase") for j in ok)]
        headers = ["candidate", *(CHECKS[k] for k in checks), "total"]
        rows, counts, tables = [], {}, {}
        for j in sorted(ok, key=lambda j: j.candidate or ""):
            label = j.candidate or ""
            c = {k: int(j.data["counts"].get(k, 0)) for k in checks}
            counts[label] = c
            tables[label] = j.data.get("term_table", {})
            rows.append([label, *(str(c[k]) for k in checks), str(sum(c.values()))])
        notes = sorted({n for j in ok for n in j.data.get("notes", [])})
        notes_why = [f for j in ok for f in j.data.get("notes_why", [])]  # for the window's language
        return [
            Summary(title="findings per check", headers=headers, rows=rows,
                    data={"counts": counts, "term_table": tables, "notes": notes}),
            TermTable("term renderings", tables, notes, notes_why),
        ]


def termbase_for(project: Project, path: str) -> Termbase:
    """The termbase file at ``path`` read for this project's languages (turned round when it was written
    the other way). An unreadable file stops the run before it starts (OptionError)."""
    try:
        tb = load_termbase(path)
    except FormatError as exc:
        raise OptionError(f"termbase: {exc}", JUDGE_ID, "termbase") from None
    src, tgt = project.source.language, project.candidates[0].text.language if project.candidates else ""
    if (tb.source_lang, tb.target_lang) == (tgt, src) and src != tgt:
        tb = tb.reversed()
    return tb


def _unit(project: Project, cand: Candidate, terms, model: str, termbase: Termbase | None = None) -> Unit:
    async def run(ctx: UnitContext) -> Judgment:
        report = await offload.run(analyse_candidate, project, cand, terms, None, termbase)
        return judgment_from_report(cand.label, report)

    return Unit(judge=JUDGE_ID, key=cand.label, candidate=cand.label, paragraph=None, needs_llm=False,
                run=run,
                input_hash=text_hash(project.source.language, project.source.content, cand.text.language,
                                     cand.text.content, _alignment_key(cand), model, terms.method,
                                     *([termbase.digest()] if termbase is not None else [])))


def _alignment_key(cand: Candidate) -> str:
    if cand.alignment is None:
        return ""
    return ";".join(f"{p.source}>{p.target}" for p in cand.alignment.pairs)


def judgment_from_report(label: str, report: ConsistencyReport) -> Judgment:
    spans = [Span(judge=JUDGE_ID, category=f.category, severity=f.severity,  # type: ignore[arg-type]
                  explanation=f.explanation, start=f.start, end=f.end, quote=f.quote,
                  suggestion=f.suggestion, paragraph=f.paragraph,
                  data={"check": f.check, **f.data, **f.why})  # why: the explanation as a template
             for f in report.findings]
    return Judgment(judge=JUDGE_ID, unit=label, candidate=label, paragraph=None, spans=spans,
                    data={"counts": report.counts(), "term_table": report.term_table,
                          "terms": report.terms.as_data(), "notes": report.notes,
                          "notes_why": report.notes_why,
                          **({"termbase": report.termbase} if report.termbase else {})})
