"""Texts whose language nobody gave: the language is read from their script and commonest words, so a
German source opened without a language is German (its untranslated words found, no false warning)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from litlens.app.texts import load_text, text_from_string
from litlens.app.texts.guess import guess_alphabetic

SAMPLES = {
    "de": "Die Gräfin reiste im Herbst nach Venedig. Sie nahm nur einen Koffer mit, denn sie wollte nicht "
          "lange bleiben, und am Bahnhof wartete ihr Neffe auf sie.",
    "en": "The countess travelled to Venice in the autumn. She took only one suitcase, for she did not mean "
          "to stay long, and her nephew was waiting for her at the station.",
    "fr": "La comtesse partit pour Venise en automne. Elle ne prit qu'une valise, car elle ne voulait pas "
          "rester longtemps, et son neveu l'attendait à la gare avec des fleurs.",
    "es": "La condesa viajó a Venecia en otoño. Solo llevó una maleta, porque no quería quedarse mucho "
          "tiempo, y su sobrino la esperaba en la estación con unas flores.",
    "it": "La contessa partì per Venezia in autunno. Prese solo una valigia, perché non voleva restare a "
          "lungo, e il nipote la aspettava alla stazione con dei fiori.",
    "pt": "A condessa viajou para Veneza no outono. Levou só uma mala, porque não queria ficar muito tempo, "
          "e o sobrinho esperava por ela na estação com umas flores.",
    "nl": "De gravin reisde in de herfst naar Venetië. Ze nam maar één koffer mee, want ze wilde niet lang "
          "blijven, en haar neef wachtte op het station op haar met bloemen.",
    "ru": "Графиня поехала в Венецию осенью. Она взяла только один чемодан.",
}


@pytest.mark.parametrize("language", sorted(SAMPLES))
def test_a_paragraph_is_read_as_its_own_language(language: str) -> None:
    assert text_from_string(SAMPLES[language]).language == language


def test_too_little_to_tell_stays_english_and_a_given_language_is_kept() -> None:
    assert guess_alphabetic("Guten Tag.") is None
    assert text_from_string("Guten Tag.").language == "en"  # nothing clear: the old default
    assert text_from_string(SAMPLES["de"], "fr").language == "fr"  # what the user says wins
    assert text_from_string("서원댁에는 정오부터 비가 내렸다.").language == "ko"  # scripts still decide CJK


def test_a_german_english_pair_with_no_languages_given_finds_the_untranslated_words(tmp_path) -> None:
    source = tmp_path / "reise.txt"
    source.write_text("Die Gräfin Waldeck reiste im Herbst nach Venedig. Sie nahm nur einen Koffer mit.\n\n"
                      "Am Bahnhof wartete ihr Neffe mit einem Blumenstrauß. Er hatte sie seit Jahren nicht "
                      "gesehen, und sie war froh, dass er gekommen war.\n", encoding="utf-8")
    draft = tmp_path / "trip.txt"
    draft.write_text("Countess Waldeck travelled to Venice in the autumn. She took only one Koffer.\n\n"
                     "Her nephew was waiting at the station with a bunch of flowers. Er hatte sie seit Jahren "
                     "nicht gesehen, and she was glad that he had come.\n", encoding="utf-8")
    assert (load_text(source).language, load_text(draft).language) == ("de", "en")
    out = subprocess.run([sys.executable, "-m", "litlens", "--db", str(tmp_path / "x.db"), "evaluate",
                          str(source), str(draft), "--judge", "consistency"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "Koffer" in out.stdout and "Er hatte sie seit Jahren" in out.stdout
    assert "declared" not in out.stdout + out.stderr  # no warning about a language nobody declared


def test_models_list_takes_codes_only_and_keeps_its_columns_apart(tmp_path) -> None:
    from litlens.app.cli.models import language_codes, lines
    assert language_codes(["pt-BR", "zh_Hant", "DE", "de"]) == (["pt", "zh", "de"], None)
    codes, problem = language_codes(["german"])
    assert codes == [] and "did you mean de?" in problem
    out = subprocess.run([sys.executable, "-m", "litlens", "--db", str(tmp_path / "x.db"), "models", "list",
                          "german"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "not a language code" in out.stderr
    rows = lines(["pt", "de"])
    header, pt = rows[0], rows[1]
    assert pt.startswith("Portuguese (pt) ") and pt.index("pt_core_news_sm") == header.index("pipeline")
