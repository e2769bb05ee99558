"""A window with a small project open, for the window tests that need their own texts: settings in a file
of the test's own (never the user's), the source and a draft written as files and opened as a user does,
returned once the project is stored and the translation laid out."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from litlens.ui.shell.window import MainWindow


def window_on(qtbot, db_path, tmp_path: Path, source: str, draft: str) -> MainWindow:
    w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    (tmp_path / "keeper_en.txt").write_text(source, encoding="utf-8")
    (tmp_path / "draft.txt").write_text(draft, encoding="utf-8")
    w.open_files(tmp_path / "keeper_en.txt", [tmp_path / "draft.txt"])
    qtbot.waitUntil(lambda: w.document.project_id is not None and w.pair_view.text.layout_map is not None,
                    timeout=20_000)
    return w


@pytest.fixture
def keyed_window(qtbot, db_path, tmp_path, monkeypatch):
    """A shown window on an empty database, settings in the test's own file, and an OpenAI key in the
    environment (the fake provider's), so the LLM judges can be ticked. Imported by the window tests that
    use it as their ``window`` fixture."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key")
    w = MainWindow(db_path, qsettings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()
