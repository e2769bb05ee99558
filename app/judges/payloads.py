"""Typed run-level payloads a judge's ``summarize`` returns: the window picks a view by payload type, the
CLI prints any payload through ``as_table()``, and the JSON output and reports keep ``to_dict()``.

A payload is built from stored Judgments only, so what it shows after a restart is what it showed before.
Every payload survives ``from_dict(json.loads(json.dumps(p.to_dict())))`` unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from litlens.app.core.plain import plain
from litlens.app.metrics.uncertainty import fmt_interval, fmt_rates

P = TypeVar("P", bound="Payload")

_KINDS: dict[str, type[Payload]] = {}


class PayloadError(ValueError):
    """A dict that does not describe a known payload."""


@dataclass
class Payload:
    """Base of every payload. Subclasses set ``kind`` (a stable name written into ``to_dict``)."""

    kind: ClassVar[str] = ""
    title: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:  # a plug-in may add kinds; a clash would make stored dicts ambiguous
            if cls.kind in _KINDS and _KINDS[cls.kind].__qualname__ != cls.__qualname__:
                raise PayloadError(f"payload kind {cls.kind!r} is already taken by {_KINDS[cls.kind]}")
            _KINDS[cls.kind] = cls

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **plain(self)}  # asdict's answer without its deep copy of a book's leaves

    @classmethod
    def from_dict(cls: type[P], data: dict[str, Any]) -> P:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})

    def as_table(self) -> Summary:
        """The payload as one printable table (its ``data`` is ``to_dict()``)."""
        raise NotImplementedError


def payload_from_dict(data: dict[str, Any]) -> Payload:
    """Rebuild whichever payload ``data`` describes (its ``kind`` names the class)."""
    cls = _KINDS.get(str(data.get("kind", "")))
    if cls is None:
        raise PayloadError(f"unknown payload kind {data.get('kind')!r}")
    return cls.from_dict(data)


@dataclass
class Summary(Payload):
    """A plain table (per-check counts, OTQS, position bias...). ``data`` is its machine-readable form."""

    kind: ClassVar[str] = "table"
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    # 95% intervals of the table's means (over paragraphs): row label (first cell) -> column header -> [low, high].
    # Optional, so tables stored before intervals existed still load; display_rows() writes them in.
    intervals: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def interval(self, row: str, column: str) -> list[float] | None:
        return self.intervals.get(row, {}).get(column)

    def display_rows(self) -> list[list[str]]:
        """``rows`` with each interval written after its number ("3.80 [3.50, 4.10]"), as people read
        them; ``rows`` keep the bare figures for scripts and older readers."""
        if not self.intervals:
            return self.rows
        out = []
        for row in self.rows:
            found = self.intervals.get(row[0], {}) if row else {}
            out.append([_with_interval(cell, found.get(self.headers[i]) if i < len(self.headers) else None)
                        for i, cell in enumerate(row)])
        return out

    def as_table(self) -> Summary:
        return self


def _with_interval(cell: str, bounds: list[float] | None) -> str:
    if not bounds or "[" in cell:
        return cell
    digits = len(cell.rsplit(".", 1)[1]) if "." in cell else 2
    return f"{cell} [{bounds[0]:.{digits}f}, {bounds[1]:.{digits}f}]"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


@dataclass
class Axis:
    name: str  # full name, e.g. a category as its paper spells it
    label: str = ""  # short label for tight places such as a chart's rim; the name when empty

    @property
    def short(self) -> str:
        return self.label or self.name


@dataclass
class RadarData(Payload):
    """Values per axis, one series per candidate. ``values[c][i]`` is None where candidate c has no data
    on axis i (drawn as a gap, never as 0); ``counts[c][i]`` is how many answers stand behind it."""

    kind: ClassVar[str] = "radar"
    axes: list[Axis] = field(default_factory=list)
    values: dict[str, list[float | None]] = field(default_factory=dict)
    counts: dict[str, list[int]] = field(default_factory=dict)
    scale_max: float = 100.0
    unit: str = "%"
    # ``intervals[c][i]``: 95% interval [low, high] of candidate c on axis i (over paragraphs), None
    # where there is no value; empty for radars stored before intervals existed.
    intervals: dict[str, list[list[float] | None]] = field(default_factory=dict)

    def interval(self, candidate: str, axis: int) -> list[float] | None:
        found = self.intervals.get(candidate) or []
        return found[axis] if axis < len(found) else None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RadarData:
        out = super().from_dict(data)
        out.axes = [a if isinstance(a, Axis) else Axis(**a) for a in out.axes]
        return out

    @classmethod
    def from_nested(cls, title: str, nested: dict[str, dict[str, dict[str, Any]]],
                    axes: list[Axis] | None = None, **kw: Any) -> RadarData:
        """From ``{candidate: {axis name: {"percent": x, "n": n}}}``; axes not given are appended."""
        axes = list(axes or [])
        known = {a.name for a in axes}
        for figs in nested.values():
            for name in figs:
                if name not in known:
                    axes.append(Axis(name))
                    known.add(name)
        values = {c: [float(f[a.name]["percent"]) if a.name in f else None for a in axes]
                  for c, f in nested.items()}
        counts = {c: [int(f[a.name]["n"]) if a.name in f else 0 for a in axes] for c, f in nested.items()}
        return cls(title, axes, values, counts, **kw)

    def as_nested(self) -> dict[str, dict[str, dict[str, Any]]]:
        """``{candidate: {axis name: {"percent": value, "n": count}}}`` without the gaps."""
        return {c: {a.name: {"percent": v, "n": self.counts.get(c, [0] * len(self.axes))[i]}
                    for i, (a, v) in enumerate(zip(self.axes, vals)) if v is not None}
                for c, vals in self.values.items()}

    def as_table(self) -> Summary:
        rows = [[a.name, c, fmt_interval(vals[i], self.interval(c, i), 1),
                 str(self.counts.get(c, [0] * len(self.axes))[i])]
                for i, a in enumerate(self.axes) for c, vals in self.values.items() if vals[i] is not None]
        unit = self.unit or f"of {self.scale_max:g}"
        head = f"value ({unit}) [95% CI]" if self.intervals else f"value ({unit})"
        return Summary(self.title, ["axis", "candidate", head, "n"], rows, self.to_dict())


@dataclass
class RankedParagraph:
    """One paragraph of a ranking as a comparison view shows it (real candidate labels throughout)."""

    paragraph: int
    candidates: list[str] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    scores: dict[str, dict[str, float]] = field(default_factory=dict)  # candidate -> dimension -> value
    overall_summary: dict[str, str] = field(default_factory=dict)  # candidate -> the evaluation's gist
    failures: list[str] = field(default_factory=list)
    method: str | None = None
    winners_by_order: dict[int, str] = field(default_factory=dict)
    majority: list[str] = field(default_factory=list)  # several labels: a tie
    rationale: str = ""
    b_paragraph: int | None = None  # distinct winners here, |b_i|
    b: float | None = None  # position-bias inconsistency over all paragraphs
    b_max: int = 0
    orders: int = 0
    score_winners: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RankedParagraph:
        names = {f.name for f in fields(cls)}
        out = cls(**{k: v for k, v in data.items() if k in names})
        out.winners_by_order = {int(k): v for k, v in out.winners_by_order.items()}  # JSON made them str
        return out


@dataclass
class Ranking(Payload):
    """Candidates ranked by one method: ``tiers`` best first (a tier of several is a tie), position bias B
    over ``orders`` presentation orders, and each paragraph's verdict with its rationale.
    ``method`` None means a ranking by scores given to each candidate alone (no order to be biased by)."""

    kind: ClassVar[str] = "ranking"
    method: str | None = None
    tiers: list[list[str]] = field(default_factory=list)
    b: float | None = None
    b_max: int = 0
    orders: int = 0
    failed: int = 0
    paragraphs: list[RankedParagraph] = field(default_factory=list)
    # How sure the overall winner is: the share of paragraph resamples (bootstrap) and of presentation
    # orders in which each candidate comes out on top. Empty in rankings stored before they existed.
    win_rates: dict[str, float] = field(default_factory=dict)
    order_win_rates: dict[str, float] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ranking:
        out = super().from_dict(data)
        out.paragraphs = [p if isinstance(p, RankedParagraph) else RankedParagraph.from_dict(p)
                          for p in out.paragraphs]
        return out

    def paragraph(self, index: int) -> RankedParagraph | None:
        return next((p for p in self.paragraphs if p.paragraph == index), None)

    def as_table(self) -> Summary:
        rows = []
        for p in self.paragraphs:
            verdict = " = ".join(p.majority or p.score_winners) or "-"
            rows.append([str(p.paragraph + 1), verdict, " ".join(p.rationale.split())[:120]])
        head = " > ".join(" = ".join(t) for t in self.tiers) or "-"
        bias = "" if self.method is None else f"; B = {'-' if self.b is None else f'{self.b:.2f}'}"
        sure = "".join(f"; {what}: {fmt_rates(rates)}" for what, rates in
                       (("wins over resampled paragraphs", self.win_rates),
                        ("wins over orders", self.order_win_rates)) if rates)
        return Summary(f"{self.title} (overall: {head}{bias}{sure})", ["para", "best (ties: =)", "rationale"],
                       rows, self.to_dict())


@dataclass
class TermTable(Payload):
    """Key terms and how each candidate renders them:
    ``tables[candidate][term] = {"renderings": [{"text", "count", "offsets": [[start, end]...]}],
    "consistent": bool}``."""

    kind: ClassVar[str] = "terms"
    tables: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    notes_why: list[dict[str, Any]] = field(default_factory=list)  # the notes as templates (app.explanations)

    def as_table(self) -> Summary:
        rows = [[label, term, ", ".join(f"{r['text']} ×{r['count']}" for r in entry["renderings"]),
                 "yes" if entry.get("consistent") else "NO"]
                for label, table in self.tables.items() for term, entry in table.items()]
        title = self.title + (f" ({'; '.join(self.notes)})" if self.notes else "")
        return Summary(title, ["candidate", "term", "renderings", "consistent"], rows, self.to_dict())


@dataclass
class SpeechLevelLedger(Payload):
    """Per candidate, its sentences with the speech level they use: dicts with at least ``start``, ``end``,
    ``paragraph``, ``level`` and ``dialogue`` (speaker, listener and expected level when known)."""

    kind: ClassVar[str] = "speech-levels"
    levels: list[str] = field(default_factory=list)  # every level, most deferential first
    sentences: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    # per candidate, the relationship ledger (app.korean.ledger): one entry per speaker → listener pair
    pairs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    # per candidate, the turns whose speaker the analyser would not name (app.korean.ledger.unattributed):
    # shown as "speaker unknown", never under a guessed name; and the cast, each character with its aliases
    unattributed: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    cast: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    # per candidate, every turn as stored (start, end, paragraph, speaker, listener, evidence…): the ledger
    # is rebuilt from them when another reading or a reviewer's correction is laid over (app.korean.ledger.relabel)
    turns: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def as_table(self) -> Summary:
        rows = []
        for label, items in self.sentences.items():
            used = [s.get("level") for s in items if s.get("dialogue") and s.get("level")]
            rows.append([label, str(len(used)),
                         ", ".join(f"{lv} ×{used.count(lv)}" for lv in self.levels if lv in used)])
        return Summary(self.title, ["candidate", "dialogue sentences", "levels"], rows, self.to_dict())
