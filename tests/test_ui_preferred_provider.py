"""The provider preferred in Settings is the judge panel's for every project, however it was opened (files
named on the command line, the project reopened at start), and a missing API key is said only while the
chosen provider has none."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from litlens.ui import main as gui_main
from litlens.ui.settings import prefs as settings

pytestmark = pytest.mark.gui

SAMPLES = Path(__file__).resolve().parents[1] / "resources" / "samples"


def _prefer(provider: str) -> None:
    """Settings › Providers › Preferred provider, saved where the window reads it."""
    prefs = settings.load()
    prefs.provider = provider
    settings.save(prefs)


def _main_window():
    return next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow" and w.isVisible())


def _llm_judges(panel) -> list[str]:
    """The LLM judges that can run on the open project (some need a reference or two translations)."""
    found = [jid for jid, cls in panel.judges.items() if cls.needs_llm and jid not in panel.unavailable]
    assert found
    return found


def _start(qtbot, monkeypatch, argv: list[str], check) -> None:
    """``litlens gui ARGV`` until its project is open and the judge panel has it; then ``check(window)``."""
    seen: list[object] = []

    def loop(_app) -> int:
        window = _main_window()
        qtbot.waitUntil(lambda: bool(window.document.project_id), timeout=30_000)
        qtbot.wait(300)  # the judge panel follows the open 25 ms later, the remembered choices the review
        seen.append(check(window))
        return 0

    monkeypatch.setattr(gui_main, "run_event_loop", loop)
    assert gui_main.main(argv) == 0
    assert seen and all(seen)


def test_files_named_on_the_command_line_use_the_preferred_provider(qtbot, db_path, monkeypatch):
    _prefer("anthropic")

    def check(window) -> bool:
        panel = window.judge_panel
        assert panel.provider_name() == "anthropic", panel.provider.currentText()
        assert panel.model.text() == settings.AppSettings().model_for("anthropic")
        assert all(panel.checkboxes[j].isEnabled() for j in _llm_judges(panel)), "LLM judges greyed"
        assert not panel.llm_hint.isVisible()
        return True

    _start(qtbot, monkeypatch, ["--db", str(db_path), "--source", str(SAMPLES / "story_en.txt"),
                                "--translation", str(SAMPLES / "story_ko_flawed.txt")], check)


def test_the_project_reopened_at_start_uses_the_preferred_provider(qtbot, db_path, monkeypatch):
    # the first launch opens the sample; the offline judges are run with no provider (as the panel used to
    # start), which is remembered for the project
    def first(window) -> bool:
        qtbot.waitUntil(lambda: not window.runs.running and bool(window.document.judgments), timeout=90_000)
        window.judge_panel.set_provider(settings.OFFLINE)
        with qtbot.waitSignal(window.runs.finished, timeout=90_000):
            window.run_actions.run_selected()
        kept = window.qsettings.value(f"projects/{window.document.project_id}/choices")
        return settings.OFFLINE in str(kept)

    _start(qtbot, monkeypatch, ["--db", str(db_path), "--sample"], first)
    _prefer("anthropic")

    def check(window) -> bool:
        assert window.judge_panel.provider_name() == "anthropic", window.judge_panel.provider.currentText()
        assert all(window.judge_panel.checkboxes[j].isEnabled() for j in _llm_judges(window.judge_panel))
        return True

    _start(qtbot, monkeypatch, ["--db", str(db_path)], check)  # no files: the last project reopens


def test_a_missing_key_message_follows_the_chosen_provider(qtbot, db_path, monkeypatch, tmp_path):
    from litlens.app.llm import keys
    from litlens.ui.shell.window import MainWindow
    monkeypatch.setattr(keys, "_keyring_get", lambda provider: None)
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "LITLENS_OPENAI_API_KEY", "LITLENS_ANTHROPIC_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.show()
    window.open_sample(autorun=False)
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=30_000)
    panel, bar = window.judge_panel, window.run_bar
    panel.set_provider("openai")
    panel.select(["gemba-mqm"])
    with qtbot.waitSignal(window.runs.finished, timeout=60_000):
        window.run_action.trigger()
    assert "No API key for OpenAI" in panel.estimate.text() and "No API key for OpenAI" in bar.label.text()
    assert panel.settings_button.isVisibleTo(panel)

    # another provider with no key: both say so for it, not for OpenAI
    panel.set_provider("anthropic")
    qtbot.waitUntil(lambda: "No API key for Anthropic" in panel.estimate.text(), timeout=30_000)
    assert "OpenAI" not in bar.label.text() and "Anthropic" in bar.label.text()

    # a provider that needs no key: the message goes from both places, and so does the Settings button
    panel.set_provider("compat")
    panel.base_url.setText("http://127.0.0.1:9/v1")
    qtbot.waitUntil(lambda: "LLM calls" in panel.estimate.text(), timeout=30_000)
    assert "API key" not in bar.label.text()
    assert not panel.settings_button.isVisibleTo(panel)

    # back to OpenAI: said again at once (before any run); then a key arrives and it goes
    panel.set_provider("openai")
    qtbot.waitUntil(lambda: "No API key for OpenAI" in panel.estimate.text(), timeout=30_000)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    panel.budget.setValue(5)  # any change of the choice asks again
    qtbot.waitUntil(lambda: "LLM calls" in panel.estimate.text(), timeout=30_000)
    assert not panel.settings_button.isVisibleTo(panel)
    window.close()
