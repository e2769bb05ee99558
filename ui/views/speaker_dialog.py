"""Setting who speaks a turn and to whom: a choice among the text's characters, or "unknown"."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

UNKNOWN_ROLE = ""  # the data of the "unknown" entry


class SpeakerDialog(QDialog):
    def __init__(self, quote: str, names: list[str], speaker: str | None, listener: str | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Set the speaker"))
        self.speaker = self._choices(names, speaker)
        self.listener = self._choices(names, listener)
        shown = QLabel(quote if len(quote) <= 120 else quote[:117] + "…")
        shown.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.tr("Line"), shown)
        form.addRow(self.tr("Speaker"), self.speaker)
        form.addRow(self.tr("Listener"), self.listener)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _choices(self, names: list[str], current: str | None) -> QComboBox:
        box = QComboBox()
        box.addItem(self.tr("unknown"), UNKNOWN_ROLE)
        for name in names:
            box.addItem(name, name)
        box.setCurrentIndex(max(0, box.findData(current or UNKNOWN_ROLE)))
        return box

    def values(self) -> tuple[str | None, str | None]:
        return self.speaker.currentData() or None, self.listener.currentData() or None
