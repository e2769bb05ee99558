"""Whole-book CLI memory: the `litlens evaluate` run path on a generated English→Korean pair at two sizes,
each in a fresh child process, printing that process's peak RSS.

The judges are the offline consistency analyser and GEMBA-MQM against the local provider server (started
here, in this process, so its own bookkeeping is not counted). Each child runs ``service.execute`` with
the CLI's progress line, exactly what `litlens evaluate` runs before it prints its report, and reports:

- peak RSS once the run has finished (what streaming keeps flat: results go to the store, not to lists);
- the text itself (source + translation as Python strings and the plan), measured before the run;
- the last progress line, which carries units, tokens, cost and ETA.

The report printed after a run (table/JSON/CSV) reads every result of the run back and so grows with the
book; its peak is printed separately so the two are not confused.

Target: peak RSS of the larger run / the smaller ≈ 1 apart from the text itself (≤ 1.15 after
subtracting the text growth).

Usage: python bench/book_cli.py [--words 30000 150000] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[1] / "tests"))

EN = ("The lamp by the window burned until dawn.", "Mira counted the boats in the harbour.",
      "Rain moved across the salt flats like a slow curtain.", "Her brother never wrote back.",
      "The clock in the hall had stopped at nine.", "Nobody in the village spoke of the winter.")
KO = ("창가의 등불은 새벽까지 탔다.", "미라는 항구의 배를 세었다.", "비가 느린 커튼처럼 소금밭을 가로질렀다.",
      "그녀의 오빠는 끝내 답장하지 않았다.", "복도의 시계는 아홉 시에 멈춰 있었다.",
      "마을의 누구도 그 겨울 이야기를 하지 않았다.")
WORDS_PER_PARAGRAPH = 48  # six sentences of about eight words


def book(words: int):
    from litlens.app.texts import build_project, text_from_string
    src, tgt = [], []
    for i in range(max(1, words // WORDS_PER_PARAGRAPH)):
        src.append(" ".join(EN[(i + k) % 6] for k in range(6)) + f" ({i + 1})")
        tgt.append(" ".join(KO[(i + k) % 6] for k in range(6)) + f" ({i + 1})")
    return build_project("book", text_from_string("\n\n".join(src), "en"),
                         [("Draft", text_from_string("\n\n".join(tgt), "ko"))])


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def current_mib() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class _Tail:
    """Stands in for stderr: keeps only the progress line's latest state (it redraws itself with \\r)."""

    last = ""

    def write(self, s: str) -> None:
        if s.strip():
            self.last = s

    def flush(self) -> None:
        pass


def child(words: int, base_url: str, concurrency: int) -> None:
    from litlens.app.cli import output
    from litlens.app.cli.main import ProgressLine
    from litlens.app.llm.factory import ProviderSettings
    from litlens.app.run import service
    from litlens.app.run.store import Store
    import litlens.app.judges.consistency  # noqa: F401  (imports paid before the baseline reading)
    import litlens.app.judges.gemba_mqm  # noqa: F401

    before_text = current_mib()
    project = book(words)
    settings = ProviderSettings(provider="openai", model="gpt-4o-mini", base_url=base_url,
                                api_key="bench-key", concurrency=concurrency, timeout=60)
    request = service.RunRequest(project=project, judges=["consistency", "gemba-mqm"], provider=settings,
                                 concurrency=concurrency)
    planned = service.plan(request)
    text_mib = current_mib() - before_text
    line = _Tail()
    bar = ProgressLine("force")
    halfway: list[str] = []

    def progress(p) -> None:
        bar(p)
        if not halfway and p.done >= p.total // 2:
            halfway.append(line.last.strip())  # mid-run, when the line carries an ETA

    real_err, sys.stderr = sys.stderr, line
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "book.sqlite")
        try:
            summary = service.execute(request, store, on_progress=progress, planned=planned)
        finally:
            sys.stderr = real_err
        run_peak = peak_mib()
        report = output.render_table(store.results_for_run(summary.run_id))
        report_peak = peak_mib()
        store.close()
    print(json.dumps({"words": words, "paragraphs": len(project.source.paragraphs), "units": len(planned),
                      "status": summary.status, "done": summary.progress.done,
                      "text_mib": text_mib, "run_peak_mib": run_peak, "report_peak_mib": report_peak,
                      "report_chars": len(report), "progress_line": halfway[0] if halfway else "",
                      "final_line": line.last.strip()}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", type=int, nargs=2, default=[30_000, 150_000])
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--base-url", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.base_url, args.concurrency)
        return
    from fakeserver import FakeServer

    rows = []
    with FakeServer() as server:
        for words in args.words:
            server.calls.clear()  # the server's own call log lives in this process, not the child's
            out = subprocess.run([sys.executable, str(HERE), "--child", str(words), "--base-url",
                                  server.openai_base_url, "--concurrency", str(args.concurrency)],
                                 capture_output=True, text=True)
            if out.returncode:
                sys.exit(f"the {words:,}-word child failed:\n{out.stderr[-3000:]}")
            rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    for r in rows:
        print(f"{r['words']:>7,} words, {r['paragraphs']:,} paragraphs, {r['units']:,} units ({r['status']}, "
              f"{r['done']:,} done): peak RSS after the run {r['run_peak_mib']:.0f} MiB "
              f"(text and plan {r['text_mib']:.0f} MiB); with the table report "
              f"{r['report_peak_mib']:.0f} MiB")
        print(f"        progress line halfway: {r['progress_line']}")
        print(f"        at the end:            {r['final_line']}")
    small, large = rows
    ratio = large["run_peak_mib"] / small["run_peak_mib"]
    flat = (large["run_peak_mib"] - (large["text_mib"] - small["text_mib"])) / small["run_peak_mib"]
    print(f"peak RSS ratio {large['words']:,}/{small['words']:,} words: {ratio:.2f} "
          f"(target ≈ 1 apart from the text); without the text's growth: {flat:.2f} (target ≤ 1.15)")
    print(f"progress line shows cost: {all('$' in r['progress_line'] for r in rows)}; "
          f"ETA while running: {all('ETA' in r['progress_line'] for r in rows)}")


if __name__ == "__main__":
    main()
