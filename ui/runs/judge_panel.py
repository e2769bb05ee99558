"""The judge panel: which judges to run, with which provider and model, the budget, and Run/Cancel.

It only collects choices and shows the estimate it is given; planning and running happen elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QFrame, QGroupBox,
                               QHBoxLayout, QLabel, QLineEdit, QPushButton, QScrollArea, QSizePolicy,
                               QVBoxLayout, QWidget)

from litlens.app.core.counts import counted
from litlens.ui.runs.judge_options import OptionsEditor
from litlens.ui.common.theme import set_role
from litlens.ui.common.wheel_guard import guard_wheel
from litlens.ui.common.judge_texts import judge_text, unavailable_reason
from litlens.ui.settings.prefs import DEFAULT_MODELS, LOCAL, OFFLINE, PROVIDER_TITLES, AppSettings, provider_title
from litlens.ui.settings.prefs import PROVIDERS as LLM_PROVIDERS

if TYPE_CHECKING:
    from litlens.app.judges.base import Judge
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.core.model import Project
    from litlens.app.run.service import Estimate, RunRequest

PROVIDERS = (OFFLINE, *LLM_PROVIDERS)
NAME_WIDTH = 230  # pixels of judge name shown beside its checkbox


def _tr(text: str) -> str:
    return QCoreApplication.translate("JudgePanel", text)


def format_estimate(est: Estimate, model: str | None) -> str:
    if not est.units and est.stored:  # every unit of the plan is in the store: the run would only reuse them
        return _tr("nothing new to run: {0} already stored (reused, free)").format(est.stored)
    text = _format_estimate(est, model)
    if est.stored:
        text += " · " + _tr("{0} already stored (reused, free)").format(est.stored)
    return text


def _format_estimate(est: Estimate, model: str | None) -> str:
    units = counted(est.units, QCoreApplication.translate("JudgePanel", "{0} unit"),
                    QCoreApplication.translate("JudgePanel", "{0} units"))
    if not est.llm_units:
        return units + " · " + QCoreApplication.translate("JudgePanel", "offline, no cost")
    calls = counted(est.calls, QCoreApplication.translate("JudgePanel", "{0} LLM call"),
                    QCoreApplication.translate("JudgePanel", "{0} LLM calls"))
    tokens = _tr("~{0} in / {1} out tokens").format(_k(est.input_tokens), _k(est.output_tokens))
    # "≤": an upper bound that prompt caching can only lower (Estimate.cost); a symbol needs no translation
    cost = f"≤ ${est.cost:.2f}" if est.cost is not None else _tr("price of {0} unknown").format(model)
    return " · ".join((units, calls, tokens, cost))


def protocol_text(cls: type[Judge]) -> str:
    """The judge's protocol card as tooltip text (the same lines ``litlens judges --details`` prints)."""
    card = getattr(cls, "protocol", None)
    if card is None:
        return (_tr("This judge does not say which paper it follows.") + "\n"
                + _tr("Prompt version: {0}").format(cls.prompt_version))
    return "\n".join(card.lines(cls.prompt_version))


def make_settings(choice: dict[str, Any] | None) -> ProviderSettings | None:
    if choice is None:
        return None
    from litlens.app.llm.factory import ProviderSettings  # pulls in the SDKs: only on a worker thread
    return ProviderSettings(**choice)


def _k(n: int) -> str:
    return f"{n / 1000:.1f}k" if n >= 1000 else str(n)


