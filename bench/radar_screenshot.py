"""Runs VERSE on the bundled sample against the fake provider server and saves the radar chart as a PNG.

The server plays a reviewer that rates "Careful" higher than "Flawed" (bench/verse_modes.py); the chart is
drawn from the stored results through the same aggregation the CLI prints. Prints the PNG's path.
Usage: python bench/radar_screenshot.py [OUT.png] [--mode per-paragraph|per-question]
Korean glyphs are not needed here; the labels are English.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fakeserver import FakeServer  # noqa: E402
from verse_modes import run_verse, sample_responder  # noqa: E402

from litlens.app.judges.verse.aggregate import aggregate  # noqa: E402
from litlens.app.core.sample import load_sample  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="screenshots/verse_radar.png")
    parser.add_argument("--mode", choices=("per-paragraph", "per-question"), default="per-paragraph")
    parser.add_argument("--size", default="900x720", help="window size, WIDTHxHEIGHT")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))

    project = load_sample()
    with FakeServer() as server:
        server.responder = sample_responder(project)
        db = Path(tempfile.mkdtemp(prefix="litlens-radar-")) / "radar.db"
        summary, results, _ = run_verse(server, db, project, args.mode)
    if summary.status != "done" or summary.progress.failed:
        print(f"the VERSE run did not finish cleanly: {summary.status}, {summary.failures[:3]}",
              file=sys.stderr)
        return 1
    data = aggregate(results)

    from PySide6.QtWidgets import QApplication

    from litlens.ui.views.radar_chart import RadarChart

    qapp = QApplication.instance() or QApplication(["litlens-radar"])
    chart = RadarChart()
    chart.resize(width, height)
    chart.set_data(data)
    chart.show()
    for _ in range(10):
        qapp.processEvents()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not chart.grab().save(str(out)):
        print(f"could not write {out}", file=sys.stderr)
        return 1
    print(out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
