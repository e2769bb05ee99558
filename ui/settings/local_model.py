"""The settings page of the local provider: a GGUF file, context size, threads and GPU layers.

The file is checked as soon as it is chosen (it exists, is readable, starts with the GGUF signature), so a
wrong file is named here, in the user's own words, before any run tries to load it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QSpinBox, QWidget)

from litlens.ui.common.theme import set_role
from litlens.ui.settings.prefs import AppSettings

if TYPE_CHECKING:
    from litlens.app.llm.factory import ProviderSettings

ERROR_INK = "#b3261e"
INSTALL_HINT = 'pip install "litlens[local]"'  # as app.llm.local_provider says it, without importing it


def model_file_problem(path: str) -> str | None:
    """Why ``path`` cannot be used as a local model, or None when it looks like a GGUF model."""
    # imported here: the core's provider modules pull in the SDKs, which the warm-up has loaded by now
    from litlens.app.llm.local_provider import LocalModelError, check_model_file
    try:
        check_model_file(path)
    except LocalModelError as exc:
        return str(exc)
    return None


def check_local(settings: ProviderSettings) -> None:
    """Raise the core's LocalModelError when the local provider cannot run: llama-cpp-python missing, or
    the file missing, unreadable or not GGUF. Imports llama.cpp: call it on a worker thread."""
    from litlens.app.llm.local_provider import check_model_file, llama_module
    llama_module()
    check_model_file(settings.model_file)


def llama_installed() -> bool:
    # find_spec does not import: loading llama.cpp's library on the GUI thread would stall the window
    return importlib.util.find_spec("llama_cpp") is not None


class LocalModelBox(QWidget):
    """Model file (with a native file dialog), context size, threads (0 = auto) and GPU layers."""

    def __init__(self, prefs: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_file = QLineEdit(prefs.local_model_file)
        self.model_file.setPlaceholderText(self.tr("a .gguf model file"))
        self.browse = QPushButton(self.tr("Choose…"))
        self.browse.clicked.connect(self._choose)
        row = QHBoxLayout()
        row.addWidget(self.model_file, 1)
        row.addWidget(self.browse)
        self.n_ctx = QSpinBox()
        self.n_ctx.setRange(512, 1_048_576)
        self.n_ctx.setSingleStep(1024)
        self.n_ctx.setValue(max(512, prefs.local_n_ctx))
        self.n_ctx.setToolTip(self.tr("Tokens the model sees at once: prompt plus answer"))
        self.n_threads = QSpinBox()
        self.n_threads.setRange(0, 512)
        self.n_threads.setSpecialValueText(self.tr("auto"))
        self.n_threads.setValue(max(0, prefs.local_n_threads))
        self.n_gpu_layers = QSpinBox()
        self.n_gpu_layers.setRange(-1, 1000)
        self.n_gpu_layers.setSpecialValueText(self.tr("all"))
        self.n_gpu_layers.setValue(max(-1, prefs.local_n_gpu_layers))
        self.n_gpu_layers.setToolTip(self.tr("Layers offloaded to a GPU: 0 runs on the CPU only"))
        self.status = QLabel()
        self.status.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.tr("Model file"), row)
        form.addRow(self.tr("Context size"), self.n_ctx)
        form.addRow(self.tr("Threads"), self.n_threads)
        form.addRow(self.tr("GPU layers"), self.n_gpu_layers)
        form.addRow("", self.status)
        note = QLabel(self.tr("Runs on this computer: nothing is sent anywhere, no key is needed and "
                              "requests run one at a time."))
        note.setWordWrap(True)
        note.setObjectName("muted")
        form.addRow(note)
        self.model_file.editingFinished.connect(self.check)
        self.check()

    def _choose(self) -> None:
        start = self.model_file.text().strip() or str(Path.home())
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Local model"), start,
                                              self.tr("GGUF models (*.gguf);;All files (*)"))
        if path:
            self.model_file.setText(path)
            self.check()

    def check(self) -> str | None:
        """Show whether the chosen file can be used; returns the problem, if any."""
        path = self.model_file.text().strip()
        problem = None
        if not llama_installed():
            problem = self.tr("The local provider needs llama-cpp-python, which is not installed. "
                              "Install it with: {0}").format(INSTALL_HINT)
        elif path:
            problem = model_file_problem(path)
        if problem is not None:
            self.status.setText(problem)
            set_role(self.status, "problem")
        elif path:
            self.status.setText(self.tr("GGUF model “{0}”.").format(Path(path).stem))
            set_role(self.status, "")
        else:
            self.status.setText(self.tr("Choose a GGUF model file to judge offline."))
            set_role(self.status, "")
        return problem

    def apply_to(self, prefs: AppSettings) -> None:
        prefs.local_model_file = self.model_file.text().strip()
        prefs.local_n_ctx = self.n_ctx.value()
        prefs.local_n_threads = self.n_threads.value()
        prefs.local_n_gpu_layers = self.n_gpu_layers.value()
