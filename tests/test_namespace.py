"""LitLens installs one import namespace, so a user's own app/, ui/ or resources/ folder cannot shadow it.

Each check runs LitLens as a user would (``python -m litlens``) from a working directory that holds
packages named like our source folders, each of which fails loudly if anything imports it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILT_INS = {"bws", "consistency", "da-mqm", "gemba-mqm", "honorifics", "literalness", "mas-liteval",
             "reference-metrics", "speakers-llm", "spelling", "sqm", "transevalnia", "verse"}


@pytest.fixture()
def hostile_cwd(tmp_path: Path) -> Path:
    for name in ("app", "ui", "resources"):
        pkg = tmp_path / name
        (pkg / "judges").mkdir(parents=True)
        trap = f"raise ImportError('the user\\'s own {name!r} package was imported by LitLens')\n"
        (pkg / "__init__.py").write_text(trap, encoding="utf-8")
        (pkg / "judges" / "__init__.py").write_text(trap, encoding="utf-8")
    (tmp_path / "resources" / "prompts").mkdir()
    (tmp_path / "resources" / "prices.json").write_text("{}", encoding="utf-8")
    return tmp_path


def _litlens(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # "-m" puts the working directory first on sys.path, exactly where a user's folders would shadow ours
    return subprocess.run([sys.executable, "-m", "litlens", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def test_judges_all_load_beside_user_packages(hostile_cwd):
    out = _litlens(hostile_cwd, "judges")
    assert out.returncode == 0, out.stderr
    assert "failed to load" not in out.stdout and "resource missing" not in out.stdout
    listed = {line.split()[0] for line in out.stdout.splitlines() if line and not line[0].isspace()}
    assert BUILT_INS <= listed


def test_offline_evaluate_beside_user_packages(hostile_cwd):
    out = _litlens(hostile_cwd, "--db", str(hostile_cwd / "x.db"), "evaluate", "--sample",
                   "--judge", "honorifics,consistency")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "LitLens resource missing" not in out.stdout + out.stderr


def test_nothing_of_ours_is_a_top_level_app_ui_or_resources_package():
    import litlens.app
    import litlens.resources
    import litlens.ui

    assert Path(litlens.app.__file__).resolve().parent == ROOT / "app"
    assert Path(litlens.ui.__file__).resolve().parent == ROOT / "ui"
    assert Path(litlens.resources.__file__).resolve().parent == ROOT / "resources"
    assert "app" not in sys.modules and "ui" not in sys.modules and "resources" not in sys.modules
