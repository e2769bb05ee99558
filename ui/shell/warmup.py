"""Background warm-up after the window is shown: import the SDK of the provider chosen in the judge panel
and the parsers a run will need, then freeze the garbage collector's view of everything loaded so far.

Only the chosen provider's SDK: importing both took about three seconds of the GIL (anthropic alone two),
which the GUI thread then waited on in slices, and a user of one provider never needs the other; choosing
another provider later imports its SDK on the run's own thread.

Why: importing the openai/anthropic SDKs creates hundreds of thousands of long-lived objects, and every
full (generation 2) collection then walks them all while holding the GIL — pauses of 150–350 ms that
freeze the GUI thread in the middle of a run. ``gc.freeze()`` moves what exists to a permanent
generation that collections skip, so later collections only see the run's own objects.

Automatic collection is paused while the imports run: they allocate so much that the collector would
otherwise start several full collections of the half-built heap on the way (100–220 ms each, measured
by bench/first_run_latency.py), and for the same reason there is no ``gc.collect()`` before the freeze;
the little garbage the imports leave is frozen with the rest.

The system keyring's backends are found too (``keyring.get_keyring``): finding them imports modules such
as secretstorage and jeepney, which otherwise happened on the run's thread when the run read its key,
holding the GIL in the first seconds of the run (bench/ui_latency.py traced a 35-60 ms GUI gap there).
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QPointF, QTimer
from PySide6.QtGui import QFont, QImage, QPainter

from litlens.app.core.heap import kept_for_good
from litlens.ui.pair.paint import badge_format, format_range, highlight_format, lay_out

log = logging.getLogger(__name__)
# Start after the window has shown AND had time to open what it was started with (a project named on the
# command line, the sample): the imports hold the GIL in bursts, and on top of the first layout and paint
# of a project they made the open's GUI gaps 150-300 ms (bench/first_run_latency.py). A run started
# before then imports what it needs itself.
DELAY_MS = 1500
RETRY_MS = 1000  # while a run is going, the warm-up waits: its imports would compete with the run's views
# ... and until this long after the window last showed a project or results (TaskRunner.quiet): a run
# that had just ended let the SDK's import (0.5-0.7 s of the GIL in slices) start as its results landed,
# a 79 ms GUI gap (bench/first_run_latency.py --stacks, opened at once)
SETTLE_S = 1.0
HEAVY = ("litlens.app.llm.factory", "litlens.app.llm.client", "litlens.app.texts", "litlens.app.mqm.spans")
SDK_MODULES = {"openai": "litlens.app.llm.openai_provider", "compat": "litlens.app.llm.openai_provider",
               "anthropic": "litlens.app.llm.anthropic_provider"}


def modules_for(provider: str | None) -> tuple[str, ...]:
    """What a run with ``provider`` (an id, or None/offline) will import: the common modules and its SDK."""
    sdk = SDK_MODULES.get(provider or "")
    return HEAVY + ((sdk,) if sdk else ())


def warm_up(provider: str | None = None) -> bool:
    """Import what runs with ``provider`` need and freeze the heap; True when every import succeeded."""
    ok = True
    with kept_for_good():
        for name in modules_for(provider):
            try:
                importlib.import_module(name)
            except Exception:  # a missing optional SDK is reported when a run needs it, not here
                log.warning("warm-up could not import %s", name, exc_info=True)
                ok = False
        try:
            from litlens.app.llm.keys import keyring_status
            keyring_status()  # loads the keyring's backends (their imports), reads no key
        except Exception:  # a broken keyring is reported when a key is needed, not here
            log.warning("warm-up could not load the keyring's backends", exc_info=True)
            ok = False
    return ok


# A line in each script a pair is likely to show: the first text laid out and painted in a script pays for
# finding its font, loading it and starting its shaper (8 ms for the first English paragraphs, 3.5 ms for
# the first Korean ones; 0.1-0.2 ms each after that), which otherwise landed on the first open of a project.
SCRIPTS_SAMPLE = ("The quick brown fox, “jumps” — over 12 lazy dogs; isn’t it? "
                  "다람쥐 헌 쳇바퀴에 타고파. “그래요?” 漢字 ひらがな カタカナ 中文标点。\u2009…")
TEXT_DELAY_MS = 300  # after the window shows: it is idle then, and a user has not clicked yet
STEP_MS = 15  # between two steps of the text warm-up: each is a few ms, so the window stays responsive
HANGUL_STEP = 150  # syllables shaped and drawn per step (about 4 ms)


def common_hangul() -> str:
    """The 2,350 Hangul syllables of KS X 1001 (EUC-KR), which cover nearly all Korean text.

    A syllable's glyph is shaped and rasterised the first time it is drawn in a font, about 20 µs each:
    a Korean paragraph's first paint paid 3–7 ms for it, on the first open of a project."""
    return "".join(bytes((hi, lo)).decode("euc-kr") for hi in range(0xB0, 0xC9) for lo in range(0xA1, 0xFF))


