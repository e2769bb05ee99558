"""The honorifics judge on the bundled sample: every planted slip in the flawed translation, nothing in the careful one."""

from __future__ import annotations

import asyncio
import json

import pytest

from litlens.app.judges.base import JudgeUnavailable, UnitContext
from litlens.app.judges.honorifics import CATEGORY, HonorificsJudge
from litlens.app.judges import registry
from litlens.app.core.model import Project, text_hash
from litlens.app.core.resources import read_resource
from litlens.app.texts import build_project, text_from_string


def _sample_project() -> Project:
    manifest = json.loads(read_resource("samples", "sample.json"))
    source = text_from_string(read_resource("samples", manifest["source"]["file"]), manifest["source"]["language"])
    cands = [(c["label"], text_from_string(read_resource("samples", c["file"]), c["language"]))
             for c in manifest["candidates"]]
    return build_project(manifest["name"], source, cands)


@pytest.fixture(scope="module")
def judged():
    project = _sample_project()
    units = HonorificsJudge().plan(project, {})
    results = {u.key: asyncio.run(u.run(UnitContext(project, {}, None))) for u in units}
    return project, units, results


def test_registered_through_entry_point():
    assert isinstance(registry.get("honorifics"), HonorificsJudge)
    assert "honorifics" not in registry.load_errors()


def test_plan_one_unit_per_korean_candidate(judged):
    project, units, _ = judged
    assert [u.key for u in units] == ["Careful", "Flawed"]
    for u in units:
        assert not u.needs_llm and u.paragraph is None and u.candidate == u.key
        assert u.input_hash == text_hash(project.candidate(u.key).text.content)


def test_careful_translation_has_no_findings(judged):
    _, _, results = judged
    careful = results["Careful"]
    assert careful.status == "ok" and careful.spans == []
    assert careful.scores[0].dimension == "honorific consistency" and careful.scores[0].value == 1.0
    levels = {s["level"] for s in careful.data["sentences"] if s["dialogue"]}
    assert {"하십시오체", "해요체", "하오체", "하게체", "해체"} <= levels
    assert careful.data["narration_level"] == "해라체"


def test_flawed_translation_flags_every_planted_honorific_slip(judged):
    project, _, results = judged
    flawed = results["Flawed"]
    content = project.candidate("Flawed").text.content
    planted = [e for e in json.loads(read_resource("samples", "sample.json"))["deliberate_errors"] if e["honorific"]]
    assert len(planted) >= 3
    for e in planted:
        hits = [s for s in flawed.spans if s.data["kind"] == e["kind"] and e["text"] in s.quote]
        assert hits, f"missed planted slip {e['text']!r}"
        span = hits[0]
        assert span.paragraph == e["paragraph"] and span.data["expected"] == e["expected"]
    assert len(flawed.spans) == len(planted)  # and nothing else
    for s in flawed.spans:
        assert content[s.start:s.end] == s.quote
        assert s.category == CATEGORY and s.judge == "honorifics"
        assert s.severity == ("minor" if s.data["kind"] == "narration-drift" else "major")
        assert len(s.explanation) > 80
    assert flawed.scores[0].value < 1.0
    assert set(flawed.data["paragraph_levels"]) == {str(i) for i in range(8)}


def test_source_analysed_when_korean_and_unavailable_without_korean():
    ko = text_from_string("\"어서 오너라.\" 할머니가 말했다.", "ko")
    en = text_from_string("\"Come in,\" said Grandmother.", "en")
    project = build_project("p", ko, [("EN", en)])
    units = HonorificsJudge().plan(project, {})
    assert [(u.key, u.candidate) for u in units] == [("source", None)]
    result = asyncio.run(units[0].run(UnitContext(project, {}, None)))
    assert result.candidate is None and result.spans == []
    with pytest.raises(JudgeUnavailable, match="no text in this project is Korean"):
        HonorificsJudge().check(build_project("p", en, [("EN2", en)]))


def test_the_rationale_counts_one_sentence_in_the_singular():
    """"1 sentence had a clear speech level", never "1 sentences" (and the plural for more)."""
    def rationale(korean: str) -> str:
        project = build_project("one", text_from_string("She said hello.", "en"),
                                [("Draft", text_from_string(korean, "ko"))])
        unit = HonorificsJudge().plan(project, {})[0]
        return asyncio.run(unit.run(UnitContext(project, {}, None))).scores[0].rationale
    assert rationale('"안녕하세요."').startswith("1 sentence had a clear speech level;")
    assert rationale('"안녕하세요. 반갑습니다."').startswith("2 sentences had a clear speech level;")
