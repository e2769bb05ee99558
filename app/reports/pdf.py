"""The PDF report: the same content as the HTML report (overview, scores, VERSE radar, summaries,
rationale, findings in context), laid out with fpdf2 and a CJK-capable font so Korean text prints."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from litlens.app import __version__
from litlens.app.core.counts import noun
from litlens.app.texts import NORMALISATION_NOTE

from .collect import SEV_ORDER, ReportData
from .fonts import FontChoice, choose_font
from .html import marked, provider_text
from .radar import Radar, radar_geometry

FONT = "LitLensSans"
SEV_COLOURS = {"critical": (139, 0, 0), "major": (217, 72, 15), "minor": (176, 137, 0), "neutral": (119, 119, 119)}
CELL_PAD = 1.3  # mm each side of a table cell's text: fpdf's c_margin (1 mm) and the border


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class _Pdf(FPDF):
    def __init__(self, font: FontChoice, title: str) -> None:
        super().__init__(format="A4")
        self.font_choice = font
        self.report_title = title
        self.set_auto_page_break(True, margin=15)
        self.set_title(title)
        self.set_creator(f"LitLens {__version__}")
        if font.path:
            self.add_font(FONT, fname=font.path, collection_font_number=font.index)
            self.base_font = FONT
        else:
            self.base_font = "Helvetica"
        self.alias_nb_pages()

    def t(self, s: object) -> str:
        """Text the chosen font can take: the core fallback font is Latin-1 only."""
        s = "" if s is None else str(s)
        return s if self.font_choice.path else s.encode("latin-1", "replace").decode("latin-1")

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(self.base_font, size=8)
        self.set_text_color(120, 120, 120)
        self.cell(0, 8, self.t(f"{self.report_title} · page {self.page_no()}/{{nb}}"), align="C")
        self.set_text_color(0, 0, 0)

    def heading(self, text: str, size: int = 14) -> None:
        if self.get_y() > self.h - 40:
            self.add_page()
        self.ln(3)
        self.set_font(self.base_font, size=size)
        self.multi_cell(0, size * 0.5, self.t(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_draw_color(200, 200, 200)
        self.line(self.l_margin, self.get_y() + 1, self.w - self.r_margin, self.get_y() + 1)
        self.ln(3)
        self.set_font(self.base_font, size=9)

    def para(self, text: str, size: float = 9, colour: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.set_font(self.base_font, size=size)
        self.set_text_color(*colour)
        self.multi_cell(0, size * 0.5, self.t(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_text_color(0, 0, 0)

    def grid(self, headers: list[str], rows: list[list[str]], widths: list[float] | None = None) -> None:
        self.set_font(self.base_font, size=8)
        self.set_draw_color(170, 170, 170)
        self.set_line_width(0.2)
        widths = widths or self.fitted_widths(headers, rows)
        with self.table(col_widths=widths, text_align="LEFT", line_height=4.2, first_row_as_headings=True,
                        headings_style=FontFace(emphasis="", fill_color=(240, 240, 240))) as table:
            head = table.row()
            for h in headers:
                head.cell(self.t(h))
            for r in rows:
                row = table.row()
                for k in range(len(headers)):
                    row.cell(self.t(r[k] if k < len(r) else ""))
        self.ln(2)


    def fitted_widths(self, headers: list[str], rows: list[list[str]]) -> list[float]:
        """Column widths (mm, in the current font) in which no word is broken where the page has room:
        each column gets its longest word, then what is left goes to the columns whose text wraps, as
        much as each needs. Equal columns broke a candidate's label in two ('story_ko_carefu' / 'l')."""
        pad = 2 * CELL_PAD
        cells = [[self.t(h), *(self.t(r[k]) if k < len(r) else "" for r in rows)] for k, h in enumerate(headers)]
        word = [max((self.get_string_width(w) for c in col for w in c.split()), default=0) + pad for col in cells]
        whole = [max((self.get_string_width(c) for c in col), default=0) + pad for col in cells]
        room = self.epw - sum(word)
        if room <= 0:
            return word  # more words than page: fpdf scales them down together
        want = [max(0.0, w - m) for w, m in zip(whole, word)]
        if sum(want) <= room:  # everything fits on one line: share the rest evenly
            return [w + (room - sum(want)) / len(word) for w in whole]
        return [m + room * w / sum(want) for m, w in zip(word, want)]


