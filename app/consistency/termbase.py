"""The project's termbase enforced on one translation: a forbidden rendering used (anywhere in the
translation), the source term present in an aligned row whose translation has none of the entry's
preferred or allowed renderings, and, in such a row, a spelling close to an allowed rendering that the
termbase does not list (Hangul compared jamo by jamo, as the name check does).

Matching is by word: a Latin-script term matches as a whole word, case-insensitively, with an English
plural or possessive ending; a Hangul term matches at the start of a word, so particles may follow
(그랜디슨은); Han and kana terms match anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from litlens.app.consistency.findings import Finding
from litlens.app.consistency.hangul import are_variants, has_hangul
from litlens.app.consistency.tokens import TextTokens
from litlens.app.core.model import Candidate, Text
from litlens.app.explanations import explained
from litlens.app.terms.model import ALLOWED, FORBIDDEN, PREFERRED, TermEntry, Termbase

CHECK = "termbase"
WRONG_TERM = "terminology/mistranslation"
VARIANT = "terminology/inconsistent"
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def term_pattern(term: str) -> re.Pattern[str]:
    """How ``term`` is found in running text (see the module)."""
    body = r"\s+".join(re.escape(w) for w in term.split())
    if has_hangul(term):
        return re.compile(r"(?<![\uac00-\ud7a3])" + body)
    if _CJK.search(term):
        return re.compile(body)
    return re.compile(r"(?<!\w)" + body + r"(?:s|es|'s|’s)?(?!\w)", re.IGNORECASE)


def find_term(term: str, text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """``[start, end)`` of each occurrence of ``term`` in ``text[start:end]`` (offsets into ``text``);
    a Hangul term's range covers the term, not the particle after it."""
    pat = term_pattern(term)
    stop = len(text) if end is None else end
    out = []
    for m in pat.finditer(text, start, stop):
        s, e = m.span()
        if has_hangul(term):
            e = s + len(m.group(0))
        out.append((s, e))
    return out


def _quoted(items: Iterable[str]) -> str:
    return ", ".join(f"“{t}”" for t in items)


def _finding(key: str, category: str, severity: str, start: int, end: int, target: Text, entry: TermEntry,
             suggestion: str, paragraph: int | None, **args: Any) -> Finding:
    text, why = explained(key, **args)
    return Finding(CHECK, category, severity, start, end, target.content[start:end], text, paragraph,
                   suggestion=suggestion, why=why,
                   data={"entry": entry.as_data(), "term": args.get("source", ""), "rule": key.split("/")[1]})


def enforce(termbase: Termbase, source: Text, candidate: Candidate, tokens: TextTokens) -> list[Finding]:
    """Every termbase finding on ``candidate`` (offsets into its content)."""
    assert candidate.alignment is not None
    target = candidate.text
    pairs = candidate.alignment.pairs
    row_of_target = {t: (p.source[0] if p.source else None) for p in pairs for t in p.target}
    findings: list[Finding] = []
    for entry in termbase.entries:
        ok = [t.text for t in entry.target if t.status in (PREFERRED, ALLOWED)]
        use = entry.preferred.text if entry.preferred else (ok[0] if ok else "")
        name = entry.source[0].text
        for bad in entry.targets(FORBIDDEN):
            for seg in target.paragraphs:
                for s, e in find_term(bad.text, target.content, seg.start, seg.end):
                    key, extra = ("termbase/forbidden", {"preferred": use}) if use else \
                        ("termbase/forbidden-no-rendering", {})
                    findings.append(_finding(key, WRONG_TERM, "major", s, e, target, entry, use,
                                             row_of_target.get(seg.index), term=bad.text, source=name,
                                             **extra))
        if not ok:
            continue
        for pair in pairs:
            if not pair.source or not pair.target:
                continue
            src_segs = [source.paragraphs[i] for i in pair.source]
            said = next((form for form in entry.source_forms for seg in src_segs
                         if find_term(form, source.content, seg.start, seg.end)), None)
            if said is None:
                continue
            segs = [target.paragraphs[i] for i in pair.target]
            if any(find_term(t, target.content, seg.start, seg.end) for t in ok for seg in segs):
                continue
            listed = {t.text for t in entry.target}
            variants = [w for i in pair.target for w in tokens.words[i]
                        if w.stem not in listed and any(are_variants(w.stem, t) for t in ok)]
            for w in variants:
                findings.append(_finding("termbase/variant", VARIANT, "minor", w.start, w.end, target, entry,
                                         use, pair.source[0], rendering=w.stem, preferred=use, source=said))
            forbidden_here = any(f.data["entry"]["id"] == entry.id and segs[0].start <= f.start < segs[-1].end
                                 for f in findings if f.check == CHECK)
            if not variants and not forbidden_here:
                findings.append(_finding("termbase/missing", WRONG_TERM, "minor", segs[0].start, segs[-1].end,
                                         target, entry, use, pair.source[0], source=said,
                                         renderings=_quoted(ok), preferred=use))
    return findings
