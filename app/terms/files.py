"""Reading and writing a termbase file, by its suffix: .tbx (or .xml) as TBX, .csv/.tsv/.xlsx as a glossary."""

from __future__ import annotations

from pathlib import Path

from litlens.app.formats.errors import FormatError
from litlens.app.terms.glossary import read_glossary, write_glossary
from litlens.app.terms.model import Termbase
from litlens.app.terms.tbx import read_tbx, write_tbx

TBX_SUFFIXES = (".tbx", ".xml")
TABLE_SUFFIXES = (".csv", ".tsv", ".xlsx")
SUFFIXES = TBX_SUFFIXES + TABLE_SUFFIXES


class TermbaseError(FormatError):
    """A termbase file that cannot be read or written."""


def _check(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise TermbaseError(f"a termbase is a {', '.join(SUFFIXES)} file", path.name)
    return suffix


def load_termbase(path: str | Path, source_lang: str | None = None, target_lang: str | None = None) -> Termbase:
    from litlens.app.texts.limits import FileRefused, refuse_unless_regular
    path = Path(path)
    suffix = _check(path)
    try:
        refuse_unless_regular(path)  # a FIFO or a device would block or never end
    except FileRefused as exc:
        raise TermbaseError(str(exc), path.name) from None
    try:
        if suffix in TBX_SUFFIXES:
            tb = read_tbx(path.read_bytes(), path.name, source_lang, target_lang)
        else:
            tb = read_glossary(path, source_lang or "", target_lang or "")
    except OSError as exc:
        raise TermbaseError(f"cannot read the termbase ({exc.strerror})", path.name) from None
    tb.name = path.name
    return tb


def save_termbase(tb: Termbase, path: str | Path) -> None:
    path = Path(path)
    if _check(path) in TBX_SUFFIXES:
        path.write_bytes(write_tbx(tb))
    else:
        write_glossary(tb, path)
