"""TransEvalnia (seed 004): span-by-span evaluation on six MQM-based dimensions, 1–5 Likert scoring, and
ranking of any number of candidates by the paper's one-step, two-step, three-step (interleaved) and
no-reasoning methods, or by mean score; position bias measured over several presentation orders.

Units: an evaluation per candidate per paragraph and a scoring per candidate per paragraph (both shared
across methods and orders: their input never depends on either), and a ranking per paragraph per order.
"""

from __future__ import annotations

import json
from typing import Any

from litlens.app.core import prompts
from litlens.app.judges.base import Judge, JudgeUnavailable, Summary, Unit, UnitContext
from litlens.app.judges.common import failed
from litlens.app.judges.transevalnia.prompts import (Dimension, Item, dimensions, evaluation_schema,
                                             evaluation_user, ranking_schema, ranking_user, scoring_schema,
                                             scoring_user, system)
from litlens.app.judges.transevalnia.summary import summarize
from litlens.app.judges.transevalnia.units import (Entry, Row, evaluation_judgment, ranking_judgment, rows,
                                           scoring_judgment)
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.core.model import Judgment, Project, text_hash
from litlens.app.metrics.orders import neutral_labels, presentation_orders

METHODS = ("one-step", "two-step", "three-step", "no-reasoning", "scores")
NEEDS_EVALUATIONS = ("two-step", "three-step")


def _raw(resp: Any) -> str:
    return resp.text or (json.dumps(resp.data, ensure_ascii=False) if resp.data is not None else "")


def eval_key(label: str, index: int) -> str:
    return f"eval/{label}/p{index}"


def score_key(label: str, index: int) -> str:
    return f"score/{label}/p{index}"


def rank_key(method: str, index: int, order_index: int) -> str:
    return f"rank/{method}/p{index}/o{order_index}"


