"""What several judges share: walking aligned paragraphs and passages, asking the model and turning its
answer (or its failure) into a stored result, and the units for rows that cannot be judged.

A judge imports these and never another judge, so each method can change without pulling others along.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from litlens.app.core.model import AlignedPair, Candidate, Judgment, Project, Segment, Text
from litlens.app.explanations import TEMPLATES, explained, why
from litlens.app.judges import offload
from litlens.app.judges.base import JudgeUnavailable, Unit

if TYPE_CHECKING:
    from litlens.app.judges.base import UnitContext
    from litlens.app.llm.base import LLMRequest, LLMResponse

T = TypeVar("T")


@dataclass(frozen=True)
class ParagraphPair:
    """One aligned row for one candidate: the source text, the candidate text, the reference if any."""

    candidate: str
    index: int  # the first source paragraph of the row (or -1 for a candidate paragraph with no source)
    pair: AlignedPair
    source: str
    target: str
    reference: str | None

    @property
    def paragraph(self) -> int | None:
        """The source paragraph a result is filed under; None for an added paragraph."""
        return self.index if self.index >= 0 else None

    @property
    def key(self) -> str:
        return f"{self.candidate}/p{self.index}" if self.index >= 0 else \
            f"{self.candidate}/t{self.pair.target[0]}"


def _joined(text: Text, indices: tuple[int, ...]) -> str:
    return "\n\n".join(text.paragraphs[i].text for i in indices)


def reference_for(project: Project, source_indices: tuple[int, ...]) -> str | None:
    """Reference paragraphs aligned to these source paragraphs, joined (None without a reference)."""
    if project.reference is None or project.reference_alignment is None:
        return None
    wanted = set(source_indices)
    targets: list[int] = []
    for p in project.reference_alignment.pairs:
        if wanted.intersection(p.source):
            targets.extend(p.target)
    return _joined(project.reference, tuple(sorted(set(targets)))) if targets else None


def paragraph_pairs(project: Project, candidate: Candidate) -> Iterator[ParagraphPair]:
    if candidate.alignment is None:
        raise ValueError(f"candidate {candidate.label!r} has not been aligned to the source")
    for pair in candidate.alignment.pairs:
        index = pair.source[0] if pair.source else -1
        yield ParagraphPair(candidate=candidate.label, index=index, pair=pair,
                            source=_joined(project.source, pair.source),
                            target=_joined(candidate.text, pair.target),
                            reference=reference_for(project, pair.source) if pair.source else None)


def failed(judge: str, unit: str, candidate: str | None, paragraph: int | None, error: str,
           raw: str | None = None, data: dict[str, Any] | None = None) -> Judgment:
    return Judgment(judge=judge, unit=unit, candidate=candidate, paragraph=paragraph, status="failed",
                    error=error, raw=raw, data=dict(data or {}))


def check_human(project: Project, judge_id: str, human: Any) -> str | None:
    """The ``human`` option of the seed-002 judges: a candidate label (or empty for none)."""
    if human in (None, "", False):
        return None
    labels = [c.label for c in project.candidates]
    if str(human) not in labels:
        raise JudgeUnavailable(f"{judge_id}: human={human!r} is not one of the candidates "
                               f"({', '.join(labels)})")
    return str(human)


_OUTCOMES = ("unaligned/not-scored", "unaligned/no-questions")  # what the judges say they did with such a row


def unaligned_unit(judge: str, pp: ParagraphPair, input_hash: str, *, key: str | None = None,
                   outcome: str = "not scored", **extra: Any) -> Unit:
    """The unit for a row with no source or no translation. No model is asked; the stored result says
    which side is missing, so the reader sees a likely omission or addition instead of a silent gap.
    The note is kept in English (``note``) and as an app.explanations fragment (``note_why``)."""
    said = next((k for k in _OUTCOMES if TEMPLATES[k] == outcome), None)
    note, note_why = explained("unaligned/no-translation" if not pp.target else "unaligned/no-source",
                               outcome=why(said) if said else outcome)
    unit_key = key or pp.key

    async def run(ctx: UnitContext) -> Judgment:
        return Judgment(judge=judge, unit=unit_key, candidate=pp.candidate, paragraph=pp.paragraph,
                        data={"unaligned": True, **extra, "note": note, "note_why": note_why})

    return Unit(judge=judge, key=unit_key, candidate=pp.candidate, paragraph=pp.paragraph, needs_llm=False,
                input_hash=input_hash, run=run)


# ---- asking the model ---------------------------------------------------------------------------------

class AnswerError(ValueError):
    """The answer parsed as JSON but breaks a rule the schema cannot express (a score off the scale, a
    question that does not exist...). The unit fails with the raw answer kept."""


@dataclass(frozen=True)
class UnitRef:
    """Where one unit's result is filed: its judge, unit key, candidate and paragraph."""

    judge: str
    unit: str
    candidate: str | None = None
    paragraph: int | None = None

    def failed(self, error: str, raw: str | None = None, data: dict[str, Any] | None = None) -> Judgment:
        return failed(self.judge, self.unit, self.candidate, self.paragraph, error, raw, data)


