"""Throughput: DA-MQM over a 50-paragraph text, the engine against a plain sequential loop, in one run.

Both talk to the local fake provider server (tests/fakeserver.py) through the real OpenAI SDK with the
same latency per call; each uses its own empty database so neither benefits from the cache.
Prints both wall times and their ratio. Usage: python bench/throughput.py [--paragraphs 50] [--latency 1]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import FakeServer  # noqa: E402

from litlens.app.run import service  # noqa: E402
from litlens.app.judges.registry import get  # noqa: E402
from litlens.app.llm.factory import ProviderSettings, make_provider  # noqa: E402
from litlens.app.core.sample import load_sample  # noqa: E402
from litlens.app.run.store import Store  # noqa: E402
from litlens.app.texts import build_project, text_from_string  # noqa: E402


def long_project(n: int):
    """n paragraphs built from the sample, each made unique so no answer can be shared."""
    sample = load_sample()
    src = [p.text for p in sample.source.paragraphs]
    tgt = [p.text for p in sample.candidates[0].text.paragraphs]
    source = "\n\n".join(f"{src[i % len(src)]} ({i + 1})" for i in range(n))
    target = "\n\n".join(f"{tgt[i % len(tgt)]} ({i + 1})" for i in range(n))
    return build_project("throughput", text_from_string(source, "en"),
                         [("Draft", text_from_string(target, "ko"))])


def settings(server: FakeServer, concurrency: int) -> ProviderSettings:
    return ProviderSettings(provider="openai", model="gpt-4o-mini", base_url=server.openai_base_url,
                            api_key="bench-key", concurrency=concurrency, timeout=30)


def run_engine(server: FakeServer, project, concurrency: int, db: Path) -> tuple[float, int]:
    request = service.RunRequest(project=project, judges=["da-mqm"], provider=settings(server, concurrency),
                                 concurrency=concurrency)
    t0 = time.perf_counter()
    summary = service.execute(request, Store(db))
    elapsed = time.perf_counter() - t0
    assert summary.status == "done" and summary.progress.failed == 0, summary
    return elapsed, summary.progress.calls


def run_sequential(server: FakeServer, project) -> tuple[float, int]:
    """The baseline: the same requests, one after another, straight to the provider."""
    judge = get("da-mqm")
    options = judge.Options.parse({}, judge.id)  # the judge's defaults, typed as a run would pass them
    units = judge.plan(project, options)

    class Direct:
        def __init__(self):
            self.provider = make_provider(settings(server, 1))
            self.calls = 0

        async def __call__(self, request):
            self.calls += 1
            return await self.provider.complete(request)

    async def loop() -> int:
        from litlens.app.judges.base import UnitContext
        direct = Direct()
        for u in units:
            j = await u.run(UnitContext(project, options, direct))
            assert j.status == "ok", j.error
        await direct.provider.aclose()
        return direct.calls

    t0 = time.perf_counter()
    calls = asyncio.run(loop())
    return time.perf_counter() - t0, calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--paragraphs", type=int, default=50)
    ap.add_argument("--latency", type=float, default=1.0, help="seconds the server waits per call")
    ap.add_argument("--concurrency", type=int, default=25)
    args = ap.parse_args()
    project = long_project(args.paragraphs)
    with FakeServer(latency=args.latency) as server, tempfile.TemporaryDirectory() as tmp:
        eng_t, eng_calls = run_engine(server, project, args.concurrency, Path(tmp) / "engine.db")
        seq_t, seq_calls = run_sequential(server, project)
    print(f"da-mqm over {args.paragraphs} paragraphs, {args.latency:.1f} s latency per call")
    print(f"  engine (concurrency {args.concurrency}): {eng_t:7.2f} s  {eng_calls} calls")
    print(f"  sequential loop:              {seq_t:7.2f} s  {seq_calls} calls")
    print(f"  speed-up: {seq_t / eng_t:.1f}x")


if __name__ == "__main__":
    main()
