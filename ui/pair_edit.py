"""Editing a paragraph in memory: the Qt-free logic lives in app.core.edits (the store's revisions use it
too); this name stays for the pair view and the Document."""

from __future__ import annotations

from litlens.app.core.edits import (ORIGIN, OUTDATED, Edit, clean_paragraph, is_outdated, reanchor,
                                    replace_paragraph)

__all__ = ["ORIGIN", "OUTDATED", "Edit", "clean_paragraph", "is_outdated", "reanchor", "replace_paragraph"]
