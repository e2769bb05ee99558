"""Interface language: loads the compiled Qt translation (resources/i18n/litlens_<lang>.qm) and Qt's own
translations for standard dialogs. English is the source language and needs no file."""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from litlens.app.core.resources import resource_path

_installed: list[QTranslator] = []  # kept alive: Qt does not own installed translators
_language = "en"  # the interface language in use


def current() -> str:
    """The language the interface is shown in now (Settings may hold another, waiting for a restart)."""
    return _language


def qm_path(language: str) -> str:
    return str(resource_path("i18n", f"litlens_{language}.qm"))


def install(app: QApplication, language: str) -> bool:
    """Translate the interface into ``language``; True when a LitLens translation was loaded."""
    global _language
    for t in _installed:
        app.removeTranslator(t)
    _installed.clear()
    _language = "en"
    if language == "en":
        QLocale.setDefault(QLocale(QLocale.Language.English))
        return False
    ours = QTranslator()
    try:
        loaded = ours.load(qm_path(language))
    except FileNotFoundError:  # a language we ship no translation for: stay in English
        loaded = False
    if loaded:
        app.installTranslator(ours)
        _installed.append(ours)
        _language = language
    qt = QTranslator()  # buttons of native dialogs (OK, Cancel, Open…)
    if qt.load(QLocale(language), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    QLocale.setDefault(QLocale(language))
    return loaded


def language_name(code: str) -> str:
    """A language's name in the interface language ("German", "독일어"), from app.core.languages.NAMES."""
    from PySide6.QtCore import QCoreApplication

    from litlens.app.core.languages import language_name as english
    return QCoreApplication.translate("Languages", english(code))
