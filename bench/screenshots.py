"""Writes PNGs of the LitLens window on the bundled sample, in light and dark palettes and in English and
Korean: the main window (highlights, speech-level badges), the findings list, the scores table, the VERSE
radar, the ranking view, who speaks to whom (the speech-level ledger), the settings dialog and the
learning view.

The results come from real runs into one temporary database: the offline judges, and GEMBA-MQM, DA-MQM,
VERSE and TransEvalnia against the local fake provider server (scripted answers that quote the sample), plus
a few review decisions so the learning view has examples. The window then opens the project and shows
what is stored, exactly as a user reopening it would see it.
Usage: python bench/screenshots.py [OUTDIR] [--smoke]   (default: screenshots/; --smoke: English and the
light palette only, without the review-loop pictures, to check the script runs)
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
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
from qt_shots import pump, save  # noqa: E402

from fakeserver import FakeServer  # noqa: E402


def da_mqm_responder(project):
    """DA-MQM answers built from each request's schema (one ``{"score": n}`` per criterion by default, or
    every criterion at once): Careful's paragraphs score 4-5, the others 2-4, spread by a hash so the
    scores table has texture; a rationale, when the schema asks for one, is a short sentence."""
    import hashlib
    careful = [p.text for p in project.candidate("Careful").text.paragraphs]

    def respond(call):
        props = call.schema["properties"]
        translation = call.user.split("<translation>\n", 1)[-1].split("\n</translation>", 1)[0]
        good = translation.strip() in careful

        def score(key: str) -> int:
            h = int(hashlib.sha256(f"{call.system}{translation}{key}".encode()).hexdigest()[:6], 16)
            return (5 - h % 2) if good else 2 + h % 3
        out = {}
        for key, prop in props.items():
            if prop.get("type") == "integer":
                out[key] = max(prop["minimum"], min(prop["maximum"], score(key)))
            elif prop.get("type") == "object":
                out[key] = {k: "Reads naturally." if good else "Loses a detail." for k in prop["properties"]}
            else:
                out[key] = "Reads naturally." if good else "Loses a detail."
        return out
    return respond


def fill_store(db: Path) -> None:
    """Run every judge the screenshots show on the sample, into ``db``; accept a few findings."""
    from comparison_screenshot import judge_for
    from test_ui_review import quoting_responder
    from verse_modes import sample_responder

    from litlens.app.run import annotations as ann
    from litlens.app.run import service
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.core.sample import load_sample
    from litlens.app.run.store import Store

    project = load_sample()
    store = Store(db)
    texts = {c.label: c.text.content for c in project.candidates}
    with FakeServer() as server:
        settings = ProviderSettings(provider="openai", model="gpt-4o-mini", base_url=server.openai_base_url,
                                    api_key="sk-screenshots", retry_base_delay=0.01, retry_max_delay=0.05)
        plan = [(["honorifics", "consistency", "literalness"], None, {}),
                (["gemba-mqm"], quoting_responder, {}),
                (["da-mqm"], da_mqm_responder(project), {}),
                (["verse"], sample_responder(project), {"verse": {"answer_mode": "per-paragraph"}}),
                (["transevalnia"], judge_for(texts), {"transevalnia": {"method": "two-step", "orders": 3}})]
        for judges, responder, options in plan:
            if responder is not None:
                server.responder = responder
            req = service.RunRequest(project=project, judges=judges, options=options,
                                     provider=settings if responder is not None else None)
            summary = service.execute(req, store)
            print(f"  {', '.join(judges)}: {summary.status}, {summary.progress.done} units, "
                  f"{summary.progress.failed} failed", file=sys.stderr)
            for failure in summary.failures[:3]:  # a responder out of step with a judge shows here first
                print(f"    {failure[:200]}", file=sys.stderr)
    pid = store.save_project(project)
    ids = ann.span_ids(store, pid)
    kept = 0
    for j in store.results_for_project(pid):
        for span in j.spans:
            if j.candidate == "Flawed" and span.located and kept < 4 and span.judge in ("honorifics", "consistency"):
                ann.save(store, ann.Annotation(pid, "Flawed", "accept", span.category, span.severity, span.start,
                                               span.end, span_id=ids[ann.span_key(span, "Flawed")],
                                               judge=span.judge, quote=span.quote, note="Kept while reviewing."))
                kept += 1
    store.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    smoke = "--smoke" in argv
    argv = [a for a in argv if a != "--smoke"]
    out = Path(argv[0]) if argv else HERE.parent / "screenshots"
    tmp = Path(tempfile.mkdtemp(prefix="litlens-shots-"))
    db = tmp / "litlens.db"
    fill_store(db)

    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtWidgets import QApplication

    from litlens.app.core.sample import load_sample
    from litlens.ui.common import i18n
    from litlens.ui.common import theme
    from litlens.ui.learning.view import LearningView
    from litlens.ui.settings.dialog import SettingsDialog
    from litlens.ui.shell.window import MainWindow

    qapp = QApplication.instance() or QApplication(["litlens-screenshots"])
    written: list[Path] = []
    for lang in ("en",) if smoke else ("en", "ko"):
        i18n.install(qapp, lang)
        window = MainWindow(db, qsettings=QSettings(str(tmp / f"{lang}.ini"), QSettings.Format.IniFormat))
        window.resize(1280, 800)
        window.show()
        window.open_project(load_sample())
        deadline = time.monotonic() + 30
        while (window.document.project_id is None or not window.document.annotations) and \
                time.monotonic() < deadline:
            pump(qapp, 0.05)
        window.document.set_candidate("Flawed")
        for name in ("light",) if smoke else ("light", "dark"):
            window.set_theme(name)
            findings = window.results.findings
            window.results.raise_page("findings")
            items = [findings.tree.topLevelItem(i) for i in range(findings.tree.topLevelItemCount())]
            # a dialogue paragraph, so the speech-level badges are in view
            findings.tree.setCurrentItem(next((it for it in items if it.text(1) == "¶2"), items[0]))
            pump(qapp)
            written.append(save(window, out / f"{lang}-{name}-main.png"))
            for key in ("findings", "scores", "radar", "ranking", "levels"):
                window.results.raise_page(key)
                window.resizeDocks([window.results.docks[key]], [560], Qt.Orientation.Vertical)
                if key == "ranking":
                    window.results.ranking.show_paragraph(1)
                pump(qapp)
                if key == "levels":  # who speaks to whom: pair table, timeline, candidates side by side
                    view = getattr(window.results.levels, "view", None)
                    if view is not None and hasattr(view, "tabs"):
                        view.tabs.setCurrentIndex(1)
                        pump(qapp)
                    key = "ledger"
                written.append(save(window, out / f"{lang}-{name}-{key}.png"))
            window.resizeDocks([window.results.docks["findings"]], [300], Qt.Orientation.Vertical)
            window.results.raise_page("findings")
            dialog = SettingsDialog(window.prefs, window)
            dialog.show()
            pump(qapp)
            written.append(save(dialog, out / f"{lang}-{name}-settings.png"))
            dialog.close()
            learning = LearningView(db, window.tasks, window)
            learning.show()
            pump(qapp, 0.5)
            learning.select("level", "해요체")
            pump(qapp)
            written.append(save(learning, out / f"{lang}-{name}-learning.png"))
            learning.close()
        theme.apply("light")
        window.close()
    if not smoke:
        from review_loop_screenshots import shots  # editing, apply, merged rows, export (issue 14)
        written += shots(out)
    for p in written:
        print(p.resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
