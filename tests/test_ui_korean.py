"""With the Korean interface, no visible text of the main window, its docks and menus, Settings, the
learning view or the New project dialog is English the user was meant to read in Korean."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import (QAbstractButton, QComboBox, QDockWidget, QGroupBox, QLabel, QLineEdit, QMenu,
                               QTabBar, QTreeWidget, QWidget)

from litlens.ui.common import i18n
from litlens.ui.views.terms import EMPTY as EMPTY_TERMS
from litlens.ui.shell.window import MainWindow
from ui_walk import ready_window, surfaces

pytestmark = pytest.mark.gui

# names that stay as they are in Korean: the product, methods and services, formats and units
PROPER = {"litlens", "mqm", "verse", "gemba", "bws", "sqm", "da", "transevalnia", "mas", "liteval", "otqs",
          "openai", "anthropic", "ollama", "llama", "cpp", "vllm", "gguf", "spacy", "url", "api", "llm", "bleu",
          "chrf", "ter", "sqlite", "json", "csv", "xlsx", "docx", "html", "xliff", "tmx", "cpu", "gpu", "eta",
          "english", "korean", "careful", "flawed", "sample", "en", "core", "web", "sm",
          "sacrebleu", "intl", "mecab", "flores",  # sacreBLEU and its tokenizers' names
          "gpt", "mini", "claude", "sonnet", "haiku", "opus", "http", "localhost", "v1", "db", "ctrl", "shift",
          "kiwi", "seed"}
WORD = re.compile(r"[A-Za-z]{3,}")
# What a judge itself writes into its payloads (table titles, column headers, notes) comes from app/ in
# English and is shown as the judge's output; translating judge output is separate work (see issue 15).
# The result docks' "Show" list names payloads by the judge's own title for the same reason.
JUDGE_OUTPUT = ("PayloadTable",)


def english_words(text: str) -> list[str]:
    text = re.sub(r"<[^>]*>", " ", text)  # rich text's tags and their attributes are not shown
    text = re.sub(r"&(?=\w)", "", text)
    text = re.sub(r"https?://\S+|\S+\.(?:db|gguf|txt)\b|\b\w+[-_/]\w+[-_/\w]*", " ", text)  # paths, ids
    return [w for w in WORD.findall(text) if w.lower() not in PROPER]


def interface_texts(root: QWidget) -> list[str]:
    """Texts a user reads as the interface (not the texts under review or the judges' findings)."""
    out = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible() or type(w).__name__ in ("PairView", "PairText"):
            continue
        if any(type(p).__name__ in ("PairView", *JUDGE_OUTPUT) for p in _ancestors(w)):
            continue
        if type(w.parentWidget()).__name__ == "TermTable" and w is getattr(w.parentWidget(), "note", None) \
                and w.text() != w.parentWidget().tr(EMPTY_TERMS):
            continue  # the judge's own note about how it found the terms
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QDockWidget):
            out.append(w.windowTitle())
        elif isinstance(w, QTabBar):
            out += [w.tabText(i) for i in range(w.count())]
        elif isinstance(w, QComboBox) and not w.isEditable() and w is not getattr(w.parentWidget().parentWidget(),
                                                                                  "chooser", None):
            out += [w.itemText(i) for i in range(w.count()) if w.itemData(i) is None or
                    isinstance(w.itemData(i), str)]
        elif isinstance(w, QLineEdit):
            out.append(w.placeholderText())
        elif isinstance(w, QTreeWidget):
            header = w.headerItem()
            out += [header.text(i) for i in range(w.columnCount())]
    return out


def _ancestors(w: QWidget):
    p = w.parentWidget()
    while p is not None:
        yield p
        p = p.parentWidget()


def untranslated(root: QWidget) -> list[str]:
    return sorted({t for t in interface_texts(root) if english_words(t)})


@pytest.fixture
def korean(qapp):
    i18n.install(qapp, "ko")
    yield
    i18n.install(qapp, "en")


