"""Reference metrics: BLEU, chrF and TER from sacreBLEU against a reference translation, for each aligned
paragraph and for the whole document (corpus-level statistics, not a mean of paragraph scores). Offline,
no LLM. These say how close a candidate is to one human translation, not how good it is: a free but
excellent literary translation can score low, which is why the literary judges exist beside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from litlens.app.core.model import Judgment, Score, text_hash
from litlens.app.judges.base import Judge, JudgeUnavailable, Payload, Summary, Unit
from litlens.app.judges.common import paragraph_pairs, unaligned_unit
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.judges.protocol import Deviation, ProtocolCard
from litlens.app.metrics.uncertainty import fmt_interval, mean_interval

if TYPE_CHECKING:
    from litlens.app.core.model import Project
    from litlens.app.judges.base import UnitContext
    from litlens.app.judges.common import ParagraphPair

JUDGE_ID = "reference-metrics"
METRICS = ("BLEU", "chrF", "TER")
Tokenizer = Literal["auto", "13a", "intl", "char", "zh", "ja-mecab", "ko-mecab", "flores200", "none"]
# sacreBLEU's own choice for these targets needs MeCab (sacrebleu[ja] / sacrebleu[ko]); without it we fall
# back to characters for CJK scripts, and the stored signature says so.
_FALLBACK = "char"


@lru_cache(maxsize=32)
def _metrics(language: str, tokenizer: str, lowercase: bool, word_order: int, ter_case: bool = False,
             ter_asian: bool = False) -> tuple[Any, Any, Any, str]:
    """(BLEU, CHRF, TER, note) objects; ``note`` is non-empty when the wanted tokenizer was unavailable."""
    from sacrebleu.metrics import BLEU, CHRF, TER
    note = ""
    kw: dict[str, Any] = {"lowercase": lowercase, "effective_order": True}
    try:
        bleu = BLEU(trg_lang=language, **kw) if tokenizer == "auto" else BLEU(tokenize=tokenizer, **kw)
    except RuntimeError:  # MeCab-based tokenizers are optional extras of sacreBLEU
        bleu = BLEU(tokenize=_FALLBACK, **kw)
        note = (f"BLEU uses {_FALLBACK!r} tokens, not sacreBLEU's own tokenizer for {language!r}, which is not "
                f"installed here (pip install 'sacrebleu[{language}]'); sacreBLEU's command line would refuse, "
                "so these BLEU figures are not comparable with published ones")
    chrf = CHRF(word_order=word_order, lowercase=lowercase)
    # as sacreBLEU's command line: TER ignores case and has no Asian-script splitting unless asked
    ter = TER(case_sensitive=ter_case, asian_support=ter_asian)
    return bleu, chrf, ter, note


def scores(hypotheses: list[str], references: list[str], language: str, tokenizer: str = "auto",
           lowercase: bool = False, word_order: int = 0, ter_case: bool = False,
           ter_asian: bool = False) -> dict[str, Any]:
    """Corpus-level BLEU, chrF and TER of ``hypotheses`` against one reference each, with signatures."""
    bleu, chrf, ter, note = _metrics(language, tokenizer, lowercase, word_order, ter_case, ter_asian)
    refs = [references]
    out: dict[str, Any] = {
        "BLEU": bleu.corpus_score(hypotheses, refs).score,
        "chrF": chrf.corpus_score(hypotheses, refs).score,
        "TER": ter.corpus_score(hypotheses, refs).score,
        "signatures": {"BLEU": str(bleu.get_signature()), "chrF": str(chrf.get_signature()),
                       "TER": str(ter.get_signature())},
    }
    if note:
        out["note"] = note
    return out


def _score_list(found: dict[str, Any]) -> list[Score]:
    # TER counts edits (lower is better, unbounded above): its scale runs from 100 (bad) to 0 (good), so a
    # view that colours by position on the scale reads it the right way round.
    return [Score("BLEU", round(found["BLEU"], 4), 0.0, 100.0), Score("chrF", round(found["chrF"], 4), 0.0, 100.0),
            Score("TER", round(found["TER"], 4), 100.0, 0.0, "edits per 100 reference words; lower is better")]


class ReferenceMetricsJudge(Judge):
    id = JUDGE_ID
    name = "Reference metrics (BLEU, chrF, TER)"
    description = ("BLEU, chrF and TER with sacreBLEU against the reference translation, per paragraph and "
                   "for the whole text. Needs a reference; no LLM, offline.")
    needs_llm = False
    reference = "required"
    prompt_version = "reference-metrics/1"
    protocol = ProtocolCard(
        source="sacreBLEU (Post, 2018) — BLEU (Papineni et al., 2002), chrF (Popović, 2015), TER (Snover et al., "
               "2006); not one of the four seed papers",
        sections="sacreBLEU's default metric settings; the signature of each score is stored with it",
        method="Each candidate against the one reference: document scores from corpus-level statistics over "
               "the aligned paragraphs, paragraph scores from the same metrics on each paragraph.",
        calls="none (computed locally)",
        deviations=(
            Deviation("BLEU tokenizer; 'auto' is sacreBLEU's choice for the target language (its command line's); "
                      "where that needs MeCab that is not installed (Korean: sacrebleu[ko]) BLEU falls back to "
                      "characters and the table says so beside the figure", "tokenizer", "auto"),
            Deviation("Case-sensitive TER (sacreBLEU's command line ignores case)", "ter_case_sensitive", "false"),
            Deviation("TER with Asian-script splitting", "ter_asian_support", "false"),
            Deviation("Case-insensitive scoring", "lowercase", "false"),
            Deviation("chrF++ (word n-grams added to chrF)", "word_order", "0"),
        ))

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        tokenizer: Tokenizer = option("auto", help="BLEU tokenizer: auto = sacreBLEU's default for the target "
                                                   "language (13a, zh, ja-mecab, ko-mecab)")
        lowercase: bool = option(False, help="Score case-insensitively")
        word_order: int = option(0, range=(0, 2), help="chrF word n-gram order (2 = chrF++)")
        ter_case_sensitive: bool = option(False, help="TER counts case differences (sacreBLEU's command line "
                                                      "does not by default)")
        ter_asian_support: bool = option(False, help="TER splits Chinese/Japanese/Korean characters (off by "
                                                     "default, as sacreBLEU's command line)")

    def check(self, project: Project) -> None:
        super().check(project)
        if project.reference is not None and project.reference_alignment is None:
            raise JudgeUnavailable(f"{self.id}: the reference has not been aligned to the source")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        units: list[Unit] = []
        settings = (options.tokenizer, options.lowercase, options.word_order)
        for cand in project.candidates:
            language = cand.text.language
            rows, unmatched = [], []
            for pp in paragraph_pairs(project, cand):
                if not pp.target or pp.paragraph is None:  # omitted or added: said, not scored
                    h = text_hash(pp.target, pp.reference or "", language, *map(str, settings))
                    units.append(unaligned_unit(JUDGE_ID, pp, h))
                elif pp.reference is None:  # the reference has nothing here; the document unit lists it
                    unmatched.append(pp.paragraph)
                else:
                    rows.append(pp)
                    units.append(_paragraph_unit(pp, language, options))
            units.append(_document_unit(cand.label, rows, language, options, unmatched))
        return units

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        return summarize_metrics(results)


def _paragraph_unit(pp: ParagraphPair, language: str, o: ReferenceMetricsJudge.Options) -> Unit:
    async def run(ctx: UnitContext) -> Judgment:
        import asyncio  # (a coroutine: asyncio is loaded by now; loading the judge does not need it)
        found = await asyncio.to_thread(scores, [pp.target], [pp.reference or ""], language, o.tokenizer,
                                        o.lowercase, o.word_order, o.ter_case_sensitive, o.ter_asian_support)
        return Judgment(judge=JUDGE_ID, unit=pp.key, candidate=pp.candidate, paragraph=pp.paragraph,
                        scores=_score_list(found), data={"level": "paragraph", **found})

    return Unit(judge=JUDGE_ID, key=pp.key, candidate=pp.candidate, paragraph=pp.paragraph, needs_llm=False,
                run=run, input_hash=text_hash(pp.target, pp.reference or "", language, o.tokenizer,
                                              str(o.lowercase), str(o.word_order), *_ter_key(o)))


def _ter_key(o: ReferenceMetricsJudge.Options) -> tuple[str, ...]:
    return (f"ter-case={o.ter_case_sensitive}", f"ter-asian={o.ter_asian_support}")


def _document_unit(label: str, rows: list[ParagraphPair], language: str,
                   o: ReferenceMetricsJudge.Options, unmatched: list[int]) -> Unit:
    hyps, refs = [r.target for r in rows], [r.reference or "" for r in rows]
    key = f"{label}/document"

    async def run(ctx: UnitContext) -> Judgment:
        if not hyps:
            return Judgment(judge=JUDGE_ID, unit=key, candidate=label, paragraph=None, status="failed",
                            error="no paragraph of this candidate is aligned to the reference")
        import asyncio
        found = await asyncio.to_thread(scores, hyps, refs, language, o.tokenizer, o.lowercase, o.word_order,
                                        o.ter_case_sensitive, o.ter_asian_support)
        return Judgment(judge=JUDGE_ID, unit=key, candidate=label, paragraph=None, scores=_score_list(found),
                        data={"level": "document", "paragraphs": len(hyps),
                              "without_reference": unmatched, **found})

    return Unit(judge=JUDGE_ID, key=key, candidate=label, paragraph=None, needs_llm=False, run=run,
                input_hash=text_hash(*hyps, "\x00", *refs, language, o.tokenizer, str(o.lowercase),
                                     str(o.word_order), str(unmatched), *_ter_key(o)))


def _tokenizer_cell(data: dict[str, Any]) -> str:
    """Which tokenizer BLEU used (from its sacreBLEU signature), and why when it is not sacreBLEU's own."""
    sig = str((data.get("signatures") or {}).get("BLEU", ""))
    tok = next((part.split(":", 1)[1] for part in sig.split("|") if part.startswith("tok:")), "-")
    return f"{tok} (fallback: {data['note']})" if data.get("note") else tok


