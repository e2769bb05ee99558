"""Text shape: how closely a translation keeps its source's outward shape (length, sentences, commas,
dialogue, questions and exclamations). Offline, instant and crude: a sketch of a LitLens plug-in."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Literal

from litlens.api import (Axis, Judge, JudgeOptions, Judgment, RadarData, Score, Unit, UnitContext,
                         option)

AXES = [Axis("Length relative to the source", "Length"),
        Axis("Number of sentences", "Sentences"),
        Axis("Commas and semicolons", "Commas"),
        Axis("Dialogue (quoted speech)", "Dialogue"),
        Axis("Questions and exclamations", "Questions")]


def counts(text: str, measure: str) -> list[int]:
    length = len(text.split()) if measure == "words" else len(re.sub(r"\s", "", text))
    return [length,
            len(re.findall(r"[.!?。！？]+", text)),
            len(re.findall(r"[,;，、；]", text)),
            len(re.findall(r"[\"“”«»「」]", text)),
            len(re.findall(r"[!?！？]", text))]


def closeness(a: int, b: int, tolerance: float) -> float:
    """100 when the two counts agree (within ``tolerance`` as a ratio), falling towards 0 as they part."""
    if a == b:
        return 100.0
    ratio = min(a, b) / max(a, b)
    return 100.0 if ratio >= 1 - tolerance else round(100.0 * ratio, 1)


class ShapeJudge(Judge):
    id = "shape"
    name = "Text shape"
    description = "Compares length, sentence count, punctuation and dialogue with the source. No LLM."
    needs_llm = False
    prompt_version = "shape/1"  # change it when the measure changes, so stored results are not reused

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        measure: Literal["characters", "words"] = option(
            "characters", help="how length is counted (words suit languages that put spaces between them)")
        tolerance: float = option(0.1, range=(0.0, 0.5),
                                  help="a ratio this close to 1 counts as a perfect match")
        dialogue: bool = option(True, help="include the dialogue axis")

    def plan(self, project, options: ShapeJudge.Options) -> list[Unit]:
        source = counts(project.source.content, options.measure)
        axes = AXES if options.dialogue else [a for a in AXES if a.label != "Dialogue"]
        units = []
        for cand in project.candidates:
            async def run(ctx: UnitContext, cand=cand) -> Judgment:
                mine = counts(cand.text.content, options.measure)
                scores = [Score(a.name, closeness(source[i], mine[i], options.tolerance), 0, 100,
                                f"source {source[i]}, translation {mine[i]}")
                          for i, a in enumerate(AXES) if a in axes]
                return Judgment(judge=self.id, unit=cand.label, candidate=cand.label, paragraph=None,
                                scores=scores)
            # the stored result is reused only for exactly these texts and options
            key = "\n".join([project.source.content, cand.text.content, repr(options)])
            units.append(Unit(judge=self.id, key=cand.label, candidate=cand.label, needs_llm=False, run=run,
                              input_hash=hashlib.sha256(key.encode()).hexdigest()))
        return units

    def summarize(self, results: list[Judgment]) -> list[RadarData]:
        done = [j for j in results if j.status == "ok" and j.candidate]
        if not done:
            return []
        names = {s.dimension for j in done for s in j.scores}
        axes = [a for a in AXES if a.name in names]
        values = {j.candidate: [next((s.value for s in j.scores if s.dimension == a.name), None) for a in axes]
                  for j in done}
        return [RadarData("Text shape (100 = as in the source)", axes, values,
                          {c: [1 if v is not None else 0 for v in vals] for c, vals in values.items()})]
