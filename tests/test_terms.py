"""Key-term finding: spaCy NER through a pipeline loaded by name or path, and the visible fallback."""

from __future__ import annotations

import spacy

from litlens.app.explanations import render
from litlens.app.texts.terms import fallback_note, find_terms

TEXT = ("The fox waited by the wall. Little Prince came to the wall at noon.\n\n"
        "\u201cTame me,\u201d said the fox to the Little Prince. The rose on Asteroid B612 was far away.\n\n"
        "The Little Prince thought of his rose. The fox thought of the wheat. The rose was proud.")


def test_fallback_when_the_named_pipeline_is_not_installed():
    result = find_terms(TEXT, "en", "en_core_web_sm")
    assert result.method == "fallback"
    assert result.note == ("terms found by the rule-based fallback: no spaCy pipeline 'en_core_web_sm' "
                           "installed (`litlens models install en` installs it)")
    found = {t.text: t for t in result.terms}
    assert "Little Prince" in found and found["Little Prince"].kind == "name"
    assert found["Little Prince"].count == 3
    assert all(TEXT[s:e] == "Little Prince" for s, e in found["Little Prince"].offsets)
    assert {"fox", "rose"} <= {t.text for t in result.terms if t.kind == "motif"}
    assert "The" not in found and "Tame" not in found  # sentence-initial ordinary words are not names


def test_the_note_says_how_to_install_an_official_pipeline_only():
    """spaCy's own pipelines (xx_core_web/news_sm/md/lg/trf) come with the command that fetches them; a
    pipeline of the user's own is only said missing."""
    assert "`litlens models install de`" in render(fallback_note("de_core_news_md"))
    own = render(fallback_note("my_literary_ner"))
    assert own == "terms found by the rule-based fallback: no spaCy pipeline 'my_literary_ner' installed"
    assert "install" not in render(fallback_note("en_core_web_sm", ner_missing=True)).split("installed")[-1]


def test_no_pipeline_named_is_said_too():
    result = find_terms(TEXT, "en", None)
    assert result.note == render(fallback_note(None)) and result.note_why == fallback_note(None)
    assert "option spacy_model" in result.note


def test_spacy_ner_is_used_when_a_pipeline_loads(tmp_path):
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler")
    ruler.add_patterns([{"label": "PERSON", "pattern": "Little Prince"},
                        {"label": "LOC", "pattern": "Asteroid B612"}])
    nlp.to_disk(tmp_path / "tiny_pipeline")
    result = find_terms(TEXT, "en", str(tmp_path / "tiny_pipeline"))
    assert result.method == "spacy" and "spaCy NER" in result.note
    assert [(t.text, t.kind, t.count) for t in result.terms] == [("Little Prince", "PERSON", 3)]


def test_korean_source_terms_come_from_kiwi():
    result = find_terms("런던에서 온 존슨이 웃었다. 존슨은 런던을 떠났다. 존슨과 함께.", "ko", None)
    assert "존슨" in {t.text for t in result.terms}


JA = ("アッシェンバッハは浜辺でタッジオを見た。タッジオは海へ走った。山田太郎は東京の海を見た。\n"
      "山田太郎は笑った。アッシェンバッハは少年と少年の母を思った。東京は遠い。少年は黙った。")
ZH = ("阿申巴赫在海滩上看着那个孩子。孩子跑向大海。威尼斯的早晨很美。\n"
      "阿申巴赫想起了威尼斯。孩子在威尼斯的沙滩上。阿申巴赫看着孩子。")


def test_japanese_terms_come_from_mecab():
    result = find_terms(JA, "ja", None)
    assert "MeCab" in result.note
    found = {t.text: t for t in result.terms}
    # unknown katakana names, and a family + given name joined into one term
    assert {"アッシェンバッハ", "タッジオ", "山田太郎", "東京"} <= {t.text for t in result.terms if t.kind == "name"}
    assert "山田" not in found and "太郎" not in found
    assert found["少年"].kind == "motif" and found["少年"].count == 3
    assert all(JA[s:e] == "山田太郎" for s, e in found["山田太郎"].offsets)
    assert not {"は", "を", "見", "た"} & set(found)  # particles and verbs are never terms


def test_chinese_terms_come_from_jieba():
    result = find_terms(ZH, "zh", None)
    assert "jieba" in result.note
    found = {t.text: t for t in result.terms}
    assert {"阿申巴赫", "威尼斯"} <= {t.text for t in result.terms if t.kind == "name"}
    assert found["阿申巴赫"].count == 3 and all(ZH[s:e] == "阿申巴赫" for s, e in found["阿申巴赫"].offsets)
    assert found["孩子"].kind == "motif" and found["孩子"].count == 4
    assert not {"的", "在", "了"} & set(found)


def test_a_missing_analyser_is_reported_not_skipped(monkeypatch):
    from litlens.app.texts import cjk_terms
    monkeypatch.setattr(cjk_terms, "_mecab", lambda: None)
    monkeypatch.setattr(cjk_terms, "_jieba", lambda: None)
    ja = find_terms(JA, "ja", None)
    assert "MeCab (IPA dictionary) is not installed" in ja.note
    assert "pip install mecab-python3 ipadic" in ja.note
    assert [t.text for t in ja.terms] == ["アッシェンバッハ", "タッジオ"]  # katakana runs only
    zh = find_terms(ZH, "zh", None)
    assert "jieba is not installed" in zh.note and "Han-script words were not" in zh.note
    assert zh.terms == []


def test_word_frequencies_work_for_japanese_and_chinese():
    from litlens.app.consistency.foreign import supported, zipf
    assert supported("ja") and supported("zh")
    assert zipf("少年", "ja") > 3 and zipf("孩子", "zh") > 3
