"""The speech-level drill: Korean sentences from an exercise, the student names each one's speech level,
and the analyser's reading (app.korean.classify_sentence: the ending, the honorific markers, the
evidence) is the key.

The analyser is sometimes unsure (no clear ending, a fragment, a reading below MIN_CONFIDENCE). Those
sentences are still shown, because deciding is good practice, but they are not graded and the drill says
why: a student should never lose a point to the analyser's doubt.

The feedback is a few sentences, each written from an explanation template (app.explanations, "drill/…"):
``key_why``/``explanation_why`` give them as fragments, and ``key_text``/``explanation`` are their English,
so the window can show the same feedback in the interface language (ui/common/explain.py). Drill items are made
afresh from the exercise each time and never stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from litlens.app.exercises.model import Exercise
from litlens.app.explanations import Fragment, render, renders_as, why

# the honorifics judge raises no finding below this (app.korean.honorifics.MIN_CONFIDENCE)
MIN_CONFIDENCE = 0.5
NOT_SURE = ""  # the student's answer when they pass


@dataclass(frozen=True)
class DrillItem:
    paragraph: int
    side: str  # "source" or "translation": where the sentence comes from
    sentence: str
    level: str | None  # the analyser's reading; None when it found none
    confidence: float
    ending: str = ""
    ending_morpheme: str = ""
    markers: tuple[str, ...] = ()
    evidence: str = ""
    # the templates ``evidence`` and each of ``markers`` are rendered from (app.explanations); an item
    # made without them still reads the same in English, its evidence and markers as written
    evidence_why: Fragment = field(default_factory=dict, compare=False)
    marker_whys: tuple[Fragment, ...] = field(default=(), compare=False)

    @property
    def graded(self) -> bool:
        return self.level is not None and self.confidence >= MIN_CONFIDENCE

    def key_text(self) -> str:
        """The analyser's reading in one or two sentences, with its evidence."""
        return sentences(self.key_why())

    def key_why(self) -> tuple[Fragment, ...]:
        """``key_text`` as explanation fragments, one a sentence."""
        if self.level is None:
            return (why("drill/no-level", evidence=self._evidence() if self.evidence
                        else why("drill/no-final-ending")),)
        parts = [why("drill/ends-in", level=self.level, ending=self.ending, morpheme=self.ending_morpheme)
                 if self.ending_morpheme else why("drill/ends-in-bare", level=self.level, ending=self.ending)]
        if self.markers:
            parts.append(why("drill/markers", markers=self._markers()))
        if self.evidence:
            parts.append(why("drill/evidence", evidence=self._evidence()))
        if not self.graded:
            parts.append(why("drill/unsure", confidence=self.confidence))
        return tuple(parts)

    def _evidence(self) -> Fragment | str:
        return self.evidence_why if renders_as(self.evidence_why, self.evidence) else self.evidence

    def _markers(self) -> list[Any]:
        whys = self.marker_whys
        if len(whys) == len(self.markers) and all(map(renders_as, whys, self.markers)):
            return list(whys)
        return list(self.markers)


def _korean_sides(exercise: Exercise) -> list[str]:
    sides = []
    if exercise.source_language.lower().startswith("ko"):
        sides.append("source")
    if exercise.target_language.lower().startswith("ko"):
        sides.append("translation")
    return sides


def has_korean(exercise: Exercise) -> bool:
    return bool(_korean_sides(exercise))


def drill_items(exercise: Exercise, limit: int = 30) -> list[DrillItem]:
    """Up to ``limit`` sentences from the exercise's Korean texts, in reading order, with the analyser's
    reading of each (Kiwi: slow the first time it loads, so call this off the GUI thread)."""
    from litlens.app.korean import classify_sentence
    from litlens.app.korean.kiwi import split_sentences
    items: list[DrillItem] = []
    for side in _korean_sides(exercise):
        for n, p in enumerate(exercise.paragraphs):
            text = p.source if side == "source" else p.translation
            for a, b in split_sentences(text):
                sentence = text[a:b].strip()
                if len(sentence) < 2:
                    continue
                r = classify_sentence(sentence, text)
                items.append(DrillItem(n, side, sentence, r.level, float(r.confidence), r.ending,
                                       r.ending_morpheme, tuple(f"{m.form} ({m.kind})" for m in r.markers),
                                       r.evidence, r.evidence_why, tuple(m.why() for m in r.markers)))
                if len(items) >= limit:
                    return items
    return items


@dataclass(frozen=True)
class DrillOutcome:
    item: DrillItem
    answer: str
    correct: bool | None  # None: not graded (the analyser is unsure, or the student passed)

    def explanation(self) -> str:
        return sentences(self.explanation_why())

    def explanation_why(self) -> tuple[Fragment, ...]:
        """``explanation`` as explanation fragments, one a sentence: how the answer went, then the key."""
        if not self.item.graded:
            return self.item.key_why()
        if not self.answer:
            return (why("drill/passed"), *self.item.key_why())
        lead = why("drill/right") if self.correct else why("drill/you-said", answer=self.answer)
        return (lead, *self.item.key_why())


def sentences(parts: Sequence[Fragment]) -> str:
    """The English of feedback given as fragments, one a sentence."""
    return " ".join(render(p) for p in parts)


@dataclass
class DrillResult:
    outcomes: list[DrillOutcome] = field(default_factory=list)

    @property
    def graded(self) -> int:
        return sum(1 for o in self.outcomes if o.correct is not None)

    @property
    def correct(self) -> int:
        return sum(1 for o in self.outcomes if o.correct)

    @property
    def unsure(self) -> int:
        """Sentences the analyser could not vouch for (shown, not graded)."""
        return sum(1 for o in self.outcomes if not o.item.graded)

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.graded if self.graded else None

    def confusions(self) -> list[tuple[str, str]]:
        """(the analyser's level, the student's) for every graded miss."""
        return [(o.item.level or "", o.answer) for o in self.outcomes if o.correct is False]


def grade_drill(items: Sequence[DrillItem], answers: Sequence[str]) -> DrillResult:
    """Compare answers (a level name, or NOT_SURE to pass) with the analyser's readings, item by item."""
    if len(answers) != len(items):
        raise ValueError(f"{len(answers)} answers for {len(items)} sentences")
    outcomes = []
    for item, answer in zip(items, answers):
        answer = (answer or "").strip()
        correct = None if not item.graded or not answer else answer == item.level
        outcomes.append(DrillOutcome(item, answer, correct))
    return DrillResult(outcomes)
