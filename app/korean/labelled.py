"""Loading and scoring a labelled set of Korean sentences (level, sentence, optional context)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from litlens.app.korean.levels import LEVELS
from litlens.app.korean.speech_levels import classify_sentence


@dataclass(frozen=True)
class LabelledSentence:
    level: str
    sentence: str
    context: str = ""
    line: int = 0


@dataclass
class Accuracy:
    total: int = 0
    correct: int = 0
    per_level: dict[str, tuple[int, int]] = field(default_factory=dict)  # level -> (correct, total)
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)  # (gold, predicted) for errors
    misses: list[tuple[LabelledSentence, str | None]] = field(default_factory=list)

    @property
    def overall(self) -> float:
        return self.correct / self.total if self.total else 0.0


class LabelledSetError(ValueError):
    """A labelled file has a line that is not ``level<TAB>sentence[<TAB>context]``."""


def load_labelled(path: str | Path) -> list[LabelledSentence]:
    rows: list[LabelledSentence] = []
    for n, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        parts = raw.split("\t")
        if len(parts) < 2 or parts[0] not in LEVELS:
            raise LabelledSetError(f"{path}, line {n}: expected 'level<TAB>sentence' with a level from "
                                   f"{', '.join(LEVELS)}; got {raw!r}")
        rows.append(LabelledSentence(parts[0], parts[1].strip(), parts[2].strip() if len(parts) > 2 else "", n))
    return rows


def score(rows: list[LabelledSentence]) -> Accuracy:
    acc = Accuracy()
    per: dict[str, list[int]] = {lv: [0, 0] for lv in LEVELS}
    for row in rows:
        got = classify_sentence(row.sentence, row.context).level
        acc.total += 1
        per[row.level][1] += 1
        if got == row.level:
            acc.correct += 1
            per[row.level][0] += 1
        else:
            acc.confusion[(row.level, got or "none")] += 1
            acc.misses.append((row, got))
    acc.per_level = {lv: (c, t) for lv, (c, t) in per.items() if t}
    return acc
