"""Literalness against the paper: seed 002's lexical-overlap column (App. F.7, Tables 13–14, one paragraph
of Death in Venice in eleven English translations) beside LitLens's figure for each system, then Spearman ρ
and the mean absolute difference. Offline; the texts are tests/data/literalness/death_in_venice.json.

Usage: python bench/literalness_paper.py [--tokenizer sacrebleu|morphemes]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from litlens.app.judges.literalness import scorer, system_overlap
from litlens.app.metrics.correlation import spearman_rho

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "literalness" / "death_in_venice.json"


def load() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def compare(tokenizer: str = "sacrebleu") -> tuple[list[tuple[str, float, float]], float, float]:
    """[(system, paper, ours)], Spearman ρ, mean absolute difference (BLEU points)."""
    data = load()
    ours = system_overlap({s["system"]: [s["translation"]] for s in data["systems"]},
                          data["target_language"], tokenizer)  # type: ignore[arg-type]
    rows = [(s["system"], float(s["lexical_overlap"]), ours[s["system"]]) for s in data["systems"]]
    rho = spearman_rho([r[1] for r in rows], [r[2] for r in rows])
    mad = sum(abs(p - o) for _, p, o in rows) / len(rows)
    return rows, float(rho if rho is not None else float("nan")), mad


def table(rows: list[tuple[str, float, float]], rho: float, mad: float, tokens: str) -> str:
    lines = [f"Lexical overlap (BLEU on {tokens}), seed 002 Tables 13–14",
             f"{'system':<20}{'paper':>8}{'ours':>8}{'diff':>8}"]
    lines += [f"{name:<20}{p:>8.1f}{o:>8.1f}{o - p:>+8.1f}" for name, p, o in rows]
    lines.append(f"Spearman rho = {rho:.3f}   mean |diff| = {mad:.2f} BLEU   (n = {len(rows)})")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tokenizer", choices=["sacrebleu", "morphemes"], default="sacrebleu")
    args = ap.parse_args()
    rows, rho, mad = compare(args.tokenizer)
    print(table(rows, rho, mad, scorer(load()["target_language"], args.tokenizer)[2]))


if __name__ == "__main__":
    main()
