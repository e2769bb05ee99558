"""Who says each quote, asked of an LLM: one structured call per scene, every answer checked before use.

The offline rules (app.korean.attribution) stay the default and need no key. With a provider configured,
a passage of a few paragraphs is sent with each spoken line numbered ("[3]“…”"), and the model returns
the speaker and listener of each line by its number (JSON schema). Nothing it says is taken on trust:
- a number that is not one of the passage's lines is ignored, a number answered twice abstains;
- a name that occurs neither in the text nor among the known characters abstains (an invented or
  romanised name is a wrong name waiting to happen), as does a speaker who addresses themself;
- a line the model does not answer, or answers with null, abstains ("speaker unknown");
- an answer that is not the schema's JSON is a failure of the whole passage, kept with its raw text.
Quotes are numbered across the whole text (``Quote.index``), so answers from several passages, cached
and stored like every judge's, can be laid over one analysis (app.korean.ledger.relabel).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from litlens.app.core import prompts
from litlens.app.korean.dialogue import find_quotes
from litlens.app.llm.base import LLMRequest, LLMResponse

JUDGE_ID = "speakers-llm"
PROMPT_FOLDER = "speakers_llm"
DECLARED_VERSION = "speakers-llm/1"
MAX_CHARS = 1800  # a passage's length: a scene or a few paragraphs, so the model sees who is present
GROUP = "group"
NAMED, ABSTAINED = "named", "abstained"

SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["lines"],
    "properties": {"lines": {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["number", "speaker", "listener"],
        "properties": {"number": {"type": "integer"},
                       "speaker": {"type": ["string", "null"]},
                       "listener": {"type": ["string", "null"]}}}}},
}


def prompt_version() -> str:
    """The declared version plus a hash of the prompt files, as every judge's (app.core.prompts)."""
    return prompts.version(PROMPT_FOLDER, DECLARED_VERSION)


@dataclass(frozen=True)
class SpokenLine:
    """One quotation that is spoken (thoughts are not asked about): its number across the whole text and
    its offsets with the marks."""

    index: int
    start: int
    end: int
    paragraph: int


@dataclass
class Passage:
    """Paragraphs ``first..last`` sent in one call, and the spoken lines inside them."""

    first: int
    last: int
    start: int
    end: int
    lines: list[SpokenLine] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"¶{self.first + 1}-{self.last + 1}"

    def numbered(self, content: str) -> str:
        """The passage's text with "[n]" before each spoken line (n = its number across the text)."""
        out, cursor = [], self.start
        for line in self.lines:
            out += [content[cursor:line.start], f"[{line.index}]"]
            cursor = line.start
        out.append(content[cursor:self.end])
        return "".join(out)


@dataclass
class LineAnswer:
    """What was decided for one spoken line: a named speaker (and listener) or an abstention, with why."""

    index: int
    start: int
    end: int
    quote: str
    speaker: str | None
    listener: str | None
    status: str  # named | abstained
    why: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class PassageAnswer:
    """One call's outcome: every line of the passage answered, or a failure with the model's raw text."""

    passage: str
    lines: list[LineAnswer] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)  # answers that named no line of the passage
    error: str | None = None
    raw: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def spoken_lines(content: str, paragraphs: Sequence[Any]) -> list[SpokenLine]:
    """Every spoken quotation of ``content``, numbered from 1 in text order (the same quotes the offline
    analysis reads: app.korean.dialogue.find_quotes, thoughts left out)."""
    bounds = _bounds(content, paragraphs)
    found = [q for q in find_quotes(content, bounds) if q.kind != "thought"]
    return [SpokenLine(n, q.start, q.end, q.paragraph) for n, q in enumerate(found, 1)]


def passages(content: str, paragraphs: Sequence[Any], max_chars: int = MAX_CHARS) -> list[Passage]:
    """The text cut into passages of whole paragraphs, at most ``max_chars`` long unless one paragraph
    is longer; passages without a spoken line are not asked about."""
    bounds = _bounds(content, paragraphs)
    by_paragraph: dict[int, list[SpokenLine]] = {}
    for line in spoken_lines(content, bounds):
        by_paragraph.setdefault(line.paragraph, []).append(line)
    out: list[Passage] = []
    current: Passage | None = None
    for pi, (ps, pe) in enumerate(bounds):
        if current is None or pe - current.start > max_chars:
            current = Passage(pi, pi, ps, pe)
            out.append(current)
        current.last, current.end = pi, pe
        current.lines += by_paragraph.get(pi, [])
    return [p for p in out if p.lines]


