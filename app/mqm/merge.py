"""Findings that are the same problem, as one row: overlapping spans of the same MQM branch.

Two judges (or one judge asked in two orders) often flag the same words: a consistency finding on "다섯"
and a GEMBA-MQM finding on "다섯 개" are one problem for the reviewer. They are grouped when their spans
overlap in the same candidate and their categories share the top-level MQM branch (accuracy, fluency,
terminology, style…). Each member keeps its judge, explanation and suggestion; only the list is merged,
so agreement statistics, which read the members, still count every judge separately. Unlocated findings
are never grouped: there is nothing to overlap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from litlens.app.core.model import SEVERITIES

if TYPE_CHECKING:
    from litlens.app.core.model import Span


def branch(category: str) -> str:
    return category.split("/", 1)[0] if category else ""


@dataclass
class FindingGroup:
    """One row of the findings list: the most severe member stands for the group."""

    members: list[Span] = field(default_factory=list)

    @property
    def primary(self) -> Span:
        return min(self.members, key=lambda s: (SEVERITIES.index(s.severity) if s.severity in SEVERITIES
                                                else len(SEVERITIES), s.start or 0))

    @property
    def judges(self) -> list[str]:
        return list(dict.fromkeys(s.judge for s in self.members))

    @property
    def start(self) -> int | None:
        return min((s.start for s in self.members if s.start is not None), default=None)

    @property
    def end(self) -> int | None:
        return max((s.end for s in self.members if s.end is not None), default=None)

    @property
    def merged(self) -> bool:
        return len(self.members) > 1

    def explanations(self) -> list[tuple[str, str]]:
        """(judge, explanation) for every member that explains itself, in member order."""
        return [(s.judge, s.explanation) for s in self.members if s.explanation]


def _overlap(a: Span, b: Span) -> bool:
    assert a.start is not None and a.end is not None and b.start is not None and b.end is not None
    return a.start < b.end and b.start < a.end


def group_findings(spans: list[Span]) -> list[FindingGroup]:
    """Group one candidate's findings; groups come in text order, unlocated findings last, each alone.

    Overlap is transitive within a branch (A overlaps B, B overlaps C: one group), found with one sweep
    over the spans sorted by start."""
    located = sorted((s for s in spans if s.located), key=lambda s: (s.start, s.end))
    groups: list[FindingGroup] = []
    open_by_branch: dict[str, tuple[FindingGroup, int]] = {}  # branch -> (group, furthest end)
    for s in located:
        key = branch(s.category)
        current = open_by_branch.get(key)
        if current is not None and s.start < current[1] and any(_overlap(s, m) for m in current[0].members):  # type: ignore[operator]
            current[0].members.append(s)
            open_by_branch[key] = (current[0], max(current[1], s.end))  # type: ignore[arg-type]
            continue
        g = FindingGroup([s])
        groups.append(g)
        open_by_branch[key] = (g, s.end)  # type: ignore[assignment]
    groups += [FindingGroup([s]) for s in spans if not s.located]
    return groups
