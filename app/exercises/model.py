"""An exercise and its file: paragraphs (source + translation), the answer key, and the JSON format a class
shares (``.litlens-exercise``), checked field by field on open.

A file comes from someone else's computer, so opening it trusts nothing: size, nesting, types, lengths,
offsets, categories and severities are all checked, and the first problem is reported in one sentence
(ExerciseError) rather than as a traceback or a half-loaded exercise.
"""

from __future__ import annotations

import json
import stat
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import Any, TypeVar

from litlens.app import explanations
from litlens.app.core.files import replaced_atomically
from litlens.app.core.model import SEVERITIES, text_hash

T = TypeVar("T")

FORMAT = "litlens-exercise"
VERSION = 1
SUFFIX = ".litlens-exercise"
MAX_BYTES = 8 * 1024 * 1024  # a class set of a few chapters is far below this
MAX_PARAGRAPHS = 2000
MAX_TEXT = 100_000  # characters in one paragraph
MAX_MARKS = 20_000
MAX_SHORT = 4_000  # titles, categories, explanations
ORIGINS = ("review", "agreement", "manual")  # instructor's reviewed findings / judges agreeing / hand-made


class ExerciseError(ValueError):
    """A file that is not a usable exercise; the message says what is wrong in one sentence."""


@dataclass(frozen=True)
class Mark:
    """A finding in an exercise: offsets ``[start, end)`` into one paragraph's translation.

    The same shape serves the key (with the instructor's or judges' explanation) and a student's answer
    (whose ``explanation`` is the student's note)."""

    paragraph: int
    start: int
    end: int
    category: str
    severity: str
    explanation: str = ""
    judges: tuple[str, ...] = ()
    # the judge's explanation as an app.explanations fragment, so the window words it in the student's
    # language; not part of what the mark is (equality, the exercise's id)
    why: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"paragraph": self.paragraph, "start": self.start, "end": self.end,
                               "category": self.category, "severity": self.severity}
        if self.explanation:
            out["explanation"] = self.explanation
        if self.judges:
            out["judges"] = list(self.judges)
        if self.why:
            out["why"] = self.why
        return out


@dataclass(frozen=True)
class ExerciseParagraph:
    source: str
    translation: str


@dataclass
class Exercise:
    title: str
    paragraphs: list[ExerciseParagraph]
    key: list[Mark]
    source_language: str = ""
    target_language: str = ""
    origin: str = "review"
    author: str = ""
    instructions: str = ""
    notes: list[str] = field(default_factory=list)  # what making it left out, for the instructor
    path: str | None = None  # where it was opened from (an opened exercise is read-only)

    @property
    def id(self) -> str:
        """Stable across copies of the same file: a hash of the texts and the key, not of the file name."""
        return text_hash(*(p.source + "\x01" + p.translation for p in self.paragraphs),
                         *(json.dumps({k: v for k, v in m.to_json().items() if k != "why"}, sort_keys=True)
                           for m in self.key))

    def quote(self, mark: Mark) -> str:
        return self.paragraphs[mark.paragraph].translation[mark.start:mark.end]

    def key_for(self, paragraph: int) -> list[Mark]:
        return [m for m in self.key if m.paragraph == paragraph]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "title": self.title, "author": self.author,
                "instructions": self.instructions, "origin": self.origin,
                "source_language": self.source_language, "target_language": self.target_language,
                "paragraphs": [{"source": p.source, "translation": p.translation} for p in self.paragraphs],
                "key": [m.to_json() for m in self.key]}


def dumps(exercise: Exercise) -> str:
    return json.dumps(exercise.to_json(), ensure_ascii=False, indent=1)


def dump(exercise: Exercise, path: str | Path) -> Path:
    """Write the exercise (after checking it the way a student's copy will be checked on open)."""
    text = dumps(exercise)
    loads(text)  # an exercise we could not open again is never written
    target = Path(path)
    with replaced_atomically(target) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return target


def read_small_text(p: Path, limit: int, error: type[Exception], file_kind: str, kind: str) -> str:
    """The UTF-8 text of ``p`` (at most ``limit`` bytes), or ``error`` with a message naming the file;
    ``file_kind`` is e.g. "an exercise file", ``kind`` what a non-text file is not ("an exercise")."""
    from litlens.app.texts.limits import FileRefused, read_regular_file
    try:
        size = p.stat().st_size
        if size > limit and stat.S_ISREG(p.stat().st_mode):
            raise error(f"{p.name} is {size // 1024} KB; {file_kind} is at most {limit // (1024 * 1024)} MB.")
        data = read_regular_file(p, limit)  # never a device or a FIFO, never more than the limit
    except FileRefused as exc:
        raise error(f"{p.name} is not read: {exc}.") from None
    except OSError as exc:
        raise error(f"{p.name} could not be read ({exc.strerror or exc}).") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{p.name} is not a text file in UTF-8, so it is not {kind}.") from None


def load(path: str | Path) -> Exercise:
    p = Path(path)
    text = read_small_text(p, MAX_BYTES, ExerciseError, "an exercise file", "an exercise")
    exercise = loads(text, name=p.name)
    exercise.path = str(p)
    return exercise


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise ExerciseError(f"the field {dup!r} appears twice in one object")
    return dict(pairs)


def _no_constant(word: str) -> Any:
    raise ExerciseError(f"{word} is not a number an exercise may contain")


