"""Placing human rows on a project: which candidate (the file's system name), which paragraph (by the
segment's text, or by its ID when the file carries no text), and where in it (the row's offsets carried
onto the project's text, through a whitespace-insensitive map when the texts differ only in spacing).

Every row ends up either placed or in one of HumanAnnotations' lists of problems, with the reason."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .categories import CategoryMap
from .model import TARGET, HumanAnnotations, HumanRow, HumanSpan, Problem

if TYPE_CHECKING:
    from litlens.app.core.model import Project, Text

SEVERITIES = ("critical", "major", "minor")
BY = ("auto", "text", "id")


def squash(text: str) -> tuple[str, list[int]]:
    """``text`` with runs of whitespace as one space and no space at either end, and for each character
    kept its index in ``text``."""
    out: list[str] = []
    where: list[int] = []
    space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            space = bool(out)
            continue
        if space:
            out.append(" ")
            where.append(i - 1)
            space = False
        out.append(ch)
        where.append(i)
    return "".join(out), where


@dataclass
class _Located:
    index: int  # paragraph index in the text
    carry: Callable[[int, int], tuple[int, int] | None]  # row offsets -> document offsets


def _carrier(row_text: str | None, text: Text, index: int) -> Callable[[int, int], tuple[int, int] | None]:
    para = text.paragraphs[index]
    if row_text is None or row_text == para.text:
        def direct(s: int, e: int) -> tuple[int, int] | None:
            return (para.start + s, para.start + e) if 0 <= s < e <= len(para.text) else None
        return direct
    _, row_where = squash(row_text)
    _, para_where = squash(para.text)

    def mapped(s: int, e: int) -> tuple[int, int] | None:
        if not 0 <= s < e <= len(row_text):
            return None
        a, b = bisect_left(row_where, s), bisect_left(row_where, e) - 1
        if a > b or b >= len(para_where):
            return None  # the span covers only whitespace
        return para.start + para_where[a], para.start + para_where[b] + 1
    return mapped


class _Index:
    """Paragraph lookup by whitespace-squashed text and by ID, built once per text.

    A text can hold the same paragraph twice (a line of dialogue such as "No." often does): the file's
    segments with that text are given those paragraphs in the order of their IDs (numerically when they
    are numbers, else in the order they first appear; see ``share``)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.by_words: dict[str, list[int]] = {}
        for i, p in enumerate(text.paragraphs):
            self.by_words.setdefault(squash(p.text)[0], []).append(i)
        self.ids = {sid: i for i, sid in enumerate(text.segment_ids)}
        self.given: dict[str, dict[str, int]] = {}  # words -> segment ID -> the paragraph it was given

    def share(self, words: str, segments: list[str]) -> None:
        """Give the paragraphs that read ``words`` to ``segments`` (the file's IDs for that text)."""
        found = self.by_words.get(words, [])
        if len(found) < 2:
            return
        order = sorted(dict.fromkeys(segments), key=lambda g: (0, int(g), "") if g.isdigit() else (1, 0, g))
        given = self.given.setdefault(words, {})
        for k, segment in enumerate(order):
            given.setdefault(segment, found[min(k, len(found) - 1)])

    def by_text(self, row_text: str, segment: str = "") -> _Located | None:
        words = squash(row_text)[0]
        found = self.by_words.get(words)
        if not found:
            return None
        i = found[0]
        if len(found) > 1 and segment:
            given = self.given.setdefault(words, {})
            if segment not in given:
                given[segment] = found[min(len(given), len(found) - 1)]
            i = given[segment]
        return _Located(i, _carrier(row_text, self.text, i))

    def by_id(self, segment: str) -> _Located | None:
        i: int | None = None
        if segment.startswith("#") and segment[1:].isdigit():
            i = int(segment[1:]) - 1
        elif segment in self.ids:
            i = self.ids[segment]
        elif segment.isdigit():
            i = int(segment) - 1
        if i is None or not 0 <= i < len(self.text.paragraphs):
            return None
        return _Located(i, _carrier(None, self.text, i))


def aligned_rows(project: Project) -> tuple[dict[str, dict[int, int]], dict[int, int]]:
    """The aligned row of every paragraph: per candidate, its paragraph → the first source paragraph it is
    aligned with; and each source paragraph → its row's first source paragraph."""
    row_of: dict[str, dict[int, int]] = {}
    source_row: dict[int, int] = {}
    for c in project.candidates:
        rows: dict[int, int] = {}
        for pair in (c.alignment.pairs if c.alignment else []):
            for t in pair.target:
                if pair.source:
                    rows[t] = pair.source[0]
            for s in pair.source:
                source_row[s] = pair.source[0]
        row_of[c.label] = rows
    return row_of, source_row


