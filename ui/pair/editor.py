"""Editing one candidate paragraph in place: a plain-text editor laid over its cell, the source beside it.

Ctrl+Enter or clicking away saves, Esc cancels. The row grows with the editor, so nothing below is
hidden while typing. Saving only reports the new text (``saved``); what an edit means for the project
(a new revision, findings re-anchored) is the Document's business.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QFrame, QTextEdit

from litlens.ui.common import theme
from litlens.ui.pair.paint import PAD

if TYPE_CHECKING:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QWidget

    from litlens.app.formats import inline
    from litlens.ui.pair.codes import InlineCodes
    from litlens.ui.pair.layout import Side
    from litlens.ui.pair.paint import Geometry


class EditedCanvas(Protocol):
    """What the inline editor uses of the pair canvas it edits in (the canvas creates the editor)."""
    body_font: QFont
    inline_codes: InlineCodes | None

    def viewport(self) -> QWidget: ...

    def geometry_now(self) -> Geometry: ...

    def invalidate_row(self, row: int) -> None: ...

    def prepare(self) -> bool: ...

    def cell_rect(self, row: int, side: Side) -> QRectF: ...

    def setFocus(self) -> None: ...  # noqa: N802 - Qt's name


def _tr(text: str) -> str:
    return QCoreApplication.translate("PairView", text)


class InlineEditor(QObject):
    saved = Signal(int, str)  # candidate paragraph index, new text
    cancelled = Signal()

    def __init__(self, canvas: EditedCanvas) -> None:
        super().__init__(canvas)
        self.canvas = canvas
        self.row: int | None = None
        self.paragraph: int | None = None
        self.original = ""
        self.widget: QTextEdit | None = None
        self.pieces: list[inline.Piece] | None = None  # the edited segment's inline codes, if any

    @property
    def active(self) -> bool:
        return self.row is not None

    def open(self, row: int, paragraph: int, text: str) -> None:
        if self.active:
            self.finish(save=True)
        edit = QTextEdit(self.canvas.viewport())
        edit.setAcceptRichText(False)
        edit.setFont(self.canvas.body_font)
        edit.setFrameShape(QFrame.Shape.NoFrame)
        edit.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        edit.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        edit.setStyleSheet(f"QTextEdit {{ border: 2px solid {theme.colours().focus}; }}")
        edit.document().setDocumentMargin(PAD - 2)
        # a segment imported with XLIFF inline codes shows them as tags among its words (the window gives
        # the canvas its InlineCodes; a plain pair view has none)
        codes = self.canvas.inline_codes
        self.pieces = codes.for_current(paragraph) if codes is not None else None
        if self.pieces:
            from litlens.ui.pair import codes as revision_codes
            text = revision_codes.editor_text(self.pieces, text)
            self._tags = revision_codes.TagHighlighter(edit.document())
        edit.setPlainText(text)
        edit.setAccessibleName(_tr("Edit the translation of this paragraph"))
        edit.setToolTip(_tr("Ctrl+Enter or click elsewhere to save, Esc to cancel"))
        edit.installEventFilter(self)
        edit.document().contentsChanged.connect(self._grow)
        self.widget, self.row, self.paragraph, self.original = edit, row, paragraph, text
        self.place()
        edit.show()
        edit.setFocus()
        edit.moveCursor(edit.textCursor().MoveOperation.End)
        self._grow()

    def height_for(self, row: int) -> float:
        """The height the edited row needs (0 for every other row)."""
        if row != self.row or self.widget is None:
            return 0.0
        doc = self.widget.document()
        doc.setTextWidth(max(1, self.canvas.geometry_now().column - 4))
        return doc.size().height() + 4

    def _grow(self) -> None:
        if self.row is not None:
            self.canvas.invalidate_row(self.row)  # its height is re-measured with the editor's
            self.canvas.prepare()
            self.place()

    def place(self) -> None:
        if self.widget is None or self.row is None:
            return
        rect = self.canvas.cell_rect(self.row, "target")
        self.widget.setGeometry(int(rect.x()) + 1, int(rect.y()) + 1, int(rect.width()) - 1,
                                int(rect.height()) - 2)

    def text(self) -> str:
        return self.widget.toPlainText() if self.widget is not None else ""

    def finish(self, save: bool, refocus: bool = True) -> None:
        """Close the editor; with ``save`` and a changed text, report it. ``refocus`` gives the keyboard
        back to the rows (not when the user clicked into another widget)."""
        if self.widget is None or self.row is None or self.paragraph is None:
            return
        widget, row, paragraph, text = self.widget, self.row, self.paragraph, self.widget.toPlainText()
        self.widget, self.row, self.paragraph = None, None, None
        widget.removeEventFilter(self)
        widget.hide()
        widget.deleteLater()
        self.canvas.invalidate_row(row)
        if refocus:
            self.canvas.setFocus()
        original = self.original
        if self.pieces:  # the words are kept without the tags; a deleted tag is warned about
            from litlens.ui.pair import codes as revision_codes
            text, gone = revision_codes.saved_text(text, self.pieces)
            original = revision_codes.saved_text(self.original, self.pieces)[0]
            if gone and save and self.canvas.inline_codes is not None:
                self.canvas.inline_codes.deleted(gone, changed=text != original)
        if save and text != original:
            self.saved.emit(paragraph, text)
        else:
            self.cancelled.emit()

    def cancel(self) -> None:
        self.finish(save=False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.widget:
            return False
        if event.type() == QEvent.Type.KeyPress:
            key, mods = event.key(), event.modifiers()  # type: ignore[attr-defined]
            if key == Qt.Key.Key_Escape:
                self.finish(save=False)
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and mods & Qt.KeyboardModifier.ControlModifier:
                self.finish(save=True)
                return True
        elif event.type() == QEvent.Type.FocusOut:
            reason = event.reason()  # type: ignore[attr-defined]
            if reason not in (Qt.FocusReason.PopupFocusReason, Qt.FocusReason.ActiveWindowFocusReason):
                self.finish(save=True, refocus=False)  # clicking elsewhere keeps the edit
        return False
