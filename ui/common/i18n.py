"""Interface language: loads the compiled Qt translation (resources/i18n/litlens_<lang>.qm) and Qt's own
translations for standard dialogs. English is the source language and needs no file."""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from litlens.app.core.resources import resource_path

_installed: list[QTranslator] = []  # kept alive: Qt does not own installed translators


def qm_path(language: str) -> str:
    return str(resource_path("i18n", f"litlens_{language}.qm"))


def install(app: QApplication, language: str) -> bool:
    """Translate the interface into ``language``; True when a LitLens translation was loaded."""
    for t in _installed:
        app.removeTranslator(t)
    _installed.clear()
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
