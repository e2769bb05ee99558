"""VERSE (seed 000, step 2): story-specific verification questions answered on a 1–3 scale.

Pipeline, as units the engine runs in order:
  summary (whole source; chunked then combined when long)
  → questions/p{i}: questions for source paragraph i, written from the source and the summary only
  → classify/p{i}: each question put into one of the paper's nine categories (or "unclassified")
  → answers/{candidate}/p{i}: every question scored 1–3 for that candidate's translation.
The summary, question and classification units depend only on the source, so they are shared by all
candidates (compared on the same questions) and reused by later runs.
"""

from __future__ import annotations

from typing import Any

from litlens.app.core import prompts
from litlens.app.judges.base import Judge, JudgeUnavailable, Summary, Unit, UnitContext
from litlens.app.judges.common import ParagraphPair, failed, paragraph_pairs
from litlens.app.judges.verse.aggregate import (
    ANSWERS_PREFIX, CATEGORIES, CLASSIFY_PREFIX, JUDGE_ID, QUESTIONS_PREFIX, SCALE, SUMMARY_KEY,
    UNCLASSIFIED, aggregate, overall, question_stats)
from litlens.app.judges.verse.parse import chunk_paragraphs, estimate_tokens, screen_questions
from litlens.app.judges.verse.units import answer_runner, classify_schema, read_classification
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.core.model import Judgment, Project, text_hash

ANSWER_MODES = ("per-question", "per-paragraph")
TYPICAL_QUESTIONS = 10  # the paper reports 9.6 ± 3.4 per paragraph; used only for cost estimates

SUMMARY_SCHEMA = {"type": "object", "additionalProperties": False,
                  "properties": {"summary": {"type": "string"}}, "required": ["summary"]}
QUESTIONS_SCHEMA = {"type": "object", "additionalProperties": False,
                    "properties": {"questions": {"type": "array", "items": {"type": "string"}}},
                    "required": ["questions"]}


