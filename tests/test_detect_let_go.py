"""The language check's models are let go once `litlens evaluate` has checked the texts (their memory is the
analysis's then), and a later detection loads them again with the same answer."""

from __future__ import annotations

import pytest

from litlens.app.texts import detect

ENGLISH = "The wind moved over the field and the children ran home before the rain came down on the roofs."
KOREAN = "바람이 들판 위로 지나가자 아이들은 비가 지붕에 쏟아지기 전에 집으로 달려갔다."

pytest.importorskip("lingua")


def test_after_letting_go_detection_loads_again_with_the_same_answers():
    before = [detect.detect(ENGLISH), detect.detect(KOREAN)]
    assert detect._detector.cache_info().currsize == 1
    detect.let_go()
    assert detect._detector.cache_info().currsize == 0
    after = [detect.detect(ENGLISH), detect.detect(KOREAN)]
    # the same languages; the confidences to rounding (lingua sums over its languages in no fixed order:
    # a new detector may differ in the last bit)
    assert [code for code, _ in after] == [code for code, _ in before]
    assert [sure for _, sure in after] == pytest.approx([sure for _, sure in before], abs=1e-9)
    assert before[0][0] == "en" and before[1][0] == "ko"
    detect.let_go()
    detect.let_go()  # nothing held: nothing to do


def test_evaluate_lets_go_of_the_models_before_the_judges_run(monkeypatch, tmp_path, capsys):
    from litlens.app.cli import main as cli
    from litlens.app.judges import consistency
    held: list[int] = []
    analyse = consistency.analyse_candidate

    def analysing(*a, **kw):
        held.append(detect._detector.cache_info().currsize)
        return analyse(*a, **kw)

    monkeypatch.setattr(consistency, "analyse_candidate", analysing)
    code = cli.main(["--db", str(tmp_path / "db.sqlite"), "evaluate", "--sample", "--judge", "consistency",
                     "--quiet", "--format", "json", "--option", "consistency.spacy_model="])
    assert code == 0 and '"results"' in capsys.readouterr().out
    assert held == [0, 0]  # the sample's two translations, each analysed with the detector let go
