"""The bench scripts as modules, for tests that use their generators or their scoring (bench/ is no package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_bench(stem: str) -> ModuleType:
    """bench/<stem>.py loaded afresh as the module ``bench_<stem>`` (registered, so its dataclasses can find it)."""
    spec = importlib.util.spec_from_file_location(f"bench_{stem}", BENCH / f"{stem}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