def test_the_korean_interface_has_no_english_left(qtbot, db_path, korean, tmp_path):
    """Every surface tests/ui_walk.py reaches (the window, its docks and menus, and every dialog), with every
    judge ticked so each option editor and its choices show."""
    window = MainWindow(db_path)
    qtbot.addWidget(window)
    ready_window(qtbot, window)
    for box in window.judge_panel.checkboxes.values():
        box.setEnabled(True)  # a judge that cannot run still shows its options when ticked
        box.setChecked(True)
    window.judge_panel.set_estimate("", problem=False)
    found = []
    for menu in window.menuBar().findChildren(QMenu):
        found += [f"menu: {a.text()!r}" for a in menu.actions() if english_words(a.text())]
    from litlens.ui.views.ranking import RankingView
    from test_ui_contrast import ranking_payload
    ranking = RankingView()
    qtbot.addWidget(ranking)
    ranking.set_payload(ranking_payload(korean=True))  # what the judge wrote is its own text, in Korean here
    ranking.show()
    found += [f"ranking view: {t!r}" for t in untranslated(ranking)]
    ranking.close()
    try:
        for where, widget in surfaces(qtbot, window, tmp_path):
            found += [f"{where}: {t!r}" for t in untranslated(widget)]
    finally:
        for view in window.exercises.windows:
            view.close()
        window.close()
    assert not found, "\n".join(sorted(set(found)))


def test_settings_show_the_language_the_window_is_in(qtbot, korean):
    """Started in Korean with nothing chosen in Settings (the default, English), the list said "English"."""
    from litlens.ui.settings.dialog import SettingsDialog
    from litlens.ui.settings.prefs import AppSettings
    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    assert dialog.language.currentData() == "ko" and dialog.language.currentText() == "한국어"
    assert dialog.language.itemText(dialog.language.findData("en")) == "영어 (English)"
    assert not dialog.restart_button.isVisibleTo(dialog)  # nothing to restart for


def test_every_choice_of_every_built_in_judge_has_a_korean_label(qapp, korean):
    """The values a judge declares for its options ("two-step", "original", "none") show in the panel's
    combo boxes and in the views that name them; a declared choice without Korean shows in English."""
    from litlens.app.judges import registry
    from litlens.ui.common.judge_texts import option_value
    left = sorted({value for cls in registry.available().values() if getattr(cls, "Options", None)
                   for info in cls.Options.describe() for value in (info.choices or ())
                   if english_words(option_value(value)) or option_value(value) == value and value.isalpha()})
    assert left == []


def test_every_option_of_every_built_in_judge_has_a_korean_label(qapp, korean):
    """The judge panel shows an option only while its judge is ticked, so the window walk above cannot see
    them all: a new option added without a label (as "ledger context" once was) shows in English."""
    from litlens.app.judges import registry
    from litlens.ui.common.judge_texts import option_label
    left = sorted({info.name for cls in registry.available().values() if getattr(cls, "Options", None)
                   for info in cls.Options.describe() if english_words(option_label(info.name))})
    assert left == []


