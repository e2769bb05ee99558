"""GEMBA-MQM (seed 002, §5 and Table 10): an LLM marks error spans with MQM categories and severities.

Two prompt variants, as in the paper: ``original`` (a general translation-error annotator) and
``literary`` (a literary critic who also penalises over-literal renderings). Categories are the paper's
Table 8 hierarchy (resources/mqm/typology.json); severities critical/major/minor. The model quotes each
error; litlens.app.mqm.spans turns the quote into offsets (omissions are quoted from, and anchored in, the source).
Each paragraph gets both score conventions of app.metrics.mqm.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Literal, get_args

from litlens.app.mqm import typology as mqm
from litlens.app.core import prompts
from litlens.app.metrics.adequacy import adequacy_summary
from litlens.app.metrics.uncertainty import mean_interval
from litlens.app.judges.base import Judge, Summary, Unit, UnitContext
from litlens.app.judges.common import (AnswerError, ParagraphPair, UnitRef, ask, check_human, failed,
                                       ledger_summary, paragraph_pairs, paragraph_sentences, unaligned_unit)
from litlens.app.judges import cards, termbase_context
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.llm.tokens import request_tokens
from litlens.app.mqm import scores
from litlens.app.core.model import Judgment, Project, Score, Segment, Span, text_hash
from litlens.app.mqm.spans import locate

Variant = Literal["original", "literary"]
VARIANTS: tuple[str, ...] = get_args(Variant)
CategoryList = Literal["gemba", "table8"]

# GEMBA-MQM's own short category list (names only), as paths of seed 002's Table 8 typology that the
# answer must use. GEMBA's "character encoding" has no Table 8 leaf and is left out; its fluency/register
# is Table 8's style/register.
GEMBA_CATEGORIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("accuracy", ("accuracy/addition", "accuracy/mistranslation", "accuracy/omission", "accuracy/untranslated")),
    ("fluency", ("fluency/grammar", "fluency/inconsistency", "fluency/punctuation-spelling", "style/register")),
    ("style", ("style/awkwardness",)),
    ("terminology", ("terminology/mistranslation", "terminology/inconsistent")),
    ("non-translation", ("non-translation",)),
    ("other", ("other",)),
)


MISTRANSLATION = "accuracy/mistranslation"


def category_enum(category_list: str = "table8") -> list[str]:
    """The category paths an answer may use: GEMBA's short list, or every Table 8 leaf."""
    if category_list == "gemba":
        return [p for _, paths in GEMBA_CATEGORIES for p in paths]
    return mqm.typology().leaf_paths() + [MISTRANSLATION]


def answer_schema(category_list: str = "table8") -> dict[str, Any]:
    error = {
        "type": "object", "additionalProperties": False,
        "properties": {
            # GEMBA's own answers name plain "accuracy/mistranslation"; it is accepted and read as "general"
            "category": {"type": "string", "enum": category_enum(category_list)},
            "severity": {"type": "string", "enum": list(mqm.SEVERITIES)},
            "quoted_from": {"type": "string", "enum": ["translation", "source"]},
            "text": {"type": "string", "minLength": 1},
            "occurrence": {"type": ["integer", "null"], "minimum": 1},
            "explanation": {"type": "string"},
            "suggestion": {"type": ["string", "null"]},
        },
        "required": ["category", "severity", "quoted_from", "text", "occurrence", "explanation",
                     "suggestion"],
    }
    return {"type": "object", "additionalProperties": False, "required": ["errors"],
            "properties": {"errors": {"type": "array", "items": error}}}


def sentence_count(project: Project, source_indices: tuple[int, ...],
                   split: dict[int, list[Segment]] | None = None) -> int:
    """Sentences in the source paragraph(s) of a row: the denominator of the paper's paragraph score,
    taken from the source so every candidate of a paragraph is divided by the same number. ``split``:
    the source's sentences by paragraph, already asked for (``paragraph_sentences``)."""
    src = project.source
    if split is None:
        split = paragraph_sentences(src, source_indices)
    return max(1, sum(len(split[i]) for i in source_indices))


