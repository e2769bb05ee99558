"""Prints speaker/listener attribution accuracy on the labelled dialogue passages (issue 18).

Each passage has an English source, its Korean translation and, per quotation, the gold speaker and
listener. A quotation counts as right only when both are right; "unknown" counts as wrong. Any name
given that is not one of the passage's characters is a hard failure (the script asserts it never
happens). Held-out passages print only their figures; ``--show-held-out`` lists their errors.

Run: /work/venv/bin/python bench/attribution_accuracy.py [--show-held-out] [--no-source]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from litlens.app.korean.honorifics import analyse_text

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "honorifics" / "dialogue_passages.json"
TARGET = 0.90


def _same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a.replace(" ", "") == b.replace(" ", "")


def evaluate(passages: list[dict], use_source: bool = True) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for p in passages:
        report = analyse_text(p["korean"], source=p["english"] if use_source else None)
        got = sorted(((q.start, t.speaker, t.listener, t.how, t.listener_how) for t in report.turns
                      for q in t.quotes), key=lambda x: x[0])
        chars = p["characters"]
        stats = out.setdefault(p["split"], {"quotes": 0, "speaker": 0, "listener": 0, "both": 0,
                                            "misses": [], "intruders": []})
        for n, gold in enumerate(p["quotes"]):
            _, spk, lst, how, lhow = got[n] if n < len(got) else (0, None, None, "", "")
            for name in (spk, lst):
                if name is not None and not any(_same(name, c) for c in chars):
                    stats["intruders"].append((p["id"], n, name))
            s_ok, l_ok = _same(spk, gold["speaker"]), _same(lst, gold["listener"])
            stats["quotes"] += 1
            stats["speaker"] += s_ok
            stats["listener"] += l_ok
            stats["both"] += s_ok and l_ok
            if not (s_ok and l_ok):
                stats["misses"].append(f"{p['id']} #{n + 1}: gold {gold['speaker']}→{gold['listener']}, "
                                       f"got {spk or 'unknown'}→{lst or 'unknown'} ({how}; {lhow})")
        if len(got) != len(p["quotes"]):
            stats["misses"].append(f"{p['id']}: {len(got)} quotes found, {len(p['quotes'])} in gold")
    return out


def main(argv: list[str]) -> int:
    passages = json.loads(DATA.read_text(encoding="utf-8"))
    results = evaluate(passages, use_source="--no-source" not in argv)
    ok = True
    for split in ("tune", "held-out"):
        st = results.get(split)
        if not st:
            continue
        n = st["quotes"]
        print(f"== {split}: {sum(p['split'] == split for p in passages)} passages, {n} quotations")
        print(f"speaker {st['speaker'] / n:.1%}  listener {st['listener'] / n:.1%}  "
              f"both right {st['both'] / n:.1%} ({st['both']}/{n}); target {TARGET:.0%}")
        if split == "tune" or "--show-held-out" in argv:
            for m in st["misses"]:
                print("  " + m)
        elif st["misses"]:
            print(f"  ({len(st['misses'])} errors not listed: held out)")
        if st["intruders"]:
            print(f"  NON-CHARACTERS NAMED: {st['intruders']}")
        ok = ok and st["both"] / n >= TARGET
        assert not st["intruders"], "a name that is not a character was given as speaker or listener"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
