"""Literalness and diversity (seed 002, §5 and App. F.6), deterministic and offline.

* Lexical overlap (App. F.6): for each candidate j, the mean over passages of its mean BLEU against every
  other candidate k, ``1/N Σ_i 1/(M-1) Σ_{k≠j} S(T_ij, T_ik)``, S being sacreBLEU's BLEU with T_ij as the
  hypothesis and T_ik as the single reference. Lower means a more diverse, more distinct vocabulary.
  By default (``tokenizer=sacrebleu``, the paper's way) BLEU tokenises with sacreBLEU's standard
  tokenizer for the target language (13a; ``zh`` for Chinese; ``ko-mecab``/``ja-mecab`` for Korean and
  Japanese when sacreBLEU's extras are installed, else our morphemes/characters, said in the result), so
  figures are comparable with the paper's. ``tokenizer=morphemes`` scores BLEU on our own tokens (Korean
  Kiwi morphemes, Chinese/Japanese characters, other languages words and punctuation).
* Syntactic similarity to the source: the paper uses FastKASSIM, a tree-kernel similarity of
  dependency parses. It needs a parser for the source and the target language; when installed spaCy
  pipelines provide both, sentences are compared with a tree kernel over universal POS trees (best match
  per sentence, averaged both ways, 0–1). Otherwise it is not computed and the result says why.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from litlens.app.judges import offload
from litlens.app.judges.base import Judge, JudgeUnavailable, Summary, Unit, UnitContext
from litlens.app.judges.common import Passage, passage_groups
from litlens.app.judges import cards
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.core.model import Judgment, Project, Score, text_hash

OVERLAP = "Lexical overlap (BLEU)"
SYNTAX = "Syntactic similarity to source"
Tokenizer = Literal["sacrebleu", "morphemes"]
_WORD = re.compile(r"\w+|[^\w\s]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[^\W\u3040-\u30ff\u3400-\u4dbf"
                  r"\u4e00-\u9fff\uf900-\ufaff]+|[^\w\s]")
LAMBDA = 0.5  # tree-kernel decay: large shared subtrees count, but do not swamp everything else


@lru_cache(maxsize=4096)
def tokenise(text: str, language: str) -> tuple[str, ...]:
    """Our own tokens: Kiwi morphemes for Korean, characters for Chinese/Japanese, else words."""
    if language == "ko":
        from litlens.app.korean.kiwi import analyze
        return tuple(t.form for t in analyze(text)[0][0]) if text.strip() else ()
    if language in ("zh", "ja"):
        return tuple(_CJK.findall(text))
    return tuple(_WORD.findall(text))


def _own_tokens_name(language: str) -> str:
    return "Kiwi morphemes" if language == "ko" else "characters" if language in ("zh", "ja") else "words"


@lru_cache(maxsize=64)
def scorer(language: str, tokenizer: Tokenizer = "sacrebleu") -> tuple[Any, bool, str]:
    """(sacreBLEU BLEU object, whether texts are pre-tokenised by us, what the tokens are).

    effective_order=True is sacreBLEU's own sentence_bleu setting; on paragraphs it rarely matters."""
    from sacrebleu.metrics import BLEU
    if tokenizer == "sacrebleu":
        try:
            bleu = BLEU(trg_lang=language, effective_order=True)
            return bleu, False, f"sacreBLEU {bleu.tokenizer.signature()}"
        except RuntimeError:  # ko-mecab / ja-mecab need sacrebleu[ko] / sacrebleu[ja]
            return (BLEU(tokenize="none", effective_order=True), True,
                    f"{_own_tokens_name(language)} (sacreBLEU's {language} tokenizer is not installed: "
                    f"pip install 'sacrebleu[{language}]' for the paper's tokenisation)")
    return BLEU(tokenize="none", effective_order=True), True, _own_tokens_name(language)


def overlap(hypothesis: str, reference: str, language: str, tokenizer: Tokenizer = "sacrebleu") -> float:
    """S(T_ij, T_ik): BLEU (0–100) of one translation (hypothesis) against another (the reference)."""
    if not hypothesis.strip() or not reference.strip():
        return 0.0
    bleu, pre, _ = scorer(language, tokenizer)
    if pre:
        hypothesis = " ".join(tokenise(hypothesis, language))
        reference = " ".join(tokenise(reference, language))
    return float(bleu.sentence_score(hypothesis, [reference]).score)


