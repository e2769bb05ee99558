"""The frozen LitLens executable: one program that opens the window, answers the CLI or checks itself.

    litlens                  the window (as ``litlens-gui``)
    litlens gui [OPTIONS]    the window, with ``litlens-gui``'s options (--db, --sample, --source ...)
    litlens --version        the version, without importing Qt or the judges
    litlens --self-check     load every bundled part once and print OK (used by the packaging test)
    litlens COMMAND ...      the ``litlens`` command line (evaluate, judges, runs, show, key)

A PyInstaller bundle has no console/gui script wrappers, so this file plays both parts.
"""

from __future__ import annotations

import multiprocessing
import sys


def _gui(argv: list[str]) -> int:
    from litlens.ui.main import main as gui_main
    return int(gui_main(argv) or 0)


def _cli(argv: list[str]) -> int:
    from litlens.app.cli.main import main as cli_main
    return int(cli_main(argv) or 0)


def dispatch(argv: list[str]) -> int:
    """Route ``argv`` (without the program name) to the window, the CLI or a packaging check."""
    if not argv:
        return _gui([])
    head, rest = argv[0], argv[1:]
    if head == "gui":
        return _gui(rest)
    if head == "--version":
        import litlens.app as app
        print(f"LitLens {app.__version__}")
        return 0
    if head == "--self-check":
        from selfcheck import run_self_check  # packaging/selfcheck.py, bundled beside this script
        return run_self_check(gui="--no-gui" not in rest)
    return _cli(argv)


def main() -> int:
    multiprocessing.freeze_support()  # harmless when nothing forks; required if a library ever does
    return dispatch(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
