"""The providers' batch endpoints: OpenAI Batch (a JSONL file upload plus a batch job) and Anthropic
Message Batches. Each backend submits lines, reports status, and hands back result lines by custom id.

Calls go through the same bounded retries as interactive calls, so a 429 or a dropped connection while
polling does not lose a job.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from litlens.app.batch import lines
from litlens.app.llm.base import LLMError, LLMRequest, LLMResponse
from litlens.app.llm.provider_base import SDKProvider


@dataclass
class RemoteStatus:
    """A batch as the provider sees it. ``finished``: results can be collected (possibly partial);
    ``failed``: the job produced nothing (e.g. the provider rejected the input file)."""

    status: str
    finished: bool
    failed: bool
    total: int = 0
    succeeded: int = 0
    errored: int = 0
    error: str | None = None

    def describe(self) -> str:
        extra = f", {self.errored} errored" if self.errored else ""
        return f"{self.status}: {self.succeeded}/{self.total} answered{extra}"


class Backend:
    """One provider's batch API, driven through the provider's own SDK client."""

    max_requests: int = 50_000

    def __init__(self, provider: SDKProvider) -> None:
        self.provider = provider
        self.client: Any = provider.sdk_client

    async def _call(self, fn: Any) -> Any:
        result, _ = await self.provider.call_sdk(fn)
        return result

    async def submit(self, requests: dict[str, LLMRequest], run_id: int) -> str:
        raise NotImplementedError

    async def status(self, remote_id: str) -> RemoteStatus:
        raise NotImplementedError

    async def results(self, remote_id: str) -> dict[str, dict[str, Any]]:
        raise NotImplementedError

    def parse(self, request: LLMRequest, line: dict[str, Any]) -> LLMResponse:
        raise NotImplementedError


class OpenAIBatches(Backend):
    max_requests = 50_000  # the API's per-batch limit

    async def submit(self, requests: dict[str, LLMRequest], run_id: int) -> str:
        body = "".join(json.dumps(lines.openai_line(self.provider, cid, req), ensure_ascii=False) + "\n"
                       for cid, req in requests.items()).encode("utf-8")
        uploaded = await self._call(lambda: self.client.files.create(
            file=(f"litlens-run-{run_id}.jsonl", body, "application/jsonl"), purpose="batch"))
        batch = await self._call(lambda: self.client.batches.create(
            input_file_id=uploaded.id, endpoint=lines.OPENAI_ENDPOINT, completion_window="24h",
            metadata={"litlens_run": str(run_id)}))
        return str(batch.id)

    async def status(self, remote_id: str) -> RemoteStatus:
        b = await self._call(lambda: self.client.batches.retrieve(remote_id))
        counts = b.request_counts
        errors = "; ".join(e.message or e.code or "" for e in (b.errors.data or [])) if b.errors else None
        return RemoteStatus(status=b.status, finished=b.status in ("completed", "expired", "cancelled"),
                            failed=b.status == "failed", total=counts.total if counts else 0,
                            succeeded=counts.completed if counts else 0,
                            errored=counts.failed if counts else 0, error=errors or None)

    async def results(self, remote_id: str) -> dict[str, dict[str, Any]]:
        b = await self._call(lambda: self.client.batches.retrieve(remote_id))
        out: dict[str, dict[str, Any]] = {}
        # Failed requests live in a separate error file; both carry custom_id.
        for file_id in (b.error_file_id, b.output_file_id):
            if not file_id:
                continue
            content = await self._call(lambda fid=file_id: self.client.files.content(fid))
            for raw in content.text.splitlines():
                if raw.strip():
                    line = json.loads(raw)
                    out[str(line.get("custom_id"))] = line
        return out

    def parse(self, request: LLMRequest, line: dict[str, Any]) -> LLMResponse:
        return lines.openai_result(self.provider, request, line)


class AnthropicBatches(Backend):
    max_requests = 100_000

    async def submit(self, requests: dict[str, LLMRequest], run_id: int) -> str:
        payload = [lines.anthropic_request(self.provider, cid, req) for cid, req in requests.items()]
        batch = await self._call(lambda: self.client.messages.batches.create(requests=payload))
        return str(batch.id)

    async def status(self, remote_id: str) -> RemoteStatus:
        b = await self._call(lambda: self.client.messages.batches.retrieve(remote_id))
        c = b.request_counts
        total = c.processing + c.succeeded + c.errored + c.canceled + c.expired
        return RemoteStatus(status=b.processing_status, finished=b.processing_status == "ended",
                            failed=False, total=total, succeeded=c.succeeded,
                            errored=c.errored + c.canceled + c.expired)

    async def results(self, remote_id: str) -> dict[str, dict[str, Any]]:
        decoder = await self._call(lambda: self.client.messages.batches.results(remote_id))
        out: dict[str, dict[str, Any]] = {}
        async for item in decoder:
            line = item.to_dict()
            out[str(line.get("custom_id"))] = line
        return out

    def parse(self, request: LLMRequest, line: dict[str, Any]) -> LLMResponse:
        return lines.anthropic_result(self.provider, request, line)


def backend_for(provider: SDKProvider) -> Backend:
    if provider.name == "openai":
        return OpenAIBatches(provider)
    if provider.name == "anthropic":
        return AnthropicBatches(provider)
    raise LLMError(f"{provider.name} has no batch API: batches go to openai or anthropic (a self-hosted "
                   "server is fastest with plain `litlens evaluate --provider compat` and high --concurrency)")