def _with_ci(mean: float, bounds: list[float] | None) -> str:
    """A mean with its 95% interval over paragraphs, as the HTML report and the CLI write it."""
    return f"{mean:.2f}" + (f" [{bounds[0]:.2f}, {bounds[1]:.2f}]" if bounds else "")


def _radar(pdf: _Pdf, radar: Radar) -> None:
    scale = 0.32  # geometry is in CSS pixels; 0.32 mm each keeps the chart inside the text width
    x0 = pdf.l_margin + (pdf.epw - radar.width * scale) / 2
    if pdf.get_y() + radar.height * scale > pdf.h - 20:
        pdf.add_page()
    y0 = pdf.get_y()

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return x0 + p[0] * scale, y0 + p[1] * scale

    pdf.set_line_width(0.2)
    pdf.set_draw_color(200, 200, 200)
    for _pct, _svg, pts in radar.rings:
        pdf.polygon([at(p) for p in pts], style="D")
    pdf.set_font(pdf.base_font, size=7)
    for a in radar.axes:
        pdf.line(*at((radar.cx, radar.cy)), *at((a.x, a.y)))
        lx, ly = at((a.label_x, a.label_y))
        w = pdf.get_string_width(pdf.t(a.label))
        lx = lx - w / 2 if a.anchor == "middle" else (lx - w if a.anchor == "end" else lx)
        pdf.text(lx, ly, pdf.t(a.label))
    pdf.set_line_width(0.6)
    for s in radar.series:
        pdf.set_draw_color(*_hex(s.color))
        pdf.polygon([at(p) for p in s.points], style="D")
    pdf.set_y(y0 + radar.height * scale + 2)
    pdf.set_line_width(0.2)
    for s in radar.series:  # legend
        pdf.set_text_color(*_hex(s.color))
        pdf.cell(0, 4, pdf.t(f"— {s.label}"), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(0, 0, 0)


def render_pdf(data: ReportData) -> tuple[bytes, list[str]]:
    font = choose_font()
    pdf = _Pdf(font, f"LitLens: {data.title}")
    pdf.add_page()
    warnings = [font.warning] if font.warning else []
    if font.warning:
        pdf.para("Warning: " + font.warning, size=9, colour=(180, 0, 0))
    pdf.set_font(pdf.base_font, size=18)
    pdf.multi_cell(0, 9, pdf.t(data.project.name), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    run = data.run
    started = dt.datetime.fromtimestamp(run["started_at"]).strftime("%Y-%m-%d %H:%M") if run.get("started_at") else ""
    judges = ", ".join(json.loads(run.get("judges") or "[]"))
    pdf.para(f"{data.run_name[0].upper()}{data.run_name[1:]} · {run['status']} · judges: {judges} · {provider_text(run)} · "
             f"started {started} · cost ${run.get('cost') or 0:.4f}", colour=(80, 80, 80))
    cands = [c for c in data.project.candidates if c.label in data.candidates]
    segments = noun(len(data.project.source.paragraphs), 'segment')
    pdf.para(f"Source: {data.project.source.language}, {segments}. "
             f"Candidates: {', '.join(f'{c.label} ({c.text.language})' for c in cands)}. "
             f"Offsets: {NORMALISATION_NOTE}.", colour=(80, 80, 80))

    pdf.heading("Overview")
    rows = []
    for c in data.candidates:
        per = {s: sum(1 for i in data.issues if i.candidate == c and i.severity == s and i.status != "rejected")
               for s in SEV_ORDER}
        rows.append([c, *(str(v) for v in per.values()), str(sum(per.values()))])
    pdf.grid(["candidate", *SEV_ORDER, "findings"], rows)

    if data.scores:
        pdf.heading("Scores")
        for t in data.scores:
            pdf.para(t.judge, size=10)
            pdf.grid(["candidate", *(f"{d} ({t.scale[d][0]:g}–{t.scale[d][1]:g})" for d in t.dimensions)],
                     [[c, *(_with_ci(m[d], t.intervals.get(c, {}).get(d)) if d in m else "" for d in t.dimensions)]
                      for c, m in t.means.items()])
    radar = radar_geometry(data.radar) if data.radar else None
    if radar:
        pdf.heading("VERSE categories")
        _radar(pdf, radar)
        pdf.grid(["category", *(s.label for s in radar.series)],
                 [[a.label, *(f"{s.values[k]:.1f}%" for s in radar.series)] for k, a in enumerate(radar.axes)])
    if data.summaries:
        pdf.heading("Summaries and rankings")
        for judge, items in data.summaries.items():
            for sm in items:
                if sm.rows:
                    pdf.para(f"{judge}: {sm.title}", size=10)
                    pdf.grid(sm.headers, sm.display_rows())
    if data.rationales:
        pdf.heading("Rationale")
        for r in data.rationales:
            where = "" if r["paragraph"] is None else f" · segment {r['paragraph'] + 1}"
            pdf.para(f"{r['judge']}{where}" + (f" · best: {r['best']}" if r["best"] else ""), colour=(80, 80, 80))
            pdf.para(r["text"])
            pdf.ln(1)
    _findings(pdf, data)
    if data.failures:
        pdf.heading(f"Failed units ({len(data.failures)})")
        if any(f["candidate"] for f in data.failures):
            pdf.grid(["judge", "candidate", "unit", "error"],
                     [[f["judge"], f["candidate"] or "", f["unit"], f["error"]] for f in data.failures],
                     [20, 20, 25, 60])
        else:  # a judge of all the candidates at once: no candidate column left empty in every row
            pdf.grid(["judge", "unit", "error"], [[f["judge"], f["unit"], f["error"]] for f in data.failures],
                     [25, 30, 70])
    return bytes(pdf.output()), warnings


def _findings(pdf: _Pdf, data: ReportData) -> None:
    pdf.heading(f"Findings ({len(data.issues)})")
    if not data.issues:
        pdf.para("No findings.")
    for i in data.issues:
        if pdf.get_y() > pdf.h - 45:
            pdf.add_page()
        pdf.set_font(pdf.base_font, size=9)
        pdf.set_text_color(*SEV_COLOURS.get(i.severity, (0, 0, 0)))
        who = f" · {i.candidate}" if len(data.candidates) > 1 else ""
        merged = f" (merged with {i.merged_with})" if i.merged_with else ""
        pdf.multi_cell(0, 4.5, pdf.t(f"Segment {i.segment_id}{who} · {i.severity} · {i.category} · {i.judge} · "
                                     f"{i.status}{merged}"), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_text_color(0, 0, 0)
        if i.source:
            pdf.para("Source: " + i.source, colour=(90, 90, 90))
        before, hit, after = marked(i)
        pdf.set_font(pdf.base_font, size=9)
        pdf.write(4.5, pdf.t("Target: " + before))
        if hit:
            pdf.set_font(pdf.base_font, style="U", size=9)
            pdf.set_text_color(190, 0, 0)
            pdf.write(4.5, pdf.t(hit))
            pdf.set_text_color(0, 0, 0)
            pdf.set_font(pdf.base_font, size=9)
        pdf.write(4.5, pdf.t(after))
        pdf.ln(5)
        if not hit and i.quote:
            pdf.para(f"Quoted: {i.quote}", colour=(90, 90, 90))
        if i.explanation:
            pdf.para(i.explanation)
        if i.suggestion:
            pdf.para("Suggestion: " + i.suggestion)
        if i.note:
            pdf.para("Reviewer: " + i.note, colour=(90, 90, 90))
        pdf.ln(2)


def write_pdf(data: ReportData, path: Path) -> list[str]:
    content, warnings = render_pdf(data)
    path.write_bytes(content)
    return warnings
