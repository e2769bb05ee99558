"""Where short quotes (4-9 characters) with one or two typing slips land: planted in seeded sentences,
located by app/mqm/spans.py, and each placement compared with the span the quote was cut from.

    python bench/short_quotes.py [--trials 3000] [--seed 5] [--module PATH]

Prints, of the quotes the fuzzy stage had to place: placed on exactly their span, placed with an edge
off, placed elsewhere, ambiguous (left unplaced with alternatives) and not found. ``--module`` loads
another copy of spans.py (e.g. an older one from git) to compare.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from collections import Counter

WORDS = ("the rain kept falling on old house she waited by door letter never came brother clock stopped "
         "night boats harbour winter quiet lamp river").split()


def slip(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.choice([1, 1, 2])):
        k, op = rng.randrange(len(chars)), rng.choice("ids")
        if op == "i":
            chars.insert(k, rng.choice("abcdefghijklmnopqrstuvwxyz"))
        elif op == "d" and len(chars) > 4:
            del chars[k]
        else:
            chars[k] = rng.choice("abcdefghijklmnopqrstuvwxyz")
    return "".join(chars)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--module", help="a spans.py to load instead of the installed one")
    args = ap.parse_args()
    if args.module:
        spec = importlib.util.spec_from_file_location("spans_under_test", args.module)
        assert spec is not None and spec.loader is not None
        spans = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = spans  # dataclasses look their module up while the class is made
        spec.loader.exec_module(spans)
    else:
        from litlens.app.mqm import spans  # type: ignore[no-redef]
    rng = random.Random(args.seed)
    tally: Counter[str] = Counter()
    for _ in range(args.trials):
        content = " ".join(rng.choice(WORDS) for _ in range(8)) + "."
        a = rng.randrange(0, len(content) - 9)
        cut = content[a:a + rng.randrange(4, 10)]
        start = a + len(cut) - len(cut.lstrip())
        true = (start, start + len(cut.strip()))
        quote = slip(rng, cut.strip())
        if len(quote.strip()) < 4 or quote.strip() in content:
            continue  # too short to be matched fuzzily, or found exactly
        loc = spans.locate(content, quote)
        if loc.located:
            got = (loc.start, loc.end)
            tally["exact span" if got == true else
                  "an edge off" if got[0] < true[1] and true[0] < got[1] else "elsewhere"] += 1
        else:
            tally["ambiguous" if loc.alternatives else "not found"] += 1
    total = sum(tally.values())
    print(f"{total} slipped short quotes (seed {args.seed})")
    for k in ("exact span", "an edge off", "elsewhere", "ambiguous", "not found"):
        print(f"  {k:12} {tally[k]:5}  {100 * tally[k] / total:5.1f}%")


if __name__ == "__main__":
    main()
