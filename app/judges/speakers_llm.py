"""Speakers by LLM: who says each line of a Korean translation and to whom, asked of a model scene by scene.

An option beside the offline attribution of the Korean honorifics judge (which stays the default and needs
no key): one structured call per passage (app.korean.llm_attribution), each answer checked line by line
(an unknown number is ignored, a name the text does not have abstains, garbage fails the passage with its
raw text). Results are stored and reused like every judge's; the ledger lays them over the offline
reading when the reviewer chooses (app.korean.ledger.relabel), and a reviewer's correction wins over both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from litlens.app.core import prompts
from litlens.app.core.model import Judgment, Project, text_hash
from litlens.app.judges.base import Judge, JudgeUnavailable, Payload, Summary, Unit, UnitContext
from litlens.app.judges.common import UnitRef, ask
from litlens.app.judges.protocol import ProtocolCard
from litlens.app.korean import llm_attribution as la
from litlens.app.llm.tokens import request_tokens

JUDGE_ID = la.JUDGE_ID

CARD = ProtocolCard(
    source="LitLens's own use of an LLM as a reader of dialogue (no paper protocol to follow)",
    sections="—",
    method="A passage of a few paragraphs with each spoken line numbered; the model names each line's "
           "speaker and listener by number (JSON schema); a name the text does not contain, a number "
           "answered twice and a speaker addressing themself abstain; the offline attribution stays the "
           "default.",
    calls="1 per passage of about 1,800 characters with dialogue, per Korean candidate")


@dataclass
class SpeakerAttribution(Payload):
    """Per candidate, every line the model was asked about (app.korean.llm_attribution.LineAnswer as a
    dict: index, start, end, quote, speaker, listener, status, why), in text order, and the passages that
    failed (their key and error)."""

    kind: ClassVar[str] = "speaker-attribution"
    method: str = "llm"
    lines: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    failed: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def as_table(self) -> Summary:
        rows = []
        for label, lines in self.lines.items():
            named = sum(1 for x in lines if x.get("status") == la.NAMED)
            rows.append([label, str(len(lines)), str(named), str(len(lines) - named),
                         str(len(self.failed.get(label, [])))])
        return Summary(self.title, ["candidate", "lines", "named", "abstained", "failed passages"], rows,
                       self.to_dict())


class SpeakersLlmJudge(Judge):
    id = JUDGE_ID
    name = "Speakers (LLM)"
    description = ("Asks the model who says each line of dialogue in a Korean translation and to whom, one "
                   "scene at a time; names the text does not contain are refused. The ledger can show "
                   "this reading instead of the offline one.")
    needs_llm = True
    reference = "none"
    target_languages = None  # any project; only its Korean candidates are read
    protocol = CARD  # what it does and how it differs (litlens judges --details)

    prompt_version = prompts.Versioned(la.PROMPT_FOLDER, la.DECLARED_VERSION)

    def check(self, project: Project) -> None:
        super().check(project)
        if not any(c.text.language == "ko" for c in project.candidates):
            raise JudgeUnavailable("Speakers (LLM) reads Korean translations, and no translation here is Korean.")

    def plan(self, project: Project, options: Judge.Options) -> list[Unit]:
        self.check(project)
        units = []
        for cand in project.candidates:
            if cand.text.language != "ko":
                continue
            content = cand.text.content
            for passage in la.passages(content, cand.text.paragraphs):
                units.append(_unit(cand.label, content, passage))
        return units

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        lines: dict[str, list[dict[str, Any]]] = {}
        failed: dict[str, list[dict[str, Any]]] = {}
        for j in results:
            if j.candidate is None:
                continue
            if j.status == "ok":
                lines.setdefault(j.candidate, []).extend(j.data.get("lines", []))
            else:
                failed.setdefault(j.candidate, []).append({"passage": j.unit, "error": j.error or ""})
        for items in lines.values():
            items.sort(key=lambda x: int(x.get("start") or 0))
        if not lines and not failed:
            return []
        return [SpeakerAttribution("speakers (LLM)", "llm", lines, failed)]


def _unit(label: str, content: str, passage: la.Passage) -> Unit:
    key = f"{label}/{passage.key}"
    request = la.request_for(passage, content)
    # the passage's own text and where it sits: an edit elsewhere leaves this unit's stored answer valid
    # only when its offsets are unchanged, so they are part of what it saw
    seen = text_hash(content[passage.start:passage.end], str(passage.start),
                     ",".join(str(line.index) for line in passage.lines))

    def read(data: dict[str, Any]) -> Judgment:
        answer = la.read_answer(passage, content, data)
        return Judgment(judge=JUDGE_ID, unit=key, candidate=label, paragraph=passage.first,
                        data={"passage": passage.key, "lines": [x.to_dict() for x in answer.lines],
                              "ignored": answer.ignored})

    async def run(ctx: UnitContext) -> Judgment:
        return await ask(ctx, request, UnitRef(JUDGE_ID, key, label, passage.first), read)

    return Unit(judge=JUDGE_ID, key=key, input_hash=seen, run=run, candidate=label, paragraph=passage.first,
                est_input_tokens=request_tokens(request), est_output_tokens=request.max_tokens)
