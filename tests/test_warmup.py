"""The window's background warm-up: what it loads, and that a failure in it is reported, never raised."""

from __future__ import annotations

import contextlib

import pytest

from litlens.app.llm import keys
from litlens.ui.shell import warmup


@pytest.fixture
def no_freeze(monkeypatch):
    # the real warm-up freezes the whole heap of the process; a test process should not
    monkeypatch.setattr(warmup, "kept_for_good", contextlib.nullcontext)


def test_modules_for_a_provider_add_only_its_sdk():
    assert warmup.modules_for(None) == warmup.HEAVY
    assert warmup.modules_for("anthropic")[-1] == "litlens.app.llm.anthropic_provider"
    assert "litlens.app.llm.anthropic_provider" not in warmup.modules_for("openai")


def test_warm_up_finds_the_keyring_backends_without_reading_a_key(no_freeze, monkeypatch):
    found, read = [], []
    monkeypatch.setattr(keys, "keyring_status", lambda: found.append(1) or (False, "test"))
    monkeypatch.setattr(keys.keyring, "get_password", lambda *a: read.append(a))
    assert warmup.warm_up(None) is True
    assert found == [1] and read == []


def test_a_broken_keyring_makes_the_warm_up_report_failure(no_freeze, monkeypatch, caplog):
    def broken():
        raise RuntimeError("D-Bus is gone")
    monkeypatch.setattr(keys, "keyring_status", broken)
    assert warmup.warm_up(None) is False
    assert "keyring" in caplog.text


def test_the_text_warm_up_runs_in_small_steps_and_covers_common_hangul(qapp, qtbot):
    from PySide6.QtGui import QFont

    from litlens.ui.shell.window import MainWindow
    syllables = warmup.common_hangul()
    assert len(syllables) == len(set(syllables)) == 2350 and "똠" not in syllables and "가" in syllables
    font = QFont(qapp.font())
    steps = list(warmup.text_steps([font]))
    # three looks of the script sample, then the syllables a step at a time
    assert len(steps) == 3 + -(-2350 // warmup.HANGUL_STEP)
    window = MainWindow(":memory:")
    qtbot.addWidget(window)
    assert window.text_warmed is False
    window.show()
    qtbot.waitUntil(lambda: window.text_warmed, timeout=20_000)  # one step per timer tick, then done
    window.close()
