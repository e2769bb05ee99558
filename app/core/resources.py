"""Finds bundled resources the same way from a source checkout, an installed wheel and a frozen build.

Resources are the package ``litlens.resources``; looking them up by that full name means a folder called
``resources`` in the user's working directory can never stand in for ours.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from importlib import resources as _ir
from pathlib import Path

PACKAGE = "litlens.resources"


def resource_root() -> Path:
    """Directory holding prompts, rubrics, prices, samples and icons."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:  # the PyInstaller spec copies resources/ to _MEIPASS/resources
        return Path(frozen) / "resources"
    return Path(str(_ir.files(PACKAGE)))


def resource_path(*parts: str) -> Path:
    p = resource_root().joinpath(*parts)
    if not p.exists():
        raise FileNotFoundError(f"LitLens resource missing: {'/'.join(parts)}")
    return p


def read_resource(*parts: str) -> str:
    return resource_path(*parts).read_text(encoding="utf-8")


@lru_cache(maxsize=32)
def read_resource_once(*parts: str) -> str:
    """``read_resource``, read once per process: for a bundled file that planning reads for every unit (the
    judges' worked examples). Bundled files do not change while LitLens runs; a file read opens, stats and
    reads, each a call that lets go of the GIL, and an estimate made ~10,000 of them."""
    return read_resource(*parts)
