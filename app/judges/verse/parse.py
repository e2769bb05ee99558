"""VERSE text handling without the LLM: chunking the source for the summary, screening generated
questions, and checking classification and answer payloads.

Everything here is pure so it can be tested directly and so the judge module stays about plumbing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from litlens.app.judges.verse.aggregate import CATEGORIES, SCALE, UNCLASSIFIED
from litlens.app.llm.tokens import estimate_tokens

# The paper's six focus areas for question generation (Appendix J.1); a "question" that is just one of
# these names (or a category name) is a heading, not a question.
FOCUS_AREAS: tuple[str, ...] = (
    "Characterization of individual characters",
    "Interpersonal Dynamics",
    "Narrative Voice",
    "Unique Use of Expressive Language",
    "Understanding the Atmosphere of the Setting",
    "Appropriate Portrayal of the Event (Plot)",
)


def chunk_paragraphs(paragraphs: list[str], max_tokens: int) -> list[list[int]]:
    """Group paragraph indices into consecutive chunks of at most ``max_tokens`` (estimated).

    Chunks are cut only at paragraph boundaries; a single paragraph longer than the limit becomes a chunk
    of its own rather than being split mid-sentence.
    """
    chunks: list[list[int]] = []
    current: list[int] = []
    size = 0
    for i, text in enumerate(paragraphs):
        t = estimate_tokens(text)
        if current and size + t > max_tokens:
            chunks.append(current)
            current, size = [], 0
        current.append(i)
        size += t
    if current:
        chunks.append(current)
    return chunks


def _normalise(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


_HEADINGS = {_normalise(n) for n in (*CATEGORIES, *FOCUS_AREAS, UNCLASSIFIED)} | {
    _normalise(n.split(":")[0]) for n in FOCUS_AREAS}
_BULLET = re.compile(r"^\s*(?:[-*•·]+|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s+")


@dataclass(frozen=True)
class Screened:
    kept: list[str]
    dropped: list[dict[str, str]]  # {"text": as generated, "reason": why it was dropped}
    note: str = ""  # e.g. fewer questions than min_questions asked for


def screen_questions(raw: list[Any]) -> Screened:
    """Keep real questions; drop and record the malformed ones, as the paper's annotators did.

    Dropped: anything that is not a string, empty text, a bare category or focus-area name, text that is
    not phrased as a question (no question mark), fragments of fewer than four words, and exact repeats.
    """
    kept: list[str] = []
    dropped: list[dict[str, str]] = []
    seen: set[str] = set()
    for item in raw:
        if not isinstance(item, str):
            dropped.append({"text": repr(item), "reason": "not text"})
            continue
        text = _BULLET.sub("", " ".join(item.split())).strip()
        norm = _normalise(text)
        if not norm:
            reason = "empty"
        elif norm in _HEADINGS or norm.rstrip(" s") in _HEADINGS:
            reason = "bare category name"
        elif not text.endswith("?"):
            reason = "not a question"
        elif len(norm.split()) < 4:
            reason = "too short to be a question"
        elif norm in seen:
            reason = "duplicate"
        else:
            seen.add(norm)
            kept.append(text)
            continue
        dropped.append({"text": item, "reason": reason})
    return Screened(kept, dropped)


def bound_questions(screened: Screened, min_questions: int | None, max_questions: int | None) -> Screened:
    """The question-count rule. By default (no bounds) every well-formed question is kept: the paper let
    the generator ask about whatever each paragraph involves, so a short paragraph gets a few questions
    and a rich one many. With ``max_questions`` the questions after the first ``max_questions`` are
    dropped and recorded; with ``min_questions`` a paragraph that got fewer keeps them all and says so
    (questions are never invented)."""
    kept, dropped = list(screened.kept), list(screened.dropped)
    if max_questions is not None and len(kept) > max_questions:
        dropped += [{"text": q, "reason": f"beyond max_questions ({max_questions})"}
                    for q in kept[max_questions:]]
        kept = kept[:max_questions]
    note = screened.note
    if min_questions is not None and len(kept) < min_questions:
        note = f"{len(kept)} usable question(s), fewer than min_questions ({min_questions})"
    return Screened(kept, dropped, note)


def read_labels(data: dict[str, Any], n_questions: int, allow_unclassified: bool = False
                ) -> tuple[list[dict[str, Any]], str | None]:
    """Turn the classifier's answer into one label per question (in order).

    Returns (labels, error). By default (the paper's way) every label is one of the nine category names;
    a question the classifier left out gets category None and is discarded from scoring, as the paper
    discarded questions its pipeline could not classify. With ``allow_unclassified`` a question marked as
    fitting no category, or left out, becomes ``unclassified`` with the reason. An answer naming a
    question that does not exist, an unknown category, or the same question twice with different
    categories is an error (the unit fails with the raw text kept).
    """
    allowed = (*CATEGORIES, UNCLASSIFIED) if allow_unclassified else CATEGORIES
    given: dict[int, dict[str, Any]] = {}
    for item in data.get("labels", []):
        num = item.get("question")
        if not isinstance(num, int) or not 1 <= num <= n_questions:
            return [], f"the classification names question {num!r}; there are {n_questions}"
        cat = item.get("category")
        if cat not in allowed:
            return [], f"unknown category {cat!r} for question {num}"
        if num in given and given[num]["category"] != cat:
            return [], f"question {num} was given two categories"
        given[num] = {"category": cat, "reason": str(item.get("reason", "")).strip()}
    labels = []
    for num in range(1, n_questions + 1):
        got = given.get(num)
        if got is None:
            labels.append({"category": UNCLASSIFIED if allow_unclassified else None,
                           "reason": "the classifier gave no category"})
        elif got["category"] == UNCLASSIFIED:
            labels.append({"category": UNCLASSIFIED,
                           "reason": got["reason"] or "the classifier found no fitting category"})
        else:
            labels.append(got)
    return labels, None


def check_score(value: Any) -> str | None:
    """None when ``value`` is a whole number on the 1–3 scale, else why not (never clamped)."""
    if isinstance(value, bool) or not isinstance(value, int) or not SCALE[0] <= value <= SCALE[1]:
        return f"score {value!r} is not a whole number from {SCALE[0]} to {SCALE[1]}"
    return None


def read_paragraph_answers(data: dict[str, Any], n_questions: int) -> tuple[list[int], str | None]:
    """Scores for questions 1..n from a per-paragraph answer; every question exactly once."""
    scores: dict[int, int] = {}
    for item in data.get("answers", []):
        num, value = item.get("question"), item.get("score")
        if not isinstance(num, int) or not 1 <= num <= n_questions:
            return [], f"an answer names question {num!r}; there are {n_questions}"
        if num in scores:
            return [], f"question {num} was answered twice"
        bad = check_score(value)
        if bad:
            return [], f"question {num}: {bad}"
        scores[num] = value
    missing = [str(k) for k in range(1, n_questions + 1) if k not in scores]
    if missing:
        return [], f"no answer for question(s) {', '.join(missing)}"
    return [scores[k] for k in range(1, n_questions + 1)], None
