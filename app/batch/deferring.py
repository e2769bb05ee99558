"""An LLM client that answers from the response cache and queues every other request for a batch job.

The engine runs a plan through it exactly as it would through the interactive client: a cached answer
is served as usual; a request whose batch answer was unusable is served as that stored failure (so the
unit becomes a stored failure, not a request queued forever); anything else is recorded under its cache
key and refused with CallDeferred, which leaves the unit unfinished for the next round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from litlens.app.batch.lines import BATCH_DISCOUNT
from litlens.app.llm.base import CallDeferred, LLMRequest, LLMResponse, Provider
from litlens.app.llm.client import Budget, LLMClient
from litlens.app.run.store import Store


class DeferringClient(LLMClient):
    """``answered``: keys this run's earlier batches answered (their cost is already in the counters,
    so they are not counted again as cache hits); ``failed``: keys whose batch answer was unusable."""

    def __init__(self, provider: Provider, store: Store, *, answered: Iterable[str] = (),
                 failed: Iterable[str] = (), budget: Budget | None = None) -> None:
        super().__init__(provider, cache=store, budget=budget, concurrency=None)
        self.store = store
        self.answered = set(answered)
        self.failed = set(failed)
        self.pending: dict[str, LLMRequest] = {}

    async def __call__(self, request: LLMRequest) -> LLMResponse:
        key = self.cache_key(request)
        hit = self.store.get(key)
        if hit is not None:
            if key not in self.answered:
                self.counters.cache_hits += 1
            return dataclasses.replace(hit, cached=True)
        if key in self.failed:
            stored = self._stored_failure(key)
            if stored is not None:
                return stored
        if key not in self.pending:
            # The batch will be billed at the discount: reserve that much of the budget now, so a
            # submission never queues more work than the cap allows.
            self.budget.reserve(self.worst_case_cost(request) * BATCH_DISCOUNT)
            self.pending[key] = request
        raise CallDeferred("queued for a provider batch job")

    def _stored_failure(self, key: str) -> LLMResponse | None:
        row = self.store.db.execute(
            "SELECT response_text, error, model FROM llm_calls WHERE request_hash = ? AND ok = 0 "
            "ORDER BY id DESC LIMIT 1", [key]).fetchone()
        if row is None:
            return None
        return LLMResponse(text=row[0] or "", model=row[2] or self.model, data=None,
                           error=row[1] or "unusable answer from the batch job", cached=True)
