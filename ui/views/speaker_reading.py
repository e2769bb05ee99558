"""Which attribution the speech-level views show: the offline rules' (the default), or the LLM's reading when
one is stored, with the reviewer's corrections over either; one rebuilt ledger per candidate, kept until
something it was made from changes (app.korean.ledger.relabel does the work)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from litlens.app.korean import ledger

if TYPE_CHECKING:
    from litlens.app.judges.payloads import SpeechLevelLedger

OFFLINE, LLM = ledger.OFFLINE, ledger.LLM
GROUP = "group"  # a listener that is several people, never a speaker to choose


class SpeakerReading:
    def __init__(self) -> None:
        self.payload: SpeechLevelLedger | None = None
        self.llm: dict[str, list[dict[str, Any]]] = {}  # per candidate, the LLM's lines (SpeakerAttribution)
        self.corrections: dict[str, list[dict[str, Any]]] = {}  # per candidate, placed on its text
        self.mode = OFFLINE
        self._memo: dict[str, dict[str, Any]] = {}

    def changed(self) -> None:
        self._memo.clear()

    def has_llm(self, label: str | None) -> bool:
        return bool(label and self.llm.get(label))

    def shown_mode(self, label: str | None) -> str:
        return LLM if self.mode == LLM and self.has_llm(label) else OFFLINE

    def reading(self, label: str | None, content: str) -> dict[str, Any] | None:
        """relabel's answer for ``label`` (turns with their source, pairs, unattributed), or None when the
        payload carries no turns for it (a run stored before they were kept: shown as stored)."""
        p = self.payload
        turns = (getattr(p, "turns", None) or {}).get(label or "") if p is not None else None
        if not label or p is None or turns is None:
            return None
        if label not in self._memo:
            llm = self.llm.get(label) if self.shown_mode(label) == LLM else None
            self._memo[label] = ledger.relabel(content, turns, p.sentences.get(label, []), llm=llm,
                                               corrections=self.corrections.get(label))
        return self._memo[label]

    def names(self, label: str | None) -> list[str]:
        """Everyone who can be chosen as a speaker of ``label``: its cast, then anyone a turn names."""
        p = self.payload
        found = [c.get("name") for c in (p.cast.get(label or "", []) if p is not None else [])]
        for t in (getattr(p, "turns", None) or {}).get(label or "", []) if p is not None else []:
            found += [t.get("speaker"), t.get("listener")]
        found += [x.get("speaker") for x in self.llm.get(label or "", [])]
        return [n for n in dict.fromkeys(found) if n and n != GROUP]
