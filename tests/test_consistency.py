"""Consistency judge: each deterministic check on small texts, and the CLI end to end with no key."""

from __future__ import annotations

import json
import subprocess
import sys

from litlens.app.run import service
from litlens.app.consistency import analyse_candidate
from litlens.app.consistency.hangul import are_variants, edit_distance, sounds_like, to_jamo
from litlens.app.consistency.lengths import length_outliers, robust_z
from litlens.app.consistency.numbers import english_numbers, korean_numbers
from litlens.app.consistency.surface import doubled_words, unpaired_marks, untranslated
from litlens.app.consistency.tokens import TextTokens
from litlens.app.judges.consistency import ConsistencyJudge
from litlens.app.core.model import Segment
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = ("Sir Charles Grandison arrived at the inn on a cold evening.\n\n"
          "Grandison asked the keeper for a room and paid twelve shillings.\n\n"
          "The keeper said the road to London was closed by snow.\n\n"
          "Grandison smiled. \u201cThen I shall wait,\u201d he said.\n\n"
          "In the morning Grandison left before anyone woke.")
TRANSLATION = ("찰스 그랜디슨 경은 추운 저녁에 여관에 도착했다.\n\n"
               "그랜디슨은 주인에게 방을 청하고 13실링을 냈다.\n\n"
               "주인은 런던으로 가는 길이 snow and ice 때문에 막혔다고 말했다.\n\n"
               "그란디손은 미소를 지었다. \u201c그럼 기다리겠소.\u201d 그가 말했다.\n\n"
               "아침이 되자 그랜디슨은 아무도 깨기 전에 떠났다.")


def _project(translation: str = TRANSLATION, source: str = SOURCE):
    return build_project("inn", text_from_string(source, "en"),
                         [("Draft", text_from_string(translation, "ko"))])


def test_jamo_decomposition_and_variants():
    assert to_jamo("그랜") == "ㄱㅡㄹㅐㄴ"
    assert edit_distance(to_jamo("그랜디슨"), to_jamo("그란디손")) == 2
    assert are_variants("그랜디슨", "그란디손")
    assert not are_variants("그랜디슨", "주인은") and not are_variants("준", "존")
    assert sounds_like("Grandison", "그랜디슨") and not sounds_like("Grandison", "여관")


def test_report_finds_the_name_variant_the_number_and_the_english_phrase():
    project = _project()
    cand = project.candidates[0]
    report = analyse_candidate(project, cand)
    content = cand.text.content
    by_check = {f.check: f for f in report.findings}
    name = by_check["terms"]
    assert content[name.start:name.end] == "그란디손" and name.category == "terminology/inconsistent"
    assert name.suggestion == "그랜디슨" and name.paragraph == 3
    number = by_check["numbers"]
    assert content[number.start:number.end] == "13" and number.severity == "major"
    assert "12" in number.explanation
    english = by_check["untranslated"]
    assert content[english.start:english.end] == "snow and ice"
    assert english.category == "accuracy/untranslated"
    table = report.term_table["Grandison"]
    assert [(r["text"], r["count"]) for r in table["renderings"]] == [("그랜디슨", 3), ("그란디손", 1)]
    for r in table["renderings"]:
        assert all(content[s:e] == r["text"] for s, e in r["offsets"])
    assert "rule-based fallback" in report.terms.note


def test_number_words_in_english_and_korean():
    assert [n.value for n in english_numbers("twenty-one horses and three hundred men, one by one", 0)] \
        == [21.0, 300.0]
    text = text_from_string("열두 권의 책과 스물다섯 명, 사흘 동안 한 남자가 두 번 왔다.", "ko")
    tokens = TextTokens(text, keep_morphs=True)
    assert sorted(n.value for n in korean_numbers(tokens.morphs[0])) == [2.0, 3.0, 12.0, 25.0]
    assert tokens.numbers[0] == korean_numbers(tokens.morphs[0])  # read once, as the checks take them


def test_a_long_rows_numbers_are_named_briefly_and_kept_whole():
    from litlens.app.consistency.numbers import LISTED, Number, compare_row
    src = [Number(float(v), i, i + 1, True) for i, v in enumerate(range(100, 130))]  # 30 source numbers
    tgt = [Number(7.0, 0, 1, True), Number(8.0, 2, 3, True)]
    found = compare_row(src, tgt, 0, 3, "7 8", 0)
    assert [f.quote for f in found] == ["7", "8"]
    for f in found:  # the explanation names a few of the 30, the finding's data keeps all 30
        assert "100, 101" in f.explanation and f"and {30 - LISTED:,} more" in f.explanation
        assert "129" not in f.explanation and f.data["source_values"] == [float(v) for v in range(100, 130)]
    short = compare_row(src[:2], tgt[:1], 0, 1, "7", 0)
    assert "100, 101." in short[0].explanation and "more" not in short[0].explanation


def test_untranslated_skips_acronyms_and_brands():
    seg = Segment("paragraph", 0, 100, 140, "그는 BBC 뉴스를 보며 iPhone을 만졌다. good night")
    found = untranslated(seg, "latin", "he said good night", 4)
    assert [f.quote for f in found] == ["good night"] and found[0].start == 100 + seg.text.index("good")
    assert found[0].severity == "major"  # copied from the source paragraph


