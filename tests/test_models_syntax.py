"""`litlens models` (list, install through spaCy's own downloader, offline message), numbers and names
beyond Korean, input language checks, and literalness's syntactic similarity with a parser this test
trains itself (no pipeline can be downloaded here)."""

from __future__ import annotations

import random

import pytest
import spacy
from spacy.training import Example
from spacy.util import fix_random_seed

from litlens.app.cli import main as cli
from litlens.app.consistency.hangul import are_variants, fold_name
from litlens.app.consistency.number_words import number_words
from litlens.app.judges import literalness
from litlens.app.texts import build_project, text_from_string
from litlens.app.texts.detect import check_project
from litlens.app.texts.pipelines import installed_models, pipeline_for


def test_models_lists_per_language(capsys, monkeypatch):
    monkeypatch.delenv("LITLENS_SPACY_PIPELINES", raising=False)
    assert cli.main(["models", "list", "de", "en", "xx"]) == 0
    out = capsys.readouterr().out
    assert "German (de)" in out and "de_core_news_sm" in out and "no" in out
    assert "install with: litlens models install de en" in out


def test_models_lists_the_word_analysers_and_says_when_one_is_missing(capsys, monkeypatch):
    from litlens.app.texts import cjk_terms
    assert cli.main(["models", "list", "ja", "zh", "de"]) == 0
    out = capsys.readouterr().out
    assert "Japanese (ja) words: MeCab (IPA dictionary), installed; word frequencies: yes" in out
    assert "Chinese (zh) words: jieba, installed; word frequencies: yes" in out
    assert "German (de) words" not in out
    monkeypatch.setattr(cjk_terms, "_jieba", lambda: None)
    assert cli.main(["models", "list", "zh"]) == 0
    assert "jieba, NOT installed, so rule-based terms cannot split its words (pip install jieba)" in \
        capsys.readouterr().out


def test_models_install_uses_spacys_download(monkeypatch, capsys):
    calls = []
    monkeypatch.setattr("spacy.cli.download", lambda name, *a, **k: calls.append(name))
    assert cli.main(["models", "install", "de", "en"]) == 0
    assert calls == ["de_core_news_sm", "en_core_web_sm"]
    assert "de_core_news_sm installed" in capsys.readouterr().out


def test_models_install_offline_says_so(monkeypatch, capsys):
    def offline(name, *a, **k):
        raise SystemExit(1)  # what spaCy's CLI does when the compatibility table cannot be fetched
    monkeypatch.setattr("spacy.cli.download", offline)
    assert cli.main(["models", "install", "de"]) == 1
    assert "offline" in capsys.readouterr().err


def test_number_words_and_name_folding_beyond_korean():
    assert [n.value for n in number_words("zwei Äpfel, einundzwanzig Birnen, ein Mann", 0, "de")] == [2, 21]
    assert [n.value for n in number_words("trois hommes et vingt-deux femmes", 0, "fr")] == [3, 22]
    assert [n.value for n in number_words("tres hombres y veintidós mujeres", 0, "es")] == [3, 22]
    assert [n.value for n in number_words("三百二十五个人和十二只猫", 0, "zh")] == [325, 12]
    assert [n.value for n in number_words("三万人", 0, "ja")] == [30000]
    assert fold_name("Müller") == fold_name("Muller") and fold_name("ヴェニース") == fold_name("ヴェニス")
    assert are_variants("Aschenbach", "Aschenbah") and not are_variants("Tadzio", "Venice")


def test_a_declared_language_that_disagrees_is_reported():
    german = "Aus diesem Traum erwachte der Heimgesuchte entnervt, zerrüttet und kraftlos dem Dämon verfallen."
    english = "He woke from this dream unnerved, shattered and powerless, fallen to the demon."
    wrong = build_project("p", text_from_string(german, "en"), [("t", text_from_string(english, "en"))])
    notes = check_project(wrong)
    assert len(notes) == 1 and "declared English (en)" in notes[0] and "German (de" in notes[0]
    right = build_project("p", text_from_string(german, "de"), [("t", text_from_string(english, "en"))])
    assert check_project(right) == []


