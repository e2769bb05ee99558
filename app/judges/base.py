"""The judge contract: a judge declares what it needs and plans units of work; the engine runs them.

A judge never writes to the store and never touches Qt. Each unit returns a ``Judgment``; a unit whose
LLM answer could not be parsed returns ``status="failed"`` with the raw text, never a score.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from litlens.app.judges.options import JudgeOptions
from litlens.app.judges.protocol import ProtocolCard

# Summary is the plain-table payload; kept importable from here for judges written before payloads.
from litlens.app.judges.payloads import Payload, Summary  # noqa: F401

if TYPE_CHECKING:
    from litlens.app.llm.base import LLMRequest, LLMResponse
    from litlens.app.core.model import Judgment, Project

LLMCall = Callable[["LLMRequest"], Awaitable["LLMResponse"]]


class JudgeUnavailable(Exception):
    """The judge cannot run on this project (wrong languages, missing reference...)."""


@dataclass
class UnitContext:
    project: Project
    options: JudgeOptions  # the judge's own Options subclass, already checked
    llm: LLMCall | None  # None for judges that need no LLM
    deps: dict[str, Judgment] = field(default_factory=dict)  # results of the units this one depends on


@dataclass
class Unit:
    """One stored piece of work, e.g. DA-MQM for candidate "B", paragraph 3.

    ``key`` is unique within a judge's plan; ``input_hash`` hashes every text the unit sees, so a stored
    result is reused only for exactly the same inputs (and the same judge, prompt version and model).
    """

    judge: str
    key: str
    input_hash: str
    run: Callable[[UnitContext], Awaitable[Judgment]]
    candidate: str | None = None
    paragraph: int | None = None
    depends_on: list[str] = field(default_factory=list)
    needs_llm: bool = True
    # For estimates before a run: the unit's LLM calls (a multi-step unit makes several; where the
    # number varies, the typical count) and the tokens of all of them together.
    est_calls: float = 1.0
    # What identifies the request(s) the unit sends, when that is not ``input_hash`` (two presentation
    # orders of identical texts send one prompt): units with the same key are asked once, then cached.
    request_key: str = ""
    est_input_tokens: int = 0
    est_output_tokens: int = 0
    # The largest single call's prompt and answer where a judge knows it (0: the calls' average is used);
    # a run checks it against the model's context before any call (app.llm.context)
    est_call_tokens: int = 0
    # Earlier answers of the same judge that this unit's prompt quotes (TransEvalnia scores and ranks
    # from its own evaluations): their size is unknown until they are written, so est_input_tokens counts
    # each at an assumed size, and an estimate that has stored usage replaces it (app.run.usage).
    est_quotes: tuple[QuotedAnswer, ...] = ()


@dataclass(frozen=True)
class QuotedAnswer:
    """One earlier answer quoted in a unit's prompt: the ``step`` (schema name) that writes it, the input
    tokens of the prompt that asks for it, and the tokens est_input_tokens assumed for it."""

    step: str
    prompt_tokens: int
    assumed: int


class Judge:
    """Base class for judges. Subclasses set the class attributes and implement ``plan``."""

    id: ClassVar[str]
    name: ClassVar[str]
    description: ClassVar[str]
    needs_llm: ClassVar[bool] = True
    reference: ClassVar[Literal["none", "optional", "required"]] = "none"
    source_languages: ClassVar[tuple[str, ...] | None] = None  # None: any
    target_languages: ClassVar[tuple[str, ...] | None] = None
    prompt_version: ClassVar[str] = "1"
    # Declared once as a frozen dataclass; checked when a run is planned, and the GUI builds its
    # editors from it. A judge without options keeps the empty base class.
    Options: ClassVar[type[JudgeOptions]] = JudgeOptions
    # Which paper and section the judge follows and every deviation with its option (litlens judges
    # --details, the judge panel's ⓘ). None for a judge that follows no paper and says so elsewhere.
    protocol: ClassVar[ProtocolCard | None] = None

    def check(self, project: Project) -> None:
        """Raise JudgeUnavailable with a clear reason when the judge cannot run on ``project``."""
        if self.reference == "required" and project.reference is None:
            raise JudgeUnavailable(f"{self.id} needs a reference translation")
        if self.source_languages and project.source.language not in self.source_languages:
            raise JudgeUnavailable(
                f"{self.id} reads source texts in {', '.join(self.source_languages)}, "
                f"not {project.source.language!r}")
        if self.target_languages:
            for c in project.candidates:
                if c.text.language not in self.target_languages:
                    raise JudgeUnavailable(
                        f"{self.id} reads translations in {', '.join(self.target_languages)}; "
                        f"{c.label!r} is {c.text.language!r}")

    def plan(self, project: Project, options: Any) -> list[Unit]:
        """The units for ``project``; ``options`` is an instance of this judge's ``Options``."""
        raise NotImplementedError

    def summarize(self, results: list[Judgment]) -> list[Payload]:
        """Run-level payloads (litlens.app.judges.payloads) computed from this judge's stored results,
        never from live state, so the CLI, reports and the GUI show the same figures after a restart.
        The window picks a view for each by its type. Default: none."""
        return []
