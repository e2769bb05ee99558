"""VERSE unit bodies that turn model answers into Judgments: classification and the 1–3 answers.

Split from verse.py to keep the judge's planning readable. Nothing here writes to the store.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from litlens.app.core import prompts
from litlens.app.judges.common import ParagraphPair, failed
from litlens.app.judges.verse.aggregate import CATEGORIES, SCALE, UNCLASSIFIED
from litlens.app.judges.verse.parse import check_score, read_labels, read_paragraph_answers
from litlens.app.llm.base import LLMRequest, LLMResponse
from litlens.app.core.model import Judgment, Score

if TYPE_CHECKING:
    from litlens.app.judges.base import UnitContext
    from litlens.app.judges.verse.judge import VerseJudge

_SCORE = {"type": "integer", "minimum": SCALE[0], "maximum": SCALE[1]}


def classify_schema() -> dict[str, Any]:
    item = {"type": "object", "additionalProperties": False,
            "properties": {"question": {"type": "integer", "minimum": 1},
                           "category": {"type": "string", "enum": [*CATEGORIES, UNCLASSIFIED]},
                           "reason": {"type": "string"}},
            "required": ["question", "category", "reason"]}
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
                        resp: LLMResponse) -> Judgment:
    if not resp.ok or resp.data is None:
        return failed(judge, key, None, paragraph, resp.error or "no answer", resp.text)
    labels, error = read_labels(resp.data, len(questions))
    if error:
        return failed(judge, key, None, paragraph, error, resp.text)
    return Judgment(judge=judge, unit=key, candidate=None, paragraph=paragraph,
                    data={"labels": [{"id": q["id"], "text": q["text"], **lab}
                                     for q, lab in zip(questions, labels)]})


def _numbered(questions: list[dict[str, Any]]) -> str:
    return "\n".join(f"{k + 1}. {q['text']}" for k, q in enumerate(questions))


def answer_runner(judge: VerseJudge, key: str, pp: ParagraphPair, deps: list[str], system: str,
                  reference: str | None, per_paragraph: bool) -> Callable[[UnitContext], Awaitable[Judgment]]:
    """The run() of one answers/{candidate}/p{i} unit, in either answer mode."""
    paragraph = pp.index

    def request(user: str, schema: dict[str, Any], max_tokens: int) -> LLMRequest:
        return LLMRequest(system=system, user=user, schema=schema, schema_name="verse_answers",
                          temperature=0.0, max_tokens=max_tokens, judge=judge.id,
                          prompt_version=judge.prompt_version)

    def render(**extra: Any) -> str:
        return prompts.render("verse/answer_user.j2", source=pp.source, translation=pp.target,
                              reference=reference, per_paragraph=per_paragraph, **extra)

    def fail(error: str, raw: str | None) -> Judgment:
        return failed(judge.id, key, pp.candidate, paragraph, error, raw)

    async def run(ctx: UnitContext) -> Judgment:
        questions = [lab for d in deps for lab in ctx.deps[d].data.get("labels", [])]
        if not questions:
            return Judgment(judge=judge.id, unit=key, candidate=pp.candidate, paragraph=paragraph,
                            data={"answers": [], "note": "no usable questions for this paragraph"})
        assert ctx.llm is not None
        if per_paragraph:
            resp = await ctx.llm(request(render(questions=_numbered(questions), count=len(questions)),
                                         paragraph_answer_schema(), 60 + 25 * len(questions)))
            if not resp.ok or resp.data is None:
                return fail(resp.error or "no answer", resp.text)
            values, error = read_paragraph_answers(resp.data, len(questions))
            if error:
                return fail(error, resp.text)
        else:
            # One call per question, as in the paper; they run concurrently under the client's limits.
            resps = await asyncio.gather(*[ctx.llm(request(render(question=q["text"]), QUESTION_ANSWER_SCHEMA,
                                                           40)) for q in questions])
            values = []
            for q, r in zip(questions, resps):
                value = r.data.get("score") if r.ok and r.data is not None else None
                error = (r.error or "no answer") if not r.ok or r.data is None else check_score(value)
                if error:
                    return fail(f"question {q['id']}: {error}", r.text)
                values.append(int(value))  # type: ignore[arg-type]
        scores = [Score(q["category"], v, SCALE[0], SCALE[1], q["text"]) for q, v in zip(questions, values)]
        answers = [{"id": q["id"], "question": q["text"], "category": q["category"], "score": v}
                   for q, v in zip(questions, values)]
        mode = "per-paragraph" if per_paragraph else "per-question"
        return Judgment(judge=judge.id, unit=key, candidate=pp.candidate, paragraph=paragraph, scores=scores,
                        data={"mode": mode, "answers": answers})

    return run
