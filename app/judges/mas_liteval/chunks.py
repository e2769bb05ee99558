"""MAS-LitEval plumbing: cutting a candidate into ≤4,096-token chunks at paragraph boundaries, the agents'
answer schemas, and the state each agent carries from one chunk to the next."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litlens.app.llm.tokens import estimate_tokens
from litlens.app.core.model import Candidate, Project

AGENTS = ("terminology", "narrative", "style")
CHUNK_TOKENS = 4096  # the paper's chunk size
KEEP = 12  # carried lists (deviations, style notes) keep their most recent entries only

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
    oversize: bool = False  # one paragraph longer than the limit, kept whole rather than cut mid-paragraph

    def as_data(self) -> dict[str, Any]:
        return {"index": self.index, "rows": list(self.rows), "source": [self.source_start, self.source_end],
                "target": [self.target_start, self.target_end], "source_tokens": self.source_tokens,
                "target_tokens": self.target_tokens, "oversize": self.oversize}


def make_chunks(project: Project, cand: Candidate, limit: int = CHUNK_TOKENS) -> list[Chunk]:
    """Greedy chunks of aligned rows such that neither the source part nor the translation part exceeds
    ``limit`` estimated tokens; cuts fall only between rows, i.e. at paragraph boundaries on both sides."""
    if cand.alignment is None:
        raise ValueError(f"candidate {cand.label!r} has not been aligned to the source")
    src, tgt = project.source, cand.text
    chunks: list[Chunk] = []
    rows: list[int] = []

    def texts(rs: list[int]) -> tuple[str, str]:
        pairs = [cand.alignment.pairs[r] for r in rs]  # type: ignore[union-attr]
        s = "\n\n".join(src.paragraphs[i].text for p in pairs for i in p.source)
        t = "\n\n".join(tgt.paragraphs[i].text for p in pairs for i in p.target)
        return s, t

    def close(rs: list[int]) -> None:
        pairs = [cand.alignment.pairs[r] for r in rs]  # type: ignore[union-attr]
        s_idx = [i for p in pairs for i in p.source]
        t_idx = [i for p in pairs for i in p.target]
        s, t = texts(rs)
        s_tok, t_tok = estimate_tokens(s), estimate_tokens(t)
        chunks.append(Chunk(
            index=len(chunks), rows=tuple(rs), source=s, target=t,
            source_start=src.paragraphs[s_idx[0]].start if s_idx else 0,
            source_end=src.paragraphs[s_idx[-1]].end if s_idx else 0,
            target_start=tgt.paragraphs[t_idx[0]].start if t_idx else 0,
            target_end=tgt.paragraphs[t_idx[-1]].end if t_idx else 0,
            source_tokens=s_tok, target_tokens=t_tok, oversize=max(s_tok, t_tok) > limit))

    for r in range(len(cand.alignment.pairs)):
        s, t = texts(rows + [r])
        if rows and max(estimate_tokens(s), estimate_tokens(t)) > limit:
            close(rows)
            rows = []
        rows.append(r)
    if rows:
        close(rows)
    return chunks


def agent_schema(agent: str) -> dict[str, Any]:
    def obj(props: dict[str, Any]) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": False, "properties": props, "required": list(props)}

    if agent == "terminology":
        rendering = obj({"text": {"type": "string"}, "count": {"type": "integer", "minimum": 0}})
        return obj({
            "terms": {"type": "array", "items": obj({"term": {"type": "string"},
                                                     "renderings": {"type": "array", "items": rendering}})},
            "inconsistencies": {"type": "array", "items": obj({
                "term": {"type": "string"}, "renderings": {"type": "array", "items": {"type": "string"}},
                "comment": {"type": "string"}})},
            "score": _SCORE, "feedback": {"type": "string"}})
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
        terms: dict[str, dict[str, Any]] = {t: {r: dict(v) for r, v in rs.items()}
                                            for t, rs in state.get("terms", {}).items()}
        for item in answer.get("terms", []):
            entry = terms.setdefault(str(item["term"]), {})
            for r in item.get("renderings", []):
                text = str(r["text"]).strip()
                if not text:
                    continue
                slot = entry.setdefault(text, {"count": 0, "offsets": []})
                slot["count"] += int(r.get("count", 0))
                slot["offsets"] += _occurrences(candidate_content, text, chunk.target_start, chunk.target_end)
        issues = list(state.get("inconsistencies", [])) + [
            {"chunk": chunk.index + 1, **i} for i in answer.get("inconsistencies", [])]
        return {"terms": terms, "inconsistencies": issues[-KEEP:]}
    if agent == "narrative":
        deviations = list(state.get("deviations", [])) + [
            {"chunk": chunk.index + 1, **d} for d in answer.get("deviations", [])]
        return {"source_perspective": answer.get("source_perspective", ""),
                "translation_perspective": answer.get("translation_perspective", ""),
                "deviations": deviations[-KEEP:]}
    notes = list(dict.fromkeys(list(state.get("style_notes", [])) + list(answer.get("style_notes", []))))
    return {"style_notes": notes[-KEEP:],
            "lost": (list(state.get("lost", [])) + [{"chunk": chunk.index + 1, **x}
                                                    for x in answer.get("lost", [])])[-KEEP:]}


def term_table_for(state: dict[str, Any]) -> dict[str, Any]:
    """The terminology agent's final state as the shared term-table shape
    ``{term: {"renderings": [{"text", "count", "offsets"}], "consistent"}}`` (most used rendering first)."""
    table: dict[str, Any] = {}
    for term, renderings in state.get("terms", {}).items():
        rs = sorted(({"text": r, "count": v["count"], "offsets": v["offsets"]}
                     for r, v in renderings.items()), key=lambda d: (-d["count"], d["text"]))
        if rs:
            table[term] = {"kind": "term", "renderings": rs, "consistent": len(rs) == 1}
    return table
