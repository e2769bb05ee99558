"""VERSE answer modes compared: per-question (one call per question, as in the paper) against per-paragraph
(one call answers all of a paragraph's questions), on the bundled sample, against the fake provider server.

Each mode runs in its own empty database, so neither benefits from the other's cache; the server adds the
same latency to every call. Prints calls, tokens and wall time per mode, overall and for the answer step.
Usage: python bench/verse_modes.py [--latency 0.05] [--concurrency 8]
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import FakeServer  # noqa: E402

from litlens.app.run import service  # noqa: E402
from litlens.app.judges.verse.aggregate import CATEGORIES  # noqa: E402
from litlens.app.llm.factory import ProviderSettings  # noqa: E402
from litlens.app.core.model import Project  # noqa: E402
from litlens.app.core.sample import load_sample  # noqa: E402
from litlens.app.run.store import Store  # noqa: E402

STEPS = ("summary", "questions", "labels", "answers", "score")
ASPECTS = ("the narrator's voice and sentence endings", "the imagery of", "the relationship implied by",
           "the pacing of the moment when", "the cultural detail in", "the mood around",
           "the way the speaker addresses others in", "the irony or implication in",
           "consistency of names in")


def step(call: Any) -> str:
    props = (call.schema or {}).get("properties", {})
    return next((k for k in STEPS if k in props), "other")


def _block(text: str, tag: str) -> str:
    m = re.search(rf"<{tag}>\n(.*?)\n</{tag}>", text, re.DOTALL)
    return m.group(1) if m else ""


def _numbered(text: str) -> list[str]:
    return [ln.split(". ", 1)[1] for ln in _block(text, "questions").splitlines() if re.match(r"^\d+\. ", ln)]


def _h(*parts: str) -> int:
    return int(hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:8], 16)


def sample_responder(project: Project, strong: str = "Careful"):
    """A plausible reviewer for the sample: questions from the source words, categories spread by a hash,
    and answers where ``strong`` mostly gets 3 and the other candidates are marked down where their
    paragraph differs from the strong one. Deterministic, so repeated runs draw the same chart."""
    good = {p.text for p in project.candidate(strong).text.paragraphs}

    def score(translation: str, question: str) -> int:
        h = _h(translation, question) % 10
        if translation in good or not translation:
            return 3 if h < 8 else 2
        return 1 if h < 4 else 2 if h < 8 else 3

    def respond(call: Any) -> dict[str, Any]:
        kind, user = step(call), call.first_user
        if kind == "summary":
            return {"summary": "An old housekeeper and a young master await a stranger on a rainy night."}
        if kind == "questions":
            words = [w.strip('“”",.;:!?') for w in _block(user, "paragraph").split()]
            picks = [w for w in words if len(w) > 4][:9] or words[:1]
            qs = [f"Does the translation keep {ASPECTS[_h(w) % len(ASPECTS)]} “{w}”?" for w in picks]
            return {"questions": [*qs, "Narrative Voice"]}  # one heading a real model sometimes emits
        if kind == "labels":
            # the classifier's schema decides the fields: a "reason" is sent only where one is asked for
            fields = call.schema["properties"]["labels"]["items"]["properties"]
            return {"labels": [{"question": i + 1, "category": CATEGORIES[_h(q) % len(CATEGORIES)],
                                **({"reason": ""} if "reason" in fields else {})}
                               for i, q in enumerate(_numbered(user))]}
        translation = _block(user, "translation")
        if kind == "answers":
            return {"answers": [{"question": i + 1, "score": score(translation, q)}
                                for i, q in enumerate(_numbered(user))]}
        return {"score": score(translation, _block(user, "question"))}

    return respond


def settings(server: FakeServer) -> ProviderSettings:
    return ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                            api_key="sk-bench", retry_base_delay=0.01, retry_max_delay=0.05)


def run_verse(server: FakeServer, db: Path, project: Project, mode: str, concurrency: int = 8):
    """One VERSE run; returns (run summary, stored results, seconds)."""
    store = Store(db)
    req = service.RunRequest(project=project, judges=["verse"], provider=settings(server),
                             options={"verse": {"answer_mode": mode}}, concurrency=concurrency)
    t0 = time.perf_counter()
    summary = service.execute(req, store)
    return summary, store.results_for_run(summary.run_id), time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.05, help="seconds the server waits per call")
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args(argv)
    project = load_sample()
    rows = []
    with FakeServer(latency=args.latency) as server:
        server.responder = sample_responder(project)
        for mode in ("per-question", "per-paragraph"):
            server.reset()
            db = Path(tempfile.mkdtemp(prefix="litlens-verse-")) / "bench.db"
            summary, results, secs = run_verse(server, db, project, mode, args.concurrency)
            answer_calls = [c for c in server.calls if step(c) in ("answers", "score")]
            p = summary.progress
            rows.append((mode, summary.status, p.calls, p.cache_hits, len(answer_calls), p.input_tokens,
                         p.output_tokens, sum(len(j.scores) for j in results), secs))
    print(f"VERSE on the sample ({len(project.source.paragraphs)} paragraphs, "
          f"{len(project.candidates)} candidates), fake server latency {args.latency}s, "
          f"concurrency {args.concurrency}")
    head = ("mode", "status", "calls", "cache hits", "answer calls", "in tokens", "out tokens", "answers",
            "seconds")
    print("  ".join(f"{h:>13}" for h in head))
    for r in rows:
        print("  ".join(f"{v:>13.2f}" if isinstance(v, float) else f"{v!s:>13}" for v in r))
    q, pp = rows
    print(f"per-paragraph uses {pp[2] / q[2]:.2f}× the calls, {pp[5] / q[5]:.2f}× the input tokens and "
          f"{pp[8] / q[8]:.2f}× the time of per-question")
    return 0


if __name__ == "__main__":
    sys.exit(main())
