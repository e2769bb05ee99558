"""MAS-LitEval (seed 003): terminology, narrative-perspective and style agents over 4,096-token chunks,
combined by a coordinator into OTQS = 0.3·T + 0.3·N + 0.4·S and a report.

Each agent reads the text chunk by chunk; chunk k of an agent depends on chunk k-1 of the same agent and
receives its carried state (term renderings so far, the established point of view, style notes) as
context, so the agents keep the whole text in view as the paper asks. Every chunk is nevertheless scored
on its own, and an agent's document score is the mean of its chunk scores weighted by chunk length; a
score "for the text so far" would count early chunks again in every later one.

The terminology agent reports, per chunk, each key term's renderings with their counts and a note, and
scores the chunk's terminology consistency 0–1: T is the length-weighted mean of those scores, as the
paper has the agent assign it. Our uniformity index over the merged term table (uniformity.py) is shown
beside it, and replaces it in OTQS with ``terminology=uniformity``. Chunks hold 4,096 tokens of source
text (``chunking=prompt``, our option, counts the whole prompt instead). The coordinator computes OTQS
here; the LLM only writes the report prose. Temperature 0.1 as in the paper.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from litlens.app.core import prompts
from litlens.app.judges.base import Judge, Payload, Summary, Unit, UnitContext
from litlens.app.judges.payloads import TermTable
from litlens.app.judges.common import AnswerError, UnitRef, ask
from litlens.app.judges import cards
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.judges.mas_liteval.chunks import AGENTS, Chunk, agent_schema, make_chunks, merge_state, \
    prompt_state, term_table_for
from litlens.app.judges.mas_liteval.uniformity import describe, terminology_score
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.llm.tokens import request_tokens
from litlens.app.metrics.otqs import WeightsError, otqs, parse_weights
from litlens.app.metrics.uncertainty import mean_interval
from litlens.app.core.model import Candidate, Judgment, Project, Score, Span, text_hash
from litlens.app.texts.terms import TermResult, find_terms

JUDGE_ID = "mas-liteval"
TEMPERATURE = 0.1
ANSWER_TOKENS = 1500  # the most an agent may answer per chunk
DIMENSIONS = {"terminology": "Terminology consistency", "narrative": "Narrative perspective",
              "style": "Stylistic fidelity"}
REPORT_SCHEMA = {"type": "object", "additionalProperties": False,
                 "properties": {"report": {"type": "string"}}, "required": ["report"]}


class MasLitEvalJudge(Judge):
    id = JUDGE_ID
    name = "MAS-LitEval (terminology, narrative, style → OTQS)"
    description = ("Three agents read the whole text in 4,096-token chunks, carrying what they learnt "
                   "from chunk to chunk: terminology consistency, narrative perspective and stylistic "
                   "fidelity scored 0–1 per chunk (length-weighted mean), with our index of how uniformly "
                   "each key term is rendered beside T; a coordinator combines them into OTQS = 0.3·T + "
                   "0.3·N + 0.4·S and writes a report (seed 003).")
    needs_llm = True
    reference = "none"
    prompt_version = prompts.Versioned("mas_liteval", "mas-liteval/2")
    protocol = cards.MAS_LITEVAL  # paper, sections, calls and deviations (litlens judges --details)

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        weights: str = option("0.3,0.3,0.4", help="OTQS weights of terminology, narrative and style, "
                                                   "three numbers summing to 1")
        spacy_model: str = option("en_core_web_sm", help="spaCy model that finds terms in the source "
                                                         "(empty: simple rules)")
        chunk_tokens: int = option(4096, range=(256, 200_000),
                                   help="Chunk size in tokens (of source text, or of the whole prompt with "
                                        "chunking=prompt)")
        chunking: Literal["text", "prompt"] = option(
            "text", help="text: chunk_tokens of source text per chunk, the translation alongside (the "
                         "paper's chunks); prompt: the whole prompt within chunk_tokens (our option)")
        terminology: Literal["agent", "uniformity"] = option(
            "agent", help="agent: T is the terminology agent's 0–1 score per chunk (the paper); "
                          "uniformity: T is our index of how uniformly each term is rendered (shown "
                          "beside T either way)")

        def __post_init__(self) -> None:
            try:
                parse_weights(self.weights)
            except WeightsError as exc:  # Options.parse turns this into an OptionError naming the judge
                raise ValueError(f"weights {self.weights!r}: {exc}") from None

    def plan(self, project: Project, options: Options) -> list[Unit]:
        weights = parse_weights(options.weights)
        limit = options.chunk_tokens
        model = options.spacy_model
        terms = find_terms(project.source.content, project.source.language, model or None)
        units: list[Unit] = []
        by_agent = options.terminology == "agent"
        for cand in project.candidates:
            units += self._candidate_units(project, cand, terms, weights, limit, options.chunking, by_agent)
        return units

    def _candidate_units(self, project: Project, cand: Candidate, terms: TermResult,
                         weights: tuple[float, float, float], limit: int, chunking: str = "text",
                         by_agent: bool = True) -> list[Unit]:
        langs = dict(source_language=language_name(project.source.language),
                     target_language=language_name(cand.text.language), score_terms=by_agent)
        overhead = self._fixed_tokens(terms.method, langs) if chunking == "prompt" else 0
        chunks = make_chunks(project, cand, limit, overhead, by=chunking)
        if not chunks:
            return []
        units: list[Unit] = []
        last: dict[str, Unit] = {}
        for agent in AGENTS:
            prev: Unit | None = None
            for chunk in chunks:
                prev = self._chunk_unit(cand.label, agent, chunk, len(chunks), prev, terms, langs)
                units.append(prev)
            assert prev is not None
            last[agent] = prev
        units.append(self._coordinator(cand, chunks, last, terms, weights, langs, by_agent))
        return units

    def _fixed_tokens(self, term_method: str, langs: dict[str, str]) -> int:
        """The prompt every chunk pays for before its text: the longest agent's system prompt, the user
        template around empty blocks and the answer schema. The carried state and the chunk's term list
        come on top; both are kept short (chunks.KEEP, chunks.NOTES)."""
        worst = 0
        for agent in AGENTS:
            variables = dict(chunk_number=1, chunk_total=1, term_method=term_method, **langs)
            request = LLMRequest(system=prompts.render(f"mas_liteval/{agent}.j2", **variables),
                                 user=prompts.render("mas_liteval/chunk_user.j2", terms=[], source="",
                                                     translation="", state="{}", **variables),
                                 schema=agent_schema(agent, bool(langs.get("score_terms", True))))
            worst = max(worst, request_tokens(request))
        return worst

    def _chunk_unit(self, label: str, agent: str, chunk: Chunk, total: int, prev: Unit | None,
                    terms: TermResult, langs: dict[str, str]) -> Unit:
        key = f"{label}/{agent}/c{chunk.index + 1}"
        in_chunk = [t.text for t in terms.terms
                    if any(chunk.source_start <= s < chunk.source_end for s, _ in t.offsets)]
        shown_terms = in_chunk if agent == "terminology" else []
        variables = dict(chunk_number=chunk.index + 1, chunk_total=total, term_method=terms.method, **langs)
        system = prompts.render(f"mas_liteval/{agent}.j2", **variables)
        by_agent = bool(langs.get("score_terms", True))
        schema = agent_schema(agent, by_agent)

        def user_prompt(state: dict[str, Any]) -> str:
            carried = json.dumps(prompt_state(agent, state), ensure_ascii=False, indent=1)
            return prompts.render("mas_liteval/chunk_user.j2", terms=shown_terms, source=chunk.source,
                                  translation=chunk.target, state=carried, **variables)

        async def run(ctx: UnitContext) -> Judgment:
            previous = ctx.deps[prev.key].data if prev is not None else {}
            state = previous.get("state", {})
            req = LLMRequest(system=system, user=user_prompt(state), schema=schema,
                             schema_name=f"mas_liteval_{agent}", temperature=TEMPERATURE, max_tokens=ANSWER_TOKENS,
                             judge=JUDGE_ID, prompt_version=self.prompt_version)
            answer = await ask(ctx, req, UnitRef(JUDGE_ID, key, label),
                               lambda data: _scored(agent, data, by_agent))
            if isinstance(answer, Judgment):
                return answer
            record: dict[str, Any] = {"chunk": chunk.index + 1, "weight": chunk.weight,
                                      "feedback": str(answer.get("feedback", ""))}
            if agent != "terminology" or by_agent:  # with the uniformity index, T has no chunk score
                record["score"] = float(answer["score"])
            return Judgment(judge=JUDGE_ID, unit=key, candidate=label, paragraph=None, data={
                "agent": agent, "chunk": chunk.as_data(), "score": record.get("score"), "answer": answer,
                "state": merge_state(agent, state, answer, chunk,
                                     ctx.project.candidate(label).text.content),
                "history": list(previous.get("history", [])) + [record], "terms_given": shown_terms})

        own = text_hash(system, user_prompt({}), json.dumps(schema, sort_keys=True))
        est_in = request_tokens(LLMRequest(system=system, user=user_prompt({}), schema=schema)) + (300 if prev else 0)
        # the prompt also depends on the previous chunk's answer, unknown at plan time: chaining its hash
        # makes a stored result valid only while the whole chain before it is the same
        return Unit(judge=JUDGE_ID, key=key, candidate=label, paragraph=None, run=run,
                    input_hash=text_hash(own, prev.input_hash if prev else ""),
                    depends_on=[prev.key] if prev else [],
                    # this agent's own prompt around the chunk, plus room for the state carried from the
                    # chunks before (none for the first)
                    est_input_tokens=est_in, est_output_tokens=600,
                    est_call_tokens=est_in + ANSWER_TOKENS)  # checked against the model's context

    def _coordinator(self, cand: Candidate, chunks: list[Chunk], last: dict[str, Unit], terms: TermResult,
                     weights: tuple[float, float, float], langs: dict[str, Any], by_agent: bool = True) -> Unit:
        key = f"{cand.label}/coordinator"
        system = prompts.render("mas_liteval/coordinator.j2", **langs)
        label = cand.label

        async def run(ctx: UnitContext) -> Judgment:
            finals = {agent: ctx.deps[u.key].data for agent, u in last.items()}
            table = term_table_for(finals["terminology"]["state"])
            t_score, per_term = terminology_score(table)
            agent_t = _weighted_mean(finals["terminology"]["history"]) if by_agent else None
            agent_scores = {"terminology": agent_t if agent_t is not None else t_score,
                            "narrative": _weighted_mean(finals["narrative"]["history"]),
                            "style": _weighted_mean(finals["style"]["history"])}
            overall = otqs(agent_scores["terminology"], agent_scores["narrative"], agent_scores["style"],
                           weights)
            findings = {
                "terms": terms.note, "weights": dict(zip(DIMENSIONS, weights)),
                "scores": {**{DIMENSIONS[a]: round(s, 3) for a, s in agent_scores.items()},
                           "OTQS": round(overall, 3)},
                "term_renderings": {t: {"renderings": {r["text"]: r["count"] for r in e["renderings"]},
                                        "uniformity": None if e["uniformity"] is None
                                        else round(e["uniformity"], 3), "notes": e["notes"]}
                                    for t, e in table.items()},
                "narrative": {k: finals["narrative"]["state"].get(k) for k in
                              ("source_perspective", "translation_perspective", "deviations")},
                "style_notes": finals["style"]["state"].get("style_notes", []),
                "feedback": {a: [h["feedback"] for h in d["history"]][-6:] for a, d in finals.items()}}
            user = prompts.render("mas_liteval/coordinator_user.j2",
                                  findings=json.dumps(findings, ensure_ascii=False, indent=1))
            request = LLMRequest(system=system, user=user, schema=REPORT_SCHEMA,
                                 schema_name="mas_liteval_report", temperature=TEMPERATURE, max_tokens=900,
                                 judge=JUDGE_ID, prompt_version=self.prompt_version)
            answer = await ask(ctx, request, UnitRef(JUDGE_ID, key, label), lambda data: data)
            if isinstance(answer, Judgment):
                return answer
            report = f"OTQS {overall:.3f}. Note: {terms.note}.\n\n{answer['report'].strip()}" \
                if terms.method == "fallback" else f"OTQS {overall:.3f}.\n\n{answer['report'].strip()}"
            uniformity_note = "mean uniformity of each repeated key term's renderings: " + describe(table, per_term)
            rationales = {"terminology": (_rationale(finals["terminology"]) + f" (our uniformity index: "
                                          f"{t_score:.3f}; {uniformity_note})") if by_agent else uniformity_note,
                          "narrative": _rationale(finals["narrative"]), "style": _rationale(finals["style"])}
            scores = [Score(DIMENSIONS[a], agent_scores[a], 0.0, 1.0, rationales[a]) for a in DIMENSIONS]
            scores.append(Score("OTQS", overall, 0.0, 1.0, "OTQS = " + " + ".join(
                f"{w:g}·{DIMENSIONS[a]}" for a, w in zip(DIMENSIONS, weights))))
            return Judgment(judge=JUDGE_ID, unit=key, candidate=label, paragraph=None, scores=scores,
                            spans=_term_spans(table), data={
                                "otqs": overall, "weights": dict(zip(DIMENSIONS, weights)),
                                "agent_scores": agent_scores, "report": report, "term_table": table,
                                "terminology_from": "agent" if by_agent else "uniformity",
                                "uniformity_T": t_score,
                                "term_uniformity": per_term,
                                "terms": terms.as_data(), "term_note": terms.note,
                                "chunks": [c.as_data() for c in chunks],
                                "chunk_scores": {a: [h["score"] for h in finals[a]["history"]]
                                                 for a in (AGENTS if by_agent else ("narrative", "style"))},
                                "chunk_weights": [c.weight for c in chunks],
                                "narrative": findings["narrative"], "style_notes": findings["style_notes"]})

        return Unit(judge=JUDGE_ID, key=key, candidate=label, paragraph=None, run=run,
                    input_hash=text_hash(system, repr(weights), terms.note, f"T from agent: {by_agent}",
                                         *(u.input_hash for u in last.values())),
                    depends_on=[u.key for u in last.values()], est_output_tokens=500,
                    # the findings it reads: scores and weights, the term table, each agent's last feedback
                    est_input_tokens=request_tokens(LLMRequest(system=system, user="", schema=REPORT_SCHEMA))
                    + 250 + 20 * len(terms.terms) + 3 * 60 * min(len(chunks), 6))

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        done = sorted((j for j in results if j.status == "ok" and "otqs" in j.data),
                      key=lambda j: j.candidate or "")
        if not done:
            return []
        notes = sorted({j.data.get("term_note", "") for j in done})
        rows = [[j.candidate or "", *(f"{j.data['agent_scores'][a]:.3f}" for a in DIMENSIONS),
                 "-" if j.data.get("uniformity_T") is None else f"{j.data['uniformity_T']:.3f}",
                 f"{j.data['otqs']:.3f}", ",".join(f"{w:g}" for w in j.data["weights"].values()),
                 j.data.get("term_note", "")] for j in done]
        data = {"candidates": {j.candidate: {"otqs": j.data["otqs"], "agent_scores": j.data["agent_scores"],
                                             "weights": j.data["weights"], "report": j.data["report"]}
                               for j in done},
                "term_table": {j.candidate: j.data["term_table"] for j in done}, "notes": notes}
        intervals = {j.candidate or "": {"OTQS": b} for j in done
                     if (iv := _otqs_interval(j.data)) and (b := iv.as_list())}
        return [Summary(title="OTQS", headers=["candidate", *DIMENSIONS.values(), "T (our uniformity index)",
                                               "OTQS", "weights", "terms"],
                        rows=rows, data=data, intervals=intervals),
                TermTable("MAS-LitEval term renderings", data["term_table"], [n for n in notes if n],
                          [w for j in done if (w := j.data.get("terms", {}).get("note_why"))])]


def _otqs_interval(data: dict[str, Any]):
    """95% t-interval of OTQS over chunks (length-weighted, as the score itself); T per chunk when the
    agent scored it, else held at its document value (the uniformity index is a property of the whole
    text). Unavailable for fewer than five chunks."""
    per = data.get("chunk_scores") or {}
    weights = data.get("chunk_weights") or []
    narr, style = per.get("narrative") or [], per.get("style") or []
    if len(weights) < 2 or not (len(narr) == len(style) == len(weights)):
        return None
    w = data["weights"]
    terms = per.get("terminology") or [data["agent_scores"]["terminology"]] * len(narr)
    chunk_otqs = [otqs(t, n, s, (w["terminology"], w["narrative"], w["style"]))
                  for t, n, s in zip(terms, narr, style)]
    return mean_interval(chunk_otqs, weights=weights, bounds=(0.0, 1.0))


def _scored(agent: str, data: dict[str, Any], terms_scored: bool = True) -> dict[str, Any]:
    """An agent's answer with its 0–1 score checked (never clamped: a 1.7 is a failed answer)."""
    if agent == "terminology" and not terms_scored:
        return data  # no score asked: T is computed from the term table
    score = data.get("score")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
        raise AnswerError(f"{DIMENSIONS[agent]} score {score!r} is outside 0–1")
    return data


def _weighted_mean(history: list[dict[str, Any]]) -> float:
    """An agent's document score: each chunk's own score weighted by the chunk's length (Chunk.weight)."""
    total = sum(h["weight"] for h in history)
    return sum(h["score"] * h["weight"] for h in history) / total


def _rationale(final: dict[str, Any]) -> str:
    per_chunk = ", ".join(f"{h['score']:.2f}×{h['weight']}" for h in final["history"])
    return f"chunk scores × length weights: {per_chunk}. " + \
        (final["history"][-1]["feedback"] if final["history"] else "")


def _term_spans(table: dict[str, Any]) -> list[Span]:
    spans = []
    for term, entry in table.items():
        if len(entry["renderings"]) < 2:
            continue
        main = entry["renderings"][0]["text"]
        for r in entry["renderings"][1:]:
            for start, end in r["offsets"]:
                spans.append(Span(judge=JUDGE_ID, category="terminology/inconsistent", severity="minor",
                                  explanation=f"“{term}” is rendered “{r['text']}” here but mostly “{main}”.",
                                  start=start, end=end, quote=r["text"], suggestion=main,
                                  data={"term": term}))
    return spans
