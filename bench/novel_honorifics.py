"""A novel in seconds? Times the offline Korean judges on a generated novel against one bare Kiwi pass.

Generates an English→Korean pair of about 150,000 words whose Korean sentences are all different
(narration and dialogue with speech verbs, vocatives and unattributed replies, so the speakers are read
too), then, each in a fresh child process, side by side in one run:

1. the bare pass: load Kiwi and ``tokenize`` every paragraph of the Korean text — the least any Korean
   analysis of the book can cost;
2. ``litlens evaluate --judge honorifics,consistency`` on the pair, through the CLI, into a fresh store.

It prints each one's wall time, CPU time and peak RSS, the ratio of the two wall times (and of the CPU
times, which other work on the machine does not inflate) and the RSS above Kiwi's
own (issue 31 asks for ≤ 1.5× the bare pass and ≤ its RSS + 250 MB), and then the one-paragraph-edit
figure: the honorifics analysis of the whole book, then of the book with one paragraph changed, as the
judge does it (app.korean.incremental: only the stretch around the edit is read again) with the ledger
made from it, beside a whole reading of the edited book and whether the two agree.

Usage: .venv/bin/python bench/novel_honorifics.py [--words 150000] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
WALL_TARGET, RSS_TARGET_MB = 1.5, 250

_NAMES = ("민호", "수진", "지훈", "은서", "태경", "하나", "소윤", "정우", "나은", "도윤", "서연", "재민")
_EN_NAMES = ("Minho", "Sujin", "Jihun", "Eunseo", "Taegyeong", "Hana", "Soyun", "Jeongu", "Naeun", "Doyun",
             "Seoyeon", "Jaemin")
_PLACES = ("부엌", "마당", "역", "시장", "강가", "교실", "병원", "골목", "다리", "정류장", "창가", "서점", "우체국",
           "공원", "부두", "언덕", "도서관", "식당", "계단", "옥상")
_EN_PLACES = ("kitchen", "yard", "station", "market", "riverside", "classroom", "hospital", "alley", "bridge",
              "bus stop", "window", "bookshop", "post office", "park", "pier", "hill", "library", "restaurant",
              "stairs", "rooftop")
_THINGS = ("편지", "우산", "사과", "공책", "열쇠", "지도", "사진", "모자", "시계", "꽃", "빵", "컵", "신문", "가방",
           "장갑", "반지", "연필", "의자", "등불", "바구니")
_EN_THINGS = ("letter", "umbrella", "apple", "notebook", "key", "map", "photo", "hat", "watch", "flower", "bread",
              "cup", "newspaper", "bag", "glove", "ring", "pencil", "chair", "lamp", "basket")
_ACTS = (("들고", "holding"), ("찾으며", "looking for"), ("내려놓고", "putting down"), ("닦으며", "wiping"),
         ("건네고", "handing over"), ("바라보며", "looking at"), ("감추고", "hiding"), ("고치며", "mending"))
_TIMES = ("아침", "점심", "저녁", "새벽", "밤", "오후")
_EN_TIMES = ("morning", "noon", "evening", "dawn", "night", "afternoon")


def _j(word: str, particles: str) -> str:
    """``word`` with the form of its particle that fits its last syllable: _j("수진", "이가") → 수진이."""
    code = ord(word[-1]) - 0xAC00
    return word + (particles[0] if 0 <= code < 11172 and code % 28 else particles[1])


def _digits(n: int, bases: tuple[int, ...]) -> list[int]:
    out = []
    for b in bases:
        out.append(n % b)
        n //= b
    return out


def novel(words: int) -> tuple[str, str]:
    """(English, Korean): paragraphs of narration and dialogue, every Korean sentence different (each
    carries its own mixed-radix combination of name, place, thing, action and time, and a chapter day)."""
    en, ko = [], []
    count, i = 0, 0
    while count < words:
        a, p, t, act, tm = _digits(i, (len(_NAMES), len(_PLACES), len(_THINGS), len(_ACTS), len(_TIMES)))
        b = (a + 1 + i % 5) % len(_NAMES)
        day = i // 300 + 1
        k_act, e_act = _ACTS[act]
        if i % 3 == 0:  # a narration paragraph of three sentences
            ko.append(f"{day}일째 {_TIMES[tm]}, {_j(_NAMES[a], '은는')} {_PLACES[p]}에서 {_j(_THINGS[t], '을를')} {k_act} 서 있었다. "
                      f"{_j(_THINGS[t], '을를')} {k_act} 선 {_NAMES[a]}에게 {_j(_NAMES[b], '이가')} {day}일째 {_TIMES[tm]}의 "
                      f"{_PLACES[p]}으로 다가왔다. 그날 {_PLACES[p]}에는 {_NAMES[a]}의 {_THINGS[t]} 말고도 "
                      f"{_TIMES[tm]}부터 {k_act} 둔 물건이 {day}개 놓여 있었다.")
            en.append(f"On day {day}, in the {_EN_TIMES[tm]}, {_EN_NAMES[a]} stood in the {_EN_PLACES[p]}, "
                      f"{e_act} the {_EN_THINGS[t]}. {_EN_NAMES[b]} came over to {_EN_NAMES[a]}, who stood "
                      f"{e_act} the {_EN_THINGS[t]} in the {_EN_PLACES[p]} that {_EN_TIMES[tm]}. Besides "
                      f"{_EN_NAMES[a]}'s {_EN_THINGS[t]}, {day} things lay there, left since the {_EN_TIMES[tm]}.")
        elif i % 3 == 1:  # an attributed line with a vocative
            ko.append(f"\"{_j(_NAMES[b], '아야')}, {day}일째 {_TIMES[tm]}에도 {_PLACES[p]}에 {_j(_THINGS[t], '을를')} "
                      f"두고 왔어요?\" {_j(_NAMES[a], '이가')} {day}일째 {_TIMES[tm]} {_PLACES[p]}에서 {_THINGS[t]} 이야기를 꺼내며 물었다.")
            en.append(f"\"{_EN_NAMES[b]}, did you leave the {_EN_THINGS[t]} in the {_EN_PLACES[p]} again this "
                      f"{_EN_TIMES[tm]}, on day {day}?\" asked {_EN_NAMES[a]} in the {_EN_PLACES[p]}, bringing up the "
                      f"{_EN_THINGS[t]}.")
        else:  # an unattributed reply
            ko.append(f"\"아니, {_PLACES[p]} 말고 {_PLACES[(p + 7) % 20]}에 {_THINGS[t]} {i % 89 + 2}개를 "
                      f"{day}일째 {_TIMES[tm]}에 두었어.\"")
            en.append(f"\"No, not the {_EN_PLACES[p]}: I left {i % 89 + 2} {_EN_THINGS[t]}s in the "
                      f"{_EN_PLACES[(p + 7) % 20]} in the {_EN_TIMES[tm]} of day {day}.\"")
        count += len(en[-1].split())
        i += 1
    return "\n\n".join(en), "\n\n".join(ko)


_BARE = """
import resource, sys, time
t0 = time.perf_counter()
from kiwipiepy import Kiwi
kiwi = Kiwi()
paragraphs = [p for p in open(sys.argv[1], encoding="utf-8").read().split("\\n\\n") if p.strip()]
for p in paragraphs:
    kiwi.tokenize(p)
