"""A judge's options as a small form, built from its ``Options.describe()`` and nothing else.

bool → checkbox; choice → combo box of exactly the declared choices; int/float → spin box limited to the
declared range (an optional number's lowest value reads "default" and means None); candidate → combo box
of the project's candidate labels plus "none"; text → line edit. Each help text is the editor's tooltip.
Every editor can only hold a value the declaration allows; an edit that the declaration still refuses
(free text such as weights, or a combination such as min > max questions) is undone on the spot with the
reason shown, so ``values()`` always passes ``Options.parse``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLineEdit, QSpinBox,
                               QToolTip, QWidget)

from litlens.app.judges.options import OptionError
from litlens.ui.common.judge_texts import option_label, option_value

if TYPE_CHECKING:
    from litlens.app.judges.options import JudgeOptions, OptionInfo

# A number without a declared range still needs spin-box limits; QSpinBox holds a 32-bit int.
INT_LIMITS = (-(2**31) + 2, 2**31 - 1)
FLOAT_LIMITS = (-1e9, 1e9)


class OptionsEditor(QWidget):
    """One judge's options; ``values()`` returns only what differs from the declared defaults."""

    changed = Signal()

    def __init__(self, judge_id: str, options: type[JudgeOptions], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.judge_id = judge_id
        self.options_cls = options
        self.infos: dict[str, OptionInfo] = {i.name: i for i in options.describe()}
        self.editors: dict[str, QWidget] = {}
        form = QFormLayout(self)
        form.setContentsMargins(22, 0, 0, 4)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.error = ""  # why the last refused edit was undone
        for info in self.infos.values():
            editor = self._editor(info)
            editor.setToolTip(info.help)
            self.editors[info.name] = editor
            label = option_label(info.name)
            if isinstance(editor, QCheckBox):
                editor.setText(label)
                form.addRow(editor)
            else:
                form.addRow(label, editor)
                form.labelForField(editor).setToolTip(info.help)
        self._good = {name: self.value(name) for name in self.editors}  # what the last check accepted

    def _editor(self, info: OptionInfo) -> QWidget:
        if info.type == "bool":
            box = QCheckBox()
            box.setChecked(bool(info.default))
            box.toggled.connect(lambda *_: self._edited(info.name))
            return box
        if info.type in ("int", "float"):
            return self._spin(info)
        if info.type in ("choice", "candidate"):
            combo = QComboBox()
            if info.type == "candidate":
                combo.addItem(self.tr("none"), None)
            for value in info.choices or ():
                combo.addItem(option_value(value), value)
            combo.setCurrentIndex(max(0, combo.findData(info.default)))
            combo.currentIndexChanged.connect(lambda *_: self._edited(info.name))
            return combo
        line = QLineEdit("" if info.default is None else str(info.default))
        line.editingFinished.connect(lambda: self._edited(info.name))
        return line

    def _spin(self, info: OptionInfo) -> QWidget:
        whole = info.type == "int"
        spin: QSpinBox | QDoubleSpinBox = QSpinBox() if whole else QDoubleSpinBox()
        lo, hi = info.range or (INT_LIMITS if whole else FLOAT_LIMITS)
        if not whole:
            assert isinstance(spin, QDoubleSpinBox)
            spin.setDecimals(3)
            spin.setSingleStep(0.05)
        # one step below the range stands for None, shown as "default"
        step = 1 if whole else spin.singleStep()
        spin.setRange(lo - step if info.optional else lo, hi)  # type: ignore[arg-type]
        if info.optional:
            spin.setSpecialValueText(self.tr("default"))
        spin.setValue(spin.minimum() if info.default is None else info.default)
        spin.setKeyboardTracking(False)  # check the number once it is typed, not each digit on the way
        spin.valueChanged.connect(lambda *_: self._edited(info.name))
        return spin

    def set_candidates(self, labels: list[str]) -> None:
        """Offer the project's candidate labels wherever an option names a candidate."""
        for name, info in self.infos.items():
            combo = self.editors[name]
            if info.type != "candidate" or not isinstance(combo, QComboBox):
                continue
            keep = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(self.tr("none"), None)
            for label in labels:
                combo.addItem(label, label)
            combo.setCurrentIndex(max(0, combo.findData(keep)))
            combo.blockSignals(False)

    def _edited(self, name: str) -> None:
        """Keep the edit if the declaration accepts the whole set of values, else put the old one back."""
        if self.value(name) == self._good.get(name):
            return
        try:
            self.options_cls.parse(self.values(), self.judge_id)
        except OptionError as exc:
            self.error = str(exc)
            editor = self.editors[name]
            editor.blockSignals(True)
            self._put(name, self._good[name])
            editor.blockSignals(False)
            QToolTip.showText(editor.mapToGlobal(editor.rect().bottomLeft()), self.error, editor)
            return
        self.error = ""
        self._good[name] = self.value(name)
        self.changed.emit()

    def set_value(self, name: str, value: Any) -> None:
        """Set an option from code; a value the editor cannot hold or the declaration refuses raises
        OptionError and changes nothing."""
        editor = self.editors[name]
        editor.blockSignals(True)
        try:
            self._put(name, value)
            try:
                if self.value(name) != value:  # not a choice, outside the spin box's range...
                    raise OptionError(f"{self.judge_id}.{name} cannot be {value!r}", self.judge_id, name)
                self.options_cls.parse(self.values(), self.judge_id)
            except OptionError:
                self._put(name, self._good[name])
                raise
        finally:
            editor.blockSignals(False)
        if self.value(name) != self._good[name]:
            self._good[name] = self.value(name)
            self.changed.emit()

    def _put(self, name: str, value: Any) -> None:
        w = self.editors[name]
        if isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, (QSpinBox, QDoubleSpinBox)):
            w.setValue(w.minimum() if value is None else value)
        elif isinstance(w, QComboBox):
            w.setCurrentIndex(max(0, w.findData(value)))
        elif isinstance(w, QLineEdit):
            w.setText("" if value is None else str(value))

    def value(self, name: str) -> Any:
        w, info = self.editors[name], self.infos[name]
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, (QSpinBox, QDoubleSpinBox)):
            return None if info.optional and w.value() == w.minimum() else w.value()
        if isinstance(w, QComboBox):
            return w.currentData()
        text = w.text().strip() if isinstance(w, QLineEdit) else ""
        return None if info.optional and not text else text

    def values(self) -> dict[str, Any]:
        """The options that differ from their defaults, as ``Options.parse`` takes them."""
        out = {name: self.value(name) for name in self.editors}
        return {k: v for k, v in out.items() if v != self.infos[k].default}
