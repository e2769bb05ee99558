"""The README's worked example of comparing a judge with people, run as the README shows it: GEMBA-MQM on the
sample story's flawed Korean translation (resources/samples), then `litlens meta-eval --spans` against the
two raters' WMT-style MQM TSV beside it (resources/samples/story_ko_flawed.mqm.tsv), and the Judges view
saved as a PNG. No model is reached: the local provider server (tests/fakeserver.py) plays a judge that
finds three of the raters' errors, one of them with other ends, and two that nobody marked.

Usage: python bench/judges_example.py [OUT.png]   (prints each command, what it printed, and the PNG's path)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fakeserver import FakeServer  # noqa: E402

SAMPLES = ROOT / "resources" / "samples"
COMMANDS = [
    "litlens evaluate resources/samples/story_en.txt resources/samples/story_ko_flawed.txt "
    "--judge gemba-mqm --provider openai --model gpt-4o",
    "litlens meta-eval --run 1 --spans resources/samples/story_ko_flawed.mqm.tsv",
]
FOUND = {  # words only one paragraph of the flawed translation has -> what the played judge says of them
    "스물한 해": [("스물한 해", "major", "accuracy/mistranslation"), ("남은 것은", "minor", "style/awkwardness")],
    "크고 느긋한": [("크고 느긋한 글씨로", "major", "accuracy/mistranslation"), ("미레", "minor", "fluency/punctuation-spelling")],
    "버선발로": [("노파", "minor", "style/awkwardness")],
}


def respond(call):
    errors = []
    for marker, found in FOUND.items():
        if marker in call.first_user:
            errors += [{"category": c, "severity": s, "quoted_from": "translation", "text": t, "occurrence": None,
                        "explanation": "", "suggestion": ""} for t, s, c in found]
    return {"errors": errors}


def run_commands(folder: Path, server: FakeServer) -> None:
    (folder / "resources").mkdir()
    (folder / "resources" / "samples").symlink_to(SAMPLES)
    env = {**os.environ, "LITLENS_DB": str(folder / "litlens.db"), "OPENAI_BASE_URL": server.openai_base_url,
           "OPENAI_API_KEY": "sk-bench", "LITLENS_LOG_DIR": str(folder / "logs")}
    litlens = str(Path(sys.executable).parent / "litlens")
    for command in COMMANDS:
        print(f"$ {command}")
        words = command.split()
        done = subprocess.run([litlens, *words[1:]], cwd=folder, env=env, capture_output=True, text=True,
                              timeout=300)
        print(done.stdout.rstrip())
        if done.returncode != 0:
            raise SystemExit(f"`{command}` exited {done.returncode}: {done.stderr[-2000:]}")


def screenshot(db: Path, out: Path) -> None:
    from PySide6.QtWidgets import QApplication

    from litlens.app.humans import compare, matching
    from litlens.app.humans.payload import SpanAgreement
    from litlens.app.run.revisions import project_for_run
    from litlens.app.run.store import Store
    from litlens.ui.views.span_agreement import SpanAgreementView
    app = QApplication.instance() or QApplication([])
    store = Store(db)
    judged = project_for_run(store, store.get_run(1))
    tsv = str(SAMPLES / "story_ko_flawed.mqm.tsv")
    comparison = compare.compare(matching.load(tsv, judged), store.results_for_run(1), judged)
    store.close()
    view = SpanAgreementView()
    view.set_payload(SpanAgreement.of(comparison, Path(tsv).name))
    view.resize(1100, 660)
    view.show()
    app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not view.grab().save(str(out)):
        raise OSError(f"could not write {out}")
    print(out)


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else folder / "judges-example.png"
    with FakeServer(respond) as server:
        run_commands(folder, server)
    screenshot(folder / "litlens.db", out)


if __name__ == "__main__":
    main()