def parse_strict(text: str, name: str, error: type[Exception], kind: str, parse: Callable[[Any], T]) -> T:
    """``parse`` applied to the JSON ``text`` (no duplicate keys, no NaN/Infinity, bounded size and depth);
    every problem is ``error`` naming the file and what it is not ("an exercise", "an answers file")."""
    if len(text) > MAX_BYTES:
        raise error(f"{name} is too large to be {kind}.")
    try:
        raw = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except ExerciseError as exc:
        raise error(f"{name} is not a valid {kind.split(' ', 1)[1]}: {exc}.") from None
    except RecursionError:
        raise error(f"{name} is nested too deeply to be {kind}.") from None
    except ValueError as exc:
        raise error(f"{name} is not JSON, so it is not {kind} ({exc}).") from None
    try:
        return parse(raw)
    except ExerciseError as exc:
        raise error(f"{name} is not a valid {kind.split(' ', 1)[1]}: {exc}.") from None


def loads(text: str, name: str = "The file") -> Exercise:
    """Parse and check an exercise; ExerciseError names the first problem found."""
    return parse_strict(text, name, ExerciseError, "an exercise", _parse)


def get_field(obj: dict[str, Any], key: str, kind: type, where: str, default: Any = None, limit: int = MAX_SHORT) -> Any:
    if key not in obj:
        if default is None:
            raise ExerciseError(f"{where} has no {key!r}")
        return default
    value = obj[key]
    # bool is an int to Python, never to an exercise
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ExerciseError(f"{where}: {key!r} should be {_kind_name(kind)}")
    if isinstance(value, str) and len(value) > limit:
        raise ExerciseError(f"{where}: {key!r} is longer than {limit} characters")
    return value


def _kind_name(kind: type) -> str:
    return {str: "text", int: "a whole number", list: "a list", dict: "an object"}.get(kind, kind.__name__)


def _parse(raw: Any) -> Exercise:
    if not isinstance(raw, dict):
        raise ExerciseError("it should be one JSON object")
    fmt = raw.get("format")
    if fmt != FORMAT:
        raise ExerciseError(f"it is not marked as a LitLens exercise (format {fmt!r}, expected {FORMAT!r})")
    version = get_field(raw, "version", int, "the file")
    if version > VERSION:
        raise ExerciseError(f"it was made by a newer LitLens (format version {version}; this one reads up to "
                            f"{VERSION}); update LitLens to open it")
    if version < 1:
        raise ExerciseError(f"format version {version} does not exist")
    origin = get_field(raw, "origin", str, "the file", "review")
    if origin not in ORIGINS:
        raise ExerciseError(f"the key's origin {origin!r} is not one of {', '.join(ORIGINS)}")
    paragraphs_raw = get_field(raw, "paragraphs", list, "the file")
    if not paragraphs_raw:
        raise ExerciseError("it has no paragraphs")
    if len(paragraphs_raw) > MAX_PARAGRAPHS:
        raise ExerciseError(f"it has {len(paragraphs_raw)} paragraphs; an exercise has at most {MAX_PARAGRAPHS}")
    paragraphs = []
    for i, p in enumerate(paragraphs_raw, 1):
        where = f"paragraph {i}"
        if not isinstance(p, dict):
            raise ExerciseError(f"{where} should be an object with a source and a translation")
        translation = get_field(p, "translation", str, where, limit=MAX_TEXT)
        if not translation.strip():
            raise ExerciseError(f"{where} has an empty translation")
        source = get_field(p, "source", str, where, "", limit=MAX_TEXT)
        paragraphs.append(ExerciseParagraph(source, translation))
    key_raw = get_field(raw, "key", list, "the file")
    if len(key_raw) > MAX_MARKS:
        raise ExerciseError(f"its key has {len(key_raw)} findings; at most {MAX_MARKS} are read")
    key = [read_mark(m, i, paragraphs) for i, m in enumerate(key_raw, 1)]
    return Exercise(title=get_field(raw, "title", str, "the file", "") or "Exercise", paragraphs=paragraphs, key=key,
                    source_language=get_field(raw, "source_language", str, "the file", ""),
                    target_language=get_field(raw, "target_language", str, "the file", ""), origin=origin,
                    author=get_field(raw, "author", str, "the file", ""),
                    instructions=get_field(raw, "instructions", str, "the file", ""))


def read_mark(m: Any, i: int, paragraphs: list[ExerciseParagraph], what: str = "key finding") -> Mark:
    """One finding checked against the exercise's paragraphs (``what`` names it in the error)."""
    from litlens.app.mqm import typology as mqm
    where = f"{what} {i}"
    if not isinstance(m, dict):
        raise ExerciseError(f"{where} should be an object")
    para = get_field(m, "paragraph", int, where)
    if not 0 <= para < len(paragraphs):
        raise ExerciseError(f"{where} points at paragraph {para + 1}, which the exercise does not have")
    start, end = get_field(m, "start", int, where), get_field(m, "end", int, where)
    length = len(paragraphs[para].translation)
    if not 0 <= start < end <= length:
        raise ExerciseError(f"{where} covers characters {start}–{end}, outside its paragraph "
                            f"(0–{length}) or empty")
    category = get_field(m, "category", str, where)
    if mqm.in_hierarchy(category) is None:  # a judge's MQM-Core name (grammatical register) is read too
        raise ExerciseError(f"{where} has the category {category!r}, which is not in the MQM hierarchy")
    severity = get_field(m, "severity", str, where)
    if severity not in SEVERITIES:
        raise ExerciseError(f"{where} has the severity {severity!r}; use one of {', '.join(SEVERITIES)}")
    judges = get_field(m, "judges", list, where, [])
    if not all(isinstance(j, str) and len(j) < 200 for j in judges) or len(judges) > 50:
        raise ExerciseError(f"{where}: 'judges' should be a short list of names")
    explanation = get_field(m, "explanation", str, where, "")
    # a fragment that is not well formed, or names a template this version lacks, is dropped: the
    # explanation itself is always there
    why = explanations.checked(m.get("why")) if explanation and "why" in m else None
    return Mark(para, start, end, category, severity, explanation, tuple(judges), why or {})
