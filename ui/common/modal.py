"""A modal dialog is deleted once it has been answered.

PySide's ``QDialog.exec()`` gives the dialog to Python's ownership while Qt still lists it as a child of
its parent window. A dialog that stays referenced after that (kept as an attribute, or by a lambda one of
its own widgets holds, a cycle through Qt that Python's collector cannot see) stays alive, hidden, until
the interpreter exits. PySide then deletes the Python-owned objects one at a time in no fixed order: when
one of the dialog's own widgets goes first, releasing it can release the last reference to the dialog,
whose deletion deletes that half-deleted widget a second time ("QObject: shared QObject was deleted
directly", then a segmentation fault). ``run_modal`` runs the dialog and schedules its deletion: its
answer is read in the same call (a deferred deletion waits for the event loop), and nothing of it outlives
the question.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog


def run_modal(dialog: QDialog) -> int:
    """``dialog.exec()``; the dialog is deleted when control returns to the event loop."""
    try:
        return dialog.exec()
    finally:
        dialog.deleteLater()
