"""Settings › General › Prompt templates: a folder whose templates replace the built-in ones by name. A
folder that cannot be used (a template naming a placeholder the built-in never gets) is refused with the
placeholder named and the dialog stays open; a usable one is kept and used from then on."""

from __future__ import annotations

import pytest

from litlens.app.core import prompts
from litlens.ui.settings import dialog as settings_dialog
from litlens.ui.settings.prefs import AppSettings

pytestmark = pytest.mark.gui


def _render_args() -> dict:
    from litlens.app.judges.gemba_mqm import GEMBA_CATEGORIES
    from litlens.app.mqm import typology
    ty = typology.typology()
    return {"variant": "original", "source_language": "English", "target_language": "Korean",
            "severities": ty.severities, "categories": [c for c in ty.all() if c.is_leaf], "ledger": None,
            "category_list": "gemba", "short_categories": GEMBA_CATEGORIES}


@pytest.fixture(autouse=True)
def builtin_prompts():
    yield
    prompts.use_prompts(None)


def _dialog(qtbot, prefs):
    d = settings_dialog.SettingsDialog(prefs)
    qtbot.addWidget(d)
    return d


def test_an_unusable_template_folder_is_refused_with_the_placeholder_named(qtbot, tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    (folder / "gemba_mqm").mkdir(parents=True)
    (folder / "gemba_mqm" / "system.j2").write_text("Judge {{ no_such_placeholder }} please.", encoding="utf-8")
    said = []
    monkeypatch.setattr(settings_dialog.QMessageBox, "warning", lambda *a: said.append(a[2]))
    d = _dialog(qtbot, AppSettings())
    d.prompts_dir.setText(str(folder))
    d.accept()
    assert said and "no_such_placeholder" in said[0] and d.result() != d.DialogCode.Accepted
    assert "no_such_placeholder" in d.prompts_error
    assert prompts.custom_templates("gemba_mqm") == []  # the built-ins stay in use


def test_a_usable_folder_is_kept_and_used(qtbot, tmp_path):
    folder = tmp_path / "mine"
    (folder / "gemba_mqm").mkdir(parents=True)
    builtin = (prompts.resource_path("prompts") / "gemba_mqm" / "system.j2").read_text(encoding="utf-8")
    (folder / "gemba_mqm" / "system.j2").write_text("A researcher's wording.\n" + builtin, encoding="utf-8")
    d = _dialog(qtbot, AppSettings())
    d.prompts_dir.setText(str(folder))
    d.accept()
    assert d.result() == d.DialogCode.Accepted
    assert d.result_settings().prompts_dir == str(folder)
    assert prompts.custom_templates("gemba_mqm") == ["gemba_mqm/system.j2"]
    assert prompts.render("gemba_mqm/system.j2", **_render_args()).startswith("A researcher's wording.")
