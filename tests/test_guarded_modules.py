"""The modules that guard keys, files, text and numbers exist and import (a deleted or renamed one fails
here instead of turning its tests into skips), and the mutation command's map of them stays true: every
guarded module and every test file it names is in the tree."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

import pytest
from bench_scripts import load_bench

ROOT = Path(__file__).resolve().parents[1]


def _mutation_map() -> dict[str, list[str]]:
    return load_bench("mutation").GUARDED


GUARDED = _mutation_map()


@pytest.mark.parametrize("path", sorted(GUARDED))
def test_each_guarded_module_imports(path):
    name = "litlens." + path.removesuffix(".py").replace("/", ".")
    module = importlib.import_module(name)
    assert Path(module.__file__).resolve() == (ROOT / path).resolve()


def test_the_mutation_map_names_real_test_files():
    for module, tests in GUARDED.items():
        assert tests, module
        for t in tests:
            assert (ROOT / t).is_file(), f"{module}: {t} is missing"


def test_the_guarded_set_covers_the_issue_list():
    assert {"app/llm/scrub.py", "app/formats/safexml.py", "app/texts/readers.py", "app/texts/encoding.py",
            "app/texts/limits.py", "app/mqm/spans.py", "app/core/edits.py", "app/korean/levels.py",
            "app/korean/speech_levels.py", "app/mqm/scores.py", "app/exercises/grading.py",
            "app/llm/structured.py"} <= set(GUARDED)
