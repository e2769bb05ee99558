"""Grading a student's findings against an exercise's key: span matching by character overlap, precision,
recall and F1 of spans, category accuracy (top level and leaf), severity agreement, and a reason for every
missed span, wrong category, differing severity and extra span. Pure functions, no store, no Qt.

Matching is one-to-one: a student span can be credited for one key span at most (and the reverse), so
marking a whole sentence never earns every error inside it. Pairs are taken greedily, most shared
characters first (ties: earlier key span, then earlier student span), which is the same as the usual
overlap-based matching in MQM annotation studies for the non-nested spans students make.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from litlens.app.exercises.model import Mark

MISSED, WRONG_TOP, WRONG_LEAF, SEVERITY, EXTRA = "missed", "wrong-top", "wrong-leaf", "severity", "extra"


def overlap(a: Mark, b: Mark) -> int:
    """Characters two marks share (0 when they are in different paragraphs or do not touch)."""
    if a.paragraph != b.paragraph:
        return 0
    return max(0, min(a.end, b.end) - max(a.start, b.start))


def top(category: str) -> str:
    return category.split("/", 1)[0]


@dataclass(frozen=True)
class Match:
    key: Mark
    student: Mark
    shared: int

    @property
    def top_ok(self) -> bool:
        return top(self.key.category) == top(self.student.category)

    @property
    def leaf_ok(self) -> bool:
        return self.key.category == self.student.category

    @property
    def severity_ok(self) -> bool:
        return self.key.severity == self.student.severity


@dataclass(frozen=True)
class GradeNote:
    """One reason, as data: ``kind`` is missed, wrong-top, wrong-leaf, severity or extra; ``key`` and
    ``student`` are the marks involved (either may be None) and ``quote`` the words (empty when the
    paragraphs' texts were not given). The categories, severities and the key's explanation are read from
    the marks, so an interface can word the reason in its own language (ui/exercises/reasons.py); ``text``
    is the English wording the command line prints."""

    kind: str
    paragraph: int
    start: int
    end: int
    quote: str = ""
    key: Mark | None = None
    student: Mark | None = None

    @property
    def text(self) -> str:
        return reason_text(self)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "paragraph": self.paragraph + 1, "start": self.start, "end": self.end,
                "quote": self.quote, "key": self.key.to_json() if self.key else None,
                "student": self.student.to_json() if self.student else None, "text": self.text}


@dataclass
class Grade:
    matches: list[Match]
    missed: list[Mark]
    extra: list[Mark]
    key_count: int
    student_count: int
    notes: list[GradeNote] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        """Share of the student's spans that found a key span (None when the student marked nothing)."""
        return len(self.matches) / self.student_count if self.student_count else None

    @property
    def recall(self) -> float | None:
        """Share of the key's spans the student found (None for a key without findings)."""
        return len(self.matches) / self.key_count if self.key_count else None

    @property
    def f1(self) -> float | None:
        # 2TP / (2TP + FP + FN): the harmonic mean where both exist, and still defined (0) when the
        # student marked nothing against a non-empty key
        total = self.student_count + self.key_count
        return 2 * len(self.matches) / total if total else None

    def _share(self, ok: str) -> float | None:
        if not self.matches:
            return None
        return sum(1 for m in self.matches if getattr(m, ok)) / len(self.matches)

    @property
    def top_accuracy(self) -> float | None:
        """Among found spans, the share named with the right top-level category (accuracy, fluency…)."""
        return self._share("top_ok")

    @property
    def leaf_accuracy(self) -> float | None:
        """Among found spans, the share named with exactly the key's category."""
        return self._share("leaf_ok")

    @property
    def severity_agreement(self) -> float | None:
        return self._share("severity_ok")

    def per_category(self) -> dict[str, tuple[int, int]]:
        """Top-level category of the key -> (key spans found and named with that top level, key spans)."""
        out: dict[str, list[int]] = {}
        for m in self.matches:
            cell = out.setdefault(top(m.key.category), [0, 0])
            cell[0] += int(m.top_ok)
            cell[1] += 1
        for k in self.missed:
            out.setdefault(top(k.category), [0, 0])[1] += 1
        return {c: (v[0], v[1]) for c, v in sorted(out.items())}

    def confusions(self) -> list[tuple[str, str]]:
        """(key category, student's category) for every found span named differently."""
        return [(m.key.category, m.student.category) for m in self.matches if not m.leaf_ok]


class TooManyOverlaps(ValueError):
    """More overlapping (key span, student span) pairs than one grading weighs (MAX_OVERLAPS)."""


# Pairs of a key span and a student span that share characters, weighed by one grading. A class's answers
# have a few per key span; a file whose every mark covers a whole paragraph that the key also marks
# thousands of times would otherwise make hundreds of millions (2.8 GB before this bound).
MAX_OVERLAPS = 200_000


def overlapping_pairs(key: Sequence[Mark], student: Sequence[Mark],
                      limit: int = MAX_OVERLAPS) -> list[tuple[int, int, int]]:
    """(shared characters, key index, student index) for every key and student span that overlap, found
    by one sweep over the spans in order of their start (time and memory grow with the spans and the
    pairs found, never with key x student); TooManyOverlaps past ``limit`` pairs."""
    spans = sorted([(m.paragraph, m.start, 0, i) for i, m in enumerate(key)]
                   + [(m.paragraph, m.start, 1, i) for i, m in enumerate(student)])
    marks = (key, student)
    active: tuple[list[int], list[int]] = ([], [])  # spans of each side still open at the sweep's position
    out: list[tuple[int, int, int]] = []
    paragraph = None
    for para, start, side, i in spans:
        if para != paragraph:
            paragraph, active = para, ([], [])
        other = 1 - side
        active_other = [j for j in active[other] if marks[other][j].end > start]
        active[other][:] = active_other
        for j in active_other:
            ki, si = (i, j) if side == 0 else (j, i)
            out.append((overlap(key[ki], student[si]), ki, si))
        if len(out) > limit:
            raise TooManyOverlaps(f"the marks overlap the key's in more than {limit:,} pairs")
        active[side].append(i)
    return out


def match_spans(key: Sequence[Mark], student: Sequence[Mark]) -> tuple[list[Match], list[Mark], list[Mark]]:
    """One-to-one pairs by shared characters; returns (matches, key spans missed, student spans extra).
    TooManyOverlaps when the spans overlap in more than MAX_OVERLAPS pairs."""
    candidates = sorted(overlapping_pairs(key, student), key=lambda t: (-t[0], t[1], t[2]))
    used_k: set[int] = set()
    used_s: set[int] = set()
    matches = []
    for shared, ki, si in candidates:
        if ki in used_k or si in used_s:
            continue
        used_k.add(ki)
        used_s.add(si)
        matches.append(Match(key[ki], student[si], shared))
    matches.sort(key=lambda m: (m.key.paragraph, m.key.start, m.key.end))
    missed = [k for i, k in enumerate(key) if i not in used_k]
    extra = [s for i, s in enumerate(student) if i not in used_s]
    return matches, missed, extra


def grade(key: Sequence[Mark], student: Sequence[Mark], texts: Sequence[str] = ()) -> Grade:
    """Grade ``student`` against ``key``. ``texts`` are the paragraphs' translations, used to quote the
    words each reason is about (reasons read fine without them)."""
    matches, missed, extra = match_spans(key, student)
    g = Grade(matches, missed, extra, len(key), len(student))
    g.notes = explain(g, texts)
    return g


# ---- reasons -----------------------------------------------------------------------------------------
# Characters of a mark's words a reason quotes: a mark over a whole 100,000-character paragraph is quoted
# by its beginning, so thousands of reasons never copy the paragraph thousands of times.
QUOTE_CHARS = 200


def _words(mark: Mark, texts: Sequence[str]) -> str:
    if 0 <= mark.paragraph < len(texts):
        words = texts[mark.paragraph][mark.start:min(mark.end, mark.start + QUOTE_CHARS + 1)]
        return words if len(words) <= QUOTE_CHARS else words[:QUOTE_CHARS] + "…"
    return ""


def explain(g: Grade, texts: Sequence[str] = ()) -> list[GradeNote]:
    """A reason for every missed span, wrong category, differing severity and extra span, in text order."""
    notes: list[GradeNote] = []
    for k in g.missed:
        notes.append(GradeNote(MISSED, k.paragraph, k.start, k.end, _words(k, texts), key=k))
    for m in g.matches:
        k, s = m.key, m.student
        if not m.leaf_ok:
            notes.append(GradeNote(WRONG_LEAF if m.top_ok else WRONG_TOP, k.paragraph, k.start, k.end,
                                   _words(k, texts), key=k, student=s))
        if not m.severity_ok:
            notes.append(GradeNote(SEVERITY, k.paragraph, k.start, k.end, _words(k, texts), key=k, student=s))
    for s in g.extra:
        notes.append(GradeNote(EXTRA, s.paragraph, s.start, s.end, _words(s, texts), student=s))
    notes.sort(key=lambda n: (n.paragraph, n.start, n.end, n.kind))
    return notes


def category_text(path: str) -> tuple[str, str]:
    """(readable name, definition) of a category; a path outside the hierarchy reads as itself."""
    from litlens.app.mqm import typology as mqm
    try:
        return mqm.describe(path), mqm.typology().get(path).definition
    except mqm.UnknownCategory:
        return path, ""


def _full(text: str) -> str:
    """``text`` as a sentence ending in one full stop (definitions already end in one)."""
    text = text.strip()
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def _defined(path: str) -> str:
    name, definition = category_text(path)
    return _full(f"{name}: {definition}" if definition else name)


def _why(mark: Mark) -> str:
    return f" Why: {_full(mark.explanation)}" if mark.explanation.strip() else ""


def reason_text(n: GradeNote) -> str:
    """The English wording of a reason (the command line's; the window words it through tr())."""
    from litlens.app.mqm import typology as mqm
    q = f"“{n.quote}”" if n.quote else f"characters {n.start}–{n.end}"
    k, s = n.key, n.student
    if n.kind == MISSED and k:
        return f"Missed: {q} is a {k.severity} error in the key — {_defined(k.category)}{_why(k)}"
    if n.kind in (WRONG_LEAF, WRONG_TOP) and k and s:
        closer = f" The branch ({category_text(top(k.category))[0]}) is right; the exact category is not." \
            if n.kind == WRONG_LEAF else ""
        return (f"Category: you named {q} {category_text(s.category)[0]}; the key has {_defined(k.category)}"
                f"{_why(k)}{closer} What you chose means: {_full(category_text(s.category)[1] or s.category)}")
    if n.kind == SEVERITY and k and s:
        meaning = mqm.typology().severities.get(k.severity, k.severity)
        return f"Severity: you rated {q} {s.severity}; the key rates it {k.severity} — {meaning}"
    if n.kind == EXTRA and s:
        return (f"Extra: the key has no error at {q}. You marked it {category_text(s.category)[0]}, which "
                f"would mean: {_full(category_text(s.category)[1] or s.category)}")
    return f"{n.kind}: {q}"


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def summary_lines(g: Grade) -> list[str]:
    """The grade as short lines, for a report or the command line."""
    return [f"Found {len(g.matches)} of {g.key_count} key findings; {len(g.extra)} of your "
            f"{g.student_count} are not in the key.",
            f"Precision {percent(g.precision)} · recall {percent(g.recall)} · F1 {percent(g.f1)}",
            f"Category right (top level) {percent(g.top_accuracy)} · exact category {percent(g.leaf_accuracy)}"
            f" · severity agreed {percent(g.severity_agreement)}"]
