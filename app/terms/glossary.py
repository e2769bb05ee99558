"""Glossaries as tables (CSV, TSV, XLSX): one row per target rendering, with the columns source term,
target term, status, variants, note.

Rows with the same source term are one entry. ``variants`` lists further allowed renderings (separated by
";" or "|"); the source column may also list several forms that way. A header row is recognised by its
names (in any order); without one the columns are taken in the order above.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from litlens.app.formats.errors import FormatError
from litlens.app.formats.tables import read_delimited, read_xlsx
from litlens.app.terms.model import ALLOWED, FORBIDDEN, PREFERRED, Term, TermEntry, Termbase

HEADER = ["source term", "target term", "status", "variants", "note"]
_NAMES = {
    "source": {"source term", "source", "term", "src", "original"},
    "target": {"target term", "target", "translation", "rendering", "tgt"},
    "status": {"status", "usage", "administrative status"},
    "variants": {"variants", "variant", "allowed variants", "synonyms"},
    "note": {"note", "notes", "comment", "comments", "definition"},
}
_STATUS_WORDS = {
    PREFERRED: {"preferred", "approved", "yes", "use", "preferredterm-admn-sts"},
    ALLOWED: {"allowed", "admitted", "variant", "acceptable", "admittedterm-admn-sts"},
    FORBIDDEN: {"forbidden", "deprecated", "do not use", "don't use", "banned", "no", "superseded",
                "deprecatedterm-admn-sts"},
}
_SPLIT = re.compile(r"\s*[;|]\s*")


def _status(word: str, name: str, row: int) -> str | None:
    w = " ".join(word.casefold().split())
    if not w:
        return None
    for status, words in _STATUS_WORDS.items():
        if w in words:
            return status
    raise FormatError(f"row {row}: status {word!r} is not preferred, allowed or forbidden", name)


def _columns(first: list[str]) -> tuple[dict[str, int], bool]:
    cells = [" ".join(c.casefold().replace("_", " ").split()) for c in first]
    found = {key: next((i for i, c in enumerate(cells) if c in names), -1) for key, names in _NAMES.items()}
    if found["source"] >= 0 and found["target"] >= 0:
        return found, True
    return {key: i for i, key in enumerate(_NAMES)}, False


def _forms(cell: str) -> list[str]:
    return [f for f in _SPLIT.split(cell.strip()) if f]


def rows_to_termbase(rows: list[list[str]], name: str, source_lang: str = "",
                     target_lang: str = "") -> Termbase:
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        raise FormatError("the glossary has no rows", name)
    cols, header = _columns(rows[0])
    tb = Termbase(source_lang, target_lang, name=name)
    order: list[str] = []
    gathered: dict[str, dict] = {}
    for n, row in enumerate(rows[1:] if header else rows, 2 if header else 1):
        def cell(key: str) -> str:
            i = cols[key]
            return row[i].strip() if 0 <= i < len(row) else ""
        sources, target = _forms(cell("source")), cell("target")
        if not sources or not target:
            raise FormatError(f"row {n}: a glossary row needs a source term and a target term", name)
        key = sources[0].casefold()
        if key not in gathered:
            order.append(key)
            gathered[key] = {"source": sources, "terms": [], "note": ""}
        g = gathered[key]
        g["source"] += [s for s in sources if s not in g["source"]]
        status, note = _status(cell("status"), name, n), cell("note")
        first = not g["terms"]
        if ((first and status is None) or status == PREFERRED) and not g["note"] and note:
            g["note"], note = note, ""  # the note on an entry's main row is about the entry
        g["terms"].append((target, status, note))
        g["terms"] += [(v, ALLOWED, "") for v in _forms(cell("variants"))]
        if first and status is None:
            g["terms"][0] = (target, PREFERRED, g["terms"][0][2])
    for i, key in enumerate(order, 1):
        g = gathered[key]
        seen: set[tuple[str, str]] = set()
        target_terms = []
        for text, status, note in g["terms"]:
            status = status or ALLOWED
            if (text, status) not in seen:
                seen.add((text, status))
                target_terms.append(Term(text, status, note))
        tb.entries.append(TermEntry(f"t{i}", tuple(Term(s) for s in g["source"]), tuple(target_terms),
                                    g["note"]))
    return tb


def termbase_rows(tb: Termbase) -> list[list[str]]:
    """The table a glossary file holds, header first: one row per preferred or forbidden rendering or
    allowed rendering with a note; allowed renderings without a note go in the preferred row's variants."""
    out = [list(HEADER)]
    for e in tb.entries:
        source = "; ".join(t.text for t in e.source)
        plain = [t for t in e.target if t.status == ALLOWED and not t.note]
        main = e.preferred
        rows: list[list[str]] = []
        for t in e.target:
            if t is main:
                rows.append([source, t.text, t.status, "; ".join(v.text for v in plain),
                             e.note or t.note])
            elif not (t.status == ALLOWED and not t.note and main is not None):
                rows.append([source, t.text, t.status, "", t.note])
        if main is None and e.note and rows:
            rows[0][4] = e.note
        out += rows
    return out


def read_glossary(path: Path, source_lang: str = "", target_lang: str = "") -> Termbase:
    name = path.name
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        rows = read_xlsx(path, name)
    else:
        rows = read_delimited(path.read_bytes(), name, suffix)
    return rows_to_termbase(rows, name, source_lang, target_lang)


def write_glossary(tb: Termbase, path: Path) -> None:
    rows = termbase_rows(tb)
    if path.suffix.lower() == ".xlsx":
        import openpyxl
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "glossary"
        for row in rows:
            ws.append(row)
        wb.save(str(path))
        return
    buf = io.StringIO()
    csv.writer(buf, delimiter="\t" if path.suffix.lower() == ".tsv" else ",", lineterminator="\n").writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8-sig")  # with a BOM, so spreadsheet programs read UTF-8