class JudgePanel(QWidget):
    runRequested = Signal()
    cancelRequested = Signal()
    settingsRequested = Signal()  # the estimate names a problem Settings can fix (a missing key)
    settingsChanged = Signal()  # anything that changes the plan or its price

    def __init__(self, judges: dict[str, type[Judge]], parent: QWidget | None = None, *,
                 load_errors: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        self.judges = judges
        self.prefs = AppSettings()
        self.checkboxes: dict[str, QCheckBox] = {}
        self.reasons: dict[str, QLabel] = {}  # why a judge cannot run on the open project
        self.unavailable: dict[str, str] = {}
        self.option_editors: dict[str, OptionsEditor] = {}
        self.info: dict[str, QLabel] = {}  # judge id -> its "ⓘ" with the protocol card as tooltip
        judge_box = self._judge_box(judges, load_errors)
        prov_box = self._provider_box()
        buttons = self._run_buttons()

        # the choices scroll; the estimate and Run stay below them, never scrolled out of a short panel
        choices = QWidget()
        body = QVBoxLayout(choices)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(judge_box)
        body.addWidget(prov_box)
        body.addStretch(1)
        self.choices = QScrollArea()
        self.choices.setWidget(choices)
        self.choices.setWidgetResizable(True)
        self.choices.setFrameShape(QFrame.Shape.NoFrame)
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.choices.setMinimumWidth(choices.minimumSizeHint().width()
                                     + self.choices.verticalScrollBar().sizeHint().width())
        self.choices.setMinimumHeight(120)
        self.estimate.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.choices, 1)
        lay.addWidget(QLabel(self.tr("Estimate")))
        lay.addWidget(self.estimate)
        lay.addWidget(self.settings_button)
        lay.addLayout(buttons)

        self.provider.currentIndexChanged.connect(lambda _i: self._provider_changed(self.provider_name()))
        self.model.editingFinished.connect(self.settingsChanged)
        self.base_url.editingFinished.connect(self.settingsChanged)
        self.budget.valueChanged.connect(self.settingsChanged)
        self._provider_changed(self.provider_name())
        guard_wheel(self)

    def _judge_box(self, judges: dict[str, type[Judge]], load_errors: dict[str, str] | None) -> QGroupBox:
        """A checkbox per judge with its protocol card, why it cannot run here, and its options."""
        judge_box = QGroupBox(self.tr("Judges"))
        jl = QVBoxLayout(judge_box)
        jl.setSpacing(2)
        for jid, cls in judges.items():
            # long names are elided so the panel keeps its width; the tooltip has the whole story
            name, description = judge_text(cls)
            cb = QCheckBox(self.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, NAME_WIDTH))
            cb.setToolTip(f"{name}\n\n{description}")
            cb.setChecked(not cls.needs_llm)  # offline judges are free: on by default
            cb.toggled.connect(self.settingsChanged)
            row = QHBoxLayout()
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(cb, 1)
            info = QLabel("ⓘ")  # the protocol card: which paper it follows and how it departs from it
            # in the body ink: the circled letter's hairline strokes in a muted ink measured 2.5:1
            info.setToolTip(protocol_text(cls))
            info.setAccessibleName(self.tr("Protocol of {0}").format(name))
            row.addWidget(info)
            jl.addLayout(row)
            self.checkboxes[jid] = cb
            self.info[jid] = info
            reason = QLabel()
            reason.setWordWrap(True)
            reason.setObjectName("muted")
            reason.setContentsMargins(22, 0, 0, 0)
            reason.hide()
            jl.addWidget(reason)
            self.reasons[jid] = reason
            if cls.Options.describe():
                editor = OptionsEditor(jid, cls.Options, judge_box)
                jl.addWidget(editor)
                editor.setVisible(cb.isChecked())  # shown while its judge is ticked: the panel stays short
                editor.changed.connect(self.settingsChanged)
                cb.toggled.connect(editor.setVisible)
                self.option_editors[jid] = editor
        if not judges:
            jl.addWidget(QLabel(self.tr("No judges are installed.")))
        if load_errors:
            broken = QLabel(counted(len(load_errors), self.tr("⚠ {0} installed judge could not be loaded"),
                                    self.tr("⚠ {0} installed judges could not be loaded")))
            broken.setWordWrap(True)
            broken.setObjectName("problem")
            broken.setToolTip("\n".join(f"{k}: {v}" for k, v in load_errors.items()))
            jl.addWidget(broken)
        self.llm_hint = QLabel(self.tr("LLM judges need a provider."))
        self.llm_hint.setWordWrap(True)
        self.llm_hint.setObjectName("muted")
        jl.addWidget(self.llm_hint)
        return judge_box

    def _provider_box(self) -> QGroupBox:
        prov_box = QGroupBox(self.tr("Provider"))
        form = QFormLayout(prov_box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.provider = QComboBox()
        # shown by title in the interface language; the provider's id travels as the item's data
        for name in PROVIDERS:
            self.provider.addItem(provider_title(name), name)
            self.provider.setItemData(self.provider.count() - 1, PROVIDER_TITLES.get(name, name),
                                      Qt.ItemDataRole.ToolTipRole)
        self.model = QLineEdit()
        self.model.setPlaceholderText(self.tr("model name"))
        self.base_url = QLineEdit()
        self.base_url.setPlaceholderText(self.tr("the provider's own address"))
        self.base_url.setToolTip(self.tr("Leave empty for OpenAI and Anthropic; an OpenAI-compatible "
                                         "server needs its address, e.g. http://localhost:11434/v1"))
        self.budget = QDoubleSpinBox()
        self.budget.setRange(0, 10_000)
        self.budget.setDecimals(2)
        self.budget.setPrefix("$ ")
        self.budget.setSpecialValueText(self.tr("no limit"))
        self.budget.setToolTip(self.tr("The run stops before it would spend more than this"))
        form.addRow(self.tr("Provider"), self.provider)
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.tr("Base URL"), self.base_url)
        form.addRow(self.tr("Budget"), self.budget)
        return prov_box

    def _run_buttons(self) -> QHBoxLayout:
        """The estimate, the Settings button it may offer, and Run and Cancel."""
        self.estimate = QLabel("—")
        self.estimate.setWordWrap(True)
        self.estimate.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.setToolTip(self.tr("Run the ticked judges (Ctrl+R)"))
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.run_button.clicked.connect(self.runRequested)
        self.cancel_button.clicked.connect(self.cancelRequested)
        self.settings_button = QPushButton(self.tr("Open Settings › Providers…"))
        self.settings_button.hide()
        self.settings_button.clicked.connect(self.settingsRequested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        return buttons

    def provider_name(self) -> str:
        """The chosen provider's id (OFFLINE for none), whatever language the list is shown in."""
        return self.provider.currentData() or OFFLINE

    def set_provider(self, name: str) -> None:
        """Choose provider ``name`` (an id such as "openai", or OFFLINE); an unknown name changes nothing."""
        index = self.provider.findData(name)
        if index >= 0:
            self.provider.setCurrentIndex(index)

    def apply_settings(self, prefs: AppSettings) -> None:
        """Take defaults from the settings dialog: models, base URLs, budget, spaCy pipeline."""
        self.prefs = prefs
        if prefs.budget and not self.budget.value():
            self.budget.setValue(prefs.budget)
        for editor in self.option_editors.values():
            if "spacy_model" in editor.editors and prefs.spacy_model:
                editor.set_value("spacy_model", prefs.spacy_model)
        name = self.provider_name()
        if name != OFFLINE:
            self._provider_changed(name)  # the model, base URL and local model file may all have changed

    def set_candidates(self, labels: list[str]) -> None:
        for editor in self.option_editors.values():
            editor.set_candidates(labels)

    def set_project(self, project: Project) -> None:
        """Disable the judges that cannot run on ``project``, each with its reason under its name."""
        self.set_candidates([c.label for c in project.candidates])
        self.unavailable = {}
        for jid, cls in self.judges.items():
            reason = unavailable_reason(cls, project)
            if reason is not None:
                self.unavailable[jid] = reason
            self.reasons[jid].setText(reason or "")
            self.reasons[jid].setVisible(reason is not None)
        self._provider_changed(self.provider_name())

    def _provider_changed(self, name: str) -> None:
        offline, local = name == OFFLINE, name == LOCAL
        # a local model is named by its file (chosen in Settings), has no address and costs nothing
        self.model.setEnabled(not offline and not local)
        self.base_url.setEnabled(not offline and not local)
        self.budget.setEnabled(not offline and not local)
        if local:
            self.model.setText(self.prefs.local_model_name())
            self.model.setPlaceholderText(self.tr("choose a .gguf file in Settings"))
            self.model.setToolTip(self.prefs.local_model_file or self.tr("No model file chosen yet "
                                                                         "(File › Settings › Providers)"))
            self.base_url.clear()
        elif not offline:
            self.model.setText(self.prefs.model_for(name) or DEFAULT_MODELS.get(name, ""))
            self.model.setPlaceholderText(self.tr("model name"))
            self.model.setToolTip("")
            self.base_url.setText(self.prefs.base_url_for(name))
        hint = self.tr("needs an LLM provider: choose one under Provider")
        for jid, cb in self.checkboxes.items():
            cls = self.judges[jid]
            no_llm = cls.needs_llm and offline
            usable = not no_llm and jid not in self.unavailable
            cb.setEnabled(usable)
            notes = [hint] if no_llm else []
            if jid in self.unavailable:
                notes.append(self.unavailable[jid])
            tip = "\n\n".join([judge_text(cls)[0], judge_text(cls)[1], *notes])
            if cb.toolTip() != tip:  # every open passes here: a repeated setToolTip is not free
                cb.setToolTip(tip)
            if jid in self.option_editors:
                self.option_editors[jid].setVisible(cb.isChecked() and usable)
        self.llm_hint.setVisible(offline and any(c.needs_llm for c in self.judges.values()))
        self.settingsChanged.emit()

    # ---- what the user chose ------------------------------------------------------------------
    def selected(self) -> list[str]:
        return [jid for jid, cb in self.checkboxes.items() if cb.isEnabled() and cb.isChecked()]

    def select(self, judge_ids: list[str]) -> None:
        for jid, cb in self.checkboxes.items():
            cb.setChecked(jid in judge_ids)

    def provider_choice(self) -> dict[str, Any] | None:
        """The chosen provider as plain values (ProviderSettings fields), None when offline."""
        name = self.provider_name()
        if name == OFFLINE:
            return None
        p = self.prefs
        if name == LOCAL:  # the core runs it one request at a time whatever concurrency says
            return {"provider": name, **p.local_choice(), "concurrency": p.concurrency}
        return {"provider": name, "model": self.model.text().strip(),
                "base_url": self.base_url.text().strip() or None, "concurrency": p.concurrency,
                "rpm": p.rpm or None, "tpm": p.tpm or None}

    def provider_settings(self) -> ProviderSettings | None:
        """ProviderSettings for the choice. Imports the provider SDKs: call it on a worker thread."""
        return make_settings(self.provider_choice())

    def options(self) -> dict[str, dict]:
        """Options that differ from each selected judge's defaults."""
        out = {}
        for jid in self.selected():
            editor = self.option_editors.get(jid)
            values = editor.values() if editor is not None else {}
            if values:
                out[jid] = values
        return out

    def budget_choice(self) -> float | None:
        """The budget a run started now gets: the spin box's, None for "no limit" or a provider without one."""
        return (self.budget.value() or None) if self.budget.isEnabled() else None

    def request_factory(self, project: Project) -> Callable[[], RunRequest]:
        """What the user chose, frozen now, as a function that builds the RunRequest later.

        Building it imports the provider SDKs (seconds, holding the import locks); the run and estimate
        workers call it, so the GUI thread never waits for an import.
        """
        judges, choice, options = self.selected(), self.provider_choice(), self.options()
        budget = self.budget_choice()
        concurrency = self.prefs.concurrency

        def build() -> RunRequest:
            # the run service (asyncio, the engine) is imported here, on the worker, not at the window's start
            from litlens.app.run.service import RunRequest, applicable
            # a judge that cannot run is left out with a notice rather than failing the whole run
            return applicable(RunRequest(project=project, judges=judges, provider=make_settings(choice),
                                         options=options, budget=budget, concurrency=concurrency))
        return build

    def build_request(self, project: Project) -> RunRequest:
        return self.request_factory(project)()

    # ---- what the panel shows -----------------------------------------------------------------
    def set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)

    def set_estimate(self, text: str, problem: bool = False, fix_in_settings: bool = False) -> None:
        self.estimate.setText(text)
        set_role(self.estimate, "problem" if problem else "")
        self.settings_button.setVisible(fix_in_settings)
