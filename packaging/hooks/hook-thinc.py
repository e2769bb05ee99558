"""Replaces the contributed thinc hook so thinc's test suite is neither scanned nor bundled."""

from __future__ import annotations

from PyInstaller.utils.hooks import collect_data_files, collect_submodules

hiddenimports = collect_submodules("thinc", filter=lambda name: ".tests" not in name)
datas = collect_data_files("thinc", excludes=["**/tests/**"])
