"""Answers given in Word comments come back as notes on their findings, with their author: a reply to our
comment as modern Word writes it (a comment of its own, linked through word/commentsExtended.xml's
w15:paraIdParent), a reply to that reply, a comment with no link on a row (older Word), and words typed
into our own comment. Hostile XML in the comment parts is refused."""

from __future__ import annotations

import zipfile

import docx
import pytest
from lxml import etree
from test_review_docx import _ids, _run, _span

from litlens.app.core.model import Judgment
from litlens.app.exchange.review_export import export_review_docx
from litlens.app.exchange.review_import import apply_import, plan_import
from litlens.app.formats.errors import FormatError, UnsafeXMLError
from litlens.app.formats.review_docx import read_review_docx
from litlens.app.run import annotations as ann
from litlens.app.run.store import Store

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
W14 = "http://schemas.microsoft.com/office/word/2010/wordml"
W15 = "http://schemas.microsoft.com/office/word/2012/wordml"
EXT_TYPE = "http://schemas.microsoft.com/office/2011/relationships/commentsExtended"
EXT_CT = "application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml"


def q(ns: str, name: str) -> str:
    return f"{{{ns}}}{name}"


@pytest.fixture()
def store(tmp_path):
    s = Store(tmp_path / "litlens.db")
    yield s
    s.close()


class WordSave:
    """What Word does to a review file when the translator answers in comments and saves: every comment
    paragraph gets a w14:paraId, a reply is a new w:comment anchored beside its parent, and
    word/commentsExtended.xml links the reply's paragraph to its parent's."""

    def __init__(self, path):
        with zipfile.ZipFile(path) as zf:
            self.parts = {n: zf.read(n) for n in zf.namelist()}
        self.comments = etree.fromstring(self.parts["word/comments.xml"])
        self.document = etree.fromstring(self.parts["word/document.xml"])
        self.links: list[tuple[str, str | None]] = []  # (paraId, parent paraId)
        for n, c in enumerate(self.comments.iter(q(W, "comment"))):
            for p in c.iter(q(W, "p")):
                p.set(q(W14, "paraId"), f"1A2B{n:04X}")
            self.links.append((f"1A2B{n:04X}", None))

    def ours(self, tag: str) -> etree._Element:
        return next(c for c in self.comments.iter(q(W, "comment")) if "".join(c.itertext()).startswith(tag))

    def reply(self, to: etree._Element, author: str, text: str, linked: bool = True) -> etree._Element:
        new_id = str(max(int(c.get(q(W, "id"))) for c in self.comments.iter(q(W, "comment"))) + 1)
        para_id = f"7C0D{int(new_id):04X}"
        c = etree.SubElement(self.comments, q(W, "comment"), {q(W, "id"): new_id, q(W, "author"): author,
                                                               q(W, "initials"): "MP"})
        p = etree.SubElement(c, q(W, "p"), {q(W14, "paraId"): para_id})
        etree.SubElement(etree.SubElement(p, q(W, "r")), q(W, "t")).text = text
        if linked:
            self.links.append((para_id, to.findall(q(W, "p"))[-1].get(q(W14, "paraId"))))
        # Word anchors the reply on the same text as its parent
        parent_id = to.get(q(W, "id"))
        start = next(e for e in self.document.iter(q(W, "commentRangeStart")) if e.get(q(W, "id")) == parent_id)
        start.addnext(etree.Element(q(W, "commentRangeStart"), {q(W, "id"): new_id}))
        ref = next(e for e in self.document.iter(q(W, "commentReference")) if e.get(q(W, "id")) == parent_id)
        run = etree.Element(q(W, "r"))
        etree.SubElement(run, q(W, "commentReference"), {q(W, "id"): new_id})
        ref.getparent().addnext(run)
        return c

    def type_into(self, comment: etree._Element, text: str) -> None:
        """The translator clicks into our comment and adds a paragraph."""
        p = etree.SubElement(comment, q(W, "p"), {q(W14, "paraId"): "5E5E0001"})
        etree.SubElement(etree.SubElement(p, q(W, "r")), q(W, "t")).text = text

    def save(self, out, extended: bytes | None = None) -> None:
        ext = etree.Element(q(W15, "commentsEx"), nsmap={"w15": W15})
        for para, parent in self.links:
            attrs = {q(W15, "paraId"): para, q(W15, "done"): "0"}
            if parent:
                attrs[q(W15, "paraIdParent")] = parent
            etree.SubElement(ext, q(W15, "commentEx"), attrs)
        parts = dict(self.parts)
        parts["word/comments.xml"] = etree.tostring(self.comments, xml_declaration=True, encoding="UTF-8",
                                                    standalone=True)
        parts["word/document.xml"] = etree.tostring(self.document, xml_declaration=True, encoding="UTF-8",
                                                    standalone=True)
        parts["word/commentsExtended.xml"] = extended if extended is not None else etree.tostring(
            ext, xml_declaration=True, encoding="UTF-8", standalone=True)
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
            b"</Types>", f'<Override PartName="/word/commentsExtended.xml" ContentType="{EXT_CT}"/></Types>'.encode())
        rels = "word/_rels/document.xml.rels"
        parts[rels] = parts[rels].replace(
            b"</Relationships>",
            f'<Relationship Id="rId99" Type="{EXT_TYPE}" Target="commentsExtended.xml"/></Relationships>'.encode())
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, data in parts.items():
                zf.writestr(name, data)


