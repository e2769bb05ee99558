"""Runs every consistency check over one candidate and collects located findings and the term table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from litlens.app.consistency import foreign, lengths, names, numbers, surface, termbase as termbase_check
from litlens.app.consistency.findings import CHECKS, Finding
from litlens.app.consistency.number_words import number_words
from litlens.app.consistency.tokens import TextTokens
from litlens.app.core.model import Candidate, Project
from litlens.app.explanations import Fragment, explained
from litlens.app.terms.model import Termbase
from litlens.app.texts.terms import TermResult, find_terms


@dataclass
class ConsistencyReport:
    findings: list[Finding]
    term_table: dict[str, Any]
    terms: TermResult
    notes: list[str] = field(default_factory=list)
    notes_why: list[Fragment] = field(default_factory=list)  # the notes as templates, where they have one
    termbase: dict[str, Any] | None = None  # name, digest and size of the termbase enforced, if any

    def counts(self) -> dict[str, int]:
        out = {check: 0 for check in CHECKS if check != "termbase" or self.termbase is not None}
        for f in self.findings:
            out[f.check] += 1
        return out


def _row_numbers(text: str, offset: int, language: str, tokens: TextTokens | None,
                 paragraphs: tuple[int, ...]) -> list[numbers.Number]:
    korean = language == "ko"
    found = numbers.digit_numbers(text, offset, korean)
    if language == "en":
        found += numbers.english_numbers(text, offset)
    elif korean and tokens is not None:
        found += [n for p in paragraphs for n in tokens.numbers[p]]
    else:
        found += number_words(text, offset, language)
    return found


def analyse_candidate(project: Project, candidate: Candidate, terms: TermResult | None = None,
                      spacy_model: str | None = None, termbase: Termbase | None = None) -> ConsistencyReport:
    """All checks on ``candidate`` against ``project.source``; offsets are into the candidate's content.
    With a ``termbase``, its entries are enforced too (check "termbase")."""
    if candidate.alignment is None:
        raise ValueError(f"candidate {candidate.label!r} has not been aligned to the source")
    source, target = project.source, candidate.text
    terms = terms or find_terms(source.content, source.language, spacy_model)
    tokens = TextTokens(target)
    src_tokens = TextTokens(source) if source.language == "ko" else None
    notes: list[str] = [terms.note]
    notes_why: list[Fragment] = [terms.note_why] if terms.note_why else []
    findings: list[Finding] = []

    table, term_findings = names.track_terms(source, candidate, terms.terms, tokens)
    findings += term_findings

    src_script, tgt_script = surface.dominant_script(source.content), surface.dominant_script(target.content)
    check_script = src_script is not None and tgt_script is not None and src_script != tgt_script
    # same script, different languages: word frequencies and language identification instead
    check_words = (not check_script and source.language != target.language
                   and foreign.supported(source.language) and foreign.supported(target.language))
    if not check_script and not check_words and source.language != target.language:
        text, unchecked = explained("notes/untranslated-unchecked", source=source.language,
                                    target=target.language)
        notes.append(text)
        notes_why.append(unchecked)
    protected = frozenset(w.casefold() for t in terms.terms if t.kind != "motif" for w in t.text.split())

    pairs = candidate.alignment.pairs
    one_to_one: list[tuple[str, str, int, int, int | None]] = []
    for r, pair in enumerate(pairs):
        para = pair.source[0] if pair.source else None
        src_text = "\n\n".join(source.paragraphs[i].text for i in pair.source)
        segs = [target.paragraphs[i] for i in pair.target]
        for k, seg in enumerate(segs):
            if check_script:
                findings += surface.untranslated(seg, src_script, src_text, para)  # type: ignore[arg-type]
            elif check_words:
                findings += foreign.untranslated_same_script(seg, source.language, target.language,
                                                             src_text, para, protected)
            findings += surface.doubled_words(seg, para)
            nxt = target.paragraphs[seg.index + 1].text if seg.index + 1 < len(target.paragraphs) else ""
            findings += surface.unpaired_marks(seg, para, nxt)
        if not segs:
            continue
        start, end = segs[0].start, segs[-1].end
        if not pair.source:
            text, why = explained("length/no-source")
            findings.append(Finding(
                "length", "accuracy/addition", "major", start, end, target.content[start:end], text, None,
                why=why))
            continue
        src_first = source.paragraphs[pair.source[0]]
        src_nums = _row_numbers(src_text, src_first.start, source.language, src_tokens, pair.source)
        tgt_nums = _row_numbers(target.content[start:end], start, target.language, tokens, pair.target)
        findings += numbers.compare_row(src_nums, tgt_nums, start, end, target.content[start:end], para)
        if pair.is_one_to_one:
            one_to_one.append((src_text, segs[0].text, start, end, para))
    findings += lengths.length_outliers(one_to_one)
    if termbase is not None:
        findings += termbase_check.enforce(termbase, source, candidate, tokens)

    row_of_target = {t: (p.source[0] if p.source else None) for p in pairs for t in p.target}
    for f in findings:
        if f.paragraph is None and "candidate_paragraph" in f.data:
            f.paragraph = row_of_target.get(f.data["candidate_paragraph"])
    findings.sort(key=lambda f: (f.start, f.end, f.check))
    used = None if termbase is None else {"name": termbase.name, "digest": termbase.digest(),
                                          "entries": len(termbase)}
    return ConsistencyReport(findings, table, terms, notes, notes_why, used)
