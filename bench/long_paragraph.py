"""One enormous Korean paragraph through the consistency and honorifics judges: time and peak memory at
84k, 168k, 336k and 840k characters, and the growth per doubling (linear work grows 2× per doubling).

The paragraph is the sample story (resources/samples, both Korean versions, dialogue and names) with its
paragraph breaks replaced by spaces and repeated, names and ages varied between copies, until it has the
size asked for; the source is the English sample repeated the same way. Each size runs in a fresh child
process, so its peak resident memory (resource.getrusage ru_maxrss, which includes Kiwi's model of about
a few hundred MB) is its own.

Usage: python bench/long_paragraph.py [--sizes 84000,168000,336000,840000]
"""

from __future__ import annotations

import argparse
import json
import math
import re
import resource
import subprocess
import sys
import time
from importlib import resources as ir

SIZES = (84_000, 168_000, 336_000, 840_000)
# (name in the story, stand-ins used in later copies) so copies are not identical text
VARIANTS = (("준", ("민", "현", "준")), ("마흔한", ("서른두", "쉰세", "마흔한")), ("열아홉", ("스무", "열여덟", "열아홉")))


def _one_paragraph(name: str) -> str:
    text = ir.files("litlens.resources.samples").joinpath(name).read_text(encoding="utf-8")
    return " ".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip())


def make_texts(size: int) -> tuple[str, str]:
    """(English source, Korean translation), each one paragraph with no line break; Korean ≈ ``size``."""
    korean = [_one_paragraph("story_ko_careful.txt"), _one_paragraph("story_ko_flawed.txt")]
    english = _one_paragraph("story_en.txt")
    parts, total, i = [], 0, 0
    while total < size:
        part = korean[i % 2]
        for word, subs in VARIANTS:
            part = part.replace(word, subs[i % len(subs)])
        parts.append(part)
        total += len(part) + 1
        i += 1
    target = " ".join(parts)[:size]
    target = target[:target.rfind(". ") + 1]  # end on a whole sentence
    return " ".join([english] * i), target


def run_one(size: int) -> dict[str, float]:
    from litlens.app.consistency import analyse_candidate
    from litlens.app.korean.honorifics import analyse_text
    from litlens.app.korean.kiwi import get_kiwi
    from litlens.app.texts import build_project, text_from_string

    get_kiwi()  # loading the model is a fixed cost, not part of the paragraph's
    base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    en, ko = make_texts(size)
    project = build_project("bench", text_from_string(en, "en"), [("Draft", text_from_string(ko, "ko"))])
    cand = project.candidates[0]
    assert len(cand.text.paragraphs) == 1
    t0, c0 = time.perf_counter(), time.process_time()
    report = analyse_candidate(project, cand)
    t_cons, c_cons = time.perf_counter() - t0, time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    hon = analyse_text(cand.text.content, cand.text.paragraphs)
    t_hon, c_hon = time.perf_counter() - t0, time.process_time() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"chars": len(ko), "consistency": c_cons, "honorifics": c_hon, "wall": t_cons + t_hon,
            "findings": len(report.findings),
            "sentences": len(hon.sentences), "hon_findings": len(hon.findings), "base_mb": base_rss,
            "peak_mb": peak}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(run_one(args.child)))
        return
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    print("one Korean paragraph (no line breaks), English source; consistency + honorifics analysers; "
          "times are CPU seconds of the child (time.process_time: steadier than wall time on a shared "
          "machine; wall time shown too); memory = peak RSS of the child (getrusage ru_maxrss), Kiwi "
          "model loaded before timing")
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        out = subprocess.run([sys.executable, __file__, "--child", str(size)], capture_output=True,
                             text=True, check=True)
        r = json.loads(out.stdout.strip().splitlines()[-1])
        rows.append(r)
        total = r["consistency"] + r["honorifics"]
        print(f"{r['chars']:>9,} chars: CPU time consistency {r['consistency']:6.1f} s ({r['findings']} "
              f"findings), honorifics {r['honorifics']:6.1f} s ({r['sentences']:,} sentences, "
              f"{r['hon_findings']} findings), total {total:6.1f} s (wall {r['wall']:.1f} s); "
              f"peak RSS {r['peak_mb']:.0f} MB "
              f"(after loading Kiwi {r['base_mb']:.0f} MB)")
    for a, b in zip(rows, rows[1:]):
        size_ratio = b["chars"] / a["chars"]
        ratios = {k: b[k] / a[k] for k in ("consistency", "honorifics")}
        whole = (b["consistency"] + b["honorifics"]) / (a["consistency"] + a["honorifics"])
        per_doubling = whole ** (1 / max(1e-9, math.log2(size_ratio)))
        print(f"{a['chars']:,} -> {b['chars']:,} (×{size_ratio:.2f}): consistency ×{ratios['consistency']:.2f}, "
              f"honorifics ×{ratios['honorifics']:.2f}, total ×{whole:.2f} = ×{per_doubling:.2f} per doubling "
              f"(linear: ×2.00; quadratic: ×4.00)")


if __name__ == "__main__":
    main()
