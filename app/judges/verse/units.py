"""VERSE unit bodies that turn model answers into Judgments: classification and the 1–3 answers.

Split from verse.py to keep the judge's planning readable. Nothing here writes to the store.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from litlens.app.core import prompts
from litlens.app.judges.common import AnswerError, ParagraphPair, UnitRef, ask
from litlens.app.judges.verse.aggregate import CATEGORIES, SCALE, UNCLASSIFIED
from litlens.app.judges.verse.parse import check_score, read_labels, read_paragraph_answers
from litlens.app.llm.base import LLMRequest
from litlens.app.core.model import Judgment, Score

if TYPE_CHECKING:
    from litlens.app.judges.base import Judge, UnitContext

_SCORE = {"type": "integer", "minimum": SCALE[0], "maximum": SCALE[1]}


def classify_schema(allow_unclassified: bool = False) -> dict[str, Any]:
    """One category per question. By default the enum is exactly the paper's nine names and nothing is
    asked beyond the category (its classifier returned the list of categories only); the descriptions
    mode adds "unclassified" and a reason."""
    props: dict[str, Any] = {"question": {"type": "integer", "minimum": 1},
                             "category": {"type": "string", "enum": list(CATEGORIES)}}
    if allow_unclassified:
        props["category"] = {"type": "string", "enum": [*CATEGORIES, UNCLASSIFIED]}
        props["reason"] = {"type": "string"}
    item = {"type": "object", "additionalProperties": False, "properties": props, "required": list(props)}
    return {"type": "object", "additionalProperties": False,
            "properties": {"labels": {"type": "array", "items": item}}, "required": ["labels"]}


def paragraph_answer_schema() -> dict[str, Any]:
    item = {"type": "object", "additionalProperties": False,
            "properties": {"question": {"type": "integer", "minimum": 1}, "score": _SCORE},
            "required": ["question", "score"]}
    return {"type": "object", "additionalProperties": False,
            "properties": {"answers": {"type": "array", "items": item}}, "required": ["answers"]}


QUESTION_ANSWER_SCHEMA = {"type": "object", "additionalProperties": False, "properties": {"score": _SCORE},
                          "required": ["score"]}


def read_classification(judge: str, key: str, paragraph: int, questions: list[dict[str, str]],
                        data: dict[str, Any], allow_unclassified: bool = False) -> Judgment:
    labels, error = read_labels(data, len(questions), allow_unclassified)
    if error:
        raise AnswerError(error)
    joined = [{"id": q["id"], "text": q["text"], **lab} for q, lab in zip(questions, labels)]
    # a question left without a category is not scored (the paper discarded these); it stays on record
    return Judgment(judge=judge, unit=key, candidate=None, paragraph=paragraph,
                    data={"labels": [lab for lab in joined if lab["category"] is not None],
                          "unlabelled": [lab for lab in joined if lab["category"] is None]})


def _numbered(questions: list[dict[str, Any]]) -> str:
    return "\n".join(f"{k + 1}. {q['text']}" for k, q in enumerate(questions))


def answer_runner(judge: Judge, key: str, pp: ParagraphPair, deps: list[str], system: str,
                  reference: str | None, per_paragraph: bool) -> Callable[[UnitContext], Awaitable[Judgment]]:
    """The run() of one answers/{candidate}/p{i} unit, in either answer mode."""
    paragraph = pp.index

    def request(user: str, schema: dict[str, Any], max_tokens: int) -> LLMRequest:
        # the paragraph, its translation and any reference come before the question: asked one question
        # per call, every call about this translation shares that start (tags inside the texts are
        # escaped, so the first "<question" is the block's own). One call per paragraph shares nothing
        # worth a cache write (Anthropic bills writes above the plain input price).
        shared = 0 if per_paragraph else max(0, user.find("<question"))
        return LLMRequest(system=system, user=user, schema=schema, schema_name="verse_answers",
                          temperature=0.0, max_tokens=max_tokens, judge=judge.id,
                          prompt_version=judge.prompt_version, shared_user_chars=shared)

    def render(**extra: Any) -> str:
        return prompts.render("verse/answer_user.j2", source=pp.source, translation=pp.target,
                              reference=reference, per_paragraph=per_paragraph, **extra)

    ref = UnitRef(judge.id, key, pp.candidate, paragraph)

    def read_answers(count: int) -> Callable[[dict[str, Any]], list[int]]:
        def read(data: dict[str, Any]) -> list[int]:
            values, error = read_paragraph_answers(data, count)
            if error:
                raise AnswerError(error)
            return values
        return read

    def read_score(data: dict[str, Any]) -> int:
        value = data.get("score")
        error = check_score(value)
        if error:
            raise AnswerError(error)
        return int(value)

    async def run(ctx: UnitContext) -> Judgment:
        questions = [lab for d in deps for lab in ctx.deps[d].data.get("labels", [])]
        if not questions:
            return Judgment(judge=judge.id, unit=key, candidate=pp.candidate, paragraph=paragraph,
                            data={"answers": [], "note": "no usable questions for this paragraph"})
        if per_paragraph:
            got = await ask(ctx, request(render(questions=_numbered(questions), count=len(questions)),
                                         paragraph_answer_schema(), 60 + 25 * len(questions)),
                            ref, read_answers(len(questions)))
            if isinstance(got, Judgment):
                return got
            values = got
        else:
            # One call per question, as in the paper; they run concurrently under the client's limits.
            import asyncio  # (loaded by the running loop; loading the judge to show the window does not)
            each = await asyncio.gather(*[
                ask(ctx, request(render(question=q["text"]), QUESTION_ANSWER_SCHEMA, 40), ref, read_score,
                    about=f"question {q['id']}") for q in questions])
            bad = next((g for g in each if isinstance(g, Judgment)), None)
            if bad is not None:
                return bad  # the first failed question, in question order
            values = [g for g in each if isinstance(g, int)]
        scores = [Score(q["category"], v, SCALE[0], SCALE[1], q["text"]) for q, v in zip(questions, values)]
        answers = [{"id": q["id"], "question": q["text"], "category": q["category"], "score": v}
                   for q, v in zip(questions, values)]
        mode = "per-paragraph" if per_paragraph else "per-question"
        return Judgment(judge=judge.id, unit=key, candidate=pp.candidate, paragraph=paragraph, scores=scores,
                        data={"mode": mode, "answers": answers})

    return run
