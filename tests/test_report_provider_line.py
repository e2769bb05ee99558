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
