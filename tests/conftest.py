"""Shared test set-up: Qt offscreen, an isolated database per test, and the fake provider server."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    """A fresh database file; LITLENS_DB points at it so nothing touches the user's real store."""
    path = tmp_path / "litlens.db"
    monkeypatch.setenv("LITLENS_DB", str(path))
    return path
