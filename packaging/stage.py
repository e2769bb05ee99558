"""Lays this checkout out as the installed ``litlens`` package, for tools that follow plain folders only.

pyproject.toml maps app/, ui/ and resources/ to litlens.app, litlens.ui and litlens.resources; PyInstaller
and the import-contract checker walk directories instead of asking the import system, so they read a
copy shaped like the installed package.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"app": "app", "ui": "ui", "resources": "resources"}


def stage_namespace(dest: Path, *, with_resources: bool = False) -> Path:
    """Copy litlens/ with app/ and ui/ (and resources/) inside it under ``dest``; return ``dest``."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "litlens", dest / "litlens", ignore=ignore)
    for folder, name in FOLDERS.items():
        if folder != "resources" or with_resources:
            shutil.copytree(ROOT / folder, dest / "litlens" / name, ignore=ignore)
    return dest
