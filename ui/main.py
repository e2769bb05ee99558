"""Starts the LitLens window: ``litlens-gui`` and ``litlens gui`` both land in ``main``."""

from __future__ import annotations

import argparse
import sys

import litlens.app as app


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="litlens-gui", description="Review literary translations.")
    parser.add_argument("--version", action="version", version=f"LitLens {app.__version__}")
    parser.add_argument("--db", metavar="PATH", help="database file (default: the user data folder)")
    parser.add_argument("--language", choices=("en", "ko"), help="interface language (default: settings)")
    parser.add_argument("--sample", action="store_true",
                        help="open the bundled sample story (without files, the last project reopens; "
                             "the sample the first time)")
    parser.add_argument("--source", metavar="FILE", help="the original text")
    parser.add_argument("--translation", metavar="FILE", action="append", default=[],
                        help="a translation to review (repeat for several)")
    local = parser.add_argument_group("local model", "judge with a GGUF model on this computer "
                                      "(remembered in Settings, like a file chosen there)")
    local.add_argument("--model-file", metavar="GGUF", help="choose the local provider with this model file")
    local.add_argument("--n-ctx", type=int, metavar="N", help="context size in tokens (default 4096)")
    local.add_argument("--threads", type=int, metavar="N", help="CPU threads (default: llama.cpp chooses)")
    local.add_argument("--gpu-layers", type=int, metavar="N", help="layers offloaded to a GPU (-1: all)")
    args = parser.parse_args(argv)
    if args.model_file is None and any(v is not None for v in (args.n_ctx, args.threads, args.gpu_layers)):
        parser.error("--n-ctx, --threads and --gpu-layers need --model-file")
    if args.source and not args.translation:
        parser.error("--source needs at least one --translation")
    if args.translation and not args.source:
        parser.error("--translation needs --source")
    return args


def skip_feature_scan() -> None:
    """Stop PySide6 reading the source of every module imported after it.

    PySide6 looks, on each import, for whether the module uses its ``__feature__`` switches (snake_case,
    true_property) by reading the module's whole source through ``inspect``; for the ~500 modules the
    window imports that was about 0.15 s of CPU before the first paint (bench/startup.py). LitLens uses
    no switch, so every module is taken as a PySide user with none selected, which is what the scan
    concludes for ours; a plug-in module that imports ``__feature__`` still sets its own selection."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        setattr(feature, "_mod_uses_pyside", lambda module: True)  # PySide's hook: no public switch


def run_event_loop(qapp) -> int:  # a seam so tests can start the window without blocking
    return qapp.exec()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtWidgets import QApplication

    skip_feature_scan()
    qapp = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "litlens-gui"])
    qapp.setApplicationName("LitLens")
    qapp.setOrganizationName("LitLens")
    from litlens.ui.common import i18n
    from litlens.ui.settings import prefs as settings
    from litlens.ui.common import theme
    prefs = settings.load()
    i18n.install(qapp, args.language or prefs.language)  # before any widget builds its texts
    theme.apply(prefs.theme, qapp)
    from litlens.ui.shell.window import MainWindow
    window = MainWindow(args.db)
    window.show()
    unusable = settings.apply_prompts(prefs)  # Settings › General › Prompt templates, checked before any run
    if unusable is not None:
        window.statusBar().showMessage(window.tr("Using the built-in prompts: {0}").format(unusable), 15_000)
    if args.model_file:
        window.use_local_model(args.model_file, n_ctx=args.n_ctx, n_threads=args.threads,
                               n_gpu_layers=args.gpu_layers)
    if args.source:
        window.open_files(args.source, args.translation)
    elif not args.sample and window.reopen_last():
        pass  # the project used last, as it was left
    else:
        window.open_sample(autorun=True)
    code = run_event_loop(qapp)
    window.close()
    return int(code)


if __name__ == "__main__":
    raise SystemExit(main())
