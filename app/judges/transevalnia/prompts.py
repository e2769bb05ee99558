"""TransEvalnia (seed 004) prompts and answer schemas: span evaluation, Likert scoring, and the ranking
prompts of the one-step, two-step, three-step (interleaved) and no-reasoning methods.

The three-step method's interleaving is an LLM call by default, as in seed 004 (A.4.1): the model
regroups the evaluations by topic, then a second call ranks from its text. Regrouping the stored
structured evaluations here, deterministically (``interleave``), is our option: no call, no distortion.
The evaluation and scoring requests carry one worked example each (004 gives one-shot examples in
A.2/A.3; ours are our own) as a user turn answered by an assistant turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litlens.app.core import prompts

LIKERT = (1, 5)  # the paper's 5-point Likert scale, 1 worst and 5 best


@dataclass(frozen=True)
class Dimension:
    key: str
    name: str
    question: str


# The paper's six dimensions (§5.1), in its order; definitions in our own words.
ACCURACY = Dimension("accuracy", "Accuracy", "does the translation convey the sense of the original "
                     "correctly?")
TERMINOLOGY = Dimension("terminology", "Terminology", "are terms the established, correct equivalents of "
                        "the source's terms, following normal usage in the target language?")
LINGUISTIC = Dimension("linguistic_conventions", "Linguistic Conventions", "is the translation fluent "
                       "and grammatical?")
EMOTIONAL = Dimension("emotional_content", "Emotional Content", "does the translation carry the "
                      "feeling and emotive force of the original?")
AUDIENCE = Dimension("audience_appropriateness", "Audience Appropriateness", "are the words and "
                     "expressions ones that {target}-speaking readers know and would expect?")
HALLUCINATIONS = Dimension("hallucinations", "Hallucinations", "is there material that matches nothing "
                           "in the original and that no need to adapt the text for its readers explains?")
MISSING = Dimension("missing_content", "Missing Content", "is important information from the original "
                    "left out of the translation?")
OVERALL = Dimension("overall", "Overall", "the translation as a whole.")


def dimensions(poetry: bool, target_language: str = "the target language") -> list[Dimension]:
    """The six dimensions; poetry swaps Linguistic Conventions for Emotional Content (the haiku set)."""
    third = EMOTIONAL if poetry else LINGUISTIC
    dims = [ACCURACY, TERMINOLOGY, third, AUDIENCE, HALLUCINATIONS, MISSING]
    return [Dimension(d.key, d.name, d.question.format(target=target_language)) for d in dims]


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "properties": props, "required": list(props)}


def evaluation_schema(span_count: int | None, dims: list[Dimension]) -> dict[str, Any]:
    """The evaluation answer, then ``overall``.

    ``span_count`` None (the paper's method): the model cuts the translation itself, so ``spans`` is an
    array of objects, each quoting its span (``text``) before commenting on it per dimension. With
    pre-cut spans: one object per given span (``span_1``…); named properties rather than an array, so
    the schema fixes the number of spans, which strict structured output can enforce."""
    if span_count is None:
        quoted = _obj({"text": {"type": "string"}, **{d.key: {"type": "string"} for d in dims}})
        return _obj({"spans": {"type": "array", "items": quoted}, "overall": {"type": "string"}})
    span = _obj({d.key: {"type": "string"} for d in dims})
    return _obj({**{f"span_{i + 1}": span for i in range(span_count)}, "overall": {"type": "string"}})


def scoring_schema(dims: list[Dimension]) -> dict[str, Any]:
    score = {"type": "integer", "minimum": LIKERT[0], "maximum": LIKERT[1]}
    return _obj({**{d.key: score for d in dims}, OVERALL.key: score})


def ranking_schema(names: list[str], method: str, full: bool = False) -> dict[str, Any]:
    """Reasoning comes before the verdict so the model decides after it has reasoned. The verdict is
    the best translation (what seed 004 asks), or with ``full`` a ranking of all of them."""
    verdict: dict[str, Any] = {"ranking": {"type": "array", "items": {"type": "string", "enum": names}}} if full \
        else {"best": {"type": "string", "enum": names}}
    if method == "no-reasoning":
        return _obj(verdict)
    props: dict[str, Any] = {}
    if method == "one-step":
        props["evaluations"] = _obj({_key(n): {"type": "string"} for n in names})
    props["rationale"] = {"type": "string"}
    props.update(verdict)
    return _obj(props)


INTERLEAVE_SCHEMA = _obj({"interleaved": {"type": "string"}})


def interleave_user(source: str, items: list[Item], dims: list[Dimension]) -> str:
    """The three-step method's middle call: the model regroups the evaluations by topic (004 A.4.1)."""
    shown = [dict(name=it.name, text=it.text, evaluation=evaluation_text(it.evaluation or {}, dims))
             for it in items]
    return prompts.render("transevalnia/interleave.j2", source=source, items=shown, dimensions=dims)


def _example() -> dict[str, Any]:
    import json

    from litlens.app.core.resources import read_resource_once
    return json.loads(read_resource_once("prompts", "transevalnia", "examples.json"))


def evaluation_turns(dims: list[Dimension], model_spans: bool) -> tuple[tuple[str, str], ...]:
    """The one-shot example of the evaluation step, in the schema of the real request."""
    import json
    ex = _example()
    spans = [sp["text"] for sp in ex["spans"]]
    user = evaluation_user(ex["source"], ex["translation"], None if model_spans else spans)
    comments = [{d.key: sp["comments"][d.key] for d in dims} for sp in ex["spans"]]
    if model_spans:
        answer: dict[str, Any] = {"spans": [{"text": t, **c} for t, c in zip(spans, comments)]}
    else:
        answer = {f"span_{i + 1}": c for i, c in enumerate(comments)}
    answer["overall"] = ex["overall"]
    return (("user", user), ("assistant", json.dumps(answer, ensure_ascii=False)))


def scoring_turns(dims: list[Dimension]) -> tuple[tuple[str, str], ...]:
    """The one-shot example of the scoring step: the example's evaluation, then its scores."""
    import json
    ex = _example()
    evaluation = {"spans": [{"text": sp["text"], "comments": sp["comments"]} for sp in ex["spans"]],
                  "overall": ex["overall"]}
    user = scoring_user(ex["source"], ex["translation"], evaluation, dims)
    scores = {d.key: ex["scores"][d.key] for d in [*dims, OVERALL]}
    return (("user", user), ("assistant", json.dumps(scores)))


def _key(name: str) -> str:
    """"Translation 3" -> "translation_3" (a schema property name)."""
    return name.lower().replace(" ", "_")


def system(source_language: str, target_language: str, poetry: bool) -> str:
    dims = dimensions(poetry, target_language)
    return prompts.render("transevalnia/system.j2", source_language=source_language,
                          target_language=target_language, poetry=poetry, dimensions=dims)


def span_list(spans: list[str]) -> str:
    return "\n".join(f"Span {i + 1}: {s}" for i, s in enumerate(spans))


def evaluation_user(source: str, translation: str, spans: list[str] | None) -> str:
    """The evaluation request; ``spans`` None asks the model to choose the cut points (the paper's way)."""
    return prompts.render("transevalnia/evaluate.j2", source=source, translation=translation,
                          spans=spans, span_list=span_list(spans) if spans is not None else "")


def evaluation_text(evaluation: dict[str, Any], dims: list[Dimension]) -> str:
    """A stored evaluation as the plain text a later prompt reads (span by span, then overall)."""
    lines: list[str] = []
    for i, sp in enumerate(evaluation["spans"]):
        lines.append(f"Span {i + 1}: {sp['text']}")
        lines += [f"  {d.name}: {sp['comments'].get(d.key, '')}" for d in dims]
    lines.append(f"Overall: {evaluation['overall']}")
    return "\n".join(lines)


def scoring_user(source: str, translation: str, evaluation: dict[str, Any], dims: list[Dimension]) -> str:
    return prompts.render("transevalnia/score.j2", source=source, translation=translation,
                          evaluation=evaluation_text(evaluation, dims))


@dataclass
class Item:
    """One candidate as presented in a ranking prompt."""

    name: str  # neutral, e.g. "Translation 2"
    text: str
    evaluation: dict[str, Any] | None = None


def ranking_user(method: str, source: str, items: list[Item], dims: list[Dimension], full: bool = False,
                 interleaved: str | None = None) -> str:
    """The ranking request. Three-step with ``interleaved`` (the model's regrouping, the paper's way)
    quotes that text; without it the evaluations are regrouped here (our option)."""
    if method in ("one-step", "no-reasoning"):
        template = "rank_one_step.j2" if method == "one-step" else "rank_no_reasoning.j2"
        return prompts.render(f"transevalnia/{template}", source=source, items=items, full=full)
    if method == "three-step" and interleaved is not None:
        return prompts.render("transevalnia/rank_interleaved_model.j2", source=source, items=items,
                              interleaved=interleaved, full=full)
    if any(it.evaluation is None for it in items):
        raise ValueError(f"the {method} ranking needs every candidate's evaluation")
    if method == "two-step":
        shown = [dict(name=it.name, text=it.text, evaluation=evaluation_text(it.evaluation or {}, dims))
                 for it in items]
        return prompts.render("transevalnia/rank_two_step.j2", source=source, items=shown, full=full)
    if method == "three-step":
        return prompts.render("transevalnia/rank_interleaved.j2", source=source, full=full,
                              **interleave(items, dims))
    raise ValueError(f"unknown ranking method {method!r}")


def interleave(items: list[Item], dims: list[Dimension]) -> dict[str, Any]:
    """Regroup evaluations by topic: translations with their spans first, then one section per
    dimension holding every translation's comments on it, then the overall summaries."""
    head = [dict(name=it.name, text=it.text,
                 span_list=span_list([sp["text"] for sp in (it.evaluation or {})["spans"]]))
            for it in items]
    sections = []
    for d in dims:
        entries = []
        for it in items:
            ev = it.evaluation or {}
            body = "\n".join(f"Span {i + 1} ({sp['text']}): {sp['comments'].get(d.key, '')}"
                             for i, sp in enumerate(ev["spans"]))
            entries.append(dict(name=it.name, text=body))
        sections.append(dict(title=d.name, entries=entries))
    sections.append(dict(title="Overall", entries=[dict(name=it.name, text=(it.evaluation or {})["overall"])
                                                   for it in items]))
    return {"items": head, "sections": sections}
