"""Replaces the contributed spaCy hook, which imports and bundles spacy.tests (6 MB, slow to scan).

LitLens only builds blank pipelines (``spacy.blank(code)`` plus the rule-based sentencizer), so it needs
every ``spacy.lang`` package and the modules spaCy's registry loads by name, but none of the test suite.
"""

from __future__ import annotations

from PyInstaller.utils.hooks import collect_data_files, collect_submodules, copy_metadata


def _wanted(name: str) -> bool:
    return ".tests" not in name and not name.endswith(".tests")


hiddenimports = collect_submodules("spacy", filter=_wanted)
datas = collect_data_files("spacy", excludes=["**/tests/**"])
# spaCy finds its own version and optional registries through package metadata.
datas += copy_metadata("spacy")
excludedimports = ["spacy.tests"]
