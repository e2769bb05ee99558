"""BWS, Best-Worst Scaling (seed 002, §3): given every translation of a passage, pick the best and the worst.

Order is a known bias of LLM judges, so each passage is asked about in several candidate orders: by
default a Williams design (metrics.orders.williams_design): one order per candidate for an even number,
two for an odd one, so every candidate is shown in every position, and right after every other, equally
often and no position's pull favours anyone; option ``orders`` asks about fewer (the first rows:
cheaper, no longer balanced). Translations are shown under letters, not
their labels, so a label such as "Published 1925" does not give the answer away. One unit per passage per
order (candidate=None). The summary counts best and worst picks per candidate and reports
(best − worst) / judgements, the paper's Table 6 figure. With exactly two candidates only the best is
asked for: the other one is the worst.
"""

from __future__ import annotations

import string
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from litlens.app.core import prompts
from litlens.app.metrics.adequacy import adequacy_summary
from litlens.app.judges.base import Judge, JudgeUnavailable, Summary, Unit, UnitContext
from litlens.app.judges.common import AnswerError, Passage, UnitRef, ask, check_human, passage_groups
from litlens.app.judges import cards
from litlens.app.judges.options import JudgeOptions, option
from litlens.app.core.languages import language_name
from litlens.app.llm.base import LLMRequest
from litlens.app.metrics.orders import williams_design
from litlens.app.llm.tokens import request_tokens
from litlens.app.core.model import Judgment, Project, text_hash

LETTERS = string.ascii_uppercase


def bws_orders(labels: list[str], count: int | None = None) -> list[list[str]]:
    """The first ``count`` rows (default all) of a Williams design over ``labels``: n orders for an even
    number of candidates, 2n for an odd one; never more, since the design has no more rows."""
    square = williams_design(labels)
    return [list(o) for o in square[:len(square) if count is None else max(1, count)]]


def answer_schema(letters: list[str]) -> dict[str, Any]:
    props: dict[str, Any] = {"rationale": {"type": "string"},
                             "best": {"type": "string", "enum": letters}}
    required = ["rationale", "best"]
    if len(letters) > 2:
        props["worst"] = {"type": "string", "enum": letters}
        required.append("worst")
    return {"type": "object", "additionalProperties": False, "required": required, "properties": props}


