"""The span comparison as a payload, so the window shows it with the view registered for its type (and
the command line can print it as a table like any other payload)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from litlens.app.judges.payloads import Payload, Summary
from litlens.app.metrics.uncertainty import fmt_interval

from .compare import RATERS, Comparison, row_dict

FIGURES = (("micro_p", "P"), ("micro_r", "R"), ("micro_f1", "F1"), ("macro_f1", "macro F1"),
           ("severity", "sev. agr."))


@dataclass
class SpanAgreement(Payload):
    """Each judge's P/R/F1 against people's spans (rows as compare.row_dict), the raters' ceiling among
    them under the name ``RATERS``, and what the file held that could not be used."""

    kind: ClassVar[str] = "span-agreement"
    source: str = ""
    raters: list[str] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, comparison: Comparison, source: str) -> SpanAgreement:
        return cls(title=f"Judges against {source}", source=source, raters=list(comparison.raters),
                   rows=[row_dict(r) for r in comparison.rows], notes=list(comparison.notes))

    @property
    def judges(self) -> list[str]:
        return list(dict.fromkeys(r["judge"] for r in self.rows if r["judge"] != RATERS))

    @property
    def ceiling(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["judge"] == RATERS]

    def cell(self, row: dict[str, Any], name: str) -> str:
        if row.get(name) is None:
            return "—"
        low, high = row.get(f"{name}_low"), row.get(f"{name}_high")
        return fmt_interval(row[name], [low, high] if low is not None and high is not None else None)

    def as_table(self) -> Summary:
        headers = ["judge", "slice", "mode", *(h for _, h in FIGURES), "pred", "human", "rows"]
        rows = [[r["judge"], r["value"] if r["slice"] != "severity" else f"severity {r['value']}", r["mode"],
                 *(self.cell(r, name) for name, _ in FIGURES), str(r["predicted"]), str(r["human"]),
                 str(r["rows"])] for r in self.rows]
        return Summary(title=self.title, headers=headers, rows=rows, data=self.to_dict())


@dataclass
class DecisionCalibration(SpanAgreement):
    """How often each judge is right for this reviewer, per category (app.humans.calibration): one row per
    judge and category with kept, n, precision and its Wilson interval, and whether the opt-in rule would
    fade or hide that judge's findings there. Shown by the Judges view (a SpanAgreement by type)."""

    kind: ClassVar[str] = "decision-calibration"
    cells: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of_calibration(cls, cal: Any) -> DecisionCalibration:
        cells = []
        for c in cal.rows():
            low, high = c.interval
            cells.append({"judge": c.judge, "category": c.category, "kept": c.kept, "n": c.n,
                          "precision": c.precision, "low": low, "high": high,
                          "keeps_rejecting": c.keeps_rejecting()})
        return cls(title="Your decisions", source="your decisions", cells=cells)

    @property
    def judges(self) -> list[str]:
        return list(dict.fromkeys(c["judge"] for c in self.cells))

    def as_table(self) -> Summary:
        headers = ["judge", "category", "right for you", "kept", "n", "rule acts"]
        rows = [[c["judge"], c["category"], fmt_interval(c["precision"], [c["low"], c["high"]]), str(c["kept"]),
                 str(c["n"]), "yes" if c["keeps_rejecting"] else ""] for c in self.cells]
        return Summary(title=self.title, headers=headers, rows=rows, data=self.to_dict())
