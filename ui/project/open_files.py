"""Opening texts: asking the user for a source and its translations, and reading them into a Project.

``load_files`` and ``load_sample`` run on a worker thread; only ``ask_files`` touches widgets.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QWidget

if TYPE_CHECKING:
    from litlens.app.core.model import Project

TEXT_FILTER = "Texts (*.txt *.md *.docx);;All files (*)"


class OpenError(Exception):
    """The chosen files cannot make a project; the message says why in one sentence."""


class TranslationFile(str):
    """A translation's path that carries the label the user gave it in New project ("Draft 3"); it is a
    plain path string everywhere else, so code that only needs the path never notices."""

    label: str | None

    def __new__(cls, path: str | Path, label: str | None = None) -> TranslationFile:
        made = super().__new__(cls, str(path))
        made.label = label.strip() if label and label.strip() else None
        return made


def file_problem(path: str | Path) -> str | None:
    """What stops a chosen file from being read, found at once without reading it all: "missing",
    "folder", "unreadable" or "empty"; None when it can be opened."""
    p = Path(path)
    try:
        if not p.exists():
            return "missing"
        if p.is_dir():
            return "folder"
        with p.open("rb") as handle:
            if not handle.read(1):
                return "empty"
    except OSError:
        return "unreadable"
    return None


def label_for(path: Path, taken: set[str]) -> str:
    """A candidate label from a file name, made unique ("story_ko", "story_ko (2)")."""
    base = path.stem or path.name
    label, n = base, 2
    while label.casefold() in taken:
        label, n = f"{base} ({n})", n + 1
    taken.add(label.casefold())
    return label


def load_files(source: str | Path, translations: list[str | Path], reference: str | Path | None = None,
               name: str | None = None, db_path: str | Path | None = None,
               languages: tuple[str | None, str | None] = (None, None)) -> Project:
    """Read a source, its translations and an optional reference, and align them. A translation given
    as a TranslationFile is labelled as the user named it; others by their file names. With ``db_path``,
    a translation edited in an earlier session shows its last revision (``with_last_revisions``).
    ``languages``: (source, translations and reference) language codes; None is detected from the text.

    Raises TextReadError/OpenError/ValueError with a message for the user.
    """
    from litlens.app.texts import build_project, load_text
    if not translations:
        raise OpenError("Choose at least one translation to review beside the source.")
    same = [t for t in translations if same_file(source, t)]
    if same:
        raise OpenError(f"{Path(same[0]).name} is the source file itself; choose the translation's own file.")
    given = [getattr(t, "label", None) for t in translations]
    named = [g.casefold() for g in given if g]
    if len(set(named)) != len(named):
        raise OpenError("Two translations have the same label; give each its own.")
    src = load_text(source, languages[0])
    taken: set[str] = set(named)
    cands = [(g or label_for(Path(t), taken), load_text(t, languages[1])) for t, g in zip(translations, given)]
    ref = load_text(reference, languages[1]) if reference else None
    project = build_project(name or Path(source).stem or "Untitled", src, cands, ref)
    return with_last_revisions(project, db_path) if db_path is not None else project


def with_last_revisions(project: Project, db_path: str | Path) -> Project:
    """The project as the reviewer left it: when these files were opened before and a translation was
    edited since, its current revision instead of the file's words (the file is never changed)."""
    from litlens.app.run import revisions
    from litlens.app.run.store import Store
    store = Store(db_path)
    try:
        pid = store.save_project(project)
        if any(revisions.heads(store, pid).values()):
            return store.load_project(pid)
        return project
    finally:
        store.close()


def same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve() or Path(a).samefile(b)
    except OSError:  # a missing file is reported when it is read
        return False


def load_stored(db_path: str | Path, project_id: int) -> Project:
    """A project saved in the store, rebuilt exactly (for File › Recent projects)."""
    from litlens.app.run.store import Store
    store = Store(db_path)
    try:
        return store.load_project(project_id)
    finally:
        store.close()


def load_sample() -> Project:
    from litlens.app.core.sample import load_sample as sample
    return sample()


def ask_files(parent: QWidget | None) -> tuple[str, list[str]] | None:
    """Ask for a source file, then one or more translations; None when the user cancels."""
    source, _ = QFileDialog.getOpenFileName(parent, "Open the source text", "", TEXT_FILTER)
    if not source:
        return None
    translations, _ = QFileDialog.getOpenFileNames(parent, "Open one or more translations of it",
                                                   str(Path(source).parent), TEXT_FILTER)
    if not translations:
        return None
    return source, translations
