"""Import of CAT-tool and bilingual files (XLIFF 1.2/2.x, SDLXLIFF, MQXLIFF, TMX, Word review tables,
CSV/TSV/XLSX) into a source and a target Text whose paragraphs are the file's segments, IDs kept."""

from __future__ import annotations

from pathlib import Path

from litlens.app.core.model import Project
from litlens.app.texts import build_project

from .bilingual import Bilingual, Pair, build_bilingual
from .errors import FormatError, UnsafeXMLError

MAX_FILE_BYTES = 50 * 1024 * 1024
XLIFF_SUFFIXES = (".xlf", ".xliff", ".sdlxliff", ".mqxliff", ".xlf2")
SUFFIXES = (*XLIFF_SUFFIXES, ".tmx", ".docx", ".csv", ".tsv", ".tab", ".xlsx")

__all__ = [
    "SUFFIXES",
    "Bilingual",
    "FormatError",
    "Pair",
    "UnsafeXMLError",
    "is_bilingual_file",
    "load_bilingual",
    "project_from_bilingual",
]


def is_bilingual_file(path: str | Path) -> bool:
    """True for the file types load_bilingual reads (by extension; .docx only as a review table)."""
    return Path(path).suffix.lower() in SUFFIXES


def _read_bytes(p: Path, name: str) -> bytes:
    try:
        if not p.is_file():
            raise FormatError("file not found" if not p.exists() else "this is not a file", name)
        if p.stat().st_size > MAX_FILE_BYTES:
            raise FormatError(f"the file is too large (the limit is {MAX_FILE_BYTES // 1024 // 1024} MB)", name)
        return p.read_bytes()
    except OSError as exc:
        raise FormatError(f"the file cannot be read ({exc.strerror or exc})", name) from None


def load_bilingual(path: str | Path, *, source_lang: str | None = None,
                   target_lang: str | None = None) -> Bilingual:
    """Read a bilingual file. Languages given here win over those the file declares.

    Raises FormatError (a TextReadError) with a message for people; UnsafeXMLError for XML that
    declares entities.
    """
    from .tables import docx_pairs, read_delimited, read_xlsx, rows_to_pairs
    from .tmx import read_tmx
    from .xliff import read_xliff
    p = Path(path)
    name = p.name or str(p)
    suffix = p.suffix.lower()
    if suffix in (".docx", ".xlsx"):
        _read_bytes(p, name)  # same existence and size checks as the others
    data = b"" if suffix in (".docx", ".xlsx") else _read_bytes(p, name)
    if suffix not in SUFFIXES:
        head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
        if head.startswith(b"<") and b"<tmx" in data[:4096]:
            suffix = ".tmx"
        elif head.startswith(b"<"):
            suffix = ".xlf"
        else:
            raise FormatError("not a bilingual file LitLens can read (XLIFF, SDLXLIFF, MQXLIFF, TMX, DOCX "
                              "table, CSV, TSV or XLSX)", name)
    file_src = file_tgt = None
    if suffix in XLIFF_SUFFIXES:
        pairs, fmt, file_src, file_tgt = read_xliff(data, name, suffix)
    elif suffix == ".tmx":
        pairs, file_src, file_tgt = read_tmx(data, name, source_lang, target_lang)
        fmt = "tmx"
    elif suffix == ".docx":
        pairs, cols = docx_pairs(p, name, source_lang, target_lang)
        fmt, file_src, file_tgt = "docx-table", cols.source_lang, cols.target_lang
    else:
        rows = read_xlsx(p, name) if suffix == ".xlsx" else read_delimited(data, name, suffix)
        pairs, cols = rows_to_pairs(rows, name, source_lang, target_lang)
        fmt = {".xlsx": "xlsx", ".csv": "csv"}.get(suffix, "tsv")
        file_src, file_tgt = cols.source_lang, cols.target_lang
    notes: list[str] = []
    src_lang = source_lang or file_src or _read_language(pairs, "source", notes)
    tgt_lang = target_lang or file_tgt or _read_language(pairs, "target", notes)
    return build_bilingual(pairs, fmt, name, str(p), source_lang=src_lang, target_lang=tgt_lang, notes=notes)


def _read_language(pairs: list[Pair], side: str, notes: list[str]) -> str | None:
    """The language one side reads as, when the file declares none and the detector is sure (a file's
    French targets are not labelled English for want of a declaration); None leaves the usual guess."""
    from litlens.app.core.languages import language_name
    from litlens.app.texts.detect import CONFIDENT, detect
    sample = "\n\n".join(getattr(p, side) for p in pairs[:200])
    found = detect(sample)
    if found is None or found[1] < CONFIDENT:
        return None
    notes.append(f"the file declares no {side} language; its {side} text reads as {language_name(found[0])} "
                 f"({found[0]})")
    return found[0]


def project_from_bilingual(path: str | Path, label: str = "Translation", *, name: str | None = None,
                           source_lang: str | None = None, target_lang: str | None = None) -> Project:
    """A Project of the file's source and its one translation, aligned segment for segment."""
    bi = load_bilingual(path, source_lang=source_lang, target_lang=target_lang)
    try:
        return build_project(name or Path(path).stem, bi.source, [(label, bi.target)])
    except ValueError as exc:
        raise FormatError(str(exc), Path(path).name) from None
