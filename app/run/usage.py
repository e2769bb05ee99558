"""Estimates that learn from stored usage: a prompt that quotes an earlier answer of the same judge (a
TransEvalnia scoring or ranking prompt quotes its own evaluations) is as long as that answer turns out to
be, which nothing knows before the model writes it. Units declare such quotes (Unit.est_quotes) with an
assumed size; here that assumption gives way to what the store's audit trail says the judge's earlier
calls of that step really wrote, as a share of the prompt that asked for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from litlens.app.judges.base import Unit
    from litlens.app.run.store import Store

RECENT_CALLS = 500  # per judge and step: the newest answers speak for the current prompt and model
MIN_CALLS = 3  # fewer answers than this are too few to replace the assumed size


def answer_ratios(store: Store, steps: Iterable[tuple[str, str]]) -> dict[tuple[str, str], float]:
    """For each (judge, step) with enough stored answers: output tokens per input token of the prompts
    that asked for them (recent successful calls, summed so long answers weigh by their length)."""
    out: dict[tuple[str, str], float] = {}
    for judge, step in set(steps):
        row = store.db.execute(
            "SELECT count(*), sum(input_tokens), sum(output_tokens) FROM (SELECT input_tokens, output_tokens "
            "FROM llm_calls WHERE judge = ? AND ok = 1 AND output_tokens > 0 AND input_tokens > 0 "
            "AND json_extract(request, '$.schema_name') = ? ORDER BY id DESC LIMIT ?)",
            [judge, step, RECENT_CALLS]).fetchone()
        if row and row[0] >= MIN_CALLS and row[1]:
            out[(judge, step)] = row[2] / row[1]
    return out


def sends_per_call(store: Store, judges: Iterable[str]) -> dict[str, float]:
    """For each judge with enough stored calls: the requests one call took on average. A call whose answer
    could not be used sends one repair turn, and a rate limit or server error one retry: how often that
    happens depends on the model and the judge's schema, which only the judge's recent calls tell."""
    out: dict[str, float] = {}
    for judge in set(judges):
        row = store.db.execute(
            "SELECT count(*), sum(max(attempts, 1)) FROM (SELECT attempts FROM llm_calls WHERE judge = ? "
            "ORDER BY id DESC LIMIT ?)", [judge, RECENT_CALLS]).fetchone()
        if row and row[0] >= MIN_CALLS:
            out[judge] = row[1] / row[0]
    return out


def input_tokens(unit: Unit, ratios: dict[tuple[str, str], float]) -> int:
    """The unit's estimated input with each quoted answer sized from ``ratios`` where they know its step."""
    total = unit.est_input_tokens
    for q in unit.est_quotes:
        ratio = ratios.get((unit.judge, q.step))
        if ratio is not None:
            total += round(ratio * q.prompt_tokens) - q.assumed
    return max(0, total)


def learned_input_tokens(units: list[Unit], store: Store | None) -> int:
    """Input tokens of ``units`` together, quotes sized from ``store``'s usage (assumed sizes without it)."""
    if store is None:
        return sum(u.est_input_tokens for u in units)
    ratios = answer_ratios(store, {(u.judge, q.step) for u in units for q in u.est_quotes})
    return sum(input_tokens(u, ratios) for u in units)