def summarize_metrics(results: list[Judgment]) -> list[Payload]:
    """Per candidate: document BLEU/chrF/TER (corpus statistics) and the mean of the paragraph scores
    with a 95% t-interval over paragraphs."""
    docs = {j.candidate or "": j for j in results
            if j.status == "ok" and j.data.get("level") == "document" and j.scores}
    paras: dict[str, dict[str, list[float]]] = {}
    for j in results:
        if j.status == "ok" and j.data.get("level") == "paragraph":
            per = paras.setdefault(j.candidate or "", {m: [] for m in METRICS})
            for s in j.scores:
                per.setdefault(s.dimension, []).append(s.value)
    labels = list(dict.fromkeys([*docs, *paras]))
    if not labels:
        return []
    headers = ["candidate", "paragraphs", *(f"{m} (document)" for m in METRICS),
               *(f"{m} (paragraph mean)" for m in METRICS), "BLEU tokenizer"]
    rows, data, intervals = [], {}, {}
    for label in labels:
        doc = docs.get(label)
        doc_vals = {s.dimension: s.value for s in doc.scores} if doc else {}
        per = paras.get(label, {})
        row = [label, str(len(per.get("BLEU", [])))]
        row += [fmt_interval(doc_vals.get(m), None) for m in METRICS]
        means: dict[str, Any] = {}
        for m in METRICS:
            iv = mean_interval(per.get(m, []))
            row.append(fmt_interval(iv.estimate, iv.as_list()) if iv else "-")
            means[m] = None if iv is None else {"mean": iv.estimate, "ci95": iv.as_list()}
            if iv and iv.available:
                intervals.setdefault(label, {})[f"{m} (paragraph mean)"] = iv.as_list()
        row.append(_tokenizer_cell(doc.data if doc else {}))
        rows.append(row)
        data[label] = {"document": {m: doc_vals.get(m) for m in METRICS},
                       "signatures": doc.data.get("signatures", {}) if doc else {},
                       "note": doc.data.get("note", "") if doc else "", "paragraph_means": means}
    return [Summary(title="Reference metrics per candidate (TER: lower is better; [95% CI] over paragraphs)",
                    headers=headers, rows=rows, data=data, intervals=intervals)]
