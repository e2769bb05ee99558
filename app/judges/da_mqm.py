"""DA-MQM (seed 000, step 1): four criteria scored 1–5 per paragraph against a rubric.

Criteria: Lexical Choice, Honorifics (dialogue only), Syntax & Grammar, Content Accuracy. The paper's
protocol (the default, ``protocol=paper``) asks the model about ONE criterion per call, with only that
criterion's App. C rubric (App. J.3), so a paragraph costs four calls; ``protocol=combined`` asks for all
four in one call, cheaper but not what the paper measured. A paragraph with no dialogue gets
Honorifics = 5 without asking the model (the paper's rule); dialogue is decided from the turns of speech
found in the source and in the translation, not from quote marks (litlens.app.texts.speech). Evaluation
runs at temperature 0 and no reasoning is requested unless the user asks for a short rationale (the
paper found chain of thought hurts). Means are reported with and without the forced 5s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from litlens.app.core import prompts
from litlens.app.core.languages import language_name
from litlens.app.core.model import Judgment, Project, Score, text_hash
from litlens.app.judges.base import Judge, Summary, Unit, UnitContext
from litlens.app.judges.common import (AnswerError, ParagraphPair, UnitRef, ask, ledger_summary,
                                       paragraph_pairs, unaligned_unit)
from litlens.app.judges import cards, offload, termbase_context
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.llm.base import LLMRequest
from litlens.app.llm.tokens import request_tokens
from litlens.app.metrics.uncertainty import cluster_mean, mean_interval
from litlens.app.texts.speech import has_speech

CRITERIA = {  # schema key -> dimension name shown to users
    "lexical_choice": "Lexical Choice",
    "honorifics": "Honorifics",
    "syntax_grammar": "Syntax & Grammar",
    "content_accuracy": "Content Accuracy",
}
UNIT_SUFFIX = {"lexical_choice": "lexical", "honorifics": "honorifics", "syntax_grammar": "syntax",
               "content_accuracy": "content"}
HONORIFICS = CRITERIA["honorifics"]
SCALE = (1, 5)
FORCED_NOTE = "No dialogue in the source or the translation: 5 by the paper's rule, not asked."


SCORE_FIELD = {"type": "integer", "minimum": SCALE[0], "maximum": SCALE[1]}


def answer_schema(keys: list[str], rationale: bool) -> dict[str, Any]:
    """All asked criteria by key (combined protocol)."""
    props: dict[str, Any] = {k: dict(SCORE_FIELD) for k in keys}
    required = list(keys)
    if rationale:
        props["rationale"] = {"type": "object", "additionalProperties": False,
                              "properties": {k: {"type": "string"} for k in keys}, "required": keys}
        required.append("rationale")
    return {"type": "object", "additionalProperties": False, "properties": props, "required": required}


def single_schema(rationale: bool) -> dict[str, Any]:
    """One criterion's score (paper protocol): the paper's "<n>" answer as a JSON field."""
    props: dict[str, Any] = {"score": dict(SCORE_FIELD)}
    if rationale:
        props = {"rationale": {"type": "string"}, **props}
    return {"type": "object", "additionalProperties": False, "properties": props, "required": list(props)}


def has_dialogue(project: Project, pp: ParagraphPair) -> bool:
    """A turn of speech on either side: a translation that renders narration as speech (or the reverse)
    still has forms of address to get right."""
    return dialogue_flags(project.source.language, project.candidate(pp.candidate).text.language,
                          [(pp.source, pp.target)])[0]


def dialogue_flags(source_language: str, target_language: str, pairs: list[tuple[str, str]]) -> list[bool]:
    """``has_dialogue`` of many (source, target) paragraph pairs in one call, so planning sends one request
    to the window's analyser process (Korean speech is told by Kiwi's sentence endings)."""
    return [has_speech(src, source_language) or has_speech(tgt, target_language) for src, tgt in pairs]


def _check(dim: str, value: Any) -> int:
    # bool is an int in Python; True is not a score
    if isinstance(value, bool) or not isinstance(value, int) or not SCALE[0] <= value <= SCALE[1]:
        raise AnswerError(f"{dim} score {value!r} is outside 1–5")
    return value


class DaMqmJudge(Judge):
    id = "da-mqm"
    name = "DA-MQM (4 criteria, 1–5)"
    description = ("Scores each paragraph 1–5 on Lexical Choice, Honorifics, Syntax & Grammar and Content "
                   "Accuracy against the paper's rubric, one criterion per call (seed 000, step 1).")
    needs_llm = True
    reference = "optional"
    prompt_version = prompts.Versioned("da_mqm", "da-mqm/2")
    protocol = cards.DA_MQM  # paper, sections, calls and deviations (litlens judges --details)

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        protocol: Literal["paper", "combined"] = option(
            "paper", help="paper: one call per criterion with only its rubric (seed 000, App. J.3); "
                          "combined: all four criteria in one call (cheaper; our deviation)")
        use_reference: bool = option(True, help="Show the model the reference translation when there is one")
        rationale: bool = option(False, help="Ask for a short reason with each score (costs more tokens; "
                                             "the paper asks for the score alone)")
        honorifics_default: bool = option(
            True, help="Score Honorifics 5 without asking for paragraphs with no dialogue (the paper's rule)")
        guidelines: bool = option(False, help="Add the human annotators' notes (App. E) to the rubric; the "
                                              "paper's model never saw them")
        ledger_context: bool = option(
            False, help="Give the Honorifics criterion the Korean analyser's summary of who speaks to whom "
                        "at which speech level across the candidate (our addition; not in the paper)")
        termbase: str = option("", help=termbase_context.HELP + "; given to the Lexical Choice criterion")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        units: list[Unit] = []
        termbase = termbase_context.load(project, options.termbase, self.id)
        for cand in project.candidates:
            ledger = ledger_summary(project, cand.label, self.id) if options.ledger_context else None
            pps = list(paragraph_pairs(project, cand))
            aligned = [(pp.source, pp.target) for pp in pps if pp.source and pp.target]
            # planning runs on a worker thread; in the window, Kiwi answers from the analyser process
            flags = iter(offload.call(dialogue_flags, project.source.language, cand.text.language, aligned))
            for pp in pps:
                if not pp.source or not pp.target:
                    units.append(unaligned_unit(self.id, pp, text_hash(pp.source, pp.target)))
                    continue
                dialogue = next(flags)
                force = options.honorifics_default and not dialogue
                if options.protocol == "combined":
                    asked = [k for k in CRITERIA if not (force and k == "honorifics")]
                    units.append(self._unit(project, pp, options, asked, force, dialogue, ledger, termbase))
                    continue
                for key in CRITERIA:
                    if force and key == "honorifics":
                        units.append(_forced_unit(self.id, pp))
                    else:
                        units.append(self._unit(project, pp, options, [key], False, dialogue, ledger, termbase))
        return units

    def _unit(self, project: Project, pp: ParagraphPair, opts: Options, asked: list[str], force: bool,
              dialogue: bool, ledger: str | None = None, termbase: Any = None) -> Unit:
        single = opts.protocol == "paper"
        key = f"{pp.key}/{UNIT_SUFFIX[asked[0]]}" if single else pp.key
        variables = dict(source_language=language_name(project.source.language),
                         target_language=language_name(project.candidate(pp.candidate).text.language),
                         reference=pp.reference if opts.use_reference else None, criteria=asked,
                         names=[CRITERIA[k] for k in asked], guidelines=opts.guidelines,
                         skipped=[HONORIFICS] if force else [], rationale=opts.rationale,
                         # the ledger is context for Honorifics only; other criteria keep the paper's prompt
                         ledger=ledger if "honorifics" in asked else None,
                         # the termbase is context for Lexical Choice only, likewise
                         termbase=termbase_context.block(termbase, pp.source) if "lexical_choice" in asked
                         else None)
        system = prompts.render("da_mqm/system.j2", **variables)
        user = prompts.render("da_mqm/user.j2", source=pp.source, translation=pp.target, **variables)
        schema = single_schema(opts.rationale) if single else answer_schema(asked, opts.rationale)
        tokens = (200 if single else 600) if opts.rationale else (40 if single else 120)
        request = LLMRequest(system=system, user=user, schema=schema,
                             schema_name="da_mqm_score" if single else "da_mqm_scores", temperature=0.0,
                             max_tokens=tokens, judge=self.id, prompt_version=self.prompt_version)
        meta = {"protocol": opts.protocol, "dialogue": dialogue,
                **(termbase_context.recorded(termbase, variables["termbase"]) if "lexical_choice" in asked else {})}

        def read(data: dict[str, Any]) -> Judgment:
            if single:
                dim = CRITERIA[asked[0]]
                score = Score(dim, _check(dim, data.get("score")), *SCALE, str(data.get("rationale") or ""))
                return Judgment(judge=self.id, unit=key, candidate=pp.candidate, paragraph=pp.index,
                                scores=[score], data={**meta, "criterion": asked[0], "forced": []})
            return _combined(self.id, pp, data, force, meta)

        async def run(ctx: UnitContext) -> Judgment:
            return await ask(ctx, request, UnitRef(self.id, key, pp.candidate, pp.index), read)

        return Unit(judge=self.id, key=key, candidate=pp.candidate, paragraph=pp.index, run=run,
                    input_hash=text_hash(system, user), est_input_tokens=request_tokens(request),
                    est_output_tokens=request.max_tokens)

    def summarize(self, results: list[Judgment]) -> list[Summary]:
        return summarize_scores(results)


def _forced_unit(judge: str, pp: ParagraphPair) -> Unit:
    """Honorifics for a paragraph without dialogue, in the paper protocol: stored, never asked."""
    key = f"{pp.key}/{UNIT_SUFFIX['honorifics']}"

    async def run(ctx: UnitContext) -> Judgment:
        return Judgment(judge=judge, unit=key, candidate=pp.candidate, paragraph=pp.index,
                        scores=[Score(HONORIFICS, SCALE[1], *SCALE, FORCED_NOTE)],
                        data={"protocol": "paper", "dialogue": False, "criterion": "honorifics",
                              "forced": [HONORIFICS]})

    return Unit(judge=judge, key=key, candidate=pp.candidate, paragraph=pp.index, run=run, needs_llm=False,
                input_hash=text_hash(pp.source, pp.target, "forced-honorifics"))


def _combined(judge: str, pp: ParagraphPair, data: dict[str, Any], force: bool,
              meta: dict[str, Any]) -> Judgment:
    reasons = data.get("rationale") or {}
    scores = []
    for key, dim in CRITERIA.items():
        if key == "honorifics" and force:
            scores.append(Score(dim, SCALE[1], *SCALE, FORCED_NOTE))
            continue
        scores.append(Score(dim, _check(dim, data.get(key)), *SCALE, str(reasons.get(key, ""))))
    asked = [s.value for s in scores if not (force and s.dimension == HONORIFICS)]
    return Judgment(judge=judge, unit=pp.key, candidate=pp.candidate, paragraph=pp.index, scores=scores,
                    data={**meta, "mean": sum(s.value for s in scores) / len(scores),
                          "mean_asked": sum(asked) / len(asked), "honorifics_scored": not force,
                          "forced": [HONORIFICS] if force else []})


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f}"


def summarize_scores(results: list[Judgment]) -> list[Summary]:
    """Per candidate: each criterion's mean, and the overall mean with the forced Honorifics 5s and
    without them (the forced values lift a text with little dialogue, so both are shown). A forced 5
    counts only for a paragraph whose asked criteria were scored: when every call of a paragraph failed,
    the 5 that needed no call must not stand in for its score."""
    scored = {(j.candidate or "", j.paragraph) for j in results
              if j.status == "ok" and any(s.dimension not in set(j.data.get("forced") or ()) for s in j.scores)}
    per: dict[str, dict[str, Any]] = {}
    for j in results:
        if j.status != "ok" or not j.scores or (j.candidate or "", j.paragraph) not in scored:
            continue
        p = per.setdefault(j.candidate or "", {"all": {d: [] for d in CRITERIA.values()},
                                               "asked": {d: [] for d in CRITERIA.values()},
                                               "paragraphs": set(), "forced": 0,
                                               "by_para": {}, "by_para_asked": {}})
        p["paragraphs"].add(j.paragraph)
        forced = set(j.data.get("forced") or ())
        for s in j.scores:
            p["all"].setdefault(s.dimension, []).append(s.value)
            p["by_para"].setdefault(j.paragraph, []).append(s.value)
            if s.dimension in forced:
                p["forced"] += 1
            else:
                p["asked"].setdefault(s.dimension, []).append(s.value)
                p["by_para_asked"].setdefault(j.paragraph, []).append(s.value)
    if not per:
        return []
    rows, data, intervals = [], {}, {}
    for cand, p in per.items():
        # 95% t-intervals over paragraphs (a paragraph's criteria share its translation: one unit)
        ivs = {d: mean_interval(v, bounds=SCALE) for d, v in p["all"].items()}
        ivs |= {"Honorifics (asked only)": mean_interval(p["asked"][HONORIFICS], bounds=SCALE),
                "mean": cluster_mean(p["by_para"], bounds=SCALE),
                "mean without forced 5s": cluster_mean(p["by_para_asked"], bounds=SCALE)}
        intervals[cand] = {k: b for k, iv in ivs.items() if iv is not None and (b := iv.as_list())}
        every = [v for vals in p["all"].values() for v in vals]
        asked = [v for vals in p["asked"].values() for v in vals]
        crit = {d: _mean(v) for d, v in p["all"].items()}
        data[cand] = {"paragraphs": len(p["paragraphs"]), "criteria": crit,
                      "honorifics_asked": _mean(p["asked"][HONORIFICS]), "forced": p["forced"],
                      "mean": _mean(every), "mean_without_forced": _mean(asked), "ci95": intervals[cand]}
        rows.append([cand, str(len(p["paragraphs"])), *(fmt(crit[d]) for d in CRITERIA.values()),
                     fmt(data[cand]["honorifics_asked"]), fmt(data[cand]["mean"]),
                     fmt(data[cand]["mean_without_forced"]), str(p["forced"])])
    headers = ["candidate", "paragraphs", *CRITERIA.values(), "Honorifics (asked only)", "mean",
               "mean without forced 5s", "forced 5s"]
    return [Summary(title="DA-MQM per candidate (1–5; Honorifics is 5 without dialogue, not asked)",
                    headers=headers, rows=rows, data=data, intervals=intervals)]
