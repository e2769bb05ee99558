"""Kiwi's readings of sentences for the spelling rules, asked for in batches on the shared analyser.

Each sentence needs five answers from Kiwi: its analysis, its analysis with typo correction, its spacing as
written and with the spaces reset, and the analyses of those two re-spaced texts (the same analysis again
when the spacing did not change). Asked sentence by sentence they cost a Python round trip each; a batch
goes to Kiwi in one call per kind, which it spreads over its worker threads.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from litlens.app.korean import kiwi as _kiwi

TYPOS = "basic"  # Kiwi's built-in typo set: ㅐ/ㅔ, ㅆ/ㅅ, 받침 slips and the like
BATCH_CHARS = 20_000  # sentences read per batch: a few hundred, so memory stays small on a whole book


class Reading(NamedTuple):
    tokens: list[Any]  # Kiwi's best analysis of the sentence as written
    typo_tokens: list[Any]  # the same with typo correction (tokens read through a correction: typo_cost > 0)
    spaced: str  # Kiwi.space: spaces added where Kiwi's model wants them
    spaced_tokens: list[Any]
    reset: str  # Kiwi.space(reset_whitespace=True): the sentence spaced afresh
    reset_tokens: list[Any]


def read(sentences: list[str]) -> list[Reading]:
    """Kiwi's readings of ``sentences``, in order."""
    out: list[Reading] = []
    batch: list[str] = []
    size = 0
    for s in sentences + [""]:  # "" closes the last batch
        if s and (size + len(s) <= BATCH_CHARS or not batch):
            batch.append(s)
            size += len(s)
            continue
        if batch:
            out.extend(_read_batch(batch))
        batch, size = ([s], len(s)) if s else ([], 0)
    return out


def _read_batch(sentences: list[str]) -> list[Reading]:
    kiwi = _kiwi.get_kiwi()
    with _kiwi.kiwi_lock:
        tokens = [list(t) for t in kiwi.tokenize(sentences)]
        typo = [list(t) for t in kiwi.tokenize(sentences, typos=TYPOS)]
        spaced = list(kiwi.space(sentences))
        reset = list(kiwi.space(sentences, reset_whitespace=True))
        known = dict(zip(sentences, tokens))
        todo = [t for t in dict.fromkeys(spaced + reset) if t not in known]
        known.update(zip(todo, ([list(t) for t in kiwi.tokenize(todo)] if todo else [])))
    return [Reading(tokens[i], typo[i], spaced[i], known[spaced[i]], reset[i], known[reset[i]])
            for i in range(len(sentences))]