def text_steps(fonts: list[QFont]) -> Iterator[Callable[[QPainter], None]]:
    """The text warm-up as small steps, each laying out and drawing one piece of text as the pair view
    does (GUI thread): SCRIPTS_SAMPLE in each of ``fonts`` plain, italic, and with a speech-level badge
    and a finding's highlight (a smaller demi-bold font and underlines, separate fonts to Qt); then the
    common Hangul syllables in the first font (the one texts are read in)."""
    def piece(text: str, font: QFont, formats: list) -> Callable[[QPainter], None]:
        def step(painter: QPainter) -> None:
            layout, _ = lay_out(text, font, 400.0, formats)
            layout.draw(painter, QPointF(0, 0))
        return step
    for font in fonts:
        marked = [format_range(0, 4, badge_format("#5b6b7f", font)),
                  format_range(8, 6, highlight_format("major"))]
        italic = QFont(font)
        italic.setItalic(True)
        for styled, formats in ((font, []), (italic, []), (font, marked)):
            yield piece(SCRIPTS_SAMPLE, styled, formats)
    if fonts:
        syllables = common_hangul()
        for i in range(0, len(syllables), HANGUL_STEP):
            chunk = syllables[i:i + HANGUL_STEP]
            yield piece(" ".join(chunk[j:j + 5] for j in range(0, len(chunk), 5)), fonts[0], [])


def schedule_text(window: Any, fonts: Any) -> None:
    """Run ``text_steps(fonts())`` TEXT_DELAY_MS after ``window`` is built, one step every STEP_MS;
    ``window.text_warmed`` turns True when they are done. ``when_text_warmed`` starts them at once."""
    # the format of the windows' backing store, so the glyphs land in the cache their paints use (drawn
    # into a translucent image, the pair view's first paint still spent twice as long drawing its text)
    image = QImage(400, 400, QImage.Format.Format_RGB32)
    timer = QTimer(window)
    timer.setInterval(STEP_MS)
    steps: list[Iterator[Callable[[QPainter], None]]] = []
    window.text_warmed = False
    window._text_waiting = []  # callbacks for when the steps are done

    def tick() -> None:
        step = next(steps[0], None)
        if step is None:
            timer.stop()
            window.text_warmed = True
            waiting, window._text_waiting = window._text_waiting, []
            for then in waiting:
                then()
            return
        painter = QPainter(image)
        try:
            step(painter)
        finally:
            painter.end()

    def start() -> None:
        if not steps:
            steps.append(text_steps(fonts()))
            timer.timeout.connect(tick)
            timer.start()
    window._text_start = start
    QTimer.singleShot(TEXT_DELAY_MS, window, start)


def when_text_warmed(window: Any, then: Callable[[], None]) -> None:
    """Call ``then`` once the text warm-up is done (at once when it is, or the window has none), starting
    the warm-up now if it has not started: a project opened in a window's first moments (files named on
    the command line) is shown after it, in a few short steps, instead of in one long first paint that
    loads fonts and shapes every new glyph (60-80 ms)."""
    if getattr(window, "text_warmed", True):
        then()
        return
    window._text_waiting.append(then)
    window._text_start()


def schedule(window: Any) -> None:
    """Warm up ``window``'s process DELAY_MS after it is built, at a moment when no run is going (checked
    again every RETRY_MS); ``window.warmed_up`` turns True when it is done."""
    window.warmed_up = False
    schedule_text(window, lambda: [window.pair_view.reading_font(), window.font()])

    def done(_ok: bool) -> None:
        window.warmed_up = True

    def attempt() -> None:
        if window.runs.running:
            QTimer.singleShot(RETRY_MS, window, attempt)
            return
        settled = window.tasks.quiet.quiet_for()
        if settled < SETTLE_S:  # a project or results were just shown: their views are still being made
            QTimer.singleShot(int((SETTLE_S - settled) * 1000) + 1, window, attempt)
            return
        provider = window.judge_panel.provider_name()  # only its SDK: the other one is seconds of the GIL
        window.tasks.submit(lambda: warm_up(provider), done, lambda _exc: done(False))
    QTimer.singleShot(DELAY_MS, window, attempt)
