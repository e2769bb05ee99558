"""The pair view's speech-level badges of a run's results are made on the worker that summarises them
(ui/common/tasks.summarize_here), and the GUI thread only hands them out: a book's 27,000 sentences took it
~30 ms when the first run landed. What it hands out is what making them there gives."""

from __future__ import annotations

from litlens.app.core.model import Judgment
from litlens.ui.common import levels
from litlens.ui.common.payloads import payloads_of, prime
from litlens.ui.common.tasks import summarize_here


def _judgments(n: int) -> list[Judgment]:
    sentences = [{"start": 10 * i, "end": 10 * i + 8, "paragraph": i // 3, "level": ("해요체", "해라체", None)[i % 3],
                  "confidence": 0.9, "dialogue": i % 2 == 0, "outdated": i % 7 == 0} for i in range(n)]
    return [Judgment(judge="honorifics", unit="Draft", candidate="Draft", paragraph=None,
                     data={"sentences": sentences, "ledger": [], "turns": [], "unattributed": [], "cast": []})]


def test_badges_made_on_the_worker_are_the_ones_handed_out(monkeypatch):
    judgments = _judgments(3_000)
    summaries = summarize_here(judgments)  # the worker's part
    prime(judgments, summaries)
    made_here: list[int] = []
    real = levels._badges_of
    monkeypatch.setattr(levels, "_badges_of", lambda s: made_here.append(len(s)) or real(s))
    got = levels.badges_for(judgments, "Draft")
    assert not made_here  # nothing made on this (the GUI) thread
    sentences = levels.sentences_for(judgments, "Draft")
    want = {s["start"]: (s["level"], levels.LEVEL_COLOURS[s["level"]]) for s in sentences
            if s["dialogue"] and s["level"] and not s["outdated"]}
    assert got == want and len(got) > 500
    got[0] = ("x", "y")  # a copy: the next caller gets the badges as made
    assert levels.badges_for(judgments, "Draft") == want


def test_results_summarised_here_still_get_their_badges(monkeypatch):
    judgments = _judgments(30)
    payloads_of(judgments)  # summarised on this thread: no badges were made beforehand
    assert levels.badges_for(judgments, "Draft") == levels._badges_of(levels.sentences_for(judgments, "Draft"))
    assert levels.badges_for(judgments, "Other") == {}
    for _ in range(3 * levels._MADE_KEPT):  # the badges kept stay few
        levels.prepare_badges(summarize_here(_judgments(5)))
    assert len(levels._MADE) <= levels._MADE_KEPT
