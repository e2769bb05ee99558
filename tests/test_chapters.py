"""A book in chapters: headings found in one file, chapter files paired by natural name order (a count
mismatch is an error), one project whose chapters survive the store, per-chapter scorecards computed by
hand, `litlens evaluate SOURCE_DIR TRANSLATION_DIR` with one summary per chapter and in all, and the
whole-text analysers (names and terms; speech levels) reading across chapters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litlens.app.cli.main import EXIT_INPUT, EXIT_OK, main
from litlens.app.mqm.profiles import load_profile
from litlens.app.mqm.scorecard import Finding, candidate_scorecards, chapter_scorecards, count_words
from litlens.app.reports.collect import collect
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string
from litlens.app.texts.chapters import (Chapter, ChapterError, candidate_chapter, chapter_files,
                                        chapter_project, chapters_of, heading_chapters, is_heading)

EN = {"ch1.txt": "Chapter 1\n\nMina met the keeper at the inn.",
      "ch2.txt": "Chapter 2\n\nMina asked the keeper again.\n\nHe said no.",
      "ch10.txt": "Chapter 10\n\nMina left the inn at dawn."}
KO = {"1.txt": "제1장\n\n미나는 여관에서 관리인을 만났다.",
      "2.txt": "제2장\n\n미나는 관리인에게 다시 물었다.\n\n그는 아니라고 했다.",
      "10.txt": "제10장\n\n민아는 새벽에 여관을 떠났다."}


def _book(tmp_path: Path, ko=KO) -> tuple[Path, Path]:
    en, kr = tmp_path / "en", tmp_path / "ko"
    en.mkdir()
    kr.mkdir()
    for name, text in EN.items():
        (en / name).write_text(text, encoding="utf-8")
    for name, text in ko.items():
        (kr / name).write_text(text, encoding="utf-8")
    return en, kr


@pytest.mark.parametrize("line", ["Chapter 3", "CHAPTER IV", "Chapter Twelve", "제3장", "제 12 장 귀향", "3장",
                                  "第三章", "# The Inn", "Part 2"])
def test_headings(line):
    assert is_heading(line)


@pytest.mark.parametrize("line", ["Chapter and verse were quoted.", "3장의 종이를 샀다는 말을 했고 그 뒤로 한참을 걸었다",
                                  "#hashtag", "Chapter 3\nand more", "Chapter 3 " + "x" * 90])
def test_not_headings(line):
    assert not is_heading(line)


def test_heading_chapters_from_one_file():
    text = text_from_string("A Title\n\nChapter 1\n\nOne.\n\nTwo.\n\nChapter 2\n\nThree.", "en")
    assert heading_chapters(text) == [Chapter("—", 0), Chapter("Chapter 1", 1), Chapter("Chapter 2", 4)]
    assert heading_chapters(text_from_string("Chapter 1\n\nOnly one heading.", "en")) == []


def test_folders_pair_by_natural_order_and_survive_the_store(tmp_path):
    en, ko = _book(tmp_path)
    assert [p.name for p in chapter_files(en)] == ["ch1.txt", "ch2.txt", "ch10.txt"]
    project = chapter_project("Book", chapter_files(en), [("ko", chapter_files(ko))])
    assert project.chapters == [Chapter("ch1", 0), Chapter("ch2", 2), Chapter("ch10", 5)]
    assert candidate_chapter(project, "ko", project.chapters) == [0, 0, 1, 1, 1, 2, 2]
    store = Store(tmp_path / "db.sqlite")
    pid = store.save_project(project)
    assert store.load_project(pid).chapters == project.chapters
    (ko / "10.txt").unlink()
    with pytest.raises(ChapterError, match="3 source chapter files but 2 for ko"):
        chapter_project("Book", chapter_files(en), [("ko", chapter_files(ko))])


def test_chapter_scorecards_by_hand():
    src = "Chapter 1\n\nOne two three four.\n\nChapter 2\n\nFive six seven eight nine ten."
    tgt = "1장\n\n하나 둘 셋 넷.\n\n2장\n\n다섯 여섯 일곱 여덟 아홉 열."
    project = build_project("B", text_from_string(src, "en"), [("ko", text_from_string(tgt, "ko"))])
    assert [c.first for c in chapters_of(project)] == [0, 2]
    text = project.candidate("ko").text
    at = text.content.index("여섯")
    findings = {"ko": [Finding("accuracy/mistranslation", "major", "open", at, at + 2),
                       Finding("fluency/grammar", "minor", "open", None, None, paragraph=1)]}
    profile = load_profile("mqm-core")  # source words; minor 1, major 5
    cards = chapter_scorecards(project, findings, profile, include_all=True)
    assert [(c.part, c.words, c.points) for c in cards] == [("Chapter 1", 6, 1.0), ("Chapter 2", 8, 5.0),
                                                           ("", 14, 6.0)]
    assert cards[0].score == pytest.approx(100 * (1 - 1 / 6)) and cards[1].score == pytest.approx(100 * (1 - 5 / 8))
    assert cards[2].as_data() == candidate_scorecards(project, findings, profile, True)[0].as_data()
    assert count_words(src) == 14


def test_evaluate_a_folder_with_one_summary(tmp_path, db_path, capsys):
    en, ko = _book(tmp_path)
    assert main(["evaluate", str(en), str(ko), "--judge", "consistency", "--option",
                 "consistency.spacy_model=", "--quiet"]) == EXIT_OK
    out = capsys.readouterr().out
    summary = out[out.index("== chapters:"):].splitlines()
    assert [line.split()[:2] for line in summary[3:]] == [["ko", "ch1"], ["ko", "ch2"], ["ko", "ch10"],
                                                          ["ko", "(all)"]]
    # the name rendered 미나 in chapters 1 and 2 and 민아 in chapter 10 is found across chapters
    store = Store(db_path)
    run = store.list_runs()[0]
    data = collect(store, run["id"])
    names = [i for i in data.issues if i.check in ("names", "name", "terms") or "민아" in i.quote]
    assert names and all(i.quote == "민아" for i in names)
    assert [line.split()[3] for line in summary[3:]] == ["0", "0", str(len(names)), str(len(names))]
    (ko / "10.txt").unlink()
    assert main(["evaluate", str(en), str(ko), "--judge", "consistency", "--quiet"]) == EXIT_INPUT
    assert "3 source chapter files but 2 for ko" in capsys.readouterr().err


def test_whole_text_judges_read_every_chapter(tmp_path):
    en, ko = _book(tmp_path)
    project = chapter_project("Book", chapter_files(en), [("ko", chapter_files(ko))])
    units = service.plan(service.RunRequest(project=project, judges=["consistency", "honorifics"]))
    # one unit per translation over the whole book (not one per chapter): a character is followed across
    assert sorted((u.unit.judge, u.unit.paragraph) for u in units) == [("consistency", None), ("honorifics", None)]
    assert json.dumps([c.as_data() for c in project.chapters])


def test_speech_level_ledger_follows_a_pair_across_chapters(tmp_path):
    """The sample story cut into three chapter files per language: the honorifics judge reads the book as
    one text, so its ledger is the unsplit story's, and 할멈 → 준 (도련님, as she calls him: 해요체 in chapter 1,
    해체 in chapter 3) is one pair whose change of level is flagged across the chapters."""
    from litlens.app.core.sample import load_sample
    sample = load_sample()
    src, tgt = sample.source.paragraphs, sample.candidate("Flawed").text.paragraphs
    en, ko = tmp_path / "en", tmp_path / "ko"
    en.mkdir()
    ko.mkdir()
    for n, (a, b) in enumerate([(0, 3), (3, 6), (6, len(src))], 1):
        (en / f"chapter-{n}.txt").write_text("\n\n".join(p.text for p in src[a:b]), encoding="utf-8")
        (ko / f"chapter-{n}.txt").write_text("\n\n".join(p.text for p in tgt[a:b]), encoding="utf-8")
    book = chapter_project("Book", chapter_files(en), [("Flawed", chapter_files(ko))])
    whole = build_project("Story", sample.source, [("Flawed", sample.candidate("Flawed").text)])

    def ledger(project, db):
        store = Store(tmp_path / db)
        run = service.execute(service.RunRequest(project=project, judges=["honorifics"]), store).run_id
        [j] = store.results_for_run(run)
        return {(p["speaker"], p["listener"]): ([(t["paragraph"], t["level"]) for t in p["turns"]],
                                                [(c["paragraph"], c["flagged"]) for c in p["changes"]])
                for p in j.data["ledger"]}
    got = ledger(book, "book.db")
    assert got == ledger(whole, "whole.db")
    turns, changes = got[("할멈", "준")]
    of_para = candidate_chapter(book, "Flawed", book.chapters)
    assert {of_para[p] for p, _level in turns} == {0, 2} and (7, True) in changes


REF = {"r1.txt": "제1장\n\n미나는 여관에서 주인을 만났다.",
       "r2.txt": "제2장\n\n미나는 주인에게 또 물었다.\n\n그는 싫다고 했다.",
       "r10.txt": "제10장\n\n미나는 동틀 녘에 여관을 나섰다."}


def test_evaluate_a_folder_with_a_reference_folder(tmp_path, db_path, capsys):
    """--ref REF_DIR: the reference chapters are paired with the source's by name order, like the
    translation's, so each reference paragraph is aligned to its own chapter's source."""
    en, ko = _book(tmp_path)
    ref = tmp_path / "ref"
    ref.mkdir()
    for name, text in REF.items():
        (ref / name).write_text(text, encoding="utf-8")
    assert main(["evaluate", str(en), str(ko), "--ref", str(ref), "--judge", "reference-metrics",
                 "--quiet"]) == EXIT_OK
    store = Store(db_path)
    run = store.list_runs()[0]
    project = store.load_project(run["project_id"])
    assert project.reference.content == "\n\n".join(REF[n] for n in ("r1.txt", "r2.txt", "r10.txt"))
    assert [(p.source, p.target) for p in project.reference_alignment.pairs] == [((k,), (k,)) for k in range(7)]
    [doc] = [j for j in store.results_for_run(run["id"]) if j.paragraph is None]
    chrf = next(s.value for s in doc.scores if s.dimension == "chrF")
    assert 0 < chrf < 100  # the reference was read: close to the translation but not the same words
    assert doc.data["paragraphs"] == 7 and doc.data["without_reference"] == []
    # a reference folder with a chapter missing is refused by name, as a translation folder is
    (ref / "r10.txt").unlink()
    assert main(["evaluate", str(en), str(ko), "--ref", str(ref), "--judge", "reference-metrics",
                 "--quiet"]) == EXIT_INPUT
    assert "3 source chapter files but 2 for the reference" in capsys.readouterr().err
    # a single reference file cannot be cut into the source's chapters
    assert main(["evaluate", str(en), str(ko), "--ref", str(ref / "r1.txt"), "--judge", "reference-metrics",
                 "--quiet"]) == EXIT_INPUT
    assert "--ref is a folder of reference chapter files" in capsys.readouterr().err
    store.close()
