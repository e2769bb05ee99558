"""The learning view for students: MQM categories and severities, VERSE's nine question categories and the
six Korean speech levels, each with a definition and the user's own kept findings as examples.

MQM definitions come from the typology table (resources/mqm/typology.json), VERSE's from
resources/verse_categories.json; those and the speech-level explanations are written for LitLens.
Examples are the findings the user accepted, corrected or added (app.annotations.kept_examples), across
every project in the store, and a student's own mistakes in graded exercises (app.exercises.progress:
words missed, named wrongly, rated at another severity or marked without an error), each shown under the
category or severity it teaches, with the key's explanation.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QHBoxLayout, QLabel, QSplitter, QTextBrowser, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout)

from litlens.app.mqm import typology as mqm
from litlens.app.core.resources import read_resource
from litlens.app.korean.levels import LEVELS
from litlens.ui.common import theme
from litlens.ui.common.judge_texts import category_name
from litlens.ui.common.severity import style_for, text_ink
from litlens.ui.common.levels import LEVEL_COLOURS

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from litlens.app.exercises.progress import Mistake
    from litlens.app.run.annotations import Example
    from litlens.ui.common.tasks import TaskRunner


def _tr(text: str) -> str:
    return QCoreApplication.translate("Learning", text)


def _verse_categories() -> dict[str, str]:
    """VERSE's categories with their explanation for students, from resources/verse_categories.json (the
    same table the VERSE judge takes its radar labels from), so no judge module is imported here."""
    table = json.loads(read_resource("verse_categories.json"))["categories"]
    return {c["name"]: c["explanation"] for c in table}


VERSE_TEXT = _verse_categories()
VERSE_CATEGORIES = tuple(VERSE_TEXT)

LEVEL_TEXT = {
    "하십시오체": "The most formal polite style (-(스)ㅂ니다, -(스)ㅂ니까, -(으)십시오). Used to strangers, "
                 "superiors and audiences; in fiction it marks distance, ceremony or a servant's deference.",
    "해요체": "The everyday polite style (-아요/-어요, -죠). Warm but respectful: what most adults use "
             "with people they do not know well or who are older.",
    "하오체": "An old-fashioned, semi-formal style (-오, -소, -구려). Today it sounds dated or bookish; "
             "in fiction it gives a character an older, sometimes stiff dignity.",
    "하게체": "A style an older or senior person uses to a grown-up junior or a younger friend (-네, -게, "
             "-는가). Familiar but not rude; it signals seniority with goodwill.",
    "해라체": "The plain style (-다, -냐, -라). It is the voice of written narration, and in speech it "
             "talks down: to children, close juniors, or in anger.",
    "해체": "Intimate speech, 반말 (-아/-어, -지, -ㄹ게). Between close friends and family, or from an "
           "elder to a child; used to the wrong person it is rude.",
}
assert tuple(LEVEL_TEXT) == LEVELS

# VERSE categories whose kept findings can illustrate them (VERSE scores questions, it marks no spans)
VERSE_EXAMPLES = {
    "Interpersonal Communication and Hierarchy": ("judge:honorifics", "style/register"),
    "Linguistic and Idiomatic Naturalness": ("style/unidiomatic", "accuracy/mistranslation/overly-literal"),
    "Character Voice, Tone, and Individuality": ("style/",),
    "Overall Consistency and Cohesion": ("judge:consistency", "fluency/inconsistency", "terminology/inconsistent"),
}


def matches(example: Example, topic: tuple[str, str]) -> bool:
    kind, key = topic
    if kind == "mqm":
        return example.category == key or example.category.startswith(key + "/")
    if kind == "severity":
        return example.severity == key
    if kind == "level":
        return key in (example.data.get("level"), example.data.get("expected"))
    for rule in VERSE_EXAMPLES.get(key, ()):
        if rule.startswith("judge:") and example.judge == rule[6:]:
            return True
        if not rule.startswith("judge:") and example.category.startswith(rule):
            return True
    return False


def mistake_matches(mistake: Mistake, topic: tuple[str, str]) -> bool:
    """A mistake illustrates an MQM entry (that category or one below it) or a severity entry."""
    from litlens.app.exercises.progress import mistake_topics
    kind, key = topic
    for k, value in mistake_topics(mistake):
        if k == kind and value and (value == key or (kind == "mqm" and value.startswith(key + "/"))):
            return True
    return False


class LearningView(QDialog):
    def __init__(self, db_path: str | Path, tasks: TaskRunner, parent: QWidget | None = None,
                 student: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Learn the categories"))
        self.db_path = db_path
        self.examples: list[Example] = []
        self.mistakes: dict[str, list[Mistake]] = {}  # student -> their mistakes, newest first
        self.wanted_student = student
        self.student = QComboBox()
        self.student.setToolTip(self.tr("Whose exercise mistakes are shown as examples"))
        self.student_row = QHBoxLayout()
        self.student_label = QLabel(self.tr("Mistakes of:"))
        self.student_row.addWidget(self.student_label)
        self.student_row.addWidget(self.student, 1)
        self.student_label.hide()
        self.student.hide()
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(self.text)
        split.setSizes([300, 560])
        lay = QVBoxLayout(self)
        lay.addLayout(self.student_row)
        lay.addWidget(split)
        self.student.currentTextChanged.connect(lambda *_: self._show(self.tree.currentItem()))
        self._fill()
        self.tree.currentItemChanged.connect(lambda item, _prev: self._show(item))
        theme.notifier().changed.connect(self._restyle)
        self.resize(900, 600)
        self.tree.setCurrentItem(self.tree.topLevelItem(0).child(0))
        tasks.submit(self._load_examples, self._examples_loaded, lambda exc: None)

    def _load_examples(self) -> tuple[list[Example], dict[str, list[Mistake]]]:
        from litlens.app.exercises import progress
        from litlens.app.run.annotations import kept_examples
        from litlens.app.run.store import Store
        store = Store(self.db_path)
        try:
            return kept_examples(store), {s: progress.own_mistakes(store, s) for s in progress.students(store)}
        finally:
            store.close()

    def _examples_loaded(self, loaded: tuple[list[Example], dict[str, list[Mistake]]]) -> None:
        self.examples, self.mistakes = loaded
        self.student.blockSignals(True)
        self.student.clear()
        self.student.addItems(list(self.mistakes))  # most recent student first
        if self.wanted_student in self.mistakes:
            self.student.setCurrentText(self.wanted_student)
        self.student.blockSignals(False)
        for w in (self.student, self.student_label):
            w.setVisible(bool(self.mistakes))
        self._show(self.tree.currentItem())

    def own_mistakes(self, kind: str, key: str) -> list[Mistake]:
        return [m for m in self.mistakes.get(self.student.currentText(), []) if mistake_matches(m, (kind, key))]

    def _fill(self) -> None:
        ty = mqm.typology()
        mqm_root = QTreeWidgetItem([self.tr("MQM error categories")])
        items: dict[str, QTreeWidgetItem] = {}
        for cat in ty.all():
            parent = items.get(cat.path.rsplit("/", 1)[0]) if "/" in cat.path else mqm_root
            item = QTreeWidgetItem(parent, [_tr(cat.name)])
            item.setData(0, Qt.ItemDataRole.UserRole, ("mqm", cat.path))
            items[cat.path] = item
        sev_root = QTreeWidgetItem([self.tr("MQM severities")])
        for sev in ty.severities:
            item = QTreeWidgetItem(sev_root, [f"{style_for(sev).mark} {_tr(sev)}"])
            item.setData(0, Qt.ItemDataRole.UserRole, ("severity", sev))
        verse_root = QTreeWidgetItem([self.tr("VERSE question categories")])
        for cat in VERSE_CATEGORIES:
            item = QTreeWidgetItem(verse_root, [_tr(cat)])
            item.setData(0, Qt.ItemDataRole.UserRole, ("verse", cat))
        level_root = QTreeWidgetItem([self.tr("Korean speech levels")])
        for level in LEVELS:
            item = QTreeWidgetItem(level_root, [level])
            item.setData(0, Qt.ItemDataRole.UserRole, ("level", level))
        self.tree.addTopLevelItems([mqm_root, sev_root, verse_root, level_root])
        mqm_root.setExpanded(True)
        for root in (sev_root, verse_root, level_root):
            root.setExpanded(True)

    def topics(self) -> list[tuple[str, str]]:
        out = []
        def walk(item: QTreeWidgetItem) -> None:
            data = item.data(0, Qt.ItemDataRole.UserRole)
            if data:
                out.append(tuple(data))
            for i in range(item.childCount()):
                walk(item.child(i))
        for i in range(self.tree.topLevelItemCount()):
            walk(self.tree.topLevelItem(i))
        return out

    def select(self, kind: str, key: str) -> None:
        for i in range(self.tree.topLevelItemCount()):
            stack = [self.tree.topLevelItem(i)]
            while stack:
                item = stack.pop()
                if tuple(item.data(0, Qt.ItemDataRole.UserRole) or ()) == (kind, key):
                    self.tree.setCurrentItem(item)
                    return
                stack += [item.child(k) for k in range(item.childCount())]

    def _restyle(self, _name: str) -> None:
        self._show(self.tree.currentItem())  # the page's inks are the theme's

    def _show(self, item: QTreeWidgetItem | None) -> None:
        data = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if not data:
            self.text.setHtml(f"<h2>{html.escape(item.text(0)) if item else ''}</h2><p>"
                              + html.escape(self.tr("Choose an entry on the left.")) + "</p>")
            return
        kind, key = data
        self.text.setHtml(self.page(kind, key))

    def page(self, kind: str, key: str) -> str:
        e = html.escape
        ty = mqm.typology()
        if kind == "mqm":
            cat = ty.get(key)
            # each level of the path in the interface language: "정확성 › 오역 › 일반"
            parts = [ty.get("/".join(key.split("/")[:i + 1])).name for i in range(key.count("/") + 1)]
            title, body = " › ".join(_tr(p) for p in parts), _tr(cat.definition)
        elif kind == "severity":
            style = style_for(key)
            title = f"<span style='color:{text_ink(key)}'>{style.mark} {e(_tr(key))}</span>"
            body = _tr(ty.severities[key])
            title_html = title
        elif kind == "verse":
            title, body = _tr(key), _tr(VERSE_TEXT[key])
        else:
            title = key
            body = _tr(LEVEL_TEXT[key])
        if kind != "severity":
            # the level inks are dark: in the dark palette the heading keeps the palette's text colour
            colour = LEVEL_COLOURS.get(key) if kind == "level" and theme.current() == "light" else None
            title_html = f"<span style='color:{colour}'>{e(title)}</span>" if colour else e(title)
        parts = [f"<h2>{title_html}</h2>", f"<p style='font-size:12pt'>{e(body)}</p>"]
        mine = [x for x in self.examples if matches(x, (kind, key))]
        heading = self.tr("Your examples")
        none_yet = self.tr("None yet. Findings you accept, correct or add while reviewing appear here.")
        parts.append(f"<h3>{e(heading)} ({len(mine)})</h3>")
        if not mine:
            parts.append(f"<p style='color:{theme.colours().muted}'>{e(none_yet)}</p>")
        for x in mine[:12]:
            style = style_for(x.severity)
            note = f"<br><i>{e(x.note)}</i>" if x.note else ""
            parts.append(f"<p><span style='background:{style.tint}; color:#1f2328'>&nbsp;{e(x.quote)}&nbsp;</span>"
                         f"<br><span style='color:{theme.colours().muted}'>{e(category_name(x.category))} · "
                         f"{e(_tr(x.severity))} · "
                         f"{e(x.judge)}</span>{note}</p>")
        if kind in ("mqm", "severity"):
            parts += self._mistakes_html(kind, key)
        return "".join(parts)

    def _mistakes_html(self, kind: str, key: str) -> list[str]:
        from litlens.ui.exercises.reasons import category_name, kind_title, severity_name
        e, muted = html.escape, theme.colours().muted
        mine = self.own_mistakes(kind, key)
        heading = self.tr("Your mistakes in exercises")
        parts = [f"<h3>{e(heading)} ({len(mine)})</h3>"]
        if not self.mistakes:
            empty = self.tr("No graded exercises yet. Open an exercise (File › Open exercise), enter your name "
                            "and submit: what you miss or name wrongly appears here as your own examples.")
        elif not mine:
            empty = self.tr("No mistakes of {0} here: nothing missed, named wrongly or marked without an "
                            "error in this category so far.").format(self.student.currentText())
        else:
            empty = ""
        if empty:
            parts.append(f"<p style='color:{muted}'>{e(empty)}</p>")
        repeats: dict[tuple[str, ...], int] = {}
        for m in mine:  # the same slip in another attempt at the same exercise is counted, not repeated
            sig = (m.kind, m.quote, m.key_category, m.student_category, m.key_severity, m.student_severity, m.title)
            repeats[sig] = repeats.get(sig, 0) + 1
        shown = set()
        for m in mine:
            sig = (m.kind, m.quote, m.key_category, m.student_category, m.key_severity, m.student_severity, m.title)
            if sig in shown:
                continue
            shown.add(sig)
            if len(shown) > 12:
                break
            times = " " + self.tr("({0} times)").format(repeats[sig]) if repeats[sig] > 1 else ""
            style = style_for(m.key_severity or m.student_severity or "minor")
            said = []
            if m.key_category:
                said.append(self.tr("key: {0} ({1})").format(category_name(m.key_category),
                                                                severity_name(m.key_severity)))
            if m.student_category:
                said.append(self.tr("you: {0} ({1})").format(category_name(m.student_category),
                                                                severity_name(m.student_severity)))
            why = f"<br><i>{e(m.why)}</i>" if m.why else ""
            parts.append(f"<p><b>{e(kind_title(m.kind))}</b> "
                         f"<span style='background:{style.tint}; color:#1f2328'>&nbsp;{e(m.quote)}&nbsp;</span>"
                         f"{e(times)}<br><span style='color:{muted}'>{e(' · '.join(said))} · {e(m.title)}</span>{why}</p>")
        return parts
