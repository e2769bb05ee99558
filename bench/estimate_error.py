"""How far the estimate shown before a run is from the calls the run makes (issue 36: ±15%).

Runs every LLM judge (default options) against the local test server, which answers a share of first
turns with unusable text so the client sends its one repair turn, as real models sometimes need: first on
the sample with only its first translation (an empty store: nothing to learn a repair rate from), then on
the sample's two translations (the first's results reused, its repair rate learned), then after one
paragraph of the second translation is edited. For each it prints the estimate, the requests the server
received (repair turns included), the calls the run reported, the repair turns and the error.

Usage: python bench/estimate_error.py [--repair-share 0.2] [--judges da-mqm,gemba-mqm]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import FakeServer, schema_answer  # noqa: E402
from llm_helpers import settings  # noqa: E402

from litlens.app.core.sample import load_sample  # noqa: E402
from litlens.app.judges import registry  # noqa: E402
from litlens.app.judges.verse.judge import TYPICAL_QUESTIONS  # noqa: E402
from litlens.app.run import service  # noqa: E402
from litlens.app.run.store import Store  # noqa: E402

REPAIR = "Your previous answer could not be used"


def responder(share: float):
    def answer(call):
        fmt = call.raw.get("response_format") or {}
        name = (fmt.get("json_schema") or {}).get("name", "")
        first_turn = REPAIR not in call.user
        digest = int(hashlib.sha256(call.user.encode("utf-8")).hexdigest()[:8], 16) / 0xFFFFFFFF
        if first_turn and digest < share:
            return "I think the translation is fine, mostly."  # not JSON: the client repairs
        if name == "verse_questions":
            return {"questions": [f"Does the translation keep detail {k + 1}?" for k in range(TYPICAL_QUESTIONS)]}
        if name == "verse_categories":
            count = len(re.findall(r"^\d+\. ", call.user, re.MULTILINE))
            enum = call.schema["properties"]["labels"]["items"]["properties"]["category"]["enum"]
            return {"labels": [{"question": k + 1, "category": enum[k % len(enum)]} for k in range(count)]}
        return schema_answer(call.schema, call.first_user)
    return answer


def edited(project):
    """``project`` with its last translation's second paragraph reworded, as a reviewer's edit leaves it."""
    from litlens.app.core.edits import replace_paragraph
    last = project.candidates[-1]
    para = last.text.paragraphs[1]
    text, _edit = replace_paragraph(last.text, 1, para.text.replace(".", "!", 1))
    return dataclasses.replace(project, candidates=[*project.candidates[:-1], dataclasses.replace(last, text=text)])


def runnable(project, judges, server) -> list[str]:
    """The judges that can run on ``project`` (a comparing judge needs two translations), as the window skips."""
    from litlens.app.judges.base import JudgeUnavailable
    out = []
    for judge in judges:
        request = service.RunRequest(project=project, judges=[judge], provider=settings(server))
        try:
            service.plan(request, service.judge_options(request))
        except JudgeUnavailable:
            continue
        out.append(judge)
    return out


def measure(project, judges, server, store) -> tuple[int, int, int, int] | None:
    judges = runnable(project, judges, server)
    if not judges:
        return None
    request = service.RunRequest(project=project, judges=judges, provider=settings(server))
    planned = service.plan(request, service.judge_options(request))
    est = service.estimate(request, planned, store)
    server.calls.clear()
    summary = service.execute(request, store, planned=planned)
    repairs = sum(REPAIR in c.user for c in server.calls)
    return est.calls, len(server.calls), summary.progress.calls, repairs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repair-share", type=float, default=0.2)
    ap.add_argument("--judges", default="")
    ap.add_argument("--per-judge", action="store_true", help="each judge alone, with its own store")
    args = ap.parse_args()
    judges = [j for j in args.judges.split(",") if j] or sorted(
        jid for jid, cls in registry.available().items() if cls.needs_llm)
    sample = load_sample()
    one = dataclasses.replace(sample, name=sample.name + " (one translation)", candidates=sample.candidates[:1])
    worst = 0.0
    groups = [[j] for j in judges] if args.per_judge else [judges]
    print(f"first turns answered unusably: {args.repair_share:.0%}")
    print(f"{'judges':14} {'text':26} {'estimated':>9} {'received':>9} {'reported':>9} {'repairs':>8} {'error':>7}")
    for group in groups:
        with FakeServer(responder(args.repair_share)) as server, tempfile.TemporaryDirectory() as d:
            store = Store(Path(d) / "bench.db")
            name = group[0] if len(group) == 1 else "all LLM"
            for label, project in (("one translation", one), ("two (after one)", sample),
                                   ("one paragraph edited", edited(sample))):
                measured = measure(project, group, server, store)
                if measured is None:
                    continue  # a comparing judge needs two translations
                est, received, reported, repairs = measured
                error = (est - received) / received if received else 0.0
                worst = max(worst, abs(error))
                print(f"{name:14} {label:26} {est:9d} {received:9d} {reported:9d} {repairs:8d} {error:+7.1%}")
            store.close()
    print(f"largest error: {worst:.1%} (target: within 15%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