# Hand-parsed sentences (words, heads, deps): the same shapes in German and English, in the manner of
# seed 002's Death in Venice passage (Aschenbach, the boy, the sea). Tags are universal POS.
_TRAIN = [
    ("der alte Mann sieht den Knaben", [2, 2, 3, 3, 5, 3], ["det", "amod", "nsubj", "ROOT", "det", "obj"]),
    ("der Knabe sieht den alten Mann", [1, 2, 2, 5, 5, 2], ["det", "nsubj", "ROOT", "det", "amod", "obj"]),
    ("Aschenbach liebt das Meer", [1, 1, 3, 1], ["nsubj", "ROOT", "det", "obj"]),
    ("der Knabe schläft", [1, 2, 2], ["det", "nsubj", "ROOT"]),
    ("das stille Meer schläft", [2, 2, 3, 3], ["det", "amod", "nsubj", "ROOT"]),
    ("eine Frau liest ein Buch", [1, 2, 2, 4, 2], ["det", "nsubj", "ROOT", "det", "obj"]),
    ("the old man sees the boy", [2, 2, 3, 3, 5, 3], ["det", "amod", "nsubj", "ROOT", "det", "obj"]),
    ("the boy sees the old man", [1, 2, 2, 5, 5, 2], ["det", "nsubj", "ROOT", "det", "amod", "obj"]),
    ("Aschenbach loves the sea", [1, 1, 3, 1], ["nsubj", "ROOT", "det", "obj"]),
    ("the boy sleeps", [1, 2, 2], ["det", "nsubj", "ROOT"]),
    ("the quiet sea sleeps", [2, 2, 3, 3], ["det", "amod", "nsubj", "ROOT"]),
    ("a woman reads a book", [1, 2, 2, 4, 2], ["det", "nsubj", "ROOT", "det", "obj"]),
]
_POS = {"det": "DET", "nsubj": "NOUN", "obj": "NOUN", "ROOT": "VERB", "amod": "ADJ"}


def _examples(nlp):
    out = []
    for text, heads, deps in _TRAIN:
        words = text.split()
        tags = ["PROPN" if w == "Aschenbach" else _POS[d] for w, d in zip(words, deps)]
        out.append(Example.from_dict(nlp.make_doc(text), {"words": words, "heads": heads, "deps": deps,
                                                           "tags": tags}))
    return out


def _train(lang: str, path) -> None:
    """A tiny tagger + parser, trained as spaCy trains one, saved as a pipeline folder.

    ``min_action_freq`` is 30 in the parser's default config: every transition seen fewer times in the
    training data is dropped, and on a dozen sentences that drops even SHIFT and REDUCE, so no gold move
    is left and ``nlp.update`` raises E1031. It must be 1 for a handful of sentences."""
    nlp = spacy.blank(lang)
    nlp.add_pipe("tagger")
    nlp.add_pipe("parser", config={"min_action_freq": 1})
    ruler = nlp.add_pipe("attribute_ruler")
    examples = _examples(nlp)
    random.seed(0)
    fix_random_seed(0)
    optimizer = nlp.initialize(lambda: examples)
    for tag in sorted({*_POS.values(), "PROPN"}):  # after initialize, which clears the ruler's patterns
        ruler.add([[{"TAG": tag}]], {"POS": tag})  # the tagger's tags are universal POS: copy them to pos_
    for _ in range(40):
        random.shuffle(examples)
        nlp.update(examples, sgd=optimizer, drop=0.0)
    nlp.to_disk(path)


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    root = tmp_path_factory.mktemp("pipelines")
    _train("de", root / "de")
    _train("en", root / "en")
    return root


def _install_as_package(folder, lang: str, site) -> str:
    """Lay the trained folder out as an installed pipeline package (what ``spacy package`` + pip make):
    an importable module with ``load()``, its data folder, and dist-info with the ``spacy_models`` entry
    point through which spaCy lists installed pipelines."""
    import json
    import shutil
    name = f"{lang}_litlens_tiny"
    meta = json.loads((folder / "meta.json").read_text())
    meta.update(name="litlens_tiny", version="0.0.1")
    data = site / name / f"{name}-0.0.1"
    shutil.copytree(folder, data)
    (data / "meta.json").write_text(json.dumps(meta))
    (site / name / "meta.json").write_text(json.dumps(meta))
    (site / name / "__init__.py").write_text(
        "from spacy.util import load_model_from_init_py\n\n\n"
        "def load(**overrides):\n    return load_model_from_init_py(__file__, **overrides)\n")
    info = site / f"{name}-0.0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.1\n")
    (info / "entry_points.txt").write_text(f"[spacy_models]\n{name} = {name}\n")
    return name