class VerseJudge(Judge):
    id = JUDGE_ID
    name = "VERSE (story-specific questions, 1–3)"
    description = ("Writes verification questions for each source paragraph from the source and a story "
                   "summary, sorts them into nine literary categories, and scores every translation 1–3 "
                   "on each question; reports per-category percentages (seed 000, step 2).")
    needs_llm = True
    reference = "optional"
    prompt_version = prompts.version("verse", "verse/1")
    # The paper found VERSE slightly better without the human reference, so it is off by default.
    options = {"answer_mode": "per-question", "use_reference": False, "chunk_tokens": 3000,
               "summary_words": 250, "min_questions": 5, "max_questions": 12}

    # ---- planning -----------------------------------------------------------------------------------
    def _options(self, options: dict[str, Any]) -> dict[str, Any]:
        opts = {**self.options, **options}
        unknown = sorted(set(opts) - set(self.options))
        if unknown:
            raise JudgeUnavailable(f"verse has no option {', '.join(unknown)} "
                                   f"(options: {', '.join(self.options)})")
        if opts["answer_mode"] not in ANSWER_MODES:
            raise JudgeUnavailable(f"verse.answer_mode must be one of {', '.join(ANSWER_MODES)}, "
                                   f"not {opts['answer_mode']!r}")
        for name, low in (("chunk_tokens", 200), ("summary_words", 50), ("min_questions", 1),
                          ("max_questions", 1)):
            if isinstance(opts[name], bool) or not isinstance(opts[name], int) or opts[name] < low:
                raise JudgeUnavailable(f"verse.{name} must be a whole number of at least {low}")
        if opts["min_questions"] > opts["max_questions"]:
            raise JudgeUnavailable("verse.min_questions cannot be larger than verse.max_questions")
        return opts

    def plan(self, project: Project, options: dict[str, Any]) -> list[Unit]:
        opts = self._options(options)
        if not project.source.paragraphs:
            return []
        langs = {c.text.language for c in project.candidates}
        env = dict(source_language=language_name(project.source.language),
                   target_language=language_name(langs.pop()) if len(langs) == 1 else "the target language")
        units, summary_hash = self._summary_units(project, opts, env)
        shared: dict[int, tuple[str, str]] = {}  # paragraph -> (questions hash, classify hash)
        for i, seg in enumerate(project.source.paragraphs):
            q_unit = self._questions_unit(i, seg.text, summary_hash, opts, env)
            c_unit = self._classify_unit(i, q_unit.input_hash)
            units += [q_unit, c_unit]
            shared[i] = (q_unit.input_hash, c_unit.input_hash)
        for cand in project.candidates:
            for pp in paragraph_pairs(project, cand):
                units.append(self._answers_unit(project, pp, shared, opts, env))
        return units

    def _request(self, system: str, user: str, schema: dict[str, Any], name: str,
                 max_tokens: int) -> LLMRequest:
        return LLMRequest(system=system, user=user, schema=schema, schema_name=name, temperature=0.0,
                          max_tokens=max_tokens, judge=self.id, prompt_version=self.prompt_version)

    def _summary_units(self, project: Project, opts: dict[str, Any], env: dict[str, str]
                       ) -> tuple[list[Unit], str]:
        paragraphs = [p.text for p in project.source.paragraphs]
        chunks = chunk_paragraphs(paragraphs, opts["chunk_tokens"])
        words = opts["summary_words"]
        system = prompts.render("verse/summary_system.j2", words=words, **env)
        max_tokens = words * 2 + 200

        def one(key: str, user: str) -> Unit:
            request = self._request(system, user, SUMMARY_SCHEMA, "verse_summary", max_tokens)

            async def run(ctx: UnitContext) -> Judgment:
                assert ctx.llm is not None
                resp = await ctx.llm(request)
                if not resp.ok or resp.data is None:
                    return failed(self.id, key, None, None, resp.error or "no answer", resp.text)
                return Judgment(judge=self.id, unit=key, candidate=None, paragraph=None,
                                data={"summary": str(resp.data["summary"]).strip(), "chunks": len(chunks)})

            return Unit(judge=self.id, key=key, input_hash=text_hash(system, user), run=run,
                        est_input_tokens=estimate_tokens(system + user), est_output_tokens=max_tokens)

        if len(chunks) == 1:
            unit = one(SUMMARY_KEY, prompts.render("verse/summary_user.j2", text="\n\n".join(paragraphs),
                                                    part=1, parts=1))
            return [unit], unit.input_hash
        parts = [one(f"{SUMMARY_KEY}/c{k + 1}", prompts.render(
            "verse/summary_user.j2", text="\n\n".join(paragraphs[i] for i in chunk), part=k + 1,
            parts=len(chunks))) for k, chunk in enumerate(chunks)]
        keys = [u.key for u in parts]

        async def combine(ctx: UnitContext) -> Judgment:
            assert ctx.llm is not None
            joined = "\n\n".join(f"Part {k + 1}: {ctx.deps[key].data['summary']}"
                                 for k, key in enumerate(keys))
            request = self._request(system, prompts.render("verse/combine_user.j2", text=joined),
                                    SUMMARY_SCHEMA, "verse_summary", max_tokens)
            resp = await ctx.llm(request)
            if not resp.ok or resp.data is None:
                return failed(self.id, SUMMARY_KEY, None, None, resp.error or "no answer", resp.text)
            return Judgment(judge=self.id, unit=SUMMARY_KEY, candidate=None, paragraph=None,
                            data={"summary": str(resp.data["summary"]).strip(), "chunks": len(chunks)})

        combined = Unit(judge=self.id, key=SUMMARY_KEY, run=combine, depends_on=keys,
                        input_hash=text_hash("combine", system, *[u.input_hash for u in parts]),
                        est_input_tokens=len(parts) * max_tokens + estimate_tokens(system),
                        est_output_tokens=max_tokens)
        return [*parts, combined], combined.input_hash

    def _questions_unit(self, i: int, paragraph: str, summary_hash: str, opts: dict[str, Any],
                        env: dict[str, str]) -> Unit:
        key = f"{QUESTIONS_PREFIX}p{i}"
        system = prompts.render("verse/questions_system.j2", min_questions=opts["min_questions"],
                                max_questions=opts["max_questions"], **env)
        max_tokens = 120 + 80 * opts["max_questions"]

        async def run(ctx: UnitContext) -> Judgment:
            assert ctx.llm is not None
            summary = ctx.deps[SUMMARY_KEY].data["summary"]
            user = prompts.render("verse/questions_user.j2", summary=summary, paragraph=paragraph)
            resp = await ctx.llm(self._request(system, user, QUESTIONS_SCHEMA, "verse_questions", max_tokens))
            if not resp.ok or resp.data is None:
                return failed(self.id, key, None, i, resp.error or "no answer", resp.text)
            screened = screen_questions(list(resp.data["questions"]))
            questions = [{"id": f"p{i}.q{k + 1}", "text": t} for k, t in enumerate(screened.kept)]
            return Judgment(judge=self.id, unit=key, candidate=None, paragraph=i,
                            data={"questions": questions, "dropped": screened.dropped})

        # Only the source paragraph, the summary's inputs and the prompt settings: shared by all candidates.
        return Unit(judge=self.id, key=key, paragraph=i, run=run, depends_on=[SUMMARY_KEY],
                    input_hash=text_hash("questions", system, paragraph, summary_hash),
                    est_input_tokens=estimate_tokens(system + paragraph) + opts["summary_words"] * 2,
                    est_output_tokens=40 * TYPICAL_QUESTIONS)

    def _classify_unit(self, i: int, questions_hash: str) -> Unit:
        key, q_key = f"{CLASSIFY_PREFIX}p{i}", f"{QUESTIONS_PREFIX}p{i}"
        system = prompts.render("verse/classify_system.j2", categories=list(CATEGORY_GLOSSES.items()),
                                unclassified=UNCLASSIFIED)

        async def run(ctx: UnitContext) -> Judgment:
            questions = ctx.deps[q_key].data.get("questions", [])
            if not questions:  # every generated question was malformed: nothing to classify
                return Judgment(judge=self.id, unit=key, candidate=None, paragraph=i, data={"labels": []})
            assert ctx.llm is not None
            listing = "\n".join(f"{k + 1}. {q['text']}" for k, q in enumerate(questions))
            user = prompts.render("verse/classify_user.j2", questions=listing, count=len(questions))
            resp = await ctx.llm(self._request(system, user, classify_schema(), "verse_categories",
                                               100 + 60 * len(questions)))
            return read_classification(self.id, key, i, questions, resp)

        return Unit(judge=self.id, key=key, paragraph=i, run=run, depends_on=[q_key],
                    input_hash=text_hash("classify", system, questions_hash),
                    est_input_tokens=estimate_tokens(system) + 40 * TYPICAL_QUESTIONS,
                    est_output_tokens=25 * TYPICAL_QUESTIONS)

    def _answers_unit(self, project: Project, pp: ParagraphPair, shared: dict[int, tuple[str, str]],
                      opts: dict[str, Any], env: dict[str, str]) -> Unit:
        key = f"{ANSWERS_PREFIX}{pp.key}"
        paragraph = pp.index if pp.index >= 0 else None
        if not pp.source or not pp.target:
            return Unit(judge=self.id, key=key, candidate=pp.candidate, paragraph=paragraph, needs_llm=False,
                        input_hash=text_hash("unaligned", pp.source, pp.target),
                        run=_unaligned(self.id, key, pp))
        per_paragraph = opts["answer_mode"] == "per-paragraph"
        reference = pp.reference if opts["use_reference"] else None
        target_env = {**env, "target_language": language_name(project.candidate(pp.candidate).text.language)}
        system = prompts.render("verse/answer_system.j2", per_paragraph=per_paragraph, reference=reference,
                                **target_env)
        deps = [f"{CLASSIFY_PREFIX}p{i}" for i in pp.pair.source]
        run = answer_runner(self, key, pp, deps, system, reference, per_paragraph)
        body = estimate_tokens(system + pp.source + pp.target + (reference or ""))
        calls = 1 if per_paragraph else TYPICAL_QUESTIONS * len(deps)
        return Unit(judge=self.id, key=key, candidate=pp.candidate, paragraph=paragraph, run=run,
                    depends_on=deps,
                    input_hash=text_hash("answers", opts["answer_mode"], system, pp.source, pp.target,
                                         reference or "", *[shared[i][1] for i in pp.pair.source]),
                    est_input_tokens=calls * body + 40 * TYPICAL_QUESTIONS * len(deps),
                    est_output_tokens=calls * 20 if not per_paragraph else 15 * TYPICAL_QUESTIONS * len(deps))

    # ---- run-level figures ----------------------------------------------------------------------------
    def summarize(self, results: list[Judgment]) -> list[Summary]:
        out: list[Summary] = []
        radar = aggregate(results)
        if radar:
            rows = [[cat, cand, f"{figs[cat]['percent']:.1f}", str(figs[cat]["n"])]
                    for cat in CATEGORIES for cand, figs in radar.items() if cat in figs]
            rows += [["all questions", cand, f"{v['percent']:.1f}", str(v["n"])]
                     for cand, v in overall(results).items()]
            out.append(Summary(title=f"category scores (% of maximum {SCALE[1]} per question)",
                               headers=["category", "candidate", "score %", "n"], rows=rows, data=radar))
        stats = question_stats(results)
        if stats["paragraphs"]:
            rows = [["source paragraphs with questions", str(stats["paragraphs"])],
                    ["questions kept", str(stats["kept"])],
                    ["malformed questions dropped", str(stats["dropped"])]]
            rows += [[f"  dropped: {reason}", str(n)]
                     for reason, n in sorted(stats["dropped_by_reason"].items())]
            rows.append(["questions not classified (unclassified)", str(stats["unclassified"])])
            out.append(Summary(title="questions", headers=["", "count"], rows=rows, data=stats))
        return out


