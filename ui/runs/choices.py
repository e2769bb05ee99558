"""Projects that remember: the judges, their options and the provider chosen for each project. Kept in the window's QSettings under the project's store id
(choices are the user's preferences, not results, so they stay out of the database)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from litlens.ui.settings.prefs import PROVIDERS as LLM_PROVIDERS

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from litlens.ui.runs.judge_panel import JudgePanel


def _key(project_id: int) -> str:
    return f"projects/{project_id}/choices"


def remember_choices(qsettings: QSettings, project_id: int, panel: JudgePanel) -> None:
    """Keep what the panel has chosen for this project (called when a run starts)."""
    choice = {"judges": panel.selected(), "provider": panel.provider_name(), "options": panel.options()}
    qsettings.setValue(_key(project_id), json.dumps(choice, default=str))
    qsettings.sync()


def restore_choices(qsettings: QSettings, project_id: int, panel: JudgePanel) -> bool:
    """Put back what was chosen for this project last time; False when nothing was kept."""
    raw = qsettings.value(_key(project_id))
    if not raw:
        return False
    try:
        choice = json.loads(str(raw))
    except ValueError:
        return False
    # an LLM provider chosen for this project comes back; "none (offline)" is not a choice worth keeping
    # (a first run of the offline judges stored it): the provider preferred in Settings stays
    remembered = str(choice.get("provider") or "")
    panel.set_provider(remembered if remembered in LLM_PROVIDERS else panel.prefs.provider)
    panel.select([j for j in choice.get("judges", []) if j in panel.checkboxes])
    for jid, values in (choice.get("options") or {}).items():
        editor = panel.option_editors.get(jid)
        for name, value in (values or {}).items() if editor is not None else ():
            try:
                editor.set_value(name, value)
            except (KeyError, ValueError, TypeError):  # an option the judge no longer has: skip it
                continue
    return True
