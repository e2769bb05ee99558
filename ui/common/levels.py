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
    return list(_ledger_sentences(judgments, label) or [])


def _ledger_sentences(judgments: list[Judgment], label: str | None) -> list[dict[str, Any]] | None:
    from litlens.app.judges.payloads import SpeechLevelLedger
    from litlens.ui.common.payloads import payloads_of
    for shown in payloads_of(judgments):
        if isinstance(shown.payload, SpeechLevelLedger) and label in shown.payload.sentences:
            return shown.payload.sentences[label]
    return None


def badges_for(judgments: list[Judgment], label: str | None) -> Badges:
    """A badge before every dialogue sentence with a clear speech level (none on a sentence an edit has
    rewritten since it was judged: its level is not known). Made already when the ledger's payload was
    made on a worker (``prepare_badges``): a book's 27,000 sentences took the GUI thread ~30 ms."""
    sentences = _ledger_sentences(judgments, label)
    if sentences is None:
        return {}
    made = _MADE.get(id(sentences))
    return dict(made[1]) if made is not None and made[0] is sentences else _badges_of(sentences)


def _badges_of(sentences: list[dict[str, Any]]) -> Badges:
    return {int(s["start"]): (s["level"], LEVEL_COLOURS.get(s["level"], "#555555"))
            for s in sentences if s.get("dialogue") and s.get("level") and not s.get("outdated")}


_MADE: dict[int, tuple[list[dict[str, Any]], Badges]] = {}  # id(a ledger's sentences) -> them, their badges
_MADE_KEPT = 8  # ledgers' badges kept (the newest deliveries'); the sentences are kept alive with them


def prepare_badges(payloads: Any) -> None:
    """Make the badges of every speech-level ledger among ``payloads`` (a judge id -> payloads mapping, as
    summaries are) now, on the worker that made them, for ``badges_for`` to hand out on the GUI thread."""
    from litlens.app.judges.payloads import SpeechLevelLedger
    for payload in (p for ps in (payloads or {}).values() for p in ps):
        if isinstance(payload, SpeechLevelLedger):
            for sentences in payload.sentences.values():
                while len(_MADE) >= _MADE_KEPT:
                    _MADE.pop(next(iter(_MADE)))
                _MADE[id(sentences)] = (sentences, _badges_of(sentences))