def raw_text(resp: LLMResponse) -> str | None:
    """What the model said, for the record. Tool-call answers can arrive with no text but parsed data;
    the data, dumped back to JSON, is then the closest thing to the raw answer."""
    if resp.text or resp.data is None:
        return resp.text
    return json.dumps(resp.data, ensure_ascii=False)


async def ask(ctx: UnitContext, request: LLMRequest, ref: UnitRef, read: Callable[[dict[str, Any]], T], *,
              about: str = "", failure: dict[str, Any] | None = None) -> T | Judgment:
    """Send ``request`` and hand the validated JSON to ``read``.

    No usable answer, or an answer ``read`` rejects by raising AnswerError, gives a failed Judgment for
    ``ref`` with the raw text, never a score. ``about`` names which of several calls failed (it prefixes
    the error); ``failure`` is data stored with a failure so summaries can still count it."""
    assert ctx.llm is not None, f"{ref.judge} asks a model but the run has no provider"
    resp = await ctx.llm(request)
    raw = raw_text(resp)
    prefix = f"{about}: " if about else ""
    if not resp.ok or resp.data is None:
        return ref.failed(prefix + (resp.error or "no answer"), raw, failure)
    try:
        result = read(resp.data)
    except AnswerError as exc:
        return ref.failed(prefix + str(exc), raw, failure)
    if isinstance(result, Judgment) and result.status == "failed" and result.raw is None:
        result.raw = raw  # a reader that built its own failure still keeps what the model said
    return result


# ---- passages: rows that every candidate keeps together ------------------------------------------------

@dataclass(frozen=True)
class Passage:
    """Source paragraphs that every candidate's alignment keeps together, with each candidate's text."""

    index: int  # first source paragraph
    source_indices: tuple[int, ...]
    source: str
    targets: dict[str, str]  # candidate label -> its text for this passage ("" when it has none)


def passage_groups(project: Project) -> list[Passage]:
    """Smallest groups of source paragraphs that no candidate's alignment splits (1:1 alignments give one
    group per paragraph; a candidate that merged paragraphs 3 and 4 makes them one group for all)."""
    rows: dict[str, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
    for c in project.candidates:
        if c.alignment is None:
            raise ValueError(f"candidate {c.label!r} has not been aligned to the source")
        rows[c.label] = [(p.source, p.target) for p in c.alignment.pairs if p.source]
    groups: list[Passage] = []
    done: set[int] = set()
    for i in range(len(project.source.paragraphs)):
        if i in done:
            continue
        group = {i}
        while True:
            grown = set(group)
            for pairs in rows.values():
                for src, _ in pairs:
                    if grown.intersection(src):
                        grown.update(src)
            if grown == group:
                break
            group = grown
        done |= group
        ordered = tuple(sorted(group))
        targets = {}
        for c in project.candidates:
            idx = sorted({t for src, tgt in rows[c.label] if group.intersection(src) for t in tgt})
            targets[c.label] = "\n\n".join(c.text.paragraphs[t].text for t in idx)
        source = "\n\n".join(project.source.paragraphs[k].text for k in ordered)
        groups.append(Passage(ordered[0], ordered, source, targets))
    return groups


def ledger_summary(project: Project, label: str, judge_id: str) -> str | None:
    """The relationship ledger of Korean candidate ``label`` as a few lines for an LLM prompt (the
    ``ledger_context`` option of DA-MQM and GEMBA-MQM, our addition): LLM judges barely see honorific
    errors, so they are shown what the rule-based analyser found. None when the candidate is not Korean
    or has no speaker → listener pair."""
    text = project.candidate(label).text
    if text.language != "ko":
        return None
    from litlens.app.korean.honorifics import analyse_text
    from litlens.app.korean.kiwi import KoreanAnalyserUnavailable
    from litlens.app.korean.ledger import summary_text
    try:
        # the same call as the honorifics judge, so the prompt and the Speech levels dock agree; planning
        # runs on a worker thread, and in the window Kiwi answers from the analyser process (offload)
        # a stored LLM reading and the reviewer's corrections (which win) are taken as given
        report = offload.call(analyse_text, text.content, text.paragraphs, None, project.speakers.get(label) or None)
    except KoreanAnalyserUnavailable as exc:
        raise JudgeUnavailable(f"{judge_id}: ledger_context needs the Korean analyser ({exc})") from exc
    return summary_text({label: report.ledger}) if report.ledger else None


def paragraph_sentences(text: Text, indices: Iterable[int]) -> dict[int, list[Segment]]:
    """The sentences of paragraphs ``indices`` of ``text`` (app.texts.split_sentences), asked for in one
    call: planning runs on a worker thread, and in the window the call goes to the analyser process so a
    Kiwi or spaCy load never holds the GUI process's GIL (app/judges/offload.py). Same answers as asking
    paragraph by paragraph here."""
    from litlens.app.texts.segment import sentences_within
    wanted = sorted(set(indices))
    if not wanted:
        return {}
    found = offload.call(sentences_within, text.content, text.language, [text.paragraphs[i] for i in wanted])
    return dict(zip(wanted, found))
