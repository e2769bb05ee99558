"""Judge names and descriptions as the window shows them: the built-in judges' own English, marked
here for translation (app/ never imports Qt, so it cannot mark them itself), and the reason a judge
cannot run on the open project, in the interface language.

A plug-in judge, or a built-in whose text has changed since it was translated, shows its own text.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from litlens.app.judges.base import JudgeUnavailable

if TYPE_CHECKING:
    from litlens.app.core.model import Project
    from litlens.app.judges.base import Judge

# only for lupdate: translation looks up the judge's live text, so a changed text is never mistranslated
BUILT_IN = {
    'reference-metrics': (QT_TRANSLATE_NOOP("Judges", 'Reference metrics (BLEU, chrF, TER)'),
                          QT_TRANSLATE_NOOP("Judges", 'BLEU, chrF and TER with sacreBLEU against the reference '
                                                      'translation, per paragraph and for the whole text. Needs a '
                                                      'reference; no LLM, offline.')),
    'bws': (QT_TRANSLATE_NOOP("Judges", 'BWS (best and worst of all candidates)'),
             QT_TRANSLATE_NOOP("Judges", 'Shows all translations of a passage (blind, under letters) and asks for the best and the worst, in several candidate orders to expose position bias (seed 002).')),
    'consistency': (QT_TRANSLATE_NOOP("Judges", 'Consistency checks'),
             QT_TRANSLATE_NOOP("Judges", 'Finds names rendered differently across a translation (Korean spellings compared jamo by jamo), numbers that differ from the source, untranslated passages, doubled words, unpaired quotes and brackets, and paragraphs whose length suggests an omission or addition. No LLM needed.')),
    'da-mqm': (QT_TRANSLATE_NOOP("Judges", 'DA-MQM (4 criteria, 1–5)'),
             QT_TRANSLATE_NOOP("Judges", "Scores each paragraph 1–5 on Lexical Choice, Honorifics, Syntax & Grammar and Content Accuracy against the paper's rubric, one criterion per call (seed 000, step 1).")),
    'gemba-mqm': (QT_TRANSLATE_NOOP("Judges", 'GEMBA-MQM (error spans, original or literary prompt)'),
             QT_TRANSLATE_NOOP("Judges", "Marks error spans with MQM categories (seed 002, Table 8) and severities, with the original GEMBA-MQM prompt or the literary-critic variant; scores each paragraph by the paper's per-sentence formula and by GEMBA's capped convention.")),
    'honorifics': (QT_TRANSLATE_NOOP("Judges", 'Korean honorifics'),
             QT_TRANSLATE_NOOP("Judges", 'Reads the speech level of every Korean sentence (하십시오체, 해요체, 하오체, 하게체, 해라체, 해체) and flags speeches that mix levels, speakers who change level toward the same listener, and narration that drifts. No LLM needed.')),
    'literalness': (QT_TRANSLATE_NOOP("Judges", 'Literalness and lexical diversity'),
             QT_TRANSLATE_NOOP("Judges", 'Mean lexical overlap (BLEU) of each translation with every other one — lower means a more diverse vocabulary — and, where parsers are installed, syntactic similarity to the source (seed 002). Offline; needs two or more candidates.')),
    'mas-liteval': (QT_TRANSLATE_NOOP("Judges", 'MAS-LitEval (terminology, narrative, style → OTQS)'),
             QT_TRANSLATE_NOOP("Judges", 'Three agents read the whole text in 4,096-token chunks, carrying what they learnt from chunk to chunk: terminology consistency, narrative perspective and stylistic fidelity scored 0–1 per chunk (length-weighted mean), with our index of how uniformly each key term is rendered beside T; a coordinator combines them into OTQS = 0.3·T + 0.3·N + 0.4·S and writes a report (seed 003).')),
    'spelling': (QT_TRANSLATE_NOOP("Judges", 'Korean spelling and spacing'),
             QT_TRANSLATE_NOOP("Judges", 'Flags Korean misspellings (되/돼, 안/않, 로서/로써, 몇일, 금새…) and spacing errors (할수, 세마리, 편지 를…) in Korean translations, each with its correction, ready to apply. Offline, no LLM; tuned to stay quiet on dialect, onomatopoeia and names.')),
    'speakers-llm': (QT_TRANSLATE_NOOP("Judges", 'Speakers (LLM)'),
             QT_TRANSLATE_NOOP("Judges", 'Asks the model who says each line of dialogue in a Korean translation and to whom, one scene at a time; names the text does not contain are refused. The ledger can show this reading instead of the offline one.')),
    'sqm': (QT_TRANSLATE_NOOP("Judges", 'SQM (overall quality, 0–6)'),
             QT_TRANSLATE_NOOP("Judges", 'Rates each paragraph of each translation 0–6 for overall quality, especially style and artistry relative to the source, with a short rationale (seed 002).')),
    'transevalnia': (QT_TRANSLATE_NOOP("Judges", 'TransEvalnia (evaluate, score 1–5, rank)'),
             QT_TRANSLATE_NOOP("Judges", 'Evaluates each candidate span by span on six dimensions, scores them 1–5, and ranks the candidates in one, two or three steps (or without reasoning), over several presentation orders to expose position bias (seed 004).')),
    'verse': (QT_TRANSLATE_NOOP("Judges", 'VERSE (story-specific questions, 1–3)'),
             QT_TRANSLATE_NOOP("Judges", 'Writes verification questions for each source paragraph from the source and a story summary, sorts them into nine literary categories, and scores every translation 1–3 on each question; reports per-category percentages (seed 000, step 2).')),
}


# the top of the MQM hierarchy, as the findings list groups and filters by it
CATEGORIES = {"accuracy": QT_TRANSLATE_NOOP("Judges", "Accuracy"), "fluency": QT_TRANSLATE_NOOP("Judges", "Fluency"),
              "style": QT_TRANSLATE_NOOP("Judges", "Style"), "terminology": QT_TRANSLATE_NOOP("Judges", "Terminology"),
              "locale-convention": QT_TRANSLATE_NOOP("Judges", "Locale convention"),
              "other": QT_TRANSLATE_NOOP("Judges", "Other"),
              "non-translation": QT_TRANSLATE_NOOP("Judges", "Non-translation")}


# option names as the judge panel labels them (the names of the built-in judges' Options fields)
OPTION_LABELS = (
    QT_TRANSLATE_NOOP("JudgeOptions", 'all orders'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'answer mode'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'chunk tokens'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'classify with'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'guidelines'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'honorifics default'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'human'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'ledger context'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'lowercase'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'max questions'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'method'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'min questions'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'orders'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'poetry'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'protocol'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'rationale'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'scores'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'seed'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'spacy model'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'spans'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'summary words'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'termbase'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'tokenizer'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'use reference'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'variant'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'weights'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'word order'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'categories'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'chunking'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'examples'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'interleave'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'ter asian support'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'ter case sensitive'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'terminology'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'verdict'),
    QT_TRANSLATE_NOOP("JudgeOptions", 'candidates'),
)


# the choices the built-in judges' options declare, as the judge panel and the result views show them; the
# value itself is what is stored and sent, only its label is translated
OPTION_VALUES = (
    QT_TRANSLATE_NOOP("JudgeOptionValues", '13a'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'agent'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'alone'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'auto'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'best'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'char'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'code'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'combined'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'descriptions'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'flores200'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'gemba'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'intl'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'ja-mecab'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'ko-mecab'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'literary'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'model'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'morphemes'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'names'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'no-reasoning'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'none'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'one-step'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'original'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'paper'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'per-paragraph'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'per-question'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'prompt'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'ranking'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'sacrebleu'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'scores'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'sentences'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'table8'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'together'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'text'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'three-step'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'two-step'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'uniformity'),
    QT_TRANSLATE_NOOP("JudgeOptionValues", 'zh'),
)


def option_value(value: str) -> str:
    """A declared choice ("two-step") as the interface shows it; one nobody translated stays as declared."""
    return QCoreApplication.translate("JudgeOptionValues", value)


def option_label(name: str) -> str:
    """An option's field name as a label in the interface language ("spacy_model" -> "spacy model")."""
    label = name.replace("_", " ")
    return QCoreApplication.translate("JudgeOptions", label)


