"""XLIFF inline codes while editing a segment: the editor shows them as tags (protected placeholders such
as ``⟦1⟧`` and ``⟦2⟧…⟦/2⟧``), and saving warns when one was deleted. The words go on to the Document
without them (judges never see codes); the revised XLIFF puts each code back among the new words
(``app.formats.inline``), so a code is never broken silently.

``InlineCodes`` reads the imported file's codes once per project, on a worker; the inline editor asks
``editor_text`` for what to show and ``saved_text`` for what to keep (see ui/pair_editor.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat

from litlens.app.formats import inline
from litlens.ui import theme

if TYPE_CHECKING:
    from PySide6.QtGui import QTextDocument

    from litlens.app.core.model import Project
    from litlens.ui.window import MainWindow


def read_codes(project: Project) -> dict[str, dict[str, list[inline.Piece]]]:
    """For each candidate imported from an XLIFF 1.2 file that still exists: its segments that carry
    inline codes, by segment ID, as pieces. Runs on a worker (it reads and parses the file)."""
    from litlens.app.formats.xliff import _child, _seg_markers, open_xliff12
    from litlens.app.reports.xliff_out import _original
    found: dict[str, dict[str, list[inline.Piece]]] = {}
    for cand in project.candidates:
        original = _original(project, cand)
        if original is None:
            continue
        _store, segs = open_xliff12(Path(original).read_bytes(), Path(original).name)
        codes = {}
        for seg in segs:
            tgt = _child(seg.unit.xmlelement, "target")
            if seg.mid is not None:
                tgt = _seg_markers(tgt).get(seg.mid)
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
        self.format = QTextCharFormat()
        self.format.setBackground(QColor(theme.colours().focus))
        self.format.setForeground(QColor(theme.INK_ON_TINT))
        self.format.setFontWeight(QFont.Weight.Bold)

    def highlightBlock(self, text: str) -> None:
        for m in inline.PLACEHOLDER.finditer(text):
            self.setFormat(m.start(), m.end() - m.start(), self.format)


class InlineCodes(QObject):
    """The open project's inline codes, read again whenever another project is shown."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.codes: dict[str, dict[str, list[inline.Piece]]] = {}
        self.pending = 0
        window.document.projectChanged.connect(self.reload)

    def reload(self) -> None:
        project = self.window_.document.project
        self.codes = {}
        if project is None or not any(c.text.segment_ids for c in project.candidates):
            return
        self.pending += 1

        def done(codes: Any) -> None:
            self.pending -= 1
            if self.window_.document.project is project:
                self.codes = codes

        def failed(_exc: BaseException) -> None:
            self.pending -= 1  # the file changed or went away: edits are plain text, export says so
        if self.window_.tasks.submit(lambda: read_codes(project), done, failed) is None:
            self.pending -= 1

    def for_paragraph(self, label: str, index: int) -> list[inline.Piece] | None:
        project = self.window_.document.project
        codes = self.codes.get(label)
        if project is None or not codes:
            return None
        ids = project.candidate(label).text.segment_ids
        return codes.get(ids[index]) if index < len(ids) else None

    def warning(self, gone: list[str]) -> str:
        return self.tr("You deleted the formatting code(s) {0}; the export puts them back beside the words "
                       "they belonged to.").format(" ".join(gone))


def install(window: MainWindow) -> InlineCodes:
    window.inline_codes = InlineCodes(window)
    return window.inline_codes
