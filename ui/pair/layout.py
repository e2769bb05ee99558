"""The aligned rows of a source and one candidate, and the maps between text offsets and row positions.

Judges report offsets into a Text's content (Python characters). The pair view shows each aligned row as
two cells of display text: the row's paragraphs joined by line separators, with a speech-level badge
inserted before marked sentences. Display positions count UTF-16 units (what QTextLayout counts), so
``PairLayout`` converts between content offsets and (row, display position) in both directions.

Nothing here lays text out, and a cell's display text is made only when something first asks for that
cell (the rows on screen, a highlight there): opening a book costs the alignment, not 3,000 cell texts.
The canvas estimates the heights of unseen rows from ``PairLayout.counts``, which reads lengths only.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QCoreApplication

from litlens.app.core.model import AlignedPair
from litlens.ui.common.levels import Badges

if TYPE_CHECKING:
    from litlens.app.core.model import Candidate, Project, Text

Side = Literal["source", "target"]
SIDES: tuple[Side, Side] = ("source", "target")
PARA_BREAK = "\u2028\u2028"  # between paragraphs of one cell: a forced line break and an empty line
ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # two UTF-16 units each


def utf16_len(s: str) -> int:
    return len(s) if s.isascii() or ASTRAL.search(s) is None else len(s.encode("utf-16-le")) // 2


def wide_count(s: str) -> int:
    """About how many characters are twice as wide as a Latin letter (Hangul, CJK, kana): those take
    three UTF-8 bytes, so the byte count tells without a per-character loop (an estimate is enough)."""
    return 0 if s.isascii() else max(0, (len(s.encode("utf-8")) - len(s)) // 2)


def python_offset(s: str, units: int) -> int:
    """Index into ``s`` of the character that starts at UTF-16 unit ``units`` (clamped to len(s))."""
    count = 0
    for i, ch in enumerate(s):
        if count >= units:
            return i
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(s)


def _units(s: str, n: int, narrow: bool) -> int:
    """UTF-16 length of ``s[:n]``; plain arithmetic for the usual text without astral characters."""
    return n if narrow else utf16_len(s[:n])


@dataclass
class Run:
    """A stretch of one paragraph shown without interruption (badges and paragraph breaks cut runs)."""

    disp: int  # display position (UTF-16) of its first character in the cell
    seg_start: int  # content offset of its first character
    text: str
    paragraph: int
    narrow: bool  # no character outside the BMP: display and content lengths agree

    @property
    def seg_end(self) -> int:
        return self.seg_start + len(self.text)

    @property
    def disp_end(self) -> int:
        return self.disp + _units(self.text, len(self.text), self.narrow)


@dataclass
class Cell:
    """One side of one row: its display text, runs, badge ranges and the numbers that estimate its height."""

    text: str = ""
    runs: list[Run] = field(default_factory=list)
    badges: list[tuple[int, int, str]] = field(default_factory=list)  # (display start, length, colour)
    paragraphs: tuple[int, ...] = ()
    wide: int = 0  # wide characters, for the height estimate
    breaks: int = 0  # forced line breaks

    def display_range(self, start: int, end: int) -> list[tuple[int, int]]:
        """Display ranges covering content ``[start, end)`` within this cell (one per run touched)."""
        out = []
        for r in self.runs:
            a, b = max(start, r.seg_start), min(end, r.seg_end)
            if a < b or (a == b == start and r.seg_start <= start < r.seg_end):
                out.append((r.disp + _units(r.text, a - r.seg_start, r.narrow),
                            r.disp + _units(r.text, b - r.seg_start, r.narrow)))
        return out

    def run_at(self, pos: int) -> Run | None:
        for r in self.runs:
            if r.disp <= pos < r.disp_end:
                return r
        return None

    def offset_at(self, pos: int) -> int | None:
        """Content offset of the character at display position ``pos`` (None on a badge or a break)."""
        r = self.run_at(pos)
        if r is None:
            return None
        return r.seg_start + (pos - r.disp if r.narrow else python_offset(r.text, pos - r.disp))

    def paragraph_at(self, pos: int) -> int | None:
        """The paragraph shown at (or nearest before) ``pos``: what a double-click there edits."""
        best = None
        for r in self.runs:
            if r.disp <= pos or best is None:
                best = r.paragraph
        return best


class LazyCells(Sequence):
    """One side's cells, each made on first access and then kept."""

    def __init__(self, n: int, make: Callable[[int], Cell], counts: Callable[[], list[tuple[int, int, int]]]) -> None:
        self._made: list[Cell | None] = [None] * n
        self._make, self._count_all = make, counts
        self._counts: list[tuple[int, int, int]] | None = None  # every row's, counted in one pass when asked

    def __len__(self) -> int:
        return len(self._made)

    def __getitem__(self, row: int) -> Cell:  # type: ignore[override]
        cell = self._made[row]
        if cell is None:
            cell = self._made[row] = self._make(row if row >= 0 else row + len(self._made))
        return cell

    def __iter__(self) -> Iterator[Cell]:
        return (self[r] for r in range(len(self._made)))

    def made(self, row: int) -> bool:
        return self._made[row] is not None

    def counts(self, row: int) -> tuple[int, int, int]:
        """(display length, wide characters, forced breaks) of a cell, without making it if it is not."""
        cell = self._made[row]
        if cell is not None:
            return len(cell.text), cell.wide, cell.breaks
        if self._counts is None:
            self._counts = self._count_all()
        return self._counts[row]

    def all_counts(self) -> list[tuple[int, int, int]]:
        """``counts`` of every row (the made cells' own, the others' from the text), as one list."""
        if self._counts is None:
            self._counts = self._count_all()
        made = self._made
        if not any(made):
            return self._counts
        return [(len(c.text), c.wide, c.breaks) if c is not None else n for c, n in zip(made, self._counts)]


