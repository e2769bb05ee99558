"""The reviewed translation written into the CAT file it came from, changing only what the reviewer changed.

The file is read again exactly as the import read it (same segments, same IDs, same cleaning of each
target into a paragraph). A segment counts as edited only when its paragraph now differs from what the
import made of it, so whitespace, blank lines or decomposed Unicode in the file never count as edits.
Only an edited segment's target is rewritten, on the file's own characters (``xmlsource``): every other
byte — encoding, byte-order mark, line endings, CDATA, character references, untouched segments — is
written back as it was. In an edited segment the unchanged stretches keep their original characters too
(the edit is applied as a difference), its inline codes keep their markup and stay between the words they
stood between, and its status is set the way its tool marks a changed, not yet confirmed segment:

=====================  ===========================================================================
XLIFF 1.2              ``<target state="translated">`` (``state-qualifier`` dropped: the match it
                       described is gone); a unit ``approved="yes"`` becomes ``approved="no"``
Trados SDLXLIFF        the segment's ``<sdl:seg conf="Draft">`` (what Studio shows for an edited,
                       unconfirmed segment) and ``origin="interactive"`` where an origin is given
memoQ MQXLIFF          the unit's ``mq:status="PartiallyEdited"`` (memoQ's "edited, not confirmed")
XLIFF 2                ``<segment state="translated">``, ``subState`` dropped
TMX                    the target ``<tuv>``'s ``changedate`` when it has one
=====================  ===========================================================================
"""

from __future__ import annotations

import datetime as _dt
import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from lxml import etree

from . import inline
from .bilingual import Pair, kept_segments, segment_text
from .errors import FormatError
from .safexml import local, parse_xml
from .xmlsource import SourceError, Splicer, XmlSource, prefixed

if TYPE_CHECKING:
    from litlens.app.core.model import Candidate, Project

SDL_NS = "http://sdl.com/FileTypes/SdlXliff/1.0"
MQ_NS = "MQXliff"
CAT_FORMATS = ("xliff-1.2", "sdlxliff", "mqxliff", "xliff-2", "tmx")
EDITED_XLIFF12 = "translated"
EDITED_SDL = "Draft"
EDITED_MEMOQ = "PartiallyEdited"
EDITED_XLIFF2 = "translated"


@dataclass
class Site:
    """Where one segment's target is in the file."""

    seg_id: str
    source: str  # the readable source text as in the file
    target: str  # the readable target text as in the file
    paragraph: str  # what the import made of ``target``
    target_el: etree._Element  # <target>, its <mrk mtype="seg">, or the TMX <seg>
    unit_el: etree._Element  # <trans-unit>, the XLIFF 2 <segment>, or the TMX <tu>
    mid: str | None = None


@dataclass
class CatFile:
    name: str
    format: str
    root: etree._Element
    source: XmlSource
    sites: list[Site]
    languages: tuple[str | None, str | None] = (None, None)
    notes: list[str] = field(default_factory=list)
    _by_id: dict[str, Site] = field(default_factory=dict, repr=False)

    def site(self, seg_id: str) -> Site | None:
        if len(self._by_id) != len(self.sites):
            self._by_id = {s.seg_id: s for s in self.sites}
        return self._by_id.get(seg_id)


def cat_format(root: etree._Element, suffix: str) -> str | None:
    """The kind of CAT file, from its root and namespaces (the suffix only breaks ties)."""
    from .xliff import xliff_major_version
    if local(root.tag) == "tmx":
        return "tmx"
    if local(root.tag) != "xliff":
        return None
    if xliff_major_version(root) == 2:
        return "xliff-2"
    spaces = set(root.nsmap.values()) | {v for el in root.iter("{*}trans-unit") for v in el.nsmap.values()}
    if SDL_NS in spaces or suffix == ".sdlxliff":
        return "sdlxliff"
    if MQ_NS in spaces or suffix == ".mqxliff":
        return "mqxliff"
    return "xliff-1.2"


def original_file(project: Project, cand: Candidate) -> Path | None:
    """The CAT file this candidate was imported from, when it still exists and is one LitLens can write
    back into."""
    path = cand.text.path
    if not path or not cand.text.segment_ids or path != project.source.path:
        return None
    p = Path(path)
    if not p.is_file():
        return None
    if cand.text.encoding in CAT_FORMATS or p.suffix.lower() in (".xlf", ".xliff", ".sdlxliff", ".mqxliff",
                                                                  ".xlf2", ".tmx"):
        return p
    return None


def open_cat(path: str | Path, source_lang: str | None = None, target_lang: str | None = None) -> CatFile:
    """Read a CAT file for writing back: its segments as the import numbered them."""
    p = Path(path)
    data = p.read_bytes()
    root = parse_xml(data, p.name)
    fmt = cat_format(root, p.suffix.lower())
    if fmt is None:
        raise FormatError(f"this is not a CAT file LitLens can write back into (<{local(root.tag)}>)", p.name)
    raw: list[tuple[Pair, etree._Element | None, etree._Element, str | None]] = []
    langs: tuple[str | None, str | None]
    if fmt == "tmx":
        from .tmx import open_tmx
        segs, src, tgt = open_tmx(data, p.name, source_lang, target_lang, root=root)
        raw = [(Pair(s.seg_id, s.source, s.target), s.target_el, s.tu_el, None) for s in segs]
        langs = (src, tgt)
    elif fmt == "xliff-2":
        from .xliff import open_xliff2
        store, segs2 = open_xliff2(root, p.name)
        raw = [(Pair(s.seg_id, s.source, s.target), s.target_el, s.segment_el, None) for s in segs2]
        langs = (store.getsourcelanguage() or None, store.gettargetlanguage() or None)
    else:
        from .xliff import languages12, open_xliff12
        store, segs12 = open_xliff12(data, p.name, root=root)
        raw = [(Pair(s.seg_id, s.source, s.target), s.target_el, s.unit_el, s.mid) for s in segs12]
        langs = languages12(store)
    kept, _untranslated, _renamed = kept_segments([r[0] for r in raw])
    alone = len(kept) == 1
    sites = []
    for k in kept:
        pair, target_el, unit_el, mid = raw[k.index]
        if target_el is None or unit_el is None:
            continue
        sites.append(Site(k.seg_id, pair.source, pair.target, segment_text(pair.target, alone), target_el,
                          unit_el, mid))
    try:
        source = XmlSource(data, root)
    except (SourceError, UnicodeError) as exc:
        raise FormatError(f"its characters cannot be matched to its markup ({exc})", p.name) from None
    return CatFile(p.name, fmt, root, source, sites, langs)


