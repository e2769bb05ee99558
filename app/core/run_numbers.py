"""A run's number within its project: what the Runs dock, the comparison, the CLI's list and the reports
show a person ("run 1" for a project's first run), beside the store-wide id the commands take.

The store numbers runs across every project it holds, so a project's first run may be id 3; counting
a project's runs in the order they were stored gives 1, 2, 3… for each project on its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any


def project_numbers(runs: Iterable[Mapping[str, Any]]) -> dict[int, int]:
    """Store id → the run's number within its project (1 for the project's first run), counted in the
    order of the store's ids. ``runs`` must hold every run of the projects asked about (a project's list
    from the store does)."""
    seen: Counter[Any] = Counter()
    numbers: dict[int, int] = {}
    for run in sorted(runs, key=lambda r: int(r["id"])):
        seen[run.get("project_id")] += 1
        numbers[int(run["id"])] = seen[run.get("project_id")]
    return numbers
