"""The shape of one consistency finding, shared by every check module."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# check id -> label shown to users (the order is the order of summary columns)
CHECKS = {
    "terms": "names/terms",
    "numbers": "numbers",
    "untranslated": "untranslated",
    "doubled": "doubled words",
    "marks": "quotes/brackets",
    "length": "length outliers",
    "termbase": "termbase",  # only when the run was given a termbase
}


@dataclass
class Finding:
    """A problem at ``[start, end)`` of the candidate's whole content."""

    check: str  # a key of CHECKS
    category: str  # MQM path
    severity: str  # critical | major | minor | neutral
    start: int
    end: int
    quote: str
    explanation: str
    paragraph: int | None = None  # source paragraph of the aligned row, when there is one
    suggestion: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    why: dict[str, Any] = field(default_factory=dict)  # ``explanation`` as an app.explanations fragment