def _check_parses(de, en) -> None:
    for nlp, text in ((de, "der alte Mann sieht den Knaben"), (en, "the old man sees the boy"),
                      (en, "the boy sees the old man")):
        doc = nlp(text)  # it learnt to tag and parse
        gold = next((h, d) for t, h, d in _TRAIN if t == text)
        assert [t.head.i for t in doc] == gold[0] and [t.dep_ for t in doc] == gold[1]
        assert [t.pos_ for t in doc] == [_POS[d] for d in gold[1]]


# Hand-computed kernel for the reordered pair (LAMBDA = 0.5). Source "der alte Mann sieht den Knaben":
# sieht(Mann(der, alte), Knaben(den)); target "the boy sees the old man": sees(boy(the), man(the, old)).
# K(a,b): 4 DET leaf pairs x 0.5 + ADJ 0.5 + Mann~man 0.5*1.5*1.5 + Knaben~boy 0.5*1.5 + the verbs 0.5
# (their children, paired in order, have different productions) = 4.875. K(a,a) = K(b,b) = 2 + 0.5 +
# 1.125 + 0.75 + 0.5*(1+1.125)*(1+0.75) = 6.234375. Normalised: 4.875 / 6.234375.
REORDERED = 4.875 / 6.234375


def _similarities() -> tuple[float, float, object]:
    source = "der alte Mann sieht den Knaben"
    project = build_project("p", text_from_string(source, "de"),
                            [("literal", text_from_string("the old man sees the boy", "en")),
                             ("reordered", text_from_string("the boy sees the old man", "en"))])
    from litlens.app.judges.common import passage_groups
    passages = passage_groups(project)
    lit = literalness.measure(project, passages, "literal", "literalness")
    moved = literalness.measure(project, passages, "reordered", "literalness")
    return lit.data["syntactic_similarity"], moved.data["syntactic_similarity"], lit


def test_syntactic_similarity_with_a_parser_the_test_trains(trained, monkeypatch):
    monkeypatch.setenv("LITLENS_SPACY_PIPELINES", f"de={trained / 'de'},en={trained / 'en'}")
    monkeypatch.setattr(literalness, "_parsers", {})
    assert pipeline_for("de", "") == str(trained / "de")
    de, en = literalness.find_parser("de"), literalness.find_parser("en")  # the product's loading path
    assert de is not None and de.has_pipe("parser") and en is not None
    _check_parses(de, en)
    literal, reordered, judgment = _similarities()
    # identical trees: the normalised kernel K(a,b)/sqrt(K(a,a)K(b,b)) is exactly 1
    assert literal == pytest.approx(1.0)
    # same words, the adjective moved from subject to object: a different tree, a lower similarity
    assert reordered == pytest.approx(REORDERED) and reordered < literal
    assert "syntax_note" not in judgment.data


def test_an_installed_pipeline_package_is_found_and_used(trained, tmp_path, monkeypatch):
    import importlib
    import sys
    site = tmp_path / "site"
    site.mkdir()
    names = [_install_as_package(trained / lang, lang, site) for lang in ("de", "en")]
    monkeypatch.delenv("LITLENS_SPACY_PIPELINES", raising=False)
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    monkeypatch.setattr(literalness, "_parsers", {})
    try:
        assert set(names) <= set(installed_models())  # spaCy lists it as installed
        assert pipeline_for("de", "") == "de_litlens_tiny"  # LitLens picks it for German text
        de, en = literalness.find_parser("de"), literalness.find_parser("en")
        assert de is not None and de.meta["name"] == "litlens_tiny" and en is not None
        _check_parses(de, en)
        literal, reordered, _ = _similarities()
        assert literal == pytest.approx(1.0) and reordered == pytest.approx(REORDERED)
    finally:
        for name in names:
            sys.modules.pop(name, None)
