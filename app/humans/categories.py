"""The table that maps annotators' category names onto LitLens's MQM hierarchy, as data the user can read
and change: resources/mqm/human_categories.json, then human_categories.json in the LitLens data folder,
then a file given on the command line; a later table's entries win. Nothing is guessed: a category in no
table (and not itself a LitLens path) is reported as unmapped."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from litlens.app.core.resources import read_resource
from litlens.app.mqm import typology as mqm

FILE = "human_categories.json"
NOT_AN_ERROR = None


class CategoryTableError(ValueError):
    """A mapping file that cannot be used; the message names the file and the problem."""


def key(category: str) -> str:
    """How a category is looked up: lower case, single spaces, no spaces around '/'."""
    parts = [" ".join(p.split()) for p in category.strip().lower().split("/")]
    return "/".join(p for p in parts if p)


def user_table_path() -> Path:
    """Where a user's own overrides live (beside the database unless LITLENS_DB points elsewhere)."""
    from litlens.app.run.connection import default_db_path
    env = os.environ.get("LITLENS_HUMAN_CATEGORIES")
    return Path(env) if env else default_db_path().parent / FILE


@dataclass
class CategoryMap:
    """Annotator category -> LitLens path (None: not a translation error), with where each entry came from."""

    entries: dict[str, str | None] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)

    def add(self, table: dict[str, Any], origin: str) -> None:
        for raw, target in table.items():
            if target is not None:
                if not isinstance(target, str) or mqm.in_hierarchy(target) is None:
                    raise CategoryTableError(f"{origin}: {raw!r} maps to {target!r}, which is not a LitLens "
                                             "category")
                target = mqm.in_hierarchy(target)
            self.entries[key(raw)] = target
            self.origin[key(raw)] = origin

    def lookup(self, category: str) -> tuple[bool, str | None]:
        """(known, path): known False when no table has the category and it is not a LitLens path."""
        k = key(category)
        if k in self.entries:
            return True, self.entries[k]
        own = mqm.in_hierarchy(mqm.normalise_path(category))
        return (True, own) if own else (False, None)

    def rows(self) -> list[tuple[str, str, str]]:
        """(annotator category, LitLens path or "(not an error)", origin) for showing the table."""
        return [(k, v if v is not None else "(not an error)", self.origin[k]) for k, v in sorted(self.entries.items())]


def _read_table(text: str, origin: str) -> dict[str, Any]:
    try:
        raw = json.loads(text)
    except ValueError as exc:
        raise CategoryTableError(f"{origin} is not JSON ({exc})") from None
    table = raw.get("map") if isinstance(raw, dict) else None
    if not isinstance(table, dict):
        raise CategoryTableError(f"{origin} has no \"map\" object of category -> LitLens category")
    return table


def load(override: str | Path | None = None, *, user_file: bool = True) -> CategoryMap:
    """The shipped table, then the user's file when it exists, then ``override``."""
    cm = CategoryMap()
    cm.add(_read_table(read_resource("mqm", FILE), "built-in"), "built-in")
    paths = [user_table_path()] if user_file else []
    if override is not None:
        paths.append(Path(override))
    for p in paths:
        if p == user_table_path() and not p.exists():
            continue
        try:
            text = p.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise CategoryTableError(f"{p} could not be read ({exc.strerror or exc})") from None
        cm.add(_read_table(text, str(p)), str(p))
    return cm
