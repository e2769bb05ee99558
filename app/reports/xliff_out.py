"""The candidate as XLIFF with the findings written back, so a CAT tool shows them on their segments: a
``<note>`` per finding (every tool shows notes) and ITS 2.0 Localization Quality Issue markup
(``its:locQualityIssues`` in the unit, referenced from the segment's target).

Each target holds the candidate's current text (what the window shows, after any applied correction).
When the project came from an XLIFF file (XLIFF 1.2, SDLXLIFF, MQXLIFF or XLIFF 2) that file is the base:
edited segments are rewritten and the notes added (``app.formats.writeback``), every other byte kept.
Notes go where each schema allows them: in an XLIFF 1.2 unit after its target, notes and alternatives
and before any tool's own elements (Trados ``sdl:seg-defs``, memoQ's ``mq:`` elements); in an XLIFF 2
unit in its ``<notes>``, before ``<originalData>`` and the segments. Otherwise (a TMX or a plain text
project) a fresh XLIFF 1.2 file is written from the aligned paragraphs.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lxml import etree

from litlens.app.core.counts import noun
from litlens.app.core.model import Candidate, Project

from .collect import Issue, ReportData, ReportError
from .its import ITS_NS, issue_type, severity_score

if TYPE_CHECKING:
    from litlens.app.formats.writeback import CatFile, Site
    from litlens.app.formats.xmlsource import Splicer

XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
NS12 = "urn:oasis:names:tc:xliff:document:1.2"
NOTE_FROM = "LitLens"


def note_text(issue: Issue) -> str:
    where = f" [{issue.start}-{issue.end}]" if issue.start is not None else ""
    quote = f" \u201c{issue.quote}\u201d" if issue.quote else ""
    text = f"{issue.severity} {issue.category}{where}{quote}: {issue.explanation}".strip()
    if issue.suggestion:
        text += f" Suggestion: {issue.suggestion}"
    text += f" ({issue.judge}"
    text += f"; {issue.status})" if issue.status != "open" else ")"
    return text


def _comment(issue: Issue) -> str:
    quote = f"\u201c{issue.quote}\u201d: " if issue.quote else ""
    sugg = f" Suggestion: {issue.suggestion}" if issue.suggestion else ""
    return f"{quote}{issue.explanation}{sugg} [{issue.judge}, {issue.category}]".strip()


def _attr(value: str) -> str:
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;"))


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")


def _its_markup(prefix: str, ref_id: str, issues: list[Issue]) -> str:
    inner = "".join(f'<{prefix}:locQualityIssue locQualityIssueType="{_attr(issue_type(i.category, i.check))}" '
                    f'locQualityIssueComment="{_attr(_comment(i))}" '
                    f'locQualityIssueSeverity="{severity_score(i.severity)}"/>' for i in issues)
    return f'<{prefix}:locQualityIssues xml:id="{ref_id}">{inner}</{prefix}:locQualityIssues>'


def _indent(text: str, at: int) -> tuple[int, str]:
    """Where the whitespace before ``at`` begins, and that whitespace."""
    start = at
    while start > 0 and text[start - 1] in " \t\r\n":
        start -= 1
    return start, text[start:at]


def _qualified(el: etree._Element, name: str) -> str:
    return f"{el.prefix}:{name}" if el.prefix else name


def _exportable(data: ReportData, label: str) -> dict[str, list[Issue]]:
    by_seg: dict[str, list[Issue]] = defaultdict(list)
    for issue in data.issues:
        # a reviewer's rejection means the finding is wrong: the CAT tool should not show it
        if issue.candidate == label and issue.status != "rejected" and issue.segment_id:
            by_seg[issue.segment_id].append(issue)
    return by_seg


def pick_candidate(project: Project, label: str | None) -> Candidate:
    if label is not None:
        return project.candidate(label)
    if len(project.candidates) != 1:
        raise ReportError("the run has several candidates; choose one for the XLIFF with --candidate "
                          f"({', '.join(c.label for c in project.candidates)})")
    return project.candidates[0]


def write_xliff(data: ReportData, path: Path, candidate: str | None = None) -> list[str]:
    """Write the XLIFF; return warnings for the user (e.g. findings that had no segment to go to)."""
    from litlens.app.formats import FormatError
    from litlens.app.formats.writeback import open_cat, original_file
    cand = pick_candidate(data.project, candidate)
    original = original_file(data.project, cand)
    notes: list[str] = []
    if original is not None:
        try:
            cat = open_cat(original, data.project.source.language, cand.text.language)
        except FormatError as exc:
            cat = None
            notes.append(f"{original.name} could not be read again ({exc}); wrote a fresh XLIFF 1.2 file from "
                         "the segments instead")
        if cat is not None and cat.format != "tmx":
            return _write_back(data, cand, cat, path)
    return notes + _write_fresh(data, cand, path)


def _write_back(data: ReportData, cand: Candidate, cat: CatFile, out: Path) -> list[str]:
    from litlens.app.formats.writeback import revise
    paragraphs = dict(zip(cand.text.segment_ids, (p.text for p in cand.text.paragraphs)))
    splicer, warnings, _edited = revise(cat, paragraphs)
    by_seg = _exportable(data, cand.label)
    per_unit: dict[int, list[tuple[Site, list[Issue]]]] = defaultdict(list)
    units = {}
    for site in cat.sites:
        if by_seg.get(site.seg_id):
            per_unit[id(site.unit_el)].append((site, by_seg[site.seg_id]))
            units[id(site.unit_el)] = site.unit_el
    if cat.format == "xliff-2":
        for key, entries in per_unit.items():
            _notes_xliff2(cat, splicer, units[key], entries)
    elif per_unit:
        prefix = _its_prefix(cat, splicer)
        n = 0
        for key, entries in per_unit.items():
            n = _notes_xliff12(cat, splicer, units[key], entries, prefix, n)
    out.write_bytes(splicer.result())
    placed = {s.seg_id for s in cat.sites}
    missing = sorted(set(by_seg) - placed)
    if missing:
        warnings.append(f"{noun(len(missing), 'segment')} with findings {'is' if len(missing) == 1 else 'are'} not in "
                        f"{cat.name}: "
                        f"{', '.join(missing[:10])}")
    return warnings


def _its_prefix(cat: CatFile, splicer: Splicer) -> str:
    """The prefix ITS has on the root, declaring it as "its" when it has none."""
    root = cat.root
    found = next((p for p, uri in root.nsmap.items() if uri == ITS_NS and p), None)
    if found is None:
        found = "its" if "its" not in root.nsmap else "litlens-its"
        splicer.set_attribute(root, f"xmlns:{found}", ITS_NS)
    splicer.set_attribute(root, f"{found}:version", "2.0")
    return found


def _unit_anchor(cat: CatFile, unit: etree._Element) -> int:
    """Where a trans-unit's notes go: before its first element of another namespace (the schema puts
    those last), else before its end tag."""
    for child in unit:
        if isinstance(child.tag, str) and etree.QName(child).namespace != NS12:
            return cat.source.span(child).start
    return cat.source.span(unit).close_start


def _child_indent(cat: CatFile, unit: etree._Element) -> str:
    first = next((c for c in unit if isinstance(c.tag, str)), None)
    if first is None:
        return ""
    _start, ws = _indent(cat.source.text, cat.source.span(first).start)
    return ws


def _notes_xliff12(cat: CatFile, splicer: Splicer, unit: etree._Element,
                   entries: list[tuple[Site, list[Issue]]], prefix: str, n: int) -> int:
    anchor = _unit_anchor(cat, unit)
    at, _ws = _indent(cat.source.text, anchor)
    indent = _child_indent(cat, unit)
    note = _qualified(unit, "note")
    several = len({s.seg_id for s in cat.sites if s.unit_el is unit}) > 1
    parts = []
    for site, issues in entries:
        label = f"Segment {site.seg_id}: " if several else ""
        parts += [f'{indent}<{note} from="{NOTE_FROM}" annotates="target">'
                  f'{_text(label + note_text(i))}</{note}>' for i in issues]
    for site, issues in entries:
        n += 1
        ref = f"litlens-lqi-{n}"
        parts.append(indent + _its_markup(prefix, ref, issues))
        splicer.set_attribute(site.target_el, f"{prefix}:locQualityIssuesRef", f"#{ref}")
    splicer.insert(at, "".join(parts))
    return n


def _notes_xliff2(cat: CatFile, splicer: Splicer, segment: etree._Element,
                  entries: list[tuple[Site, list[Issue]]]) -> None:
    unit = segment.getparent()
    if unit is None:
        return
    notes_el = next((c for c in unit if isinstance(c.tag, str) and etree.QName(c).localname == "notes"), None)
    indent = _child_indent(cat, unit)
    note = _qualified(unit, "note")
    several = sum(1 for c in unit if isinstance(c.tag, str) and etree.QName(c).localname == "segment") > 1
    lines = [f'<{note} category="{NOTE_FROM}" appliesTo="target">'
             f'{_text((f"Segment {site.seg_id}: " if several else "") + note_text(i))}</{note}>'
             for site, issues in entries for i in issues]
    if notes_el is not None:
        first = next((c for c in notes_el if isinstance(c.tag, str)), None)
        inner = _indent(cat.source.text, cat.source.span(first).start)[1] if first is not None else indent
        at, _ws = _indent(cat.source.text, cat.source.span(notes_el).close_start)
        splicer.insert(at, "".join(inner + line for line in lines))
        return
    anchor = next((c for c in unit if isinstance(c.tag, str) and etree.QName(c).localname in
                   ("originalData", "segment", "ignorable")), segment)
    at, ws = _indent(cat.source.text, cat.source.span(anchor).start)
    deeper = ws + ("  " if ws else "")
    notes = _qualified(unit, "notes")
    splicer.insert(at, f"{ws}<{notes}>" + "".join(deeper + line for line in lines) + f"{ws}</{notes}>")


def _write_fresh(data: ReportData, cand: Candidate, out: Path) -> list[str]:
    out.write_bytes(fresh_xliff(data.project, cand, _exportable(data, cand.label)))
    used = _fresh_ids(data.project, cand)
    missing = sorted(set(_exportable(data, cand.label)) - used)
    if not missing:
        return []
    return [f"{noun(len(missing), 'finding segment')} could not be placed: {', '.join(missing[:10])}"]


def _fresh_ids(project: Project, cand: Candidate) -> set[str]:
    used: set[str] = set()
    for k, pair in enumerate(cand.alignment.pairs if cand.alignment else [], 1):
        if pair.target:
            used |= {_fresh_id(cand, project, pair, k)} | {_para_id(cand, t) for t in pair.target}
    return used


def fresh_xliff(project: Project, cand: Candidate, by_seg: dict[str, list[Issue]] | None = None) -> bytes:
    """A new XLIFF 1.2 file of the aligned paragraphs (source and the candidate's current text), IDs kept
    where the import had them, findings as notes and ITS issues. Targets are ``state="translated"``:
    nothing here says a translation was approved. The target language is the candidate's."""
    by_seg = by_seg or {}
    nsmap = {None: NS12, "its": ITS_NS} if by_seg else {None: NS12}
    root = etree.Element(f"{{{NS12}}}xliff", nsmap=nsmap)
    root.set("version", "1.2")
    if by_seg:
        root.set(f"{{{ITS_NS}}}version", "2.0")
    file_el = etree.SubElement(root, f"{{{NS12}}}file")
    file_el.set("original", Path(project.source.path or project.name).name)
    file_el.set("source-language", project.source.language or "und")
    file_el.set("target-language", cand.text.language or "und")
    file_el.set("datatype", "plaintext")
    body = etree.SubElement(file_el, f"{{{NS12}}}body")
    src_paras, tgt_paras = project.source.paragraphs, cand.text.paragraphs
    n = 0
    for k, pair in enumerate(cand.alignment.pairs if cand.alignment else [], 1):
        if not pair.target:
            continue
        seg_id = _fresh_id(cand, project, pair, k)
        unit = etree.SubElement(body, f"{{{NS12}}}trans-unit", id=seg_id)
        unit.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        etree.SubElement(unit, f"{{{NS12}}}source").text = "\n".join(src_paras[i].text for i in pair.source)
        target = etree.SubElement(unit, f"{{{NS12}}}target", state="translated")
        target.text = "\n".join(tgt_paras[i].text for i in pair.target)
        ids = {seg_id} | {_para_id(cand, t) for t in pair.target}
        issues = [i for s in sorted(ids) for i in by_seg.get(s, [])]
        if not issues:
            continue
        for issue in issues:
            note = etree.SubElement(unit, f"{{{NS12}}}note", {"from": NOTE_FROM, "annotates": "target"})
            note.text = note_text(issue)
        n += 1
        group = etree.SubElement(unit, f"{{{ITS_NS}}}locQualityIssues")
        group.set(XML_ID, f"litlens-lqi-{n}")
        for issue in issues:
            q = etree.SubElement(group, f"{{{ITS_NS}}}locQualityIssue")
            q.set("locQualityIssueType", issue_type(issue.category, issue.check))
            q.set("locQualityIssueComment", _comment(issue))
            q.set("locQualityIssueSeverity", severity_score(issue.severity))
        target.set(f"{{{ITS_NS}}}locQualityIssuesRef", f"#litlens-lqi-{n}")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _para_id(cand: Candidate, para: int) -> str:
    ids = cand.text.segment_ids
    return ids[para] if para < len(ids) else str(para + 1)


def _fresh_id(cand: Candidate, project: Project, pair: Any, k: int) -> str:
    if len(pair.target) == 1 and pair.target[0] < len(cand.text.segment_ids):
        return cand.text.segment_ids[pair.target[0]]
    if len(pair.source) == 1 and pair.source[0] < len(project.source.segment_ids):
        return project.source.segment_ids[pair.source[0]]
    return str(pair.target[0] + 1) if len(pair.target) == 1 else str(k)
