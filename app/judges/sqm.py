"""SQM (seed 002, §3): an overall 0–6 quality rating per paragraph, weighted toward style and artistry.

The paper's annotators gave each paragraph translation one rating from 0 to 6 based on its overall
quality, especially its stylistic and artistic qualities relative to the source, and could scroll to the
other translations of the passage to compare; here an LLM does the same and adds a short rationale. By
default (``candidates=together``) a paragraph's translations are shown in one request under letters and
rated each on its own; ``candidates=alone`` asks about each translation separately (one request per
translation and paragraph). With ``human=LABEL`` the summary adds the paper's adequacy measure.
"""

from __future__ import annotations

import string
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Literal

from litlens.app.core import prompts
from litlens.app.metrics.adequacy import adequacy_summary
from litlens.app.metrics.uncertainty import mean_interval
from litlens.app.judges.base import Judge, Summary, Unit, UnitContext
from litlens.app.judges.common import (AnswerError, ParagraphPair, UnitRef, ask, check_human, paragraph_pairs,
                                       unaligned_unit)
from litlens.app.judges import cards
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.llm.tokens import request_tokens
from litlens.app.core.model import Judgment, Project, Score, text_hash

DIMENSION = "SQM"
SCALE = (0, 6)


def together_schema(letters: list[str]) -> dict[str, Any]:
    """A rationale first, then one whole-number rating per letter."""
    rating = {"type": "integer", "minimum": SCALE[0], "maximum": SCALE[1]}
    return {"type": "object", "additionalProperties": False, "required": ["rationale", "ratings"],
            "properties": {"rationale": {"type": "string"},
                           "ratings": {"type": "object", "additionalProperties": False, "required": letters,
                                       "properties": {ltr: dict(rating) for ltr in letters}}}}


def answer_schema() -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": ["rationale", "score"],
            "properties": {"rationale": {"type": "string"},
                           "score": {"type": "integer", "minimum": SCALE[0], "maximum": SCALE[1]}}}


