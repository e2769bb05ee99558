"""Starts the LitLens window: ``litlens-gui`` and ``litlens gui`` both land in ``main``."""

from __future__ import annotations

import argparse
import sys

import app


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="litlens-gui", description="Review literary translations.")
    parser.add_argument("--version", action="version", version=f"LitLens {app.__version__}")
    parser.add_argument("--db", metavar="PATH", help="database file (default: the user data folder)")
    parser.add_argument("--language", choices=("en", "ko"), help="interface language (default: settings)")
    parser.add_argument("--sample", action="store_true",
                        help="open the bundled sample story (the default when no files are given)")
    parser.add_argument("--source", metavar="FILE", help="the original text")
    parser.add_argument("--translation", metavar="FILE", action="append", default=[],
                        help="a translation to review (repeat for several)")
    args = parser.parse_args(argv)
    if args.source and not args.translation:
        parser.error("--source needs at least one --translation")
    if args.translation and not args.source:
        parser.error("--translation needs --source")
    return args


def run_event_loop(qapp) -> int:  # a seam so tests can start the window without blocking
    return qapp.exec()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtWidgets import QApplication

    qapp = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "litlens-gui"])
    qapp.setApplicationName("LitLens")
    qapp.setOrganizationName("LitLens")
    from ui import i18n, settings, theme
    prefs = settings.load()
    i18n.install(qapp, args.language or prefs.language)  # before any widget builds its texts
    theme.apply(prefs.theme, qapp)
    from ui.window import MainWindow
    window = MainWindow(args.db)
    window.show()
    if args.source:
        window.open_files(args.source, args.translation)
    else:
        window.open_sample(autorun=True)
    code = run_event_loop(qapp)
    window.close()
    return int(code)


if __name__ == "__main__":
    raise SystemExit(main())
