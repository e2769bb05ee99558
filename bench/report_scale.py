"""How long a report of a book-length run takes to gather (``app.reports.collect``) when the translation
was edited after the run: every finding is carried to the current text and given its review state.

    .venv/bin/python bench/report_scale.py [--paragraphs 2000] [--edits 50]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--paragraphs", type=int, default=2000)
    ap.add_argument("--edits", type=int, default=50)
    args = ap.parse_args()
    from litlens.app.core.edits import replace_paragraph
    from litlens.app.core.model import Judgment, Span
    from litlens.app.reports import collect
    from litlens.app.run import revisions
    from litlens.app.run.store import Store
    from litlens.app.texts import build_project, text_from_string
    src = "\n\n".join(f"Paragraph {n} has a black cat and a red door." for n in range(args.paragraphs))
    tgt = "\n\n".join(f"Le paragraphe {n} a un chat blanc et une porte rouge." for n in range(args.paragraphs))
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "l.db")
        project = build_project("book", text_from_string(src, "en"), [("Draft", text_from_string(tgt, "fr"))])
        pid = store.save_project(project)
        run = store.start_run(pid, ["a", "b"], "offline", "none", {}, None, 2)
        revisions.record_run_revisions(store, pid, project, run)
        text = project.candidate("Draft").text
        for judge, word, cat in (("a", "chat blanc", "accuracy/mistranslation"), ("b", "blanc", "accuracy/other")):
            spans = []
            for p in text.paragraphs:
                at = p.start + p.text.index(word)
                spans.append(Span(judge, cat, "minor", start=at, end=at + len(word), quote=word,  # type: ignore[arg-type]
                                  paragraph=p.index))
            store.save_result(run, Judgment(judge, f"{judge}:Draft", "Draft", None, spans=spans), "v", "m", judge)
        store.update_run(run, status="done")
        now = text
        step = max(1, len(now.paragraphs) // max(1, args.edits))
        for k in range(args.edits):
            i = k * step
            now, _ = replace_paragraph(now, i, now.paragraphs[i].text.replace("blanc", "noir"))
        revisions.save_revision(store, pid, "Draft", now, "edit")
        t0 = time.perf_counter()
        data = collect(store, run)
        t1 = time.perf_counter()
        outdated = sum(1 for i in data.issues if i.status == "outdated")
        merged = sum(1 for i in data.issues if i.merged_with)
        print(f"{args.paragraphs} paragraphs, {len(data.issues)} findings of 2 judges, {args.edits} paragraphs "
              f"edited after the run")
        print(f"collect: {t1 - t0:.2f} s; outdated: {outdated}; in merged rows: {merged}")
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
