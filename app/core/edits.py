"""Editing one paragraph of a candidate: the new Text, and findings moved with their words.

Shared by the window (the pair view's in-place editor, through the Document) and the store's revisions
(app.run.revisions), so a finding lands in the same place whether it was moved in memory or on reload.

A finding on an edited paragraph is re-anchored when the words it quotes are still in the paragraph (the
occurrence nearest its old place wins); otherwise it stays, flagged ``outdated`` at a clamped position,
so the reviewer sees that the edit overtook it. Nothing is dropped.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from litlens.app.core.model import Segment, Text

if TYPE_CHECKING:
    from litlens.app.core.model import Span

ORIGIN = "edit_origin"  # span.data key: the (start, end) the finding had before any edit (its identity)
OUTDATED = "outdated"  # span.data key: the edit removed the words the finding was about
_BLANK_LINES = re.compile(r"\n\s*\n")


def has_paragraph_break(text: str) -> bool:
    """Whether ``text`` holds a blank (or whitespace-only) line, in any newline convention: stored as
    part of one paragraph, it would be read back as two."""
    return bool(_BLANK_LINES.search(text.replace("\r\n", "\n").replace("\r", "\n")))


def clean_paragraph(text: str) -> str:
    """What an edit may store as one paragraph: a blank line would split it in two on the next read,
    so blank lines become single line breaks, and the ends are trimmed like read paragraphs are."""
    return _BLANK_LINES.sub("\n", text).strip()


@dataclasses.dataclass(frozen=True)
class Edit:
    """Content ``[start, old_end)`` became ``new_text``."""

    start: int
    old_end: int
    new_text: str

    @property
    def delta(self) -> int:
        return len(self.new_text) - (self.old_end - self.start)

    @property
    def new_end(self) -> int:
        return self.start + len(self.new_text)

    def map_offset(self, offset: int) -> int | None:
        """Where an offset outside the edited paragraph now is; None inside it (its meaning is gone)."""
        if offset < self.start:
            return offset
        if offset >= self.old_end:
            return offset + self.delta
        return None


def replace_paragraph(text: Text, index: int, new_text: str) -> tuple[Text, Edit]:
    """A new Text with paragraph ``index`` replaced; later paragraphs shift by the change in length."""
    seg = text.paragraphs[index]
    edit = Edit(seg.start, seg.end, new_text)
    content = text.content[:seg.start] + new_text + text.content[seg.end:]
    paragraphs = []
    for p in text.paragraphs:
        if p.index == seg.index:
            p = Segment(p.kind, p.index, seg.start, edit.new_end, new_text)
        elif p.start >= seg.end:
            p = Segment(p.kind, p.index, p.start + edit.delta, p.end + edit.delta, p.text)
        paragraphs.append(p)
    return dataclasses.replace(text, content=content, paragraphs=paragraphs), edit


def _nearest(haystack: str, needle: str, near: int) -> int | None:
    """Index of the occurrence of ``needle`` closest to ``near``, or None."""
    best, i = None, haystack.find(needle)
    while i >= 0:
        if best is None or abs(i - near) < abs(best - near):
            best = i
        i = haystack.find(needle, i + 1)
    return best


def reanchor(span: Span, old_content: str, edit: Edit) -> Span:
    """``span`` (offsets into ``old_content``) as it stands after ``edit``; the same object when unmoved."""
    if span.start is None or span.end is None or span.end <= edit.start and span.start < edit.start:
        return span
    data = dict(span.data)
    data.setdefault(ORIGIN, (span.start, span.end))
    if span.start >= edit.old_end:
        return dataclasses.replace(span, start=span.start + edit.delta, end=span.end + edit.delta, data=data)
    # An outdated finding stands on a one-character placeholder, not on its words: look for the words it
    # quoted (they may come back), never for whatever character now sits at the placeholder.
    quote = span.quote if span.data.get(OUTDATED) else old_content[span.start:span.end]
    inside = edit.start <= span.start and span.end <= edit.old_end
    found = _nearest(edit.new_text, quote, span.start - edit.start) if quote and inside else None
    if found is not None:
        data.pop(OUTDATED, None)
        start = edit.start + found
        return dataclasses.replace(span, start=start, end=start + len(quote), data=data)
    # the words are gone (or the finding straddled the paragraph's edge): keep it where it was, as one
    # character (enough to be seen and hovered) — spread over its old range it would seem to accuse the
    # new words the edit put there
    data[OUTDATED] = True
    start = min(max(span.start, edit.start), max(edit.start, edit.new_end - 1))
    return dataclasses.replace(span, start=start, end=start + 1 if start < edit.new_end else start, data=data)

def is_outdated(span: Span) -> bool:
    return bool(span.data.get(OUTDATED))
