"""Names and key terms the consistency judge found, promoted into a termbase: each term's most frequent
rendering becomes its preferred target term, and the other spellings the judge found for it become
forbidden ones (noted as such), so the next run flags them. A term already in the termbase is kept as
it is: promotion adds, it never overrides what a reviewer decided."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from litlens.app.terms.model import FORBIDDEN, PREFERRED, Term, TermEntry, Termbase

VARIANT_NOTE = "a variant spelling the consistency judge found"


def from_term_table(table: Mapping[str, Any], source_lang: str, target_lang: str,
                    note: str = "", variant_note: str = VARIANT_NOTE) -> Termbase:
    """A termbase from one candidate's term table (``{term: {"renderings": [{"text", "count"}, ...]}}``,
    most frequent rendering first, as the consistency judge stores it); each other spelling is forbidden
    with ``variant_note`` (a window passes it in its own language)."""
    tb = Termbase(source_lang, target_lang)
    for term, row in table.items():
        renderings = [r["text"] for r in row.get("renderings", []) if str(r.get("text", "")).strip()]
        if not renderings:
            continue
        target = (Term(renderings[0], PREFERRED),) + tuple(Term(r, FORBIDDEN, variant_note)
                                                           for r in renderings[1:])
        tb.entries.append(TermEntry(tb.next_id(), (Term(term),), target, note))
    return tb


def promote(into: Termbase, tables: Iterable[tuple[Mapping[str, Any], str, str]],
            variant_note: str = VARIANT_NOTE) -> int:
    """Add every term of ``tables`` ((term table, source language, target language) each) that ``into``
    does not have yet; returns how many entries were added."""
    known = {t.text.casefold() for e in into.entries for t in e.source}
    added = 0
    for table, src, tgt in tables:
        fresh = from_term_table({k: v for k, v in table.items() if k.casefold() not in known}, src, tgt,
                                variant_note=variant_note)
        added += into.merge(fresh)
        known |= {t.text.casefold() for e in fresh.entries for t in e.source}
    return added
