"""A PNG of an HTML export rendered beside the window it was exported from, showing the same text and the
same review states; and the states compared finding by finding, printed.

The review is made in a store first: two judges' findings on a four-paragraph French draft, then one
correction applied, one finding corrected to major, one rejected, one left open and one outdated by an edit
of its paragraph. The window opens the stored project; the HTML report of the run is written and shown in
a QTextBrowser on the right; each finding's status in the window's findings list is compared with the
report's row for it.

Usage: python bench/export_beside_window.py [OUT.png]   (default: screenshots/export-beside-window.png)
Prints one line per finding (judge, words, window status, report status) and a closing line
"window and report agree on N of M findings; current text in the report: yes|no".
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from qt_shots import pump, save  # noqa: E402

SOURCE = ("The night was white with snow.\n\nThe very old man sat by the fire.\n\n"
          "The house was empty.\n\nIt rained all night.")
DRAFT = ("La nuit était blanc de neige.\n\nLe très très vieil homme était assis près du feu.\n\n"
         "La maison était vide.\n\nIl a plu toute la nuit.")


def review(db: Path) -> tuple[int, int]:
    """The stored run and project, reviewed as the module says."""
    from litlens.app.core.edits import replace_paragraph
    from litlens.app.core.model import Judgment, Span
    from litlens.app.reports import collect
    from litlens.app.run import annotations as ann
    from litlens.app.run import revisions
    from litlens.app.run.corrections import apply_correction
    from litlens.app.run.store import Store
    from litlens.app.texts import build_project, text_from_string

    store = Store(db)
    project = build_project("Night", text_from_string(SOURCE, "en"), [("Draft", text_from_string(DRAFT, "fr"))])
    text = project.candidate("Draft").text

    def span(para, words, judge, category, severity, suggestion=""):
        p = text.paragraphs[para]
        start = p.start + p.text.index(words)
        return Span(judge=judge, category=category, severity=severity, start=start, end=start + len(words),
                    quote=words, suggestion=suggestion, explanation=f"{judge}: {words}", paragraph=para)
    found = {"gemba_mqm": [span(0, "blanc", "gemba_mqm", "accuracy/mistranslation", "major", "blanche"),
                           span(1, "très très", "gemba_mqm", "fluency/grammar", "minor"),
                           span(2, "maison", "gemba_mqm", "accuracy/mistranslation", "minor")],
             "consistency": [span(3, "toute la nuit", "consistency", "terminology/inconsistent", "minor"),
                             span(3, "Il a plu", "consistency", "style/awkwardness", "minor")]}
    pid = store.save_project(project)
    run_id = store.start_run(pid, sorted(found), "offline", "-", {}, None, len(found))
    revisions.record_run_revisions(store, pid, project, run_id)
    for judge, spans in found.items():
        store.save_result(run_id, Judgment(judge, f"{judge}:Draft", "Draft", None, spans=spans), "v1", "-", judge)
    store.update_run(run_id, status="done", units_done=len(found))
    issues = {i.quote: i for i in collect(store, run_id).issues}
    current = store.load_project(pid).candidate("Draft").text
    apply_correction(store, pid, "Draft", current, found["gemba_mqm"][0], issues["blanc"].span_id)
    for quote, action, severity in (("très très", "edit", "major"), ("toute la nuit", "reject", "minor")):
        i = issues[quote]
        ann.save(store, ann.Annotation(project_id=pid, candidate="Draft", action=action, span_id=i.span_id,
                                       judge=i.judge, category=i.category, severity=severity, note="",
                                       created_at=time.time(), updated_at=time.time()))
    now = revisions.revision_text(store, pid, "Draft", revisions.head(store, pid, "Draft"))
    edited, _ = replace_paragraph(now, 2, "La demeure était vide.")  # outdates "maison"
    revisions.save_revision(store, pid, "Draft", edited, "edit")
    store.close()
    return run_id, pid


def report_states(html: str) -> dict[tuple[str, str], str]:
    """(judge, quoted words) -> status, from the report's findings table."""
    from lxml import etree
    out = {}
    for tr in etree.HTML(html).iter("tr"):
        if "finding" not in (tr.get("class") or ""):
            continue
        cells = tr.findall("td")
        mark = cells[6].find(".//mark")
        said = cells[6].find(".//span")
        quote = "".join(mark.itertext()) if mark is not None else \
            "".join(said.itertext()).removeprefix("quoted: ") if said is not None else ""
        out[(cells[3].text.strip(), quote)] = cells[4].text.strip()
    return out


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QTextBrowser, QWidget

    from litlens.app.reports import write_report
    from litlens.app.run.store import Store
    from litlens.ui.shell.window import MainWindow

    out = Path(argv[0]) if argv else HERE.parent / "screenshots" / "export-beside-window.png"
    qapp = QApplication.instance() or QApplication(["litlens-export-shot"])
    tmp = Path(tempfile.mkdtemp(prefix="litlens-export-"))
    run_id, pid = review(tmp / "db.sqlite")
    window = MainWindow(tmp / "db.sqlite", qsettings=QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1100, 760)
    window.show()
    window.open_stored(pid)
    findings = window.results.findings
    deadline = time.monotonic() + 60
    while (window.document.project is None or not findings.spans()) and time.monotonic() < deadline:
        pump(qapp, 0.05)
    window.judge_dock.hide()  # nothing is run here: the room goes to the findings and their status column
    window.results.raise_page("findings")
    findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
    pump(qapp, 0.5)
    seen = {(s.judge, s.quote): findings.status(s) for s in findings.spans()}

    store = Store(tmp / "db.sqlite")
    html_path = tmp / "report.html"
    try:
        write_report(store, run_id, "html", html_path)
    finally:
        store.close()
    html = html_path.read_text(encoding="utf-8")
    exported = report_states(html)

    side = QWidget()
    lay = QHBoxLayout(side)
    shot = QLabel()
    shot.setPixmap(window.grab())
    shot.setAlignment(Qt.AlignmentFlag.AlignTop)
    browser = QTextBrowser()
    browser.setHtml(html)
    browser.setMinimumWidth(760)
    lay.addWidget(shot)
    lay.addWidget(browser, 1)
    side.resize(1100 + 800, 780)
    side.show()
    pump(qapp, 0.3)
    if browser.find("Findings ("):  # the findings table at the top of the right half, as in the window
        bar = browser.verticalScrollBar()
        bar.setValue(bar.value() + browser.cursorRect().top() - 8)
        cursor = browser.textCursor()
        cursor.clearSelection()
        browser.setTextCursor(cursor)
    pump(qapp, 0.3)
    save(side, out)

    agree = 0
    for key in sorted(set(seen) | set(exported)):
        w, r = seen.get(key, "—"), exported.get(key, "—")
        agree += w == r
        print(f"{key[0]:12} {key[1]!r:18} window {w:10} report {r}")
    from lxml import etree
    words = " ".join("".join(etree.HTML(html).itertext()).split())
    current = window.document.candidate.text
    in_report = "demeure" in current.content and \
        all(" ".join(p.text.split()) in words for p in current.paragraphs if p.text.strip())
    print(f"window and report agree on {agree} of {len(set(seen) | set(exported))} findings; "
          f"current text in the report: {'yes' if in_report else 'no'}")
    print(f"wrote {out}")
    window.close()
    return 0 if agree == len(set(seen) | set(exported)) and in_report else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
