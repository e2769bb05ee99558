"""How a line speaks (polite or plain) as a second clue to who says it, independent of the order of turns.

In a scene, people who are named by the narration beside their lines show how they speak: a mother to her
son in 반말 (해라체, 해체), the son to her in 존댓말 (해요체, 하십시오체); a master to his servant in 하게체, the
servant to him in 하십시오체. A line that the order of the
conversation alone gives to someone (attribution_checks.UNCORROBORATED: not trusted alone) is seconded by
its register when everyone else present who could have said it is shown, by their own named lines in the
scene, to speak only the other way — and the one it is given to speaks its way or has not been heard yet.
Levels a tier apart (해요체 and 하오체) are one way of speaking; two tiers apart (app.korean.levels.
MISMATCH_GAP), two ways. A line whose sentences speak two ways says nothing, and so does a person heard
speaking two ways in the scene (to different listeners, or shifting).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from litlens.app.korean.levels import MISMATCH_GAP

GAP = MISMATCH_GAP  # tiers this far apart are two ways of speaking (해요체 and 해라체; 하게체 and 하십시오체)


def register_of(tiers: Iterable[int]) -> frozenset[int] | None:
    """The register of a line: the tiers of its sentences whose level is read surely (app.korean.levels:
    4 하십시오체/해요체, 3 하오체, 2 하게체, 1 해라체/해체), or None when it has none or they lie two tiers
    apart (the line speaks two ways)."""
    found = frozenset(tiers)
    return found if found and max(found) - min(found) < GAP else None


def _apart(a: Iterable[int], b: Iterable[int]) -> bool:
    return all(abs(x - y) >= GAP for x in a for y in b)


def _alike(a: Iterable[int], b: Iterable[int]) -> bool:
    return all(abs(x - y) < GAP for x in a for y in b)


@dataclass
class Said:
    """One line of a scene for this check: who says it (None: unknown), whether that is sure from the
    narration beside it (``anchored``), and its register (None when it shows none)."""

    speaker: str | None
    anchored: bool
    register: frozenset[int] | None


def seconded(lines: list[Said], i: int, present: Iterable[str]) -> bool:
    """Whether the register of line ``i`` seconds its speaker: the line shows a register; nobody else of
    ``present`` can have said it (each is heard, on anchored lines of the scene, only two tiers or more
    away from it), at least one such other is there; and the speaker, if heard, speaks only this way."""
    line = lines[i]
    if line.register is None or line.speaker is None:
        return False
    heard: dict[str, set[int]] = {}
    for n, other in enumerate(lines):
        if n != i and other.anchored and other.speaker and other.register:
            heard.setdefault(other.speaker, set()).update(other.register)
    own = heard.get(line.speaker)
    if own is not None and not _alike(own, line.register):
        return False
    rivals = [p for p in dict.fromkeys(present) if p and p not in (line.speaker, "group")]
    return bool(rivals) and all(heard.get(p) and _apart(heard[p], line.register) for p in rivals)
