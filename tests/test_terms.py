"""Key-term finding: spaCy NER through a pipeline loaded by name or path, and the visible fallback."""

from __future__ import annotations

import spacy

from litlens.app.texts.terms import fallback_note, find_terms

TEXT = ("The fox waited by the wall. Little Prince came to the wall at noon.\n\n"
        "\u201cTame me,\u201d said the fox to the Little Prince. The rose on Asteroid B612 was far away.\n\n"
        "The Little Prince thought of his rose. The fox thought of the wheat. The rose was proud.")


def test_fallback_when_the_named_pipeline_is_not_installed():
    result = find_terms(TEXT, "en", "en_core_web_sm")
    assert result.method == "fallback"
    assert result.note == ("terms found by the rule-based fallback: "
                           "no spaCy pipeline 'en_core_web_sm' installed")
    found = {t.text: t for t in result.terms}
    assert "Little Prince" in found and found["Little Prince"].kind == "name"
    assert found["Little Prince"].count == 3
    assert all(TEXT[s:e] == "Little Prince" for s, e in found["Little Prince"].offsets)
    assert {"fox", "rose"} <= {t.text for t in result.terms if t.kind == "motif"}
    assert "The" not in found and "Tame" not in found  # sentence-initial ordinary words are not names


def test_no_pipeline_named_is_said_too():
    assert find_terms(TEXT, "en", None).note == fallback_note(None)
    assert "option spacy_model" in fallback_note(None)


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
