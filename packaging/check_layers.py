"""Checks the import contracts declared in pyproject.toml ([tool.importlinter]) with import-linter.

    python packaging/check_layers.py

The contracts are stated for the installed namespace (litlens.app, litlens.ui); the checker walks folders,
so it reads a staged copy of this checkout (see stage.py). Exit code: import-linter's (0 = all kept).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stage import ROOT, stage_namespace  # noqa: E402


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="litlens-layers-") as tmp:
        stage_namespace(Path(tmp))
        env = {**os.environ, "PYTHONPATH": tmp}
        cmd = [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()",
               "--no-logo", "--no-cache", str(ROOT / "pyproject.toml")]
        return subprocess.run(cmd, cwd=tmp, env=env).returncode


if __name__ == "__main__":
    raise SystemExit(main())
