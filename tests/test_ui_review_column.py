"""The findings list's Review column shows every review state whole ("✔ applied" was cut to "✔ applie…" at
1280 px, the column being 80 px), in English and in the Korean interface."""

from __future__ import annotations

import pytest

from litlens.app.mqm import states
from litlens.ui.common.document import Document
from litlens.ui.review.findings_list import STATUS_MARK, FindingsList, _tr

pytestmark = pytest.mark.gui
REVIEW = 5  # the column after Text


@pytest.fixture
def language(qapp, request):
    from litlens.ui.common import i18n
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


@pytest.mark.parametrize("language", ["en", "ko"], indirect=True)
def test_every_review_state_fits_its_column(qtbot, language):
    found = FindingsList(Document())
    qtbot.addWidget(found)
    header = found.tree.header()
    assert found.model.headerData(REVIEW, header.orientation()) == found.tr("Review")
    width = header.sectionSize(REVIEW)
    metrics = found.tree.fontMetrics()
    for state in states.STATUSES:
        shown = f"{STATUS_MARK[state]} {_tr(state)}".strip()
        assert metrics.horizontalAdvance(shown) + 12 <= width, (shown, width)
