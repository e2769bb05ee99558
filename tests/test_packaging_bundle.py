"""Builds the PyInstaller bundle with packaging/build.sh and runs the frozen program offscreen.

Slow (about two minutes of PyInstaller on two cores) but part of CI: a bundle that drops a data file, the
Kiwi model, a spaCy language or the judges' entry points only fails when it is actually frozen and run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import litlens.app as app

ROOT = Path(__file__).resolve().parents[1]
BUILD_SCRIPT = ROOT / "packaging" / "build.sh"

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


@dataclass(frozen=True)
class Bundle:
    folder: Path
    executable: Path
    build_seconds: float
    size_bytes: int


def _folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _env(home: Path) -> dict[str, str]:
    """Offscreen Qt and a private home, so the frozen app never touches the real user's files."""
    env = dict(os.environ)
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
               LITLENS_DB=str(home / "litlens.db"), LITLENS_LOG_DIR=str(home / "logs"))
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        env.pop(var, None)
    return env


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Iterator[Bundle]:
    pytest.importorskip("PyInstaller", reason="PyInstaller is not installed (pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("bundle")
    env = dict(os.environ, PYTHON=sys.executable)
    started = time.monotonic()
    proc = subprocess.run(["bash", str(BUILD_SCRIPT), str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=840)
    seconds = time.monotonic() - started
    assert proc.returncode == 0, f"build.sh failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-8000:]}"
    folder = out / "litlens"
    built = Bundle(folder, folder / "litlens", seconds, _folder_size(folder))
    print(f"\n[packaging] build {built.build_seconds:.0f} s, bundle {built.size_bytes / 2**20:.0f} MiB "
          f"at {folder}")
    yield built
    shutil.rmtree(out, ignore_errors=True)  # ~600 MB; pytest would otherwise keep three of them


def _run(bundle: Bundle, tmp_path: Path, *args: str,
         timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bundle.executable), *args], cwd=tmp_path, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=timeout)


def test_bundle_layout(bundle: Bundle) -> None:
    assert bundle.executable.is_file() and os.access(bundle.executable, os.X_OK)
    internal = bundle.folder / "_internal"
    # litlens.app.core.resources.resource_root() reads _MEIPASS/resources in a frozen build
    for rel in ("resources/prices.json", "resources/icons/litlens.svg", "resources/samples/sample.json",
                "resources/prompts/da_mqm/user.j2", "kiwipiepy_model/sj.morph"):
        assert (internal / rel).is_file(), rel
    qt_modules = {p.name.split(".")[0] for p in (internal / "PySide6").glob("Qt*.so")}
    assert qt_modules <= {"QtCore", "QtGui", "QtWidgets", "QtSvg", "QtSvgWidgets", "QtOpenGL",
                          "QtOpenGLWidgets"}, qt_modules
    assert not list(internal.rglob("libQt6Qml*")), "Qt Quick/QML should be excluded from the bundle"
    share = bundle.folder / "share"
    desktop = (share / "applications" / "litlens.desktop").read_text(encoding="utf-8")
    assert "Exec=litlens gui" in desktop and "Icon=litlens" in desktop
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / "litlens.png").stat().st_size > 0


def test_frozen_version(bundle: Bundle, tmp_path: Path) -> None:
    started = time.monotonic()
    proc = _run(bundle, tmp_path, "--version", timeout=60)
    print(f"\n[packaging] --version answered in {time.monotonic() - started:.2f} s")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"LitLens {app.__version__}"


def test_frozen_self_check(bundle: Bundle, tmp_path: Path) -> None:
    proc = _run(bundle, tmp_path, "--self-check")
    print(f"\n[packaging] self-check output:\n{proc.stdout}")
    assert proc.returncode == 0, f"{proc.stdout}\n{proc.stderr[-6000:]}"
    lines = proc.stdout.strip().splitlines()
    assert lines[-1] == "OK"
    passed = {line.split(":")[0].removeprefix("ok ") for line in lines if line.startswith("ok ")}
    assert {"resources", "prompts", "kiwi", "sentences", "judges", "sample", "libraries", "qt"} <= passed
    assert "English 3 sentences" in proc.stdout and "Korean 2 sentences" in proc.stdout
    # resources must come from inside the bundle, not from this checkout
    assert str(bundle.folder / "_internal" / "resources") in proc.stdout


def test_frozen_cli_lists_judges(bundle: Bundle, tmp_path: Path) -> None:
    proc = _run(bundle, tmp_path, "judges", timeout=120)
    assert proc.returncode == 0, proc.stderr
    for judge_id in ("da-mqm", "honorifics", "gemba-mqm"):
        assert judge_id in proc.stdout


def test_frozen_cli_reports_bad_usage(bundle: Bundle, tmp_path: Path) -> None:
    proc = _run(bundle, tmp_path, "no-such-command", timeout=60)
    assert proc.returncode == 2
    assert "invalid choice" in proc.stderr and "Traceback" not in proc.stderr
