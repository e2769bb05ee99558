"""The settings dialog: providers (models, base URLs, API keys through the keyring, a local GGUF model),
limits, budget, spaCy pipeline, database location, interface language and theme.

Non-secret values go to QSettings (ui.settings.prefs); keys only ever go to app.llm.keys, which uses the system
keyring or, when there is no secure one, this session's memory — and the dialog says which.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QLabel, QLineEdit, QMessageBox, QPushButton, QSpinBox,
                               QTabWidget, QVBoxLayout, QWidget)

from litlens.ui.common import i18n
from litlens.ui.settings.local_model import LocalModelBox
from litlens.ui.settings.pipelines import PipelinesBox, project_languages
from litlens.ui.common.wheel_guard import guard_wheel
from litlens.ui.settings.prefs import (apply_prompts, provider_title, CALIBRATION_MODES, LANGUAGES, LOCAL,
                                      PROVIDERS, THEMES, AppSettings)

if TYPE_CHECKING:
    from pathlib import Path

    from litlens.app.core.model import Project
    from litlens.ui.common.tasks import TaskRunner


class ProviderBox(QWidget):
    """Model, base URL and key of one provider."""

    def __init__(self, name: str, prefs: AppSettings, secure: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.model = QLineEdit(prefs.model_for(name))
        self.base_url = QLineEdit(prefs.base_url_for(name))
        self.base_url.setPlaceholderText("http://localhost:11434/v1" if name == "compat"
                                         else self.tr("default"))
        self.key = QLineEdit()
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.key.setPlaceholderText(self.tr("paste a key to store it"))
        self.save_key = QPushButton(self.tr("Save key") if secure else self.tr("Use for this session"))
        self.save_key.clicked.connect(self._store_key)
        self.key_status = QLabel()
        self.key_status.setWordWrap(True)
        key_row = QHBoxLayout()
        key_row.addWidget(self.key, 1)
        key_row.addWidget(self.save_key)
        form = QFormLayout(self)
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.tr("Base URL"), self.base_url)
        form.addRow(self.tr("API key"), key_row)
        form.addRow("", self.key_status)
        self._show_key_state()

    def _show_key_state(self) -> None:
        from litlens.app.llm.base import LLMError
        from litlens.app.llm.keys import get_api_key
        try:
            get_api_key(self.name)
            self.key_status.setText(self.tr("A key is available."))
        except (LLMError, ValueError):
            self.key_status.setText(self.tr("No key yet.") if self.name != "compat"
                                    else self.tr("Local servers usually need no key."))

    def _store_key(self) -> None:
        from litlens.app.llm.keys import set_api_key
        key = self.key.text()
        try:
            result = set_api_key(self.name, key)
        except ValueError as exc:
            self.key_status.setText(str(exc))
            return
        self.key.clear()  # the key leaves the widget at once; it is never kept in settings
        self.key_status.setText(result.message)


class SettingsDialog(QDialog):
    def __init__(self, prefs: AppSettings, parent: QWidget | None = None, *,
                 project: Project | None = None, tasks: TaskRunner | None = None,
                 db_in_use: str | Path | None = None) -> None:
        super().__init__(parent)
        from litlens.app.llm.keys import keyring_status
        self.db_in_use = db_in_use  # the database the window reads now (--db, LITLENS_DB or the default)
        self.setWindowTitle(self.tr("Settings"))
        self.prefs = prefs
        secure, description = keyring_status()
        self.secure = secure
        providers = self._providers_page(prefs, secure, description)
        limits = self._limits_page(prefs)
        general = self._general_page(prefs, project, tasks)

        tabs = QTabWidget()
        tabs.addTab(providers, self.tr("Providers"))
        tabs.addTab(limits, self.tr("Limits and budget"))
        tabs.addTab(general, self.tr("General"))
        self.tabs = tabs
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(tabs)
        lay.addWidget(buttons)
        self.resize(620, 560)
        guard_wheel(self)

    def _providers_page(self, prefs: AppSettings, secure: bool, description: str) -> QWidget:
        """Where keys are kept, the preferred provider, and a tab per provider."""
        providers = QWidget()
        pl = QVBoxLayout(providers)
        self.keyring_note = QLabel(
            self.tr("API keys are kept in the system keyring.") if secure else
            self.tr("This system has no secure key store. Keys you enter are used for this session "
                    "only and forgotten when LitLens closes; set OPENAI_API_KEY or ANTHROPIC_API_KEY in "
                    "the environment to avoid typing them again."))
        self.keyring_note.setToolTip(description)  # the backend's own words, for whoever debugs it
        self.keyring_note.setWordWrap(True)
        if not secure:
            self.keyring_note.setObjectName("warning")
        pl.addWidget(self.keyring_note)
        self.default_provider = QComboBox()
        for name in PROVIDERS:
            self.default_provider.addItem(provider_title(name), name)
        self.default_provider.setCurrentIndex(max(0, self.default_provider.findData(prefs.provider)))
        row = QFormLayout()
        row.addRow(self.tr("Preferred provider"), self.default_provider)
        pl.addLayout(row)
        self.provider_tabs = QTabWidget()
        self.boxes = {name: ProviderBox(name, prefs, secure) for name in PROVIDERS if name != LOCAL}
        for name, box in self.boxes.items():
            self.provider_tabs.addTab(box, provider_title(name))
        self.local = LocalModelBox(prefs)  # a file and llama.cpp's knobs instead of a model name and key
        self.provider_tabs.addTab(self.local, provider_title(LOCAL))
        pl.addWidget(self.provider_tabs)
        pl.addStretch(1)
        return providers

    def _limits_page(self, prefs: AppSettings) -> QWidget:
        limits = QWidget()
        lf = QFormLayout(limits)
        self.concurrency = QSpinBox()
        self.concurrency.setRange(1, 256)
        self.concurrency.setValue(prefs.concurrency)
        self.rpm = QSpinBox()
        self.rpm.setRange(0, 1_000_000)
        self.rpm.setSpecialValueText(self.tr("no limit"))
        self.rpm.setValue(prefs.rpm)
        self.tpm = QSpinBox()
        self.tpm.setRange(0, 100_000_000)
        self.tpm.setSpecialValueText(self.tr("no limit"))
        self.tpm.setValue(prefs.tpm)
        self.budget = QDoubleSpinBox()
        self.budget.setRange(0, 10_000)
        self.budget.setPrefix("$ ")
        self.budget.setSpecialValueText(self.tr("no limit"))
        self.budget.setValue(prefs.budget)
        lf.addRow(self.tr("Requests at once"), self.concurrency)
        lf.addRow(self.tr("Requests per minute"), self.rpm)
        lf.addRow(self.tr("Tokens per minute"), self.tpm)
        lf.addRow(self.tr("Default budget per run"), self.budget)
        return limits

    def _general_page(self, prefs: AppSettings, project: Project | None, tasks: TaskRunner | None) -> QWidget:
        """spaCy pipelines, the database, the interface language, the theme and the reviewer's name."""
        general = QWidget()
        gf = QFormLayout(general)
        self.spacy = QLineEdit(prefs.spacy_model)
        self.spacy.setToolTip(self.tr("An installed spaCy pipeline for English names; without one LitLens "
                                      "falls back to rule-based name candidates and says so."))
        self.db_path = QLineEdit(prefs.db_path)
        from litlens.app.run.store import default_db_path
        # the one in use, not the default: a window started with --db showed the default's path here
        self.db_path.setPlaceholderText(str(self.db_in_use or default_db_path()))
        browse = QPushButton(self.tr("Choose…"))
        browse.clicked.connect(self._choose_db)
        db_row = QHBoxLayout()
        db_row.addWidget(self.db_path, 1)
        db_row.addWidget(browse)
        self.language = QComboBox()
        for code, own in LANGUAGES.items():
            # in the interface language, with the language's own name after it for one who cannot read it
            name = i18n.language_name(code)
            self.language.addItem(name if name == own else f"{name} ({own})", code)
        # the language chosen last, or the one the window is shown in when it was started in another
        self.language.setCurrentIndex(max(0, self.language.findData(self._language_in_use())))
        self.theme = QComboBox()
        theme_names = {"light": self.tr("Light"), "dark": self.tr("Dark")}
        for name in THEMES:
            self.theme.addItem(theme_names.get(name, name), name)
        self.theme.setCurrentIndex(max(0, self.theme.findData(prefs.theme)))
        self.reviewer = QLineEdit(prefs.reviewer)
        self.reviewer.setPlaceholderText(self.tr("your name, stored with your review decisions"))
        gf.addRow(self.tr("spaCy pipeline"), self.spacy)
        # per language of the open project: which pipeline would be used, installed or not, and Install
        self.pipelines = PipelinesBox(project_languages(project), tasks)
        gf.addRow(self.tr("Pipelines"), self.pipelines)
        gf.addRow(self.tr("Database"), db_row)
        self.prompts_dir = QLineEdit(prefs.prompts_dir)
        self.prompts_dir.setPlaceholderText(self.tr("built-in templates"))
        self.prompts_dir.setToolTip(self.tr("A folder of prompt templates that replace the built-in ones of the "
                                            "same name (e.g. gemba_mqm/system.j2), checked before any call; "
                                            "results and protocol cards then say \"custom prompt\"."))
        prompts_browse = QPushButton(self.tr("Choose…"))
        prompts_browse.clicked.connect(self._choose_prompts)
        prompts_row = QHBoxLayout()
        prompts_row.addWidget(self.prompts_dir, 1)
        prompts_row.addWidget(prompts_browse)
        gf.addRow(self.tr("Prompt templates"), prompts_row)
        gf.addRow(self.tr("Interface language"), self.language)
        gf.addRow(self.tr("Theme"), self.theme)
        gf.addRow(self.tr("Reviewer"), self.reviewer)
        gf.addRow(self.tr("Judges you keep rejecting"), self._calibration_box(prefs))
        restart = QLabel(self.tr("A new language or database takes effect the next time LitLens starts."))
        restart.setWordWrap(True)
        restart.setObjectName("muted")
        self.restart_note = restart
        # a new language needs a restart: say so where it was chosen, with the button that does it
        self.restart_button = QPushButton(self.tr("Save and restart LitLens now"))
        self.restart_button.setVisible(False)
        self.restart_requested = False
        self.restart_button.clicked.connect(self._save_and_restart)
        gf.addRow(restart)
        gf.addRow(self.restart_button)
        self.language.currentIndexChanged.connect(self._restart_needed)
        self.db_path.textChanged.connect(self._restart_needed)
        return general

    def _calibration_box(self, prefs: AppSettings) -> QComboBox:
        """The opt-in calibration rule: off by default; it acts on a judge and category only after ten of
        the reviewer's decisions there (app.humans.calibration)."""
        self.calibration = QComboBox()
        names = {"off": self.tr("Show their findings as usual"), "fade": self.tr("Fade their findings"),
                 "hide": self.tr("Hide their findings (the list says how many)")}
        for mode in CALIBRATION_MODES:
            self.calibration.addItem(names[mode], mode)
        self.calibration.setCurrentIndex(max(0, self.calibration.findData(prefs.calibration)))
        self.calibration.setToolTip(self.tr("Per judge and category, from your own accept and reject decisions: "
                                            "after at least 10 decisions, when the judge is right for you less "
                                            "than half the time (95% upper bound below 50%)."))
        return self.calibration

    def _language_in_use(self) -> str:
        return self.prefs.language if self.prefs.language != "en" else i18n.current()

    def _restart_needed(self) -> None:
        changed = (self.language.currentData() != self._language_in_use()
                   or self.db_path.text().strip() != self.prefs.db_path)
        self.restart_button.setVisible(changed)
        self.restart_note.setText(self.tr("Restart LitLens to use the new language or database; until then "
                                          "the window stays as it is.") if changed else
                                  self.tr("A new language or database takes effect the next time LitLens "
                                          "starts."))

    def _save_and_restart(self) -> None:
        self.restart_requested = True
        self.accept()

    def show_provider(self, name: str) -> None:
        """Open on the Providers page at ``name``'s tab (a missing key is fixed there)."""
        self.tabs.setCurrentIndex(0)
        names = [n for n in self.boxes] + [LOCAL]
        if name in names:
            self.provider_tabs.setCurrentIndex(names.index(name))
        box = self.boxes.get(name)
        if box is not None:
            box.key.setFocus()

    def _choose_prompts(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Prompt templates folder"), self.prompts_dir.text())
        if path:
            self.prompts_dir.setText(path)

    def accept(self) -> None:
        """A templates folder that cannot be used is named here, and the dialog stays open."""
        why = apply_prompts(self.result_settings())
        if why is not None:
            QMessageBox.warning(self, self.tr("Prompt templates"),
                                self.tr("These prompt templates cannot be used: {0}").format(why))
            self.prompts_error = why  # reachable from tests
            return
        super().accept()

    def _choose_db(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Database file"), self.db_path.text(),
                                              self.tr("SQLite database (*.db);;All files (*)"))
        if path:
            self.db_path.setText(path)

    def result_settings(self) -> AppSettings:
        """The settings as edited (keys are not among them)."""
        p = AppSettings()
        p.provider = self.default_provider.currentData()
        p.models = {n: b.model.text().strip() for n, b in self.boxes.items()}
        p.base_urls = {n: b.base_url.text().strip() for n, b in self.boxes.items() if b.base_url.text().strip()}
        p.concurrency, p.rpm, p.tpm = self.concurrency.value(), self.rpm.value(), self.tpm.value()
        p.budget = self.budget.value()
        p.spacy_model = self.spacy.text().strip()
        p.db_path = self.db_path.text().strip()
        p.language = self.language.currentData()
        p.theme = self.theme.currentData()
        p.reviewer = self.reviewer.text().strip()
        p.prompts_dir = self.prompts_dir.text().strip()
        p.show_badges = self.prefs.show_badges
        p.calibration = self.calibration.currentData()
        self.local.apply_to(p)
        return p


def restart_application(window: QWidget) -> None:
    """Start LitLens again with the same command line, then close this window (it saves its state)."""
    import sys

    from PySide6.QtCore import QProcess
    if QProcess.startDetached(sys.executable, sys.argv):
        window.close()