def category_title(path: str) -> str:
    """A top-level MQM category in the interface language (an unknown one as it is written)."""
    return QCoreApplication.translate("Judges", CATEGORIES[path]) if path in CATEGORIES else path


def category_name(path: str) -> str:
    """"Accuracy › Mistranslation" for an MQM path, in the interface language (the Learn view's names).

    A category outside seed 002's Table 8 (MQM-Core's "grammatical register", which the honorifics
    analyser names) is named from its words the same way, so no finding shows a bare path."""
    from litlens.app.mqm import typology as mqm
    ty, names, prefix = mqm.typology(), [], ""
    for part in (p for p in path.split("/") if p):
        prefix = f"{prefix}/{part}" if prefix else part
        try:
            name = ty.get(prefix).name
        except mqm.UnknownCategory:
            name = part.replace("-", " ").capitalize()
        names.append(QCoreApplication.translate("Learning", name))
    return " › ".join(names) or path


def judge_title(judge_id: str) -> str:
    """An installed judge's name in the interface language, from its id; the id itself otherwise."""
    from litlens.app.judges import registry
    cls = registry.available().get(judge_id)
    if cls is None:
        return QCoreApplication.translate("Judges", "you") if judge_id == "human" else judge_id
    return judge_text(cls)[0]


def judge_short(judge_id: str) -> str:
    """A judge's name for a list column, in the interface language: its title up to the bracketed gloss
    ("GEMBA-MQM", "한국어 높임법"), the id for a judge not installed."""
    return judge_title(judge_id).split(" (")[0].strip() or judge_id


