"""Findings per consistency check on seed 002's Death in Venice paragraph (German source, eleven English
translations), then the held-out pairs of tests/data/consistency/pairs.json, whose figures were never
used to set the untranslated check's thresholds.

    python bench/consistency_pairs.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from litlens.app.consistency import CHECKS, analyse_candidate
from litlens.app.texts import build_project, text_from_string

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def main() -> int:
    venice = json.loads((DATA / "literalness" / "death_in_venice.json").read_text("utf-8"))
    project = build_project("venice", text_from_string(venice["source"], "de"),
                            [(s["system"], text_from_string(s["translation"], "en")) for s in venice["systems"]])
    print("Death in Venice (seed 002, de→en): findings per check — tuning split")
    reports = [(cand, analyse_candidate(project, cand)) for cand in project.candidates]
    # the checks every report ran (one that needs an input this pair lacks, e.g. a termbase, has no column)
    shown = [c for c in CHECKS if all(c in r.counts() for _, r in reports)]
    print(f"{'translation':<20}" + "".join(f"{CHECKS[c][:12]:>14}" for c in shown))
    heimgesuchte = False
    for cand, report in reports:
        counts = report.counts()
        print(f"{cand.label:<20}" + "".join(f"{counts[c]:>14}" for c in shown))
        for f in report.findings:
            print(f"{'':<20}  {f.check}: “{f.quote}” at {f.start}–{f.end} ({f.category}, {f.severity})")
            heimgesuchte |= f.check == "untranslated" and f.quote == "Heimgesuchte"
    print(f"notes: {'; '.join(report.notes)}")
    print(f"untranslated “Heimgesuchte” found: {'yes' if heimgesuchte else 'NO'}\n")

    pairs = json.loads((DATA / "consistency" / "pairs.json").read_text("utf-8"))["pairs"]
    hits = expected = false = 0
    print("held-out pairs (not tuned on): untranslated spans")
    for pair in pairs:
        p = build_project("p", text_from_string(pair["source"], pair["source_language"]),
                          [("c", text_from_string(pair["translation"], pair["target_language"]))])
        quotes = [f.quote for f in analyse_candidate(p, p.candidates[0]).findings if f.check == "untranslated"]
        expected += len(pair["untranslated"])
        hits += sum(q in quotes for q in pair["untranslated"])
        false += sum(q not in pair["untranslated"] for q in quotes)
        print(f"  {pair['name']:<22} {pair['source_language']}→{pair['target_language']}  found {quotes}  "
              f"marked {pair['untranslated']}")
    print(f"held-out: {hits}/{expected} marked spans found exactly, {false} false alarm(s)")
    return 0 if heimgesuchte else 1


if __name__ == "__main__":
    sys.exit(main())
