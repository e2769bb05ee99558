"""Which spaCy pipeline LitLens uses for a language, whether it is installed, and installing it.

One table names the official small pipeline per language; a user's own pipeline (any installed package
whose name starts with the language code, or a folder path) is preferred when it is there. Installing goes
through spaCy's own ``download`` so the version matching the installed spaCy is picked.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

# spaCy's official small pipelines (news for most languages, web for English and Chinese)
OFFICIAL = {
    "ca": "ca_core_news_sm", "da": "da_core_news_sm", "de": "de_core_news_sm", "el": "el_core_news_sm",
    "en": "en_core_web_sm", "es": "es_core_news_sm", "fi": "fi_core_news_sm", "fr": "fr_core_news_sm",
    "hr": "hr_core_news_sm", "it": "it_core_news_sm", "ja": "ja_core_news_sm", "ko": "ko_core_news_sm",
    "lt": "lt_core_news_sm", "mk": "mk_core_news_sm", "nb": "nb_core_news_sm", "nl": "nl_core_news_sm",
    "pl": "pl_core_news_sm", "pt": "pt_core_news_sm", "ro": "ro_core_news_sm", "ru": "ru_core_news_sm",
    "sl": "sl_core_news_sm", "sv": "sv_core_news_sm", "uk": "uk_core_news_sm", "zh": "zh_core_web_sm",
}


@dataclass(frozen=True)
class PipelineStatus:
    language: str
    name: str | None  # what LitLens would load (None: spaCy has no official pipeline for it)
    installed: bool
    official: str | None


def overrides() -> dict[str, str]:
    """``LITLENS_SPACY_PIPELINES="de=/path/to/de_pipeline,en=en_core_web_trf"``: the user's own
    pipelines (trained or unpackaged folders) per language, ahead of installed packages."""
    import os
    pairs = (item.split("=", 1) for item in os.environ.get("LITLENS_SPACY_PIPELINES", "").split(",") if "=" in item)
    return {k.strip(): v.strip() for k, v in pairs}


def _looks_like_path(value: str) -> bool:
    return "/" in value or "\\" in value or value.startswith(".") or value.startswith("~")


def override_problems() -> list[str]:
    """One line per ``LITLENS_SPACY_PIPELINES`` entry that cannot be loaded (a folder that does not exist,
    a package that is not installed): said before a run, since loading it would fall back to rules."""
    from pathlib import Path
    have = None
    out = []
    for lang, value in overrides().items():
        if _looks_like_path(value):
            if not (Path(value).expanduser() / "config.cfg").is_file():
                what = "is not a spaCy pipeline folder (no config.cfg)" if Path(value).expanduser().is_dir() \
                    else "does not exist"
                out.append(f"LITLENS_SPACY_PIPELINES: {lang}={value} {what}; rule-based terms are used "
                           f"for {lang}")
            continue
        have = set(installed_models()) if have is None else have
        if value not in have:
            out.append(f"LITLENS_SPACY_PIPELINES: {lang}={value} is not an installed pipeline; rule-based terms "
                       f"are used for {lang}")
    return out


def _override_ready(value: str, have: set[str]) -> bool:
    if _looks_like_path(value):
        from pathlib import Path
        return (Path(value).expanduser() / "config.cfg").is_file()
    return value in have


def installed_models() -> list[str]:
    """Names of the installed pipeline packages.

    spaCy lists them from the ``spacy_models`` entry points that its registry read once, when it was
    first imported; a pipeline installed while LitLens runs (Settings' Install button) would stay
    invisible until a restart, so the entry points are read afresh here as well."""
    try:
        from importlib.metadata import entry_points

        import spacy
        fresh = {ep.name for ep in entry_points(group="spacy_models")}
        return sorted(fresh | set(spacy.util.get_installed_models()))
    except Exception:  # spaCy missing or a broken install: nothing usable
        return []


def _language_of(name: str) -> str | None:
    head = name.split("_", 1)[0]
    return head if "_" in name and 2 <= len(head) <= 3 and head.isalpha() else None


def pipeline_for(language: str, requested: str | None = None) -> str | None:
    """The pipeline to load for text in ``language``.

    ``requested`` wins when it is a path or a pipeline of the same language; a named pipeline of another
    language (the English default on a German text) is replaced by this language's own, because an
    English recogniser on German marks function words and misses names."""
    if requested and (_language_of(requested) in (None, language) or "/" in requested or "\\" in requested):
        return requested
    if language in overrides():
        return overrides()[language]
    own = [m for m in installed_models() if _language_of(m) == language]
    official = OFFICIAL.get(language)
    if official in own:
        return official
    if own:
        return own[0]
    return official if requested is not None else None


def status(languages: list[str]) -> list[PipelineStatus]:
    have = set(installed_models())
    out = []
    for lang in dict.fromkeys(languages):
        name = pipeline_for(lang, "")
        name = name or OFFICIAL.get(lang)
        override = overrides().get(lang)
        ready = bool(name and (_override_ready(name, have) if name == override else name in have))
        out.append(PipelineStatus(lang, name, ready, OFFICIAL.get(lang)))
    return out


@lru_cache(maxsize=None)
def stop_words(language: str) -> frozenset[str]:
    """spaCy's stop words for ``language`` (blank language classes carry them; no model needed)."""
    try:
        from spacy.util import get_lang_class
        return frozenset(w.casefold() for w in get_lang_class(language).Defaults.stop_words)
    except Exception:  # language spaCy does not know
        return frozenset()


def analyser(language: str) -> tuple[str, bool, str] | None:
    """For languages written without spaces between words (ko, ja, zh): (the morphological analyser the
    rule-based terms use, whether it is installed, how to install it); None for other languages."""
    if language == "ko":
        import importlib.util
        return "Kiwi", importlib.util.find_spec("kiwipiepy") is not None, "pip install kiwipiepy"
    if language in ("ja", "zh"):
        from litlens.app.texts.cjk_terms import ANALYSER, INSTALL, available
        return ANALYSER[language], available(language), INSTALL[language]
    return None


class InstallError(RuntimeError):
    pass


def install(name: str) -> None:
    """Install an official pipeline with spaCy's own downloader (pip under the hood)."""
    from spacy.cli import download
    try:
        download(name)
    except SystemExit as exc:  # spaCy's CLI exits on a failed pip or a failed compatibility look-up
        if exc.code not in (0, None):
            raise InstallError(f"could not install {name}: spaCy's download failed (exit {exc.code}); "
                               "are you offline? Install it later with `litlens models install`.") from exc
    except OSError as exc:  # no network: requests/urllib errors derive from OSError
        raise InstallError(f"could not install {name}: no connection to spaCy's model server "
                           f"({exc.__class__.__name__}). Connect to the internet and try again.") from exc
    installed_models_cache_clear()


def installed_models_cache_clear() -> None:
    import importlib
    importlib.invalidate_caches()  # a freshly pip-installed package must be importable at once
