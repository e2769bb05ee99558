"""The revised translation itself, as the reviewer left it: plain text, Word, or XLIFF for the CAT tool.

A project imported from XLIFF 1.2 gets its own file back with each edited segment's target replaced,
under the segment IDs it came with (Trados/memoQ ``mrk`` segments included) and its inline codes kept in
place among the edited words; otherwise a fresh XLIFF 1.2
file is written from the aligned paragraphs, IDs kept where the import had them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lxml import etree

from litlens.app.core.files import replaced_atomically

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


def _write_xliff(project: Project, cand: Candidate, out: Path) -> list[str]:
    from .xliff_out import _original
    original = _original(project, cand)
    if original is not None:
        return _write_back(cand, original, out)
    from translate.storage import xliff
    store = xliff.xlifffile(sourcelanguage=project.source.language, targetlanguage=cand.text.language)
    name = Path(project.source.path or project.name).name
    store.setfilename(store.getfilenode("NoName"), name)
    src, tgt = project.source.paragraphs, cand.text.paragraphs
    ids = cand.text.segment_ids
    for k, pair in enumerate(cand.alignment.pairs if cand.alignment else [], 1):
        if not pair.target:
            continue
        unit = store.addsourceunit("\n".join(src[i].text for i in pair.source), filename=name)
        first = pair.target[0]
        unit.setid(ids[first] if len(pair.target) == 1 and first < len(ids) else str(k))
        unit.target = "\n".join(tgt[i].text for i in pair.target)
    out.write_bytes(etree.tostring(store.document, xml_declaration=True, encoding="UTF-8", pretty_print=True))
    return []


def _write_back(cand: Candidate, original: Path, out: Path) -> list[str]:
    """The imported file with every changed target replaced; unchanged segments keep their markup, and an
    edited segment keeps its inline codes, placed among the new words (``app.formats.inline``)."""
    from litlens.app.formats import inline
    from litlens.app.formats.xliff import child_element, open_xliff12, segment_markers
    store, segs = open_xliff12(original.read_bytes(), original.name)
    text_of = dict(zip(cand.text.segment_ids, (p.text for p in cand.text.paragraphs)))
    warnings = []
    for seg in segs:
        new = text_of.get(seg.seg_id)
        if new is None or new == seg.target:
            continue
        tgt = child_element(seg.unit.xmlelement, "target")
        if seg.mid is not None:
            tgt = segment_markers(tgt).get(seg.mid)
        if tgt is None:
            seg.unit.target = inline.strip_placeholders(new)
            continue
        pieces = inline.pieces_of(tgt)
        if inline.PLACEHOLDER.search(new):  # placed by the reviewer in an editor that shows the codes
            pieces, gone = inline.from_placeholders(new, pieces)
            if gone:
                warnings.append(f"segment {seg.seg_id}: code(s) {' '.join(gone)} had been deleted in the "
                                f"edit and were put back beside the words they belonged to")
        else:
            pieces = inline.placed(pieces, new)
        inline.write_pieces(tgt, pieces)
    out.write_bytes(etree.tostring(store.document, xml_declaration=True, encoding="UTF-8"))
    return warnings
