"""The Qt binding must not leak references: PySide6 6.12.0 on Python 3.11 drops a reference to None on every
call of a void method, and the interpreter aborts ("none_dealloc") once the count reaches zero — after a
few thousand calls, e.g. highlighting 10,000 findings. 6.11.0 does not (checked); Python ≥ 3.12 makes None
immortal, which hides it. Expected to fail only on the affected version, so a fix or pin turns it green."""

from __future__ import annotations

import ctypes
import sys

import pytest

import PySide6  # a required dependency: its absence is a failure, not a skip
AFFECTED = PySide6.__version__ == "6.12.0" and sys.version_info < (3, 12)


@pytest.mark.xfail(AFFECTED, reason="PySide6 6.12.0 leaks a None reference per void call on Python 3.11",
                   strict=True)
def test_void_qt_calls_keep_none_alive():
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QTextCharFormat
    obj, fmt = QObject(), QTextCharFormat()
    before = sys.getrefcount(None)
    for _ in range(2_000):
        obj.setObjectName("x")
        fmt.setFontWeight(600)
    drained = before - sys.getrefcount(None)
    for _ in range(max(0, drained)):  # give the leaked references back, so the run itself survives
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(None))
    assert drained < 100, f"{drained} references to None lost in 4,000 void Qt calls"
