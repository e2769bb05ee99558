"""A judge's protocol card: which paper and section it follows, step by step what is the paper's and what
is ours, the model calls it makes, and every place it departs from the paper, with the option that turns
each departure off. ``litlens judges --details`` and the judge panel's "ⓘ" show it, so a user can tell a
paper's figure from one of our improvements.

A card cannot drift from the code: its ``requests`` say what the logged requests must look like (calls per
unit, message roles, rubric blocks, schema, temperature), and tests/test_protocol_requests.py runs every
LLM judge against a local server and checks the requests against them.
"""

from __future__ import annotations

from dataclasses import dataclass

from litlens.app.judges.options import JudgeOptions


@dataclass(frozen=True)
class Deviation:
    """One documented difference from the paper (or an addition it does not have)."""

    what: str  # what we do differently, in one sentence
    option: str = ""  # the option that controls it; empty when it is always on (say why in ``what``)
    paper: str = ""  # the option's value that gives the paper's behaviour ("" when there is none)


@dataclass(frozen=True)
class Step:
    """One step of the method: what the paper does (with its section) and what LitLens does by default
    that the paper does not ("" when the step is the paper's as it stands)."""

    name: str
    paper: str
    ours: str = ""


# What a Calls entry's ``per`` may say, and how a test counts it on a project.
PER = ("text", "paragraph", "paragraph×candidate", "dialogue paragraph×candidate", "paragraph×order",
       "chunk×candidate", "candidate", "question×candidate")


@dataclass(frozen=True)
class Calls:
    """One kind of model call as the requests must show it (by default options)."""

    schema: str  # the name of the structured-output schema the call carries
    per: str  # how many: one per ... (one of PER)
    roles: tuple[str, ...] = ("system", "user")  # message roles in order
    temperature: float | None = 0.0
    blocks: tuple[str, ...] = ()  # text every such call's system prompt holds (its rubric blocks)
    absent: tuple[str, ...] = ()  # text none of them holds (other criteria's rubrics, guidelines)
    user_blocks: tuple[str, ...] = ()  # text every such call's user message holds (which template)
    first_key: str = ""  # the answer schema's first property ("rationale": reasons come before the choice)
    only: str = ""  # this entry covers the calls whose system prompt holds this text (one criterion)
    times: int = 1  # calls per unit (several criteria share a schema: one entry each)

    def text(self) -> str:
        bits = [f"{self.times} × " if self.times != 1 else "", f"'{self.schema}' per {self.per}",
                f" [{self.only}]" if self.only else "", f"; roles {'/'.join(self.roles)}",
                f"; temperature {self.temperature:g}" if self.temperature is not None else "; no temperature",
                f"; answer starts with '{self.first_key}'" if self.first_key else ""]
        return "".join(bits)


@dataclass(frozen=True)
class ProtocolCard:
    source: str  # the paper, e.g. "seed 000 — A 2-step Framework for Automated Literary Translation Evaluation"
    sections: str  # where in it the method is described
    method: str  # the protocol in a sentence or two
    calls: str  # model calls per paragraph and candidate (or "none")
    deviations: tuple[Deviation, ...] = ()
    steps: tuple[Step, ...] = ()
    requests: tuple[Calls, ...] = ()  # by default options; checked on logged requests by a test
    # other options' requests, keyed "option=value" (sorted, comma-joined when several)
    variant_requests: tuple[tuple[str, tuple[Calls, ...]], ...] = ()

    def lines(self, prompt_version: str = "") -> list[str]:
        """The card as plain text lines (the CLI prints them; the GUI shows them in a tooltip)."""
        out = [f"Follows: {self.source}", f"Sections: {self.sections}", f"Protocol: {self.method}",
               f"Calls: {self.calls}"]
        if prompt_version:
            out.append(f"Prompt version: {prompt_version}")
            if "+custom:" in prompt_version:
                out.append("Custom prompt: the user's templates replace built-in ones (--prompts); the "
                           "requests below are the built-in protocol's and may no longer hold")
        if self.steps:
            out.append("Steps (paper | ours):")
            for st in self.steps:
                out.append(f"  - {st.name}: paper: {st.paper}" + (f" | ours: {st.ours}" if st.ours else
                                                                   " | ours: as the paper"))
        if self.requests:
            out.append("Requests (checked by tests on the logged requests):")
            out += [f"  - {c.text()}" for c in self.requests]
            for key, calls in self.variant_requests:
                out.append(f"  with {key}:")
                out += [f"    - {c.text()}" for c in calls]
        if not self.deviations:
            out.append("Deviations: none")
            return out
        out.append("Deviations:")
        for d in self.deviations:
            if d.option:
                paper = f"; paper: {d.option}={d.paper}" if d.paper else ""
                out.append(f"  - {d.what} (option {d.option}{paper})")
            else:
                out.append(f"  - {d.what} (always)")
        return out

    def unknown_options(self, options: type[JudgeOptions]) -> list[str]:
        """Options the card names that the judge does not declare (a test keeps cards honest)."""
        declared = {o.name for o in options.describe()}
        return [d.option for d in self.deviations if d.option and d.option not in declared]