def test_no_interface_string_is_hidden_from_the_extractor_inside_an_f_string():
    """pyside6-lupdate does not look inside f-strings: a tr("…") written there is never offered for
    translation and shows in English in the Korean interface ("Your grade" once did)."""
    import ast
    from pathlib import Path
    ui = Path(__file__).resolve().parents[1] / "ui"
    hidden = []
    for path in sorted(ui.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
                name = getattr(call.func, "attr", getattr(call.func, "id", ""))
                if name in ("tr", "translate") and any(isinstance(a, ast.Constant) for a in call.args):
                    hidden.append(f"{path.name}:{call.lineno} {ast.unparse(call)}")
    assert hidden == []


def test_every_string_a_module_translates_through_a_helper_has_korean():
    """lupdate sees ``self.tr("…")`` but not ``_tr("…")`` where ``_tr`` wraps QCoreApplication.translate:
    those strings reach the .ts only through make_ts.py's lists, and a forgotten one stays English in the
    Korean interface (the pair view's right-click menu and editor tooltip once did)."""
    import ast
    import xml.etree.ElementTree as ET
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    known: dict[str, set[str]] = {}
    for ctx in ET.parse(root / "resources" / "i18n" / "litlens_ko.ts").getroot().iter("context"):
        done = {m.findtext("source") for m in ctx.iter("message")
                if m.findtext("translation") and m.find("translation").get("type") != "unfinished"}
        known.setdefault(ctx.findtext("name"), set()).update(done)
    missing = []
    for path in sorted((root / "ui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = {}  # helper name -> context
        for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
            calls = [c for c in ast.walk(fn) if isinstance(c, ast.Call) and getattr(c.func, "attr", "") == "translate"
                     and c.args and isinstance(c.args[0], ast.Constant)]
            if len(fn.args.args) == 1 and calls and isinstance(calls[0].args[1], ast.Name):
                helpers[fn.name] = calls[0].args[0].value
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") in helpers):
            if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
                if call.args[0].value not in known.get(helpers[call.func.id], set()):
                    missing.append(f"{path.name}:{call.lineno} {helpers[call.func.id]}: {call.args[0].value!r}")
    assert missing == []


def test_language_names_follow_the_interface_language(qapp, korean):
    from litlens.ui.common.i18n import language_name
    assert (language_name("de"), language_name("en"), language_name("ko")) == ("독일어", "영어", "한국어")
    assert language_name("eo") == "eo"  # a code LitLens has no name for stays a code


def test_settings_say_where_keys_are_kept_in_korean_with_a_secure_keyring(qtbot, korean):
    """With a secure keyring (the usual desktop case; the test machine has none) the note was
    'API 키는 system keyring (…)에 보관됩니다.': the backend's name stays in the tooltip only."""
    import keyring

    from litlens.ui.settings.prefs import AppSettings
    from litlens.ui.settings.dialog import SettingsDialog
    from test_llm_keys import SecureMemoryKeyring
    before = keyring.get_keyring()
    keyring.set_keyring(SecureMemoryKeyring())
    try:
        dialog = SettingsDialog(AppSettings())
        qtbot.addWidget(dialog)
        assert dialog.secure
        assert dialog.keyring_note.text() == "API 키는 시스템 키링에 보관됩니다."
        assert "SecureMemoryKeyring" in dialog.keyring_note.toolTip()
    finally:
        keyring.set_keyring(before)


def test_a_judge_that_cannot_run_says_why_in_korean(qtbot, korean):
    """An English→English pair: the honorifics judge cannot run, and its reason (the judge's own words,
    from app/) is shown in the interface language, like the two-translations and reference reasons."""
    from litlens.app.judges import registry
    from litlens.app.texts import build_project, text_from_string
    from litlens.ui.runs.judge_panel import JudgePanel
    project = build_project("en", text_from_string("It rained all day.", "en"),
                            [("A", text_from_string("The rain fell all day.", "en")),
                             ("B", text_from_string("It poured the whole day.", "en"))])
    panel = JudgePanel(registry.available())
    qtbot.addWidget(panel)
    panel.set_project(project)
    assert "honorifics" in panel.unavailable
    assert panel.reasons["honorifics"].text() == ("한국어 높임법 평가기는 한국어 텍스트를 읽습니다. "
                                                  "이 프로젝트에는 한국어 텍스트가 없습니다.")


def test_findings_name_their_categories_and_severities_in_korean(qtbot, korean):
    """The findings list, its detail, the pair view's tooltip and the correction dialog showed MQM paths
    ("accuracy/mistranslation") and severities ("major") in English in the Korean interface."""
    from litlens.app.core.model import Span
    from litlens.ui.common.judge_texts import category_name
    from litlens.ui.pair.view import describe
    from litlens.ui.review.controller import FindingDialog
    assert category_name("accuracy/mistranslation") == "정확성 › 오역"
    assert category_name("fluency/grammatical-register") == "유창성 › 문법적 격식(높임법)"  # outside Table 8
    span = Span(judge="consistency", category="accuracy/mistranslation", severity="major", start=0, end=3,
                explanation="x")
    tip = describe(span)
    assert "정확성 › 오역" in tip and "major" not in tip and "accuracy/" not in tip
    dialog = FindingDialog("비가 왔다.", 0, 2, category="fluency/grammatical-register", severity="minor")
    qtbot.addWidget(dialog)
    assert dialog.category.currentText() == "유창성 › 문법적 격식(높임법)"
    assert dialog.values()[0] == "fluency/grammatical-register"  # stored as its path
    dialog.category.setCurrentIndex(dialog.category.findData("accuracy/omission"))
    assert dialog.category.currentText() == "정확성 › 누락" and dialog.values()[0] == "accuracy/omission"
