"""Quoted error text to offsets: exact, normalised (quotes, spaces, width, NFC/NFKC), fuzzy, unlocated;
then end to end through GEMBA-MQM answers from the local provider server."""

from __future__ import annotations

import json
import unicodedata

import pytest

from litlens.app.run import service
from litlens.app.llm.factory import ProviderSettings
from litlens.app.mqm.spans import locate, normalise
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string


def test_exact_match_and_repeated_words_need_an_occurrence():
    text = "The cat sat. The cat slept."
    assert (locate(text, "cat sat").start, locate(text, "cat sat").end) == (4, 11)
    second = locate(text, "cat", 2)
    assert (second.start, second.end, second.method) == (17, 20, "exact")
    ambiguous = locate(text, "cat")
    assert not ambiguous.located and ambiguous.alternatives == ((4, 7), (17, 20))
    assert "2 times" in ambiguous.note


def test_curly_and_straight_quotes_and_extra_spaces_map_back_to_original_offsets():
    text = "He said \u201cgo  home\u201d,\n   quietly."
    loc = locate(text, '"go home", quietly')
    assert loc.method == "normalised"
    assert text[loc.start:loc.end] == "\u201cgo  home\u201d,\n   quietly"


def test_full_width_and_decomposed_characters():
    text = "Ｐａｒｋ said caf\u0065\u0301 twice"  # full-width letters, e + combining acute
    loc = locate(text, "Park")
    assert (loc.start, loc.end) == (0, 4)
    loc = locate(text, "caf\u00e9")
    assert text[loc.start:loc.end] == "caf\u0065\u0301"
    hangul = unicodedata.normalize("NFD", "그는 집에 갔다")  # conjoining jamo
    loc = locate(hangul, "집에")
    assert unicodedata.normalize("NFC", hangul[loc.start:loc.end]) == "집에"


def test_index_map_is_exact_for_every_character():
    text = "a\u3000\u3000b \u201cc\u201d\uff41"
    nm = normalise(text, offset=10)
    assert nm.text == 'a b "c"a'
    assert [nm.original(i, i + 1) for i in range(len(nm.text))] == \
        [(10, 11), (11, 13), (13, 14), (14, 15), (15, 16), (16, 17), (17, 18), (18, 19)]


def test_fuzzy_match_with_threshold_and_unlocatable_quote():
    text = "At dusk the lanterns were lit one by one along the harbour wall."
    loc = locate(text, "the lanterns were lighted one by one")
    assert loc.method == "fuzzy" and loc.score >= 0.85
    assert text[loc.start:loc.end].startswith("the lanterns were lit")
    lost = locate(text, "a completely different sentence")
    assert not lost.located and lost.start is None and lost.end is None and lost.note


def test_regions_limit_the_search_and_count_occurrences_across_them():
    text = "red. blue red. red"
    loc = locate(text, "red", 2, regions=[(5, 14), (15, 18)])
    assert (loc.start, loc.end) == (15, 18)
    assert locate(text, "red", regions=[(5, 14)]).start == 10


def test_occurrence_beyond_the_matches():
    only_once = locate("one fish", "fish", 3)
    assert only_once.located and "only once" in only_once.note
    twice = locate("fish and fish", "fish", 3)
    assert not twice.located


# ---- end to end: quotes in GEMBA-MQM answers become offsets in the candidate document -------------

EN_SOURCE = "The old man smiled.\n\n\u201cCome in,\u201d he said. \u201cCome in and sit.\u201d"
KO_CAND = "노인은 웃었다.\n\n\u201c들어와,\u201d 그가 말했다. \u201c들어와서  앉아.\u201d"
KO_SOURCE = "노인은 웃었다.\n\n\u201c들어오게,\u201d 그가 말했다. \u201c들어와서 앉게.\u201d"
EN_CAND = "The old man smiled.\n\n\u201cCome in,\u201d he said.  \u201cCome in and sit down.\u201d"


def _error(text, occurrence=None, category="style/register", side="translation"):
    return {"category": category, "severity": "minor", "quoted_from": side, "text": text,
            "occurrence": occurrence, "explanation": "x", "suggestion": None}


def _run(tmp_path, server, project):
    store = Store(tmp_path / "db.sqlite")
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    summary = service.execute(service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings),
                              store)
    return summary, store.results_for_run(summary.run_id)


@pytest.mark.parametrize("src,src_lang,cand,cand_lang,answers,expected", [
    (EN_SOURCE, "en", KO_CAND, "ko",
     [_error("들어와", 2), _error('"들어와서 앉아."'), _error("그가 말했다"), _error("없는 문장이 여기에")],
     ["들어와", "\u201c들어와서  앉아.\u201d", "그가 말했다", None]),
    (KO_SOURCE, "ko", EN_CAND, "en",
     [_error("Come in", 2), _error('"Come in and sit down."'), _error("he said.  "),
      _error("an unrelated quotation")],
     ["Come in", "\u201cCome in and sit down.\u201d", "he said.", None]),
])
def test_gemba_quotes_located_in_korean_and_english_candidates(tmp_path, fake_server, src, src_lang, cand,
                                                               cand_lang, answers, expected):
    project = build_project("p", text_from_string(src, src_lang), [("T", text_from_string(cand, cand_lang))])
    para1 = project.candidates[0].text.paragraphs[1]

    def respond(call):
        return json.dumps({"errors": answers if para1.text in call.first_user else []})
    fake_server.responder = respond
    summary, results = _run(tmp_path, fake_server, project)
    assert summary.progress.failed == 0
    spans = [s for j in results for s in j.spans]
    assert len(spans) == len(expected)  # the unlocatable one is kept, not dropped
    content = project.candidates[0].text.content
    for span, want in zip(spans, expected):
        if want is None:
            assert span.start is None and span.end is None and span.data["method"] == "unlocated"
            continue
        assert content[span.start:span.end] == want  # whole-document offsets
        assert para1.start <= span.start < span.end <= para1.end
    # occurrence 2 is the second "들어와"/"Come in", not the first
    first = content.find(expected[0], para1.start)
    assert spans[0].start > first
    assert next(j for j in results if j.paragraph == 1).data["unlocated"] == 1


def test_omission_is_anchored_on_the_source(tmp_path, fake_server):
    project = build_project("p", text_from_string(EN_SOURCE, "en"), [("T", text_from_string(KO_CAND, "ko"))])
    fake_server.responder = lambda call: {"errors": [_error("and sit", category="accuracy/omission",
                                                             side="source")]}
    _, results = _run(tmp_path, fake_server, project)
    spans = [s for j in results for s in j.spans if j.paragraph == 1]
    assert len(spans) == 1
    s = spans[0]
    assert s.start is None and s.end is None and s.data["omission"]
    assert project.source.content[s.source_start:s.source_end] == "and sit"