@dataclass
class PairLayout:
    rows: list[AlignedPair]
    mismatched: list[bool]
    cells: dict[str, Sequence[Cell]] = field(default_factory=lambda: {"source": [], "target": []})
    titles: tuple[str, str] = ("", "")
    # per side, paragraph starts in content order with the row showing each paragraph, for bisection
    _starts: dict[str, list[int]] = field(default_factory=dict)
    _rows_of: dict[str, list[int]] = field(default_factory=dict)
    _windows: dict[str, dict[int, tuple[float, float]]] = field(default_factory=dict)

    def index(self, side: Side, paragraphs: list[tuple[int, int]]) -> None:
        """Record (content start, row) of every paragraph of ``side``, in content order."""
        paragraphs.sort()
        self._starts[side] = [s for s, _ in paragraphs]
        self._rows_of[side] = [r for _, r in paragraphs]
        self._windows.pop(side, None)

    def windows(self, side: Side) -> dict[int, tuple[float, float]]:
        """Per row of ``side``, the content range its paragraphs cover (the first row's reaches down, the last
        row's up, without end). Made once per layout: every set of findings planned on these rows reads it,
        and a book's 7,920 rows took the GUI thread 5-10 ms a side each time results or review landed
        (the window builds a book's rows on a worker and makes these there too)."""
        windows = self._windows.get(side)
        if windows is None:
            starts, rows = self._starts.get(side, []), self._rows_of.get(side, [])
            windows = self._windows[side] = {}
            for i, r in enumerate(rows):
                lo = float("-inf") if i == 0 else float(starts[i])
                hi = float(starts[i + 1]) if i + 1 < len(starts) else float("inf")
                if r in windows:
                    lo, hi = min(lo, windows[r][0]), max(hi, windows[r][1])
                windows[r] = (lo, hi)
        return windows

    def row_of(self, side: Side, offset: int) -> int | None:
        starts = self._starts.get(side, [])
        i = bisect_right(starts, offset) - 1
        return self._rows_of[side][i] if i >= 0 else None

    def rows_touched(self, side: Side, start: int, end: int) -> list[int]:
        """Rows whose paragraphs hold any of content ``[start, end)`` (an empty range: the row at start)."""
        starts, rows = self._starts.get(side, []), self._rows_of.get(side, [])
        i = max(0, bisect_right(starts, start) - 1)
        out: list[int] = []
        while i < len(starts) and (starts[i] < end or not out):
            if not out or rows[i] != out[-1]:
                out.append(rows[i])
            i += 1
        return out

    def display_ranges(self, side: Side, start: int, end: int) -> list[tuple[int, int, int]]:
        """(row, display start, display end) covering content ``[start, end)``."""
        return [(row, a, b) for row in self.rows_touched(side, start, end)
                for a, b in self.cells[side][row].display_range(start, end)]

    def offset_at(self, side: Side, row: int, pos: int) -> int | None:
        return self.cells[side][row].offset_at(pos)

    def counts(self, side: Side, row: int) -> tuple[int, int, int]:
        """What the height estimate needs of a cell: display length, wide characters, forced breaks."""
        cells = self.cells[side]
        if isinstance(cells, LazyCells):
            return cells.counts(row)
        cell = cells[row]
        return len(cell.text), cell.wide, cell.breaks

    def all_counts(self, side: Side) -> list[tuple[int, int, int]]:
        """``counts`` of every row of ``side``: what estimating a book's heights reads, in one pass."""
        cells = self.cells[side]
        if isinstance(cells, LazyCells):
            return cells.all_counts()
        return [(len(c.text), c.wide, c.breaks) for c in cells]

    def plain_text(self) -> str:
        """Everything the view shows, as text (for copying, tests and accessibility)."""
        lines = ["\t" + "\t".join(self.titles)]
        for r, pair in enumerate(self.rows):
            lines.append("\t".join((row_label(pair), self.cells["source"][r].text.replace("\u2028", "\n"),
                                    self.cells["target"][r].text.replace("\u2028", "\n"))))
        return "\n".join(lines)


