"""GUI tests of the local (GGUF) provider: the settings page and its persistence, the request the judge panel
builds, and a wrong model file reaching the user as one clear message (estimate, run bar, panel)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog

from litlens.app.llm.local_provider import INSTALL_HINT, LocalModelError
from litlens.app.texts import build_project, text_from_string
from test_ui_review import open_sample
from litlens.ui.settings import local_model
from litlens.ui.settings import prefs as settings
from litlens.ui.runs.judge_panel import PROVIDERS, JudgePanel
from litlens.ui.main import parse_args
from litlens.ui.settings.dialog import SettingsDialog
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui




@pytest.fixture
def no_llama(monkeypatch):
    """llama.cpp counts as installed but is never loaded: these tests are about files and messages."""
    monkeypatch.setattr("litlens.app.llm.local_provider.llama_module", lambda: object())
    monkeypatch.setattr(local_model, "llama_installed", lambda: True)


@pytest.fixture
def not_gguf(tmp_path):
    path = tmp_path / "tiny-model.gguf"  # the right name, the wrong contents
    path.write_bytes(b"PK\x03\x04 this is a zip archive, not a model")
    return path


@pytest.fixture
def gguf(tmp_path):
    path = tmp_path / "qwen2.5-0.5b-instruct-q4_k_m.gguf"
    path.write_bytes(b"GGUF" + b"\x03\x00\x00\x00" + b"\x00" * 64)
    return path


@pytest.fixture
def window(qtbot, db_path, tmp_path):
    w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def test_local_is_offered_everywhere_from_one_table():
    assert "local" in settings.PROVIDERS and settings.PROVIDER_TITLES["local"] == "Local model (GGUF)"
    assert PROVIDERS[1:] == settings.PROVIDERS  # the judge panel adds only "offline" in front
    assert local_model.INSTALL_HINT == INSTALL_HINT


def test_local_fields_round_trip_through_qsettings(tmp_path, gguf):
    qs = QSettings(str(tmp_path / "prefs.ini"), QSettings.Format.IniFormat)
    prefs = settings.AppSettings(provider="local", local_model_file=str(gguf), local_n_ctx=8192,
                                 local_n_threads=6, local_n_gpu_layers=-1)
    settings.save(prefs, qs)
    again = settings.load(QSettings(str(tmp_path / "prefs.ini"), QSettings.Format.IniFormat))
    assert (again.provider, again.local_model_file, again.local_n_ctx, again.local_n_threads,
            again.local_n_gpu_layers) == ("local", str(gguf), 8192, 6, -1)
    assert again.model_for("local") == "qwen2.5-0.5b-instruct-q4_k_m"
    assert "key" not in (tmp_path / "prefs.ini").read_text().lower()


def test_settings_dialog_picks_a_gguf_file_and_keeps_the_llama_knobs(qtbot, monkeypatch, no_llama, gguf):
    dialog = SettingsDialog(settings.AppSettings())
    qtbot.addWidget(dialog)
    box = dialog.local
    assert dialog.provider_tabs.tabText(dialog.provider_tabs.indexOf(box)) == "Local model (GGUF)"
    asked = []

    def fake_dialog(parent, caption, start, filters):
        asked.append(filters)
        return str(gguf), filters.split(";;")[0]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", fake_dialog)
    box.browse.click()
    assert "*.gguf" in asked[0]
    assert box.model_file.text() == str(gguf)
    assert "qwen2.5-0.5b-instruct-q4_k_m" in box.status.text() and not box.status.styleSheet()
    box.n_ctx.setValue(2048)
    box.n_threads.setValue(0)
    box.n_gpu_layers.setValue(12)
    assert box.n_threads.text() == "auto"
    chosen = dialog.result_settings()
    assert (chosen.local_model_file, chosen.local_n_ctx, chosen.local_n_threads, chosen.local_n_gpu_layers) \
        == (str(gguf), 2048, 0, 12)
    assert "local" not in chosen.models  # a local model is named by its file, not typed in


def test_settings_dialog_names_a_file_that_is_not_gguf(qtbot, no_llama, not_gguf, tmp_path):
    dialog = SettingsDialog(settings.AppSettings(local_model_file=str(not_gguf)))
    qtbot.addWidget(dialog)
    assert "is not a GGUF model" in dialog.local.status.text()
    assert dialog.local.status.objectName() == "problem"  # the theme's problem ink, legible in both palettes
    dialog.local.model_file.setText(str(tmp_path / "gone.gguf"))
    assert dialog.local.check() == f"Model file not found: {tmp_path / 'gone.gguf'}"


def test_settings_dialog_says_how_to_install_llama_cpp(qtbot, monkeypatch, gguf):
    monkeypatch.setattr(local_model, "llama_installed", lambda: False)
    dialog = SettingsDialog(settings.AppSettings(local_model_file=str(gguf)))
    qtbot.addWidget(dialog)
    assert INSTALL_HINT in dialog.local.status.text()


def test_judge_panel_builds_the_local_request(qtbot, gguf):
    panel = JudgePanel({})
    qtbot.addWidget(panel)
    panel.apply_settings(settings.AppSettings(local_model_file=str(gguf), local_n_ctx=8192, local_n_threads=0,
                                              local_n_gpu_layers=-1, concurrency=16, budget=2.5))
    panel.set_provider("local")
    assert panel.model.text() == gguf.stem and not panel.model.isEnabled()
    assert not panel.base_url.isEnabled() and not panel.budget.isEnabled()  # no address, no cost
    project = build_project("p", text_from_string("One.", "en"), [("A", text_from_string("하나.", "ko"))])
    request = panel.build_request(project)
    p = request.provider
    assert (p.provider, p.model, p.model_file, p.n_ctx, p.n_threads, p.n_gpu_layers) == \
        ("local", gguf.stem, str(gguf), 8192, None, -1)
    assert p.api_key is None and p.base_url is None and request.budget is None
    panel.prefs.local_n_threads = 4
    assert panel.build_request(project).provider.n_threads == 4


def test_a_file_that_is_not_gguf_is_one_clear_message(qtbot, window, no_llama, not_gguf):
    open_sample(qtbot, window)
    window.apply_settings(settings.AppSettings(local_model_file=str(not_gguf)))
    panel = window.judge_panel
    panel.set_provider("local")
    panel.select(["gemba-mqm"])
    # the estimate names the problem as soon as local is chosen...
    qtbot.waitUntil(lambda: "is not a GGUF model" in panel.estimate.text(), timeout=20_000)
    assert panel.estimate.objectName() == "problem"
    # ...and a run started anyway fails with the same sentence, beside the Run button and in the run bar
    with qtbot.waitSignal(window.runs.finished, timeout=30_000) as blocker:
        window.run_actions.run_selected()
    summary, error = blocker.args
    assert summary is None and isinstance(error, LocalModelError)
    assert panel.estimate.text() == f"The run could not start: {error}"
    assert "Something unexpected" not in panel.estimate.text()
    assert window.run_bar.label.text() == f"Run failed: {error}"
    assert window.run_bar.label.toolTip() == window.run_bar.label.text()
    assert window.run_bar.minimumSizeHint().width() < 600  # a long message never widens the window
    assert panel.run_button.isEnabled()


def test_a_missing_llama_cpp_is_named_in_the_estimate(qtbot, window, monkeypatch, gguf):
    def missing():
        raise LocalModelError(f"The local provider needs llama-cpp-python, which is not installed. "
                              f"Install the extra with: {INSTALL_HINT}")
    monkeypatch.setattr("litlens.app.llm.local_provider.llama_module", missing)
    open_sample(qtbot, window)
    window.apply_settings(settings.AppSettings(local_model_file=str(gguf)))
    window.judge_panel.set_provider("local")
    window.judge_panel.select(["gemba-mqm"])
    qtbot.waitUntil(lambda: INSTALL_HINT in window.judge_panel.estimate.text(), timeout=20_000)


def test_the_command_line_chooses_a_local_model(qtbot, window, gguf):
    args = parse_args(["--model-file", str(gguf), "--n-ctx", "2048", "--threads", "3", "--gpu-layers", "-1"])
    window.use_local_model(args.model_file, n_ctx=args.n_ctx, n_threads=args.threads,
                           n_gpu_layers=args.gpu_layers)
    panel = window.judge_panel
    assert panel.provider_name() == "local" and panel.model.text() == gguf.stem
    choice = panel.provider_choice()
    assert (choice["model_file"], choice["n_ctx"], choice["n_threads"], choice["n_gpu_layers"]) == \
        (str(gguf), 2048, 3, -1)
    assert settings.load(window.qsettings).local_model_file == str(gguf)  # kept like a Settings choice


def test_llama_knobs_on_the_command_line_need_a_model_file(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--n-ctx", "2048"])
    assert "--model-file" in capsys.readouterr().err
