"""The relationship ledger: for each speaker → listener pair, the level of every turn, in order.

A change of level toward the same listener is what a Korean reader hears as a change in the
relationship. It is flagged unless the text gives a reason nearby — anger, a scene break, a change of
relationship — in which case it is kept as a note for the reviewer rather than hidden.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from litlens.app.korean.levels import LEVELS, tier

# Words in the narration just before a turn that explain a change of register.
_REASONS = (("anger", re.compile(r"화를|화가|버럭|발끈|울컥|노하|성난|성이 나|소리를 지르|언성|노기|분을")),
            ("change of relationship", re.compile(r"혼인|결혼|승진|상전|주인이 되|신분|말을 놓|말을 낮추|말씀 낮추")),
            ("scene break", re.compile(r"^\s*(\*\s*){3}|^\s*[#＊◇◆]+\s*$|이튿날|다음 날|몇 해|세월이", re.M)))


def _reason(text: str, start: int, prev_end: int) -> str | None:
    window = text[max(prev_end, start - 200):start]
    for name, rx in _REASONS:
        if rx.search(window):
            return name
    return None


def build_ledger(text: str, turns: list[Any], sentences: list[Any]) -> list[dict[str, Any]]:
    """One entry per speaker → listener pair: its turns (level, offsets) and the changes between them."""
    by_turn: dict[int, list[Any]] = {}
    for s in sentences:
        if s.turn is not None and s.level:
            by_turn.setdefault(s.turn, []).append(s)
    pairs: dict[tuple[str, str], dict[str, Any]] = {}
    for ti, t in enumerate(turns):
        sents = by_turn.get(ti, [])
        if not (t.speaker and t.listener and sents):
            continue
        level = Counter(s.level for s in sents).most_common(1)[0][0]
        entry = pairs.setdefault((t.speaker, t.listener), {"speaker": t.speaker, "listener": t.listener,
                                                           "turns": [], "changes": []})
        entry["turns"].append({"turn": ti, "level": level, "paragraph": t.paragraph,
                               "start": t.quotes[0].start, "end": t.quotes[-1].end,
                               "speaker_how": t.how, "listener_how": t.listener_how,
                               "speaker_how_why": t.how_why, "listener_how_why": t.listener_how_why,
                               "confidence": t.confidence, "evidence": t.evidence})
    out = []
    for entry in pairs.values():
        seq = entry["turns"]
        for prev, cur in zip(seq, seq[1:]):
            if prev["level"] == cur["level"]:
                continue
            gap = abs(tier(prev["level"]) - tier(cur["level"]))
            reason = _reason(text, cur["start"], prev["end"])
            entry["changes"].append({
                "from": prev["level"], "to": cur["level"], "start": cur["start"], "end": cur["end"],
                "paragraph": cur["paragraph"], "reason": reason, "flagged": reason is None and gap >= 1,
                "severity": "major" if gap >= 2 else "minor" if gap == 1 else "neutral"})
        counts = Counter(x["level"] for x in seq)
        entry["counts"] = {lv: counts[lv] for lv in LEVELS if counts[lv]}
        entry["dominant"] = counts.most_common(1)[0][0]
        out.append(entry)
    return out


def unattributed(turns: list[Any], sentences: list[Any]) -> list[dict[str, Any]]:
    """The turns whose speaker is unknown, in order: the ledger lists them as "speaker unknown" (never
    under a guessed name), each with its level, its listener when the quote itself says it, and why the
    speaker was not named (``speaker_how`` and its template, ``speaker_how_why``)."""
    by_turn: dict[int, list[Any]] = {}
    for s in sentences:
        if s.turn is not None and s.level:
            by_turn.setdefault(s.turn, []).append(s)
    out = []
    for ti, t in enumerate(turns):
        if t.speaker:
            continue
        sents = by_turn.get(ti, [])
        level = Counter(s.level for s in sents).most_common(1)[0][0] if sents else None
        out.append({"turn": ti, "level": level, "paragraph": t.paragraph, "start": t.quotes[0].start,
                    "end": t.quotes[-1].end, "listener": t.listener, "speaker_how": t.how,
                    "speaker_how_why": t.how_why})
    return out


def summary_text(ledgers: dict[str, list[dict[str, Any]]], limit: int = 12) -> str:
    """A few lines per candidate for an LLM judge's prompt: who speaks to whom, at which level, and where
    that level changes without a reason in the text."""
    lines = []
    for label, pairs in ledgers.items():
        lines.append(f"{label}:")
        for p in sorted(pairs, key=lambda p: -len(p["turns"]))[:limit]:
            counts = ", ".join(f"{lv} ×{n}" for lv, n in p["counts"].items())
            flagged = [c for c in p["changes"] if c["flagged"]]
            shift = "; ".join(f"{c['from']}→{c['to']} in paragraph {c['paragraph'] + 1}" for c in flagged)
            lines.append(f"- {p['speaker']} → {p['listener']}: {counts}; usually {p['dominant']}"
                         + (f"; unexplained change: {shift}" if shift else ""))
    return "\n".join(lines)
