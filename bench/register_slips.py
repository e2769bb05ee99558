"""Prints what the honorifics judge does with register slips planted in labelled Korean prose, and what it
says about the same prose left as written.

A translator's worst honorific error is a line spoken at the wrong level to someone the speaker addresses
otherwise all along. For each passage of the labelled prose sets (tests/data/honorifics/prose_*.json), and
for each speaker → listener pair the labels give three or more lines to, the last of those lines that reads
at the pair's usual level is rewritten at a level two tiers away (해요체/하십시오체 ⇄ 해라체; Kiwi conjugates
the endings, app/korean/rewrite.py), the passage is analysed again, and the slip is *caught* when a finding
covers the rewritten line. Only the Korean is changed; the English source stays as the judge sees it.

Printed per set: passages; false alarms on the prose as written (findings of any kind, by kind, and the
passages with at least one); slips planted; caught (and by which kind of finding); missed. The labels
choose where to plant, never what the judge reads: it reads the text and the English, as in a review.
Held-out sets print their figures only (never their passages), with the commit that froze each.

Run: .venv/bin/python bench/register_slips.py [--tune-only] [--errors] [--smoke]
(``--errors`` lists missed slips and false alarms of the tuning sets; ``--smoke``: the first two passages
of each tuning set, to check the script runs — its figures judge nothing.)
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from attribution_accuracy import DATA, HELD_OUT_FILE, MORE_HELD_OUT, TUNE_FILES, frozen_at  # noqa: E402

from litlens.app.korean.honorifics import analyse_text  # noqa: E402
from litlens.app.korean.levels import tier  # noqa: E402
from litlens.app.korean.rewrite import rewrite_ending  # noqa: E402

MIN_LINES = 3  # a pair needs this many labelled lines before one of them can slip
PLANT = {4: "해라체", 3: "해라체", 2: "해요체", 1: "해요체"}  # usual tier → the level planted (two tiers away)


def quote_spans(korean: str, quotes: list[dict]) -> list[tuple[int, int] | None]:
    """Where each labelled quotation's words are in the passage, in order (None when not found)."""
    out: list[tuple[int, int] | None] = []
    at = 0
    for q in quotes:
        i = korean.find(q["text"], at) if q["text"] else -1
        out.append((i, i + len(q["text"])) if i >= 0 else None)
        if i >= 0:
            at = i + len(q["text"])
    return out


def line_tier(report, span: tuple[int, int]) -> int | None:
    """The tier most sentences inside ``span`` read at (None when none is classified)."""
    tiers = Counter(tier(s.level) for s in report.sentences if s.level and span[0] <= s.start < span[1])
    return tiers.most_common(1)[0][0] if tiers else None


def plants(passage: dict, report) -> list[tuple[int, str]]:
    """(quote index, level to write) for each pair with enough lines at one tier: its last such line."""
    spans = quote_spans(passage["korean"], passage["quotes"])
    by_pair: dict[tuple[str, str], list[int]] = {}
    for i, q in enumerate(passage["quotes"]):
        if q.get("speaker") and q.get("listener") not in (None, "group") and spans[i] is not None:
            by_pair.setdefault((q["speaker"], q["listener"]), []).append(i)
    out = []
    for idx in by_pair.values():
        if len(idx) < MIN_LINES:
            continue
        tiers = {i: line_tier(report, spans[i]) for i in idx}  # type: ignore[arg-type]
        usual = Counter(t for t in tiers.values() if t is not None).most_common(1)
        if not usual or usual[0][1] < MIN_LINES:
            continue
        last = max(i for i, t in tiers.items() if t == usual[0][0])
        out.append((last, PLANT[usual[0][0]]))
    return out


def analyse(korean: str, english: str | None):
    return analyse_text(korean, None, english or None)


def run_set(passages: list[dict], errors: bool) -> dict:
    st = {"passages": 0, "alarmed": 0, "alarms": Counter(), "planted": 0, "caught": Counter(), "missed": 0,
          "unplantable": 0}
    for p in passages:
        st["passages"] += 1
        clean = analyse(p["korean"], p.get("english"))
        if clean.findings:
            st["alarmed"] += 1
            st["alarms"].update(f.kind for f in clean.findings)
            if errors:
                for f in clean.findings:
                    print(f"  false alarm {p['id']}: {f.kind} {f.quote!r} ({f.level}, expected {f.expected})")
        spans = quote_spans(p["korean"], p["quotes"])
        for i, level in plants(p, clean):
            start, end = spans[i]  # type: ignore[misc]
            rewritten = rewrite_ending(p["korean"][start:end], level)
            if rewritten is None:
                st["unplantable"] += 1
                continue
            korean = p["korean"][:start] + rewritten + p["korean"][end:]
            new_end = start + len(rewritten)
            st["planted"] += 1
            report = analyse(korean, p.get("english"))
            hit = [f for f in report.findings if f.start < new_end and start < f.end]
            if hit:
                st["caught"][hit[0].kind] += 1
            else:
                st["missed"] += 1
                if errors:
                    q = p["quotes"][i]
                    print(f"  missed {p['id']} #{i}: {q['speaker']} → {q['listener']} "
                          f"{rewritten!r} (planted {level})")
    return st


def _pct(a: int, b: int) -> str:
    return f"{a / b:.1%}" if b else "n/a"


def report_line(st: dict) -> str:
    caught = sum(st["caught"].values())
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(st["caught"].items())) or "none"
    alarms = ", ".join(f"{k} {n}" for k, n in sorted(st["alarms"].items())) or "none"
    return (f"passages {st['passages']}  false alarms {sum(st['alarms'].values())} "
            f"({alarms}; in {st['alarmed']} passages)  slips planted {st['planted']}  "
            f"caught {caught} ({_pct(caught, st['planted'])}; {kinds})  missed {st['missed']}"
            + (f"  (no rewrite for {st['unplantable']})" if st["unplantable"] else ""))


def _load(name: str) -> list[dict]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def main(argv: list[str]) -> int:
    smoke, errors = "--smoke" in argv, "--errors" in argv
    tune_only = smoke or "--tune-only" in argv
    print("Register slips planted in labelled prose: caught by the honorifics judge, and its false alarms on "
          "the prose as written")
    total = None
    for name in TUNE_FILES:
        if not (DATA / name).exists():
            continue
        passages = _load(name)[:2] if smoke else _load(name)
        st = run_set(passages, errors)
        print(f"tuning {name}: {report_line(st)}")
        total = st if total is None else {k: total[k] + st[k] for k in st}
    if total is not None:
        print(f"tuning, all sets: {report_line(total)}")
    if not tune_only:
        for label, name in (("held-out", HELD_OUT_FILE), *MORE_HELD_OUT):
            if (DATA / name).exists():
                st = run_set(_load(name), errors=False)  # figures only
                print(f"{label} {name} (frozen at {frozen_at(name)}): {report_line(st)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
