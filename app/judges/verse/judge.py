"""VERSE (seed 000, step 2): story-specific verification questions answered on a 1–3 scale.

Pipeline, as units the engine runs in order:
  summary (whole source; chunked then combined when long)
  → questions/p{i}: questions for source paragraph i, written from the source and the summary only
  → classify/p{i}: each question put into exactly one of the paper's nine categories, by name
    (classify_with="descriptions": our glosses, and "unclassified" allowed)
  → answers/{candidate}/p{i}: every question scored 1–3 for that candidate's translation.
The summary, question and classification units depend only on the source, so they are shared by all
candidates (compared on the same questions) and reused by later runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, get_args

from litlens.app.core import prompts
from litlens.app.judges.base import Judge, Payload, Summary, Unit, UnitContext
from litlens.app.judges.common import ParagraphPair, UnitRef, ask, paragraph_pairs, unaligned_unit
from litlens.app.judges import cards
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.judges.verse.aggregate import (
    ANSWERS_PREFIX, CATEGORIES, CLASSIFY_PREFIX, JUDGE_ID, QUESTIONS_PREFIX, SCALE, SUMMARY_KEY,
    UNCLASSIFIED, overall, question_stats, radar)
from litlens.app.judges.verse.parse import bound_questions, chunk_paragraphs, screen_questions
from litlens.app.judges.verse.units import answer_runner, classify_schema, read_classification
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.llm.tokens import estimate_tokens, request_tokens
from litlens.app.core.model import Judgment, Project, text_hash

AnswerMode = Literal["per-question", "per-paragraph"]
ANSWER_MODES: tuple[str, ...] = get_args(AnswerMode)
ClassifyWith = Literal["names", "descriptions"]
TYPICAL_QUESTIONS = 10  # the paper reports 9.6 ± 3.4 per paragraph; used only for cost estimates
OPEN_MAX_QUESTIONS = 25  # output room when no maximum is set: the paper's mean + 4.5 s.d.

SUMMARY_SCHEMA = {"type": "object", "additionalProperties": False,
                  "properties": {"summary": {"type": "string"}}, "required": ["summary"]}
QUESTIONS_SCHEMA = {"type": "object", "additionalProperties": False,
                    "properties": {"questions": {"type": "array", "items": {"type": "string"}}},
                    "required": ["questions"]}


def typical_questions(opts: VerseJudge.Options) -> int:
    """Questions a paragraph usually gets (for estimates only): the paper's mean, within the set bounds."""
    return max(opts.min_questions or 1, min(opts.max_questions or TYPICAL_QUESTIONS, TYPICAL_QUESTIONS))


