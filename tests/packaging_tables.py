"""Reads a Korean table of packaging/ (a developer's folder, not a package) for the translation tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path

PACKAGING = Path(__file__).resolve().parents[1] / "packaging"


def korean_table(module: str, name: str) -> dict[str, str]:
    """``packaging/<module>.py``'s dict ``name`` (English or a template key → Korean)."""
    spec = importlib.util.spec_from_file_location(module, PACKAGING / f"{module}.py")
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return getattr(loaded, name)
