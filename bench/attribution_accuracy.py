"""Prints who-speaks-to-whom accuracy on labelled Korean passages: tune and held-out, side by side.

Sets (tests/data/honorifics/):
- prose_tune_a.json, prose_tune_b.json — passages written independently in the manner of published
  Korean fiction, for tuning the rules;
- prose_tune_c.json — a third tuning set, written the same way; prose_tune_d.json — a fourth, written
  blind to the rules (its figures before any rule saw it are a measure of how the rules generalise);
- prose_heldout.json, prose_heldout_b.json, prose_heldout_c.json — written the same way (the second and
  third by writers who never saw the rules) and committed before tuning began; never read while tuning
  (``--tune-only`` opens none of them), and their errors are never listed, only their figures, each with
  the commit that froze it;
- dialogue_passages.json — the older, simpler passages (their own tune and held-out splits).

Per quotation: the speaker is *right* (the gold character, by name or one of their aliases), a *wrong
name* (anyone else), or *abstained* ("speaker unknown"). A right speaker named by a role noun although
the text names them is counted as well ("role for name"), and so is a fuller or shorter phrase that fits one
character only (옆집 새댁 for 새댁, 곰 for 곰 아저씨, 남자 for a character the gold also calls 백발의 남자). The listener is right when it is the gold
character, or no listener for a gold ``null`` (nobody in particular), or "group" for a gold "group".
Quotes are matched to the gold ones by their text; a gold quote not found counts as abstained.

The tuning figures are printed for all tuning sets together and for each alone, so that a change tuned on
some sets can be checked on another (leave one set out).

Each set is read twice: from the Korean alone and with the English source as one more clue (its speech
verbs, who acts beside each quotation, he/she; app.korean.english_source), as LitLens reviews a pair.

Each set is also read through the LLM path with answers scripted from its labels (bench/llm_attribution.py:
gold answers, and noisy ones with a share of wrong, romanised and null names) and served by the fake provider
through the real SDK — the path between a model's answer and the ledger, not a model (``--no-llm`` skips it).

Run: .venv/bin/python bench/attribution_accuracy.py --tune-only [--errors] [--no-llm]
     .venv/bin/python bench/attribution_accuracy.py            (adds the held-out figures, no errors)
     .venv/bin/python bench/attribution_accuracy.py --smoke    (the first few tuning passages of each set:
                                                                checks the script runs, judges nothing)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from litlens.app.korean.honorifics import analyse_text
from litlens.app.korean.people import plain_name

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))  # llm_attribution, for the LLM path's figures
DATA = ROOT / "tests" / "data" / "honorifics"
TUNE_FILES = ("prose_tune_a.json", "prose_tune_b.json", "prose_tune_c.json", "prose_tune_d.json")
HELD_OUT_FILE = "prose_heldout.json"
HELD_OUT_B_FILE = "prose_heldout_b.json"  # a second held-out set, by another writer who never saw the rules
HELD_OUT_C_FILE = "prose_heldout_c.json"  # a third, by a third writer who never saw the rules
# the held-out prose sets after the first (each printed alone, with the commit that froze it)
MORE_HELD_OUT = (("prose, second held-out set", HELD_OUT_B_FILE), ("prose, third held-out set", HELD_OUT_C_FILE))
OLD_FILE = "dialogue_passages.json"
TARGETS = {"speaker": 0.92, "wrong": 0.02, "listener": 0.85}
_MARKS = "\"“”「」『』'‘’«»—―–- "


def _flat(name: str | None) -> str:
    return plain_name((name or "").strip()).replace(" ", "")


def _bare(quote: str) -> str:
    return "".join(quote.split()).strip(_MARKS)


def _characters(p: dict) -> list[tuple[str, set[str]]]:
    out = []
    for c in p.get("characters", []):
        if isinstance(c, str):
            out.append((c, {_flat(c)}))
        else:
            out.append((c["name"], {_flat(c["name"])} | {_flat(a) for a in c.get("aliases") or []}))
    return out


def _who(name: str | None, chars: list[tuple[str, set[str]]]) -> tuple[str | None, bool]:
    """The gold character ``name`` stands for, and whether it was their name (not a role or alias)."""
    if not name:
        return None, False
    f = _flat(name)
    for gold, forms in chars:
        if f == _flat(gold):
            return gold, True
    hits = [gold for gold, forms in chars if f in forms]
    if len(hits) == 1:
        return hits[0], False
    # a fuller or shorter phrase for one character only: 옆집 새댁 for 새댁, 곰 for 곰 아저씨
    words = set(name.split())
    hits = [gold for gold, forms in chars if words & set(gold.split()) or f.endswith(_flat(gold))
            or _flat(gold).startswith(f) and len(f) >= 2
            or len(f) >= 2 and any(form.endswith(f) for form in forms)]  # 남자 for 백발의 남자
    return (hits[0], False) if len(hits) == 1 else ("?" + name, False)


def _found(report) -> list:
    return sorted((q for t in report.turns for q in t.quotes), key=lambda q: q.start)


def _align(korean: str, got: list, gold: list[dict]) -> list:
    """For each gold quote, the quote found for it (matched by text, in order), or None."""
    out, i = [], 0
    for g in gold:
        want = _bare(g.get("text", ""))
        hit = None
        for j in range(i, len(got)):
            have = _bare(korean[got[j].inner_start:got[j].inner_end])
            if not want or have == want or (len(want) > 3 and (want in have or have in want)):
                hit, i = got[j], j + 1
                break
        if hit is None and not want and i < len(got):
            hit, i = got[i], i + 1
        out.append(hit)
    return out


def new_stats() -> dict:
    return {"quotes": 0, "right": 0, "wrong": 0, "abstained": 0, "role_for_name": 0, "unmatched": 0,
            "listener": 0, "l_named": [0, 0], "l_null": [0, 0], "l_group": [0, 0], "errors": []}


def evaluate(passages: list[dict], use_source: bool = True) -> dict[str, dict]:
    """Figures per split ("tune", "held-out"); errors are collected for every split, printed only for tune."""
    out: dict[str, dict] = {}
    for p in passages:
        report = analyse_text(p["korean"], source=p.get("english") if use_source else None)
        chars = _characters(p)
        whole = out.setdefault(p.get("split", "tune"), new_stats())
        alone = out.setdefault(f"{p.get('split', 'tune')} {p['file']}", new_stats()) if p.get("file") else None
        matched = _align(p["korean"], _found(report), p["quotes"])
        for n, (gold, q) in enumerate(zip(p["quotes"], matched)):
            _count(whole, p, n, gold, q, chars)
            if alone is not None:
                _count(alone, p, n, gold, q, chars)
    return out


def _count(st: dict, p: dict, n: int, gold: dict, q, chars: list[tuple[str, set[str]]]) -> None:
    """Adds one gold quotation and the quote found for it (or None) to the figures ``st``."""
    st["quotes"] += 1
    spk, lst = (q.speaker, q.listener) if q is not None else (None, None)
    st["unmatched"] += q is None
    got_s, by_name = _who(spk, chars)
    gold_s, _ = _who(gold["speaker"], chars)
    if spk is None:
        st["abstained"] += 1
        verdict = "abstained"
    elif got_s == gold_s:
        st["right"] += 1
        st["role_for_name"] += not by_name
        verdict = "right" if by_name else "right (by role)"
    else:
        st["wrong"] += 1
        verdict = "WRONG"
    gl = gold.get("listener")
    if gl is None:
        ok = lst is None
        kind = "l_null"
    elif gl == "group":
        ok = lst == "group"
        kind = "l_group"
    else:
        ok = lst not in (None, "group") and _who(lst, chars)[0] == _who(gl, chars)[0]
        kind = "l_named"
    st[kind][0] += ok
    st[kind][1] += 1
    st["listener"] += ok
    if verdict != "right" or not ok:
        st["errors"].append(
            f"{p['id']} #{n + 1} {verdict}: gold {gold['speaker']}→{gl}, got {spk or 'unknown'}→{lst} "
            f"[{q.evidence if q else 'quote not found'} {q.confidence if q else 0:.2f}] "
            f"{(q.how if q else '')} | {gold.get('text', '')[:40]}")


def load(tune_only: bool) -> dict[str, list[dict]]:
    """Sets by name, each passage with its split. With ``tune_only`` the held-out file is never opened."""
    sets: dict[str, list[dict]] = {}
    tune: list[dict] = []
    for name in TUNE_FILES:
        if (DATA / name).exists():
            tune += [{**p, "split": "tune", "file": name}
                     for p in json.loads((DATA / name).read_text(encoding="utf-8"))]
    if tune:
        sets["prose"] = tune
    old = json.loads((DATA / OLD_FILE).read_text(encoding="utf-8"))
    sets["older passages"] = [p for p in old if p["split"] == "tune" or not tune_only]
    if not tune_only and (DATA / HELD_OUT_FILE).exists():
        sets["prose"] = sets.get("prose", []) + [
            {**p, "split": "held-out"} for p in json.loads((DATA / HELD_OUT_FILE).read_text(encoding="utf-8"))]
    for set_name, name in MORE_HELD_OUT:
        if not tune_only and (DATA / name).exists():
            sets[set_name] = [{**p, "split": "held-out"}
                              for p in json.loads((DATA / name).read_text(encoding="utf-8"))]
    return sets


def frozen_at(name: str = HELD_OUT_FILE) -> str:
    try:
        return subprocess.run(["git", "log", "--format=%h %ad", "--date=iso", "-1", "--",
                               str(DATA / name)], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip() or "not committed"
    except (OSError, subprocess.CalledProcessError):
        return "unknown (no git)"


def _pct(a: int, b: int) -> str:
    return f"{a / b:6.1%}" if b else "   n/a"


def line(st: dict) -> str:
    n = st["quotes"]
    ln, lz, lg = st["l_named"], st["l_null"], st["l_group"]
    return (f"speaker right {_pct(st['right'], n)}  wrong name {_pct(st['wrong'], n)}  abstained "
            f"{_pct(st['abstained'], n)}  listener {_pct(st['listener'], n)} (named {ln[0]}/{ln[1]}, "
            f"null {lz[0]}/{lz[1]}, group {lg[0]}/{lg[1]})  role-for-name {st['role_for_name']}  "
            f"quotes not found {st['unmatched']}")


SMOKE_PASSAGES = 3


def _llm_path(passages: list[dict]) -> None:
    """The same passages through the LLM path (app.korean.llm_attribution) with answers scripted from the
    labels and served by the fake provider through the real SDK (bench/llm_attribution.py): the path's
    ceiling, and what it keeps when a share of the answers goes wrong — no model is asked."""
    import llm_attribution as llm
    print(f"   LLM path, gold answers : {llm.line(llm.score(passages, llm.gold_script))}")
    print(f"   LLM path, noisy answers: {llm.line(llm.score(passages, llm.noisy_script))}")


def main(argv: list[str]) -> int:
    smoke = "--smoke" in argv
    tune_only = "--tune-only" in argv or smoke
    sets = load(tune_only)
    if smoke:
        sets = {name: passages[:SMOKE_PASSAGES] for name, passages in sets.items()}
    if not tune_only:
        print(f"held-out prose set ({HELD_OUT_FILE}) frozen at commit {frozen_at()}")
        for set_name, name in MORE_HELD_OUT:
            if (DATA / name).exists():
                print(f"{set_name[7:]} ({name}) frozen at commit {frozen_at(name)}")
    ok = True
    for set_name, passages in sets.items():
        for mode, use_source in (("Korean only", False), ("with English source", True)):
            results = evaluate(passages, use_source=use_source)
            for split in ("tune", "held-out"):
                st = results.get(split)
                if not st:
                    continue
                count = sum(p["split"] == split for p in passages)
                print(f"== {set_name}, {split}, {mode}: {count} passages, {st['quotes']} quotations")
                print("   " + line(st))
                if split == "tune":
                    for name in TUNE_FILES:
                        alone = results.get(f"tune {name}")
                        if alone:
                            print(f"   {name:<18} {alone['quotes']:4d} quotations: " + line(alone))
                if split == "tune" and "--errors" in argv and not use_source:
                    for e in st["errors"]:
                        print("     " + e)
                if not use_source and set_name.startswith("prose") and "--no-llm" not in argv:
                    _llm_path([p for p in passages if p["split"] == split])
                if split == "held-out" and set_name.startswith("prose") and not use_source:
                    n = st["quotes"]
                    ok = ok and st["right"] / n >= TARGETS["speaker"] and st["wrong"] / n <= TARGETS["wrong"] \
                        and st["listener"] / n >= TARGETS["listener"]
    print(f"targets on held-out prose (Korean only): speaker right ≥ {TARGETS['speaker']:.0%}, "
          f"wrong name ≤ {TARGETS['wrong']:.0%}, listener ≥ {TARGETS['listener']:.0%}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
