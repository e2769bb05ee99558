"""The report's header line says who answered the run: an offline run (the offline judges alone, stored as
provider "offline", model "-") reads "offline judges (no LLM)" in the HTML page and the PDF, never
"offline:-"; an LLM run keeps "provider:model"."""

from __future__ import annotations

import pytest

from litlens.app.reports import write_report
from litlens.app.reports.html import provider_text
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string


@pytest.fixture
def offline_run(tmp_path):
    store = Store(tmp_path / "litlens.db")
    project = build_project("names", text_from_string("Mirae met Joon. Mirae left.", "en"),
                            [("K", text_from_string("미래는 준을 만났다. 미레는 떠났다.", "ko"))])
    summary = service.execute(service.RunRequest(project=project, judges=["consistency"]), store)
    assert summary.status == "done"
    yield store, summary.run_id
    store.close()


def test_the_html_header_of_an_offline_run_names_no_provider(tmp_path, offline_run):
    store, run_id = offline_run
    out = tmp_path / "r.html"
    write_report(store, run_id, "html", out)
    page = out.read_text(encoding="utf-8")
    header = next(line for line in page.splitlines() if line.startswith('<p class="meta">Run '))
    assert "offline:-" not in page and ":-" not in header
    assert "offline judges (no LLM)" in header


def test_the_pdf_header_of_an_offline_run_names_no_provider(tmp_path, offline_run, monkeypatch):
    from litlens.app.reports import pdf
    said: list[str] = []
    para = pdf._Pdf.para
    monkeypatch.setattr(pdf._Pdf, "para", lambda self, text, *a, **k: (said.append(text), para(self, text, *a, **k))[1])
    store, run_id = offline_run
    write_report(store, run_id, "pdf", tmp_path / "r.pdf")
    header = next(t for t in said if t.startswith("Run "))
    assert ":-" not in header and "offline judges (no LLM)" in header


def test_an_llm_run_keeps_provider_and_model():
    assert provider_text({"provider": "openai", "model": "gpt-4o-mini"}) == "openai:gpt-4o-mini"
    assert provider_text({"provider": "offline", "model": "-"}) == "offline judges (no LLM)"


def test_pdf_table_columns_leave_no_word_broken_where_the_page_has_room():
    from litlens.app.reports.fonts import choose_font
    from litlens.app.reports.pdf import CELL_PAD, _Pdf
    pdf = _Pdf(choose_font(), "t")
    pdf.add_page()
    pdf.set_font(pdf.base_font, size=8)
    headers = ["candidate", "Accuracy (1–5)", "Terminology (1–5)", "Linguistic Conventions (1–5)",
               "Audience Appropriateness (1–5)", "Hallucinations (1–5)", "Missing Content (1–5)", "Overall (1–5)"]
    rows = [["story_ko_careful", *["4.62 [4.19, 5.06]"] * 7], ["story_ko_flawed", *["3.62 [2.74, 4.51]"] * 7]]
    widths = pdf.fitted_widths(headers, rows)
    assert abs(sum(widths) - pdf.epw) < 1e-6  # the table spans the page as before
    for k, col in enumerate([[h, *(r[k] for r in rows)] for k, h in enumerate(headers)]):
        longest = max(pdf.get_string_width(w) for c in col for w in c.split())
        assert widths[k] >= longest + 2 * CELL_PAD - 1e-6, (headers[k], widths[k], longest)
    short = pdf.fitted_widths(["candidate", "findings"], [["story_ko_flawed", "9"]])
    assert short[0] >= pdf.get_string_width("story_ko_flawed") + 2 * CELL_PAD