def test_a_word_reply_to_our_comment_is_a_note_with_its_author(store, tmp_path):
    pid, run_id = _run(store)
    ids = _ids(store, pid)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    word = WordSave(path)
    parent = word.ours(f"[F{ids['blanc']}]")
    first = word.reply(parent, "Mina Park", "Noir is in the source; changed.")
    word.reply(first, "Jo Editor", "Agreed with Mina.")  # a reply to the reply: still about the same finding
    word.save(back)
    review = read_review_docx(back)
    assert [(a.span_id, a.author) for a in review.rows[0].comment_answers] == [
        (ids["blanc"], "Mina Park"), (ids["blanc"], "Jo Editor")]
    plan = plan_import(store, review)
    assert [(a.id, a.span_id, a.author, a.text) for a in plan.answers] == [
        ("1", ids["blanc"], "Mina Park", "Noir is in the source; changed."),
        ("1", ids["blanc"], "Jo Editor", "Agreed with Mina.")]
    assert plan.problems() == []
    apply_import(store, plan)
    [note] = [a for a in ann.for_project(store, pid) if a.span_id == ids["blanc"]]
    assert note.action == "comment"
    assert note.note == "Mina Park: Noir is in the source; changed.\nJo Editor: Agreed with Mina."


def test_the_link_decides_the_finding_not_where_the_reply_is_anchored(store, tmp_path):
    """Two findings would make an unlinked comment ambiguous; the paraIdParent link says which one."""
    pid, run_id = _run(store)
    ids = _ids(store, pid)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    word = WordSave(path)
    # the reply is anchored in row 1 (beside "blanc"'s comment) but linked to row 4's finding
    reply = word.reply(word.ours(f"[F{ids['blanc']}]"), "Mina Park", "The night was long.", linked=False)
    parent = word.ours(f"[F{ids['la nuit']}]").findall(q(W, "p"))[-1].get(q(W14, "paraId"))
    word.links.append((reply.find(q(W, "p")).get(q(W14, "paraId")), parent))
    word.reply(reply, "Jo Editor", "It was.")  # a reply to that reply, anchored in row 1 as well
    word.save(back)
    plan = plan_import(store, read_review_docx(back))
    assert [(a.span_id, a.text) for a in plan.answers] == [(ids["la nuit"], "The night was long."),
                                                           (ids["la nuit"], "It was.")]