use = resource.getrusage(resource.RUSAGE_SELF)
print(time.perf_counter() - t0, use.ru_maxrss / 1024, use.ru_utime + use.ru_stime)
"""

_CLI = """
import os, resource, runpy, sys, threading, time
def busy():  # CPU seconds every process of the machine has used since boot (Linux), or None
    try:
        with open("/proc/stat") as fh:
            v = [int(x) for x in fh.readline().split()[1:]]
        return (sum(v) - v[3] - v[4]) / os.sysconf("SC_CLK_TCK")  # all but idle and iowait
    except (OSError, ValueError):
        return None
def live_threads_cpu():  # CPU of this process's threads still alive but the calling one (Linux), or None
    try:
        me, total = threading.get_native_id(), 0.0
        for tid in os.listdir("/proc/self/task"):
            if int(tid) != me:
                with open(f"/proc/self/task/{tid}/stat") as fh:
                    f = fh.read().rsplit(")", 1)[1].split()
                total += (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
        return total
    except (OSError, ValueError, IndexError):
        return None
b0 = busy()
t0 = time.perf_counter()
sys.argv = ["litlens", "evaluate", "--judge", "honorifics,consistency", "--quiet", "--format", "json",
            "--source-lang", "en", "--target-lang", "ko", sys.argv[1], sys.argv[2]]
try:
    from litlens.app.cli.main import main
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
wall = time.perf_counter() - t0
use = resource.getrusage(resource.RUSAGE_SELF)
cpu = use.ru_utime + use.ru_stime
live, b1 = live_threads_cpu(), busy()
others = b1 - b0 - cpu if b0 is not None and b1 is not None else None
print(wall, use.ru_maxrss / 1024, code, cpu, time.thread_time(), live, others, file=sys.stderr)
"""

_EDIT = """
import json, sys, time
from litlens.app.judges.honorifics import judgment_from_report
from litlens.app.korean import incremental
from litlens.app.korean.honorifics import analyse_text
text = open(sys.argv[1], encoding="utf-8").read()
t0 = time.perf_counter()
before = incremental.analyse(text)
full = time.perf_counter() - t0
paragraphs = text.split("\\n\\n")
k = len(paragraphs) // 2 + (1 - len(paragraphs) // 2 % 3)  # an attributed line in the middle
paragraphs[k] = paragraphs[k].replace("물었다", "조용히 물었다")
edited = "\\n\\n".join(paragraphs)
t0, c0 = time.perf_counter(), time.process_time()
after = incremental.analyse(edited)  # the stretch around the edit read again, the report finished whole
ledger = judgment_from_report("KO", "KO", after).data["ledger"]  # what the window's ledger is made from
edit, edit_cpu = time.perf_counter() - t0, time.process_time() - c0
t0 = time.perf_counter()
whole = analyse_text(edited)
again = time.perf_counter() - t0
key = lambda r: [(t.quotes[0].start, t.speaker, t.listener) for t in r.turns]
print(json.dumps({"full": full, "edit": edit, "edit_cpu": edit_cpu, "again": again, "turns": len(before.turns),
                  "named": sum(1 for t in before.turns if t.speaker),
                  "same_as_whole": key(after) == key(whole) and len(after.findings) == len(whole.findings)
                  and len(ledger) == len(whole.ledger)}))
"""


def _child(code: str, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          check=False)


def _threads_line(wall: float, cpu: float, main_cpu: float, live: str, others: str) -> str:
    """Where the CLI's CPU went, by thread, and how busy the machine's cores were meanwhile: the main
    thread (start, storing, the JSON), the threads the judges ran on (ended by then; Kiwi's load and
    model build ran on one of them), and the threads still alive at the end (Kiwi's workers). Where
    /proc cannot be read (not Linux) only the main thread's share is known."""
    line = f"CPU by thread: main {main_cpu:.1f} s"
    if live != "None":
        line += (f", the judges' threads {cpu - main_cpu - float(live):.1f} s (Kiwi's load and model build "
                 f"included), Kiwi's worker threads {float(live):.1f} s")
    line += f"; cores busy on average: this process {cpu / wall:.2f}"
    if others != "None":
        line += f", other processes {float(others) / wall:.2f} (of {os.cpu_count()})"
    return line


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", type=int, default=150_000)
    ap.add_argument("--keep", help="write the generated pair here and keep it")
    args = ap.parse_args(argv)
    en, ko = novel(args.words)
    sentences = [s for p in ko.split("\n\n") for s in re.split(r"(?<=[.?!])\"?\s+\"?", p) if s.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep) if args.keep else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "novel_en.txt").write_text(en, encoding="utf-8")
        (folder / "novel_ko.txt").write_text(ko, encoding="utf-8")
        print(f"novel: {len(en.split()):,} English words, {len(ko):,} Korean characters, "
              f"{ko.count(chr(10) * 2) + 1:,} paragraphs; Korean lines all different: "
              f"{len(set(sentences)) == len(sentences)}")
        bare = _child(_BARE, str(folder / "novel_ko.txt"))
        if bare.returncode:
            print(bare.stderr)
            return 1
        bare_wall, bare_rss, bare_cpu = map(float, bare.stdout.split())
        for stale in folder.glob("bench.db*"):  # a kept folder's store from an earlier run would answer it all
            stale.unlink()
        env = {**os.environ, "LITLENS_DB": str(folder / "bench.db"), "QT_QPA_PLATFORM": "offscreen"}
        cli = _child(_CLI, str(folder / "novel_en.txt"), str(folder / "novel_ko.txt"), env=env)
        wall, rss, code, cpu, main_cpu, live, others = cli.stderr.strip().splitlines()[-1].split()
        cli_wall, cli_rss, cli_cpu = float(wall), float(rss), float(cpu)
        print(f"bare Kiwi pass (load + tokenize every paragraph): {bare_wall:6.1f} s, peak RSS {bare_rss:6.0f} MB, "
              f"CPU {bare_cpu:.1f} s")
        print(f"litlens evaluate --judge honorifics,consistency:  {cli_wall:6.1f} s, peak RSS {cli_rss:6.0f} MB "
              f"(exit {code}), CPU {cli_cpu:.1f} s")
        print("  " + next((line for line in cli.stderr.splitlines() if line.startswith("run ")), "(no run line)"))
        print("  " + _threads_line(cli_wall, cli_cpu, float(main_cpu), live, others))
        ratio, extra = cli_wall / bare_wall, cli_rss - bare_rss
        print(f"wall ratio {ratio:.2f}× (target ≤ {WALL_TARGET}×); CPU ratio {cli_cpu / bare_cpu:.2f}× (the same "
              f"on a machine other work shares); RSS above Kiwi's {extra:+.0f} MB (target ≤ +{RSS_TARGET_MB} MB)")
        edit = _child(_EDIT, str(folder / "novel_ko.txt"), env=env)
        if edit.returncode:
            print(edit.stderr)
            return 1
        e = json.loads(edit.stdout.strip().splitlines()[-1])
        print(f"honorifics analysis of the book: {e['full']:.1f} s ({e['turns']:,} turns, {e['named']:,} with a "
              f"named speaker); after a one-paragraph edit: {e['edit']:.2f} s re-analysis and ledger update "
              f"(CPU {e['edit_cpu']:.2f} s; the stretch around the edit read again; target ≤ 0.5 s), "
              f"{e['again']:.1f} s reading the whole "
              f"book again; same turns, findings and ledger as the whole reading: {e['same_as_whole']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
