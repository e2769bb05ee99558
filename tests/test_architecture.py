"""Layering rules: app/ never imports Qt, pyqtgraph or ui/ — checked on the source and at import time —
and no judge imports another judge: what several judges share lives in the judges' shared modules."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import litlens.app as app

FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "pyqtgraph", "shiboken6", "ui", "litlens.ui")
APP_DIR = Path(app.__file__).parent
ROOT = Path(__file__).resolve().parents[1]


def test_app_sources_import_no_qt():
    offenders = []
    for path in APP_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for n in names:
                if n.split(".")[0] in FORBIDDEN or n == "litlens.ui" or n.startswith("litlens.ui."):
                    offenders.append(f"{path.relative_to(APP_DIR.parent)}: {n}")
    assert offenders == []


def test_importing_every_app_module_loads_no_qt():
    modules = [m.name for m in pkgutil.walk_packages([str(APP_DIR)], prefix="litlens.app.")]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} or m.startswith('litlens.ui')]\n"
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_import_contracts_hold():
    """The layer contracts in pyproject.toml ([tool.importlinter]), checked by import-linter."""
    proc = subprocess.run([sys.executable, str(ROOT / "packaging" / "check_layers.py")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "KEPT" in proc.stdout and "BROKEN" not in proc.stdout


# ---- judges stay independent of each other ---------------------------------------------------------

JUDGES_DIR = APP_DIR / "judges"
JUDGES_PKG = "litlens.app.judges"
# Modules of app/judges that serve every judge. Anything else there is a judge (a module or a package);
# a new shared helper is added here on purpose, not by accident.
SHARED = {"__init__", "base", "cards", "common", "offload", "options", "payloads", "protocol", "registry",
          "summaries", "termbase_context"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(JUDGES_DIR).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([JUDGES_PKG, *parts])


def _imported(path: Path) -> list[str]:
    """Every module ``path`` imports: relative imports resolved, ``from pkg import mod`` as pkg.mod."""
    own = _module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            found.append(base)
            found += [f"{base}.{a.name}" for a in node.names]
    return found


def _judge_of(module: str) -> str | None:
    """The judge a litlens.app.judges module belongs to (its first name below the package), or None."""
    if not module.startswith(JUDGES_PKG + "."):
        return None
    first = module[len(JUDGES_PKG) + 1:].split(".")[0]
    return None if first in SHARED else first


def test_no_judge_imports_another_judge():
    offenders = []
    for path in sorted(JUDGES_DIR.rglob("*.py")):
        mine = _judge_of(_module_name(path))
        for target in _imported(path):
            other = _judge_of(target)
            if other is not None and other != mine:
                offenders.append(f"{path.relative_to(APP_DIR)} imports {target}")
    assert offenders == [], "judges share code through the judges' shared modules, never each other"


def test_every_registered_judge_lives_outside_the_shared_modules():
    from importlib.metadata import entry_points
    ours = [e.value.split(":")[0] for e in entry_points(group="litlens.judges")
            if e.value.startswith(JUDGES_PKG + ".")]
    assert ours, "the built-in judges are registered through the litlens.judges entry points"
    assert all(_judge_of(m) is not None for m in ours), ours


def test_the_judge_import_check_sees_every_import_form(tmp_path, monkeypatch):
    """The check itself: absolute, from-package and relative imports of another judge all count."""
    fake = tmp_path / "judges"
    (fake / "pkg").mkdir(parents=True)
    (fake / "pkg" / "__init__.py").write_text("")
    (fake / "pkg" / "judge.py").write_text("from ..bws import x\nfrom . import parts\n")
    (fake / "sqm.py").write_text("import litlens.app.judges.da_mqm\n"
                                 "from litlens.app.judges import common, bws\n")
    monkeypatch.setattr(sys.modules[__name__], "JUDGES_DIR", fake)
    imports = {p.name: [_judge_of(m) for m in _imported(p)] for p in fake.rglob("*.py")}
    assert "bws" in imports["judge.py"] and "pkg" in imports["judge.py"]  # ..bws, and its own submodule
    assert "da_mqm" in imports["sqm.py"] and "bws" in imports["sqm.py"]
    assert "common" not in imports["sqm.py"]  # a shared module is not a judge
