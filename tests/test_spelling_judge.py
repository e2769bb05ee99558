"""The Korean spelling judge through the engine and the review loop: registered like every judge, one unit per
Korean translation, minor Fluency › Punctuation/Spelling findings at their words, and a finding applied
with its correction becomes a revision after which the judge finds nothing there."""

from __future__ import annotations

import pytest

from litlens.app.explanations import renders_as
from litlens.app.judges import registry
from litlens.app.judges.base import JudgeUnavailable
from litlens.app.judges.spelling import CATEGORY, SpellingJudge
from litlens.app.mqm.typology import is_valid
from litlens.app.run import annotations as ann
from litlens.app.run import corrections, revisions, service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "\"Can you do it?\" he asked.\n\nShe had been waiting for days.\n\nThe rain stopped."
DRAFT = "\"자네가 그 일을 해낼수 있겠나?\" 그가 물었다.\n\n그녀는 몇일 동안 기다렸다.\n\n비가 그쳤다."


def _project(draft: str = DRAFT, language: str = "ko"):
    return build_project("rain", text_from_string(SOURCE, "en"), [("Draft", text_from_string(draft, language))])


def test_registered_and_carded():
    judge = registry.get("spelling")
    assert isinstance(judge, SpellingJudge) and "spelling" not in registry.load_errors()
    assert not judge.needs_llm and judge.protocol is not None
    card = "\n".join(judge.protocol.lines(judge.prompt_version))
    assert "no paper" in card and "Kiwi.space" in card and "typos='basic'" in card
    assert is_valid(CATEGORY)


def test_no_korean_translation_no_run():
    with pytest.raises(JudgeUnavailable, match="Korean"):
        SpellingJudge().plan(_project("He asked if I could do it.", "en"), SpellingJudge.Options())


def test_runs_through_the_engine_and_its_finding_applies_through_the_review_loop(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = _project()
    summary = service.execute(service.RunRequest(project=project, judges=["spelling"]), store)
    assert summary.status == "done"
    [result] = store.results_for_run(summary.run_id)
    assert result.candidate == "Draft" and result.status == "ok"
    content = project.candidate("Draft").text.content
    by_quote = {s.quote: s for s in result.spans}
    assert set(by_quote) == {"해낼수", "몇일"}
    for s in result.spans:
        assert content[s.start:s.end] == s.quote
        assert s.category == CATEGORY and s.severity == "minor"
        assert renders_as(s.data, s.explanation) and s.suggestion in s.explanation
    assert by_quote["해낼수"].suggestion == "해낼 수" and by_quote["해낼수"].data["kind"] == "spacing"
    assert by_quote["몇일"].suggestion == "며칠" and by_quote["몇일"].data["kind"] == "spelling"
    assert SpellingJudge().summarize([result])[0].rows == [["Draft", "1", "1", str(len(content.split()))]]

    # the reviewer applies the spacing fix from the current findings, as the window does
    pid = project.id
    current = {s.quote: s for j in revisions.current_judgments(store, pid, project) for s in j.spans}
    span = current["해낼수"]
    assert corrections.can_apply(span)
    sid = ann.span_ids(store, pid)[ann.span_key(span, "Draft")]
    done = corrections.apply_correction(store, pid, "Draft", project.candidate("Draft").text, span, sid)
    assert "해낼 수 있겠나" in done.text.content and done.annotation.action == "accept"
    reloaded = store.load_project(pid)
    assert reloaded.candidate("Draft").text.content == done.text.content
    # a new run on the revised text finds only the other error
    again = service.execute(service.RunRequest(project=reloaded, judges=["spelling"]), store)
    [after] = store.results_for_run(again.run_id)
    assert [s.quote for s in after.spans] == ["몇일"]
