"""Untranslated text and key terms beyond English→Korean: German→English pairs share a script, so the
check weighs words by their frequency in each language and reads runs with a language identifier."""

from __future__ import annotations

import json
from pathlib import Path

from litlens.app.consistency import analyse_candidate
from litlens.app.texts import build_project, text_from_string
from litlens.app.texts.pipelines import pipeline_for, stop_words
from litlens.app.texts.terms import find_terms

SOURCE = ("Die Gräfin Waldeck reiste im Herbst nach Venedig. Sie nahm nur einen Koffer mit.\n\n"
          "Am Bahnhof wartete ihr Neffe mit einem Blumenstrauß. Er hatte sie seit Jahren nicht gesehen.")
CORRECT = ("Countess Waldeck travelled to Venice in the autumn. She took only one suitcase.\n\n"
           "Her nephew was waiting at the station with a bunch of flowers. He had not seen her for years.")
FLAWED = ("Countess Waldeck travelled to Venedig in the autumn. She took only one Koffer.\n\n"
          "Her nephew was waiting at the station with a Blumenstrauß. Er hatte sie seit Jahren nicht gesehen.")


def _untranslated(translation: str) -> list:
    project = build_project("trip", text_from_string(SOURCE, "de"),
                            [("draft", text_from_string(translation, "en"))])
    cand = project.candidates[0]
    report = analyse_candidate(project, cand)
    return [(f, cand.text.content[f.start:f.end]) for f in report.findings if f.check == "untranslated"]


def test_german_words_and_a_sentence_left_in_english_are_found_at_their_characters():
    found = _untranslated(FLAWED)
    assert [text for _, text in found] == ["Venedig", "Koffer", "Blumenstrauß",
                                          "Er hatte sie seit Jahren nicht gesehen"]
    for finding, text in found:
        assert finding.quote == text and finding.category == "accuracy/untranslated"
    assert found[-1][0].severity == "major" and found[-1][0].data["unit"] == "run"
    assert found[0][0].paragraph == 0 and found[-1][0].paragraph == 1


def test_the_correct_translation_has_no_untranslated_findings_and_names_are_spared():
    assert _untranslated(CORRECT) == []  # "Waldeck" is in both, and a name


def test_held_out_pairs_from_the_seed_are_measured():
    data = json.loads((Path(__file__).parent / "data" / "consistency" / "pairs.json").read_text("utf-8"))
    hits = expected = false = 0
    for pair in data["pairs"]:
        project = build_project("p", text_from_string(pair["source"], pair["source_language"]),
                                [("c", text_from_string(pair["translation"], pair["target_language"]))])
        quotes = [f.quote for f in analyse_candidate(project, project.candidates[0]).findings
                  if f.check == "untranslated"]
        expected += len(pair["untranslated"])
        hits += sum(q in quotes for q in pair["untranslated"])
        false += sum(q not in pair["untranslated"] for q in quotes)
    # measured once, not tuned on: 3 of 4 (the German "Fischer" is also an English surname), no false alarm
    assert (hits, expected, false) == (3, 4, 0)


GERMAN = ("Der Müller Hans Krüger wohnte in der alten Mühle am Bach. Jeden Morgen ging Krüger mit dem Hund "
          "über die Brücke, und die Mühle klapperte, als ob sie nicht schlafen könnte.\n\n"
          "Eines Tages kam ein Fremder aus Lübeck zur Mühle. Der Fremde fragte nach Krüger, aber Krüger war "
          "nicht da. Der Hund bellte an der Brücke, und der Fremde wartete bei der Mühle, bis es dunkel "
          "wurde.\n\nAm Abend kehrte Krüger zurück. Er sah den Fremden an der Brücke und fragte, was er "
          "wolle. Der Fremde aus Lübeck sagte nichts und ging über die Brücke davon.")


def test_german_terms_contain_no_german_stop_word():
    result = find_terms(GERMAN, "de", "en_core_web_sm")
    # the English default is swapped for the German pipeline's name; it is not installed here
    assert "de_core_news_sm" in result.note and result.method == "fallback"
    stops = stop_words("de")
    assert len(stops) > 100 and "und" in stops
    words = {w.casefold() for t in result.terms for w in t.text.split()}
    assert words and not words & stops
    kinds = {t.text: t.kind for t in result.terms}
    assert kinds["Krüger"] == "name" and kinds["Lübeck"] == "name"  # no article before them
    assert kinds["mühle"] == "motif" and kinds["brücke"] == "motif"  # nouns after "der", "die"


def test_pipeline_is_the_texts_own_language():
    assert pipeline_for("de", "en_core_web_sm") == "de_core_news_sm"
    assert pipeline_for("en", "en_core_web_lg") == "en_core_web_lg"
    assert pipeline_for("de", "/tmp/my_pipeline") == "/tmp/my_pipeline"
    assert pipeline_for("de", None) is None  # none named, none installed: the rules
