"""DA-MQM (seed 000, step 1): four criteria scored 1–5 per paragraph against a rubric.

Criteria: Lexical Choice, Honorifics (dialogue only), Syntax & Grammar, Content Accuracy. Following the
paper, a paragraph with no dialogue gets Honorifics = 5 without asking the model, evaluation runs at
temperature 0, and no chain of thought is requested unless the user asks for a short rationale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litlens.app.core import prompts
from litlens.app.judges.base import Judge, Unit, UnitContext
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.judges.common import (AnswerError, ParagraphPair, UnitRef, ask, paragraph_pairs,
                                       unaligned_unit)
from litlens.app.core.languages import has_dialogue, language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.llm.tokens import request_tokens
from litlens.app.core.model import Judgment, Project, Score, text_hash

CRITERIA = {  # schema key -> dimension name shown to users
    "lexical_choice": "Lexical Choice",
    "honorifics": "Honorifics",
    "syntax_grammar": "Syntax & Grammar",
    "content_accuracy": "Content Accuracy",
}
SCALE = (1, 5)


def answer_schema(score_honorifics: bool, rationale: bool) -> dict[str, Any]:
    keys = [k for k in CRITERIA if score_honorifics or k != "honorifics"]
    props: dict[str, Any] = {k: {"type": "integer", "minimum": SCALE[0], "maximum": SCALE[1]} for k in keys}
    required = list(keys)
    if rationale:
        props["rationale"] = {"type": "object", "additionalProperties": False,
                              "properties": {k: {"type": "string"} for k in keys}, "required": keys}
        required.append("rationale")
    return {"type": "object", "additionalProperties": False, "properties": props, "required": required}


class DaMqmJudge(Judge):
    id = "da-mqm"
    name = "DA-MQM (4 criteria, 1–5)"
    description = ("Scores each paragraph 1–5 on Lexical Choice, Honorifics, Syntax & Grammar and Content "
                   "Accuracy against a detailed rubric (seed 000, step 1).")
    needs_llm = True
    reference = "optional"
    prompt_version = prompts.version("da_mqm", "da-mqm/1")

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        use_reference: bool = option(True, help="Show the model the reference translation when there is one")
        rationale: bool = option(False, help="Ask for a short reason with each score (costs more tokens)")
        honorifics_default: bool = option(
            True, help="Score Honorifics 5 without asking for paragraphs with no dialogue (the paper's rule)")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        units: list[Unit] = []
        for cand in project.candidates:
            for pp in paragraph_pairs(project, cand):
                units.append(self._unit(project, pp, options))
        return units

    def _unit(self, project: Project, pp: ParagraphPair, opts: Options) -> Unit:
        ref = pp.reference if opts.use_reference else None
        score_hon = not (opts.honorifics_default and not has_dialogue(pp.source))
        rationale = opts.rationale
        if not pp.source or not pp.target:
            return unaligned_unit(self.id, pp, text_hash(pp.source, pp.target))
        variables = dict(source_language=language_name(project.source.language),
                         target_language=language_name(_target_language(project, pp.candidate)),
                         reference=ref, score_honorifics=score_hon, rationale=rationale)
        system = prompts.render("da_mqm/system.j2", **variables)
        user = prompts.render("da_mqm/user.j2", source=pp.source, translation=pp.target, **variables)
        request = LLMRequest(system=system, user=user, schema=answer_schema(score_hon, rationale),
                             schema_name="da_mqm_scores", temperature=0.0,
                             max_tokens=600 if rationale else 120, judge=self.id,
                             prompt_version=self.prompt_version)

        async def run(ctx: UnitContext) -> Judgment:
            return await ask(ctx, request, UnitRef(self.id, pp.key, pp.candidate, pp.index),
                             lambda data: _to_judgment(self.id, pp, data, score_hon))

        return Unit(judge=self.id, key=pp.key, candidate=pp.candidate, paragraph=pp.index, run=run,
                    input_hash=text_hash(system, user), est_input_tokens=request_tokens(request),
                    est_output_tokens=request.max_tokens)


def _target_language(project: Project, label: str) -> str:
    return project.candidate(label).text.language


def _to_judgment(judge: str, pp: ParagraphPair, data: dict[str, Any], score_hon: bool) -> Judgment:
    reasons = data.get("rationale") or {}
    scores = []
    for key, dim in CRITERIA.items():
        if key == "honorifics" and not score_hon:
            scores.append(Score(dim, 5, *SCALE, "No dialogue in this paragraph: 5 by the paper's rule."))
            continue
        value = data.get(key)
        # bool is an int in Python; True is not a score
        if isinstance(value, bool) or not isinstance(value, int) or not SCALE[0] <= value <= SCALE[1]:
            raise AnswerError(f"{dim} score {value!r} is outside 1–5")
        scores.append(Score(dim, value, *SCALE, str(reasons.get(key, ""))))
    mean = sum(s.value for s in scores) / len(scores)
    return Judgment(judge=judge, unit=pp.key, candidate=pp.candidate, paragraph=pp.index, scores=scores,
                    data={"mean": mean, "honorifics_scored": score_hon})