def apply_edit(raw: str, before: str, after: str) -> str:
    """``raw`` (a target as the file has it) with the change from ``before`` (what the import made of it)
    to ``after`` applied: stretches the reviewer left alone keep the file's characters, with their
    whitespace and Unicode form, and the whitespace around the segment is kept."""
    core_start = len(raw) - len(raw.lstrip())
    core_end = len(raw.rstrip())
    lead, core, trail = raw[:core_start], raw[core_start:core_end], raw[core_end:]
    to_core = inline.offset_map(before, core)
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        out.append(core[to_core(i1):to_core(i2)] if op == "equal" else after[j1:j2])
    return lead + "".join(out) + trail


def _edges(raw: str) -> tuple[str, str]:
    core_start = len(raw) - len(raw.lstrip())
    return raw[:core_start], raw[len(raw.rstrip()):]


def _content(site: Site, new: str, source: XmlSource) -> tuple[str, list[str]]:
    """The edited target's new content as markup, and warnings."""
    pieces = inline.pieces_of(site.target_el)
    warnings: list[str] = []
    if inline.PLACEHOLDER.search(new):  # placed by the reviewer in an editor that shows the codes
        lead, trail = _edges(inline.plain(pieces))
        pieces, gone = inline.from_placeholders(new, pieces)
        pieces = [lead, *pieces, trail]
        if gone:
            warnings.append(f"segment {site.seg_id}: code(s) {' '.join(gone)} had been deleted in the edit "
                            "and were put back beside the words they belonged to")
    else:
        pieces = inline.placed(pieces, apply_edit(inline.plain(pieces), site.paragraph, new))
    return inline.markup([p for p in pieces if p != ""], source), warnings


def _mark_edited(cat: CatFile, site: Site, out: Splicer, now: _dt.datetime) -> None:
    if cat.format == "tmx":
        tuv = site.target_el.getparent()
        if tuv is not None and tuv.get("changedate") is not None:
            out.set_attribute(tuv, "changedate", now.strftime("%Y%m%dT%H%M%SZ"))
        return
    if cat.format == "xliff-2":
        out.set_attribute(site.unit_el, "state", EDITED_XLIFF2)
        out.set_attribute(site.unit_el, "subState", None)
        return
    unit = site.unit_el
    target = site.target_el if site.mid is None else site.target_el.getparent()
    while target is not None and local(target.tag) != "target":
        target = target.getparent()
    if target is not None and (cat.format == "xliff-1.2" or target.get("state") is not None):
        out.set_attribute(target, "state", EDITED_XLIFF12)
        out.set_attribute(target, "state-qualifier", None)
    if unit.get("approved") == "yes":
        out.set_attribute(unit, "approved", "no")
    if site.mid is not None:
        for seg in unit.iter(f"{{{SDL_NS}}}seg"):
            if seg.get("id") == site.mid and seg.getparent() is not None \
                    and local(seg.getparent().tag) == "seg-defs":
                out.set_attribute(seg, "conf", EDITED_SDL)  # sdl:seg's attributes have no namespace
                if seg.get("origin") is not None:
                    out.set_attribute(seg, "origin", "interactive")
    status = unit.get(f"{{{MQ_NS}}}status")
    if status is not None:
        name = prefixed(unit, MQ_NS, "status")
        if name:
            out.set_attribute(unit, name, EDITED_MEMOQ)


def revise(cat: CatFile, paragraphs: dict[str, str], out: Splicer | None = None,
           now: _dt.datetime | None = None) -> tuple[Splicer, list[str], list[str]]:
    """Put the reviewer's paragraphs (by segment ID) into the file. Returns the splicer holding the
    changes, warnings for the user and the IDs of the segments rewritten."""
    out = out or Splicer(cat.source)
    now = now or _dt.datetime.now(_dt.timezone.utc)
    warnings: list[str] = []
    edited: list[str] = []
    for site in cat.sites:
        new = paragraphs.get(site.seg_id)
        if new is None or new == site.paragraph:
            continue
        content, said = _content(site, new, cat.source)
        warnings += said
        out.replace_content(site.target_el, content)
        _mark_edited(cat, site, out, now)
        edited.append(site.seg_id)
    missing = [i for i in paragraphs if cat.site(i) is None]
    if missing:
        warnings.append(f"{len(missing)} segment(s) are not in {cat.name} any more and were not written: "
                        f"{', '.join(missing[:10])}")
    return out, warnings, edited


def stale_sources(cat: CatFile, sources: dict[str, str]) -> list[str]:
    """IDs whose source text in the file differs from the project's (the file changed since import)."""
    alone = len(cat.sites) == 1
    return [s.seg_id for s in cat.sites if s.seg_id in sources and
            sources[s.seg_id] != segment_text(s.source, alone)]
