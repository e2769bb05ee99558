"""Exports and exercise files are written whole or not at all: never half a file, never a lost old one."""

from __future__ import annotations

import pytest

from litlens.app.core.files import replaced_atomically
from litlens.app.reports.revised import write_revised
from litlens.app.texts import build_project, text_from_string


def test_a_finished_write_replaces_the_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "story.revised.xlf"
    target.write_text("old", encoding="utf-8")
    with replaced_atomically(target) as tmp:
        assert tmp.suffix == ".xlf" and tmp.parent == tmp_path and tmp != target
        tmp.write_text("new", encoding="utf-8")
        assert target.read_text(encoding="utf-8") == "old"  # a reader meanwhile sees the old file whole
    assert target.read_text(encoding="utf-8") == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["story.revised.xlf"]


def test_a_failed_write_keeps_the_old_file_and_removes_the_partial_one(tmp_path):
    target = tmp_path / "report.html"
    target.write_text("the report from yesterday", encoding="utf-8")
    with pytest.raises(RuntimeError):
        with replaced_atomically(target) as tmp:
            tmp.write_text("<html><body>half", encoding="utf-8")
            raise RuntimeError("disk full")
    assert target.read_text(encoding="utf-8") == "the report from yesterday"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]


def test_a_revised_translation_that_cannot_be_written_loses_nothing(tmp_path, monkeypatch):
    project = build_project("p", text_from_string("One.\n\nTwo.", "en"),
                            [("Draft", text_from_string("하나.\n\n둘.", "ko"))])
    out = tmp_path / "draft.docx"
    assert write_revised(project, "Draft", "docx", out) == []
    before = out.read_bytes()
    import docx

    def broken_save(self, path):
        open(path, "wb").write(b"PK\x03\x04 half a zip")
        raise OSError("No space left on device")
    monkeypatch.setattr(docx.document.Document, "save", broken_save)
    with pytest.raises(OSError):
        write_revised(project, "Draft", "docx", out)
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["draft.docx"]
