"""The reference-metrics judge: BLEU, chrF and TER per paragraph and per document equal sacreBLEU's own
figures for the same texts (sacreBLEU is the oracle), offline and without a provider."""

from __future__ import annotations

import pytest
import sacrebleu

from litlens.app.judges.base import JudgeUnavailable
from litlens.app.judges.options import OptionError
from litlens.app.judges.reference_metrics import ReferenceMetricsJudge
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "Der Hund schlief.\n\nDie Katze sah zu.\n\nEs regnete."
REFERENCE = "The dog was asleep.\n\nThe cat watched.\n\nIt was raining."
CLOSE = "The dog was asleep.\n\nThe cat was watching.\n\nIt rained."
FAR = "A hound slept.\n\nThe feline observed.\n\nRain fell."


def _project(reference: str | None = REFERENCE):
    ref = text_from_string(reference, "en") if reference else None
    return build_project("dog", text_from_string(SOURCE, "de"),
                         [("Close", text_from_string(CLOSE, "en")), ("Far", text_from_string(FAR, "en"))], ref)


def _run(tmp_path, options=None):
    store = Store(tmp_path / "db.sqlite")
    summary = service.execute(service.RunRequest(project=_project(), judges=["reference-metrics"],
                                                 options={"reference-metrics": options or {}}), store)
    return summary, store.results_for_run(summary.run_id)


def test_scores_equal_sacrebleus_own(tmp_path):
    summary, results = _run(tmp_path)
    assert summary.progress.failed == 0
    hyps, refs = CLOSE.split("\n\n"), [REFERENCE.split("\n\n")]
    doc = next(j for j in results if j.candidate == "Close" and j.paragraph is None)
    got = {s.dimension: s.value for s in doc.scores}
    assert got["BLEU"] == pytest.approx(sacrebleu.corpus_bleu(hyps, refs).score, abs=1e-3)
    assert got["chrF"] == pytest.approx(sacrebleu.corpus_chrf(hyps, refs).score, abs=1e-3)
    assert got["TER"] == pytest.approx(sacrebleu.corpus_ter(hyps, refs).score, abs=1e-3)
    assert "tok:13a" in doc.data["signatures"]["BLEU"]
    para = next(j for j in results if j.candidate == "Close" and j.paragraph == 1)
    want = sacrebleu.sentence_bleu(hyps[1], [refs[0][1]]).score
    assert {s.dimension: s.value for s in para.scores}["BLEU"] == pytest.approx(want, abs=1e-3)
    # the close paraphrase beats the loose one on every metric (TER: fewer edits)
    far = next(j for j in results if j.candidate == "Far" and j.paragraph is None)
    far_got = {s.dimension: s.value for s in far.scores}
    assert got["BLEU"] > far_got["BLEU"] and got["chrF"] > far_got["chrF"] and got["TER"] < far_got["TER"]


def test_identical_text_scores_perfectly_and_summary_has_intervals(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    project = build_project("dog", text_from_string(SOURCE, "de"), [("Same", text_from_string(REFERENCE, "en"))],
                            text_from_string(REFERENCE, "en"))
    run = service.execute(service.RunRequest(project=project, judges=["reference-metrics"]), store)
    results = store.results_for_run(run.run_id)
    doc = next(j for j in results if j.paragraph is None)
    assert {s.dimension: s.value for s in doc.scores} == {"BLEU": 100.0, "chrF": 100.0, "TER": 0.0}
    table = ReferenceMetricsJudge().summarize(results)[0]
    assert table.rows[0][:5] == ["Same", "3", "100.00", "100.00", "0.00"]
    # three paragraphs that all agree: no interval (too few units, and no spread), never a zero-width one
    assert table.rows[0][5] == "100.00"
    assert table.interval("Same", "BLEU (paragraph mean)") is None


def test_needs_a_reference_and_checks_options():
    judge = ReferenceMetricsJudge()
    with pytest.raises(JudgeUnavailable, match="reference"):
        judge.check(_project(reference=None))
    with pytest.raises(OptionError):
        ReferenceMetricsJudge.Options.parse({"tokenizer": "whitespace"}, "reference-metrics")
    assert not judge.protocol.unknown_options(judge.Options)


def test_lowercase_and_chrf_plus_plus(tmp_path):
    _, results = _run(tmp_path, {"lowercase": True, "word_order": 2})
    doc = next(j for j in results if j.candidate == "Close" and j.paragraph is None)
    assert "case:lc" in doc.data["signatures"]["BLEU"] and "nw:2" in doc.data["signatures"]["chrF"]


def test_defaults_match_sacrebleus_command_line_and_say_which_tokenizer():
    """TER ignores case and has no Asian splitting, as sacreBLEU's command line; BLEU's tokenizer is the
    one the command line picks for the target language (ja-mecab for Japanese), and where that cannot
    load (Korean without sacrebleu[ko]) the table names the fallback and why."""
    from sacrebleu.metrics import TER

    from litlens.app.judges.reference_metrics import _tokenizer_cell, scores
    hyp, ref = ["The Cat sat on the Mat ."], ["the cat sat on the mat ."]
    found = scores(hyp, ref, "en")
    assert found["TER"] == pytest.approx(TER().corpus_score(hyp, [ref]).score) == 0.0
    assert scores(hyp, ref, "en", ter_case=True)["TER"] > 0
    assert "case:lc" in found["signatures"]["TER"] and "asian:no" in found["signatures"]["TER"]
    ja = scores(["猫がマットの上に座った。"], ["猫はマットの上に座った。"], "ja")
    assert _tokenizer_cell(ja).startswith("ja-mecab") and "note" not in ja
    ko = scores(["고양이가 매트 위에 앉았다."], ["고양이는 매트 위에 앉았다."], "ko")
    try:
        import mecab_ko  # noqa: F401  (sacrebleu[ko] installed: its own tokenizer, no note)
        assert _tokenizer_cell(ko).startswith("ko-mecab")
    except ImportError:
        cell = _tokenizer_cell(ko)
        assert cell.startswith("char (fallback:") and "sacrebleu[ko]" in cell and "not comparable" in cell
