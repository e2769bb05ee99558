"""Lays this checkout out as the installed ``litlens`` package, for tools that follow plain folders only.

litlens/app, litlens/ui and litlens/resources are links to the top-level folders; PyInstaller gets a copy
with real folders in their place, so nothing in the bundle depends on the links.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def stage_namespace(dest: Path, *, with_resources: bool = False) -> Path:
    """Copy litlens/ (app/ and ui/ inside it through its links, resources/ too when asked) under ``dest``,
    as plain folders; return ``dest``."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")

    def ignore(folder: str, names: list[str]) -> set[str]:
        out = set(skip(folder, names))
        if not with_resources and Path(folder).resolve() == (ROOT / "litlens").resolve():
            out.add("resources")
        return out
    shutil.copytree(ROOT / "litlens", dest / "litlens", ignore=ignore)  # links followed: real files
    return dest