# Short glosses for the classifier, in our own words; the names themselves are the paper's.
CATEGORY_GLOSSES: dict[str, str] = dict(zip(CATEGORIES, (
    "period, place, customs, social institutions and culture-specific references",
    "visual and sensory description, figurative images, vividness of the scene",
    "how a particular character speaks and thinks; their personality, register and distinctiveness",
    "relationships between characters: power, rank, politeness, forms of address, tension, intimacy",
    "whether the wording reads as natural, idiomatic target-language prose; set phrases and idioms",
    "implied meaning, irony, ambiguity, subtext and what is suggested rather than said",
    "the flow of events, sentence rhythm, pacing, suspense and the order things are told in",
    "emotional effect, mood, the narrator's tone and the author's distinctive style",
    "accuracy and consistency of facts, names, terms and voice across the passage; logical coherence",
)))


def _unaligned(judge: str, key: str, pp: ParagraphPair):
    async def run(ctx: UnitContext) -> Judgment:
        what = "has no translation (omitted?)" if not pp.target else "has no source paragraph (added?)"
        return Judgment(judge=judge, unit=key, candidate=pp.candidate,
                        paragraph=pp.index if pp.index >= 0 else None,
                        data={"unaligned": True, "note": f"This paragraph {what}; no questions answered."})
    return run