class GembaMqmJudge(Judge):
    id = "gemba-mqm"
    name = "GEMBA-MQM (error spans, original or literary prompt)"
    description = ("Marks error spans with MQM categories (seed 002, Table 8) and severities, with the "
                   "original GEMBA-MQM prompt or the literary-critic variant; scores each paragraph by the "
                   "paper's per-sentence formula and by GEMBA's capped convention.")
    needs_llm = True
    reference = "none"
    prompt_version = prompts.Versioned("gemba_mqm", "gemba-mqm/1")
    protocol = cards.GEMBA_MQM  # paper, sections, calls and deviations (litlens judges --details)

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        variant: Variant = option("original", help="original: the GEMBA-MQM prompt; literary: the "
                                                   "literary-critic prompt of seed 002")
        categories: CategoryList = option(
            "gemba", help="gemba: GEMBA-MQM's short list of category names (the paper's prompt); "
                          "table8: every Table 8 category with its definition (our option)")
        human: str | None = option(None, kind="candidate",
                                   help="The candidate that is the human translation, for the adequacy table")
        ledger_context: bool = option(
            False, help="Add the Korean analyser's summary of who speaks to whom at which speech level "
                        "across the candidate to each prompt (our addition; not in the paper)")
        termbase: str = option("", help=termbase_context.HELP)

    def plan(self, project: Project, options: Options) -> list[Unit]:
        variant = options.variant
        termbase = termbase_context.load(project, options.termbase, self.id)
        human = check_human(project, self.id, options.human)
        units = []
        pairs = [(cand, list(paragraph_pairs(project, cand))) for cand in project.candidates]
        # every row's sentence count in one request (Kiwi/spaCy off the window's process)
        aligned = (i for _, pps in pairs for pp in pps if pp.source and pp.target for i in pp.pair.source)
        split = paragraph_sentences(project.source, aligned)
        for cand, pps in pairs:
            ledger = ledger_summary(project, cand.label, self.id) if options.ledger_context else None
            for pp in pps:
                units.append(self._unit(project, pp, variant, human, ledger, split, options.categories,
                                        termbase))
        return units

    def _unit(self, project: Project, pp: ParagraphPair, variant: str, human: str | None,
              ledger: str | None = None, split: dict[int, list[Segment]] | None = None,
              category_list: str = "gemba", termbase: Any = None) -> Unit:
        para = pp.paragraph
        if not pp.source or not pp.target:
            return unaligned_unit(self.id, pp, text_hash(pp.source, pp.target, str(human)), human=human)
        target_lang = project.candidate(pp.candidate).text.language
        ty = mqm.typology()
        variables = {"variant": variant, "source_language": language_name(project.source.language),
                         "target_language": language_name(target_lang), "severities": ty.severities,
                         "categories": [c for c in ty.all() if c.is_leaf], "ledger": ledger,
                         "category_list": category_list, "short_categories": GEMBA_CATEGORIES,
                         "termbase": termbase_context.block(termbase, pp.source)}
        system = prompts.render("gemba_mqm/system.j2", **variables)
        user = prompts.render("gemba_mqm/user.j2", source=pp.source, translation=pp.target, **variables)
        request = LLMRequest(system=system, user=user, schema=answer_schema(category_list),
                             schema_name="mqm_errors", temperature=0.0, max_tokens=1500, judge=self.id,
                             prompt_version=self.prompt_version, turns=example_turns(variant))
        sentences = sentence_count(project, pp.pair.source, split)

        async def run(ctx: UnitContext) -> Judgment:
            # raw=None: ask() files the model's text with any failure to_judgment reports
            return await ask(ctx, request, UnitRef(self.id, pp.key, pp.candidate, para),
                             lambda data: to_judgment(self.id, ctx.project, pp, data, None, sentences,
                                                      {"variant": variant, "human": human,
                                                       "categories": category_list,
                                                       **termbase_context.recorded(
                                                           termbase, variables["termbase"])}))

        return Unit(judge=self.id, key=pp.key, candidate=pp.candidate, paragraph=para, run=run,
                    input_hash=text_hash(system, user, str(human)),
                    est_input_tokens=request_tokens(request), est_output_tokens=400)

    def summarize(self, results: list[Judgment]) -> list[Summary]:
        return summarize_mqm(results)


