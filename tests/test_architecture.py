"""Layering rules: app/ never imports Qt, pyqtgraph or ui/ — checked on the source and at import time."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import litlens.app as app

FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "pyqtgraph", "shiboken6", "ui")
APP_DIR = Path(app.__file__).parent


def test_app_sources_import_no_qt():
    offenders = []
    for path in APP_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for n in names:
                if n.split(".")[0] in FORBIDDEN:
                    offenders.append(f"{path.relative_to(APP_DIR.parent)}: {n}")
    assert offenders == []


def test_importing_every_app_module_loads_no_qt():
    modules = [m.name for m in pkgutil.walk_packages([str(APP_DIR)], prefix="app.")]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
