"""The judges' summary tables (Summaries dock) in the Korean interface: every title, column header and
yes/no cell a judge writes as a literal string has Korean, and the table view and its chooser show it."""

from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

import pytest
from packaging_tables import korean_table

from litlens.app.consistency.findings import CHECKS
from litlens.app.core.sample import load_sample
from litlens.app.judges import consistency as consistency_judge
from litlens.app.judges.base import UnitContext
from litlens.app.judges.mas_liteval.judge import DIMENSIONS

ROOT = Path(__file__).resolve().parents[1]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
WORDS = re.compile(r"[A-Za-z]{2,}")
MADE = {"Summary", "TermTable", "Ranking", "RadarData", "SpeechLevelLedger"}


def _korean() -> dict[str, str]:
    return korean_table("ko_summaries", "SUMMARIES_KO")


def literal_texts() -> set[str]:
    """Titles and headers written as literals in the judges' Summary(...)/payload calls, and the labels
    their tables are built from."""
    found: set[str] = set()
    for path in (ROOT / "app" / "judges").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in MADE):
                continue
            values = [*node.args[:2], *(k.value for k in node.keywords if k.arg in ("title", "headers"))]
            for value in values:
                items = value.elts if isinstance(value, ast.List) else [value]
                found |= {v.value for v in items if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return {t for t in found | set(CHECKS.values()) | set(DIMENSIONS.values()) | {"yes", "NO"}
            if WORDS.search(t) and t not in ("OTQS",)}


def test_every_literal_title_and_header_of_a_summary_has_korean():
    korean = _korean()
    missing = sorted(literal_texts() - set(korean))
    assert missing == [], missing
    assert all(HANGUL.search(k) for e, k in korean.items() if e not in ("n", "B")), korean


@pytest.fixture
def korean(qapp):
    from litlens.ui.common import i18n
    i18n.install(qapp, "ko")
    yield
    i18n.install(qapp, "en")


def test_the_summaries_view_shows_a_judges_table_in_korean(qtbot, korean):
    from litlens.ui.views.table import PayloadTable
    sample = load_sample()
    judge = consistency_judge.ConsistencyJudge()
    options = judge.Options()
    results = [asyncio.run(u.run(UnitContext(sample, options, None))) for u in judge.plan(sample, options)]
    summary = next(p for p in judge.summarize(results) if p.kind != "terms")
    view = PayloadTable()
    qtbot.addWidget(view)
    view.set_payload(summary)
    headers = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    assert view.title.text() == "검사별 지적 수"
    assert headers[0] == "후보" and "겹쳐 쓴 낱말" in headers and headers[-1] == "합계"
    assert not any(WORDS.search(h) for h in headers), headers


def test_the_scores_dock_names_dimensions_and_judges_in_korean(qtbot, korean):
    """Columns read "dimension (judge)": both in the interface language, and a failed unit says so."""
    from litlens.app.core.model import Judgment, Score
    from litlens.ui.common.document import Document
    from litlens.ui.views.scores import ScoresTable, dimension_name
    doc = Document()
    doc.set_project(load_sample())
    doc.set_candidate("Flawed")
    label = doc.candidate_label
    judged = [Judgment("da-mqm", "p0", label, 0, scores=[Score("Lexical Choice", 4, 1, 5)]),
              Judgment("honorifics", "doc", label, None, scores=[Score("honorific consistency", 0.9, 0, 1)]),
              Judgment("transevalnia", "p1", label, 1, scores=[Score("Emotional Content", 3, 1, 5)]),
              Judgment("da-mqm", "p1", label, 1, status="failed", error="not JSON")]
    assert doc.set_results(doc.revision, 10**6, judged)
    view = ScoresTable(doc)
    qtbot.addWidget(view)
    view.show()
    view.refresh()
    headers = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    # dimensions scored per paragraph first, whole-text ones (the honorifics judge's) after them
    assert headers[0].startswith("어휘 선택\n(") and "정서" in headers[1] and "높임법 일관성" in headers[2]
    names = ("DA-MQM", "TransEvalnia")  # proper names of judges
    assert not any(WORDS.search(h.replace(names[0], "").replace(names[1], "")) for h in headers), headers
    assert any(view.table.item(r, 0) is not None and view.table.item(r, 0).text() == "실패"
               for r in range(view.table.rowCount()))
    assert dimension_name("BLEU") == "BLEU"  # a metric's own name stays as it is


def test_the_run_history_says_a_runs_status_provider_and_judges_in_korean(korean):
    from litlens.app.run.liveness import INTERRUPTED
    from litlens.app.run.service import RESUMABLE
    from litlens.ui.runs import history as run_history
    from litlens.ui.common.judge_texts import judge_short
    for status in {"running", "done", "failed", INTERRUPTED, *RESUMABLE}:
        assert HANGUL.search(run_history._tr(status)), status
    assert run_history._tr("offline") == "오프라인" and run_history._tr("") == ""
    assert judge_short("consistency") == "일관성 검사"
