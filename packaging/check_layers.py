"""Checks the import contracts declared in pyproject.toml ([tool.importlinter]) with import-linter.

    python packaging/check_layers.py

The contracts are stated for the namespace (litlens.app, litlens.ui); the checkout is laid out as that
namespace (litlens/app, litlens/ui are links to app/ and ui/), so the checker reads this checkout directly.
Exit code: import-linter's (0 = all kept).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()",
           "--no-logo", "--no-cache", str(ROOT / "pyproject.toml")]
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    raise SystemExit(main())
