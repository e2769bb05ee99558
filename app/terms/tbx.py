"""TBX (ISO 30042) termbases, TBX-Basic dialect: read from TBX v3 (conceptEntry/langSec/termSec) and from
the older 2008 form (martif: termEntry/langSet/tig or ntig), written as TBX v3.

administrativeStatus maps to our statuses: preferredTerm → preferred, admittedTerm → allowed,
deprecatedTerm and supersededTerm → forbidden. A term without one is allowed, except that the first
target term of an entry where no term says preferred is taken as preferred (a plain bilingual list).
Notes are kept on the entry and on each term; other data categories are not read.
"""

from __future__ import annotations

from lxml import etree

from litlens.app.formats.errors import FormatError
from litlens.app.formats.safexml import parse_xml
from litlens.app.terms.model import ALLOWED, FORBIDDEN, PREFERRED, Term, TermEntry, Termbase

TBX_NS = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_STATUS_IN = {"preferredterm-admn-sts": PREFERRED, "admittedterm-admn-sts": ALLOWED,
              "deprecatedterm-admn-sts": FORBIDDEN, "supersededterm-admn-sts": FORBIDDEN,
              "preferred": PREFERRED, "admitted": ALLOWED, "deprecated": FORBIDDEN, "superseded": FORBIDDEN}
_STATUS_OUT = {PREFERRED: "preferredTerm-admn-sts", ALLOWED: "admittedTerm-admn-sts",
               FORBIDDEN: "deprecatedTerm-admn-sts"}
_ENTRY = ("conceptEntry", "termEntry")
_LANG = ("langSec", "langSet")
_TERM_HOLDER = ("termSec", "tig", "ntig")


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def _children(el: etree._Element, names: tuple[str, ...]) -> list[etree._Element]:
    return [c for c in el if _local(c) in names]


def _text(el: etree._Element) -> str:
    return " ".join("".join(el.itertext()).split())


def _primary(lang: str) -> str:
    return lang.replace("_", "-").split("-")[0].lower()


def _notes(el: etree._Element) -> str:
    """An element's own notes (and definitions), joined; notes of nested elements are theirs."""
    found = [_text(c) for c in el if _local(c) == "note" or (_local(c) in ("descrip", "descripGrp") and
                                                             _definition(c))]
    return "\n".join(f for f in found if f)


def _definition(el: etree._Element) -> bool:
    if _local(el) == "descripGrp":
        return any(_definition(c) for c in el)
    return el.get("type") == "definition"


def _term(holder: etree._Element) -> tuple[str, str | None, str]:
    """(text, status or None, note) of a termSec/tig/ntig."""
    grp = [holder] + [c for c in holder if _local(c) == "termGrp"]  # ntig keeps term and notes in a termGrp
    text, status, notes = "", None, []
    for g in grp:
        for c in g:
            name = _local(c)
            if name == "term" and not text:
                text = _text(c)
            elif name == "termNote" and c.get("type") == "administrativeStatus":
                status = _STATUS_IN.get(_text(c).casefold())
            elif name == "note":
                notes.append(_text(c))
    return text, status, "\n".join(n for n in notes if n)


def read_tbx(data: bytes, name: str, source_lang: str | None = None,
             target_lang: str | None = None) -> Termbase:
    """A termbase from TBX bytes. Languages: as given, else the document's xml:lang for the source and
    the first other language for the target. A file with more languages keeps only those two."""
    root = parse_xml(data, name)
    if _local(root) not in ("tbx", "martif"):
        raise FormatError(f"this is not a TBX file (its root element is <{_local(root)}>)", name)
    entries_el = [el for el in root.iter() if _local(el) in _ENTRY]
    langs: list[str] = []
    for entry in entries_el:
        for ls in _children(entry, _LANG):
            lang = _primary(ls.get(XML_LANG, ""))
            if lang and lang not in langs:
                langs.append(lang)
    src = _primary(source_lang or root.get(XML_LANG, "") or (langs[0] if langs else ""))
    tgt = _primary(target_lang or next((lang for lang in langs if lang != src), ""))
    if not tgt:
        raise FormatError("the termbase has terms in one language only; give the target language", name)
    tb = Termbase(src, tgt, name=name)
    seen: set[str] = set()
    for n, entry in enumerate(entries_el, 1):
        sides: dict[str, list[tuple[str, str | None, str]]] = {src: [], tgt: []}
        for ls in _children(entry, _LANG):
            lang = _primary(ls.get(XML_LANG, ""))
            if lang in sides:
                sides[lang] += [t for t in map(_term, _children(ls, _TERM_HOLDER)) if t[0]]
        if not sides[src] or not sides[tgt]:
            continue  # nothing to enforce without both languages
        eid = entry.get("id") or f"t{n}"
        while eid in seen:
            eid += "+"
        seen.add(eid)
        notes = [_notes(entry)] + [_notes(ls) for ls in _children(entry, _LANG)]
        tb.entries.append(TermEntry(eid, _statused(sides[src], first_preferred=True),
                                    _statused(sides[tgt], first_preferred=True),
                                    "\n".join(x for x in notes if x)))
    return tb


def _statused(terms: list[tuple[str, str | None, str]], first_preferred: bool) -> tuple[Term, ...]:
    any_preferred = any(s == PREFERRED for _, s, _ in terms)
    out = []
    for i, (text, status, note) in enumerate(terms):
        if status is None:
            status = PREFERRED if first_preferred and i == 0 and not any_preferred else ALLOWED
        out.append(Term(text, status, note))
    return tuple(out)


def write_tbx(tb: Termbase) -> bytes:
    """TBX v3, TBX-Basic dialect (DCA style), UTF-8."""
    ns = "{%s}" % TBX_NS
    root = etree.Element(ns + "tbx", nsmap={None: TBX_NS}, type="TBX-Basic", style="dca")
    root.set(XML_LANG, tb.source_lang or "und")
    header = etree.SubElement(root, ns + "tbxHeader")
    desc = etree.SubElement(etree.SubElement(header, ns + "fileDesc"), ns + "sourceDesc")
    etree.SubElement(desc, ns + "p").text = f"LitLens termbase{': ' + tb.name if tb.name else ''}"
    body = etree.SubElement(etree.SubElement(root, ns + "text"), ns + "body")
    for entry in tb.entries:
        ce = etree.SubElement(body, ns + "conceptEntry", id=entry.id)
        if entry.note:
            etree.SubElement(ce, ns + "note").text = entry.note
        for lang, terms in ((tb.source_lang, entry.source), (tb.target_lang, entry.target)):
            ls = etree.SubElement(ce, ns + "langSec")
            ls.set(XML_LANG, lang or "und")
            for t in terms:
                ts = etree.SubElement(ls, ns + "termSec")
                etree.SubElement(ts, ns + "term").text = t.text
                etree.SubElement(ts, ns + "termNote", type="administrativeStatus").text = _STATUS_OUT[t.status]
                if t.note:
                    etree.SubElement(ts, ns + "note").text = t.note
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
