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


def label_for(path: Path, taken: set[str]) -> str:
    """A candidate label from a file name, made unique ("story_ko", "story_ko (2)")."""
    base = path.stem or path.name
    label, n = base, 2
    while label.casefold() in taken:
        label, n = f"{base} ({n})", n + 1
    taken.add(label.casefold())
    return label


def load_files(source: str | Path, translations: list[str | Path], reference: str | Path | None = None,
               name: str | None = None) -> Project:
    """Read a source, its translations and an optional reference, and align them.

    Raises TextReadError/OpenError/ValueError with a message for the user.
    """
    from litlens.app.texts import build_project, load_text
    if not translations:
        raise OpenError("Choose at least one translation to review beside the source.")
    same = [t for t in translations if _same_file(source, t)]
    if same:
        raise OpenError(f"{Path(same[0]).name} is the source file itself; choose the translation's own file.")
    src = load_text(source)
    taken: set[str] = set()
    cands = [(label_for(Path(t), taken), load_text(t)) for t in translations]
    ref = load_text(reference) if reference else None
    return build_project(name or Path(source).stem or "Untitled", src, cands, ref)


def _same_file(a: str | Path, b: str | Path) -> bool:
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
