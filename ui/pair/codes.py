"""XLIFF inline codes while editing a segment: the editor shows them as tags (protected placeholders such
as ``⟦1⟧`` and ``⟦2⟧…⟦/2⟧``), and saving warns when one was deleted. The words go on to the Document
without them (judges never see codes); the revised XLIFF puts each code back among the new words
(``app.formats.inline``), so a code is never broken silently.

``InlineCodes`` reads the imported file's codes once per project, on a worker; the inline editor asks
``editor_text`` for what to show and ``saved_text`` for what to keep (see ui/pair/editor.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat

from litlens.app.formats import inline
from litlens.ui.common import theme

if TYPE_CHECKING:
    from PySide6.QtGui import QTextDocument

    from litlens.app.core.model import Project
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner


def read_codes(project: Project) -> dict[str, dict[str, list[inline.Piece]]]:
    """For each candidate imported from an XLIFF 1.2 file that still exists: its segments that carry
    inline codes, by segment ID, as pieces. Runs on a worker (it reads and parses the file)."""
    from litlens.app.formats.xliff import child_element, open_xliff12, segment_markers
    from litlens.app.reports.revised import original_file
    found: dict[str, dict[str, list[inline.Piece]]] = {}
    for cand in project.candidates:
        original = original_file(project, cand)
        if original is None:
            continue
        _store, segs = open_xliff12(Path(original).read_bytes(), Path(original).name)
        codes = {}
        for seg in segs:
            tgt = child_element(seg.unit.xmlelement, "target")
            if seg.mid is not None:
                tgt = segment_markers(tgt).get(seg.mid)
            pieces = inline.pieces_of(tgt) if tgt is not None else []
            if inline.has_codes(pieces):
                codes[seg.seg_id] = pieces
        if codes:
            found[cand.label] = codes
    return found


def editor_text(pieces: list[inline.Piece] | None, words: str) -> str:
    """What the editor shows for a paragraph whose current words are ``words``: the codes as placeholders
    where they belong among those words (``words`` itself when the segment has no codes)."""
    if not pieces:
        return words
    return inline.with_placeholders(inline.placed(pieces, words))


def saved_text(edited: str, pieces: list[inline.Piece] | None) -> tuple[str, list[str]]:
    """(the words to store, the placeholders the reviewer deleted — to warn about)."""
    if not pieces:
        return edited, []
    return inline.strip_placeholders(edited), inline.missing_placeholders(edited, pieces)


class TagHighlighter(QSyntaxHighlighter):
    """Placeholders drawn as tags: small, bold, on the focus tint, so they read as codes, not words."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self.tag_format = QTextCharFormat()
        self.tag_format.setBackground(QColor(theme.colours().focus))
        self.tag_format.setForeground(QColor(theme.INK_ON_TINT))
        self.tag_format.setFontWeight(QFont.Weight.Bold)

    def highlightBlock(self, text: str) -> None:
        for m in inline.PLACEHOLDER.finditer(text):
            self.setFormat(m.start(), m.end() - m.start(), self.tag_format)


class InlineCodes(QObject):
    """The open project's inline codes, read again whenever another project is shown. The inline editor
    asks it for the codes of the paragraph it edits (``for_current``) and tells it which codes the user
    deleted (``deleted``): ``warned`` then carries the warning and whether the text changed."""

    warned = Signal(str, bool)

    def __init__(self, document: Document, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document, self.tasks = document, tasks
        self.codes: dict[str, dict[str, list[inline.Piece]]] = {}
        self.pending = 0
        document.projectChanged.connect(self.reload)

    def reload(self) -> None:
        project = self.document.project
        self.codes = {}
        if project is None or not any(c.text.segment_ids for c in project.candidates):
            return
        self.pending += 1

        def done(codes: Any) -> None:
            self.pending -= 1
            if self.document.project is project:
                self.codes = codes

        def failed(_exc: BaseException) -> None:
            self.pending -= 1  # the file changed or went away: edits are plain text, export says so
        if self.tasks.submit(lambda: read_codes(project), done, failed) is None:
            self.pending -= 1

    def for_paragraph(self, label: str, index: int) -> list[inline.Piece] | None:
        project = self.document.project
        codes = self.codes.get(label)
        if project is None or not codes:
            return None
        ids = project.candidate(label).text.segment_ids
        return codes.get(ids[index]) if index < len(ids) else None

    def for_current(self, index: int) -> list[inline.Piece] | None:
        """The codes of paragraph ``index`` of the candidate shown."""
        label = self.document.candidate_label
        return self.for_paragraph(label, index) if label and self.codes else None

    def warning(self, gone: list[str]) -> str:
        return self.tr("You deleted the formatting code(s) {0}; the export puts them back beside the words "
                       "they belonged to.").format(" ".join(gone))

    def deleted(self, gone: list[str], changed: bool) -> None:
        """The user saved a paragraph without the codes ``gone``; ``changed``: its words changed too."""
        self.warned.emit(self.warning(gone), changed)
