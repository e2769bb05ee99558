"""What a human annotation file holds once read (rows as written) and once placed on a project (spans with
offsets into the project's texts), plus everything that could not be read, placed or mapped."""

from __future__ import annotations

from dataclasses import dataclass, field

TARGET, SOURCE = "target", "source"


@dataclass(frozen=True)
class HumanRow:
    """One annotated error (or one "no error" verdict) as the file wrote it.

    ``start``/``end`` are ``[start, end)`` offsets into ``target`` (or ``source`` when ``side`` is source)
    as that row gives the segment; None when the row marks no span (a clean segment, or an error the
    annotator could not anchor, such as ESA's "missing" marker)."""

    line: int  # 1-based line (or record) of the file, for messages
    rater: str
    system: str  # the translation's name in the file; matched to a candidate label
    segment: str  # the segment's ID as the file gives it ("" when it has none)
    category: str  # as written ("" for none)
    severity: str  # as written, lower-cased
    side: str = TARGET
    start: int | None = None
    end: int | None = None
    source: str | None = None  # the segment's source text when the file carries it
    target: str | None = None  # the segment's translation when the file carries it
    score: float | None = None  # ESA's 0-100 segment score, when given
    is_error: bool = True  # False for rows that only say a segment was seen and found clean
    quote: str = ""  # the marked words, when the file gives them: checked against the placed span


@dataclass(frozen=True)
class Problem:
    """A row that was read but not used, and why (one sentence)."""

    line: int
    reason: str


@dataclass(frozen=True)
class HumanSpan:
    """A person's error placed on the project: offsets into the candidate's content (target side) or into
    the source's content (source side, e.g. an omission marked in the source)."""

    rater: str
    candidate: str
    row: int  # the aligned row, named by its first source paragraph (what judges file results under)
    side: str
    start: int
    end: int
    category: str  # a LitLens MQM path, or "" when the file's category maps to nothing
    severity: str
    raw_category: str = ""
    line: int = 0


@dataclass
class HumanAnnotations:
    """Everything one file (or the reviewer's decisions) says, placed on one project.

    ``seen`` holds every (rater, candidate, row) a rater annotated, clean rows included: a judge's finding
    on a row a person saw and left clean is a false alarm, while rows nobody saw are not evaluated."""

    spans: list[HumanSpan] = field(default_factory=list)
    seen: set[tuple[str, str, int]] = field(default_factory=set)
    scores: dict[tuple[str, str, int], float] = field(default_factory=dict)  # ESA segment scores
    unmatched: list[Problem] = field(default_factory=list)  # rows whose segment is not in the project
    unplaced: list[Problem] = field(default_factory=list)  # errors without a usable position
    ignored: list[Problem] = field(default_factory=list)  # rows read but not errors (neutral, source errors)
    unmapped: dict[str, int] = field(default_factory=dict)  # file category -> rows kept without a category
    unreadable: list[Problem] = field(default_factory=list)  # rows the reader could not parse
    source_name: str = ""

    @property
    def raters(self) -> list[str]:
        return sorted({r for r, _, _ in self.seen})

    def problems(self) -> list[str]:
        """One line per kind of loss, with counts and a first example, for the command line and the view."""
        out: list[str] = []
        for title, items in (("could not be read", self.unreadable), ("match no paragraph", self.unmatched),
                             ("have no usable position", self.unplaced), ("are not errors", self.ignored)):
            if items:
                first = items[0]
                out.append(f"{len(items)} row(s) {title}, e.g. line {first.line}: {first.reason}")
        if self.unmapped:
            listed = ", ".join(f"{k!r} ({v})" for k, v in sorted(self.unmapped.items()))
            out.append(f"categories with no LitLens category (spans kept, counted only in 'all'): {listed}")
        return out