class BwsJudge(Judge):
    id = "bws"
    name = "BWS (best and worst of all candidates)"
    description = ("Shows all translations of a passage (blind, under letters) and asks for the best and the "
                   "worst, in several candidate orders to expose position bias (seed 002).")
    needs_llm = True
    reference = "none"
    prompt_version = prompts.Versioned("bws", "bws/1")
    protocol = cards.BWS  # paper, sections, calls and deviations (litlens judges --details)

    @dataclass(frozen=True)
    class Options(JudgeOptions):
        # the design has n rows (2n for odd n; bws_orders stops there), and BWS letters end at Z
        orders: int | None = option(None, range=(1, 52), help=(
            "How many candidate orders to ask about (default: a Williams design, every candidate in every "
            "position and after every other equally often: one order per candidate, two for an odd "
            "number; fewer is cheaper but no longer balanced)"))
        human: str | None = option(None, kind="candidate",
                                   help="The candidate that is the human translation, for the adequacy table")

    def check(self, project: Project) -> None:
        super().check(project)
        if len(project.candidates) < 2:
            raise JudgeUnavailable("bws compares translations: it needs at least two candidates")

    def plan(self, project: Project, options: Options) -> list[Unit]:
        self.check(project)
        orders = options.orders
        human = check_human(project, self.id, options.human)
        labels = [c.label for c in project.candidates]
        units = []
        for passage in passage_groups(project):
            for r, order in enumerate(bws_orders(labels, orders)):
                units.append(self._unit(project, passage, r, order, human))
        return units

    def _unit(self, project: Project, passage: Passage, rotation: int, order: list[str],
              human: str | None) -> Unit:
        key = f"p{passage.index}/o{rotation}"
        letters = list(LETTERS[:len(order)])
        by_letter = dict(zip(letters, order))
        langs = {project.candidate(label).text.language for label in order}
        variables = {"source_language": language_name(project.source.language),
                         "target_language": language_name(langs.pop()) if len(langs) == 1 else "the target language",
                         "count": len(order)}
        system = prompts.render("bws/system.j2", **variables)
        user = prompts.render("bws/user.j2", source=passage.source,
                              translations=[(ltr, passage.targets[lab]) for ltr, lab in by_letter.items()],
                              **variables)
        request = LLMRequest(system=system, user=user, schema=answer_schema(letters), schema_name="best_worst",
                             temperature=0.0, max_tokens=300, judge=self.id,
                             prompt_version=self.prompt_version)

        def read(data: dict[str, Any]) -> Judgment:
            best_l = data.get("best")
            worst_l = data.get("worst") if len(letters) > 2 else \
                next((ltr for ltr in letters if ltr != best_l), None)
            if best_l not in by_letter or worst_l not in by_letter:
                raise AnswerError(f"best/worst {best_l!r}/{worst_l!r} are not among {', '.join(letters)}")
            if best_l == worst_l:
                raise AnswerError(f"the same translation ({best_l}) was picked as best and worst")
            return Judgment(judge=self.id, unit=key, candidate=None, paragraph=passage.index, data={
                "best": by_letter[best_l], "worst": by_letter[worst_l], "order": order, "rotation": rotation,
                "best_position": letters.index(best_l) + 1, "worst_position": letters.index(worst_l) + 1,
                "rationale": str(data.get("rationale") or ""), "human": human,
                "source_paragraphs": list(passage.source_indices)})

        async def run(ctx: UnitContext) -> Judgment:
            return await ask(ctx, request, UnitRef(self.id, key, None, passage.index), read)

        return Unit(judge=self.id, key=key, candidate=None, paragraph=passage.index, run=run,
                    input_hash=text_hash(system, user, str(human)),
                    est_input_tokens=request_tokens(request), est_output_tokens=120)

    def summarize(self, results: list[Judgment]) -> list[Summary]:
        return summarize_bws(results)


def summarize_bws(results: list[Judgment]) -> list[Summary]:
    ok = [j for j in results if j.status == "ok" and "best" in j.data]
    if not ok:
        return []
    best: dict[str, int] = defaultdict(int)
    worst: dict[str, int] = defaultdict(int)
    seen: dict[str, int] = defaultdict(int)  # judgements each candidate took part in
    first_pos = 0
    for j in ok:
        best[j.data["best"]] += 1
        worst[j.data["worst"]] += 1
        first_pos += j.data.get("best_position") == 1
        for label in j.data.get("order", []):
            seen[label] += 1
    n = len(ok)
    data, rows = {}, []
    for label in sorted(seen, key=lambda c: (-(best[c] - worst[c]), c)):
        score = (best[label] - worst[label]) / seen[label]
        data[label] = {"best": best[label], "worst": worst[label], "best_minus_worst": best[label] - worst[label],
                       "judgements": seen[label], "normalised": score}
        rows.append([label, str(best[label]), str(worst[label]), str(best[label] - worst[label]),
                     str(seen[label]), f"{score:+.2f}"])
    # Same passage, different order, different best: the position-bias symptom the orders expose.
    by_para: dict[int | None, set[str]] = defaultdict(set)
    for j in ok:
        by_para[j.paragraph].add(j.data["best"])
    unstable = sum(1 for picks in by_para.values() if len(picks) > 1)
    summary = Summary(title="BWS per candidate ((best − worst) / judgements)",
                      headers=["candidate", "best", "worst", "best−worst", "judgements", "normalised"],
                      rows=rows, data={"candidates": data, "judgements": n, "first_position_best": first_pos,
                                       "passages": len(by_para), "passages_best_changed_with_order": unstable})
    out = [summary,
           Summary(title="BWS order effects", headers=["judgements", "best in first position", "passages",
                                                       "best changed with order"],
                   rows=[[str(n), str(first_pos), str(len(by_para)), str(unstable)]],
                   data={"judgements": n, "first_position_best": first_pos, "passages": len(by_para),
                         "passages_best_changed_with_order": unstable})]
    adequacy = adequacy_summary(ok)
    if adequacy is not None:
        out.append(adequacy)
    return out
