"""PNGs of the findings list and its detail pane with what the reviewer's decisions, the judge's samples and
the fix verifier say of each finding (issue 34): the 'Right for you', 'Found' and 'Fix' columns, faded rows
of a judge the reviewer keeps rejecting with the note saying how many the rule hides, and the detail pane's
calibration sentence, 'found in k of N' and the verifier's verdict. Light and dark in English, then the
Korean interface (dark).

Everything runs for real against the local provider server: GEMBA-MQM (asked three times, a finding of one
paragraph missing from the second sample), twelve earlier rejections of its style findings in another
project, and the verifier asked in both orders.
Usage: python bench/judge_checks_screenshots.py [OUTDIR] [--smoke]   (--smoke: light, English only)
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("OPENAI_API_KEY", "sk-screenshots")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from qt_shots import light_dark_korean, pump, save, screenshot_main  # noqa: E402

from fakeserver import FakeServer  # noqa: E402

SOURCE = "\n\n".join(["Seven boxes stood by the door.", "Hanna counted them twice.", "Then she left.",
                      "The rain began."])
DRAFT = "\n\n".join(["문 옆에 상자 다섯 개가 있었다.", "한나는 그것들을 두 번 세었다.", "그리고 그녀는 떠났다.",
                     "비가 시작되었다."])
FINDINGS = {"다섯 개": ("accuracy/mistranslation", "major", "The source says seven.", "일곱 개"),
            "그것들을": ("style/awkwardness", "minor", "A pronoun where the boxes read better.", "상자들을"),
            "그녀는": ("style/awkwardness", "minor", "The name reads better than the pronoun.", "한나는"),
            "비가 시작되었다": ("fluency/grammar", "minor", "Rain does not 'begin' so in Korean.",
                         "비가 내리기 시작했다")}
BETTER = {"일곱 개": True, "상자들을": True, "한나는": False, "비가 내리기": True}


class Responder:
    """GEMBA-MQM's findings (the second asking of a paragraph misses '그녀는'), and the verifier."""

    def __init__(self) -> None:
        self.asked: dict[str, int] = {}

    def __call__(self, call):
        if "Version A" in call.user:
            a = re.search(r"<version-A>\n(.*?)\n</version-A>", call.user, re.DOTALL).group(1)
            fixed, better = next((f, b) for f, b in BETTER.items() if f in call.user)
            return {"reason": "Compared both versions with the source.",
                    "better": "A" if (fixed in a) == better else "B"}
        n = self.asked[call.first_user] = self.asked.get(call.first_user, 0) + 1
        return {"errors": [{"category": c, "severity": s, "quoted_from": "translation", "text": words,
                            "occurrence": None, "explanation": why, "suggestion": fix}
                           for words, (c, s, why, fix) in FINDINGS.items()
                           if words in call.first_user and not (n == 2 and words == "그녀는")]}


def _earlier_decisions(db: Path) -> None:
    """Twelve rejections of GEMBA-MQM's style findings and five kept accuracy findings, in another book."""
    from litlens.app.run import annotations as ann
    from litlens.app.run.store import Store
    from litlens.app.texts import build_project, text_from_string
    store = Store(db)
    other = store.save_project(build_project("another book", text_from_string("One.", "en"),
                                             [("other", text_from_string("하나.", "ko"))]))
    for i, (action, category) in enumerate([("reject", "style/awkwardness")] * 12
                                           + [("accept", "accuracy/mistranslation")] * 5):
        ann.save(store, ann.Annotation(project_id=other, candidate="other", action=action, category=category,
                                       severity="minor", span_id=50_000 + i, judge="gemba-mqm", revision=0))
    store.close()


def _wait(qapp, ready, seconds: float = 60) -> None:
    import time
    end = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > end:
            raise TimeoutError("the window did not get there in time")
        pump(qapp, 0.05)


def _prepared(qapp, tmp: Path, server: FakeServer):
    import dataclasses

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from litlens.app.cli.main import main as cli
    from litlens.ui.shell.window import MainWindow
    db = tmp / "db.sqlite"
    _earlier_decisions(db)
    window = MainWindow(db, qsettings=QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1600, 1000)
    window.show()
    window.apply_settings(dataclasses.replace(window.prefs, calibration="hide"))
    window.open_files(tmp / "boxes_en.txt", [tmp / "draft_ko.txt"])
    _wait(qapp, lambda: window.document.project_id is not None)
    panel = window.judge_panel
    panel.set_provider("openai")
    panel.base_url.setText(server.openai_base_url)
    panel.select(["gemba-mqm"])
    window.run_actions.run_selected()
    _wait(qapp, lambda: not window.runs.running and window.document.runs)
    run_id = window.document.runs[0]["id"]
    cli(["meta-eval", "--run", str(run_id), "--db", str(db), "--samples", "3", "--format", "json"])
    findings = window.results.findings
    window.runs.load_results()
    _wait(qapp, lambda: findings.stability is not None and findings.calibration is not None)
    findings.set_show_hidden(True)
    panel.base_url.setText(server.openai_base_url)
    QMessageBox.question = lambda *a, **k: QMessageBox.StandardButton.Yes  # the estimate's question: yes
    window.fix_actions.check_action.trigger()
    _wait(qapp, lambda: len(findings.fix_checks) >= 4)
    return window, findings


def _shots(out: Path, prefix: str, palettes: tuple[str, ...]) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from litlens.ui.common import theme
    from litlens.ui.review.findings_model import SPAN_ROLE
    qapp = QApplication.instance() or QApplication(["litlens-screenshots"])
    tmp = Path(tempfile.mkdtemp(prefix="litlens-checks-"))
    (tmp / "boxes_en.txt").write_text(SOURCE, encoding="utf-8")
    (tmp / "draft_ko.txt").write_text(DRAFT, encoding="utf-8")
    written: list[Path] = []
    with FakeServer(Responder()) as server:
        window, findings = _prepared(qapp, tmp, server)
        window.results.raise_page("findings")
        from PySide6.QtCore import Qt
        window.resizeDocks([window.results.docks["findings"]], [520], Qt.Orientation.Vertical)
        for theme_name in palettes:
            window.set_theme(theme_name)
            tree = findings.tree
            row = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                       if tree.topLevelItem(i).data(0, SPAN_ROLE).quote == "그녀는")
            tree.setCurrentItem(row)
            pump(qapp)
            written.append(save(window.results.docks["findings"], out / f"checks-{prefix}{theme_name}.png"))
        theme.apply("light")
        window.close()
    return written


def shots(out: Path, smoke: bool = False) -> list[Path]:
    return light_dark_korean(lambda prefix, themes: _shots(out, prefix, themes), smoke)


def main(argv: list[str] | None = None) -> int:
    return screenshot_main(shots, HERE.parent / "screenshots", argv)


if __name__ == "__main__":
    raise SystemExit(main())