def judge_text(cls: type[Judge]) -> tuple[str, str]:
    """(name, description) of a judge in the interface language, or its own text when not translated."""
    return (QCoreApplication.translate("Judges", cls.name),
            QCoreApplication.translate("Judges", cls.description))


def _two_candidates(project: Project) -> Project:
    first = project.candidates[0]
    twin = dataclasses.replace(first, label=first.label + " (2)")
    return dataclasses.replace(project, candidates=[first, twin])


def unavailable_reason(cls: type[Judge], project: Project) -> str | None:
    """Why the judge cannot run on ``project``, for the judge panel; None when it can."""
    try:
        cls().check(project)
        return None
    except JudgeUnavailable as exc:
        reason = str(exc)
    except Exception as exc:  # a plug-in's broken check must not take the panel down
        return QCoreApplication.translate("Judges", "cannot check this project: {0}").format(exc)
    if cls.reference == "required" and project.reference is None:
        return QCoreApplication.translate("Judges", "Needs a reference translation (New project › Reference).")
    if len(project.candidates) == 1:
        try:  # the commonest case, said in the user's language: it compares translations
            cls().check(_two_candidates(project))
            return QCoreApplication.translate("Judges", "Needs at least two translations to compare.")
        except Exception:
            pass
    # a judge's own reason, in the interface language where it has been translated (packaging/ko_first_use.py)
    return QCoreApplication.translate("JudgeReasons", reason)


def dimension_name(dimension: str) -> str:
    """A score dimension in the interface language: the judges' own (context "Scores"), else the name the
    ranking view (TransEvalnia's criteria) or the Learn view (VERSE's categories) gives it; as written
    when none has it. (Here so the Scores dock and the run comparison name a dimension alike.)"""
    for context in ("Scores", "RankingView", "Learning"):
        shown = QCoreApplication.translate(context, dimension)
        if shown != dimension:
            return shown
    return dimension