def read_options(defaults: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Merged and checked options; a bad value is one clear JudgeUnavailable message."""
    opts = {**defaults, **options}
    unknown = sorted(set(opts) - set(defaults))
    if unknown:
        raise JudgeUnavailable(f"transevalnia has no option {', '.join(unknown)}; options: "
                               f"{', '.join(defaults)}")
    if opts["method"] not in METHODS:
        raise JudgeUnavailable(f"transevalnia.method must be one of {', '.join(METHODS)}, "
                               f"not {opts['method']!r}")
    orders = opts["orders"]
    if orders in ("", "all", "default"):
        orders = None
    if orders is not None and (isinstance(orders, bool) or not isinstance(orders, int) or orders < 1):
        raise JudgeUnavailable(f"transevalnia.orders must be a whole number ≥ 1, not {orders!r}")
    if isinstance(opts["seed"], bool) or not isinstance(opts["seed"], int):
        raise JudgeUnavailable(f"transevalnia.seed must be a whole number, not {opts['seed']!r}")
    return {**opts, "orders": orders, "poetry": bool(opts["poetry"]), "scores": bool(opts["scores"])}


class TransEvalniaJudge(Judge):
    id = "transevalnia"
    name = "TransEvalnia (evaluate, score 1–5, rank)"
    description = ("Evaluates each candidate span by span on six dimensions, scores them 1–5, and ranks the "
                   "candidates in one, two or three steps (or without reasoning), over several "
                   "presentation orders to expose position bias (seed 004).")
    needs_llm = True
    reference = "none"
    prompt_version = prompts.version("transevalnia", "transevalnia/1")
    options = {"method": "two-step", "orders": None, "poetry": False, "seed": 0, "scores": True}

    def check(self, project: Project) -> None:
        super().check(project)
        if len(project.candidates) < 2:
            raise JudgeUnavailable("transevalnia ranks candidates: give at least two translations")

    def plan(self, project: Project, options: dict[str, Any]) -> list[Unit]:
        opts = read_options(self.options, options)
        method = opts["method"]
        entries, table = rows(project)
        src_lang = language_name(project.source.language)
        tgt_lang = language_name(project.candidates[0].text.language)
        dims = dimensions(opts["poetry"], tgt_lang)
        sys_prompt = system(src_lang, tgt_lang, opts["poetry"])
        units: list[Unit] = []
        eval_units: dict[tuple[str, int], Unit] = {}
        wants_evals = method in NEEDS_EVALUATIONS or method == "scores" or opts["scores"]
        for e in entries if wants_evals else []:
            ev = self._evaluation_unit(e, dims, sys_prompt, opts["poetry"])
            eval_units[(e.label, e.index)] = ev
            units.append(ev)
            if opts["scores"] or method == "scores":
                units.append(self._scoring_unit(e, ev, dims, sys_prompt))
        if method == "scores":
            return units
        for row in table:
            if len(row.entries) < 2:
                continue
            orders = presentation_orders([e.label for e in row.entries], opts["orders"], opts["seed"])
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
            assert ctx.llm is not None
            resp = await ctx.llm(request)
            if not resp.ok or resp.data is None:
                return failed(self.id, key, e.label, e.index, resp.error or "no answer", resp.text)
            return evaluation_judgment(self.id, key, e, resp.data, dims, poetry, _raw(resp))

        # the hash covers the prompt and the span offsets; never the method or a presentation order
        return Unit(judge=self.id, key=key, input_hash=text_hash(sys_prompt, user, *(
            f"{s.start}:{s.end}" for s in e.spans)), run=run, candidate=e.label, paragraph=e.index,
            est_input_tokens=(len(sys_prompt) + len(user)) // 3, est_output_tokens=request.max_tokens)

    def _scoring_unit(self, e: Entry, ev: Unit, dims: list[Dimension], sys_prompt: str) -> Unit:
        key = score_key(e.label, e.index)

        async def run(ctx: UnitContext) -> Judgment:
            assert ctx.llm is not None
            evaluation = ctx.deps[ev.key].data
            request = LLMRequest(system=sys_prompt, user=scoring_user(e.source, e.target, evaluation, dims),
                                 schema=scoring_schema(dims), schema_name="transevalnia_scores",
                                 temperature=0.0, max_tokens=150, judge=self.id,
                                 prompt_version=self.prompt_version)
            resp = await ctx.llm(request)
            if not resp.ok or resp.data is None:
                return failed(self.id, key, e.label, e.index, resp.error or "no answer", resp.text)
            return scoring_judgment(self.id, key, e, resp.data, dims, _raw(resp))

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
            assert ctx.llm is not None
            # two- and three-step read the stored evaluations; nothing is evaluated again here
            evaluations = {u.candidate: ctx.deps[u.key].data for u in deps if u.candidate}
            resp = await ctx.llm(build(evaluations))
            if not resp.ok or resp.data is None:
                bad = failed(self.id, key, None, row.index, resp.error or "no answer", resp.text)
                bad.data = {"kind": "ranking", "method": method, "order_index": k,
                            "presented": list(presented), "labels": neutral_labels(presented)}
                return bad
            return ranking_judgment(self.id, key, row, method, k, presented, resp.data, _raw(resp))

        if deps:  # the prompt embeds evaluations not known yet: hash what determines them instead
            fixed = text_hash(method, sys_prompt, row.source, *presented,
                              *(by_label[lab].target for lab in presented), *(u.input_hash for u in deps))
        else:
            fixed = text_hash(method, *presented, build({}).system, build({}).user)
        size = len(sys_prompt) + len(row.source) + sum(len(e.target) * (4 if deps else 1)
                                                       for e in row.entries)
        return Unit(judge=self.id, key=key, input_hash=fixed, run=run, candidate=None, paragraph=row.index,
                    depends_on=[u.key for u in deps], est_input_tokens=size // 3 + 300,
                    est_output_tokens=out_tokens)

    def summarize(self, results: list[Judgment]) -> list[Summary]:
        return summarize(results)