class Placer:
    """Places rows on one project (indexes its texts once)."""

    def __init__(self, project: Project, categories: CategoryMap, by: str = "auto") -> None:
        if by not in BY:
            raise ValueError(f"match segments by one of {', '.join(BY)}, not {by!r}")
        self.project, self.categories, self.by = project, categories, by
        self.source = _Index(project.source)
        self.cands = {c.label: _Index(c.text) for c in project.candidates}
        self.folded = {c.label.casefold(): c.label for c in project.candidates}
        self.row_of, self.source_row = aligned_rows(project)

    def prepare(self, rows: list[HumanRow]) -> None:
        """Before placing: share out repeated paragraphs among the segment IDs that carry their text."""
        segments: dict[tuple[str, str], list[str]] = {}
        for row in rows:
            labels = self.candidates_for(row.system)
            if row.target is None or not row.segment or isinstance(labels, str):
                continue
            words = squash(row.target)[0]
            for label in labels:
                if len(self.cands[label].by_words.get(words, [])) > 1:
                    segments.setdefault((label, words), []).append(row.segment)
        for (label, words), ids in segments.items():
            self.cands[label].share(words, ids)

    def candidates_for(self, system: str) -> list[str] | str:
        if not system:
            return list(self.cands)
        if system in self.cands:
            return [system]
        label = self.folded.get(system.casefold())
        if label:
            return [label]
        return f"{system!r} is not a candidate of the project ({', '.join(self.cands)})"

    def locate(self, row: HumanRow) -> tuple[str, _Located, int] | str:
        """(candidate, where in its text, aligned row) of the row's segment, or why it matches nothing."""
        labels = self.candidates_for(row.system)
        if isinstance(labels, str):
            return labels
        for label in labels:
            idx = self.cands[label]
            found = None
            if row.target is not None and self.by != "id":
                found = idx.by_text(row.target, row.segment)
            elif self.by != "text" and row.segment:
                found = idx.by_id(row.segment)
            if found is not None:
                aligned = self.row_of[label].get(found.index)
                if aligned is None:
                    return f"paragraph {found.index + 1} of {label} has no source paragraph"
                return label, found, aligned
        if row.target is not None and self.by != "id":
            return f"its translation is not a paragraph of {' or '.join(labels)}: {row.target[:60]!r}"
        return f"segment {row.segment!r} is not a paragraph number or segment ID of {' or '.join(labels)}"

    def source_carrier(self, row: HumanRow, aligned: int) -> Callable[[int, int], tuple[int, int] | None]:
        src_text = self.project.source
        if row.source is not None:
            found = self.source.by_text(row.source, row.segment)
            if found is not None and self.source_row.get(found.index) == aligned:
                return found.carry
        return _carrier(None, src_text, aligned) if row.source is None else (lambda s, e: None)

    def place(self, row: HumanRow, out: HumanAnnotations) -> None:
        where = self.locate(row)
        if isinstance(where, str):
            out.unmatched.append(Problem(row.line, where))
            return
        label, located, aligned = where
        out.seen.add((row.rater, label, aligned))
        if row.score is not None:
            out.scores[(row.rater, label, aligned)] = row.score
        if not row.is_error:
            return
        known, path = self.categories.lookup(row.category) if row.category else (True, "")
        if known and path is None:
            out.ignored.append(Problem(row.line, f"{row.category!r} is not a translation error"))
            return
        if row.severity not in SEVERITIES:
            out.ignored.append(Problem(row.line, f"severity {row.severity!r} is not critical, major or minor"))
            return
        if row.start is None or row.end is None:
            out.unplaced.append(Problem(row.line, "the error has no position in the text (e.g. an omission "
                                                   "marked as missing)"))
            return
        carry = located.carry if row.side == TARGET else self.source_carrier(row, aligned)
        got = carry(row.start, row.end)
        if got is None:
            out.unplaced.append(Problem(row.line, f"offsets {row.start}-{row.end} do not fit its "
                                                   f"{row.side} paragraph"))
            return
        text = self.project.candidate(label).text.content if row.side == TARGET else self.project.source.content
        if row.quote and text[got[0]:got[1]] != row.quote:
            out.unplaced.append(Problem(row.line, f"the text at {row.start}-{row.end} is "
                                                   f"{text[got[0]:got[1]]!r}, not the quoted {row.quote!r}"))
            return
        if not known:
            out.unmapped[row.category] = out.unmapped.get(row.category, 0) + 1
        out.spans.append(HumanSpan(row.rater, label, aligned, row.side, got[0], got[1], path or "",
                                   row.severity, row.category, row.line))


def place(rows: Iterable[HumanRow], project: Project, categories: CategoryMap, *, by: str = "auto",
          unreadable: Iterable[Problem] = (), source_name: str = "") -> HumanAnnotations:
    """Every row placed on ``project`` or listed with the reason it was not."""
    out = HumanAnnotations(unreadable=list(unreadable), source_name=source_name)
    placer = Placer(project, categories, by)
    rows = list(rows)
    placer.prepare(rows)
    for row in rows:
        placer.place(row, out)
    return out


def load(path: str, project: Project, *, fmt: str = "auto", categories: str | None = None,
         by: str = "auto") -> HumanAnnotations:
    """Read ``path`` and place it on ``project`` (the one call the command line and the window make)."""
    from . import categories as cats
    from .readers import read
    rows, problems, _ = read(path, fmt)
    return place(rows, project, cats.load(categories), by=by, unreadable=problems, source_name=str(path))
