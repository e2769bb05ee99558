"""The MQM error hierarchy of seed 002 (Table 8) as data, and checks that a category path belongs to it.

The hierarchy lives in resources/mqm/typology.json so prompts, schemas, validation and the learning view
all read one table. A category is named by its path, e.g. ``accuracy/mistranslation/overly-literal``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from litlens.app.core.resources import read_resource

SEVERITIES = ("critical", "major", "minor")
NON_TRANSLATION = "non-translation"
OMISSION = "accuracy/omission"


class UnknownCategory(ValueError):
    """A category path that is not in the MQM hierarchy."""


@dataclass(frozen=True)
class Category:
    path: str
    name: str
    definition: str
    children: tuple[Category, ...] = field(default=())

    @property
    def top(self) -> str:
        return self.path.split("/", 1)[0]

    @property
    def is_leaf(self) -> bool:
        return not self.children


@dataclass(frozen=True)
class Typology:
    roots: tuple[Category, ...]
    severities: dict[str, str]

    def all(self) -> list[Category]:
        """Every category, parents before their children, in the table's order."""
        out: list[Category] = []

        def walk(c: Category) -> None:
            out.append(c)
            for ch in c.children:
                walk(ch)
        for r in self.roots:
            walk(r)
        return out

    def leaf_paths(self) -> list[str]:
        """The paths an annotator picks from (the most specific level of each branch)."""
        return [c.path for c in self.all() if c.is_leaf]

    @cached_property
    def _by_path(self) -> dict[str, Category]:
        return {c.path: c for c in self.all()}

    def get(self, path: str) -> Category:
        found = self._by_path.get(path)
        if found is not None:
            return found
        raise UnknownCategory(f"{path!r} is not a category of the MQM hierarchy (seed 002, Table 8)")


def _build(node: dict, parent: str = "") -> Category:
    path = f"{parent}/{node['id']}" if parent else node["id"]
    kids = tuple(_build(ch, path) for ch in node.get("children", []))
    return Category(path=path, name=node["name"], definition=node["definition"], children=kids)


@lru_cache(maxsize=1)
def typology() -> Typology:
    raw = json.loads(read_resource("mqm", "typology.json"))
    return Typology(roots=tuple(_build(n) for n in raw["categories"]), severities=dict(raw["severities"]))


def normalise_path(path: str) -> str:
    """Lower-case, trimmed, with spaces and underscores as hyphens (``Accuracy / Overly literal`` style
    answers from models that ignore the enum)."""
    parts = [p.strip().lower().replace("_", "-").replace(" ", "-") for p in path.split("/")]
    return "/".join(p for p in parts if p)


def is_valid(path: str, *, leaf_only: bool = False) -> bool:
    try:
        cat = typology().get(path)
    except UnknownCategory:
        return False
    return cat.is_leaf or not leaf_only


# Categories some judges name after MQM-Core rather than seed 002's Table 8, and the Table 8 category that
# means the same (the honorifics analyser's speech-level findings: MQM-Core's "grammatical register",
# Table 8's Style › Register).
EQUIVALENT = {"fluency/grammatical-register": "style/register"}


def in_hierarchy(path: str) -> str | None:
    """``path`` when it is in the hierarchy, else the hierarchy's category that means the same, else None."""
    if is_valid(path):
        return path
    same = EQUIVALENT.get(path)
    return same if same and is_valid(same) else None


def validate(path: str, *, leaf_only: bool = False) -> str:
    """``path`` if it names a category (a leaf when ``leaf_only``), else UnknownCategory."""
    cat = typology().get(path)
    if leaf_only and not cat.is_leaf:
        options = ", ".join(c.path for c in cat.children)
        raise UnknownCategory(f"{path!r} is too general; pick one of {options}")
    return path


def top_level(path: str) -> str:
    return path.split("/", 1)[0]


def is_non_translation(path: str) -> bool:
    return top_level(path) == NON_TRANSLATION


def describe(path: str) -> str:
    """"Accuracy › Mistranslation › Overly literal" for a path."""
    names, prefix = [], ""
    for part in path.split("/"):
        prefix = f"{prefix}/{part}" if prefix else part
        names.append(typology().get(prefix).name)
    return " › ".join(names)
