"""Read a document from disk into plain text: .txt/.md (and anything else that decodes as text) and .docx."""

from __future__ import annotations

import stat
import zipfile
from pathlib import Path

from .encoding import decode_bytes, normalise_newlines
from .errors import TextReadError
from .limits import FileRefused, read_regular_file

MAX_FILE_BYTES = 50 * 1024 * 1024
# A .docx is a zip; these limits refuse zip bombs before python-docx inflates anything.
MAX_DOCX_XML_BYTES = 200 * 1024 * 1024
MAX_DOCX_TOTAL_BYTES = 1024 * 1024 * 1024
MAX_COMPRESSION_RATIO = 100
# Small parts may compress very well legitimately (repetitive XML), so the ratio only counts above this.
RATIO_CHECK_MIN_BYTES = 1024 * 1024

_REFUSED = {
    ".doc": "old Word .doc files are not supported; save it as .docx or plain text",
    ".pdf": "PDF files are not supported; export the text as .txt or .docx",
    ".odt": "OpenDocument files are not supported; save it as .docx or plain text",
    ".rtf": "RTF files are not supported; save it as .docx or plain text",
}

# Bilingual CAT files hold source and translation together as XML. Read as one plain text, their markup
# would be judged as prose, so they are refused here, where every plain reader passes, and pointed at
# the bilingual import (app.formats). Kept in step with app.formats' suffix list.
BILINGUAL_XML_SUFFIXES = {".xlf": "XLIFF", ".xliff": "XLIFF", ".xlf2": "XLIFF", ".sdlxliff": "SDLXLIFF",
                          ".mqxliff": "MQXLIFF", ".tmx": "TMX"}
_XML_STARTS = ("<?xml", "<!doctype", "<xliff", "<tmx", "<!--")
# How far into a decoded text to look for the root element of a sniffed XML document.
SNIFF_CHARS = 4096


def _bilingual_message(kind: str) -> str:
    return (f"this is a bilingual {kind} file (source and translation in one), not a plain text; open it "
            "as a bilingual file instead (litlens evaluate --bilingual FILE)")


def refuse_markup(content: str, name: str) -> None:
    """Raise TextReadError when decoded ``content`` is an XML document rather than prose, whatever
    the file is called (a renamed .xlf is still XLIFF). Looks at the start only and never parses, so
    malformed XML and documents that declare entities are refused the same way, without expanding
    anything."""
    head = content[:SNIFF_CHARS].lstrip("\ufeff \t\n").lower()
    if not head.startswith(_XML_STARTS):
        return
    if "<xliff" in head or ":xliff" in head:
        raise TextReadError(_bilingual_message("XLIFF"), name)
    if "<tmx" in head:
        raise TextReadError(_bilingual_message("TMX"), name)
    if head.startswith(("<?xml", "<!doctype")):
        raise TextReadError("this is an XML document, not a plain text; save the text as .txt or .docx "
                            "(a bilingual XLIFF or TMX file goes with --bilingual FILE)", name)


def read_document(path: str | Path) -> tuple[str, str]:
    """Return (content, encoding) for a .txt, .md, .docx or other plain-text file.

    Markdown is kept exactly as written (only newlines are normalised), so offsets match what the user
    sees in an editor. A .docx reports the encoding ``"docx"``.
    """
    p = Path(path)
    name = p.name or str(p)
    try:
        if not p.exists():
            raise TextReadError("file not found", name)
        if p.is_dir():
            raise TextReadError("this is a folder, not a file", name)
        info = p.stat()
        if not stat.S_ISREG(info.st_mode):  # /dev/zero never ends, a FIFO blocks until someone writes
            raise TextReadError("this is not a regular file (a device, a pipe or a socket)", name)
        size = info.st_size
    except OSError as exc:
        raise TextReadError(f"the file cannot be opened ({exc.strerror or exc})", name) from None
    if size > MAX_FILE_BYTES:
        raise TextReadError(
            f"the file is too large ({size / 1024 / 1024:.0f} MB; the limit is "
            f"{MAX_FILE_BYTES // 1024 // 1024} MB); split it into smaller parts", name)
    suffix = p.suffix.lower()
    if suffix in _REFUSED:
        raise TextReadError(_REFUSED[suffix], name)
    if suffix in BILINGUAL_XML_SUFFIXES:
        raise TextReadError(_bilingual_message(BILINGUAL_XML_SUFFIXES[suffix]), name)
    if suffix == ".docx":
        return _read_docx(p, name), "docx"
    try:
        data = read_regular_file(p, MAX_FILE_BYTES)
    except FileRefused as exc:
        raise TextReadError(str(exc), name) from None
    except OSError as exc:
        raise TextReadError(f"the file cannot be read ({exc.strerror or exc})", name) from None
    content, encoding = decode_bytes(data, name)
    refuse_markup(content, name)
    return content, encoding


def _check_zip(p: Path, name: str) -> None:
    try:
        with zipfile.ZipFile(p) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise TextReadError("this is not a valid Word document (the file is damaged or not a .docx)",
                            name) from None
    names = {i.filename for i in infos}
    if "word/document.xml" not in names:
        raise TextReadError("this zip file is not a Word document (it has no word/document.xml)", name)
    total = 0
    for info in infos:
        total += info.file_size
        if info.filename == "word/document.xml" and info.file_size > MAX_DOCX_XML_BYTES:
            raise TextReadError("the document text is unreasonably large once unpacked; refusing to "
                                "open it (it may be a 'zip bomb')", name)
        if (info.file_size > RATIO_CHECK_MIN_BYTES
                and info.file_size > MAX_COMPRESSION_RATIO * max(info.compress_size, 1)):
            raise TextReadError(f"a part of this document ({info.filename}) unpacks to more than "
                                f"{MAX_COMPRESSION_RATIO} times its size; refusing to open it "
                                "(it may be a 'zip bomb')", name)
    if total > MAX_DOCX_TOTAL_BYTES:
        raise TextReadError("the document is unreasonably large once unpacked; refusing to open it", name)


def _read_docx(p: Path, name: str) -> str:
    _check_zip(p, name)
    import docx  # imported here: python-docx (and lxml) is only needed for Word files
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    try:
        document = docx.Document(str(p))
        blocks: list[str] = []
        # Walk the body in order so text in tables stays where the author put it.
        for child in document.element.body.iterchildren():
            tag = child.tag.rsplit("}", 1)[-1]
            if tag == "p":
                blocks.append(Paragraph(child, document).text)
            elif tag == "tbl":
                seen: list[object] = []  # merged cells repeat across the row; keep each once
                for row in Table(child, document).rows:
                    for cell in row.cells:
                        if not any(cell._tc is tc for tc in seen):
                            seen.append(cell._tc)
                            blocks.extend(par.text for par in cell.paragraphs)
    except Exception:  # python-docx raises many types (KeyError, lxml, zip, package errors) for bad files
        raise TextReadError("this Word document is damaged and cannot be read", name) from None
    text = "\n\n".join(normalise_newlines(b).strip("\n") for b in blocks if b.strip())
    if not text.strip():
        raise TextReadError("the document is empty (it has no text paragraphs)", name)
    return text
