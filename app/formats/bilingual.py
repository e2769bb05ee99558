"""The Bilingual result of an import, and how segment pairs become two Texts whose paragraphs are the
segments, one for one, with the original segment IDs attached."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from litlens.app.core.model import Text
from litlens.app.texts import text_from_string
from litlens.app.texts.encoding import normalise_newlines
from litlens.app.texts.project import UNICODE_FORM

from .errors import FormatError

_BLANK_LINES = re.compile(r"\n\s*\n")


@dataclass
class Pair:
    """One segment as read from the file: its ID and its source and target text."""

    seg_id: str
    source: str
    target: str


@dataclass
class Bilingual:
    source: Text
    target: Text
    segment_ids: list[str]
    format: str  # "xliff-1.2", "sdlxliff", "mqxliff", "xliff-2", "tmx", "docx-table", "csv", "tsv", "xlsx"
    notes: list[str] = field(default_factory=list)


def _clean(text: str) -> str:
    # A blank line inside a segment would make the paragraph splitter see two paragraphs.
    return _BLANK_LINES.sub("\n", normalise_newlines(text)).strip()


def segment_text(raw: str, alone: bool = False) -> str:
    """The paragraph a segment's raw text becomes: newlines made ``\n``, blank lines folded, the ends
    trimmed, Unicode NFC (as every Text); ``alone`` (the file's only segment) also puts it on one line.
    A writer compares a paragraph with this to know whether the reviewer changed the segment."""
    text = unicodedata.normalize(UNICODE_FORM, _clean(raw))
    return text.replace("\n", " ") if alone else text


@dataclass
class Kept:
    """A segment that became a paragraph: its place among the file's pairs and its (unique) ID."""

    index: int
    seg_id: str
    source: str
    target: str


def kept_segments(pairs: list[Pair]) -> tuple[list[Kept], list[str], list[str]]:
    """The pairs that become paragraphs, with unique IDs; the untranslated pairs' IDs; notes on renamed
    duplicate IDs. Import and write-back both use this, so an ID names the same segment both ways."""
    notes: list[str] = []
    kept: list[Kept] = []
    seen: dict[str, int] = {}
    untranslated: list[str] = []
    for n, p in enumerate(pairs):
        src, tgt = _clean(p.source), _clean(p.target)
        if not src:
            continue  # nothing to review; structure-only units are common in CAT files
        if not tgt:
            untranslated.append(p.seg_id)
            continue
        seg_id = p.seg_id
        if seg_id in seen:  # IDs must stay unique to point back at one segment
            seen[seg_id] += 1
            seg_id = f"{seg_id}#{seen[p.seg_id]}"
            notes.append(f"segment ID {p.seg_id!r} occurs more than once; later ones are named {seg_id!r} etc.")
        else:
            seen[seg_id] = 1
        kept.append(Kept(n, seg_id, src, tgt))
    if len(kept) == 1:
        # One block of several lines would be split line by line; keep the lone segment on one line.
        kept = [Kept(kept[0].index, kept[0].seg_id, kept[0].source.replace("\n", " "),
                     kept[0].target.replace("\n", " "))]
    return kept, untranslated, notes


def build_bilingual(pairs: list[Pair], fmt: str, name: str, path: str | None, *,
                    source_lang: str | None, target_lang: str | None,
                    notes: list[str] | None = None) -> Bilingual:
    """Texts with one paragraph per kept segment. Segments missing either side are skipped with a note."""
    notes = list(notes or [])
    kept, untranslated, renamed = kept_segments(pairs)
    notes += renamed
    if untranslated:
        shown = ", ".join(untranslated[:10]) + (" …" if len(untranslated) > 10 else "")
        notes.append(f"{len(untranslated)} segment(s) have no translation and were skipped: {shown}")
    if not kept:
        raise FormatError("the file has no translated segments to review", name)
    ids = [p.seg_id for p in kept]
    source = _text("\n\n".join(p.source for p in kept), source_lang, path, ids, name, fmt)
    target = _text("\n\n".join(p.target for p in kept), target_lang, path, ids, name, fmt)
    return Bilingual(source=source, target=target, segment_ids=ids, format=fmt, notes=notes)


def _text(content: str, language: str | None, path: str | None, ids: list[str], name: str,
          fmt: str) -> Text:
    text = text_from_string(content, language or None, path=path)
    if len(text.paragraphs) != len(ids):  # a guard on _clean: the 1:1 mapping is what exports rely on
        raise FormatError(f"could not keep segments apart ({len(ids)} segments became "
                          f"{len(text.paragraphs)} paragraphs)", name)
    text.segment_ids = list(ids)
    text.encoding = fmt
    return text
