"""File › Export offers the revised translation under the CAT file's own suffix: an SDLXLIFF comes back as
.sdlxliff, a TMX as .tmx, not as .xlf (app.reports.revised.translation_suffix)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from litlens.app.formats import project_from_bilingual
from litlens.ui.common.document import Document
from litlens.ui.review.export_dialog import CHOICES, ExportDialog

pytestmark = pytest.mark.gui
CAT = Path(__file__).parent / "data" / "cat"


@pytest.mark.parametrize("name, suffix", [("story.sdlxliff", ".sdlxliff"), ("winter.tmx", ".tmx"),
                                          ("letters.xlf", ".xlf")])
def test_the_revised_cat_file_keeps_its_own_suffix(qtbot, tmp_path, name, suffix):
    path = tmp_path / name
    shutil.copy(CAT / name, path)
    document = Document()
    document.set_project(project_from_bilingual(path, "Draft"))
    dialog = ExportDialog(document)
    qtbot.addWidget(dialog)
    revised = next(i for i, c in enumerate(CHOICES) if c[:2] == ("translation", "xliff"))
    dialog.what.setCurrentIndex(dialog.what.findData(revised))
    assert Path(dialog.choice()[2]).suffix == suffix
    report = next(i for i, c in enumerate(CHOICES) if c[:2] == ("report", "html"))
    dialog.what.setCurrentIndex(dialog.what.findData(report))
    assert Path(dialog.choice()[2]).suffix == ".html"  # other choices keep theirs
