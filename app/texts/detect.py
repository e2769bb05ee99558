"""Which language a text is really in, so a project whose declared languages are wrong says so before any
judge runs (a German source declared "en" would send every judge the wrong way).

lingua's models ship inside its wheel, so this works offline. Detection reads a sample of the text's
opening paragraphs (enough for a confident answer, cheap on a whole book) and only speaks up when it is
confident and the declared language is one lingua knows: a language it cannot recognise is never
"disagreed with".
"""

from __future__ import annotations

from functools import lru_cache

from litlens.app.core.languages import language_name

SAMPLE = 3000  # characters read from the start of a text
CONFIDENT = 0.9


@lru_cache(maxsize=1)
def _detector():
    try:
        from lingua import LanguageDetectorBuilder
    except ImportError:
        return None
    # low-accuracy mode is the fast path; on 3000 characters it is as sure as the full models
    return LanguageDetectorBuilder.from_all_languages().with_low_accuracy_mode().build()


def _known(code: str) -> bool:
    try:
        from lingua import IsoCode639_1
        return hasattr(IsoCode639_1, code.upper())
    except ImportError:
        return False


def detect(text: str) -> tuple[str, float] | None:
    """(ISO 639-1 code, confidence) of the text's main language, or None when undecidable."""
    det = _detector()
    sample = text[:SAMPLE]
    if det is None or len(sample.split()) < 3 and len(sample) < 10:
        return None
    values = det.compute_language_confidence_values(sample)
    if not values:
        return None
    best = values[0]
    return best.language.iso_code_639_1.name.lower(), float(best.value)


def disagreement(text: str, declared: str, role: str) -> str | None:
    """A sentence for the user when ``text`` is confidently not in ``declared``; None when it agrees."""
    if not declared or declared in ("xx", "auto") or not _known(declared):
        return None
    found = detect(text)
    if found is None:
        return None
    code, confidence = found
    if code == declared or confidence < CONFIDENT:
        return None
    return (f"{role} is declared {language_name(declared)} ({declared}) but reads as "
            f"{language_name(code)} ({code}, {confidence:.0%} sure); fix the language before running judges.")


def check_project(project) -> list[str]:
    """One warning per text whose declared language disagrees with what it reads as."""
    notes = []
    if (n := disagreement(project.source.content, project.source.language, "the source")):
        notes.append(n)
    for cand in project.candidates:
        if (n := disagreement(cand.text.content, cand.text.language, f"translation {cand.label!r}")):
            notes.append(n)
    return notes