class SqmJudge(Judge):
    id = "sqm"
    name = "SQM (overall quality, 0–6)"
    description = ("Rates each paragraph of each translation 0–6 for overall quality, especially style and "
                   "artistry relative to the source, with a short rationale (seed 002).")
    needs_llm = True
    reference = "none"
    prompt_version = prompts.Versioned("sqm", "sqm/1")
    protocol = cards.SQM  # paper, sections, calls and deviations (litlens judges --details)

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        human: str | None = option(None, kind="candidate",
                                   help="The candidate that is the human translation, for the adequacy table")
        candidates: Literal["together", "alone"] = option(
            "together", help="together: a paragraph's translations shown side by side under letters in one "
                             "request, each rated on its own (the paper's raters could compare them); alone: "
                             "one request per translation (ours)")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        human = check_human(project, self.id, options.human)
        pairs = [pp for cand in project.candidates for pp in paragraph_pairs(project, cand)]
        if options.candidates == "alone":
            return [self._unit(project, pp, human) for pp in pairs]
        rows: dict[tuple[int, ...], list[ParagraphPair]] = defaultdict(list)
        for pp in pairs:  # translations aligned to the same source paragraphs are rated together
            if pp.source and pp.target:
                rows[pp.pair.source].append(pp)
        units = []
        for pp in pairs:
            row = rows.get(pp.pair.source, []) if pp.source and pp.target else []
            units.append(self._together_unit(project, row, pp, human) if len(row) > 1
                         else self._unit(project, pp, human))
        return units

    def _together_unit(self, project: Project, row: list[ParagraphPair], pp: ParagraphPair,
                       human: str | None) -> Unit:
        """``pp``'s rating, read from the one request every translation of its row shares (asked once:
        the units of a row send the same request and the client answers the others from its cache)."""
        letters = list(string.ascii_uppercase[:len(row)])
        mine = letters[row.index(pp)]
        langs = {project.candidate(p.candidate).text.language for p in row}
        variables = {"source_language": language_name(project.source.language), "count": len(row),
                     "target_language": language_name(langs.pop()) if len(langs) == 1 else "the target language"}
        system = prompts.render("sqm/together_system.j2", **variables)
        user = prompts.render("sqm/together_user.j2", source=pp.source,
                              translations=[(ltr, p.target) for ltr, p in zip(letters, row)], **variables)
        request = LLMRequest(system=system, user=user, schema=together_schema(letters), schema_name="sqm_ratings",
                             temperature=0.0, max_tokens=150 + 150 * len(row), judge=self.id,
                             prompt_version=self.prompt_version)
        para = pp.paragraph

        def read(data: dict[str, Any]) -> Judgment:
            ratings = data.get("ratings")
            value = ratings.get(mine) if isinstance(ratings, dict) else None
            if not isinstance(value, int) or isinstance(value, bool) or not SCALE[0] <= value <= SCALE[1]:
                raise AnswerError(f"SQM rating of translation {mine} {value!r} is not a whole number from 0 to 6")
            rationale = str(data.get("rationale") or "")
            return Judgment(judge=self.id, unit=pp.key, candidate=pp.candidate, paragraph=para,
                            scores=[Score(DIMENSION, value, *SCALE, rationale)],
                            data={"human": human, "letter": mine, "rated_with": [p.candidate for p in row]})

        async def run(ctx: UnitContext) -> Judgment:
            return await ask(ctx, request, UnitRef(self.id, pp.key, pp.candidate, para), read)

        shared = text_hash(system, user)
        return Unit(judge=self.id, key=pp.key, candidate=pp.candidate, paragraph=para, run=run,
                    input_hash=text_hash(shared, mine, str(human)), request_key=shared,
                    est_input_tokens=request_tokens(request), est_output_tokens=60 + 60 * len(row))

    def _unit(self, project: Project, pp: ParagraphPair, human: str | None) -> Unit:
        para = pp.paragraph
        if not pp.source or not pp.target:
            return unaligned_unit(self.id, pp, text_hash(pp.source, pp.target, str(human)), human=human)
        variables = {"source_language": language_name(project.source.language),
                         "target_language": language_name(project.candidate(pp.candidate).text.language)}
        system = prompts.render("sqm/system.j2", **variables)
        user = prompts.render("sqm/user.j2", source=pp.source, translation=pp.target, **variables)
        request = LLMRequest(system=system, user=user, schema=answer_schema(), schema_name="sqm_rating",
                             temperature=0.0, max_tokens=300, judge=self.id,
                             prompt_version=self.prompt_version)

        def read(data: dict[str, Any]) -> Judgment:
            value = data.get("score")
            if not isinstance(value, int) or isinstance(value, bool) or not SCALE[0] <= value <= SCALE[1]:
                raise AnswerError(f"SQM rating {value!r} is not a whole number from 0 to 6")
            rationale = str(data.get("rationale") or "")
            return Judgment(judge=self.id, unit=pp.key, candidate=pp.candidate, paragraph=para,
                            scores=[Score(DIMENSION, value, *SCALE, rationale)], data={"human": human})

        async def run(ctx: UnitContext) -> Judgment:
            return await ask(ctx, request, UnitRef(self.id, pp.key, pp.candidate, para), read)

        return Unit(judge=self.id, key=pp.key, candidate=pp.candidate, paragraph=para, run=run,
                    input_hash=text_hash(system, user, str(human)),
                    est_input_tokens=request_tokens(request), est_output_tokens=120)

    def summarize(self, results: list[Judgment]) -> list[Summary]:
        ok = [j for j in results if j.status == "ok" and j.scores]
        if not ok:
            return []
        per: dict[str, list[float]] = defaultdict(list)
        for j in ok:
            per[j.candidate or ""].extend(s.value for s in j.scores if s.dimension == DIMENSION)
        rows = [[c, str(len(v)), f"{sum(v) / len(v):.2f}", f"{min(v):g}", f"{max(v):g}"]
                for c, v in per.items() if v]
        ivs = {c: mean_interval(v, bounds=SCALE) for c, v in per.items() if v}  # 95% over paragraphs
        out = [Summary(title="SQM per candidate (0–6)", headers=["candidate", "paragraphs", "mean", "min", "max"],
                       rows=rows, data={c: {"paragraphs": len(v), "mean": sum(v) / len(v),
                                            "ci95": ivs[c].as_list()} for c, v in per.items() if v},
                       intervals={c: {"mean": b} for c, iv in ivs.items() if iv and (b := iv.as_list())})]
        adequacy = adequacy_summary(ok)
        if adequacy is not None:
            out.append(adequacy)
        return out
