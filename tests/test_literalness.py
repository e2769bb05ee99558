"""Literalness: lexical overlap between candidates (sacreBLEU's standard tokenizer by default, Kiwi
morphemes as an option), the paper's own figures reproduced (seed 002, Tables 13–14), the absent-parser
path, the tree kernel behind syntactic similarity, and the CLI with no API key."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Doc

from litlens.app.run import service
from litlens.app.judges.base import JudgeUnavailable
from litlens.app.judges.literalness import (
    LiteralnessJudge,
    document_similarity,
    overlap,
    scorer,
    sentence_similarity,
    system_overlap,
    tokenise,
)
from litlens.app.metrics.correlation import spearman_rho
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "The old man walked slowly to the river.\n\nHe sat down and waited."
A = "노인은 천천히 강으로 걸어갔다.\n\n그는 앉아서 기다렸다."
B = "노인은 천천히 강으로 걸어갔다.\n\n그는 앉아서 기다렸다."  # same as A
C = "늙은이가 느릿느릿 냇가로 향했다.\n\n주저앉아 하염없이 때를 기다렸다."


def test_korean_tokens_are_kiwi_morphemes_and_overlap_is_bleu():
    assert tokenise("그는 갔다.", "ko") == ("그", "는", "가", "었", "다", ".")
    assert tokenise("Don't stop", "en") == ("Don", "'", "t", "stop")
    assert tokenise("我爱你", "zh") == ("我", "爱", "你")
    assert overlap("a b c d", "a b c d", "en") == pytest.approx(100)
    assert overlap("a b c d", "w x y z", "en") < 10
    assert overlap("", "a", "en") == 0


def test_default_is_sacrebleus_standard_tokenizer_for_the_target_language():
    assert scorer("en")[2] == "sacreBLEU 13a" and scorer("de")[2] == "sacreBLEU 13a"
    assert scorer("zh")[2] == "sacreBLEU zh"
    assert scorer("ko", "morphemes")[2] == "Kiwi morphemes"
    assert overlap("It cost $5.", "It cost $5.", "en") == pytest.approx(100)
    # Korean: ko-mecab when sacrebleu[ko] is installed; otherwise our morphemes, and the result says so
    name = scorer("ko")[2]
    assert name == "sacreBLEU ko-mecab" or ("Kiwi morphemes" in name and "sacrebleu[ko]" in name)


DIV = Path(__file__).parent / "data" / "literalness" / "death_in_venice.json"


def test_reproduces_the_papers_lexical_overlap_column(tmp_path):
    """Seed 002, App. F.7 (Tables 13–14): the eleven translations of one Death in Venice paragraph and
    the paper's lexical overlap of each with all the others, recomputed by the judge itself."""
    data = json.loads(DIV.read_text(encoding="utf-8"))
    systems = data["systems"]
    assert len(systems) == 11
    project = build_project("venice", text_from_string(data["source"], "de"),
                            [(s["system"], text_from_string(s["translation"], "en")) for s in systems])
    store = Store(tmp_path / "db.sqlite")
    summary = service.execute(service.RunRequest(project=project, judges=["literalness"]), store)
    assert summary.progress.failed == 0
    ours = {j.candidate: j.data["overlap"] for j in store.results_for_run(summary.run_id)}
    assert {j.data["tokens"] for j in store.results_for_run(summary.run_id)} == {"sacreBLEU 13a"}
    # the judge and the F.6 formula written out agree
    direct = system_overlap({s["system"]: [s["translation"]] for s in systems}, "en")
    assert ours == pytest.approx(direct)
    paper = [s["lexical_overlap"] for s in systems]
    mine = [ours[s["system"]] for s in systems]
    rho = spearman_rho(paper, mine)
    mad = sum(abs(p - o) for p, o in zip(paper, mine)) / len(paper)
    table = "\n".join([f"{'system':<20}{'paper':>7}{'ours':>7}"]
                      + [f"{s['system']:<20}{p:>7.1f}{o:>7.1f}" for s, p, o in zip(systems, paper, mine)]
                      + [f"Spearman rho {rho:.3f}, mean |diff| {mad:.2f} BLEU"])
    print("\n" + table)
    assert rho is not None and rho >= 0.95, table
    assert mad < 1.0, table


def test_judge_ranks_the_distinct_translation_lowest(tmp_path):
    project = build_project("p", text_from_string(SOURCE, "en"), [
        ("A", text_from_string(A, "ko")), ("B", text_from_string(B, "ko")), ("C", text_from_string(C, "ko"))])
    store = Store(tmp_path / "db.sqlite")
    summary = service.execute(service.RunRequest(project=project, judges=["literalness"],
                                                 options={"literalness": {"tokenizer": "morphemes"}}), store)
    results = store.results_for_run(summary.run_id)
    assert summary.progress.failed == 0 and len(results) == 3
    by = {j.candidate: j for j in results}
    assert by["A"].data["pairwise"]["B"] == pytest.approx(100)
    # A: mean over passages of the mean of (BLEU vs B = 100, BLEU vs C)
    assert by["A"].data["overlap"] == pytest.approx((100 + by["A"].data["pairwise"]["C"]) / 2)
    assert by["C"].data["overlap"] < by["A"].data["overlap"]
    passages = by["A"].data["passages"]
    assert by["A"].scores[0].rationale == f"mean BLEU against 2 other candidates over {passages} passages"
    assert by["C"].data["syntactic_similarity"] is None and "no dependency parser" in by["C"].data["syntax_note"]
    sums = LiteralnessJudge().summarize(results)
    assert [r[0] for r in sums[0].rows] == ["C", "A", "B"] and "n/a" in sums[0].title


def test_needs_two_candidates():
    project = build_project("p", text_from_string(SOURCE, "en"), [("A", text_from_string(A, "ko"))])
    with pytest.raises(JudgeUnavailable, match="two candidates"):
        LiteralnessJudge().check(project)


def _doc(words, heads, pos):
    return Doc(spacy.blank("xx").vocab, words=words, heads=heads, pos=pos, deps=["dep"] * len(words))


def test_tree_kernel_similarity_on_hand_built_parses():
    same = _doc(["he", "sat", "down"], [1, 1, 1], ["PRON", "VERB", "ADP"])
    alike = _doc(["그", "앉았다", "조용히"], [1, 1, 1], ["PRON", "VERB", "ADV"])
    assert sentence_similarity(same[:], same[:]) == pytest.approx(1.0)
    assert 0 < sentence_similarity(same[:], alike[:]) < 1
    assert document_similarity([same[:]], [same[:], alike[:]]) < 1


def test_cli_prints_overlap_for_three_candidates_without_a_key(tmp_path):
    (tmp_path / "src.txt").write_text(SOURCE, encoding="utf-8")
    for name, text in (("a", A), ("b", B), ("c", C)):
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env["LITLENS_DB"] = str(tmp_path / "cli.db")
    proc = subprocess.run(
        [sys.executable, "-m", "litlens.app.cli.main", "evaluate", str(tmp_path / "src.txt"), "--candidate",
         f"Alpha={tmp_path / 'a.txt'}", "--candidate", f"Beta={tmp_path / 'b.txt'}", "--candidate",
         f"Gamma={tmp_path / 'c.txt'}", "--judge", "literalness", "--quiet", "--source-lang", "en",
         "--target-lang", "ko"], check=False, capture_output=True, text=True, env=env,
        timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "lexical overlap with the other candidates" in out and "pairwise overlap" in out
    for label in ("Alpha", "Beta", "Gamma"):
        assert label in out
    assert "no dependency parser" in out
