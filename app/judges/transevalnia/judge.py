"""TransEvalnia (seed 004): span-by-span evaluation on six MQM-based dimensions, 1–5 Likert scoring, and
ranking of any number of candidates by the paper's one-step, two-step, three-step (interleaved) and
no-reasoning methods, or by mean score; position bias measured over several presentation orders.

Units: an evaluation per candidate per paragraph and a scoring per candidate per paragraph (both shared
across methods and orders: their input never depends on either), and a ranking per paragraph per order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from litlens.app.core import prompts
from litlens.app.judges.base import Judge, JudgeUnavailable, Payload, Unit, UnitContext
from litlens.app.judges.common import UnitRef, ask
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.judges.transevalnia.prompts import (Dimension, Item, dimensions, evaluation_schema,
                                             evaluation_user, ranking_schema, ranking_user, scoring_schema,
                                             scoring_user, system)
from litlens.app.judges.transevalnia.summary import summarize
from litlens.app.judges.transevalnia.units import (Entry, Row, evaluation_judgment, ranking_data,
                                                  ranking_judgment, rows, scoring_judgment)
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.llm.tokens import estimate_tokens, request_tokens
from litlens.app.core.model import Judgment, Project, text_hash
from litlens.app.metrics.orders import neutral_labels, presentation_orders

Method = Literal["one-step", "two-step", "three-step", "no-reasoning", "scores"]
METHODS: tuple[str, ...] = get_args(Method)
NEEDS_EVALUATIONS = ("two-step", "three-step")


def eval_key(label: str, index: int) -> str:
    return f"eval/{label}/p{index}"


def score_key(label: str, index: int) -> str:
    return f"score/{label}/p{index}"


def rank_key(method: str, index: int, order_index: int) -> str:
    return f"rank/{method}/p{index}/o{order_index}"


class TransEvalniaJudge(Judge):
    id = "transevalnia"
    name = "TransEvalnia (evaluate, score 1–5, rank)"
    description = ("Evaluates each candidate span by span on six dimensions, scores them 1–5, and ranks the "
                   "candidates in one, two or three steps (or without reasoning), over several "
                   "presentation orders to expose position bias (seed 004).")
    needs_llm = True
    reference = "none"
    prompt_version = prompts.version("transevalnia", "transevalnia/1")

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        method: Method = option("two-step", help="How to rank: one, two or three steps, without reasoning, "
                                                 "or by mean Likert score (order-independent)")
        # up to n! orders exist; beyond a thousand calls per paragraph is a typo, not a plan
        orders: int | None = option(None, range=(1, 1000), help="Presentation orders per paragraph "
                                    "(default: all permutations up to 4 candidates, else rotations)")
        poetry: bool = option(False, help="Judge emotional content instead of linguistic conventions")
        seed: int = option(0, help="Seed of the random presentation order")
        scores: bool = option(True, help="Also score each candidate 1–5 on every dimension")

    def check(self, project: Project) -> None:
        super().check(project)
        if len(project.candidates) < 2:
            raise JudgeUnavailable("transevalnia ranks candidates: give at least two translations")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        opts = options
        method = opts.method
        entries, table = rows(project)
        src_lang = language_name(project.source.language)
        tgt_lang = language_name(project.candidates[0].text.language)
        dims = dimensions(opts.poetry, tgt_lang)
        sys_prompt = system(src_lang, tgt_lang, opts.poetry)
        units: list[Unit] = []
        eval_units: dict[tuple[str, int], Unit] = {}
        wants_evals = method in NEEDS_EVALUATIONS or method == "scores" or opts.scores
        for e in entries if wants_evals else []:
            ev = self._evaluation_unit(e, dims, sys_prompt, opts.poetry)
            eval_units[(e.label, e.index)] = ev
            units.append(ev)
            if opts.scores or method == "scores":
                units.append(self._scoring_unit(e, ev, dims, sys_prompt))
        if method == "scores":
            return units
        for row in table:
            if len(row.entries) < 2:
                continue
            orders = presentation_orders([e.label for e in row.entries], opts.orders, opts.seed)
            for k, presented in enumerate(orders):
                units.append(self._ranking_unit(row, method, k, presented, dims, sys_prompt, eval_units))
        return units

    def _evaluation_unit(self, e: Entry, dims: list[Dimension], sys_prompt: str, poetry: bool) -> Unit:
        key = eval_key(e.label, e.index)
        user = evaluation_user(e.source, e.target, [s.text for s in e.spans])
        request = LLMRequest(system=sys_prompt, user=user, schema=evaluation_schema(len(e.spans), dims),
                             schema_name="transevalnia_evaluation", temperature=0.0,
                             max_tokens=400 + 350 * len(e.spans), judge=self.id,
                             prompt_version=self.prompt_version)

        async def run(ctx: UnitContext) -> Judgment:
            return await ask(ctx, request, UnitRef(self.id, key, e.label, e.index),
                             lambda data: evaluation_judgment(self.id, key, e, data, dims, poetry))

        # the hash covers the prompt and the span offsets; never the method or a presentation order
        return Unit(judge=self.id, key=key, input_hash=text_hash(sys_prompt, user, *(
            f"{s.start}:{s.end}" for s in e.spans)), run=run, candidate=e.label, paragraph=e.index,
            est_input_tokens=request_tokens(request), est_output_tokens=request.max_tokens)

    def _scoring_unit(self, e: Entry, ev: Unit, dims: list[Dimension], sys_prompt: str) -> Unit:
        key = score_key(e.label, e.index)

        async def run(ctx: UnitContext) -> Judgment:
            evaluation = ctx.deps[ev.key].data
            request = LLMRequest(system=sys_prompt, user=scoring_user(e.source, e.target, evaluation, dims),
                                 schema=scoring_schema(dims), schema_name="transevalnia_scores",
                                 temperature=0.0, max_tokens=150, judge=self.id,
                                 prompt_version=self.prompt_version)
            return await ask(ctx, request, UnitRef(self.id, key, e.label, e.index),
                             lambda data: scoring_judgment(self.id, key, e, data, dims))

        return Unit(judge=self.id, key=key, input_hash=text_hash("score", sys_prompt, ev.input_hash),
                    run=run, candidate=e.label, paragraph=e.index, depends_on=[ev.key],
                    est_input_tokens=ev.est_input_tokens + ev.est_output_tokens, est_output_tokens=150)

    def _ranking_unit(self, row: Row, method: str, k: int, presented: tuple[str, ...],
                      dims: list[Dimension], sys_prompt: str,
                      eval_units: dict[tuple[str, int], Unit]) -> Unit:
        key = rank_key(method, row.index, k)
        names = list(neutral_labels(presented))
        by_label = {e.label: e for e in row.entries}
        deps = [eval_units[(lab, row.index)] for lab in presented] if method in NEEDS_EVALUATIONS else []
        schema = ranking_schema(names, method)
        out_tokens = {"no-reasoning": 60, "one-step": 500 * len(names) + 600}.get(method, 700)

        def build(evaluations: dict[str, Any]) -> LLMRequest:
            items = [Item(n, by_label[lab].target, evaluations.get(lab)) for n, lab in zip(names, presented)]
            return LLMRequest(system=sys_prompt, user=ranking_user(method, row.source, items, dims),
                              schema=schema, schema_name="transevalnia_ranking", temperature=0.0,
                              max_tokens=out_tokens, judge=self.id, prompt_version=self.prompt_version)

        async def run(ctx: UnitContext) -> Judgment:
            # two- and three-step read the stored evaluations; nothing is evaluated again here
            evaluations = {u.candidate: ctx.deps[u.key].data for u in deps if u.candidate}
            return await ask(ctx, build(evaluations), UnitRef(self.id, key, None, row.index),
                             lambda data: ranking_judgment(self.id, key, row, method, k, presented, data),
                             failure=ranking_data(method, k, presented))

        if deps:  # the prompt embeds evaluations not known yet: hash what determines them instead
            fixed = text_hash(method, sys_prompt, row.source, *presented,
                              *(by_label[lab].target for lab in presented), *(u.input_hash for u in deps))
        else:
            fixed = text_hash(method, *presented, build({}).system, build({}).user)
        # an evaluation shown with a translation is a few times its length: hence the factor 4 with deps
        size = estimate_tokens(sys_prompt) + estimate_tokens(row.source) + sum(
            estimate_tokens(e.target) * (4 if deps else 1) for e in row.entries)
        return Unit(judge=self.id, key=key, input_hash=fixed, run=run, candidate=None, paragraph=row.index,
                    depends_on=[u.key for u in deps], est_input_tokens=size + 300,
                    est_output_tokens=out_tokens)

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        return summarize(results)
