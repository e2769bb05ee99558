"""One tuning set read by the rules of an older checkout (a tree extracted with ``git archive``): the speakers,
the evidence that decided each and whether a clue of another kind agreed, as JSON on stdout.

bench/attribution_accuracy.py --by-evidence runs this for each tuning set with the rules as they were just
before the set was committed — its *first reading*, by rules that had never seen it: the out-of-sample
precision of each kind of evidence. Run: python bench/first_reading.py TREE SET.json [--no-gate]
"""

from __future__ import annotations

import json
import sys

ORDER = {"turn-taking", "turn-taking-wide", "two-parity", "continues", "reply", "answered", "two-after", "two-before",
         "addressed-other"}


def main(tree: str, path: str, gate: bool = True) -> int:
    sys.path.insert(0, tree)
    import litlens
    if not str(litlens.__file__).startswith(tree):
        print(json.dumps({"error": f"imported {litlens.__file__}, not the tree"}))
        return 1
    try:
        from litlens.app.korean import attribution
        from litlens.app.korean.honorifics import analyse_text
    except ImportError as e:
        print(json.dumps({"error": f"these rules cannot be run here: {e}"}))
        return 1
    if not gate:  # every kind of evidence read alone, as it names people without the second-clue rule
        try:
            from litlens.app.korean import attribution_checks
            attribution_checks.WEAK_CAP = 1.0
        except ImportError:
            pass  # rules older than the rule
    jobs: list = []
    run = attribution._Attribution.run

    def keep(self) -> None:  # the attribution's state, to read which clues agreed with each answer
        jobs.append(self)
        run(self)

    attribution._Attribution.run = keep
    out = []
    for p in json.loads(open(path, encoding="utf-8").read()):
        jobs.clear()
        report = analyse_text(p["korean"], source=None)
        clues = getattr(jobs[-1], "clues", {}) if jobs else {}
        quotes = sorted((q for t in report.turns for q in t.quotes), key=lambda q: q.start)
        rows = []
        for q in quotes:
            kinds = set(getattr(q, "agreeing", ())) or \
                {c.kind for c in clues.get(id(q), []) if c.who == q.speaker} - {q.evidence}
            if q.evidence in ORDER:
                kinds -= ORDER
            rows.append([q.inner_start, q.inner_end, q.speaker, q.evidence, bool(kinds)])
        out.append(rows)
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], "--no-gate" not in sys.argv))
