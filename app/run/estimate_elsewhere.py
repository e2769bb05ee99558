"""The window's estimate, planned and counted in its analyser process (app.judges.offload).

Planning three LLM judges on a few hundred paragraphs is a second of pure Python (splitting, rendering
every prompt, hashing inputs). Done on a worker thread of the window's process it shares the GIL with the
GUI thread, which must be handed the GIL for every event it handles; on a machine whose cores are busy
the worker is often descheduled while it holds the GIL, and the window waited 50-100 ms for it in
bench/first_run_latency.py's estimate scenario. In the analyser process (a lower priority, a GIL of its
own) the window's worker only waits for a small answer: the Estimate and the Recheck, not the plan.

What crosses is the request without its API key (planning and pricing never need one: the key stays in
the window's process, where it was read), the database's path and the prompt templates in use.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from litlens.app.core.heap import collection_paused

if TYPE_CHECKING:
    from litlens.app.run.recheck import Recheck
    from litlens.app.run.service import Estimate, RunRequest


def without_key(request: RunRequest) -> RunRequest:
    """``request`` with no API key in its provider settings (what may be sent to another process)."""
    if request.provider is None or request.provider.api_key is None:
        return request
    return dataclasses.replace(request, provider=dataclasses.replace(request.provider, api_key=None))


def planned_here(request: RunRequest) -> bool:
    """Whether ``request`` must be planned in this process: a judge registered at run time (a test's, an
    embedding application's) exists only here; installed plug-ins are found by the other process too."""
    from litlens.app.judges import registry
    return any(jid in registry.registered_here() for jid in request.judges)


def estimate_stored(request: RunRequest, db_path: str,
                    prompts_folder: Path | None) -> tuple[Estimate, Recheck]:
    """Plan ``request``, and count what it would cost beyond what ``db_path`` has stored, and what changed
    since the project's last run. Runs in the analyser process (or, without one, on the calling worker)."""
    from litlens.app.core import prompts
    from litlens.app.run.recheck import recheck
    from litlens.app.run.service import estimate, plan
    from litlens.app.run.store import Store
    prompts.follow(prompts_folder)
    with collection_paused():  # ~130,000 objects dropped at the end: no full collection walks them
        planned = plan(request)
        store = Store(db_path)
        try:
            counted = estimate(request, planned, store), recheck(store, request, planned)
        finally:
            store.close()
        del planned
    return counted