def _pairs(candidate: Candidate, source: Text) -> list[AlignedPair]:
    if candidate.alignment is not None:
        return list(candidate.alignment.pairs)
    # not aligned: show paragraphs side by side by position (a row with an empty side says so)
    n, m = len(source.paragraphs), len(candidate.text.paragraphs)
    return [AlignedPair(tuple([i] if i < n else []), tuple([i] if i < m else [])) for i in range(max(n, m))]


def _tr(text: str) -> str:
    return QCoreApplication.translate("PairLayout", text)


def row_label(pair: AlignedPair) -> str:
    if not pair.source:
        return "—"
    a, b = pair.source[0] + 1, pair.source[-1] + 1
    return f"¶{a}" if a == b else f"¶{a}–{b}"


def _cuts(order: list[int], start: int, end: int) -> list[int]:
    """Badge offsets inside ``[start, end)``, relative to start; by bisection, since a book's speech-level
    ledger has thousands of sentences and a cell is made for each of its paragraphs."""
    return [o - start for o in order[bisect_left(order, start):bisect_left(order, end)]]


def make_cell(text: Text, indices: tuple[int, ...], badges: Badges, order: list[int] | None = None) -> Cell:
    """The display text of one cell: its paragraphs, separated by an empty line, badges before sentences."""
    cell = Cell(paragraphs=indices)
    parts: list[str] = []
    disp = 0
    for k, i in enumerate(indices):
        seg = text.paragraphs[i]
        para = text.content[seg.start:seg.end].replace("\n", "\u2028")  # same length: offsets hold
        if k:
            parts.append(PARA_BREAK)
            disp += len(PARA_BREAK)
            cell.breaks += 2
        cell.breaks += para.count("\u2028")
        if badges and order is None:
            order = sorted(badges)
        cuts = _cuts(order, seg.start, seg.end) if badges and order else []
        bounds = sorted({0, *cuts, len(para)})  # a badge at the paragraph's start is one cut, not two
        for a, b in zip(bounds, bounds[1:]):
            if a in cuts:
                label, colour = badges[seg.start + a]
                badge = f"\u2009{label}\u2009"
                cell.badges.append((disp, len(badge), colour))
                parts.append(badge + "\u2009")  # a thin space after, so the badge does not touch the word
                disp += len(badge) + 1
            if b > a:
                piece = para[a:b]
                units = utf16_len(piece)
                cell.runs.append(Run(disp, seg.start + a, piece, i, units == len(piece)))
                parts.append(piece)
                disp += units
    cell.text = "".join(parts)
    cell.wide = wide_count(cell.text)
    return cell


