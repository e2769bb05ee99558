"""Full evaluation: every registered LLM judge over a 50-paragraph story, two candidates, against the local
provider server with 1 s latency and REAL rate limits (500 requests/min, 200k tokens/min, enforced by the
server: over the limit it answers 429 with retry-after, as a provider does).

Prints the wall time against the rate-limit lower bound max(calls/RPM, tokens/TPM, critical path) and
against a sequential loop, then runs the same evaluation again (everything stored: provider calls and
time). The critical path is measured by running the same plan with no rate limits and unbounded
concurrency. The sequential loop (one call at a time, as the seed scripts make them) is RUN for real on a
smaller story (--baseline-paragraphs, 10 by default) next to the engine on that same story, and the
measured ratio printed; for the full size it is only estimated (calls × (latency + overhead)), labelled so.

Usage: python bench/full_eval.py [--paragraphs 50] [--baseline-paragraphs 10] [--latency 1] [--rpm 500]
       [--tpm 200000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import Fault, FakeCall, FakeServer, _anthropic_body, _openai_body, schema_answer  # noqa: E402

from litlens.app.run import service  # noqa: E402
from litlens.app.judges import registry  # noqa: E402
from litlens.app.llm.factory import ProviderSettings  # noqa: E402
from litlens.app.run.store import Store  # noqa: E402
from litlens.app.texts import build_project, text_from_string  # noqa: E402

SENTENCES_EN = ("The lamp by the window burned until dawn.", "Mira counted the boats in the harbour.",
                "Rain moved across the salt flats like a slow curtain.", "Her brother never wrote back.",
                "The clock in the hall had stopped at nine.", "Nobody in the village spoke of the winter.")
SENTENCES_KO = ("창가의 등불은 새벽까지 탔다.", "미라는 항구의 배를 세었다.", "비가 느린 커튼처럼 소금밭을 가로질렀다.",
                "그녀의 오빠는 끝내 답장하지 않았다.", "복도의 시계는 아홉 시에 멈춰 있었다.",
                "마을의 누구도 그 겨울 이야기를 하지 않았다.")


def story(n: int, sentences: int = 3):
    """``n`` paragraphs of ``sentences`` narrative sentences each (plus a line of dialogue in every fourth),
    in English with two Korean drafts."""
    src, a, b = [], [], []
    for i in range(n):
        s = [SENTENCES_EN[(i + k) % 6] for k in range(sentences)]
        t = [SENTENCES_KO[(i + k) % 6] for k in range(sentences)]
        if i % 4 == 1:  # some dialogue, so honorifics and dialogue-aware prompts have work to do
            s.append(f'"Will you wait for me, {i}?" she asked.')
            t.append(f'"{i}, 나를 기다려 줄래요?" 그녀가 물었다.')
        src.append(" ".join(s) + f" ({i + 1})")
        a.append(" ".join(t) + f" ({i + 1})")
        b.append(" ".join(reversed(t)) + f" ({i + 1})")
    return build_project("full-eval", text_from_string("\n\n".join(src), "en"),
                         [("Draft A", text_from_string("\n\n".join(a), "ko")),
                          ("Draft B", text_from_string("\n\n".join(b), "ko"))])


def plausible_answer(call: FakeCall) -> dict[str, Any]:
    """A schema instance that also obeys the rules the schema cannot state (a ranking names each
    translation once; VERSE questions are questions and every question gets a label), so every step of
    every multi-step judge runs, as it would with a real model."""
    answer = schema_answer(call.schema, call.first_user)
    props = (call.schema or {}).get("properties", {})
    if "ranking" in answer and "enum" in props.get("ranking", {}).get("items", {}):
        answer["ranking"] = list(props["ranking"]["items"]["enum"])
    if props.get("questions", {}).get("items", {}).get("type") == "string":
        answer["questions"] = ["Does the translation keep who is speaking here?",
                               "Does the translation keep what the lamp shows?"]
    labels = props.get("labels", {}).get("items", {}).get("properties", {})
    if "question" in labels and "category" in labels:
        answer["labels"] = [{"question": i, "category": labels["category"]["enum"][0],
                             **({"reason": "fits"} if "reason" in labels else {})}  # names only by default
                            for i in (1, 2)]
    return answer


class RateLimitedServer(FakeServer):
    """The provider server with a provider's limits: token buckets for requests and tokens per minute
    (full at start, refilled continuously), checked when a request ARRIVES. An admitted request then
    takes ``latency`` seconds; a refused one gets 429 with retry-after at once."""

    def __init__(self, *, latency: float, rpm: int, tpm: int) -> None:
        super().__init__(plausible_answer, latency=0.0)
        self.work_latency = latency
        self.rpm, self.tpm = rpm, tpm
        self._req_level, self._tok_level = float(rpm), float(tpm)
        self._stamp = time.monotonic()
        self._bucket = threading.Lock()
        self.refused = 0
        self.tokens = 0  # tokens of admitted calls, as the usage reported to the client
        self.first_at: float | None = None
        self.last_at = 0.0

    def _usage(self, call: FakeCall, answer: Any) -> int:
        body = (_openai_body if call.protocol == "openai" else _anthropic_body)(call, answer)
        usage = body["usage"]
        return int(usage.get("total_tokens") or usage.get("input_tokens", 0) + usage.get("output_tokens", 0))

    def _next_answer(self, call: FakeCall):
        answer = super()._next_answer(call)
        cost = self._usage(call, answer)
        with self._bucket:
            now = time.monotonic()
            self._req_level = min(self.rpm, self._req_level + (now - self._stamp) * self.rpm / 60)
            self._tok_level = min(self.tpm, self._tok_level + (now - self._stamp) * self.tpm / 60)
            self._stamp = now
            if self._req_level < 1 or self._tok_level < cost:
                self.refused += 1
                short = max((1 - self._req_level) * 60 / self.rpm, (cost - self._tok_level) * 60 / self.tpm)
                return Fault(status=429, headers={"retry-after-ms": str(int(short * 1000) + 1)},
                             message="rate limit reached")
            self._req_level -= 1
            self._tok_level -= cost
            self.tokens += cost
            self.first_at = self.first_at if self.first_at is not None else now
        self._stopping.wait(self.work_latency)
        self.last_at = time.monotonic()
        return answer


def llm_judges() -> list[str]:
    return [jid for jid, cls in registry.available().items() if cls.needs_llm]


def evaluate(server: FakeServer, project, db: Path, *, rpm: int | None, tpm: int | None,
             concurrency: int) -> tuple[float, Any]:
    settings = ProviderSettings(provider="openai", model="gpt-4o-mini", base_url=server.openai_base_url,
                                api_key="bench-key", concurrency=concurrency, rpm=rpm, tpm=tpm, timeout=60,
                                max_attempts=8, retry_base_delay=0.2, retry_max_delay=5)
    request = service.RunRequest(project=project, judges=llm_judges(), provider=settings,
                                 concurrency=concurrency)
    planned = service.plan(request)
    store = Store(db)
    try:
        t0 = time.perf_counter()
        summary = service.execute(request, store, planned=planned)
        return time.perf_counter() - t0, summary
    finally:
        store.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--paragraphs", type=int, default=50)
    ap.add_argument("--latency", type=float, default=1.0)
    ap.add_argument("--rpm", type=int, default=500)
    ap.add_argument("--tpm", type=int, default=200_000)
    ap.add_argument("--concurrency", type=int, default=48)
    ap.add_argument("--baseline-paragraphs", type=int, default=10)
    args = ap.parse_args()
    project = story(args.paragraphs)
    judges = llm_judges()
    print(f"judges: {', '.join(judges)}; {args.paragraphs} paragraphs × 2 candidates; latency {args.latency}s; "
          f"server limits {args.rpm} RPM, {args.tpm} TPM")
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        # 1. overhead per call: the same plan, no latency, no limits
        with FakeServer(plausible_answer) as fast:
            t_fast, s_fast = evaluate(fast, project, tmpdir / "fast.db", rpm=None, tpm=None, concurrency=1)
        overhead = t_fast / max(1, fast.count)
        # 2. critical path: real latency, no limits, unbounded concurrency
        with FakeServer(plausible_answer, latency=args.latency) as free:
            t_crit, _ = evaluate(free, project, tmpdir / "crit.db", rpm=None, tpm=None, concurrency=10_000)
        # 3. the measured run: server-enforced limits, client configured with the same limits
        with RateLimitedServer(latency=args.latency, rpm=args.rpm, tpm=args.tpm) as server:
            t_run, summary = evaluate(server, project, tmpdir / "run.db", rpm=args.rpm, tpm=args.tpm,
                                      concurrency=args.concurrency)
            calls, refused, tokens = server.count - server.refused, server.refused, server.tokens
            # 4. the same evaluation again, on the same database
            before = server.count
            t_again, again = evaluate(server, project, tmpdir / "run.db", rpm=args.rpm, tpm=args.tpm,
                                      concurrency=args.concurrency)
            calls_again = server.count - before
        # 5. the measured baseline: a sequential loop and the engine, on the same smaller story
        small = story(args.baseline_paragraphs)
        with FakeServer(plausible_answer, latency=args.latency) as seq_server:
            t_seq, s_seq = evaluate(seq_server, small, tmpdir / "seq.db", rpm=None, tpm=None, concurrency=1)
            seq_calls = seq_server.count
        with RateLimitedServer(latency=args.latency, rpm=args.rpm, tpm=args.tpm) as small_server:
            t_small, _ = evaluate(small_server, small, tmpdir / "small.db", rpm=args.rpm, tpm=args.tpm,
                                  concurrency=args.concurrency)
            small_refused = small_server.refused
    p = summary.progress
    bound_rpm = calls / args.rpm * 60
    bound_tpm = tokens / args.tpm * 60
    bound = max(bound_rpm, bound_tpm, t_crit)
    # Buckets start full (as providers' do), so one minute's worth may go at once: the tight bound.
    burst_bound = max((calls - args.rpm) / args.rpm * 60, (tokens - args.tpm) / args.tpm * 60, t_crit)
    sequential = calls * (args.latency + overhead)
    print(f"run: status {summary.status}; {p.done}/{p.total} units, {p.failed} failed; {calls} provider calls "
          f"admitted, {refused} refused with 429 (target 0); {tokens} tokens as the server counts them")
    print(f"overhead per call (no latency, sequential engine run): {overhead * 1000:.1f} ms "
          f"({fast.count} calls in {t_fast:.2f} s)")
    print(f"lower bound: calls/RPM {bound_rpm:.1f} s, tokens/TPM {bound_tpm:.1f} s, critical path "
          f"{t_crit:.1f} s (measured: no limits, unbounded concurrency) -> {bound:.1f} s")
    print(f"wall time: {t_run:.1f} s = {t_run / bound:.2f}× the lower bound (target ≤ 1.15×)")
    print(f"  (allowing the providers' full buckets at start, the bound is {burst_bound:.1f} s; "
          f"{t_run / max(burst_bound, 1e-9):.2f}×)")
    print(f"sequential loop MEASURED on {args.baseline_paragraphs} paragraphs: {seq_calls} calls one at a time "
          f"in {t_seq:.1f} s; the engine on the same story {t_small:.1f} s ({small_refused} × 429) -> "
          f"{t_seq / max(t_small, 1e-9):.1f}× faster (target ≥ 10×)"
          + (f"; {s_seq.progress.failed} units failed" if s_seq.progress.failed else ""))
    print(f"sequential loop for {args.paragraphs} paragraphs (ESTIMATED as calls × (latency + overhead), not "
          f"run): {sequential:.0f} s -> {sequential / t_run:.1f}× faster (target ≥ 10×)")
    print(f"same evaluation again: {calls_again} provider calls (target 0), {t_again:.2f} s; status "
          f"{again.status}, {again.progress.reused} units reused")
    if s_fast.progress.failed or p.failed:
        print(f"note: {p.failed} units failed in the measured run; first: {summary.failures[:2]}")


if __name__ == "__main__":
    main()
