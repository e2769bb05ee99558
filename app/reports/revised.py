"""The revised translation itself, as the reviewer left it: plain text, Word, or XLIFF for the CAT tool.

A project imported from XLIFF 1.2 gets its own file back with each edited segment's target replaced,
under the segment IDs it came with (Trados/memoQ ``mrk`` segments included); otherwise a fresh XLIFF 1.2
file is written from the aligned paragraphs, IDs kept where the import had them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lxml import etree

from .collect import ReportError

if TYPE_CHECKING:
    from litlens.app.core.model import Candidate, Project

REVISED_FORMATS = ("txt", "docx", "xliff")


def write_revised(project: Project, label: str, fmt: str, path: str | Path) -> list[str]:
    """Write candidate ``label``'s current text as ``fmt``; return warnings meant for the user."""
    if fmt not in REVISED_FORMATS:
        raise ReportError(f"unknown format {fmt!r} for the translation (choose from {', '.join(REVISED_FORMATS)})")
    cand = project.candidate(label)
    out = Path(path)
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
    """The imported file with every changed target replaced; unchanged segments keep their markup."""
    from litlens.app.formats.xliff import _child, _seg_markers, open_xliff12
    store, segs = open_xliff12(original.read_bytes(), original.name)
    text_of = dict(zip(cand.text.segment_ids, (p.text for p in cand.text.paragraphs)))
    flattened = []
    for seg in segs:
        new = text_of.get(seg.seg_id)
        if new is None or new == seg.target:
            continue
        tgt = _child(seg.unit.xmlelement, "target")
        if seg.mid is not None:
            tgt = _seg_markers(tgt).get(seg.mid)
        if tgt is None:
            seg.unit.target = new
            continue
        if len(tgt):
            flattened.append(seg.seg_id)  # its inline codes cannot be placed in the edited words
        for child in list(tgt):
            tgt.remove(child)
        tgt.text = new
    out.write_bytes(etree.tostring(store.document, xml_declaration=True, encoding="UTF-8"))
    return [f"{len(flattened)} edited segment(s) lost their inline formatting codes: "
            f"{', '.join(flattened[:10])}"] if flattened else []