def test_unlinked_comments_and_text_typed_into_ours(store, tmp_path):
    pid, run_id = _run(store)
    ids = _ids(store, pid)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    word = WordSave(path)
    word.type_into(word.ours(f"[F{ids['la nuit']}]"), "fixed in the next draft")
    # an older editor: a comment beside ours with no link; row 1 has one finding, so it is that one's
    word.reply(word.ours(f"[F{ids['blanc']}]"), "Old Word", "I disagree.", linked=False)
    word.save(back)
    d = docx.Document(str(back))
    d.tables[0].rows[1].cells[4].text = "I disagree."  # the same words in the Reply column: one answer
    d.save(str(back))
    plan = plan_import(store, read_review_docx(back))
    assert sorted((a.span_id, a.author, a.text) for a in plan.answers) == sorted([
        (ids["la nuit"], "Translator", "fixed in the next draft"), (ids["blanc"], "Old Word", "I disagree.")])
    # a comment we wrote and nobody touched is never read as an answer
    assert not any(a.text.startswith("[F") or "wrong:" in a.text for a in plan.answers)


def test_an_unlinked_comment_on_a_row_of_two_findings_is_reported_not_guessed(store, tmp_path):
    pid, run_id = _run(store)
    text = store.load_project(pid).candidate("Draft").text
    store.save_result(run_id, Judgment("gemba_mqm", "g2:Draft", "Draft", None, spans=[
        _span(text, 0, "chat", "accuracy/mistranslation", "minor")]), "v1", "none", "h2")
    ids = _ids(store, pid)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    word = WordSave(path)
    word.reply(word.ours(f"[F{ids['blanc']}]"), "  Mina \t Park ", "which one?", linked=False)
    word.save(back)
    review = read_review_docx(back)
    assert sorted(review.rows[0].tags) == sorted([ids["blanc"], ids["chat"]])
    plan = plan_import(store, review)
    assert plan.answers == []
    assert plan.stray_replies == [("1", "Mina Park: which one?")]  # the author as one line


def test_hostile_comment_parts_are_refused(store, tmp_path):
    pid, run_id = _run(store)
    ids = _ids(store, pid)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    word = WordSave(path)
    word.reply(word.ours(f"[F{ids['blanc']}]"), "Mina", "ok")
    laughs = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
              b'<w15:commentsEx xmlns:w15="' + W15.encode() + b'">&b;</w15:commentsEx>')
    word.save(back, extended=laughs)
    with pytest.raises(UnsafeXMLError, match="entities"):
        read_review_docx(back)
    word.save(back, extended=b"<w15:commentsEx")
    with pytest.raises(FormatError, match="not well-formed"):
        read_review_docx(back)
    # the main document is checked before python-docx (which does not refuse entities) parses it
    word.document = etree.fromstring(b"<w:document xmlns:w='" + W.encode() + b"'><w:body/></w:document>")
    word.save(back)
    with zipfile.ZipFile(back) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    parts["word/document.xml"] = parts["word/document.xml"].replace(
        b"?>", b'?><!DOCTYPE w:document [<!ENTITY x SYSTEM "file:///etc/passwd">]>', 1)
    with zipfile.ZipFile(back, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    with pytest.raises(UnsafeXMLError, match="entities"):
        read_review_docx(back)


def test_command_line_lists_a_comment_answer_with_its_author(tmp_path, db_path, capsys):
    from litlens.app.cli.main import EXIT_OK, main
    store = Store(db_path)
    pid, run_id = _run(store)
    ids = _ids(store, pid)
    path, back = tmp_path / "review.docx", tmp_path / "back.docx"
    export_review_docx(store, run_id, path)
    word = WordSave(path)
    word.reply(word.ours(f"[F{ids['vieil']}]"), "Mina Park", "Vieil before a vowel.")
    word.save(back)
    capsys.readouterr()
    assert main(["--db", str(db_path), "review-docx", "import", str(back)]) == EXIT_OK
    assert f"note on F{ids['vieil']} (row 2): Mina Park: Vieil before a vowel." in capsys.readouterr().out
