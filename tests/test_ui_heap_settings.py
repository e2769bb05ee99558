"""A loaded book is kept out of the garbage collector's walks, and remembering the open project does not
write the settings file on the GUI thread (yet a clean exit keeps it)."""

from __future__ import annotations

import dataclasses
import gc

import pytest
from PySide6.QtCore import QSettings

from litlens.ui.settings import prefs as settings
from litlens.ui.common.document import FREEZE_FROM, Document
from test_ui_latency import long_project
from test_ui_responsive import findings

pytestmark = pytest.mark.gui


@pytest.fixture
def thawed():
    gc.unfreeze()
    yield
    gc.unfreeze()  # later tests start from an ordinary heap


def test_a_loaded_project_and_a_large_delivery_are_frozen(qapp, thawed):
    doc = Document()
    doc.set_project(dataclasses.replace(long_project(200), id=1))
    assert gc.get_freeze_count() > 0  # the project and everything alive with it
    gc.unfreeze()
    judgments = findings(doc.project, 10)
    small = [j for j in judgments if j.paragraph < 3]
    assert sum(len(j.spans) for j in small) < FREEZE_FROM
    assert doc.set_results(doc.revision, 1, small)
    assert gc.get_freeze_count() == 0  # a handful of findings: the collector's ordinary business
    assert sum(len(j.spans) for j in judgments) >= FREEZE_FROM
    assert doc.set_results(doc.revision, 2, judgments)
    assert gc.get_freeze_count() > 0
    walked = {id(o) for o in gc.get_objects()}  # what a collection would walk: frozen objects are not in it
    assert gc.is_tracked(judgments[0].spans[0]) and id(judgments[0].spans[0]) not in walked


class CountingSettings(QSettings):
    def __init__(self, path: str) -> None:
        super().__init__(path, QSettings.Format.IniFormat)
        self.writes = self.syncs = 0

    def setValue(self, key, value):  # noqa: N802  (Qt's name)
        self.writes += 1
        super().setValue(key, value)

    def sync(self):
        self.syncs += 1
        super().sync()


def test_remembering_a_project_writes_once_and_survives_a_clean_exit(tmp_path):
    path = str(tmp_path / "s.ini")
    qs = CountingSettings(path)
    settings.remember_project(4, "story", qs)
    settings.remember_project(4, "story", qs)  # the review reloaded: nothing new to write
    assert (qs.writes, qs.syncs) == (1, 0)
    settings.remember_project(5, "sample", qs)
    assert qs.writes == 2 and qs.syncs == 0
    del qs  # the window closes: QSettings writes what it holds
    assert settings.recent_projects(QSettings(path, QSettings.Format.IniFormat)) == [(5, "sample"), (4, "story")]
