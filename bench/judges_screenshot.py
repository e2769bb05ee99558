"""The span meta-evaluation worked through end to end: the hand-made story in tests/data/human (an English
source, translations A and B), GEMBA-MQM run on it against the local provider server (which plays a judge
that finds some of the errors people marked, partly, and one that nobody marked), the WMT-style MQM TSV of
two raters, `litlens meta-eval --spans` printing the table, and the Judges view saved as a PNG.

Usage: python bench/judges_screenshot.py [OUT.png]   (prints the table and the PNG's path)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fakeserver import FakeServer  # noqa: E402

from litlens.app.cli.main import main as cli  # noqa: E402
from litlens.app.llm.factory import ProviderSettings  # noqa: E402
from litlens.app.run import service  # noqa: E402
from litlens.app.run.store import Store  # noqa: E402
from litlens.app.texts import build_project, text_from_string  # noqa: E402

DATA = ROOT / "tests" / "data" / "human"
FOUND = {  # words of a paragraph of B -> what the played judge says about them
    "Le vieux homme a marché vite": [("vite", "major", "accuracy/mistranslation")],
    "Il parlait pas": [("parlait", "minor", "fluency/grammar")],
    "grand et gris": [("grand et gris", "major", "accuracy/mistranslation")],
    "est venue": [("est venue", "minor", "style/awkwardness")],
    "petit et gris": [("gris", "minor", "style/awkwardness")],
}


def respond(call):
    errors = []
    for marker, found in FOUND.items():
        if marker in call.user:
            errors += [{"category": c, "severity": s, "quoted_from": "translation", "text": t, "occurrence": None,
                        "explanation": "", "suggestion": ""} for t, s, c in found]
    return {"errors": errors}


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "judges.png"
    db = str(Path(tempfile.mkdtemp()) / "judges.db")
    src = text_from_string((DATA / "source.txt").read_text(encoding="utf-8"), "en")
    project = build_project("old man", src, [(lab, text_from_string((DATA / f"{lab}.txt").read_text(encoding="utf-8"),
                                                                    "fr")) for lab in "AB"])
    with FakeServer(respond) as server:
        settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                    api_key="sk-bench")
        store = Store(db)
        run = service.execute(service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings),
                              store).run_id
        store.close()
    cli(["meta-eval", "--run", str(run), "--db", db, "--spans", str(DATA / "mqm.tsv")])

    from PySide6.QtWidgets import QApplication

    from litlens.app.humans import compare, matching
    from litlens.app.humans.payload import SpanAgreement
    from litlens.app.run.revisions import project_for_run
    from litlens.ui.views.span_agreement import SpanAgreementView
    app = QApplication.instance() or QApplication([])
    store = Store(db)
    judged = project_for_run(store, store.get_run(run))
    comparison = compare.compare(matching.load(str(DATA / "mqm.tsv"), judged), store.results_for_run(run), judged)
    view = SpanAgreementView()
    view.set_payload(SpanAgreement.of(comparison, "mqm.tsv"))
    view.resize(1100, 640)
    view.show()
    app.processEvents()
    view.grab().save(str(out))
    print(out)


if __name__ == "__main__":
    main()
