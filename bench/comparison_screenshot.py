"""Runs TransEvalnia on the bundled sample (plus a third, literal candidate) against the local fake
provider server and saves a PNG of the comparison view for one paragraph.

Usage: python bench/comparison_screenshot.py [OUT.png] [--paragraph N] [--method two-step]
The fake server plays a judge that prefers the careful translation and writes short plausible comments.
Korean glyphs need a CJK font on the machine (Debian: fonts-noto-cjk).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import FakeServer  # noqa: E402

# a sentence and its closing quote, if any: the evaluation quotes spans the model "cut" this way
_SENTENCE = re.compile(r"[^.!?。？！]+[.!?。？！]*[”’\"]?")
_BLOCK = re.compile(r"^(Translation \d+):\n<translation>\n(.*?)\n</translation>", re.M | re.S)
COMMENTS = {"Careful": "Faithful and natural; the speech level suits the speaker.",
            "Flawed": "The number is wrong and the ending is too familiar for the listener.",
            "Literal": "Correct but stiff: it follows English word order closely."}
SCORES = {"Careful": 5, "Flawed": 2, "Literal": 3}


def judge_for(texts: dict[str, str]):
    """A scripted judge: recognises candidates by their text and prefers Careful > Literal > Flawed."""
    def who(text: str) -> str:
        return next((lab for lab, t in texts.items() if text.strip() and text.strip() in t), "Literal")

    def respond(call):
        props = (call.schema or {}).get("properties", {})
        if "ranking" in props or "best" in props:  # the full order, or the best one (seed 004's question)
            shown = {name: who(text) for name, text in _BLOCK.findall(call.user)}
            best = sorted(shown, key=lambda n: -SCORES[shown[n]])
            names = {v: k for k, v in shown.items()}
            # only the candidates shown are described (the bundled sample has no Literal one)
            said = {"Careful": "keeps every detail and the right speech levels",
                    "Literal": "is accurate but stiff", "Flawed": "gets a number wrong"}
            why = "; ".join(f"{names[lab]} {said[lab]}" for lab in said if lab in names) + "."
            verdict = {"ranking": best} if "ranking" in props else {"best": best[0]}
            return {"rationale": why, **verdict} if "rationale" in props else verdict
        text = call.user.split("<translation>\n", 1)[-1].split("\n</translation>", 1)[0]
        lab = who(text)
        if "overall" in props and props["overall"].get("type") == "integer":
            return {k: max(1, min(5, SCORES[lab] + (0 if k in ("accuracy", "overall") else 1 if k ==
                                                     "hallucinations" else 0))) for k in props}
        if "spans" in props:  # the paper's evaluation: the model cuts its own spans, quoting each one
            dims = props["spans"]["items"]["properties"]
            cuts = [s for s in _SENTENCE.findall(text) if s.strip()] or [text]
            return {"spans": [{k: cut.strip() if k == "text" else COMMENTS[lab] if k == "accuracy"
                               else "Nothing to report." for k in dims} for cut in cuts],
                    "overall": COMMENTS[lab]}
        span = {k: COMMENTS[lab] if k == "accuracy" else "Nothing to report." for k in
                next(p for k, p in props.items() if k.startswith("span_"))["properties"]}
        return {**{k: span for k in props if k.startswith("span_")}, "overall": COMMENTS[lab]}
    return respond


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="screenshots/comparison.png")
    parser.add_argument("--paragraph", type=int, default=1, help="paragraph number, from 1")
    parser.add_argument("--method", default="two-step")
    args = parser.parse_args(argv)

    from PySide6.QtWidgets import QApplication

    from litlens.app.run import service
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.core.sample import load_sample
    from litlens.app.run.store import Store
    from litlens.app.texts import build_project, text_from_string
    from litlens.ui.views.ranking import ComparisonView

    sample = load_sample()
    careful = sample.candidate("Careful").text.content
    # a third candidate: the careful one with its sentences run together, stiffer
    literal = careful.replace("다. ", "다, 그리고 ", 2)
    project = build_project(sample.name, sample.source, [
        ("Careful", sample.candidate("Careful").text), ("Flawed", sample.candidate("Flawed").text),
        ("Literal", text_from_string(literal, "ko"))])
    texts = {c.label: c.text.content for c in project.candidates}
    qapp = QApplication.instance() or QApplication(["litlens-comparison"])
    with FakeServer(judge_for(texts)) as server:
        store = Store(Path(tempfile.mkdtemp(prefix="litlens-cmp-")) / "litlens.db")
        settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                    api_key="sk-bench", retry_base_delay=0.01, retry_max_delay=0.05)
        req = service.RunRequest(project=project, judges=["transevalnia"], provider=settings,
                                 options={"transevalnia": {"method": args.method, "orders": 3}})
        summary = service.execute(req, store)
        results = store.results_for_run(summary.run_id)
    view = ComparisonView()
    view.resize(1100, 640)
    view.set_results(args.paragraph - 1, results)
    view.show()
    for _ in range(10):
        qapp.processEvents()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not view.grab().save(str(out)):
        print(f"could not write {out}", file=sys.stderr)
        return 1
    print(f"{out.resolve()} ({summary.progress.calls} calls, {summary.progress.failed} failed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
