"""Peak memory of `litlens exercise grade` on a crafted exercise and answers file: every key finding and
every answer marks the whole of one long paragraph, the shape that once took grading to 2.8 GB.

Usage: python bench/exercise_memory.py [--paragraphs 20] [--key 2000] [--answers 3500]
Prints the two files' sizes, then "grade: exit N, peak M MiB (tracemalloc), S s" for the crafted answers
graded beside an honest file (the crafted one is refused, the honest one graded).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
import tracemalloc
from contextlib import redirect_stdout
from pathlib import Path

PARAGRAPH = "word " * 18_000  # 90,000 characters: inside an exercise's limit for one paragraph


def write(folder: Path, paragraphs: int, key: int, answers: int) -> tuple[Path, Path, Path]:
    whole = {"paragraph": 0, "start": 0, "end": len(PARAGRAPH), "category": "accuracy/mistranslation",
             "severity": "minor"}
    exercise = folder / "crafted.litlens-exercise"
    exercise.write_text(json.dumps({"format": "litlens-exercise", "version": 1, "title": "Crafted",
                                    "paragraphs": [{"source": "x", "translation": PARAGRAPH}] * paragraphs,
                                    "key": [whole] * key}), encoding="utf-8")

    def answers_file(name: str, findings: list[dict]) -> Path:
        path = folder / f"{name}.litlens-answers.json"
        path.write_text(json.dumps({"format": "litlens-answers", "version": 2, "student": name,
                                    "findings": findings}), encoding="utf-8")
        return path
    crafted = answers_file("crafted", [{**whole, "paragraph": 1}] * answers)
    honest = answers_file("honest", [{**whole, "paragraph": 1, "end": 4}])
    return exercise, crafted, honest


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paragraphs", type=int, default=20)
    parser.add_argument("--key", type=int, default=2000)
    parser.add_argument("--answers", type=int, default=3500)
    args = parser.parse_args(argv)
    from litlens.app.cli.main import main as litlens
    exercise, crafted, honest = write(Path(tempfile.mkdtemp(prefix="litlens-exmem-")), args.paragraphs,
                                      args.key, args.answers)
    print(f"exercise: {exercise.stat().st_size:,} bytes, {args.key:,} key findings over one paragraph")
    print(f"answers: {crafted.stat().st_size:,} bytes, {args.answers:,} marks over the same paragraph")
    started = time.monotonic()
    tracemalloc.start()
    with redirect_stdout(io.StringIO()):
        code = litlens(["exercise", "grade", str(exercise), str(crafted), str(honest), "--format", "json"])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"grade: exit {code}, peak {peak / 2**20:.1f} MiB (tracemalloc), {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
