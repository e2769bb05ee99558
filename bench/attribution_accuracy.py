"""Prints who-speaks-to-whom accuracy on labelled Korean passages: tune and held-out, side by side.

Sets (tests/data/honorifics/):
- prose_tune_a.json, prose_tune_b.json — passages written independently in the manner of published
  Korean fiction, for tuning the rules;
- prose_tune_c.json — a third tuning set, written the same way; prose_tune_d.json — a fourth, written
  blind to the rules (its figures before any rule saw it are a measure of how the rules generalise);
  prose_tune_e.json — a fifth, written blind (commit d8e277e), read first by the rules of commit a0b0b4a
  (the second-clue rule in place): 20.4% right / 2.5% wrong / 77.1% abstained, listener 37.9% (240 quotes,
  Korean only); by the rules as they were when it landed (d8e277e^, no second-clue rule) 41.3% right /
  10.4% wrong;
  prose_tune_f.json — a sixth, written blind as a held-out set (commit 3506b36, then prose_heldout_f.json) and
  read first, as one, by the rules of 4257d6c: 35.0% right / 2.9% wrong / 62.1% abstained, listener 43.2%
  (243 quotes, Korean only; register slips: 9 false alarms, 4 of 23 caught); its wrong names were then read,
  so from 5c0648f on it is a tuning set;
- prose_heldout.json, prose_heldout_b.json, prose_heldout_c.json, prose_heldout_d.json — written the same
  way (the second, third and fourth by writers who never saw the rules) and committed before tuning began
  (the fourth, prose_heldout_d.json, frozen by its writer's commit 9ffd3d3; the fifth, prose_heldout_e.json,
  by d58270d, first read by the rules of 96d81da: 21.2% right / 1.4% wrong / 77.4% abstained, listener 43.9%,
  212 quotes, Korean only; each commit is printed with the figures); never read while tuning
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

``--by-evidence`` prints, for the tuning sets only (never a held-out set), how often each kind of evidence
that decides a turn names the right person — alone, and with a second clue of another kind that agrees —
read with every kind trusted alone (the second-clue rule of app.korean.attribution_checks switched off):
per set; leave one set out (the rule "a kind alone below 97% right needs a second clue" decided on the other
sets, its names counted on the fourth); and on each set's *first reading*, by the rules as they were just
before the set was committed (bench/first_reading.py on a ``git archive`` of that commit): figures from rules
that had never seen the set.

Run: .venv/bin/python bench/attribution_accuracy.py --tune-only [--errors] [--no-llm] [--by-evidence]
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
TUNE_FILES = ("prose_tune_a.json", "prose_tune_b.json", "prose_tune_c.json", "prose_tune_d.json", "prose_tune_e.json",
              "prose_tune_f.json")
HELD_OUT_FILE = "prose_heldout.json"
HELD_OUT_B_FILE = "prose_heldout_b.json"  # a second held-out set, by another writer who never saw the rules
HELD_OUT_C_FILE = "prose_heldout_c.json"  # a third, by a third writer who never saw the rules
HELD_OUT_D_FILE = "prose_heldout_d.json"  # a fourth, by a writer who never saw the rules (frozen at 9ffd3d3)
HELD_OUT_E_FILE = "prose_heldout_e.json"  # a fifth, by a writer who never saw the rules (frozen at d58270d)
# the held-out prose sets after the first (each printed alone, with the commit that froze it)
MORE_HELD_OUT = (("prose, second held-out set", HELD_OUT_B_FILE), ("prose, third held-out set", HELD_OUT_C_FILE),
                 ("prose, fourth held-out set", HELD_OUT_D_FILE), ("prose, fifth held-out set", HELD_OUT_E_FILE))
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


TRUSTED = 0.97  # a kind of evidence named right at least this often alone needs no second clue


def _evidence_rows(passages: list[dict]) -> list[tuple[str, str, str, bool]]:
    """(set, deciding kind, whether another kind agreed, right?) per named tuning quotation, every kind of
    evidence trusted alone (WEAK_CAP lifted for this reading)."""
    from litlens.app.korean import attribution_checks
    cap, attribution_checks.WEAK_CAP = attribution_checks.WEAK_CAP, 1.0
    try:
        rows = []
        for p in passages:
            report = analyse_text(p["korean"])
            chars = _characters(p)
            for gold, q in zip(p["quotes"], _align(p["korean"], _found(report), p["quotes"])):
                if q is not None and q.speaker:
                    rows.append((p["file"], q.evidence, _seconded(q.evidence, set(q.agreeing)),
                                 _who(q.speaker, chars)[0] == _who(gold["speaker"], chars)[0]))
        return rows
    finally:
        attribution_checks.WEAK_CAP = cap


def _seconded(kind: str, agreeing: set[str]) -> str:
    """"yes" when a clue of another kind names the same speaker (for the order of the conversation: a clue
    from beside the line), else "no"."""
    from litlens.app.korean.attribution_checks import ORDER_KINDS
    return "yes" if agreeing - {kind} - (ORDER_KINDS if kind in ORDER_KINDS else set()) else "no"


def _first_reading(name: str) -> tuple[str, list[tuple[str, str, str, bool]] | str]:
    """The set ``name`` read by the rules of the commit just before it was added (its first reading)."""
    import tempfile
    try:
        added = subprocess.run(["git", "log", "--diff-filter=A", "--format=%h", "--", str(DATA / name)], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return "", "no git"
    if not added:
        return "", "not committed"
    commit = added[-1] + "^"
    with tempfile.TemporaryDirectory() as tree:
        archive = subprocess.run(["git", "archive", commit, "app", "litlens", "resources"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
        done = subprocess.run([sys.executable, str(ROOT / "bench" / "first_reading.py"), tree, str(DATA / name),
                               "--no-gate"], capture_output=True, text=True)
    try:
        found = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return commit, "failed: " + (done.stderr.strip().splitlines() or ["?"])[-1][:120]
    if isinstance(found, dict):
        return commit, found["error"]
    rows = []
    for p, quotes in zip(json.loads((DATA / name).read_text(encoding="utf-8")), found):
        chars = _characters(p)
        got = [_Found(*q) for q in quotes]
        for gold, q in zip(p["quotes"], _align(p["korean"], got, p["quotes"])):
            if q is not None and q.speaker:
                rows.append((name, q.evidence, "yes" if q.seconded else "no",
                             _who(q.speaker, chars)[0] == _who(gold["speaker"], chars)[0]))
    return commit, rows


class _Found:
    """A quote as bench/first_reading.py reports it."""

    def __init__(self, inner_start: int, inner_end: int, speaker: str | None, evidence: str, seconded: bool) -> None:
        self.inner_start, self.inner_end, self.speaker = inner_start, inner_end, speaker
        self.evidence, self.seconded = evidence, seconded


def _rw(rows: list, *match) -> tuple[int, int]:
    hits = [r for r in rows if all(m is None or r[i] == m for i, m in enumerate(match))]
    right = sum(r[3] for r in hits)
    return right, len(hits) - right


def by_evidence(passages: list[dict]) -> None:
    """The table of --by-evidence (tuning sets only)."""
    from litlens.app.korean.attribution_checks import UNCORROBORATED
    rows = _evidence_rows(passages)
    files = [f for f in TUNE_FILES if any(r[0] == f for r in rows)]
    first = {f: _first_reading(f) for f in files}
    print("== evidence that decides a turn: right/wrong names, every kind trusted alone (Korean only, tuning sets)")
    print("   first readings: " + "; ".join(f"{f[11:12].upper()} by {c or '-'}" + ("" if isinstance(r, list) else
                                                                                   f" ({r})") for f, (c, r) in first.items()))
    head = " ".join(f"{f[11:12].upper():>7}" for f in files)
    print(f"   {'kind':<22}{'2nd clue':<9}{head}     all    prec  LOSO-prec  first-reading  rule")
    cells = sorted({(r[1], r[2]) for r in rows}, key=lambda c: (-sum(r[1:3] == c for r in rows), c))
    loso = [0, 0, 0, 0]  # right/wrong named out of fold with the rule decided on the other sets; and without it
    for kind, second in cells:
        per = [_rw(rows, f, kind, second) for f in files]
        r, w = _rw(rows, None, kind, second)
        out_r = out_w = 0
        for n, f in enumerate(files):
            o_r, o_w = r - per[n][0], w - per[n][1]
            trusted = second != "no" or not o_r + o_w or o_r / (o_r + o_w) >= TRUSTED
            if trusted:
                out_r, out_w = out_r + per[n][0], out_w + per[n][1]
            loso[0], loso[1] = loso[0] + per[n][0] * trusted, loso[1] + per[n][1] * trusted
            loso[2], loso[3] = loso[2] + per[n][0], loso[3] + per[n][1]
        fr = [x for _, got in first.values() if isinstance(got, list) for x in got if x[1:3] == (kind, second)]
        f_r, f_w = sum(x[3] for x in fr), len(fr) - sum(x[3] for x in fr)
        rule = "needs a 2nd clue" if kind in UNCORROBORATED and second == "no" else ""
        print(f"   {kind:<22}{second:<9}" + " ".join(f"{a:>3}/{b:<3}" for a, b in per) +
              f" {r:>3}/{w:<3} {_pct(r, r + w)}  {_pct(r, r + w) if second != 'no' else _pct(out_r, out_r + out_w)}"
              f"     {f_r:>3}/{f_w:<3} {_pct(f_r, f_r + f_w)}  {rule}")
    print(f"   leave one set out, the rule decided on the other sets: named out of fold {loso[0]} right / {loso[1]} wrong "
          f"(every kind trusted: {loso[2]} / {loso[3]})")
    fr_all = [x for _, got in first.values() if isinstance(got, list) for x in got]
    for label, keep in (("every kind trusted alone", lambda x: True),
                        ("with the second-clue rule", lambda x: x[2] != "no" or x[1] not in UNCORROBORATED)):
        kept = [x for x in fr_all if keep(x)]
        print(f"   first readings, {label}: {sum(x[3] for x in kept)} right / {len(kept) - sum(x[3] for x in kept)} wrong")


def main(argv: list[str]) -> int:
    smoke = "--smoke" in argv
    if "--by-evidence" in argv:  # tuning sets only: a held-out set is never opened here
        by_evidence([p for p in load(True).get("prose", [])])
        return 0
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
