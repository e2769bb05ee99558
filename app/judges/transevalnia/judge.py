"""TransEvalnia (seed 004): span-by-span evaluation on six MQM-based dimensions, 1–5 Likert scoring, and
ranking of any number of candidates by the paper's one-step, two-step, three-step (interleaved) and
no-reasoning methods, or by mean score; position bias measured over several presentation orders.

Paper protocol by default: the model cuts each translation into spans itself (§5.2, step 1) and the
spans it quotes are located in the text; rankings run over the paper's p presentation orders (§6.2: 2 for
two candidates, 3 for more), so B is comparable with its figures. Options: our pre-cut sentence spans
(``spans=sentences``), a chosen number of orders, or every permutation (``all_orders``).

Units: an evaluation per candidate per paragraph and a scoring per candidate per paragraph (both shared
across methods and orders: their input never depends on either), and a ranking per paragraph per order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, get_args

from litlens.app.core import prompts
from litlens.app.judges.base import Judge, JudgeUnavailable, Payload, QuotedAnswer, Unit, UnitContext
from litlens.app.judges.common import AnswerError, UnitRef, ask
from litlens.app.judges import cards
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.judges.transevalnia.prompts import (INTERLEAVE_SCHEMA, Dimension, Item, dimensions,
                                                    evaluation_schema, evaluation_turns, evaluation_user,
                                                    interleave_user, ranking_schema, ranking_user,
                                                    scoring_schema, scoring_turns, scoring_user, system)
from litlens.app.judges.transevalnia.summary import summarize
from litlens.app.judges.transevalnia.units import (Entry, Row, SpanCut, evaluation_judgment, ranking_data,
                                                  ranking_judgment, rows, scoring_judgment)
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.llm.tokens import estimate_tokens, request_tokens
from litlens.app.core.model import Judgment, Project, text_hash
from litlens.app.metrics.orders import neutral_labels, paper_order_count, presentation_orders

Method = Literal["one-step", "two-step", "three-step", "no-reasoning", "scores"]
Verdict = Literal["best", "ranking"]
Interleave = Literal["model", "code"]
METHODS: tuple[str, ...] = get_args(Method)
NEEDS_EVALUATIONS = ("two-step", "three-step")
SpanCuts = Literal["model", "sentences"]
MAX_ALL_ORDERS = 720  # 6! orders per paragraph; 7! = 5,040 calls per paragraph is never what a user meant
EVALUATION_STEP = "transevalnia_evaluation"
NO_EVALUATION: dict[str, Any] = {"spans": [], "overall": ""}  # renders a prompt's frame without the quote


def assumed_evaluation(target: str, spans: int) -> int:
    """Tokens of an evaluation as a later prompt quotes it, before any has been written: each span's text
    (together the translation), a sentence on each of six dimensions per span, and an overall summary.
    An estimate with stored usage replaces this with what the model really wrote (app.run.usage)."""
    return estimate_tokens(target) + 150 * spans + 60


def eval_key(label: str, index: int) -> str:
    return f"eval/{label}/p{index}"


def score_key(label: str, index: int) -> str:
    return f"score/{label}/p{index}"


def rank_key(method: str, index: int, order_index: int) -> str:
    return f"rank/{method}/p{index}/o{order_index}"


def interleave_key(index: int, order_index: int) -> str:
    return f"interleave/p{index}/o{order_index}"


class TransEvalniaJudge(Judge):
    id = "transevalnia"
    name = "TransEvalnia (evaluate, score 1–5, rank)"
    description = ("Evaluates each candidate span by span on six dimensions, scores them 1–5, and ranks the "
                   "candidates in one, two or three steps (or without reasoning), over several "
                   "presentation orders to expose position bias (seed 004).")
    needs_llm = True
    reference = "none"
    prompt_version = prompts.Versioned("transevalnia", "transevalnia/2")
    protocol = cards.TRANSEVALNIA  # paper, sections, calls and deviations (litlens judges --details)

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        method: Method = option("two-step", help="How to rank: one, two or three steps, without reasoning, "
                                                 "or by mean Likert score (order-independent)")
        # up to n! orders exist; beyond a thousand calls per paragraph is a typo, not a plan
        orders: int | None = option(None, range=(1, 1000), help=(
            "Presentation orders per paragraph (default: the paper's p, 2 for two candidates and 3 for "
            "more, as rotations)"))
        all_orders: bool = option(False, help="Rank in every permutation of the candidates (n!, up to six "
                                              "candidates); overrides orders")
        spans: SpanCuts = option("model", help=(
            "model: the model cuts each translation into spans itself (the paper's method); "
            "sentences: evaluate our pre-cut sentence spans"))
        poetry: bool = option(False, help="Judge emotional content instead of linguistic conventions")
        seed: int = option(0, help="Seed of the random presentation order")
        scores: bool = option(True, help="Also score each candidate 1–5 on every dimension")
        verdict: Verdict = option("best", help="best: ask which translation is best (seed 004's question); "
                                               "ranking: ask for a full ranking (our option)")
        interleave: Interleave = option("model", help="three-step: model = an LLM call regroups the "
                                                      "evaluations by topic (seed 004 A.4.1); code = we "
                                                      "regroup the stored evaluations ourselves, no call")
        examples: bool = option(True, help="One worked example (ours) before each evaluation and scoring "
                                           "request, as seed 004's one-shot prompts (A.2/A.3)")

    def check(self, project: Project) -> None:
        super().check(project)
        if len(project.candidates) < 2:
            raise JudgeUnavailable("transevalnia ranks candidates: give at least two translations")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        opts = options
        method = opts.method
        entries, table = rows(project, pre_cut=opts.spans == "sentences")
        src_lang = language_name(project.source.language)
        tgt_lang = language_name(project.candidates[0].text.language)
        dims = dimensions(opts.poetry, tgt_lang)
        sys_prompt = system(src_lang, tgt_lang, opts.poetry)
        units: list[Unit] = []
        quotes: dict[str, QuotedAnswer] = {}  # evaluation unit key -> its answer, as later prompts quote it
        eval_units: dict[tuple[str, int], Unit] = {}
        wants_evals = method in NEEDS_EVALUATIONS or method == "scores" or opts.scores
        for e in entries if wants_evals else []:
            ev = self._evaluation_unit(e, dims, sys_prompt, opts.poetry, opts.spans == "model", quotes,
                                       opts.examples)
            eval_units[(e.label, e.index)] = ev
            units.append(ev)
            if opts.scores or method == "scores":
                units.append(self._scoring_unit(e, ev, dims, sys_prompt, quotes[ev.key], opts.examples))
        if method == "scores":
            return units
        for row in table:
            if len(row.entries) < 2:
                continue
            orders = presentation_orders([e.label for e in row.entries],
                                         self._order_count(len(row.entries), opts), opts.seed)
            for k, presented in enumerate(orders):
                inter = None
                if method == "three-step" and opts.interleave == "model":
                    inter = self._interleave_unit(row, k, presented, dims, sys_prompt, eval_units, quotes)
                    units.append(inter)
                units.append(self._ranking_unit(row, method, k, presented, dims, sys_prompt, eval_units,
                                                quotes, opts.verdict == "ranking", inter))
        return units

    @staticmethod
    def _order_count(n: int, opts: Options) -> int:
        if opts.all_orders:
            if math.factorial(n) > MAX_ALL_ORDERS:
                raise JudgeUnavailable(f"transevalnia: every order of {n} candidates is "
                                       f"{math.factorial(n):,} rankings per paragraph; choose a number "
                                       f"with orders=N instead")
            return math.factorial(n)
        return opts.orders if opts.orders is not None else paper_order_count(n)

    def _evaluation_unit(self, e: Entry, dims: list[Dimension], sys_prompt: str, poetry: bool,
                         model_spans: bool, quotes: dict[str, QuotedAnswer], examples: bool = True) -> Unit:
        key = eval_key(e.label, e.index)
        given = None if model_spans else [s.text for s in e.spans]
        user = evaluation_user(e.source, e.target, given)
        # the model's own cut: about one span per 40 tokens of translation is a generous guess
        span_guess = len(given) if given is not None else max(1, estimate_tokens(e.target) // 40 + 1)
        request = LLMRequest(system=sys_prompt, user=user,
                             schema=evaluation_schema(None if given is None else len(given), dims),
                             schema_name="transevalnia_evaluation", temperature=0.0,
                             max_tokens=400 + 350 * span_guess + (estimate_tokens(e.target) if given is None
                                                                  else 0), judge=self.id,
                             prompt_version=self.prompt_version,
                             turns=evaluation_turns(dims, model_spans) if examples else ())

        async def run(ctx: UnitContext) -> Judgment:
            return await ask(ctx, request, UnitRef(self.id, key, e.label, e.index),
                             lambda data: evaluation_judgment(self.id, key, e, data, dims, poetry,
                                                              model_spans))

        # the hash covers the prompt and where the spans (or paragraphs, when the model cuts) sit in the
        # document; never the method or a presentation order
        where = e.spans if given is not None else [SpanCut(a, b, "") for a, b in e.regions]
        prompt = request_tokens(request)
        # what a scoring or ranking prompt that quotes this evaluation adds to its own frame
        quotes[key] = QuotedAnswer(EVALUATION_STEP, prompt, assumed_evaluation(e.target, span_guess))
        shots = [t for _, t in request.turns]
        return Unit(judge=self.id, key=key, input_hash=text_hash(sys_prompt, user, *shots, *(
            f"{s.start}:{s.end}" for s in where)), run=run, candidate=e.label, paragraph=e.index,
            request_key=text_hash(request.system, request.user, request.schema_name, *shots),
            est_input_tokens=prompt, est_output_tokens=request.max_tokens)

    def _scoring_unit(self, e: Entry, ev: Unit, dims: list[Dimension], sys_prompt: str,
                      quote: QuotedAnswer, examples: bool = True) -> Unit:
        key = score_key(e.label, e.index)
        shots = scoring_turns(dims) if examples else ()

        def build(evaluation: dict[str, Any]) -> LLMRequest:
            return LLMRequest(system=sys_prompt, user=scoring_user(e.source, e.target, evaluation, dims),
                              schema=scoring_schema(dims), schema_name="transevalnia_scores",
                              temperature=0.0, max_tokens=150, judge=self.id,
                              prompt_version=self.prompt_version, turns=shots)

        async def run(ctx: UnitContext) -> Judgment:
            return await ask(ctx, build(ctx.deps[ev.key].data), UnitRef(self.id, key, e.label, e.index),
                             lambda data: scoring_judgment(self.id, key, e, data, dims))

        texts = [t for _, t in shots]
        return Unit(judge=self.id, key=key, input_hash=text_hash("score", sys_prompt, ev.input_hash, *texts),
                    run=run, candidate=e.label, paragraph=e.index, depends_on=[ev.key],
                    request_key=text_hash("score", sys_prompt, e.source, e.target, ev.request_key, *texts),
                    est_input_tokens=request_tokens(build(NO_EVALUATION)) + quote.assumed,
                    est_quotes=(quote,), est_output_tokens=150)

    def _interleave_unit(self, row: Row, k: int, presented: tuple[str, ...], dims: list[Dimension],
                         sys_prompt: str, eval_units: dict[tuple[str, int], Unit],
                         known: dict[str, QuotedAnswer]) -> Unit:
        """Three-step's middle call (004 A.4.1): the model regroups the evaluations, in this order, by
        topic; the ranking call then reads its text."""
        key = interleave_key(row.index, k)
        names = list(neutral_labels(presented))
        by_label = {e.label: e for e in row.entries}
        deps = [eval_units[(lab, row.index)] for lab in presented]

        def build(evaluations: dict[str, Any]) -> LLMRequest:
            items = [Item(n, by_label[lab].target, evaluations.get(lab)) for n, lab in zip(names, presented)]
            return LLMRequest(system=sys_prompt, user=interleave_user(row.source, items, dims),
                              schema=INTERLEAVE_SCHEMA, schema_name="transevalnia_interleaving",
                              temperature=0.0, max_tokens=600 * len(names) + 400, judge=self.id,
                              prompt_version=self.prompt_version)

        def read(data: dict[str, Any]) -> Judgment:
            text = data.get("interleaved")
            if not isinstance(text, str) or not text.strip():
                raise AnswerError("the regrouped evaluations are empty")
            return Judgment(judge=self.id, unit=key, candidate=None, paragraph=row.index,
                            data={"kind": "interleaving", "order_index": k, "presented": list(presented),
                                  "interleaved": text.strip()})

        async def run(ctx: UnitContext) -> Judgment:
            evaluations = {u.candidate: ctx.deps[u.key].data for u in deps if u.candidate}
            return await ask(ctx, build(evaluations), UnitRef(self.id, key, None, row.index), read)

        quotes = tuple(known[u.key] for u in deps)
        frame = request_tokens(build({lab: NO_EVALUATION for lab in presented}))
        return Unit(judge=self.id, key=key, run=run, candidate=None, paragraph=row.index,
                    depends_on=[u.key for u in deps], est_quotes=quotes,
                    est_input_tokens=frame + sum(q.assumed for q in quotes),
                    input_hash=text_hash("interleave", sys_prompt, row.source, *presented,
                                         *(by_label[lab].target for lab in presented), *(u.input_hash for u in deps)),
                    est_output_tokens=600 * len(names) + 400)

    def _ranking_unit(self, row: Row, method: str, k: int, presented: tuple[str, ...],
                      dims: list[Dimension], sys_prompt: str,
                      eval_units: dict[tuple[str, int], Unit], known: dict[str, QuotedAnswer],
                      full: bool = False, inter: Unit | None = None) -> Unit:
        key = rank_key(method, row.index, k)
        names = list(neutral_labels(presented))
        by_label = {e.label: e for e in row.entries}
        deps = [eval_units[(lab, row.index)] for lab in presented] if method in NEEDS_EVALUATIONS else []
        schema = ranking_schema(names, method, full)
        out_tokens = {"no-reasoning": 60, "one-step": 500 * len(names) + 600}.get(method, 700)

        def build(evaluations: dict[str, Any], interleaved: str | None = None) -> LLMRequest:
            items = [Item(n, by_label[lab].target, evaluations.get(lab)) for n, lab in zip(names, presented)]
            return LLMRequest(system=sys_prompt,
                              user=ranking_user(method, row.source, items, dims, full,
                                                interleaved if inter is not None else None),
                              schema=schema, schema_name="transevalnia_ranking", temperature=0.0,
                              max_tokens=out_tokens, judge=self.id, prompt_version=self.prompt_version)

        async def run(ctx: UnitContext) -> Judgment:
            # two- and three-step read the stored evaluations; nothing is evaluated again here
            evaluations = {u.candidate: ctx.deps[u.key].data for u in deps if u.candidate}
            interleaved = ctx.deps[inter.key].data.get("interleaved", "") if inter is not None else None
            return await ask(ctx, build(evaluations, interleaved), UnitRef(self.id, key, None, row.index),
                             lambda data: ranking_judgment(self.id, key, row, method, k, presented, data),
                             failure=ranking_data(method, k, presented))

        if deps:  # the prompt embeds evaluations not known yet: hash what determines them instead
            fixed = text_hash(method, sys_prompt, row.source, *presented, str(full),
                              *(by_label[lab].target for lab in presented), *(u.input_hash for u in deps),
                              *([inter.input_hash] if inter is not None else []))
        else:
            fixed = text_hash(method, *presented, build({}).system, build({}).user)
        # the prompt's own frame, exactly, plus each quoted evaluation at its assumed size
        quotes = tuple(known[u.key] for u in deps)
        frame = request_tokens(build({lab: NO_EVALUATION for lab in presented}, ""))
        size = frame + sum(q.assumed for q in quotes)
        # the prompt as shown: the texts in their presented order (identical translations in two orders
        # make one prompt), not which candidate each one is
        shown = text_hash(method, sys_prompt, row.source, str(full), *(by_label[lab].target for lab in presented),
                          *(u.request_key or u.input_hash for u in deps),
                          *([inter.input_hash] if inter is not None else []))
        return Unit(judge=self.id, key=key, input_hash=fixed, run=run, candidate=None, paragraph=row.index,
                    depends_on=[u.key for u in deps] + ([inter.key] if inter is not None else []),
                    est_input_tokens=size, request_key=shown,
                    est_quotes=quotes, est_output_tokens=out_tokens)

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        return summarize(results)