class VerseJudge(Judge):
    id = JUDGE_ID
    name = "VERSE (story-specific questions, 1–3)"
    description = ("Writes verification questions for each source paragraph from the source and a story "
                   "summary, sorts them into nine literary categories, and scores every translation 1–3 "
                   "on each question; reports per-category percentages (seed 000, step 2).")
    needs_llm = True
    reference = "optional"
    prompt_version = prompts.Versioned("verse", "verse/2")
    protocol = cards.VERSE  # paper, sections, calls and deviations (litlens judges --details)
    # Seed 000 §5.2's main results gave the model the reference when there was one; reference-free was
    # its ablation, so a project's reference is shown by default.
    @dataclass(frozen=True)
    class Options(JudgeOptions):
        answer_mode: AnswerMode = option("per-question", help="per-question: one call per question; "
                                         "per-paragraph: a paragraph's questions answered in one call")
        use_reference: bool = option(True, help="Show the model the reference translation when the project has "
                                                "one (seed 000 §5.2's main setting; false is its ablation)")
        guidelines: bool = option(False, help="Add the human annotators' scoring guidelines (seed 000 App. E.2) "
                                              "to the answer rubric (our option; not what the model was given)")
        chunk_tokens: int = option(3000, range=(200, 200_000), help="Tokens of source per summary chunk")
        summary_words: int = option(250, range=(50, 2000), help="Length of the story summary, in words")
        classify_with: ClassifyWith = option(
            "names", help="names: exactly one of the nine categories by name, as the paper did; "
            "descriptions: each category explained, and \"unclassified\" allowed for a question that "
            "fits none")
        # The paper fixes no number: the generator asks about what each paragraph involves, which gave
        # 9.6 ± 3.4 questions a paragraph. Bounds are ours, off unless set.
        min_questions: int | None = option(None, range=(1, 50), help="Fewest questions to ask for per "
                                           "paragraph (default: as many as its content calls for)")
        max_questions: int | None = option(None, range=(1, 50), help="Most questions to keep per paragraph; "
                                           "extra ones are dropped and counted (default: no limit)")

        def __post_init__(self) -> None:
            if self.min_questions is not None and self.max_questions is not None \
                    and self.min_questions > self.max_questions:
                raise ValueError("min_questions cannot be larger than max_questions")

    # ---- planning -----------------------------------------------------------------------------------
    def plan(self, project: Project, options: Options) -> list[Unit]:
        opts = options
        if not project.source.paragraphs:
            return []
        langs = {c.text.language for c in project.candidates}
        env = dict(source_language=language_name(project.source.language),
                   target_language=language_name(langs.pop()) if len(langs) == 1 else "the target language")
        units, summary_hash = self._summary_units(project, opts, env)
        shared: dict[int, tuple[str, str]] = {}  # paragraph -> (questions hash, classify hash)
        for i, seg in enumerate(project.source.paragraphs):
            q_unit = self._questions_unit(i, seg.text, summary_hash, opts, env)
            c_unit = self._classify_unit(i, q_unit.input_hash, opts.classify_with)
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

    def _summary_units(self, project: Project, opts: Options, env: dict[str, str]
                       ) -> tuple[list[Unit], str]:
        paragraphs = [p.text for p in project.source.paragraphs]
        chunks = chunk_paragraphs(paragraphs, opts.chunk_tokens)
        words = opts.summary_words
        system = prompts.render("verse/summary_system.j2", words=words, **env)
        max_tokens = words * 2 + 200

        def summary_of(key: str) -> Callable[[dict[str, Any]], Judgment]:
            return lambda data: Judgment(
                judge=self.id, unit=key, candidate=None, paragraph=None,
                data={"summary": str(data["summary"]).strip(), "chunks": len(chunks)})

        def one(key: str, user: str) -> Unit:
            request = self._request(system, user, SUMMARY_SCHEMA, "verse_summary", max_tokens)

            async def run(ctx: UnitContext) -> Judgment:
                return await ask(ctx, request, UnitRef(self.id, key), summary_of(key))

            return Unit(judge=self.id, key=key, input_hash=text_hash(system, user), run=run,
                        est_input_tokens=request_tokens(request), est_output_tokens=max_tokens)

        if len(chunks) == 1:
            unit = one(SUMMARY_KEY, prompts.render("verse/summary_user.j2", text="\n\n".join(paragraphs),
                                                    part=1, parts=1))
            return [unit], unit.input_hash
        parts = [one(f"{SUMMARY_KEY}/c{k + 1}", prompts.render(
            "verse/summary_user.j2", text="\n\n".join(paragraphs[i] for i in chunk), part=k + 1,
            parts=len(chunks))) for k, chunk in enumerate(chunks)]
        keys = [u.key for u in parts]

        async def combine(ctx: UnitContext) -> Judgment:
            joined = "\n\n".join(f"Part {k + 1}: {ctx.deps[key].data['summary']}"
                                 for k, key in enumerate(keys))
            request = self._request(system, prompts.render("verse/combine_user.j2", text=joined),
                                    SUMMARY_SCHEMA, "verse_summary", max_tokens)
            return await ask(ctx, request, UnitRef(self.id, SUMMARY_KEY), summary_of(SUMMARY_KEY))

        combined = Unit(judge=self.id, key=SUMMARY_KEY, run=combine, depends_on=keys,
                        input_hash=text_hash("combine", system, *[u.input_hash for u in parts]),
                        est_input_tokens=len(parts) * max_tokens + estimate_tokens(system),
                        est_output_tokens=max_tokens)
        return [*parts, combined], combined.input_hash

    def _questions_unit(self, i: int, paragraph: str, summary_hash: str, opts: Options,
                        env: dict[str, str]) -> Unit:
        key = f"{QUESTIONS_PREFIX}p{i}"
        system = prompts.render("verse/questions_system.j2", min_questions=opts.min_questions,
                                max_questions=opts.max_questions, **env)
        max_tokens = 120 + 80 * (opts.max_questions or OPEN_MAX_QUESTIONS)

        def read(data: dict[str, Any]) -> Judgment:
            screened = bound_questions(screen_questions(list(data["questions"])), opts.min_questions,
                                       opts.max_questions)
            questions = [{"id": f"p{i}.q{k + 1}", "text": t} for k, t in enumerate(screened.kept)]
            extra = {"note": screened.note} if screened.note else {}
            return Judgment(judge=self.id, unit=key, candidate=None, paragraph=i,
                            data={"questions": questions, "dropped": screened.dropped, **extra})

        async def run(ctx: UnitContext) -> Judgment:
            summary = ctx.deps[SUMMARY_KEY].data["summary"]
            context = prompts.render("verse/questions_context.j2", summary=summary)
            user = prompts.render("verse/questions_user.j2", paragraph=paragraph)
            request = self._request(f"{system.rstrip()}\n\n{context}", user, QUESTIONS_SCHEMA,
                                    "verse_questions", max_tokens)
            return await ask(ctx, request, UnitRef(self.id, key, None, i), read)

        # Only the source paragraph, the summary's inputs and the prompt settings: shared by all candidates.
        return Unit(judge=self.id, key=key, paragraph=i, run=run, depends_on=[SUMMARY_KEY],
                    input_hash=text_hash("questions", system, paragraph, summary_hash),
                    est_input_tokens=estimate_tokens(system + paragraph) + opts.summary_words * 2,
                    est_output_tokens=40 * TYPICAL_QUESTIONS)

    def _classify_unit(self, i: int, questions_hash: str, classify_with: str) -> Unit:
        key, q_key = f"{CLASSIFY_PREFIX}p{i}", f"{QUESTIONS_PREFIX}p{i}"
        open_ = classify_with == "descriptions"
        system = prompts.render("verse/classify_system.j2", names=list(CATEGORIES),
                                categories=list(CATEGORY_GLOSSES.items()) if open_ else [],
                                unclassified=UNCLASSIFIED if open_ else None)
        schema = classify_schema(open_)

        async def run(ctx: UnitContext) -> Judgment:
            questions = ctx.deps[q_key].data.get("questions", [])
            if not questions:  # every generated question was malformed: nothing to classify
                return Judgment(judge=self.id, unit=key, candidate=None, paragraph=i, data={"labels": []})
            listing = "\n".join(f"{k + 1}. {q['text']}" for k, q in enumerate(questions))
            user = prompts.render("verse/classify_user.j2", questions=listing, count=len(questions))
            request = self._request(system, user, schema, "verse_categories",
                                    100 + (60 if open_ else 30) * len(questions))
            return await ask(ctx, request, UnitRef(self.id, key, None, i),
                             lambda data: read_classification(self.id, key, i, questions, data, open_))

        return Unit(judge=self.id, key=key, paragraph=i, run=run, depends_on=[q_key],
                    input_hash=text_hash("classify", system, questions_hash),
                    est_input_tokens=estimate_tokens(system) + 40 * TYPICAL_QUESTIONS,
                    est_output_tokens=25 * TYPICAL_QUESTIONS)

    def _answers_unit(self, project: Project, pp: ParagraphPair, shared: dict[int, tuple[str, str]],
                      opts: Options, env: dict[str, str]) -> Unit:
        key = f"{ANSWERS_PREFIX}{pp.key}"
        paragraph = pp.paragraph
        if not pp.source or not pp.target:
            return unaligned_unit(self.id, pp, text_hash("unaligned", pp.source, pp.target), key=key,
                                  outcome="no questions answered")
        per_paragraph = opts.answer_mode == "per-paragraph"
        reference = pp.reference if opts.use_reference else None
        target_env = {**env, "target_language": language_name(project.candidate(pp.candidate).text.language)}
        system = prompts.render("verse/answer_system.j2", per_paragraph=per_paragraph, reference=reference,
                                guidelines=opts.guidelines, **target_env)
        deps = [f"{CLASSIFY_PREFIX}p{i}" for i in pp.pair.source]
        run = answer_runner(self, key, pp, deps, system, reference, per_paragraph)
        body = estimate_tokens(system + pp.source + pp.target + (reference or ""))
        typical = typical_questions(opts)
        # per-question: one call for every question of every source paragraph this one is aligned with
        calls = 1 if per_paragraph else typical * len(deps)
        return Unit(judge=self.id, key=key, candidate=pp.candidate, paragraph=paragraph, run=run,
                    depends_on=deps, est_calls=calls,
                    input_hash=text_hash("answers", opts.answer_mode, system, pp.source, pp.target,
                                         reference or "", *[shared[i][1] for i in pp.pair.source]),
                    est_input_tokens=calls * body + 40 * typical * len(deps),
                    est_output_tokens=calls * 20 if not per_paragraph else 15 * typical * len(deps))

    # ---- run-level figures ----------------------------------------------------------------------------
    def summarize(self, results: list[Judgment]) -> list[Payload]:
        out: list[Payload] = []
        chart = radar(results, f"category scores (% of maximum {SCALE[1]} per question)")
        if chart is not None:
            out.append(chart)
        stats = question_stats(results)
        if stats["paragraphs"]:
            rows = [[f"all questions: {cand}", f"{v['percent']:.1f}% of {v['n']}"]
                    for cand, v in overall(results).items()]
            rows += [["source paragraphs with questions", str(stats["paragraphs"])],
                    ["questions kept", str(stats["kept"])],
                    ["malformed questions dropped", str(stats["dropped"])]]
            rows += [[f"  dropped: {reason}", str(n)]
                     for reason, n in sorted(stats["dropped_by_reason"].items())]
            rows.append(["questions the classifier left out (not scored)", str(stats["unlabelled"])])
            if stats["unclassified"]:  # only possible with classify_with=descriptions
                rows.append(["questions not classified (unclassified)", str(stats["unclassified"])])
            out.append(Summary(title="questions", headers=["", "count"], rows=rows, data=stats))
        return out


# Short glosses for classify_with="descriptions", in our own words; the names themselves are the paper's,
# and the paper's classifier saw the names only.
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
