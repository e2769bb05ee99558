"""Plain data objects shared by every layer: texts, segments, projects, findings and scores."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal

SEVERITIES = ("critical", "major", "minor", "neutral")
Severity = Literal["critical", "major", "minor", "neutral"]


def text_hash(*parts: str) -> str:
    """Stable hash of one or more strings (used in result keys and the cache)."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()[:32]


@dataclass(frozen=True)
class Segment:
    """A paragraph or sentence: ``text[start:end]`` of the Text it belongs to."""

    kind: Literal["paragraph", "sentence"]
    index: int
    start: int
    end: int
    text: str


@dataclass
class Text:
    """A whole document in one language, with its paragraphs (offsets into ``content``)."""

    content: str
    language: str  # ISO 639-1, e.g. "en", "ko"
    path: str | None = None
    paragraphs: list[Segment] = field(default_factory=list)
    encoding: str | None = None
    # IDs of the paragraphs' original segments (XLIFF/TMX/CSV imports), parallel to ``paragraphs``;
    # empty for plain documents. Kept end to end so exports can point back at the CAT tool's segments.
    segment_ids: list[str] = field(default_factory=list)

    @property
    def hash(self) -> str:
        return text_hash(self.language, self.content)


@dataclass(frozen=True)
class AlignedPair:
    """One row of a paragraph alignment: source paragraph indices and candidate paragraph indices.

    1:1 rows have one index each side; merged rows (n:m) several; an unmatched paragraph has an empty side.
    """

    source: tuple[int, ...]
    target: tuple[int, ...]

    @property
    def is_one_to_one(self) -> bool:
        return len(self.source) == 1 and len(self.target) == 1


@dataclass
class Alignment:
    pairs: list[AlignedPair]
    method: Literal["one-to-one", "length-based"]
    source_count: int
    target_count: int
    notes: list[str] = field(default_factory=list)

    @property
    def mismatch(self) -> bool:
        return self.source_count != self.target_count or any(not p.is_one_to_one for p in self.pairs)


@dataclass
class Candidate:
    """A translation under review, e.g. "Draft 3", "GPT-4o", "Published 1925"."""

    label: str
    text: Text
    alignment: Alignment | None = None


@dataclass
class Project:
    name: str
    source: Text
    candidates: list[Candidate]
    reference: Text | None = None
    reference_alignment: Alignment | None = None
    id: int | None = None
    # a book's chapters (app.texts.chapters.Chapter: title and first source paragraph); empty when the
    # project was not made from chapter files (chapters may still come from the source's headings)
    chapters: list[Any] = field(default_factory=list)
    # per candidate label, who speaks which turn where the text's own reading is overridden: a reviewer's
    # corrections ("source": "user") and a stored LLM reading ("source": "llm"), as dicts with start, end,
    # speaker, listener (app.run.speaker_corrections.attach fills it from the store before a run is planned)
    speakers: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def candidate(self, label: str) -> Candidate:
        for c in self.candidates:
            if c.label == label:
                return c
        raise KeyError(label)


@dataclass
class Span:
    """A finding located in a candidate (offsets into the candidate Text's content, ``[start, end)``).

    ``start``/``end`` are None when the quoted text could not be located; such spans are kept and listed
    as unlocated, never dropped.
    """

    judge: str
    category: str  # MQM path, e.g. "accuracy/mistranslation"
    severity: Severity
    explanation: str = ""
    start: int | None = None
    end: int | None = None
    quote: str = ""
    suggestion: str = ""
    source_start: int | None = None
    source_end: int | None = None
    paragraph: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def located(self) -> bool:
        return self.start is not None and self.end is not None


@dataclass
class Score:
    dimension: str
    value: float
    scale_min: float
    scale_max: float
    rationale: str = ""


@dataclass
class Judgment:
    """What one unit of a judge produced for one candidate (and paragraph, where it applies)."""

    judge: str
    unit: str
    candidate: str | None
    paragraph: int | None
    status: Literal["ok", "failed"] = "ok"
    scores: list[Score] = field(default_factory=list)
    spans: list[Span] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    raw: str | None = None


@dataclass
class Ranking:
    judge: str
    paragraph: int | None
    order: list[str]  # candidate labels, best first
    rationale: str = ""
    ties: list[list[str]] = field(default_factory=list)
