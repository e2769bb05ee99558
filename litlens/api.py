"""The public plug-in API: everything a third-party judge needs, under one stable import.

A judge is a subclass of ``Judge`` with an ``id``, a ``name``, a ``description``, typed ``Options`` and a
``plan`` that returns ``Unit``s; each unit's ``run`` returns a ``Judgment`` with ``Score``s and ``Span``s.
Its ``summarize`` turns stored Judgments into payloads (``RadarData``, ``Ranking``, ``TermTable``,
``SpeechLevelLedger``, or a plain ``Summary`` table); the window shows each payload with the view
registered for its type, the CLI prints ``as_table()``, and JSON output keeps ``to_dict()``.

Install a judge with an entry point in the ``litlens.judges`` group (see docs/plugins.md), or, in a
notebook or a test, call ``register_judge(MyJudge)``. This module imports no Qt: views are registered
from ``litlens.ui.views.registry.register_view``, on the GUI side.

Nothing outside ``__all__`` is promised to stay where it is; plug-ins import from here, never ``litlens.app``.
"""

from __future__ import annotations

from litlens.app.core.model import Judgment, Score, Span
from litlens.app.judges.base import Judge, JudgeUnavailable, Unit, UnitContext
from litlens.app.judges.options import JudgeOptions, OptionError, OptionInfo, option
from litlens.app.judges.payloads import (Axis, Payload, PayloadError, RadarData, RankedParagraph, Ranking,
                                         SpeechLevelLedger, Summary, TermTable, payload_from_dict)
from litlens.app.judges.registry import register_judge, unregister_judge

__all__ = [
    # the judge contract
    "Judge", "JudgeUnavailable", "Unit", "UnitContext",
    # typed options
    "JudgeOptions", "option", "OptionInfo", "OptionError",
    # what a unit returns
    "Judgment", "Score", "Span",
    # what summarize returns
    "Payload", "PayloadError", "payload_from_dict", "Summary", "Axis", "RadarData", "Ranking",
    "RankedParagraph", "TermTable", "SpeechLevelLedger",
    # registration without an entry point
    "register_judge", "unregister_judge",
]