def system_overlap(translations: Mapping[str, Sequence[str]], language: str,
                   tokenizer: Tokenizer = "sacrebleu") -> dict[str, float]:
    """App. F.6 Avg.overlap_j for systems given as ``{system: [paragraph translations, aligned]}``."""
    systems = list(translations)
    lengths = {len(v) for v in translations.values()}
    if len(lengths) != 1 or len(systems) < 2 or not lengths.pop():
        raise ValueError("every system needs one translation per paragraph, and two systems at least")
    out = {}
    for j in systems:
        per_para = [sum(overlap(mine, translations[k][i], language, tokenizer) for k in systems if k != j)
                    / (len(systems) - 1) for i, mine in enumerate(translations[j])]
        out[j] = sum(per_para) / len(per_para)
    return out


# ---- syntactic similarity (only with installed parsers) ----------------------------------------------

_parsers: dict[str, Any] = {}


def find_parser(language: str) -> Any | None:
    """An installed spaCy pipeline for ``language`` that has a dependency parser, or None."""
    if language in _parsers:
        return _parsers[language]
    found = None
    try:
        import spacy
        from litlens.app.texts.pipelines import installed_models, pipeline_for
        chosen = pipeline_for(language, "")  # the user's own first, then the official one
        names = [chosen] if chosen else []
        names += [n for n in installed_models() if n.startswith(f"{language}_") and n not in names]
        for name in names:
            try:
                nlp = spacy.load(name)
            except OSError:  # named but not installed
                continue
            if nlp.has_pipe("parser"):
                found = nlp
                break
    except Exception:  # a broken pipeline install is the same as none for this optional measure
        found = None
    _parsers[language] = found
    return found


def _production(tok: Any) -> tuple[str, tuple[str, ...]]:
    return tok.pos_, tuple(sorted(c.pos_ for c in tok.children))


def _common(a: Any, b: Any, memo: dict) -> float:
    key = (a.i, b.i)
    if key not in memo:
        if _production(a) != _production(b):
            memo[key] = 0.0
        else:
            value = LAMBDA
            for ca, cb in zip(sorted(a.children, key=lambda t: (t.pos_, t.i)),
                              sorted(b.children, key=lambda t: (t.pos_, t.i))):
                value *= 1.0 + _common(ca, cb, memo)
            memo[key] = value
    return memo[key]


def tree_kernel(a: Any, b: Any) -> float:
    """Collins–Duffy style kernel over two dependency trees (spaCy spans), nodes labelled by UPOS."""
    memo: dict = {}
    return sum(_common(x, y, memo) for x in a for y in b)


def sentence_similarity(a: Any, b: Any) -> float:
    kab, kaa, kbb = tree_kernel(a, b), tree_kernel(a, a), tree_kernel(b, b)
    return kab / math.sqrt(kaa * kbb) if kaa and kbb else 0.0


def document_similarity(source_sents: list[Any], target_sents: list[Any]) -> float:
    """Best-matching sentence similarity, averaged from each side, then between the two sides."""
    if not source_sents or not target_sents:
        return 0.0
    fwd = sum(max(sentence_similarity(s, t) for t in target_sents) for s in source_sents) / len(source_sents)
    back = sum(max(sentence_similarity(t, s) for s in source_sents) for t in target_sents) / len(target_sents)
    return (fwd + back) / 2


# ---- the judge --------------------------------------------------------------------------------------

