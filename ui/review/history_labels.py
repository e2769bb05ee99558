"""What an undoable command is called, in the interface language.

The store keeps each command's label in English (app/run/history.py: "apply correction", "accept 3",
"edit ¶4", ...); the Edit menu's Undo/Redo and the status line after an undo show it through here, so a
Korean window never says "apply correction". A label made in the window (find and replace) is already
translated and passes through unchanged, as does any label this table does not know.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication as Q

from litlens.app.core.counts import counted
from litlens.ui.common.particles import settle as settle_particles

# Q.translate is spelled out with its literal context in every call, where pyside6-lupdate finds it


def _fixed() -> dict[str, str]:
    return {
        "accept": Q.translate("HistoryLabels", "accept"),
        "reject": Q.translate("HistoryLabels", "reject"),
        "correct": Q.translate("HistoryLabels", "correct"),
        "add": Q.translate("HistoryLabels", "add"),
        "withdraw": Q.translate("HistoryLabels", "withdraw"),
        "edit": Q.translate("HistoryLabels", "edit"),
        "apply correction": Q.translate("HistoryLabels", "apply correction"),
        "apply verified fixes": Q.translate("HistoryLabels", "apply verified fixes"),
        "review import": Q.translate("HistoryLabels", "review import"),
        "reject all like this": Q.translate("HistoryLabels", "reject all like this"),
        "accept all occurrences": Q.translate("HistoryLabels", "accept all occurrences"),
    }


def _speaker(name: str) -> str:
    who = Q.translate("HistoryLabels", "unknown") if name == "unknown" else name
    return Q.translate("HistoryLabels", "speaker of a line: {0}").format(who)


_PATTERNS = (
    (re.compile(r"accept (\d+)"),
     lambda m: counted(int(m[1]), Q.translate("HistoryLabels", "accept {0} finding"),
                       Q.translate("HistoryLabels", "accept {0} findings"))),
    (re.compile(r"reject (\d+)"),
     lambda m: counted(int(m[1]), Q.translate("HistoryLabels", "reject {0} finding"),
                       Q.translate("HistoryLabels", "reject {0} findings"))),
    (re.compile(r"edit ¶(\d+)"), lambda m: Q.translate("HistoryLabels", "edit ¶{0}").format(m[1])),
    (re.compile(r"restore revision (\d+)"),
     lambda m: Q.translate("HistoryLabels", "restore revision {0}").format(m[1])),
    (re.compile(r"speaker of ¶ at \d+: (.*)"), lambda m: _speaker(m[1])),
)


def shown(label: str) -> str:
    """``label`` as the interface says it."""
    fixed = _fixed().get(label)
    if fixed is not None:
        return fixed
    for pattern, say in _PATTERNS:
        m = pattern.fullmatch(label)
        if m:
            return say(m)
    return settle_particles(label)  # a label made in the window: "“할멈”을(를) “할머니”(으)로 바꾸기"
