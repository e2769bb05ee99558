"""PNGs of the review loop (issue 14), light and dark: a paragraph open for editing in the pair view, the
findings menu offering to apply GEMBA-MQM's correction, a merged row (two judges on the same words), and
the File › Export dialog, the revision picker and the New project dialog; then the same in the Korean
interface (dark palette).

GEMBA-MQM runs for real against the local fake provider server; the second judge of the merged row is a
consistency finding added in memory (the consistency judge's number-word check is not what is shown).
Usage: python bench/review_loop_screenshots.py [OUTDIR] [--smoke]   (default: screenshots/; --smoke: the
light palette in English only, to check the script runs); bench/screenshots.py calls ``shots`` too.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("OPENAI_API_KEY", "sk-screenshots")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from qt_shots import light_dark_korean, pump, save, screenshot_main  # noqa: E402

from fakeserver import FakeServer  # noqa: E402

SOURCE = "\n\n".join(["Seven boxes stood by the door, each tied with string.",
                      "Hanna counted them twice and frowned.", "“Who left these here?” she asked.",
                      "Nobody answered; the rain began."])
DRAFT = "\n\n".join(["문 옆에 상자 다섯 개가 서 있었고, 모두 끈으로 묶여 있었다.",
                     "한나는 그것들을 두 번 세고는 얼굴을 찌푸렸다.", "“누가 이걸 여기 뒀어?” 그녀가 물었다.",
                     "아무도 대답하지 않았다. 비가 시작되었다."])


def responder(call):
    if "다섯 개" in call.first_user:
        return {"errors": [{"category": "accuracy/mistranslation", "severity": "major",
                            "quoted_from": "translation", "text": "다섯 개", "occurrence": None,
                            "explanation": "The source says seven boxes.", "suggestion": "일곱 개"}]}
    if "비가 시작되었다" in call.first_user:
        return {"errors": [{"category": "fluency/grammar", "severity": "minor", "quoted_from": "translation",
                            "text": "비가 시작되었다", "occurrence": None,
                            "explanation": "Rain 'begins' unidiomatically in Korean.",
                            "suggestion": "비가 내리기 시작했다"}]}
    return {"errors": []}


def shots(out: Path, smoke: bool = False) -> list[Path]:
    """Both palettes in English, then the Korean interface in the dark palette (file names loop-ko-dark-*)."""
    return light_dark_korean(lambda prefix, themes: _shots(out, prefix, themes), smoke)


def _shots(out: Path, prefix: str, palettes: tuple[str, ...]) -> list[Path]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from litlens.app.core.model import Judgment, Span
    from litlens.ui.common import theme
    from litlens.ui.review.export_dialog import ExportDialog
    from litlens.ui.project.new_project import NewProjectDialog
    from litlens.ui.revisions.picker import open_revisions
    from litlens.ui.shell.window import MainWindow

    qapp = QApplication.instance() or QApplication(["litlens-screenshots"])
    tmp = Path(tempfile.mkdtemp(prefix="litlens-loop-"))
    (tmp / "boxes_en.txt").write_text(SOURCE, encoding="utf-8")
    (tmp / "draft_ko.txt").write_text(DRAFT, encoding="utf-8")
    written: list[Path] = []
    with FakeServer(responder) as server:
        window = MainWindow(tmp / "db.sqlite", qsettings=QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
        window.resize(1280, 800)
        window.show()
        window.open_files(tmp / "boxes_en.txt", [tmp / "draft_ko.txt"])
        while window.document.project_id is None:
            pump(qapp, 0.05)
        panel = window.judge_panel
        panel.set_provider("openai")
        panel.base_url.setText(server.openai_base_url)
        panel.select(["gemba-mqm"])
        window.run_actions.run_selected()
        while window.runs.running:
            pump(qapp, 0.05)
        doc = window.document
        start = doc.candidate.text.content.index("다섯")
        extra = Span(judge="consistency", category="accuracy/number", severity="minor", start=start,
                     end=start + 2, quote="다섯", explanation="The source has the number 7 here.")
        doc.set_results(doc.revision, 10**6, [*doc.judgments, Judgment("consistency", "doc", doc.candidate_label,
                                                                       None, spans=[extra])])
        findings = window.results.findings
        # one saved edit, so the revision picker has history to show
        window.pair_view.edit_paragraph(3)
        editor = window.pair_view.text.editor
        editor.widget.setPlainText(editor.widget.toPlainText().replace("시작되었다", "내리기 시작했다"))
        editor.finish(save=True)
        while window.edits.pending or window.revision_note.pending:
            pump(qapp, 0.05)
        (tmp / "draft2_ko.txt").write_text(DRAFT, encoding="utf-8")
        for theme_name in palettes:
            window.set_theme(theme_name)
            name = prefix + theme_name
            window.results.raise_page("findings")
            findings.tree.setCurrentItem(findings.tree.topLevelItem(0))
            pump(qapp)
            written.append(save(window, out / f"loop-{name}-merged.png"))
            menu = window.review_actions.findings_menu()
            menu.popup(findings.tree.viewport().mapToGlobal(findings.tree.visualItemRect(
                findings.tree.topLevelItem(0)).center()))
            pump(qapp)
            written.append(save(window.grab_with_popup(menu) if hasattr(window, "grab_with_popup") else menu,
                                out / f"loop-{name}-apply-menu.png"))
            menu.close()
            window.pair_view.edit_paragraph(1)
            pump(qapp)
            written.append(save(window, out / f"loop-{name}-editing.png"))
            window.pair_view.text.editor.cancel()
            dialog = ExportDialog(doc, window)
            dialog.show()
            pump(qapp)
            written.append(save(dialog, out / f"loop-{name}-export.png"))
            dialog.close()
            picker = open_revisions(window, None, 0)  # the text as opened, compared with the edit
            picker.resize(1000, 640)
            deadline = time.monotonic() + 20
            while (picker.pending or picker.shown.get("number") != 0) and time.monotonic() < deadline:
                pump(qapp, 0.05)
            picker.tabs.setCurrentIndex(2)
            pump(qapp)
            written.append(save(picker, out / f"loop-{name}-revisions.png"))
            picker.close()
            new = NewProjectDialog(window, [str(tmp / "boxes_en.txt"), str(tmp / "draft_ko.txt"),
                                            str(tmp / "draft2_ko.txt")])
            new.label_edit(0).setText("Draft 3")
            new.label_edit(1).setText("Published 1925")
            new.name.setText("Boxes")
            new.source.setText(str(tmp / "moved_en.txt"))  # a file that is not there: the dialog keeps all
            new.show()
            new.accept()
            pump(qapp)
            written.append(save(new, out / f"loop-{name}-new-project.png"))
            new.close()
        theme.apply("light")
        window.close()
    return written


def main(argv: list[str] | None = None) -> int:
    return screenshot_main(shots, HERE.parent / "screenshots", argv)


if __name__ == "__main__":
    raise SystemExit(main())
