"""The findings list's rows as a model: a book's 10,000 findings become plain Python rows at once, and the
texts, colours and tooltips of a row are made only when the view asks for them (the rows on screen).

``FindingsTree`` is the view. It keeps the item-style calls the window, benches and tests use
(``topLevelItem(i).data(col, role)``, ``setCurrentItem``, ``selectedItems``...) through ``RowRef``, a
handle on a row, so nothing outside needs to know there are no items.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QItemSelectionModel, QModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QTreeView

if TYPE_CHECKING:
    from litlens.app.core.model import Span

SPAN_ROLE = Qt.ItemDataRole.UserRole
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
MEMBERS_ROLE = Qt.ItemDataRole.UserRole + 2  # every judge's span in a merged row (see app.mqm.merge)
COL_SEVERITY, COL_PARA, COL_JUDGE, COL_CATEGORY, COL_TEXT, COL_STATUS, COL_EXPLANATION = range(7)
# what the reviewer's own decisions, the judge's samples and the fix verifier say of a finding
COL_CHANCE, COL_FOUND, COL_FIX = 7, 8, 9
DISPLAY = Qt.ItemDataRole.DisplayRole


@dataclass
class Row:
    """One line of the list: the judge's span (decisions and navigation are keyed by it), the finding as
    the reviewer left it, its merged members, status and row label; the rest is made on demand."""

    original: Span
    span: Span
    members: list[Span]
    status: str
    para: str
    sort_keys: dict[int, Any]
    texts: tuple[str, ...] | None = None
    tip: str | None = None
    extra: dict[int, Any] = field(default_factory=dict)
    chance: float | None = None  # calibrated chance the finding is right for this reviewer
    found: tuple[int, int] | None = None  # found in k of N samples
    fix: str | None = None  # the fix verifier's verdict
    faded: bool = False  # a judge the reviewer keeps rejecting in this category (the opt-in rule)


class FindingsModel(QAbstractTableModel):
    """Rows of findings; ``describe(row)`` returns (texts per column, tooltip, ink of the severity)."""

    def __init__(self, headers: list[str], describe: Callable[[Row], tuple[tuple[str, ...], str, str]]) -> None:
        super().__init__()
        self.headers = headers
        self.describe = describe
        self.rows: list[Row] = []
        self.faded_ink = QColor("#8c959f")  # the theme's muted ink (set by the list)

    def set_rows(self, rows: list[Row]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def restyle(self) -> None:
        """Rows describe themselves again when next drawn: their severity inks follow the theme."""
        for row in self.rows:
            row.texts = None
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(self.headers) - 1))

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt's name
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == DISPLAY and 0 <= section < len(self.headers):
            return self.headers[section]
        return None

    def _made(self, row: Row) -> Row:
        if row.texts is None:
            row.texts, row.tip, ink = self.describe(row)
            row.extra[Qt.ItemDataRole.ForegroundRole] = QColor(ink)
        return row

    def cell(self, r: int, col: int, role: int = DISPLAY) -> Any:
        row = self.rows[r]
        if role == SPAN_ROLE:
            return row.original if col == 0 else None
        if role == MEMBERS_ROLE:
            return row.members if col == 0 else None
        if role == SORT_ROLE:
            return row.sort_keys.get(col)
        if role in (DISPLAY, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole,
                    Qt.ItemDataRole.FontRole):
            self._made(row)
            if role == DISPLAY:
                return row.texts[col]  # type: ignore[index]
            if role == Qt.ItemDataRole.ToolTipRole:
                return row.tip
            if role == Qt.ItemDataRole.ForegroundRole:
                if row.faded:
                    return self.faded_ink
                return row.extra[role] if col == COL_SEVERITY else None
            if col == COL_TEXT and row.status == "rejected":
                font = QFont()
                font.setStrikeOut(True)
                return font
        return None

    def data(self, index: QModelIndex, role: int = DISPLAY) -> Any:
        return self.cell(index.row(), index.column(), role) if index.isValid() else None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Severity by rank and paragraphs by number (their sort keys); other columns by their text."""
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        before = [self.rows[i.row()] for i in persistent]
        if any(column in r.sort_keys for r in self.rows):
            key: Callable[[Row], Any] = lambda r: r.sort_keys.get(column, 1 << 62)  # noqa: E731
        else:
            key = lambda r: self._made(r).texts[column]  # type: ignore[index]  # noqa: E731
        self.rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        where = {id(r): i for i, r in enumerate(self.rows)}
        self.changePersistentIndexList(persistent, [self.index(where[id(r)], i.column())
                                                    for r, i in zip(before, persistent)])
        self.layoutChanged.emit()


class RowRef:
    """A handle on one row of a FindingsTree, answering the calls a QTreeWidgetItem would."""

    def __init__(self, tree: FindingsTree, row: int) -> None:
        self.tree, self.row = tree, row

    def data(self, col: int, role: int) -> Any:
        return self.tree.model_.cell(self.row, col, role)

    def text(self, col: int) -> str:
        return self.tree.model_.cell(self.row, col, DISPLAY) or ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RowRef) and other.tree is self.tree and other.row == self.row

    def __hash__(self) -> int:
        return hash((id(self.tree), self.row))


class FindingsTree(QTreeView):
    currentItemChanged = Signal(object, object)  # RowRef | None, previous RowRef | None
    itemActivated = Signal(object, int)
    itemClicked = Signal(object, int)

    def __init__(self, model: FindingsModel) -> None:
        super().__init__()
        self.model_ = model
        self.setModel(model)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)  # the view then measures one row, not ten thousand
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.selectionModel().currentRowChanged.connect(
            lambda now, before: self.currentItemChanged.emit(self._ref(now), self._ref(before)))
        self.activated.connect(lambda index: self.itemActivated.emit(self._ref(index), index.column()))
        self.clicked.connect(lambda index: self.itemClicked.emit(self._ref(index), index.column()))

    def _ref(self, index: QModelIndex) -> RowRef | None:
        return RowRef(self, index.row()) if index.isValid() else None

    def topLevelItemCount(self) -> int:  # noqa: N802 - the QTreeWidget names callers know
        return self.model_.rowCount()

    def topLevelItem(self, row: int) -> RowRef | None:  # noqa: N802
        return RowRef(self, row) if 0 <= row < self.model_.rowCount() else None

    def indexOfTopLevelItem(self, item: RowRef | None) -> int:  # noqa: N802
        return item.row if item is not None else -1

    def currentItem(self) -> RowRef | None:  # noqa: N802
        return self._ref(self.currentIndex())

    def setCurrentItem(self, item: RowRef | None) -> None:  # noqa: N802
        if item is None:
            self.setCurrentIndex(QModelIndex())
            return
        self.selectionModel().setCurrentIndex(
            self.model_.index(item.row, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)

    def selectedItems(self) -> list[RowRef]:  # noqa: N802
        return [RowRef(self, i.row()) for i in self.selectionModel().selectedRows()]

    def scrollToItem(self, item: RowRef) -> None:  # noqa: N802
        self.scrollTo(self.model_.index(item.row, 0))

    def visualItemRect(self, item: RowRef) -> QRect:  # noqa: N802
        return self.visualRect(self.model_.index(item.row, 0))

    def columnCount(self) -> int:  # noqa: N802
        return self.model_.columnCount()

    def clear(self) -> None:
        self.model_.set_rows([])
