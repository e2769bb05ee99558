"""TransEvalnia (seed 004) units of work: each candidate's paragraphs (and, when spans are pre-cut, their
sentences), and how an evaluation, a Likert scoring and a ranking answer become stored Judgments. Spans the
model cut itself (the paper's method) are quoted back and located in the candidate with app.mqm.spans;
one that cannot be placed is kept, with its quote and why. An answer that breaks a rule raises AnswerError;
common.ask turns that into a failure with the raw text."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from litlens.app.judges.common import AnswerError, paragraph_pairs, paragraph_sentences
from litlens.app.judges.transevalnia.prompts import LIKERT, OVERALL, Dimension
from litlens.app.core.model import Judgment, Project, Score, Segment
from litlens.app.mqm.spans import Location, locate
from litlens.app.metrics.orders import RankingError, neutral_labels, read_best, read_ranking, relabel


@dataclass(frozen=True)
class SpanCut:
    """A span of roughly a line (a sentence) with whole-document offsets into the candidate text."""

    start: int
    end: int
    text: str


@dataclass
class Entry:
    """One candidate's translation of one aligned paragraph."""

    label: str
    index: int  # source paragraph index (the row's first)
    source: str
    target: str
    spans: list[SpanCut]  # pre-cut sentences; empty when the model cuts its own spans
    source_indices: tuple[int, ...]
    content: str = ""  # the candidate's whole document, which span offsets index
    regions: tuple[tuple[int, int], ...] = ()  # this entry's paragraphs in ``content``


@dataclass
class Row:
    """One source paragraph and the candidates that translate exactly it (the ranking's contestants)."""

    index: int
    source: str
    entries: list[Entry] = field(default_factory=list)


def cut_spans(project: Project, label: str, targets: tuple[int, ...],
              split: dict[int, list[Segment]] | None = None) -> list[SpanCut]:
    """Sentences of the candidate's paragraphs (app.texts.split_sentences); a paragraph the splitter
    finds nothing in stays one span. ``split``: the candidate's sentences by paragraph, already asked
    for (``paragraph_sentences``)."""
    text = project.candidate(label).text
    if split is None:
        split = paragraph_sentences(text, targets)
    out: list[SpanCut] = []
    for t in targets:
        para = text.paragraphs[t]
        found = list(split[t])
        if not found and para.text.strip():
            found = [para]
        out += [SpanCut(s.start, s.end, text.content[s.start:s.end]) for s in found]
    return out


def rows(project: Project, pre_cut: bool = False) -> tuple[list[Entry], list[Row]]:
    """Every translated paragraph (for evaluation and scoring) and the ranking rows; ``pre_cut`` also
    splits each into sentence spans.

    A row holds the candidates whose aligned source paragraphs are the most common grouping for it, so a
    ranking always compares translations of the same source text."""
    entries: list[Entry] = []
    for cand in project.candidates:
        # an omitted or added paragraph has nothing to evaluate against
        pps = [pp for pp in paragraph_pairs(project, cand)
               if pp.index >= 0 and pp.source.strip() and pp.target.strip()]
        # the candidate's sentences in one request (Kiwi/spaCy off the window's process)
        split = paragraph_sentences(cand.text, (t for pp in pps for t in pp.pair.target)) if pre_cut else {}
        for pp in pps:
            paras = cand.text.paragraphs
            entries.append(Entry(cand.label, pp.index, pp.source, pp.target,
                                 cut_spans(project, cand.label, pp.pair.target, split) if pre_cut else [],
                                 pp.pair.source, cand.text.content,
                                 tuple((paras[t].start, paras[t].end) for t in pp.pair.target)))
    by_index: dict[int, list[Entry]] = {}
    for e in entries:
        by_index.setdefault(e.index, []).append(e)
    out: list[Row] = []
    for index in sorted(by_index):
        group = by_index[index]
        common = Counter(e.source_indices for e in group).most_common(1)[0][0]
        same = [e for e in group if e.source_indices == common]
        out.append(Row(index, same[0].source, same))
    return entries, out


def _comments(got: Any, i: int, dims: list[Dimension]) -> dict[str, str]:
    if not isinstance(got, dict):
        raise AnswerError(f"the evaluation skips span {i + 1}")
    comments = {}
    for d in dims:
        if not isinstance(got.get(d.key), str):
            raise AnswerError(f"span {i + 1} has no {d.name} comment")
        comments[d.key] = got[d.key].strip()
    return comments


