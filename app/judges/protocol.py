"""A judge's protocol card: which paper and section it follows, how many calls it makes, and every place
it departs from the paper, with the option that turns each departure off. ``litlens judges --details``
and the judge panel's "ⓘ" show it, so a user can tell a paper's figure from one of our improvements.
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
class ProtocolCard:
    source: str  # the paper, e.g. "seed 000 — A 2-step Framework for Automated Literary Translation Evaluation"
    sections: str  # where in it the method is described
    method: str  # the protocol in a sentence or two
    calls: str  # model calls per paragraph and candidate (or "none")
    deviations: tuple[Deviation, ...] = ()

    def lines(self, prompt_version: str = "") -> list[str]:
        """The card as plain text lines (the CLI prints them; the GUI shows them in a tooltip)."""
        out = [f"Follows: {self.source}", f"Sections: {self.sections}", f"Protocol: {self.method}",
               f"Calls: {self.calls}"]
        if prompt_version:
            out.append(f"Prompt version: {prompt_version}")
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
