"""Prints the Korean spelling judge's precision, recall and false alarms on the labelled spelling sets.

tests/data/spelling/{tune,heldout}.json, the second set {tune_b,heldout_b}.json and the third set
{tune_c,heldout_c}.json were written by people who had not seen the checker: sentences with one labelled
error each (the wrong words, the right words, spacing or spelling, the corrected sentence) and clean
literary passages (dialect, archaic speech, onomatopoeia and names included). tune_own.json is clean prose
written by the rules' author in the styles that trouble Kiwi's models (dialect and archaic speech in
quotes, mimetic words, transliterated names, numbers with units, bound nouns and auxiliaries, verse): a
tuning set like the others, never a measure of the rules.

Per split:
- precision: of the findings on the error sentences, the share on the labelled error with the labelled
  correction (applying it gives the corrected sentence), and with any correction;
- recall: the share of labelled errors found (with the right correction / at all), by kind;
- false alarms per 1,000 words on the clean passages (target below 1), and precision counting them too.
The rules may be tuned on the tuning split only: its findings are listed with ``--verbose``; the held-out
split prints its figures and never its items. The commit that froze each file is printed with it.

Run: .venv/bin/python bench/spelling_accuracy.py [--tune-only] [--verbose] [--smoke]
(``--smoke``: the first few items of the tuning split, to check the script runs; its figures judge nothing.)
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from litlens.app.korean.spelling import analyse_spelling

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "spelling"
TARGET_FALSE_ALARMS = 1.0  # per 1,000 words of clean prose (issue 35)
SMOKE_ITEMS = 8


@dataclass
class Tally:
    findings: int = 0  # on the error sentences
    on_error: int = 0  # of them, overlapping the labelled error
    right: int = 0  # of them, with the labelled correction
    items: Counter = field(default_factory=Counter)  # kind -> labelled errors
    found: Counter = field(default_factory=Counter)  # kind -> found (any correction)
    fixed: Counter = field(default_factory=Counter)  # kind -> found with the right correction
    clean_words: int = 0
    false_alarms: int = 0
    by_rule: Counter = field(default_factory=Counter)  # rule -> findings
    rule_right: Counter = field(default_factory=Counter)  # rule -> right findings
    rule_false: Counter = field(default_factory=Counter)  # rule -> false alarms on clean prose
    lines: list[str] = field(default_factory=list)  # per-item details (tuning split only)


def score_error(t: Tally, item: dict) -> None:
    text, wrong = item["text"], item["wrong"]
    at = text.find(wrong)
    span = (at, at + len(wrong))
    kind = item["kind"]
    t.items[kind] += 1
    found = right = False
    for f in analyse_spelling(text).findings:
        t.findings += 1
        t.by_rule[f.rule] += 1
        hit = f.start < span[1] and span[0] < f.end
        good = hit and text[:f.start] + f.right + text[f.end:] == item["corrected"]
        t.on_error += hit
        t.right += good
        t.rule_right[f.rule] += good
        found, right = found or hit, right or good
        mark = "OK " if good else ("~  " if hit else "FP ")
        t.lines.append(f"  {mark}{item['id']} {f.rule}: {f.quote!r} -> {f.right!r}")
    t.found[kind] += found
    t.fixed[kind] += right
    if not found:
        t.lines.append(f"  MISS {item['id']} {kind}: {wrong!r} -> {item['right']!r}")


def score_clean(t: Tally, item: dict) -> None:
    text = item["text"]
    t.clean_words += len(text.split())
    for f in analyse_spelling(text).findings:
        t.false_alarms += 1
        t.by_rule[f.rule] += 1
        t.rule_false[f.rule] += 1
        t.lines.append(f"  FA {item['id']} {f.rule}: {f.quote!r} -> {f.right!r}")


def pct(a: int, b: int) -> str:
    return f"{a / b:.1%} ({a}/{b})" if b else "n/a (0/0)"


def frozen_at(path: Path) -> str:
    """The commit that last changed ``path`` (and whether the working copy differs from it)."""
    rel = str(path.relative_to(ROOT))
    try:
        log = subprocess.run(["git", "log", "-1", "--format=%h %cI", "--", rel], cwd=ROOT, text=True,
                             capture_output=True, timeout=30, check=False).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", rel], cwd=ROOT, text=True,
                               capture_output=True, timeout=30, check=False).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown (no git)"
    return (log or "not committed") + (" (working copy modified)" if dirty else "")


def report(name: str, path: Path, t: Tally, show: bool) -> None:
    print(f"\n== {name}: {path.name}, frozen at commit {frozen_at(path)}")
    words = t.clean_words
    per_k = 1000 * t.false_alarms / words if words else 0.0
    if not t.items:  # clean prose only
        print(f"False alarms: {t.false_alarms} in {words} words of clean prose = {per_k:.2f} per 1,000 words")
        _details(t, show)
        return
    print(f"Precision (labelled correction): {pct(t.right, t.findings)}")
    print(f"Precision (any correction): {pct(t.on_error, t.findings)}")
    print(f"Precision with clean-passage findings counted: {pct(t.right, t.findings + t.false_alarms)}")
    kinds = sorted(t.items)
    print("Recall (labelled correction): " + pct(sum(t.fixed.values()), sum(t.items.values())) + "; "
          + ", ".join(f"{k} {pct(t.fixed[k], t.items[k])}" for k in kinds))
    print("Recall (any correction): " + pct(sum(t.found.values()), sum(t.items.values())))
    print(f"False alarms: {t.false_alarms} in {words} words of clean prose = {per_k:.2f} per 1,000 words "
          f"(target < {TARGET_FALSE_ALARMS:g})")
    _details(t, show)


def _details(t: Tally, show: bool) -> None:
    if not show:
        return
    print("Per rule (findings, with the labelled correction):")
    for rule, n in sorted(t.by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {rule}: {n}, {t.rule_right[rule]} right")
    for line in t.lines:
        print(line)


def per_rule(t: Tally) -> None:
    """Each rule's findings over all tuning sets: right (the labelled correction), wrong, false alarms on
    clean prose, and its precision counting all three — the measure a rule is kept or dropped by."""
    print("\n== per rule, all tuning sets: findings = right + wrong + false alarms, precision")
    for rule, n in sorted(t.by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
        right, false = t.rule_right[rule], t.rule_false[rule]
        print(f"  {rule}: {n} = {right} + {n - right - false} + {false}, {right / n:.0%}")


def run_split(path: Path, smoke: bool) -> Tally:
    data = json.loads(path.read_text(encoding="utf-8"))
    errors, clean = data["errors"], data["clean"]
    if smoke:
        errors, clean = errors[:SMOKE_ITEMS], clean[:2]
    t = Tally()
    for item in errors:
        score_error(t, item)
    for item in clean:
        score_clean(t, item)
    return t


def main(argv: list[str]) -> int:
    tune_only = "--tune-only" in argv or "--smoke" in argv
    smoke = "--smoke" in argv
    t0 = time.perf_counter()
    splits = [("tuning split", DATA / "tune.json", True), ("second tuning set", DATA / "tune_b.json", True),
              ("third tuning set", DATA / "tune_c.json", True),
              ("the rules' author's clean prose (tuning only)", DATA / "tune_own.json", True)]
    if not tune_only:
        splits += [("held-out split", DATA / "heldout.json", False),
                   ("second held-out set", DATA / "heldout_b.json", False),
                   ("third held-out set", DATA / "heldout_c.json", False)]
    tuned = Tally()
    for name, path, tunable in splits:
        if not path.exists() or smoke and path.name != "tune.json":
            continue
        t = run_split(path, smoke)
        report(name, path, t, tunable and ("--verbose" in argv))
        if tunable:
            for counter in ("by_rule", "rule_right", "rule_false"):
                getattr(tuned, counter).update(getattr(t, counter))
    per_rule(tuned)
    print(f"\nTime: {time.perf_counter() - t0:.2f} s including Kiwi start-up")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