def locate_spans(entry: Entry, quotes: list[str]) -> list[Location]:
    """Where each quoted span is in the candidate. Spans come in reading order, so each is looked for
    first after the previous one (its first occurrence there); failing that, anywhere in the entry's
    paragraphs, where a repeated quote is left unplaced rather than guessed."""
    regions = sorted(entry.regions)
    cursor = regions[0][0] if regions else 0
    out = []
    for q in quotes:
        after = [(max(a, cursor), b) for a, b in regions if b > cursor]
        loc = locate(entry.content, q, 1, regions=after) if after else None
        if loc is None or not loc.located:
            loc = locate(entry.content, q, regions=regions)
        if loc.located and loc.end is not None:
            cursor = loc.end
        out.append(loc)
    return out


def _model_spans(entry: Entry, data: dict[str, Any], dims: list[Dimension]) -> list[dict[str, Any]]:
    got = data.get("spans")
    if not isinstance(got, list) or not got:
        raise AnswerError("the evaluation cut the translation into no spans")
    quotes = []
    for i, sp in enumerate(got):
        if not isinstance(sp, dict) or not isinstance(sp.get("text"), str) or not sp["text"].strip():
            raise AnswerError(f"span {i + 1} quotes no text of the translation")
        quotes.append(sp["text"].strip())
    spans = []
    for i, (sp, q, loc) in enumerate(zip(got, quotes, locate_spans(entry, quotes))):
        placed = loc.located and loc.start is not None and loc.end is not None
        spans.append({"start": loc.start, "end": loc.end,
                      "text": entry.content[loc.start:loc.end] if placed else q, "quote": q,
                      "located": loc.method, **({} if placed else {"note": loc.note}),
                      "comments": _comments(sp, i, dims)})
    return spans


def evaluation_judgment(judge: str, key: str, entry: Entry, data: dict[str, Any], dims: list[Dimension],
                        poetry: bool, model_spans: bool = False) -> Judgment:
    if model_spans:
        spans = _model_spans(entry, data, dims)
    else:
        spans = [{"start": cut.start, "end": cut.end, "text": cut.text,
                  "comments": _comments(data.get(f"span_{i + 1}"), i, dims)}
                 for i, cut in enumerate(entry.spans)]
    overall = data.get("overall")
    if not isinstance(overall, str) or not overall.strip():
        raise AnswerError("the evaluation has no overall summary")
    unplaced = [sp["quote"] for sp in spans if sp.get("start") is None]
    return Judgment(judge=judge, unit=key, candidate=entry.label, paragraph=entry.index,
                    data={"kind": "evaluation", "spans": spans, "overall": overall.strip(),
                          "span_cuts": "model" if model_spans else "sentences",
                          "unlocated_spans": unplaced,
                          "dimensions": [d.key for d in dims], "poetry": poetry})


def scoring_judgment(judge: str, key: str, entry: Entry, data: dict[str, Any], dims: list[Dimension]
                     ) -> Judgment:
    scores: list[Score] = []
    for d in [*dims, OVERALL]:
        value = data.get(d.key)
        # bool is an int in Python; True is not a Likert score
        if isinstance(value, bool) or not isinstance(value, int) or not LIKERT[0] <= value <= LIKERT[1]:
            raise AnswerError(f"{d.name} score {value!r} is not a whole number from 1 to 5")
        scores.append(Score(d.name, value, *LIKERT))
    mean = sum(s.value for s in scores) / len(scores)
    return Judgment(judge=judge, unit=key, candidate=entry.label, paragraph=entry.index, scores=scores,
                    data={"kind": "scores", "mean": mean})


def ranking_data(method: str, order_index: int, presented: tuple[str, ...]) -> dict[str, Any]:
    """What every ranking result carries, failed ones too, so position bias can count the failures."""
    return {"kind": "ranking", "method": method, "order_index": order_index, "presented": list(presented),
            "labels": neutral_labels(presented)}


def ranking_judgment(judge: str, key: str, row: Row, method: str, order_index: int,
                     presented: tuple[str, ...], data: dict[str, Any]) -> Judgment:
    base = ranking_data(method, order_index, presented)
    try:
        if "ranking" in data:
            order = read_ranking(data.get("ranking") or [], presented)
        else:  # asked which is best (the paper's question): a partial ranking of one
            order = read_best(data.get("best"), presented)
    except RankingError as exc:
        raise AnswerError(f"unusable ranking: {exc}") from None
    rationale = str(data.get("rationale", "")).strip()
    out = {**base, "order": order, "best": order[0], "rationale": rationale,
           "rationale_labelled": relabel(rationale, presented)}
    if method == "one-step":
        evals = data.get("evaluations") or {}
        out["evaluations"] = {lab: relabel(str(evals.get(f"translation_{i + 1}", "")), presented)
                              for i, lab in enumerate(presented)}
    return Judgment(judge=judge, unit=key, candidate=None, paragraph=row.index, data=out)
