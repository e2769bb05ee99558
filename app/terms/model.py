"""A termbase as plain data: entries (one concept each) holding source-language and target-language terms,
each term with a status. Every file format reads into and writes from these classes."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from typing import Any

PREFERRED, ALLOWED, FORBIDDEN = "preferred", "allowed", "forbidden"
STATUSES = (PREFERRED, ALLOWED, FORBIDDEN)


@dataclass(frozen=True)
class Term:
    text: str
    status: str = PREFERRED  # one of STATUSES
    note: str = ""

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"term {self.text!r}: status {self.status!r} is not one of {', '.join(STATUSES)}")
        if not self.text.strip():
            raise ValueError("a term needs text")

    def as_data(self) -> dict[str, str]:
        out = {"text": self.text, "status": self.status}
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class TermEntry:
    """One concept: how the source says it and how the translation may (and may not) say it."""

    id: str
    source: tuple[Term, ...]
    target: tuple[Term, ...]
    note: str = ""

    def targets(self, *statuses: str) -> list[Term]:
        return [t for t in self.target if t.status in statuses]

    @property
    def preferred(self) -> Term | None:
        found = self.targets(PREFERRED)
        return found[0] if found else None

    @property
    def source_forms(self) -> list[str]:
        """Source terms the checks look for (a forbidden source term is still the concept's name)."""
        return [t.text for t in self.source]

    def as_data(self) -> dict[str, Any]:
        """What a finding carries about the entry it enforces (JSON-safe)."""
        out: dict[str, Any] = {"id": self.id, "source": [t.as_data() for t in self.source],
                               "target": [t.as_data() for t in self.target]}
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> TermEntry:
        return cls(str(data["id"]), tuple(Term(**t) for t in data.get("source", [])),
                   tuple(Term(**t) for t in data.get("target", [])), str(data.get("note", "")))


@dataclass
class Termbase:
    source_lang: str = ""
    target_lang: str = ""
    entries: list[TermEntry] = field(default_factory=list)
    name: str = ""

    def __len__(self) -> int:
        return len(self.entries)

    def digest(self) -> str:
        """A hash of the content (not the file's bytes): what a run's input hash depends on."""
        data = [self.source_lang, self.target_lang, [e.as_data() for e in self.entries]]
        return hashlib.sha256(json.dumps(data, ensure_ascii=False, sort_keys=True).encode()).hexdigest()

    def entry(self, entry_id: str) -> TermEntry | None:
        return next((e for e in self.entries if e.id == entry_id), None)

    def next_id(self) -> str:
        taken = {e.id for e in self.entries}
        n = len(self.entries) + 1
        while f"t{n}" in taken:
            n += 1
        return f"t{n}"

    def reversed(self) -> Termbase:
        """The same entries read the other way (target terms become source terms)."""
        return Termbase(self.target_lang, self.source_lang,
                        [replace(e, source=e.target, target=e.source) for e in self.entries], self.name)

    def merge(self, other: Termbase) -> int:
        """Add ``other``'s entries: an entry whose source terms match one of ours adds the terms we lack
        to it; the rest are appended (with a fresh id when theirs is taken). Returns how many were new."""
        added = 0
        by_source = {t.text.casefold(): i for i, e in enumerate(self.entries) for t in e.source}
        for entry in other.entries:
            hit = next((by_source[t.text.casefold()] for t in entry.source if t.text.casefold() in by_source),
                       None)
            if hit is None:
                if self.entry(entry.id) is not None:
                    entry = replace(entry, id=self.next_id())
                self.entries.append(entry)
                for t in entry.source:
                    by_source[t.text.casefold()] = len(self.entries) - 1
                added += 1
                continue
            mine = self.entries[hit]
            have = {(t.text, t.status) for t in mine.target}
            extra = tuple(t for t in entry.target if (t.text, t.status) not in have)
            self.entries[hit] = replace(mine, target=mine.target + extra, note=mine.note or entry.note)
        self.source_lang = self.source_lang or other.source_lang
        self.target_lang = self.target_lang or other.target_lang
        return added
