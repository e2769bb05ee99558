"""Prints who-speaks-to-whom figures for the LLM path (app.korean.llm_attribution) on the tuning prose, with
scripted answers served by the fake provider (tests/fakeserver.py) through the real OpenAI SDK.

No model is asked: what is measured is the path between a model's answer and the ledger — passages and
line numbers, the schema, the checks that turn an unknown number, an invented or romanised name, a
twice-answered or self-addressed line into an abstention — not any model's skill. Two scripts:
- "gold": every line answered with its gold speaker and listener, as written in the labels (the ceiling
  of the path: what is lost is lost to quote matching or to labels that use a name the Korean never writes);
- "noisy": the same, with a fixed share of the answers made wrong the way a model goes wrong — every
  ``WRONG_EVERY``-th line given to another character of the passage (a confident wrong name the checks
  cannot catch), every ``ROMAN_EVERY``-th named in Latin letters (refused), every ``NULL_EVERY``-th null.

Per quotation: right (the gold character, by name or alias), wrong name, abstained; the listener is right
for the gold character, no listener for a gold null, "group" for a gold "group". Held-out files are never
opened here.

Run: .venv/bin/python bench/llm_attribution.py [--smoke]
The function ``score(passages, answer_for)`` takes any script (passage dict, line numbers and their gold
lines -> the JSON a model would send), for bench/attribution_accuracy.py to print the same figures.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fakeserver import FakeServer  # noqa: E402
from litlens.app.korean import llm_attribution as la  # noqa: E402
from litlens.app.korean.people import plain_name  # noqa: E402

DATA = ROOT / "tests" / "data" / "honorifics"
TUNE_FILES = ("prose_tune_a.json", "prose_tune_b.json", "prose_tune_c.json", "prose_tune_d.json")
WRONG_EVERY, ROMAN_EVERY, NULL_EVERY = 10, 9, 12
_MARKS = "\"“”「」『』'‘’«»—―–- "

Script = Callable[[dict, list[int], dict[int, dict]], dict[str, Any]]


def _flat(name: str | None) -> str:
    return plain_name((name or "").strip()).replace(" ", "")


def _bare(quote: str) -> str:
    return "".join(quote.split()).strip(_MARKS)


def gold_lines(p: dict) -> dict[int, dict]:
    """Line number (app.korean.llm_attribution numbering) -> its gold quote, matched by text in order."""
    text = p["korean"]
    lines = la.spoken_lines(text, [])
    out: dict[int, dict] = {}
    i = 0
    for g in p["quotes"]:
        want = _bare(g.get("text", ""))
        for j in range(i, len(lines)):
            have = _bare(text[lines[j].start:lines[j].end])
            if have == want or (len(want) > 3 and (want in have or have in want)):
                out[lines[j].index] = g
                i = j + 1
                break
    return out


def _characters(p: dict) -> list[tuple[str, set[str]]]:
    out = []
    for c in p.get("characters", []):
        name = c if isinstance(c, str) else c["name"]
        aliases = [] if isinstance(c, str) else c.get("aliases") or []
        out.append((name, {_flat(name)} | {_flat(a) for a in aliases}))
    return out


def _who(name: str | None, chars: list[tuple[str, set[str]]]) -> str | None:
    if not name:
        return None
    hits = [gold for gold, forms in chars if _flat(name) in forms]
    return hits[0] if len(hits) == 1 else "?" + name


def gold_script(p: dict, numbers: list[int], gold: dict[int, dict]) -> dict[str, Any]:
    return {"lines": [{"number": n, "speaker": gold[n]["speaker"], "listener": gold[n].get("listener")}
                      for n in numbers if n in gold]}


def noisy_script(p: dict, numbers: list[int], gold: dict[int, dict]) -> dict[str, Any]:
    names = [c if isinstance(c, str) else c["name"] for c in p.get("characters", [])]
    out = gold_script(p, numbers, gold)
    for item in out["lines"]:
        n = item["number"]
        if n % WRONG_EVERY == 0:
            others = [x for x in names if x != item["speaker"]]
            item["speaker"] = others[0] if others else item["speaker"]
        elif n % ROMAN_EVERY == 0:
            item["speaker"] = "Kim"
        elif n % NULL_EVERY == 0:
            item["speaker"] = None
    return out


def _stats() -> dict[str, int]:
    return {"quotes": 0, "right": 0, "wrong": 0, "abstained": 0, "listener": 0, "failed": 0}


def score(passages: list[dict], answer_for: Script) -> dict[str, int]:
    """Right / wrong / abstained / listener over ``passages`` (the labelled sets' dicts), each passage's
    numbered lines answered by ``answer_for`` through the fake provider and checked by the LLM path."""
    st = _stats()
    current: dict[str, Any] = {}

    def respond(call: Any) -> dict[str, Any]:
        numbers = [int(n) for n in call.user.rsplit("Numbered lines to answer:", 1)[1].split(",")]
        return answer_for(current["p"], numbers, current["gold"])

    with FakeServer(respond) as server:
        from litlens.app.llm.factory import ProviderSettings, make_provider
        provider = make_provider(ProviderSettings("openai", "gpt-4o-mini", api_key="sk-bench-0000000000",
                                                  base_url=server.openai_base_url, timeout=10.0))

        async def run_all() -> None:
            try:
                for p in passages:
                    current["p"], current["gold"] = p, gold_lines(p)
                    answers = await la.attribute(provider.complete, p["korean"])
                    _count(st, p, current["gold"], answers)
            finally:
                await provider.aclose()
        asyncio.run(run_all())
    return st


def _count(st: dict[str, int], p: dict, gold: dict[int, dict], answers: list[la.PassageAnswer]) -> None:
    chars = _characters(p)
    got = {x.index: x for x in la.answered_lines(answers)}
    st["failed"] += sum(1 for a in answers if not a.ok)
    found = {n: g for n, g in gold.items()}
    for g in p["quotes"]:
        st["quotes"] += 1
        n = next((k for k, v in found.items() if v is g), None)
        x = got.get(n) if n is not None else None
        if x is None or x.speaker is None:
            st["abstained"] += 1
        elif _who(x.speaker, chars) == _who(g["speaker"], chars):
            st["right"] += 1
        else:
            st["wrong"] += 1
        gl = g.get("listener")
        lst = x.listener if x is not None else None
        if gl is None:
            st["listener"] += lst is None
        elif gl == "group":
            st["listener"] += lst == "group"
        else:
            st["listener"] += lst not in (None, "group") and _who(lst, chars) == _who(gl, chars)


def _pct(a: int, b: int) -> str:
    return f"{a / b:6.1%}" if b else "   n/a"


def line(st: dict[str, int]) -> str:
    n = st["quotes"]
    return (f"speaker right {_pct(st['right'], n)}  wrong name {_pct(st['wrong'], n)}  abstained "
            f"{_pct(st['abstained'], n)}  listener {_pct(st['listener'], n)}  ({n} quotes, "
            f"{st['failed']} failed passages)")


def load() -> list[dict]:
    out: list[dict] = []
    for name in TUNE_FILES:
        if (DATA / name).exists():
            out += json.loads((DATA / name).read_text(encoding="utf-8"))
    return out


def main(argv: list[str]) -> int:
    passages = load()
    if "--smoke" in argv:
        passages = passages[:2]
    print(f"LLM path on the tuning prose ({len(passages)} passages; scripted answers through the fake "
          f"provider, no model asked)")
    print(f"  gold script : {line(score(passages, gold_script))}")
    print(f"  noisy script: {line(score(passages, noisy_script))}  (every {WRONG_EVERY}th line a wrong "
          f"name, every {ROMAN_EVERY}th romanised, every {NULL_EVERY}th null)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