def test_doubled_words_and_unpaired_marks():
    seg = Segment("paragraph", 0, 10, 40, "그 그 사람은 (웃으며 말했다. \u201c그래")
    doubled = doubled_words(seg, 0)
    assert [f.quote for f in doubled] == ["그 그"] and doubled[0].start == 10
    marks = unpaired_marks(seg, 0)
    assert sorted(f.quote for f in marks) == ["(", "\u201c"]
    assert all(seg.text[f.start - 10] == f.quote for f in marks)
    # English convention: an unclosed quote continued by the next paragraph's opening quote is fine
    cont = Segment("paragraph", 1, 0, 20, "\u201cIt was late, I know.")
    assert unpaired_marks(cont, 1, "\u201cBut I came anyway.\u201d") == []
    assert unpaired_marks(Segment("paragraph", 2, 0, 12, "I don\u2019t know"), 2) == []


def test_length_outliers_use_a_robust_z_score():
    rows = [("a" * 100, "b" * (60 + i), i * 100, i * 100 + 60, i) for i in range(8)]
    rows.append(("a" * 100, "b" * 8, 900, 908, 8))
    found = length_outliers(rows)
    assert [(f.paragraph, f.category) for f in found] == [(8, "accuracy/omission")]
    assert robust_z([1.0, 1.0, 1.0]) is None


def test_judge_runs_without_llm_and_summarises(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    summary = service.execute(service.RunRequest(project=_project(), judges=["consistency"]), store)
    assert summary.status == "done"
    results = store.results_for_run(summary.run_id)
    assert len(results) == 1 and results[0].candidate == "Draft"
    spans = results[0].spans
    content = _project().candidates[0].text.content
    assert all(content[s.start:s.end] == s.quote for s in spans if s.data["check"] != "numbers" or s.quote)
    sums = ConsistencyJudge().summarize(results)
    counts = sums[0].data["counts"]["Draft"]
    assert counts["terms"] == 1 and counts["numbers"] == 1 and counts["untranslated"] == 1
    assert "그란디손" in {r["text"] for r in sums[0].data["term_table"]["Draft"]["Grandison"]["renderings"]}


def test_cli_finds_all_three_with_no_key(tmp_path):
    src, tgt = tmp_path / "inn.txt", tmp_path / "inn.ko.txt"
    src.write_text(SOURCE, encoding="utf-8")
    tgt.write_text(TRANSLATION, encoding="utf-8")
    env_free = {k: v for k, v in __import__("os").environ.items()
                if not k.endswith("API_KEY")}
    proc = subprocess.run([sys.executable, "-m", "litlens.app.cli.main", "--db", str(tmp_path / "db.sqlite"), "evaluate",
                           str(src), str(tgt), "--source-lang", "en", "--target-lang", "ko",
                           "--judge", "consistency", "--format", "json"],
                          capture_output=True, text=True, timeout=120, env=env_free)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    spans = [s for r in out["results"] for s in r["spans"]]
    assert {s["data"]["check"] for s in spans} >= {"terms", "numbers", "untranslated"}
    quotes = {s["quote"] for s in spans}
    assert {"그란디손", "13", "snow and ice"} <= quotes
    assert out["summaries"]["consistency"][0]["data"]["counts"]["inn.ko"]["terms"] == 1


def test_every_category_is_in_the_mqm_typology():
    from litlens.app.mqm import typology as mqm
    project = _project(TRANSLATION.replace("미소를", "미소를 미소를").replace("\u201c그럼", "(\u201c그럼"))
    report = analyse_candidate(project, project.candidates[0])
    assert {"doubled", "marks"} <= {f.check for f in report.findings}
    assert all(mqm.is_valid(f.category) for f in report.findings)


def test_bundled_sample_name_variant_and_number_are_caught_and_careful_is_clean():
    import asyncio

    from litlens.app.judges.base import UnitContext
    from litlens.app.judges.consistency import ConsistencyJudge
    from litlens.app.core.sample import load_sample
    project = load_sample()
    judge = ConsistencyJudge()
    found = {}
    for unit in judge.plan(project, judge.Options()):
        j = asyncio.run(unit.run(UnitContext(project, judge.Options(), None)))
        found[j.candidate] = j.spans
    assert found["Careful"] == []
    flawed = project.candidate("Flawed").text.content
    quotes = {flawed[s.start:s.end] for s in found["Flawed"]}
    assert "미레" in quotes and "스물한" in quotes


def test_a_name_is_never_rendered_by_a_number_word_or_a_verb_that_sounds_like_it():
    """Mrs. Han is 한 할멈 in the sample, a word Kiwi reads as the determiner 한 (one): no noun renders her,
    so the term table has no row for her rather than a wrong one — not 하나 (one, of 사내 하나가), which
    shares her paragraphs, nor 않 (of 않았다). Joon and Mirae, read as nouns, keep their renderings."""
    from litlens.app.core.sample import load_sample
    project = load_sample()
    for label in ("Careful", "Flawed"):
        table = analyse_candidate(project, project.candidate(label)).term_table
        assert "Han" not in table, table.get("Han")
        assert [r["text"] for r in table["Joon"]["renderings"]] == ["준"]
        assert "미래" in [r["text"] for r in table["Mirae"]["renderings"]]
