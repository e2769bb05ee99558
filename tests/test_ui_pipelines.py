"""Settings › General lists the spaCy pipelines of the open project's languages and installs the missing
ones in the background (only spaCy's download call is replaced); the window tells the user when a text's
declared language is not the one it is written in."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtWidgets import QDialog

from litlens.app.texts import build_project, text_from_string
from litlens.ui.settings.dialog import SettingsDialog
from litlens.ui.shell.window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, db_path, monkeypatch):
    monkeypatch.delenv("LITLENS_SPACY_PIPELINES", raising=False)
    w = MainWindow(db_path)
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


@pytest.fixture
def fake_installs():
    """spaCy's registry of installed pipelines, cleaned of what a fake download put there."""
    import spacy.util
    added: list[str] = []
    models = spacy.util.registry.models
    yield models, added
    table = sys.modules[type(models).__module__].REGISTRY
    for name in added:
        table.pop((*models.namespace, name), None)


def _settings_after(qtbot, window, monkeypatch, act) -> SettingsDialog:
    """Open Settings from the window (as the menu does) and run ``act`` on the dialog while it is open."""
    seen: list[SettingsDialog] = []

    def exec_(dialog: SettingsDialog) -> int:
        seen.append(dialog)
        act(dialog)
        return QDialog.DialogCode.Rejected
    monkeypatch.setattr(SettingsDialog, "exec", exec_)
    window.open_settings()
    return seen[0]


def _open_sample(qtbot, window):
    window.open_sample(autorun=False)
    qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)


def _row(box, language):
    for r in range(box.table.rowCount()):
        if f"({language})" in box.table.item(r, 0).text():
            return [box.table.item(r, c).text() for c in range(3)]
    raise AssertionError(f"{language} not listed")


def test_settings_lists_and_installs_the_projects_pipelines(qtbot, window, monkeypatch, fake_installs):
    models, added = fake_installs
    _open_sample(qtbot, window)  # English source, Korean translations
    asked: list[str] = []

    def download(name, *args, **kwargs):  # what a successful `spacy download` leaves behind
        asked.append(name)
        models.register(name, func=lambda *a, **k: None)
        added.append(name)
    monkeypatch.setattr("spacy.cli.download", download)

    def act(dialog):
        box = dialog.pipelines
        qtbot.waitUntil(lambda: box.table.rowCount() == 2, timeout=20_000)
        assert _row(box, "en")[1:] == ["en_core_web_sm", "no"]
        assert _row(box, "ko")[1:] == ["ko_core_news_sm", "no"]
        assert box.install_button.isEnabled()
        assert "en_core_web_sm, ko_core_news_sm" in box.message.text()
        box.install_button.click()
        qtbot.waitUntil(lambda: _row(box, "ko")[2] == "yes" and "Installed" in box.message.text(),
                        timeout=20_000)
        assert _row(box, "en")[2] == "yes" and not box.install_button.isEnabled()
    _settings_after(qtbot, window, monkeypatch, act)
    assert asked == ["en_core_web_sm", "ko_core_news_sm"]


def test_install_offline_says_so_and_keeps_the_button(qtbot, window, monkeypatch):
    _open_sample(qtbot, window)

    def offline(name, *args, **kwargs):
        raise SystemExit(1)  # spaCy's CLI exits when it cannot fetch its compatibility table
    monkeypatch.setattr("spacy.cli.download", offline)

    def act(dialog):
        box = dialog.pipelines
        qtbot.waitUntil(box.install_button.isEnabled, timeout=20_000)
        box.install_button.click()
        qtbot.waitUntil(lambda: "offline" in box.message.text(), timeout=20_000)
        assert box.message.objectName() == "problem" and box.install_button.isEnabled()
        assert _row(box, "en")[2] == "no"
    _settings_after(qtbot, window, monkeypatch, act)


def test_a_translation_declared_english_but_korean_is_noticed(qtbot, window):
    source = "He woke from this dream unnerved, shattered and powerless, fallen to the demon at last."
    korean = "그는 이 꿈에서 깨어났을 때 신경이 곤두서고 산산이 부서져 힘없이 마침내 악마에게 넘어가 있었다."
    wrong = build_project("Declared wrong", text_from_string(source, "en"),
                          [("Draft", text_from_string(korean, "en"))])
    notice = window.language_notice
    with qtbot.waitSignal(notice.checked, timeout=30_000) as blocker:
        window.open_project(wrong)
    assert len(blocker.args[0]) == 1
    assert notice.isVisible() and "declared English (en)" in notice.label.text()
    assert "Korean (ko" in notice.label.text() and "'Draft'" in notice.label.text()
    assert window.document.project is wrong  # nothing was blocked: the project is open, judges can run
    notice.close_button.click()
    assert not notice.isVisible()
    right = build_project("Declared right", text_from_string(source, "en"),
                          [("Draft", text_from_string(korean, "ko"))])
    with qtbot.waitSignal(notice.checked, timeout=30_000) as blocker:
        window.open_project(right)
    assert blocker.args[0] == [] and not notice.isVisible()
