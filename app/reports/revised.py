"""The revised translation itself, as the reviewer left it: plain text, Word, or the CAT file it came from.

A project imported from a CAT file (XLIFF 1.2, Trados SDLXLIFF, memoQ MQXLIFF, XLIFF 2, TMX) gets that
file back, in its own format, with only the segments the reviewer edited rewritten
(``app.formats.writeback``: everything else byte for byte, inline codes kept, statuses updated);
otherwise a fresh XLIFF 1.2 file is written from the aligned paragraphs, IDs kept where the import had them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from litlens.app.core.counts import noun
from litlens.app.core.files import replaced_atomically
from litlens.app.formats.writeback import original_file  # where it lives; imported from here by the window

from .collect import ReportError

if TYPE_CHECKING:
    from litlens.app.core.model import Candidate, Project

REVISED_FORMATS = ("txt", "docx", "xliff")


def write_revised(project: Project, label: str, fmt: str, path: str | Path) -> list[str]:
    """Write candidate ``label``'s current text as ``fmt``; return warnings meant for the user."""
    if fmt not in REVISED_FORMATS:
        raise ReportError(f"unknown format {fmt!r} for the translation (choose from {', '.join(REVISED_FORMATS)})")
    cand = project.candidate(label)
    with replaced_atomically(path) as out:  # all of the translation or none of it, never half
        return _write(project, cand, fmt, out)


def _write(project: Project, cand: Candidate, fmt: str, out: Path) -> list[str]:
    paras = [p.text for p in cand.text.paragraphs]
    if fmt == "txt":
        out.write_text("\n\n".join(paras) + "\n", encoding="utf-8")
        return []
    if fmt == "docx":
        import docx
        document = docx.Document()
        for text in paras:
            document.add_paragraph(text)
        document.save(str(out))
        return []
    return _write_xliff(project, cand, out)


def translation_suffix(project: Project, label: str) -> str:
    """The file suffix the revised translation is written with as ``xliff``: the original file's own
    (``.sdlxliff`` stays ``.sdlxliff``, a TMX stays ``.tmx``), else ``.xlf``."""
    original = original_file(project, project.candidate(label))
    return original.suffix if original is not None and original.suffix else ".xlf"


def _write_xliff(project: Project, cand: Candidate, out: Path) -> list[str]:
    original = original_file(project, cand)
    if original is not None:
        from litlens.app.formats import FormatError
        try:
            return _write_back(project, cand, original, out)
        except FormatError as exc:
            notes = [f"{original.name} could not be written back into ({exc}); wrote a fresh XLIFF 1.2 "
                     "file from the segments instead"]
            return notes + _write_fresh(project, cand, out)
    return _write_fresh(project, cand, out)


def _write_fresh(project: Project, cand: Candidate, out: Path) -> list[str]:
    from .xliff_out import fresh_xliff
    out.write_bytes(fresh_xliff(project, cand))
    return []


def _write_back(project: Project, cand: Candidate, original: Path, out: Path) -> list[str]:
    """The imported file with only the edited segments rewritten (see app.formats.writeback)."""
    from litlens.app.formats.writeback import open_cat, revise, stale_sources
    cat = open_cat(original, project.source.language, cand.text.language)
    paragraphs = dict(zip(cand.text.segment_ids, (p.text for p in cand.text.paragraphs)))
    warnings = []
    sources = dict(zip(project.source.segment_ids, (p.text for p in project.source.paragraphs)))
    stale = stale_sources(cat, sources)
    if stale:
        warnings.append(f"{original.name} has changed since it was imported ({noun(len(stale), 'segment')} "
                        f"{'has' if len(stale) == 1 else 'have'} another source text, e.g. {', '.join(stale[:5])}); the edits went to the same IDs")
    splicer, said, _edited = revise(cat, paragraphs)
    out.write_bytes(splicer.result())
    return warnings + said
