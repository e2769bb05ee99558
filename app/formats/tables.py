"""Bilingual tables: CSV, TSV, XLSX sheets and two-column review tables in Word documents.

Rows are read with the standard csv module, openpyxl and python-docx; this module only decides which
columns hold the segment ID, the source and the target (by header names or language codes, else by
position) and turns rows into segment pairs.
"""

from __future__ import annotations

import csv
import io
import re
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path

from litlens.app.texts import decode_bytes

from .bilingual import Pair
from .errors import FormatError

_ID_NAMES = {"id", "segment id", "seg id", "segment", "segment no", "segment number", "no", "no.", "#",
             "key", "tuid", "unit id", "string id", "row id"}
_SOURCE_NAMES = {"source", "src", "source text", "source segment", "original", "original text"}
_TARGET_NAMES = {"target", "tgt", "target text", "target segment", "translation", "translated text",
                 "translated"}
_LANG = re.compile(r"^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$")
# A .xlsx is a zip; refuse archives that unpack to absurd sizes before openpyxl inflates them.
_MAX_UNPACKED = 512 * 1024 * 1024
_MAX_RATIO = 200


@dataclass
class Columns:
    source: int
    target: int
    id: int | None
    header: bool
    source_lang: str | None = None
    target_lang: str | None = None


def _norm(cell: str) -> str:
    return " ".join(cell.strip().lower().replace("_", " ").split())


def _primary(code: str) -> str:
    return code.replace("_", "-").split("-")[0].lower()


def find_columns(first: list[str], width: int, source_lang: str | None,
                 target_lang: str | None) -> Columns | None:
    """Which columns are which, from a header row when there is one, else from the table's width."""
    names = [_norm(c) for c in first]
    idx_id = next((i for i, n in enumerate(names) if n in _ID_NAMES), None)
    src = next((i for i, n in enumerate(names) if n in _SOURCE_NAMES), None)
    tgt = next((i for i, n in enumerate(names) if n in _TARGET_NAMES), None)
    langs = [i for i, n in enumerate(names) if _LANG.match(n) and i != idx_id]
    slang = tlang = None
    if (src is None or tgt is None) and len(langs) >= 2:
        # memoQ/Trados exports name the text columns by language ("en-us", "ko-kr").
        by_lang = {_primary(names[i]): i for i in langs}
        src = by_lang.get(_primary(source_lang)) if source_lang else None
        tgt = by_lang.get(_primary(target_lang)) if target_lang else None
        src = langs[0] if src is None else src
        tgt = next((i for i in langs if i != src), None) if tgt is None else tgt
        slang, tlang = names[src], names[tgt] if tgt is not None else None
    if src is None:  # "Source segment (en)" style names
        src = next((i for i, n in enumerate(names) if n.startswith("source")), None)
    if tgt is None:
        tgt = next((i for i, n in enumerate(names) if n.startswith(("target", "translation"))), None)
    if src is not None and tgt is not None and src != tgt:
        return Columns(src, tgt, idx_id, True, slang, tlang)
    if width == 2:
        return Columns(0, 1, None, False)
    if width == 3:
        return Columns(1, 2, 0, False)
    return None


def rows_to_pairs(rows: list[list[str]], name: str, source_lang: str | None, target_lang: str | None,
                  where: str = "the table") -> tuple[list[Pair], Columns]:
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        raise FormatError(f"{where} is empty", name)
    width = max(len(r) for r in rows)
    cols = find_columns(rows[0], width, source_lang, target_lang)
    if cols is None:
        raise FormatError(f"cannot tell which columns of {where} hold the source and the translation; "
                          "name them 'source' and 'target' (and 'id') in the first row", name)
    pairs = []
    for n, row in enumerate(rows[1:] if cols.header else rows, 2 if cols.header else 1):
        seg_id = _at(row, cols.id).strip() or str(n)  # no ID column: the row number the user sees
        pairs.append(Pair(seg_id, _at(row, cols.source), _at(row, cols.target)))
    return pairs, cols


def _at(row: list[str], i: int | None) -> str:
    return row[i] if i is not None and i < len(row) else ""


def read_delimited(data: bytes, name: str, suffix: str) -> list[list[str]]:
    text, _enc = decode_bytes(data, name)
    if suffix == ".tsv" or suffix == ".tab":
        delimiter = "\t"
    else:
        try:
            delimiter = csv.Sniffer().sniff(text[:8192], delimiters=",;\t").delimiter
        except csv.Error:
            delimiter = ","
    try:
        return [list(r) for r in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)]
    except csv.Error as exc:
        raise FormatError(f"this table cannot be read ({exc})", name) from None


def check_zip(path: Path, name: str, required: str, what: str) -> None:
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise FormatError(f"this is not a valid {what} (the file is damaged or of another kind)", name) from None
    if not any(i.filename.startswith(required) for i in infos):
        raise FormatError(f"this zip file is not a {what}", name)
    total = sum(i.file_size for i in infos)
    if total > _MAX_UNPACKED or any(i.file_size > 1024 * 1024 and i.file_size > _MAX_RATIO *
                                    max(i.compress_size, 1) for i in infos):
        raise FormatError(f"this {what} unpacks to an unreasonable size; refusing to open it (it may be a "
                          "'zip bomb')", name)


def _cell(v: object) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def read_xlsx(path: Path, name: str) -> list[list[str]]:
    check_zip(path, name, "xl/", "spreadsheet (.xlsx)")
    import openpyxl
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about styles and extensions it skips
            wb = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
            try:
                for ws in wb.worksheets:
                    rows = [[_cell(v) for v in row] for row in ws.iter_rows(values_only=True)]
                    if any(any(c.strip() for c in r) for r in rows):
                        return rows
            finally:
                wb.close()
    except FormatError:
        raise
    except Exception as exc:  # openpyxl raises many types for damaged workbooks
        raise FormatError(f"this spreadsheet is damaged and cannot be read ({type(exc).__name__})", name) from None
    raise FormatError("the spreadsheet is empty", name)


def read_docx_tables(path: Path, name: str) -> list[list[list[str]]]:
    """Every table of a Word document as rows of cell texts (merged cells counted once per row)."""
    check_zip(path, name, "word/document.xml", "Word document (.docx)")
    import docx
    try:
        document = docx.Document(str(path))
        tables = []
        for table in document.tables:
            rows = []
            for row in table.rows:
                cells, seen = [], []
                for c in row.cells:
                    if not any(c._tc is s for s in seen):
                        seen.append(c._tc)
                        cells.append(c.text)
                rows.append(cells)
            tables.append(rows)
    except Exception as exc:
        raise FormatError(f"this Word document is damaged and cannot be read ({type(exc).__name__})", name) from None
    return tables


def docx_pairs(path: Path, name: str, source_lang: str | None,
               target_lang: str | None) -> tuple[list[Pair], Columns]:
    """The first table that reads as a bilingual review table (source and target columns)."""
    tables = read_docx_tables(path, name)
    for n, rows in enumerate(tables, 1):
        if not rows or max(len(r) for r in rows) < 2:
            continue
        try:
            return rows_to_pairs(rows, name, source_lang, target_lang, where=f"table {n}")
        except FormatError:
            continue
    raise FormatError("the document has no bilingual table (a table with source and target columns); "
                      "to review a plain Word document, open it as a source or translation file", name)