class LiteralnessJudge(Judge):
    id = "literalness"
    name = "Literalness and lexical diversity"
    description = ("Mean lexical overlap (BLEU) of each translation with every other one — lower means a "
                   "more diverse vocabulary — and, where parsers are installed, syntactic similarity to the "
                   "source (seed 002). Offline; needs two or more candidates.")
    needs_llm = False
    reference = "none"
    # literalness/2: BLEU on sacreBLEU's standard tokenizer (the paper's), no longer on our own tokens
    prompt_version = "literalness/2"
    protocol = cards.LITERALNESS  # paper, sections, calls and deviations (litlens judges --details)

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        tokenizer: Tokenizer = option("sacrebleu", help=(
            "sacrebleu: sacreBLEU's standard tokenizer for the target language, as the paper did "
            "(comparable figures); morphemes: BLEU on our own tokens (Kiwi morphemes for Korean)"))

    def check(self, project: Project) -> None:
        super().check(project)
        if len(project.candidates) < 2:
            raise JudgeUnavailable("literalness compares translations with each other: it needs at least "
                                   "two candidates")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        self.check(project)
        passages = passage_groups(project)
        tokenizer = options.tokenizer
        everything = text_hash(tokenizer, project.source.language, project.source.content,
                               *(f"{c.label}\x00{c.text.language}\x00{c.text.content}" for c in project.candidates))
        return [Unit(judge=self.id, key=c.label, candidate=c.label, paragraph=None, needs_llm=False,
                     input_hash=everything, run=self._runner(project, passages, c.label, tokenizer))
                for c in project.candidates]

    def _runner(self, project: Project, passages: list[Passage], label: str, tokenizer: Tokenizer):
        async def run(ctx: UnitContext) -> Judgment:
            return await offload.run(measure, project, passages, label, self.id, tokenizer)
        return run

    def summarize(self, results: list[Judgment]) -> list[Summary]:
        ok = [j for j in results if j.status == "ok" and "overlap" in j.data]
        if not ok:
            return []
        ok.sort(key=lambda j: j.data["overlap"])
        notes = sorted({j.data.get("syntax_note", "") for j in ok} - {""})
        rows = [[j.candidate or "", f"{j.data['overlap']:.1f}", str(j.data["passages"]),
                 "n/a" if j.data.get("syntactic_similarity") is None else f"{j.data['syntactic_similarity']:.3f}"]
                for j in ok]
        tokens = sorted({str(j.data.get("tokens", "")) for j in ok} - {""})
        title = (f"lexical overlap with the other candidates (BLEU on {'; '.join(tokens) or 'words'}; "
                 "lower = more diverse)")
        if notes:
            title += "; syntactic similarity n/a: " + " ".join(notes)
        labels = [j.candidate or "" for j in ok]
        matrix = [[j.candidate or ""] + ["-" if o == j.candidate else f"{j.data['pairwise'].get(o, 0.0):.1f}"
                                         for o in labels] for j in ok]
        return [Summary(title=title, headers=["candidate", "overlap", "passages", "syntactic sim."], rows=rows,
                        data={j.candidate or "": {k: j.data.get(k) for k in
                                                  ("overlap", "passages", "syntactic_similarity", "syntax_note")}
                              for j in ok}),
                Summary(title="pairwise overlap (row translation scored against column translation)",
                        headers=["candidate", *labels], rows=matrix,
                        data={j.candidate or "": j.data["pairwise"] for j in ok})]


def measure(project: Project, passages: list[Passage], label: str, judge: str,
            tokenizer: Tokenizer = "sacrebleu") -> Judgment:
    """Overlap of ``label`` with every other candidate, and its syntactic similarity when possible."""
    lang = project.candidate(label).text.language
    others = [c.label for c in project.candidates if c.label != label]
    per_passage: list[float] = []
    pairwise: dict[str, list[float]] = defaultdict(list)
    for p in passages:
        mine = p.targets[label]
        if not mine.strip():
            continue  # a passage this candidate did not translate says nothing about its vocabulary
        vals = []
        for o in others:
            if p.targets[o].strip():
                v = overlap(mine, p.targets[o], lang, tokenizer)
                vals.append(v)
                pairwise[o].append(v)
        if vals:
            per_passage.append(sum(vals) / len(vals))
    mean = sum(per_passage) / len(per_passage) if per_passage else 0.0
    data: dict[str, Any] = {"overlap": mean, "passages": len(per_passage),
                            "pairwise": {o: sum(v) / len(v) for o, v in pairwise.items() if v},
                            "tokenizer": tokenizer, "tokens": scorer(lang, tokenizer)[2]}
    against = f"{len(others)} other candidate" + ("" if len(others) == 1 else "s")
    over = f"{len(per_passage)} passage" + ("" if len(per_passage) == 1 else "s")
    scores = [Score(OVERLAP, mean, 0.0, 100.0, f"mean BLEU against {against} over {over}")]
    syn, note = _syntax(project, passages, label)
    data["syntactic_similarity"] = syn
    if note:
        data["syntax_note"] = note
    if syn is not None:
        scores.append(Score(SYNTAX, syn, 0.0, 1.0, "tree-kernel similarity of dependency parses"))
    return Judgment(judge=judge, unit=label, candidate=label, paragraph=None, scores=scores, data=data)


def _syntax(project: Project, passages: list[Passage], label: str) -> tuple[float | None, str]:
    src_lang, tgt_lang = project.source.language, project.candidate(label).text.language
    missing = [lang for lang in dict.fromkeys((src_lang, tgt_lang)) if find_parser(lang) is None]
    if missing:
        return None, (f"no dependency parser installed for {', '.join(missing)} (a spaCy pipeline with a "
                      f"parser, e.g. {missing[0]}_core_*_sm).")
    src_nlp, tgt_nlp = find_parser(src_lang), find_parser(tgt_lang)
    vals = [document_similarity(list(src_nlp(p.source).sents), list(tgt_nlp(p.targets[label]).sents))
            for p in passages if p.source.strip() and p.targets[label].strip()]
    return (sum(vals) / len(vals) if vals else None), ""