def build(project: Project, candidate: Candidate, badges: Badges | None = None) -> PairLayout:
    """One row per aligned pair, each with a source and a candidate cell; ``badges`` go before candidate
    sentences at those content offsets."""
    from litlens.ui.common.i18n import language_name
    pairs = _pairs(candidate, project.source)
    layout = PairLayout(rows=pairs, mismatched=[len(p.source) != 1 or len(p.target) != 1 for p in pairs],
                        titles=(f"{_tr('Source')} · {language_name(project.source.language)}",
                                f"{candidate.label} · {language_name(candidate.text.language)}"))
    for side, text, marks in (("source", project.source, {}), ("target", candidate.text, badges or {})):
        order = sorted(marks)
        rows_of = [p.source if side == "source" else p.target for p in pairs]
        layout.cells[side] = LazyCells(
            len(pairs), lambda r, t=text, m=marks, o=order, ix=rows_of: make_cell(t, ix[r], m, o),
            lambda t=text, m=marks, o=order, ix=rows_of: side_counts(t, ix, m, o))
        layout.index(side, [(text.paragraphs[i].start, r)  # type: ignore[arg-type]
                            for r, indices in enumerate(rows_of) for i in indices])
    return layout


def side_counts(text: Text, rows_of: list[tuple[int, ...]], badges: Badges, order: list[int]) -> list[tuple[int, int, int]]:
    """make_cell's length, wide count and breaks for each row's paragraphs ``rows_of``, read off the text
    without building any cell: per paragraph its length, its newlines (each shown as a U+2028, three UTF-8
    bytes) and wide_count's byte excess, then summed per row with the separators and badges between."""
    paragraphs = text.paragraphs
    lengths, newlines, excess = paragraph_counts(text)
    out = []
    for indices in rows_of:
        if len(indices) == 1 and not badges:  # the usual row: one paragraph, no speech-level badges
            i = indices[0]
            out.append((lengths[i], max(0, excess[i] // 2), newlines[i]))
            continue
        joins = max(0, len(indices) - 1)
        length = sum(lengths[i] for i in indices) + joins * len(PARA_BREAK)
        extra = sum(excess[i] for i in indices) + joins * 2 * len(PARA_BREAK)
        for i in indices if badges else ():
            seg = paragraphs[i]
            for c in _cuts(order, seg.start, seg.end):
                badge = f"\u2009{badges[seg.start + c][0]}\u2009\u2009"
                length += len(badge)
                extra += len(badge.encode("utf-8")) - len(badge)
        out.append((length, max(0, extra // 2), sum(newlines[i] for i in indices) + 2 * joins))
    return out


_COUNTED: dict[int, tuple[str, int, tuple[list[int], list[int], list[int]]]] = {}  # by id(text), last few


def paragraph_counts(text: Text) -> tuple[list[int], list[int], list[int]]:
    """Per paragraph of ``text``: its length, its newlines, and the UTF-8 byte excess side_counts reads
    wide characters from. Counted once per text and kept for the last few texts, so the window counts a
    book's paragraphs on the worker that read the files (``count_paragraphs``), not on the GUI thread."""
    content, paragraphs = text.content, text.paragraphs
    found = _COUNTED.get(id(text))
    if found is not None and found[0] is content and found[1] == len(paragraphs):
        return found[2]
    lengths = [seg.end - seg.start for seg in paragraphs]
    newlines = [content.count("\n", seg.start, seg.end) for seg in paragraphs]
    if content.isascii():
        excess = [2 * k for k in newlines]
    else:
        excess = [len(content[seg.start:seg.end].encode("utf-8")) - n + 2 * k
                  for seg, n, k in zip(paragraphs, lengths, newlines)]
    while len(_COUNTED) >= 16:
        _COUNTED.pop(next(iter(_COUNTED)))
    _COUNTED[id(text)] = (content, len(paragraphs), (lengths, newlines, excess))
    return lengths, newlines, excess


def count_paragraphs(project: Project) -> Project:
    """``paragraph_counts`` of every text of ``project`` (on the worker that loaded it); the project."""
    for text in [project.source] + [c.text for c in project.candidates]:
        paragraph_counts(text)
    return project
