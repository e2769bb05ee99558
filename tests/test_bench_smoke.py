"""Every script in bench/ still runs: each is started from its own command line at a tiny size, and the
figures it prints are read back, so a benchmark that an API change broke fails here instead of in front
of the next reader of the README.

Smoke sizes say nothing about speed or accuracy: the figures are checked for their shape and for sanity
(present, numbers in range, counts that agree, files written as PNGs), never against the targets that the
full-size runs judge. A script whose exit status reports a missed target may exit 1; no script may end
in a traceback.
"""

from __future__ import annotations

import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
NUMBER = r"(-?\d[\d,]*(?:\.\d+)?)"


def run(script: str, *args: object, home: Path, ok: tuple[int, ...] = (0,), timeout: float = 240) -> str:
    """What ``python bench/<script> <args>`` printed (stdout, then stderr), run offscreen with its own data
    and settings folders."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONUNBUFFERED": "1",
           "LITLENS_DB": str(home / "litlens.db"), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config"), "XDG_CACHE_HOME": str(home / "cache")}
    proc = subprocess.run([sys.executable, str(BENCH / script), *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode in ok and "Traceback (most recent call last)" not in proc.stderr, \
        f"{script} exited {proc.returncode}\n--- stdout\n{proc.stdout[-3000:]}\n--- stderr\n" \
        f"{proc.stderr[-3000:]}"
    return proc.stdout + "\n" + proc.stderr


def num(text: str) -> float:
    return float(text.replace(",", ""))


def rows(pattern: str, out: str, count: int | None = None) -> list[tuple[str, ...]]:
    """Every match of ``pattern`` in ``out`` as a tuple of groups; at least one (or exactly ``count``)."""
    found = [m.groups() for m in re.finditer(pattern, out, re.M)]
    assert found if count is None else len(found) == count, f"{pattern!r}: {len(found)} in\n{out[-3000:]}"
    return found


def one(pattern: str, out: str) -> tuple[float, ...]:
    """The numbers of the one line matching ``pattern``."""
    return tuple(num(g) for g in rows(pattern, out, 1)[0])


def png(path: str | Path, min_side: int = 100) -> tuple[int, int]:
    """Width and height of a PNG written by a script (and that it is one, and not a sliver)."""
    head = Path(path).read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    assert width >= min_side and height >= min_side, (path, width, height)
    return width, height


def test_every_bench_script_has_a_smoke_test() -> None:
    scripts = {p.stem for p in BENCH.glob("*.py")}
    tested = {name[len("test_"):] for name in globals() if name.startswith("test_")}
    assert scripts - tested == set(), "bench scripts without a smoke test here"


# ---- the engine and the LLM judges, against the local fake server --------------------------------------
def test_throughput(tmp_path: Path) -> None:
    out = run("throughput.py", "--paragraphs", 3, "--latency", 0.02, home=tmp_path)
    engine_s, engine_calls = one(rf"engine \(concurrency \d+\):\s+{NUMBER} s\s+(\d+) calls", out)
    seq_s, seq_calls = one(rf"sequential loop:\s+{NUMBER} s\s+(\d+) calls", out)
    (speedup,) = one(rf"speed-up: {NUMBER}x", out)
    assert engine_calls == seq_calls >= 3  # the same requests both ways, at least one per paragraph
    assert engine_s > 0 and seq_s > 0 and speedup == pytest.approx(seq_s / engine_s, abs=0.051)


def test_full_eval(tmp_path: Path) -> None:
    out = run("full_eval.py", "--paragraphs", 2, "--latency", 0.01, "--baseline-paragraphs", 1, home=tmp_path)
    status, done, total, failed, calls, refused = rows(
        r"^run: status (\w+); (\d+)/(\d+) units, (\d+) failed; (\d+) provider calls admitted, (\d+) refused",
        out, 1)[0]
    assert status == "done" and done == total and int(total) > 0 and failed == refused == "0"
    assert int(calls) > 0
    wall, _bound = one(rf"^wall time: {NUMBER} s = {NUMBER}× the lower bound", out)
    assert wall > 0
    again = rf"^same evaluation again: (\d+) provider calls.*?, {NUMBER} s; status done, (\d+) units reused"
    calls_again, _s, reused = one(again, out)
    assert calls_again == 0 and reused == num(total)  # the second run is answered from the store


def test_book_cli(tmp_path: Path) -> None:
    out = run("book_cli.py", "--words", 300, 600, home=tmp_path, ok=(0, 1))
    sizes = rows(r"^\s+(\d+) words, (\d+) paragraphs, (\d+) units \((\w+), (\d+) done\): "
                 r"peak RSS after the run (\d+) MiB", out, 2)
    for words, _paragraphs, units, status, done, rss in sizes:
        assert status == "done" and done == units and int(rss) > 0
    assert [int(s[0]) for s in sizes] == [300, 600]
    ends = rows(r"^\s+at the end:\s+\[#+\] (\d+)/(\d+) units, (\d+) calls", out, 2)
    assert all(a == b and int(calls) > 0 for a, b, calls in ends)
    (ratio,) = one(rf"^peak RSS ratio 600/300 words: {NUMBER}", out)
    assert ratio > 0


def test_tokens(tmp_path: Path) -> None:
    out = run("tokens.py", "--paragraphs", 2, "--sentences", 2, "--judges", "sqm", home=tmp_path)
    calls, tokens, shared = one(rf"^sqm\s+{NUMBER}\s+(\d+)\s+(\d+)%", out)
    assert calls > 0 and tokens > 0 and 0 <= shared <= 100
    costs = one(rf"^all\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s*$", out)
    assert all(c > 0 for c in costs)
    assert costs[1] <= costs[0] and costs[3] <= costs[2]  # cached input never costs more


def test_verse_modes(tmp_path: Path) -> None:
    out = run("verse_modes.py", "--latency", 0.01, home=tmp_path)
    modes = rows(r"^\s*(per-question|per-paragraph)\s+(\w+)" + r"\s+(\d+)" * 6 + rf"\s+{NUMBER}\s*$", out, 2)
    assert {m[0]: m[1] for m in modes} == {"per-question": "done", "per-paragraph": "done"}
    calls = {m[0]: int(m[2]) for m in modes}
    ratio = one(rf"per-paragraph uses {NUMBER}× the calls, {NUMBER}× the input tokens and {NUMBER}× the "
                r"time", out)
    assert ratio[0] == pytest.approx(calls["per-paragraph"] / calls["per-question"], abs=0.006)


# ---- offline analysers and metrics ----------------------------------------------------------------------
def test_honorifics_accuracy(tmp_path: Path) -> None:
    out = run("honorifics_accuracy.py", "--smoke", home=tmp_path)
    for _pct, correct, total in rows(rf"^Accuracy: {NUMBER}% \((\d+)/(\d+)\)", out, 3):
        assert 0 <= int(correct) <= int(total) and int(total) > 0
    assert one(rf"^Time: {NUMBER} s", out)[0] > 0


def test_spelling_accuracy(tmp_path: Path) -> None:
    out = run("spelling_accuracy.py", "--smoke", home=tmp_path)
    assert "held-out" not in out  # the smoke run reads the tuning split only
    assert rows(r"^== tuning split: tune\.json, frozen at commit [0-9a-f]{7,}", out, 1)
    pct, right, total = one(rf"^Precision \(labelled correction\): {NUMBER}% \((\d+)/(\d+)\)", out)
    assert 0 <= right <= total and pct == pytest.approx(100 * right / total, abs=0.05)
    found, total = rows(r"^Recall \(any correction\): [\d.]+% \((\d+)/(\d+)\)", out, 1)[0]
    assert 0 <= int(found) <= int(total) and int(total) > 0
    alarms, words, per_k = one(rf"^False alarms: (\d+) in (\d+) words of clean prose = {NUMBER} per 1,000", out)
    assert words > 0 and per_k == pytest.approx(1000 * alarms / words, abs=0.01)
    assert one(rf"^Time: {NUMBER} s", out)[0] > 0


def test_attribution_accuracy(tmp_path: Path) -> None:
    out = run("attribution_accuracy.py", "--smoke", home=tmp_path)
    found = rows(rf"speaker right\s+{NUMBER}%\s+wrong name\s+{NUMBER}%\s+abstained\s+{NUMBER}%\s+"
                 rf"listener\s+{NUMBER}%", out)
    for right, wrong, abstained, listener in found:
        assert num(right) + num(wrong) + num(abstained) == pytest.approx(100, abs=0.2)
        assert 0 <= num(listener) <= 100


def test_first_reading(tmp_path: Path) -> None:
    # the rules of this checkout (the tree given) reading a one-passage set: one row per quote found
    import json
    passage = {"id": "x", "korean": '"왔니?" 어머니가 물었다.\n\n"네." 지호가 대답했다.', "quotes": []}
    path = tmp_path / "set.json"
    path.write_text(json.dumps([passage], ensure_ascii=False), encoding="utf-8")
    out = run("first_reading.py", ROOT, path, "--no-gate", home=tmp_path)
    [rows_found] = json.loads(out.strip().splitlines()[0])
    assert [(r[2], r[3]) for r in rows_found] == [("어머니", "verb-after"), ("지호", "verb-after")]
    assert all(r[0] < r[1] and isinstance(r[4], bool) for r in rows_found)


def test_short_quotes(tmp_path: Path) -> None:
    out = run("short_quotes.py", "--trials", 200, home=tmp_path)
    (total,) = one(r"^(\d+) slipped short quotes \(seed 5\)$", out)
    counts = [int(c) for _, c in rows(r"^  (exact span|an edge off|elsewhere|ambiguous|not found)\s+(\d+)\s", out, 5)]
    assert total > 0 and sum(counts) == total
    assert counts[0] > 0  # some quotes land exactly on the span they were cut from


def test_llm_attribution(tmp_path: Path) -> None:
    out = run("llm_attribution.py", "--smoke", home=tmp_path)
    found = rows(rf"speaker right\s+{NUMBER}%\s+wrong name\s+{NUMBER}%\s+abstained\s+{NUMBER}%\s+"
                 rf"listener\s+{NUMBER}%", out)
    assert len(found) == 2  # the gold script and the noisy one
    (gold, noisy) = found
    for right, wrong, abstained, listener in found:
        assert num(right) + num(wrong) + num(abstained) == pytest.approx(100, abs=0.2)
        assert 0 <= num(listener) <= 100
    assert num(noisy[0]) < num(gold[0])  # the noisy script's wrong and refused names cost right answers


def test_speakers_screenshots(tmp_path: Path) -> None:
    out = run("speakers_screenshots.py", tmp_path / "shots", "--smoke", home=tmp_path)
    for page in ("sentences", "ledger"):
        target = tmp_path / "shots" / f"speakers-{page}-light.png"
        assert str(target.resolve()) in out and png(target) > (1000, 600)


def test_novel_honorifics(tmp_path: Path) -> None:
    out = run("novel_honorifics.py", "--words", 300, home=tmp_path, ok=(0, 1))
    assert "Korean lines all different: True" in out
    bare_s, bare_mb = one(rf"bare Kiwi pass .*:\s+{NUMBER} s, peak RSS\s+{NUMBER} MB", out)
    cli_s, cli_mb = one(rf"litlens evaluate .*:\s+{NUMBER} s, peak RSS\s+{NUMBER} MB \(exit 0\)", out)
    (ratio,) = one(rf"wall ratio {NUMBER}×", out)
    assert bare_s > 0 and cli_s > 0 and bare_mb > 0 and cli_mb > 0
    assert ratio == pytest.approx(cli_s / bare_s, rel=0.06)
    (cli_cpu,) = one(rf"litlens evaluate .*, CPU {NUMBER} s", out)
    # where the CLI's CPU went by thread: Kiwi's load ran on a judge's thread, so theirs is never empty
    main_s, judges_s, workers_s, ours = one(rf"CPU by thread: main {NUMBER} s, the judges' threads {NUMBER} s "
                                            rf".*, Kiwi's worker threads {NUMBER} s; cores busy on average: "
                                            rf"this process {NUMBER}, other processes", out)
    assert main_s > 0 and judges_s > 0.2 and workers_s >= 0 and main_s + judges_s <= cli_cpu + 0.1
    assert ours == pytest.approx(cli_cpu / cli_s, abs=0.05)  # both printed to 0.1 s
    full_s, edit_s = one(rf"honorifics analysis of the book: {NUMBER} s .*after a one-paragraph edit: {NUMBER} s", out)
    assert full_s > 0 and edit_s >= 0 and "same turns, findings and ledger as the whole reading: True" in out


def test_consistency_pairs(tmp_path: Path) -> None:
    out = run("consistency_pairs.py", home=tmp_path, ok=(0, 1))
    table = rows(r"^(.{20})\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$", out)
    assert len(table) >= 10  # one row per translation of the paragraph
    hits, expected, _false = one(r"^held-out: (\d+)/(\d+) marked spans found exactly, (\d+) false alarm", out)
    assert 0 <= hits <= expected and expected > 0


def test_literalness_paper(tmp_path: Path) -> None:
    out = run("literalness_paper.py", home=tmp_path)
    systems = rows(rf"^(\S.*?)\s+{NUMBER}\s+{NUMBER}\s+([+-]\d+\.\d)$", out)
    rho, diff, n = one(rf"Spearman rho = {NUMBER}\s+mean \|diff\| = {NUMBER} BLEU\s+\(n = (\d+)\)", out)
    assert n == len(systems) and -1 <= rho <= 1
    assert diff == pytest.approx(sum(abs(num(s[2]) - num(s[1])) for s in systems) / n, abs=0.02)


def test_long_paragraph(tmp_path: Path) -> None:
    out = run("long_paragraph.py", "--sizes", 2000, "--distinct", 0, home=tmp_path, ok=(0, 1))
    chars, cons_s, _f, hon_s, sentences = one(
        rf"^\s*{NUMBER} chars: CPU consistency\s+{NUMBER} s \((\d+) findings\), honorifics\s+{NUMBER} s "
        r"\((\d+) sentences", out)
    assert 1500 <= chars <= 2500 and cons_s >= 0 and hon_s >= 0 and sentences > 0


def test_meta_eval_speed(tmp_path: Path) -> None:
    out = run("meta_eval_speed.py", "--sizes", 100, home=tmp_path)
    found = rows(rf"^\s*100 pairs \((.*?)\):\s+{NUMBER} s\s+LitLens τ-b {NUMBER} \[{NUMBER}, {NUMBER}\] "
                 rf"ρ {NUMBER} \[{NUMBER}, {NUMBER}\]", out, 2)
    for _kind, seconds, tau, tau_lo, tau_hi, rho, rho_lo, rho_hi in found:
        assert num(seconds) > 0
        assert -1 <= num(tau_lo) <= num(tau) <= num(tau_hi) <= 1
        assert -1 <= num(rho_lo) <= num(rho) <= num(rho_hi) <= 1


def test_interval_coverage(tmp_path: Path) -> None:
    out = run("interval_coverage.py", "--reps", 20, "--resamples", 50, home=tmp_path)
    cells = rows(r"^(likert|verse)\s+(.*?)\s+(\d+\.\d)%\s+(\d+\.\d)%\s+(\d+\.\d)%\s+(\d+\.\d)%", out)
    assert len(cells) >= 4
    assert all(0 <= num(c) <= 100 for row in cells for c in row[2:])


def test_cat_writeback(tmp_path: Path) -> None:
    out = run("cat_writeback.py", "--units", 50, "--edits", 2, home=tmp_path)
    units, segments = one(r"^SDLXLIFF of (\d+) units \((\d+) segments", out)
    read_s, write_s = one(rf"^import: {NUMBER} s; write-back of 2 edits: {NUMBER} s", out)
    changed, of, edited = one(r"^segments whose target markup differs afterwards: (\d+) of (\d+) "
                              r"\(edited: (\d+)\)", out)
    assert units == 50 and of == segments >= units and read_s >= 0 and write_s >= 0
    assert changed == edited == 2  # only the edited segments differ
    assert "everything outside the units identical: True" in out


def test_report_scale(tmp_path: Path) -> None:
    out = run("report_scale.py", "--paragraphs", 40, "--edits", 4, home=tmp_path)
    paragraphs, findings, edited = one(r"^(\d+) paragraphs, (\d+) findings of 2 judges, (\d+) paragraphs "
                                       r"edited", out)
    seconds, outdated, merged = one(rf"^collect: {NUMBER} s; outdated: (\d+); in merged rows: (\d+)", out)
    assert paragraphs == 40 and edited == 4 and findings > 0 and seconds > 0
    assert 0 < outdated <= findings and 0 <= merged <= findings  # edits after the run outdate some findings


def test_span_meta_speed(tmp_path: Path) -> None:
    out = run("span_meta_speed.py", "--rows", 20, home=tmp_path)
    rows_, units, spans, table_s = one(rf"^(\d+) rows, (\d+) judge units, (\d+) human spans: "
                                       rf"judge table {NUMBER} s", out)
    f1, low, high = one(rf"partial micro F1 {NUMBER} \[{NUMBER}, {NUMBER}\]", out)
    assert rows_ == 20 and units > 0 and spans > 0 and table_s >= 0
    assert 0 <= low <= f1 <= high <= 1


def test_mutation(tmp_path: Path) -> None:
    # --list only: a run copies the checkout and runs a module's tests per mutant (half a minute for one)
    out = run("mutation.py", "--list", "--module", "app/llm/scrub.py", home=tmp_path)
    mutants = rows(r"^(app/llm/scrub\.py):(\d+):(.+?)  #(\d+)(?:  \| .+)?$", out)  # the mutated statement after |
    assert [int(m[3]) for m in mutants] == list(range(len(mutants))) and len(mutants) > 10


# ---- the window (offscreen) -----------------------------------------------------------------------------
def test_startup(tmp_path: Path) -> None:
    out = run("startup.py", "--repeat", 1, home=tmp_path, ok=(0, 1))
    shown = rows(rf"^(first start|last project reopened): launch → window shown over (\d+) cold starts: "
                 rf"median {NUMBER} s · min {NUMBER} s · max {NUMBER} s", out, 2)
    for _scenario, starts, median, low, high in shown:
        assert int(starts) == 1 and 0 < num(low) <= num(median) <= num(high)
    (project, _low, _high) = one(rf"^last project reopened: launch → project in the window: median {NUMBER} s"
                                 rf" · min {NUMBER} s · max {NUMBER} s", out)
    assert project >= num(shown[1][2])  # the project arrives with or after the window, never before it
    cpu_first, cpu_last = one(rf"^CPU seconds .*: first start {NUMBER} s · last project {NUMBER} s", out)
    assert cpu_first > 0 and cpu_last > 0


def test_ui_latency(tmp_path: Path) -> None:
    out = run("ui_latency.py", "--calls", 20, "--latency", 0.01, home=tmp_path, ok=(0, 1))
    calls, _cached, units = one(r"^(\d+) calls \(\+(\d+) cached\) for (\d+) units", out)
    ticks, p50, p99, worst = one(rf"(\d+) ticks: p50 {NUMBER} ms · p99 {NUMBER} ms · max {NUMBER} ms", out)
    assert units == 20 and calls >= 1 and ticks > 0 and 0 < p50 <= p99 <= worst


def test_first_run_latency(tmp_path: Path) -> None:
    out = run("first_run_latency.py", "--paragraphs", 10, "--first-only", home=tmp_path, ok=(0, 1))
    ticks, gap = one(r"^first sample run.*?: (\d+) ticks, max GUI gap (\d+) ms", out)
    assert ticks > 0 and gap > 0
    book = run("first_run_latency.py", "--book", "--book-paragraphs", 40, "--gc", home=tmp_path, ok=(0, 1))
    paragraphs, words, _words_ko = one(r"^book-length pair: ([\d,]+) paragraphs, ([\d,]+) source words, "
                                       r"([\d,]+) translation words", book)
    took, ticks, worst, wall, over50, over100 = one(
        rf"^first honorifics \+ consistency run: {NUMBER} s; (\d+) ticks, longest GUI gap (\d+) ms "
        rf"\(.*?wall clock (-?\d+) ms\); gaps over 50 ms: (\d+), over 100 ms: (\d+)", book)
    assert paragraphs == 40 and words == 800 and took > 0 and ticks > 0 and over100 <= over50
    assert "garbage collections during the run (generation, thread that started it):" in book.splitlines()


def test_large_document(tmp_path: Path) -> None:
    out = run("large_document.py", "--words", 2000, "--spans", 100, "--memory-spans", 200, home=tmp_path,
              ok=(0, 1))
    (words,) = one(r"^pair: ([\d,]+) words each side", out)
    (seconds,) = one(rf"^MainWindow.open_files -> first painted frame.*?: {NUMBER} s", out)
    (rss,) = one(rf"^RSS with the .* in the window: {NUMBER} MiB", out)
    assert words == 2000 and seconds > 0 and rss > 0
    assert len(rows(rf"^\s+(PairView|QTextEdit), (wheel notches|page steps)\s+(\d+) frames", out)) == 4


def test_screenshot(tmp_path: Path) -> None:
    target = tmp_path / "main.png"
    out = run("screenshot.py", target, home=tmp_path)
    assert str(target) in out and png(target) > (400, 300)


def test_radar_screenshot(tmp_path: Path) -> None:
    target = tmp_path / "radar.png"
    out = run("radar_screenshot.py", target, home=tmp_path)
    assert str(target) in out and png(target)


def test_comparison_screenshot(tmp_path: Path) -> None:
    target = tmp_path / "comparison.png"
    out = run("comparison_screenshot.py", target, home=tmp_path)
    calls, failed = one(rf"{re.escape(str(target))} \((\d+) calls, (\d+) failed\)", out)
    assert calls > 0 and failed == 0 and png(target)


def test_screenshot_term_table(tmp_path: Path) -> None:
    target = tmp_path / "terms.png"
    out = run("screenshot_term_table.py", target, home=tmp_path)
    assert str(target) in out and png(target)


def test_screenshots(tmp_path: Path) -> None:
    out = run("screenshots.py", tmp_path / "shots", "--smoke", home=tmp_path)
    runs = rows(r"^  (\S.*?): (\w+), (\d+) units, (\d+) failed$", out)  # the runs that fill the pictures
    assert [(judges, status, failed) for judges, status, _n, failed in runs] == \
        [(judges, "done", "0") for judges, *_ in runs]
    written = [Path(line) for line in out.splitlines() if line.endswith(".png")]
    names = {p.name for p in written}
    assert {f"en-light-{page}.png" for page in ("main", "findings", "scores", "radar", "ranking", "ledger",
                                                 "settings", "learning")} <= names
    assert all(png(p) for p in written)


def test_first_launch_screenshots(tmp_path: Path) -> None:
    folder = tmp_path / "first"
    out = run("first_launch_screenshots.py", folder, "--smoke", home=tmp_path)
    width, height = one(r"^en-light: radar page at the default layout is (\d+)×(\d+) px", out)
    assert width > 0 and height > 0
    for page in ("first-launch", "radar", "ranking", "settings"):
        png(folder / f"en-light-{page}.png")


def test_review_loop_screenshots(tmp_path: Path) -> None:
    out = run("review_loop_screenshots.py", tmp_path / "loop", "--smoke", home=tmp_path)
    written = [Path(line) for line in out.splitlines() if line.endswith(".png")]
    names = {p.name for p in written}
    assert {"loop-light-editing.png", "loop-light-merged.png", "loop-light-export.png"} <= names
    assert all(png(p) for p in written)


def test_desk_screenshots(tmp_path: Path) -> None:
    out = run("desk_screenshots.py", tmp_path / "desk", "--smoke", home=tmp_path)
    written = [Path(line) for line in out.splitlines() if line.endswith(".png")]
    assert [p.name for p in written] == [
        "light-01-chapter-3.png", "light-02-find-preview.png", "light-03-find-replaced.png",
        "light-04-concordance.png", "light-05-termbase.png", "light-06-termbase-names-found.png",
        "light-07-scorecard.png", "light-08-review-import-preview.png", "light-09-review-imported.png"]
    assert all(png(p) for p in written)
    assert png(written[0]) == (1280, 800)  # the walk is at the size of a small laptop screen
    assert re.search(r"^replace: 11 changes in 6 paragraphs saved as revision 1 of ko", out, re.MULTILINE)
    assert "undo: the text is as it was" in out and "concordance: Occurrences: 1" in out
    assert re.search(r"^scorecard: 3 chapter rows;", out, re.MULTILINE)
    assert re.search(r"^review import: Review DOCX imported: saved as revision 2 of ko; 1 note", out, re.MULTILINE)


def test_replace_all_latency(tmp_path: Path) -> None:
    out = run("replace_all_latency.py", "--paragraphs", "40", home=tmp_path)
    took, freeze = one(r"^40 paragraphs, 40 changes: replaced and stored in (\d+) ms; longest GUI freeze (\d+) ms$",
                       out)
    assert 0 < took and 0 <= freeze <= took + 50


def test_exercise_screenshots(tmp_path: Path) -> None:
    out = run("exercise_screenshots.py", tmp_path / "ex", home=tmp_path)
    written = [Path(line) for line in out.splitlines() if line.endswith(".png")]
    for look in ("light", "dark", "ko-dark"):
        for page in ("annotating", "graded", "category", "progress", "learn-mistakes"):
            assert Path(tmp_path / "ex" / f"exercise-{look}-{page}.png") in written
    assert all(png(p) for p in written)


# ---- estimates, people's spans -----------------------------------------------------------------------------
def test_estimate_error(tmp_path: Path) -> None:
    out = run("estimate_error.py", "--judges", "gemba-mqm", home=tmp_path)
    found = rows(r"^gemba-mqm\s+(.+?)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([+-]?\d+\.\d)%$", out, 3)
    for text, estimated, received, reported, repairs, error in found:
        estimated, received, reported = int(estimated), int(received), int(reported)
        assert received == reported > 0 and int(repairs) <= received  # the run counts what was sent
        assert num(error) == pytest.approx(100 * (estimated - received) / received, abs=0.1)
    assert "largest error:" in out


def test_judges_screenshot(tmp_path: Path) -> None:
    target = tmp_path / "judges.png"
    out = run("judges_screenshot.py", target, home=tmp_path)
    assert "gemba-mqm" in out and "human raters" in out and str(target) in out and png(target)


def test_span_interval_coverage(tmp_path: Path) -> None:
    out = run("span_interval_coverage.py", "--sims", 20, "--paragraphs", 8, home=tmp_path)
    ((line,),) = rows(r"^(8 paragraphs: P .*)$", out, 1)
    shares = [num(x) for x in re.findall(rf"{NUMBER}% of", line)]
    assert len(shares) == 6 and all(0 <= x <= 100 for x in shares)


def test_review_docx_screenshots(tmp_path: Path) -> None:
    out = run("review_docx_screenshots.py", tmp_path / "review-docx", "--smoke", home=tmp_path)
    written = [Path(line) for line in out.splitlines() if line.endswith(".png")]
    assert {p.name for p in written} == {"en-light-chapters.png", "en-light-import-preview.png"}
    assert all(png(p) for p in written)


def test_export_beside_window(tmp_path: Path) -> None:
    target = tmp_path / "beside.png"
    out = run("export_beside_window.py", target, home=tmp_path)
    agree, total = one(r"^window and report agree on (\d+) of (\d+) findings; current text in the report: yes", out)
    states = rows(r"window (\w+)\s+report (\w+)$", out, 5)
    assert agree == total == 5 and all(w == r for w, r in states)
    assert {w for w, _ in states} == {"open", "applied", "corrected", "rejected", "outdated"}
    assert png(target) > (1000, 500)


def test_judges_example(tmp_path: Path) -> None:
    target = tmp_path / "judges-example.png"
    out = run("judges_example.py", target, home=tmp_path)
    assert "$ litlens meta-eval --run 1 --spans resources/samples/story_ko_flawed.mqm.tsv" in out
    assert "raters: r1, r2" in out and "human raters" in out and str(target) in out and png(target)
    ((p, r),) = rows(r"^gemba-mqm\s+all\s+partial\s+(\S+)\s+(\S+)", out, 1)
    assert 0 < num(p) <= 1 and 0 < num(r) <= 1


def test_judge_checks_screenshots(tmp_path: Path) -> None:
    out = run("judge_checks_screenshots.py", tmp_path / "shots", "--smoke", home=tmp_path)
    target = tmp_path / "shots" / "checks-light.png"
    assert str(target.resolve()) in out and png(target) > (900, 300)


def test_exercise_memory(tmp_path: Path) -> None:
    out = run("exercise_memory.py", "--paragraphs", 2, "--key", 300, "--answers", 700, home=tmp_path)
    code, peak, seconds = one(rf"^grade: exit (\d+), peak {NUMBER} MiB \(tracemalloc\), {NUMBER} s", out)
    assert code == 3 and 0 < peak < 200 and seconds > 0  # the crafted file refused, the honest one graded
    assert "overlap the key's in more than" in out


def test_editor_student_screenshots(tmp_path: Path) -> None:
    out = run("editor_student_screenshots.py", tmp_path / "editors", "--smoke", home=tmp_path)
    runs = rows(r"^  (\S.*?): (\w+), (\d+) units, (\d+) failed$", out, count=2)
    assert [(status, failed) for _judges, status, _n, failed in runs] == [("done", "0")] * 2
    (headers,) = rows(r"^en-light: scores columns: (.*)$", out, count=1)[0]
    columns = headers.split(" | ")
    assert any(c.endswith(" / Careful") for c in columns) and any(c.endswith(" / Flawed") for c in columns)
    label, attempts = rows(r"^en-light: progress x-axis: (.+) \((\d+) attempts\)$", out, count=1)[0]
    assert label.startswith("attempt") and attempts == "6"
    for page in ("scores-side-by-side", "progress"):
        assert png(tmp_path / "editors" / f"en-light-{page}.png") == (1280, 800)


def test_register_slips(tmp_path: Path) -> None:
    out = run("register_slips.py", "--smoke", home=tmp_path)
    found = rows(rf"passages {NUMBER}\s+false alarms {NUMBER} .*slips planted {NUMBER}\s+caught {NUMBER} .*"
                 rf"missed {NUMBER}", out)
    assert found
    for passages, _alarms, planted, caught, missed in found:
        assert num(passages) > 0 and num(caught) + num(missed) == num(planted)
