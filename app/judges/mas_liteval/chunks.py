"""MAS-LitEval plumbing: cutting a candidate into chunks whose prompt stays within 4,096 tokens, cut at
paragraph boundaries; the agents' answer schemas; and the state each agent carries from one chunk to the
next (as context only: every chunk is scored on its own)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litlens.app.llm.tokens import estimate_tokens
from litlens.app.core.model import Candidate, Project
from litlens.app.judges.mas_liteval.uniformity import term_uniformity

AGENTS = ("terminology", "narrative", "style")
CHUNK_TOKENS = 4096  # the paper's chunk size
KEEP = 12  # carried lists (deviations, style notes) keep their most recent entries only
NOTES = 3  # the model's latest notes kept per term

_SCORE = {"type": "number", "minimum": 0, "maximum": 1}
_QUOTED = {"type": "object", "additionalProperties": False,
           "properties": {"quote": {"type": "string"}, "comment": {"type": "string"}},
           "required": ["quote", "comment"]}


@dataclass(frozen=True)
class Chunk:
    """Consecutive aligned rows; offsets are into the source and candidate contents."""

    index: int
    rows: tuple[int, ...]
    source: str
    target: str
    source_start: int
    source_end: int
    target_start: int
    target_end: int
    source_tokens: int
    target_tokens: int
    overhead_tokens: int = 0  # the fixed prompt the chunk was sized with
    oversize: bool = False  # one paragraph longer than the limit, kept whole rather than cut mid-paragraph

    @property
    def weight(self) -> int:
        """What a chunk counts for in the document score: how much of the original it covers, so a
        padded translation cannot give its own chunks more say (a chunk of added text only counts 1)."""
        return max(1, self.source_tokens)

    def as_data(self) -> dict[str, Any]:
        return {"index": self.index, "rows": list(self.rows), "source": [self.source_start, self.source_end],
                "target": [self.target_start, self.target_end], "source_tokens": self.source_tokens,
                "target_tokens": self.target_tokens, "overhead_tokens": self.overhead_tokens,
                "weight": self.weight, "oversize": self.oversize}


def make_chunks(project: Project, cand: Candidate, limit: int = CHUNK_TOKENS,
                overhead: int = 0, by: str = "text") -> list[Chunk]:
    """Greedy chunks of aligned rows. ``by="text"`` (the paper's plain reading): at most ``limit``
    estimated tokens of source text per chunk, its aligned translation alongside. ``by="prompt"`` (our
    option): the whole prompt within ``limit``, source and translation together plus ``overhead``, the
    agent's fixed instructions and schema. Cuts fall only between rows, i.e. at paragraph boundaries on
    both sides; a row that alone is too long becomes its own chunk, marked ``oversize``, rather than
    being cut mid-paragraph."""
    if cand.alignment is None:
        raise ValueError(f"candidate {cand.label!r} has not been aligned to the source")
    src, tgt = project.source, cand.text
    pairs = cand.alignment.pairs
    row_src = ["\n\n".join(src.paragraphs[i].text for i in p.source) for p in pairs]
    row_tgt = ["\n\n".join(tgt.paragraphs[i].text for i in p.target) for p in pairs]
    if by == "text":
        sizes = [estimate_tokens(s) for s in row_src]
        overhead = 0
    else:
        sizes = [estimate_tokens(s) + estimate_tokens(t) for s, t in zip(row_src, row_tgt)]
    chunks: list[Chunk] = []

    def close(rs: list[int]) -> None:
        s_idx = [i for r in rs for i in pairs[r].source]
        t_idx = [i for r in rs for i in pairs[r].target]
        s = "\n\n".join(row_src[r] for r in rs if row_src[r])
        t = "\n\n".join(row_tgt[r] for r in rs if row_tgt[r])
        s_tok, t_tok = estimate_tokens(s), estimate_tokens(t)
        chunks.append(Chunk(
            index=len(chunks), rows=tuple(rs), source=s, target=t,
            source_start=src.paragraphs[s_idx[0]].start if s_idx else 0,
            source_end=src.paragraphs[s_idx[-1]].end if s_idx else 0,
            target_start=tgt.paragraphs[t_idx[0]].start if t_idx else 0,
            target_end=tgt.paragraphs[t_idx[-1]].end if t_idx else 0,
            source_tokens=s_tok, target_tokens=t_tok, overhead_tokens=overhead,
            oversize=(s_tok if by == "text" else s_tok + t_tok + overhead) > limit))

    rows: list[int] = []
    bound = 0
    for r, size in enumerate(sizes):
        # Summing row estimates (+1 token per paragraph break on each side) never undercounts the joined
        # text's estimate, and keeps this linear in the length of a book.
        grown = bound + size + (2 if rows else 0)
        if rows and grown + overhead > limit:
            close(rows)
            rows, grown = [], size
        rows.append(r)
        bound = grown
    if rows:
        close(rows)
    return chunks


def agent_schema(agent: str, score_terms: bool = True) -> dict[str, Any]:
    def obj(props: dict[str, Any]) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": False, "properties": props, "required": list(props)}

    if agent == "terminology":
        # The evidence per term (which renderings occur here, how often, the agent's note) feeds our
        # uniformity index; the agent's own 0–1 score for the chunk is the paper's T (seed 003), asked
        # unless T is to come from the uniformity index alone.
        rendering = obj({"text": {"type": "string"}, "count": {"type": "integer", "minimum": 0}})
        props: dict[str, Any] = {
            "terms": {"type": "array", "items": obj({"term": {"type": "string"},
                                                     "renderings": {"type": "array", "items": rendering},
                                                     "note": {"type": "string"}})}}
        if score_terms:
            props["score"] = _SCORE
        props["feedback"] = {"type": "string"}
        return obj(props)
    if agent == "narrative":
        return obj({"source_perspective": {"type": "string"}, "translation_perspective": {"type": "string"},
                    "deviations": {"type": "array", "items": _QUOTED}, "score": _SCORE,
                    "feedback": {"type": "string"}})
    if agent == "style":
        return obj({"style_notes": {"type": "array", "items": {"type": "string"}},
                    "kept": {"type": "array", "items": _QUOTED}, "lost": {"type": "array", "items": _QUOTED},
                    "score": _SCORE, "feedback": {"type": "string"}})
    raise ValueError(f"unknown MAS-LitEval agent {agent!r}")


def _occurrences(content: str, needle: str, start: int, end: int) -> list[list[int]]:
    out: list[list[int]] = []
    if not needle:
        return out
    i = content.find(needle, start, end)
    while i != -1:
        out.append([i, i + len(needle)])
        i = content.find(needle, i + len(needle), end)
    return out


def merge_state(agent: str, state: dict[str, Any], answer: dict[str, Any], chunk: Chunk,
                candidate_content: str) -> dict[str, Any]:
    """The state after this chunk: the previous state updated with this chunk's answer."""
    if agent == "terminology":
        terms: dict[str, dict[str, Any]] = {t: {r: {"count": v["count"], "offsets": list(v["offsets"])}
                                                for r, v in rs.items()}
                                            for t, rs in state.get("terms", {}).items()}
        notes: dict[str, list[dict[str, Any]]] = {t: list(n) for t, n in state.get("notes", {}).items()}
        for item in answer.get("terms", []):
            term = " ".join(str(item["term"]).split())
            if not term:
                continue
            entry = terms.setdefault(term, {})
            for r in item.get("renderings", []):
                text = " ".join(str(r["text"]).split())
                count = int(r.get("count", 0))
                if not text or count <= 0:
                    continue
                slot = entry.setdefault(text, {"count": 0, "offsets": []})
                slot["count"] += count
                slot["offsets"] += _occurrences(candidate_content, text, chunk.target_start, chunk.target_end)
            note = str(item.get("note", "")).strip()
            if note:
                notes[term] = (notes.get(term, []) + [{"chunk": chunk.index + 1, "note": note}])[-NOTES:]
        return {"terms": {t: e for t, e in terms.items() if e}, "notes": notes}
    if agent == "narrative":
        deviations = list(state.get("deviations", [])) + [
            {"chunk": chunk.index + 1, **d} for d in answer.get("deviations", [])]
        return {"source_perspective": answer.get("source_perspective", ""),
                "translation_perspective": answer.get("translation_perspective", ""),
                "deviations": deviations[-KEEP:]}
    notes_ = list(dict.fromkeys(list(state.get("style_notes", [])) + list(answer.get("style_notes", []))))
    return {"style_notes": notes_[-KEEP:],
            "lost": (list(state.get("lost", [])) + [{"chunk": chunk.index + 1, **x}
                                                    for x in answer.get("lost", [])])[-KEEP:]}


def prompt_state(agent: str, state: dict[str, Any]) -> dict[str, Any]:
    """What the next chunk's prompt carries: the state without character offsets, which only the app
    needs (to highlight renderings) and would spend the model's tokens on numbers."""
    if agent != "terminology":
        return state
    return {"renderings_so_far": {t: {r: v["count"] for r, v in rs.items()}
                                  for t, rs in state.get("terms", {}).items()},
            "notes": state.get("notes", {})}


def term_table_for(state: dict[str, Any]) -> dict[str, Any]:
    """The terminology agent's final state as the shared term-table shape
    ``{term: {"renderings": [{"text", "count", "offsets"}], "consistent"}}`` (most used rendering first),
    with each term's ``uniformity`` (None for a term seen once) and the model's ``notes`` on it."""
    table: dict[str, Any] = {}
    for term, renderings in state.get("terms", {}).items():
        rs = sorted(({"text": r, "count": v["count"], "offsets": v["offsets"]}
                     for r, v in renderings.items()), key=lambda d: (-d["count"], d["text"]))
        if rs:
            table[term] = {"kind": "term", "renderings": rs, "consistent": len(rs) == 1,
                           "uniformity": term_uniformity(r["count"] for r in rs),
                           "notes": [n["note"] for n in state.get("notes", {}).get(term, [])]}
    return table
