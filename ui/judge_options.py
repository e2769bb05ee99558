"""Option editors generated from a judge's ``options`` dict: bool → checkbox, int → spin box, a string
with known choices → combo box, other strings → line edit, an optional whole number → spin box whose
lowest value means "default"."""

from __future__ import annotations

import importlib
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLineEdit, QSpinBox, QWidget

# (judge id, option) -> "module:NAME" of the tuple of allowed values, read lazily from the judge's module
KNOWN_CHOICES = {
    ("gemba-mqm", "variant"): "litlens.app.judges.gemba_mqm:VARIANTS",
    ("verse", "answer_mode"): "litlens.app.judges.verse.judge:ANSWER_MODES",
    ("transevalnia", "method"): "litlens.app.judges.transevalnia.judge:METHODS",
}
CANDIDATE_OPTIONS = ("human",)  # options whose value is a candidate label (or none)
OPTIONAL_INTS = {("transevalnia", "orders")}  # None means "every order the method defines"
INT_RANGES = {"orders": (1, 24), "seed": (0, 10**6), "chunk_tokens": (200, 200_000),
              "summary_words": (50, 2000), "min_questions": (1, 50), "max_questions": (1, 50)}


def choices(judge_id: str, option: str) -> tuple[str, ...] | None:
    ref = KNOWN_CHOICES.get((judge_id, option))
    if ref is None:
        return None
    module, name = ref.split(":")
    return tuple(getattr(importlib.import_module(module), name))


class OptionsEditor(QWidget):
    """One judge's options as a small form; ``values()`` returns only what differs from the defaults."""

    changed = Signal()

    def __init__(self, judge_id: str, defaults: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.judge_id = judge_id
        self.defaults = dict(defaults)
        self.editors: dict[str, QWidget] = {}
        form = QFormLayout(self)
        form.setContentsMargins(22, 0, 0, 4)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for name, default in defaults.items():
            editor = self._editor(name, default)
            self.editors[name] = editor
            label = name.replace("_", " ")
            if isinstance(editor, QCheckBox):
                editor.setText(label)
                form.addRow(editor)
            else:
                form.addRow(label, editor)

    def _editor(self, name: str, default: Any) -> QWidget:
        known = choices(self.judge_id, name)
        if isinstance(default, bool):
            w = QCheckBox()
            w.setChecked(default)
            w.toggled.connect(self.changed)
            return w
        if (self.judge_id, name) in OPTIONAL_INTS or isinstance(default, int):
            w = QSpinBox()
            lo, hi = INT_RANGES.get(name, (0, 10**6))
            optional = (self.judge_id, name) in OPTIONAL_INTS
            w.setRange(lo - 1 if optional else lo, hi)
            if optional:
                w.setSpecialValueText(self.tr("default"))
            w.setValue(default if isinstance(default, int) else lo - 1)
            w.valueChanged.connect(self.changed)
            return w
        if known is not None or name in CANDIDATE_OPTIONS:
            w = QComboBox()
            if name in CANDIDATE_OPTIONS:
                w.addItem(self.tr("none"), "")
            for value in known or ():
                w.addItem(value, value)
            i = w.findData(default)
            w.setCurrentIndex(max(0, i))
            w.currentIndexChanged.connect(self.changed)
            return w
        w = QLineEdit("" if default is None else str(default))
        w.editingFinished.connect(self.changed)
        return w

    def set_candidates(self, labels: list[str]) -> None:
        """Fill the candidate-valued options (e.g. which candidate is the human translation)."""
        for name in CANDIDATE_OPTIONS:
            w = self.editors.get(name)
            if isinstance(w, QComboBox):
                keep = w.currentData()
                w.blockSignals(True)
                w.clear()
                w.addItem(self.tr("none"), "")
                for lab in labels:
                    w.addItem(lab, lab)
                w.setCurrentIndex(max(0, w.findData(keep)))
                w.blockSignals(False)

    def set_value(self, name: str, value: Any) -> None:
        w = self.editors[name]
        if isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, QSpinBox):
            w.setValue(w.minimum() if value is None else int(value))
        elif isinstance(w, QComboBox):
            w.setCurrentIndex(max(0, w.findData(value)))
        elif isinstance(w, QLineEdit):
            w.setText(str(value))

    def value(self, name: str) -> Any:
        w, default = self.editors[name], self.defaults[name]
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QSpinBox):
            optional = (self.judge_id, name) in OPTIONAL_INTS
            return None if optional and w.value() == w.minimum() else w.value()
        if isinstance(w, QComboBox):
            return w.currentData()
        text = w.text().strip() if isinstance(w, QLineEdit) else ""
        return text if default is not None or text else None

    def values(self) -> dict[str, Any]:
        out = {name: self.value(name) for name in self.editors}
        return {k: v for k, v in out.items() if v != self.defaults[k]}
