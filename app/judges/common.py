"""Helpers shared by paragraph-level judges: iterating aligned paragraphs and turning answers into results."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from litlens.app.core.model import AlignedPair, Candidate, Judgment, Project, Text


@dataclass(frozen=True)
class ParagraphPair:
    """One aligned row for one candidate: the source text, the candidate text, the reference if any."""

    candidate: str
    index: int  # the first source paragraph of the row (or -1 for a candidate paragraph with no source)
    pair: AlignedPair
    source: str
    target: str
    reference: str | None

    @property
    def key(self) -> str:
        return f"{self.candidate}/p{self.index}" if self.index >= 0 else \
            f"{self.candidate}/t{self.pair.target[0]}"


def _joined(text: Text, indices: tuple[int, ...]) -> str:
    return "\n\n".join(text.paragraphs[i].text for i in indices)


def reference_for(project: Project, source_indices: tuple[int, ...]) -> str | None:
    """Reference paragraphs aligned to these source paragraphs, joined (None without a reference)."""
    if project.reference is None or project.reference_alignment is None:
        return None
    wanted = set(source_indices)
    targets: list[int] = []
    for p in project.reference_alignment.pairs:
        if wanted.intersection(p.source):
            targets.extend(p.target)
    return _joined(project.reference, tuple(sorted(set(targets)))) if targets else None


def paragraph_pairs(project: Project, candidate: Candidate) -> Iterator[ParagraphPair]:
    if candidate.alignment is None:
        raise ValueError(f"candidate {candidate.label!r} has not been aligned to the source")
    for pair in candidate.alignment.pairs:
        index = pair.source[0] if pair.source else -1
        yield ParagraphPair(candidate=candidate.label, index=index, pair=pair,
                            source=_joined(project.source, pair.source),
                            target=_joined(candidate.text, pair.target),
                            reference=reference_for(project, pair.source) if pair.source else None)


def failed(judge: str, unit: str, candidate: str | None, paragraph: int | None, error: str,
           raw: str | None = None) -> Judgment:
    return Judgment(judge=judge, unit=unit, candidate=candidate, paragraph=paragraph, status="failed",
                    error=error, raw=raw)
