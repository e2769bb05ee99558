"""What the revision features use of the window that shows them (the window satisfies it; no feature
imports the window)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QStatusBar

    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner
    from litlens.ui.review.edits import EditController
    from litlens.ui.revisions.note import RevisionNote
    from litlens.ui.revisions.picker import RevisionDialog
    from litlens.ui.runs.controller import RunController


class RevisionHost(Protocol):
    document: Document
    db_path: Path
    tasks: TaskRunner
    edits: EditController
    runs: RunController
    revision_dialog: RevisionDialog | None
    revision_note: RevisionNote
    revisions_action: QAction

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt's name

    def tr(self, text: str) -> str: ...