def example_turns(variant: str) -> tuple[tuple[str, str], ...]:
    """GEMBA's few-shot structure: each worked example is a user turn (the same template as the real
    input) answered by an assistant turn, before the real input. Two examples per variant, our own."""
    import json

    from litlens.app.core.resources import read_resource_once
    turns: list[tuple[str, str]] = []
    for ex in json.loads(read_resource_once("prompts", "gemba_mqm", "examples.json"))[variant]:
        user = prompts.render("gemba_mqm/user.j2", source=ex["source"], translation=ex["translation"],
                              source_language=ex["source_language"], target_language=ex["target_language"],
                              ledger=None)
        turns += [("user", user), ("assistant", json.dumps({"errors": ex["errors"]}, ensure_ascii=False))]
    return tuple(turns)


def _check_error(e: Any) -> tuple[str, str, str, str, int | None]:
    if not isinstance(e, dict):
        raise AnswerError(f"an error entry is not an object: {e!r}")
    category = str(e.get("category", ""))
    if category == MISTRANSLATION:
        category = MISTRANSLATION + "/general"
    if not mqm.is_valid(category, leaf_only=True):
        raise AnswerError(f"unknown MQM category {category!r}")
    severity = e.get("severity")
    if severity not in mqm.SEVERITIES:
        raise AnswerError(f"bad severity {severity!r} (expected critical, major or minor)")
    side = e.get("quoted_from", "translation")
    if side not in ("translation", "source"):
        raise AnswerError(f"quoted_from must be 'translation' or 'source', not {side!r}")
    occ = e.get("occurrence")
    if occ is not None and (not isinstance(occ, int) or isinstance(occ, bool) or occ < 1):
        raise AnswerError(f"occurrence must be a whole number from 1, not {occ!r}")
    text = e.get("text")
    if not isinstance(text, str) or not text.strip():
        raise AnswerError("an error quotes no text")
    return category, str(severity), side, text, occ


def to_judgment(judge: str, project: Project, pp: ParagraphPair, data: dict[str, Any], raw: str | None,
                sentences: int, extra: dict[str, Any]) -> Judgment:
    para = pp.paragraph
    errors = data.get("errors")
    if not isinstance(errors, list):
        return failed(judge, pp.key, pp.candidate, para, "the answer has no list of errors", raw)
    cand = project.candidate(pp.candidate).text
    t_regions = [(cand.paragraphs[i].start, cand.paragraphs[i].end) for i in pp.pair.target]
    s_regions = [(project.source.paragraphs[i].start, project.source.paragraphs[i].end)
                 for i in pp.pair.source]
    spans: list[Span] = []
    for e in errors:
        try:
            category, severity, side, text, occ = _check_error(e)
        except AnswerError as exc:
            return failed(judge, pp.key, pp.candidate, para, str(exc), raw)
        on_source = side == "source"
        loc = locate(project.source.content if on_source else cand.content, text, occ,
                     regions=s_regions if on_source else t_regions)
        info = {"quoted_from": side, "occurrence": occ, "method": loc.method, "similarity": loc.score,
                "omission": on_source}
        if loc.note:
            info["note"] = loc.note
        if loc.alternatives:
            info["alternatives"] = [list(a) for a in loc.alternatives]
        spans.append(Span(judge=judge, category=category, severity=severity,  # type: ignore[arg-type]
                          explanation=str(e.get("explanation") or ""), quote=text,
                          suggestion=str(e.get("suggestion") or ""), paragraph=para,
                          start=None if on_source else loc.start, end=None if on_source else loc.end,
                          source_start=loc.start if on_source else None,
                          source_end=loc.end if on_source else None, data=info))
    pairs = [(s.category, s.severity) for s in spans]
    c = scores.counts(pairs)
    paper = scores.paper_score(pairs, sentences)
    gemba = scores.gemba_score(pairs)
    result_scores = [
        Score(scores.PAPER, paper, scores.paper_floor(len(pairs), sentences), 0.0,
              f"-(25×{c.non_translation} non-translation + 5×{c.major + c.critical} major/critical + "
              f"1×{c.minor} minor) / {sentences} sentence(s)"),
        Score(scores.GEMBA, gemba, -scores.GEMBA_CAP, 0.0,
              "first five errors by severity, critical 25 / major 5 / minor 1, capped at 25"),
    ]
    unlocated = sum(1 for s in spans if s.start is None and s.source_start is None)
    return Judgment(judge=judge, unit=pp.key, candidate=pp.candidate, paragraph=para, scores=result_scores,
                    spans=spans, data={**extra, "sentences": sentences, "errors": len(spans),
                                       "counts": {"non-translation": c.non_translation, "critical": c.critical,
                                                  "major": c.major, "minor": c.minor},
                                       "unlocated": unlocated})


