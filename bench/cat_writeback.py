"""How the revised translation is written back into a large Trados SDLXLIFF: the time to read the file
again and rewrite the edited segments, and how many segments differ from the original afterwards (only
the edited ones should).

    .venv/bin/python bench/cat_writeback.py [--units 5000] [--edits 2]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HEAD = ('\ufeff<?xml version="1.0" encoding="utf-8"?><xliff xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0" '
        'xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2" sdl:version="1.0"><file original="book.docx" '
        'datatype="x-sdlfilterframework2" source-language="en-US" target-language="ko-KR"><body>')
UNIT = ('<trans-unit id="u{n}"><source>Sentence {n} is here. <g id="1">Word {n}</g> follows.</source>'
        '<seg-source><mrk mtype="seg" mid="{a}">Sentence {n} is here.</mrk> <mrk mtype="seg" mid="{b}">'
        '<g id="1">Word {n}</g> follows.</mrk></seg-source><target><mrk mtype="seg" mid="{a}">문장 {n}이 여기 있다. '
        '</mrk><mrk mtype="seg" mid="{b}"><g id="1">낱말 {n}</g>이 뒤따른다.</mrk></target><sdl:seg-defs>'
        '<sdl:seg id="{a}" conf="Translated" origin="tm" percent="100"/><sdl:seg id="{b}" conf="Translated"/>'
        '</sdl:seg-defs></trans-unit>')
TAIL = "</body></file></xliff>"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=5000)
    ap.add_argument("--edits", type=int, default=2)
    args = ap.parse_args()
    from litlens.app.core.edits import replace_paragraph
    from litlens.app.formats import project_from_bilingual
    from litlens.app.formats.writeback import open_cat
    from litlens.app.reports.revised import write_revised
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "book.sdlxliff"
        body = "".join(UNIT.format(n=n, a=2 * n + 1, b=2 * n + 2) for n in range(args.units))
        src.write_bytes((HEAD + body + TAIL).encode("utf-8"))
        t0 = time.perf_counter()
        project = project_from_bilingual(src, "Draft")
        t1 = time.perf_counter()
        cand = project.candidate("Draft")
        step = max(1, len(cand.text.paragraphs) // max(1, args.edits))
        for k in range(args.edits):
            i = k * step
            cand.text, _ = replace_paragraph(cand.text, i, cand.text.paragraphs[i].text.replace("이", "가", 1))
        out = Path(tmp) / "out.sdlxliff"
        t2 = time.perf_counter()
        write_revised(project, "Draft", "xliff", out)
        t3 = time.perf_counter()
        a, b = open_cat(src), open_cat(out)
        changed = sum(1 for x, y in zip(a.sites, b.sites)
                      if a.source.markup(x.target_el) != b.source.markup(y.target_el))
        size = src.stat().st_size / 1e6
        print(f"SDLXLIFF of {args.units} units ({len(a.sites)} segments, {size:.1f} MB)")
        print(f"import: {t1 - t0:.2f} s; write-back of {args.edits} edits: {t3 - t2:.2f} s")
        print(f"segments whose target markup differs afterwards: {changed} of {len(a.sites)} "
              f"(edited: {args.edits})")
        units_a = list(a.root.iter("{*}trans-unit"))
        units_b = list(b.root.iter("{*}trans-unit"))
        units = sum(1 for x, y in zip(units_a, units_b) if a.source.markup(x) != b.source.markup(y))
        first, last = a.source.span(units_a[0]).start, a.source.span(units_a[-1]).end
        first_b, last_b = b.source.span(units_b[0]).start, b.source.span(units_b[-1]).end
        rest = a.source.text[:first] == b.source.text[:first_b] and a.source.text[last:] == b.source.text[last_b:]
        print(f"trans-units whose characters differ: {units} of {len(units_a)}; "
              f"everything outside the units identical: {rest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
