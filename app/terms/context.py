"""The termbase as context for an LLM judge (the ``termbase`` option of DA-MQM and GEMBA-MQM, our addition):
only the entries whose source term occurs in the paragraph, one line each, sent as a labelled data block,
so the model checks the translation's key terms against the project's glossary without reading all of it."""

from __future__ import annotations

from litlens.app.consistency.termbase import find_term
from litlens.app.terms.files import load_termbase
from litlens.app.terms.model import ALLOWED, FORBIDDEN, PREFERRED, TermEntry, Termbase

MAX_ENTRIES = 40  # a paragraph naming more terms than this sends the first 40 (in the order they occur)


def for_languages(tb: Termbase, source_lang: str, target_lang: str) -> Termbase:
    """``tb`` read from ``source_lang`` to ``target_lang`` (turned round when it was written the other way)."""
    if (tb.source_lang, tb.target_lang) == (target_lang, source_lang) and source_lang != target_lang:
        return tb.reversed()
    return tb


def load_for(path: str, source_lang: str, target_lang: str) -> Termbase:
    """The termbase file at ``path`` for these languages (TermbaseError/FormatError when unreadable)."""
    return for_languages(load_termbase(path), source_lang, target_lang)


def relevant(tb: Termbase, source: str) -> list[TermEntry]:
    """The entries one of whose source terms occurs in ``source``, in the order they first occur."""
    found = []
    for entry in tb.entries:
        at = [s for form in entry.source_forms for s, _e in find_term(form, source)]
        if at:
            found.append((min(at), entry))
    return [e for _at, e in sorted(found, key=lambda t: t[0])][:MAX_ENTRIES]


def entry_line(entry: TermEntry) -> str:
    """``source → use X; also allowed Y; never Z (note)``."""
    parts = []
    for status, word in ((PREFERRED, "use"), (ALLOWED, "also allowed"), (FORBIDDEN, "never")):
        terms = [t.text for t in entry.targets(status)]
        if terms:
            parts.append(f"{word} {' / '.join(terms)}")
    line = f"{' / '.join(entry.source_forms)} → {'; '.join(parts) or 'no rendering given'}"
    return f"{line} ({entry.note})" if entry.note else line


def data_block(tb: Termbase | None, source: str) -> str | None:
    """The lines for the entries relevant to ``source``; None when there are none (no block is sent)."""
    if tb is None:
        return None
    entries = relevant(tb, source)
    return "\n".join(entry_line(e) for e in entries) if entries else None