def summarize_mqm(results: list[Judgment]) -> list[Summary]:
    """Per candidate: mean of each score convention, error counts by severity and by top category."""
    ok = [j for j in results if j.status == "ok" and j.scores]
    if not ok:
        return []
    per: dict[str, dict[str, Any]] = defaultdict(lambda: {"paper": [], "gemba": [], "sev": defaultdict(int),
                                                           "cat": defaultdict(int), "unlocated": 0})
    for j in ok:
        p = per[j.candidate or ""]
        vals = {s.dimension: s.value for s in j.scores}
        p["paper"].append(vals[scores.PAPER])
        p["gemba"].append(vals[scores.GEMBA])
        for s in j.spans:
            p["sev"][s.severity] += 1
            p["cat"][mqm.top_level(s.category)] += 1
        p["unlocated"] += int(j.data.get("unlocated", 0))
    rows, data, intervals = [], {}, {}
    for cand, p in per.items():
        mean_p, mean_g = sum(p["paper"]) / len(p["paper"]), sum(p["gemba"]) / len(p["gemba"])
        # MQM scores are skewed: a studentized bootstrap, from 8 paragraphs (app/metrics/uncertainty.py)
        ivs = {"paper mean": mean_interval(p["paper"], skewed=True, bounds=(float("-inf"), 0.0)),
               "GEMBA mean": mean_interval(p["gemba"], skewed=True, bounds=(-25.0, 0.0))}
        intervals[cand] = {k: b for k, iv in ivs.items() if iv and (b := iv.as_list())}  # 95% over paragraphs
        data[cand] = {"paragraphs": len(p["paper"]), "paper_mean": mean_p, "gemba_mean": mean_g,
                      "severities": dict(p["sev"]), "categories": dict(p["cat"]), "unlocated": p["unlocated"],
                      "ci95": intervals[cand]}
        rows.append([cand, str(len(p["paper"])), f"{mean_p:.2f}", f"{mean_g:.2f}",
                     *(str(p["sev"].get(s, 0)) for s in mqm.SEVERITIES), str(p["unlocated"])])
    out = [Summary(title="MQM per candidate (paper: per sentence; GEMBA: per paragraph, capped)",
                   headers=["candidate", "paragraphs", "paper mean", "GEMBA mean", *mqm.SEVERITIES,
                            "unlocated"], rows=rows, data=data, intervals=intervals)]
    tops = [c.path for c in mqm.typology().roots]
    out.append(Summary(title="MQM errors per category", headers=["candidate", *tops],
                       rows=[[cand, *(str(p["cat"].get(t, 0)) for t in tops)] for cand, p in per.items()],
                       data={cand: dict(p["cat"]) for cand, p in per.items()}))
    adequacy = adequacy_summary(ok)
    if adequacy is not None:
        out.append(adequacy)
    return out
