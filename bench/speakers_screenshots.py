"""PNGs of the speech-level dock on a short story (tests/data/speakers/story_ko.txt) read three ways at once:
the LLM's reading of who speaks (the Speakers (LLM) judge, answered by the local provider server), a line it
would not name ("speaker unknown"), and a line whose speaker the reviewer set ('Set the speaker…', stored
and undoable). Both pages of the dock: the sentences with who says each to whom and where that came from,
and the who-speaks-to-whom ledger with its reading switch. Light and dark in English, then the Korean
interface (dark).

Everything runs for real: the honorifics and Speakers (LLM) judges through the engine into a fresh store,
the correction through the store. Usage: python bench/speakers_screenshots.py [OUTDIR] [--smoke]
(--smoke: light, English only)
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
from qt_shots import light_dark_korean, pump, save, screenshot_main  # noqa: E402

from fakeserver import FakeServer  # noqa: E402

DATA = HERE.parent / "tests" / "data" / "speakers"
# the model's answer by line number; line 12 it names in Latin letters (refused), line 13 it leaves out
ANSWER = {1: ("하나", "할머니"), 2: ("할머니", "하나"), 3: ("하나", "할머니"), 4: ("소라", None),
          5: ("하나", "소라"), 6: ("할머니", "소라"), 7: ("소라", "할머니"), 8: ("할머니", "소라"),
          9: ("소라", "할머니"), 10: ("은결", "하나"), 11: ("하나", "은결"), 12: ("Eungyeol", "소라")}
CORRECTED = "“안녕하세요.”"  # the boy's greeting: the reviewer gives it to 은결, speaking to 소라


def _answer(call) -> dict:
    numbers = [int(n) for n in call.user.rsplit("Numbered lines to answer:", 1)[1].split(",")]
    return {"lines": [{"number": n, "speaker": ANSWER[n][0], "listener": ANSWER[n][1]} for n in numbers
                      if n in ANSWER]}


def _wait(qapp, ready, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > end:
            raise TimeoutError("the dock did not get there in time")
        pump(qapp, 0.05)


def _stored(db: Path, server: FakeServer):
    """The story judged by both judges through the engine; returns the project and its results."""
    from litlens.app.judges import registry
    from litlens.app.judges.speakers_llm import SpeakersLlmJudge
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.run import service
    from litlens.app.run.store import Store
    from litlens.app.texts import build_project, text_from_string
    registry.register_judge(SpeakersLlmJudge)
    project = build_project("A visitor", text_from_string((DATA / "story_en.txt").read_text("utf-8"), "en"),
                            [("Draft", text_from_string((DATA / "story_ko.txt").read_text("utf-8"), "ko"))])
    store = Store(db)
    try:
        provider = ProviderSettings("openai", "gpt-4o-mini", api_key="sk-screenshots-000000",
                                    base_url=server.openai_base_url, timeout=10.0)
        summary = service.execute(service.RunRequest(project, ["honorifics", "speakers-llm"], provider=provider),
                                  store)
        assert summary.status == "done", summary.error
        return project, store.results_for_project(project.id)
    finally:
        store.close()


def _dock(qapp, tmp: Path, server: FakeServer):
    from litlens.ui.common.document import Document
    from litlens.ui.common.payloads import payloads_of
    from litlens.ui.common.tasks import MainThreadBridge, TaskRunner
    from litlens.ui.views import speaker_store
    from litlens.ui.views.speech_levels import SpeechLevelMap
    db = tmp / "db.sqlite"
    project, results = _stored(db, server)
    tasks = TaskRunner(MainThreadBridge())
    document = Document()
    corrections = speaker_store.install(document, db, tasks)
    document.set_project(project)
    document.set_candidate("Draft")
    document.judgments = results
    view = SpeechLevelMap(document)
    view.resize(1180, 720)
    view.show()
    _wait(qapp, lambda: corrections.pending == 0)
    view.set_payload(next(s.payload for s in payloads_of(results) if s.judge == "honorifics"))
    view.choose_reading("llm")
    content = project.candidate("Draft").text.content
    start = content.index(CORRECTED)
    corrections.correct("Draft", start, start + len(CORRECTED), "은결", "소라")
    _wait(qapp, lambda: corrections.pending == 0 and bool(corrections.by_candidate.get("Draft")))
    return view, tasks


def _shots(out: Path, prefix: str, palettes: tuple[str, ...]) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from litlens.ui.common import theme
    qapp = QApplication.instance() or QApplication(["litlens-screenshots"])
    tmp = Path(tempfile.mkdtemp(prefix="litlens-speakers-"))
    written: list[Path] = []
    with FakeServer(_answer) as server:
        view, tasks = _dock(qapp, tmp, server)
        for name in palettes:
            theme.apply(name)
            view.choose_reading("llm")  # drawn again in the palette's inks
            for page, tab in (("sentences", 0), ("ledger", 1)):
                view.tabs.setCurrentIndex(tab)
                pump(qapp)
                written.append(save(view, out / f"speakers-{page}-{prefix}{name}.png"))
        theme.apply("light")
        view.close()
        tasks.shutdown()
    return written


def shots(out: Path, smoke: bool = False) -> list[Path]:
    return light_dark_korean(lambda prefix, themes: _shots(out, prefix, themes), smoke)


def main(argv: list[str] | None = None) -> int:
    return screenshot_main(shots, HERE.parent / "screenshots", argv)


if __name__ == "__main__":
    raise SystemExit(main())
