"""Context columns for the find preview and the concordance: the text before a match is cut on its left,
so the words next to the match stay in view, and narrow columns are sized to what they hold."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QHeaderView, QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget


class ElideLeft(QStyledItemDelegate):
    def initStyleOption(self, option: QStyleOptionViewItem,  # noqa: N802 - Qt's name
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideLeft  # type: ignore[attr-defined]


def context_columns(tree: QTreeWidget, before: int, fitted: tuple[int, ...]) -> None:
    """Column ``before`` elides on the left; the ``fitted`` columns take the width of their contents."""
    tree.setItemDelegateForColumn(before, ElideLeft(tree))
    tree.header().setStretchLastSection(True)
    for col in fitted:
        tree.header().setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
    tree.header().resizeSection(before, 220)
