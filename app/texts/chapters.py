"""A book in chapters: one project whose source (and each translation) is the chapters one after another,
so every analyser that reads the whole text (the speech-level ledger, names and terms, repeated passages)
follows the characters across chapters, and the chapters are ranges of the source's paragraphs.

Chapters come from files (a folder of chapter files per language, or lists of files: paired by natural
name order, so "ch2" comes before "ch10"; a different count is an error, never a guess), or from headings
in one file ("Chapter 3", "CHAPTER IV", "제3장", "第三章", "3장", "# Title"). A translation paragraph belongs
to the chapter of the source paragraphs it is aligned to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import TextReadError

if TYPE_CHECKING:
    from litlens.app.core.model import Project, Text

CHAPTER_SUFFIXES = (".txt", ".md", ".docx")
_JOIN = "\n\n"
_ROMAN = r"[ivxlcdm]+"
_NUMBER_WORDS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                 "sixteen|seventeen|eighteen|nineteen|twenty")
HEADING = re.compile(
    rf"^(?:(?:chapter|chap\.|part|book)\s+(?:\d+|{_ROMAN}|{_NUMBER_WORDS})\b"
    r"|제\s*[0-9一二三四五六七八九十百]+\s*[장부화편]"
    r"|[0-9]+\s*장(?:\s|$)"
    r"|第\s*[0-9一二三四五六七八九十百千]+\s*[章回部]"
    r"|#{1,3}\s+\S)", re.IGNORECASE)
MAX_HEADING_CHARS = 80


class ChapterError(TextReadError):
    """Chapter files that cannot be made into one project (a count mismatch, an empty folder)."""


@dataclass(frozen=True)
class Chapter:
    title: str
    first: int  # index of the chapter's first source paragraph

    def as_data(self) -> dict[str, Any]:
        return {"title": self.title, "first": self.first}


def is_heading(paragraph: str) -> bool:
    line = paragraph.strip()
    return bool(line) and "\n" not in line and len(line) <= MAX_HEADING_CHARS and bool(HEADING.match(line))


def heading_chapters(text: Text) -> list[Chapter]:
    """Chapters of a text from its heading paragraphs; [] when it has fewer than two (no chapters). Text
    before the first heading (a title page, an epigraph) is a chapter of its own."""
    found = [Chapter(p.text.strip().lstrip("#").strip(), p.index) for p in text.paragraphs if is_heading(p.text)]
    if len(found) < 2:
        return []
    if found[0].first > 0:
        found.insert(0, Chapter("—", 0))
    return found


def natural_key(path: Path) -> list[Any]:
    return [int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", path.name)]


def chapter_files(folder: str | Path) -> list[Path]:
    """The chapter files of a folder (.txt, .md, .docx; hidden files skipped) in natural name order."""
    folder = Path(folder)
    files = sorted((p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in CHAPTER_SUFFIXES
                    and not p.name.startswith((".", "~$"))), key=natural_key)
    if not files:
        raise ChapterError(f"no chapter files ({', '.join(CHAPTER_SUFFIXES)}) in this folder", folder.name)
    return files


def pair_files(source: list[Path], translation: list[Path], label: str = "the translation") -> None:
    """Refuse chapter lists that cannot be paired one to one (by their order)."""
    if len(source) != len(translation):
        raise ChapterError(
            f"{len(source)} source chapter files but {len(translation)} for {label}; each chapter needs one "
            f"file per language (source: {', '.join(p.name for p in source[:6])}{' …' if len(source) > 6 else ''}; "
            f"{label}: {', '.join(p.name for p in translation[:6])}{' …' if len(translation) > 6 else ''})",
            label)


def join_texts(texts: list[Text], titles: list[str]) -> tuple[Text, list[Chapter]]:
    """The texts one after another as one Text (a blank line between them), and where each begins."""
    from . import text_from_string
    contents = [t.content.strip() for t in texts]
    joined = text_from_string(_JOIN.join(contents), texts[0].language if texts else None,
                              path=texts[0].path if texts else None)
    chapters, first = [], 0
    for title, t in zip(titles, texts):
        chapters.append(Chapter(title, first))
        first += len(t.paragraphs)
    joined.encoding = texts[0].encoding if texts else None
    if first != len(joined.paragraphs):  # a file ending in an unclosed block would merge with the next
        raise ChapterError("the chapter files could not be joined paragraph by paragraph", titles[0] if titles else "")
    return joined, chapters


def load_chapters(files: list[Path], language: str | None = None) -> tuple[Text, list[Chapter]]:
    from . import load_text
    texts = [load_text(p, language) for p in files]
    for p, t in zip(files, texts):
        if not t.paragraphs:
            raise ChapterError("this chapter file is empty", p.name)
    return join_texts(texts, [p.stem for p in files])


def chapters_of(project: Project) -> list[Chapter]:
    """The project's chapters: the ones it was made with, else the source's headings ([] for none)."""
    made = getattr(project, "chapters", None)
    return list(made) if made else heading_chapters(project.source)


def source_ranges(chapters: list[Chapter], paragraphs: int) -> list[range]:
    """Each chapter's source paragraph indices."""
    ends = [c.first for c in chapters[1:]] + [paragraphs]
    return [range(c.first, end) for c, end in zip(chapters, ends)]


def candidate_chapter(project: Project, label: str, chapters: list[Chapter]) -> list[int]:
    """For each paragraph of candidate ``label``: the index of its chapter (by the source paragraphs it is
    aligned to; an unaligned paragraph goes with the paragraph before it)."""
    cand = project.candidate(label)
    of_source = [0] * len(project.source.paragraphs)
    for n, r in enumerate(source_ranges(chapters, len(project.source.paragraphs))):
        for i in r:
            of_source[i] = n
    out = [-1] * len(cand.text.paragraphs)
    for pair in (cand.alignment.pairs if cand.alignment else []):
        if pair.source:
            for t in pair.target:
                out[t] = of_source[min(pair.source)]
    last = 0
    for k, v in enumerate(out):
        out[k] = last = v if v >= 0 else last
    return out


def chapter_project(name: str, source: list[Path], candidates: list[tuple[str, list[Path]]],
                    source_lang: str | None = None, target_lang: str | None = None,
                    reference: list[Path] | None = None) -> Project:
    """One project of chapter files: the source's, each translation's and the reference's (when given)
    files paired by order."""
    from . import build_project
    for label, files in candidates:
        pair_files(source, files, label)
    if reference is not None:
        pair_files(source, reference, "the reference")
    src, chapters = load_chapters(source, source_lang)
    cands = [(label, load_chapters(files, target_lang)[0]) for label, files in candidates]
    ref = load_chapters(reference, target_lang)[0] if reference is not None else None
    project = build_project(name, src, cands, ref)
    project.chapters = chapters
    return project


def folders_project(source_dir: str | Path, translation_dirs: list[str | Path], name: str | None = None,
                    source_lang: str | None = None, target_lang: str | None = None,
                    reference_dir: str | Path | None = None) -> Project:
    """A book from a folder of source chapter files, one folder per translation (labelled by its
    folder's name) and optionally a folder of reference chapter files."""
    cands = [(Path(d).name, chapter_files(d)) for d in translation_dirs]
    if not cands:
        raise ChapterError("choose a translation folder beside the source folder", Path(source_dir).name)
    ref = chapter_files(reference_dir) if reference_dir is not None else None
    return chapter_project(name or Path(source_dir).name, chapter_files(source_dir), cands, source_lang,
                           target_lang, ref)
