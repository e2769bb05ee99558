"""The type checker follows every ``litlens.*`` import in a checkout (litlens/app is app/, through a link) and
fails on an import of a module or a name that does not exist. .ci/run checks all of app/ and ui/ with it:

    python -m mypy -p litlens.app -p litlens.ui
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy", reason="mypy is in the test extra")

ROOT = Path(__file__).resolve().parents[1]


def _mypy(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), "-c", code],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_checker_follows_our_imports_to_their_files(tmp_path):
    fine = _mypy("from litlens.app.core.model import Span\nfrom litlens.app.core import edits\n"
                 "s: Span | None = None\n", tmp_path)
    assert fine.returncode == 0, fine.stdout + fine.stderr
    # it read the function's signature from app/core/edits.py through the link
    wrong = _mypy("from litlens.app.core import edits\nedits.reanchor()\n", tmp_path)
    assert wrong.returncode == 1 and 'call to "reanchor"' in wrong.stdout, wrong.stdout


def test_a_missing_module_or_name_fails_the_check(tmp_path):
    out = _mypy("from litlens.app.core import no_such_module\nfrom litlens.app.core.model import NoSuchName\n"
                "import litlens.app.no_such_package\n", tmp_path)
    assert out.returncode == 1
    assert 'Module "litlens.app.core" has no attribute "no_such_module"' in out.stdout
    assert 'Module "litlens.app.core.model" has no attribute "NoSuchName"' in out.stdout
    assert 'module named "litlens.app.no_such_package"' in out.stdout and "import-not-found" in out.stdout
