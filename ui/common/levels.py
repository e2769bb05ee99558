"""Korean speech levels' colours (one per level, lightened for the dark palette) and the badges the pair
view draws before dialogue sentences, from the ``SpeechLevelLedger`` payload of the shown results.
Shared by the pair view, the speech-level views and the Learn window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from litlens.app.korean.levels import LEVELS

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment

Badges = dict[int, tuple[str, str]]  # candidate content offset -> (badge text, colour)

# Deference from high to low, cool to warm: the most deferential levels are blues, 반말 reds.
LEVEL_COLOURS = {"하십시오체": "#1d4e89", "해요체": "#2a7ab0", "하오체": "#5b6f2a", "하게체": "#8a6d1c",
                 "해라체": "#9c4a1a", "해체": "#b3261e"}
assert tuple(LEVEL_COLOURS) == LEVELS
# the same hues lightened for text on the dark palette (the ones above are under 4.5:1 there)
LEVEL_COLOURS_DARK = {"하십시오체": "#8cb8f0", "해요체": "#7cc4f0", "하오체": "#b5cf7a", "하게체": "#e3c35a",
                      "해라체": "#f0a070", "해체": "#ff8a80"}


def level_ink(level: str) -> str:
    from litlens.ui.common import theme
    return (LEVEL_COLOURS_DARK if theme.current() == "dark" else LEVEL_COLOURS).get(level, "#808080")


def sentences_for(judgments: list[Judgment], label: str | None) -> list[dict[str, Any]]:
    """The candidate's sentences from the first speech-level ledger the judges make of ``judgments``."""
    from litlens.app.judges.payloads import SpeechLevelLedger
    from litlens.ui.common.payloads import payloads_of
    for shown in payloads_of(judgments):
        if isinstance(shown.payload, SpeechLevelLedger) and label in shown.payload.sentences:
            return list(shown.payload.sentences[label])
    return []


def badges_for(judgments: list[Judgment], label: str | None) -> Badges:
    """A badge before every dialogue sentence with a clear speech level (none on a sentence an edit has
    rewritten since it was judged: its level is not known)."""
    return {int(s["start"]): (s["level"], LEVEL_COLOURS.get(s["level"], "#555555"))
            for s in sentences_for(judgments, label)
            if s.get("dialogue") and s.get("level") and not s.get("outdated")}
