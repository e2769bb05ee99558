"""The judge panel: which judges to run, with which provider and model, the budget, and Run/Cancel.

It only collects choices and shows the estimate it is given; planning and running happen elsewhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox,
                               QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget)

from app.service import RunRequest

if TYPE_CHECKING:
    from app.judges.base import Judge
    from app.llm.factory import ProviderSettings
    from app.model import Project
    from app.service import Estimate

OFFLINE = "none (offline)"
PROVIDERS = (OFFLINE, "openai", "anthropic", "compat")
DEFAULT_MODELS = {"openai": "gpt-4o-mini", "anthropic": "claude-sonnet-4-5", "compat": ""}
LLM_HINT = "needs an LLM provider: choose one under Provider"
NAME_WIDTH = 230  # pixels of judge name shown beside its checkbox


def format_estimate(est: Estimate, model: str | None) -> str:
    if not est.llm_units:
        return f"{est.units} units · offline, no cost"
    tokens = f"~{_k(est.input_tokens)} in / {_k(est.output_tokens)} out tokens"
    cost = f"≈ ${est.cost:.2f}" if est.cost is not None else f"price of {model} unknown"
    return f"{est.units} units · {est.llm_units} LLM calls · {tokens} · {cost}"


def _k(n: int) -> str:
    return f"{n / 1000:.1f}k" if n >= 1000 else str(n)


class JudgePanel(QWidget):
    runRequested = Signal()
    cancelRequested = Signal()
    settingsChanged = Signal()  # anything that changes the plan or its price

    def __init__(self, judges: dict[str, type[Judge]], parent: QWidget | None = None, *,
                 load_errors: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        self.judges = judges
        self.checkboxes: dict[str, QCheckBox] = {}

        judge_box = QGroupBox("Judges")
        jl = QVBoxLayout(judge_box)
        for jid, cls in judges.items():
            # long names are elided so the panel keeps its width; the tooltip has the whole story
            cb = QCheckBox(self.fontMetrics().elidedText(cls.name, Qt.TextElideMode.ElideRight, NAME_WIDTH))
            cb.setToolTip(f"{cls.name}\n\n{cls.description}")
            cb.setChecked(not cls.needs_llm)  # offline judges are free: on by default
            cb.toggled.connect(self.settingsChanged)
            jl.addWidget(cb)
            self.checkboxes[jid] = cb
        if not judges:
            jl.addWidget(QLabel("No judges are installed."))
        if load_errors:
            broken = QLabel(f"⚠ {len(load_errors)} installed judge(s) could not be loaded")
            broken.setWordWrap(True)
            broken.setStyleSheet("color: #b3261e;")
            broken.setToolTip("\n".join(f"{k}: {v}" for k, v in load_errors.items()))
            jl.addWidget(broken)
        self.llm_hint = QLabel("LLM judges need a provider.")
        self.llm_hint.setWordWrap(True)
        self.llm_hint.setStyleSheet("color: #6b7280; font-size: 11px;")
        jl.addWidget(self.llm_hint)

        prov_box = QGroupBox("Provider")
        form = QFormLayout(prov_box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.provider = QComboBox()
        self.provider.addItems(PROVIDERS)
        self.model = QLineEdit()
        self.model.setPlaceholderText("model name")
        self.base_url = QLineEdit()
        self.base_url.setPlaceholderText("http://localhost:11434/v1")
        self.budget = QDoubleSpinBox()
        self.budget.setRange(0, 10_000)
        self.budget.setDecimals(2)
        self.budget.setPrefix("$ ")
        self.budget.setSpecialValueText("no limit")
        self.budget.setToolTip("The run stops before it would spend more than this")
        form.addRow("Provider", self.provider)
        form.addRow("Model", self.model)
        form.addRow("Base URL", self.base_url)
        form.addRow("Budget", self.budget)

        self.estimate = QLabel("—")
        self.estimate.setWordWrap(True)
        self.estimate.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.run_button = QPushButton("Run")
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.run_button.clicked.connect(self.runRequested)
        self.cancel_button.clicked.connect(self.cancelRequested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(judge_box)
        lay.addWidget(prov_box)
        lay.addWidget(QLabel("Estimate"))
        lay.addWidget(self.estimate)
        lay.addLayout(buttons)
        lay.addStretch(1)

        self.provider.currentTextChanged.connect(self._provider_changed)
        self.model.editingFinished.connect(self.settingsChanged)
        self.base_url.editingFinished.connect(self.settingsChanged)
        self.budget.valueChanged.connect(self.settingsChanged)
        self._provider_changed(self.provider.currentText())

    def _provider_changed(self, name: str) -> None:
        offline = name == OFFLINE
        self.model.setEnabled(not offline)
        self.base_url.setEnabled(name == "compat")
        self.budget.setEnabled(not offline)
        if not offline and not self.model.text():
            self.model.setText(DEFAULT_MODELS.get(name, ""))
        for jid, cb in self.checkboxes.items():
            if self.judges[jid].needs_llm:
                cb.setEnabled(not offline)
                cls = self.judges[jid]
                cb.setToolTip(f"{cls.name}\n\n{cls.description}" + ("\n\n" + LLM_HINT if offline else ""))
        self.llm_hint.setVisible(offline and any(c.needs_llm for c in self.judges.values()))
        self.settingsChanged.emit()

    # ---- what the user chose ------------------------------------------------------------------
    def selected(self) -> list[str]:
        return [jid for jid, cb in self.checkboxes.items() if cb.isEnabled() and cb.isChecked()]

    def select(self, judge_ids: list[str]) -> None:
        for jid, cb in self.checkboxes.items():
            cb.setChecked(jid in judge_ids)

    def provider_settings(self) -> ProviderSettings | None:
        name = self.provider.currentText()
        if name == OFFLINE:
            return None
        from app.llm.factory import ProviderSettings  # pulls in the SDKs: only when a provider is used
        return ProviderSettings(provider=name, model=self.model.text().strip(),
                                base_url=self.base_url.text().strip() or None)

    def build_request(self, project: Project) -> RunRequest:
        budget = self.budget.value() or None
        return RunRequest(project=project, judges=self.selected(), provider=self.provider_settings(),
                          budget=budget)

    # ---- what the panel shows -----------------------------------------------------------------
    def set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)

    def set_estimate(self, text: str, problem: bool = False) -> None:
        self.estimate.setText(text)
        self.estimate.setStyleSheet("color: #b3261e;" if problem else "")