def request_for(passage: Passage, content: str, names: Iterable[str] = ()) -> LLMRequest:
    """The structured request for one passage; ``names`` are characters the caller already knows."""
    known = sorted(dict.fromkeys(n for n in names if n and n != GROUP))
    system = prompts.render(f"{PROMPT_FOLDER}/system.j2")
    user = prompts.render(f"{PROMPT_FOLDER}/user.j2", passage=passage.numbered(content), names=known,
                          numbers=[str(line.index) for line in passage.lines])
    return LLMRequest(system=system, user=user, schema=SCHEMA, schema_name="speakers", temperature=0.0,
                      max_tokens=60 + 40 * len(passage.lines), judge=JUDGE_ID, prompt_version=prompt_version())


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


class _Names:
    """Which names an answer may use: those written in the text (spaces ignored) and the known ones."""

    def __init__(self, content: str, names: Iterable[str]) -> None:
        self.flat = _squash(content)
        self.known = {_squash(n): n for n in names if n}

    def check(self, name: str | None) -> tuple[str | None, str]:
        """(the name to use, "") or (None, why it cannot be used)."""
        if name is None or not name.strip():
            return None, "the model did not name anyone"
        name = " ".join(name.split())
        flat = _squash(name)
        if flat in self.known:
            return self.known[flat], ""
        if len(flat) >= 1 and flat in self.flat and not _latin(flat):
            return name, ""
        return None, f"“{name}” is neither in the text nor among its characters"


def _latin(flat: str) -> bool:
    return bool(re.search(r"[A-Za-z]", flat))


def read_answer(passage: Passage, content: str, data: dict[str, Any] | None, *, raw: str | None = None,
                error: str | None = None, names: Iterable[str] = ()) -> PassageAnswer:
    """Check one answer (``data``: the schema's validated JSON, or None with ``error``) against the passage
    and the text; every line of the passage comes back named or abstained, never guessed."""
    if data is None or not isinstance(data.get("lines"), list):
        return PassageAnswer(passage.key, error=error or "the answer has no list of lines", raw=raw)
    allowed = _Names(content, names)
    by_index = {line.index: line for line in passage.lines}
    given: dict[int, list[dict[str, Any]]] = {}
    ignored: list[str] = []
    for item in data["lines"]:
        n = item.get("number") if isinstance(item, dict) else None
        if not isinstance(n, int) or isinstance(n, bool) or n not in by_index:
            ignored.append(f"no line [{n}] in this passage")
            continue
        given.setdefault(n, []).append(item)
    out = PassageAnswer(passage.key, ignored=ignored, raw=raw)
    for line in passage.lines:
        quote = content[line.start:line.end]
        items = given.get(line.index, [])
        speaker = listener = None
        if not items:
            why = "the model did not answer this line"
        elif len(items) > 1:
            why = "the model answered this line twice"
        else:
            speaker, why = allowed.check(items[0].get("speaker"))
            heard = items[0].get("listener")
            if speaker is not None and heard is not None:
                listener, bad = (GROUP, "") if heard.strip().lower() == GROUP else allowed.check(heard)
                if bad:
                    speaker, why = None, "listener: " + bad
                elif listener == speaker:
                    speaker = listener = None
                    why = "the model had the speaker address themself"
        status = NAMED if speaker is not None else ABSTAINED
        out.lines.append(LineAnswer(line.index, line.start, line.end, quote, speaker,
                                    listener if speaker is not None else None, status, why))
    return out


def read_response(passage: Passage, content: str, response: LLMResponse,
                  names: Iterable[str] = ()) -> PassageAnswer:
    """``read_answer`` for a provider's response (its parse error and raw text kept on failure)."""
    raw = response.text
    if not response.ok:
        return read_answer(passage, content, None, raw=raw, error=response.error or "no answer")
    return read_answer(passage, content, response.data, raw=raw, names=names)


Ask = Callable[[LLMRequest], Awaitable[LLMResponse]]


async def attribute(ask: Ask, content: str, paragraphs: Sequence[Any] = (),
                    names: Iterable[str] = ()) -> list[PassageAnswer]:
    """Ask ``ask`` (an LLMClient, which caches every request by its hash) about every passage of the
    text, one call per passage, and check each answer."""
    names = list(names)
    out = []
    for passage in passages(content, paragraphs):
        response = await ask(request_for(passage, content, names))
        out.append(read_response(passage, content, response, names))
    return out


def answered_lines(answers: Iterable[PassageAnswer]) -> list[LineAnswer]:
    """Every line of the passages that were answered, in text order (failed passages add none)."""
    return sorted((line for a in answers if a.ok for line in a.lines), key=lambda line: line.start)


def _bounds(content: str, paragraphs: Sequence[Any]) -> list[tuple[int, int]]:
    got = [(p.start, p.end) if hasattr(p, "start") else (int(p[0]), int(p[1])) for p in paragraphs]
    if got:
        return got
    return [(m.start(), m.end()) for m in re.finditer(r"\S(?:.*?\S)?(?=\s*\n\s*\n|\s*$)", content, re.S)]
