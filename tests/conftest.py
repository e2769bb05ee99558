"""Shared test set-up: Qt offscreen, an isolated database per test, and the fake provider server.

The provider test server lives in tests/fakeserver.py (bench/ uses it too); it is re-exported here as the
``fake_server`` fixture.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from fakeserver import fake_server  # noqa: E402,F401  (re-exported as a fixture)


@pytest.fixture(autouse=True)
def _private_qsettings(tmp_path):
    """Where Qt is loaded, QSettings of a test live in its temporary folder, never the user's configuration."""
    if "PySide6.QtCore" not in sys.modules:
        return
    from PySide6.QtCore import QSettings
    for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "config"))


@pytest.fixture(autouse=True)
def _private_log_dir(tmp_path_factory, monkeypatch):
    """Logs from tests go to a temporary folder, never the user's log folder."""
    monkeypatch.setenv("LITLENS_LOG_DIR", str(tmp_path_factory.mktemp("logs")))


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    """A fresh database file; LITLENS_DB points at it so nothing touches the user's real store."""
    path = tmp_path / "litlens.db"
    monkeypatch.setenv("LITLENS_DB", str(path))
    return path
