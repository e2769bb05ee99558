"""scrub_value copies only what it changes: a value none of whose strings scrubbing would change comes back
as itself (a book's result was copied whole on every store write, 1.5 s of the run's thread holding the
window's GIL turns), and a value with one secret anywhere comes back as the full scrubbed copy it always
was. Checked against the copying walk itself (_scrub_value) on random values."""

from __future__ import annotations

import dataclasses
import random

import pytest

from litlens.app.llm import scrub as s
from test_guard_scrub import _no_known_secrets  # noqa: F401  (autouse: no secret known but the test's)

KEY = "sk-UNCH-7Yt3pQ9wLk2Rz8Xc5Mn"




@dataclasses.dataclass
class Mark:
    quote: str
    start: int
    data: dict
    derived: str = dataclasses.field(default="", init=False)


class Word(str):
    pass


LEAVES = ["해요체", "honorifics/turn_mixed_levels", "", 3, 2.5, None, True, "도련님, 차가 식어요.",
          "token-like but prose", Word("말씀"), "abcdefghijklmnopqrstuvwxyz0123"]
SECRETS = [KEY, f"Bearer {KEY[3:]}", f"sk-UNC...{KEY[-6:]}", f'"api_key": "{"A1b2C3d4" * 4}"']


def _value(rng: random.Random, depth: int, secret: str | None) -> object:
    kind = rng.randrange(6 if depth < 4 else 1)
    if kind == 0:
        return secret if secret and rng.random() < 0.02 else rng.choice(LEAVES)
    if kind == 1:
        return [_value(rng, depth + 1, secret) for _ in range(rng.randrange(5))]
    if kind == 2:
        return tuple(_value(rng, depth + 1, secret) for _ in range(rng.randrange(4)))
    if kind == 3:
        keys = [rng.choice(["start", "level", secret if secret and rng.random() < 0.05 else "k"]) for _ in range(3)]
        return {k: _value(rng, depth + 1, secret) for k in keys}
    if kind == 4:
        return Mark(rng.choice(LEAVES[:2] + ([secret] if secret else [])), depth, {"x": _value(rng, depth + 1, secret)})
    return rng.choice(LEAVES)


@pytest.mark.parametrize("seed", range(60))
def test_the_same_as_the_copying_walk(seed):
    rng = random.Random(seed)
    secret = rng.choice([None, *SECRETS])
    if secret == KEY or (secret and secret.startswith("sk-UNC...")):
        s.register_secret(KEY)
    value = [_value(rng, 0, secret) for _ in range(30)]
    copied = s._scrub_value(value, s.known_secrets())
    got = s.scrub_value(value)
    assert got == copied
    assert (got is value) == (copied == value)  # itself exactly when nothing changed


def test_a_value_without_a_secret_is_returned_itself_and_one_deep_secret_is_found():
    s.register_secret(KEY)
    ledger = [{"start": i, "level": "해요체", "quote": "도련님, 차가 식어요."} for i in range(5_000)]
    value = {"sentences": ledger, "marks": [Mark("해요체", 1, {"why": ("honorifics/use", 2)})]}
    assert s.scrub_value(value) is value
    # the same strings seen thousands of times, then one new one (the walk remembers only clean strings)
    value["marks"][0].data["why"] = ("honorifics/use", f"said {KEY}")
    out = s.scrub_value(value)
    assert out is not value and out["marks"][0].data["why"][1] == f"said {s.REDACTED}"
    assert KEY in value["marks"][0].data["why"][1]  # the input is left as it was
    value["marks"][0].data = {KEY: 1}  # in a dict key
    assert s.REDACTED in s.scrub_value(value)["marks"][0].data
    value["marks"][0].data = {}
    value["marks"][0].quote = Word(f"x {KEY}")  # in a str subclass
    assert s.scrub_value(value)["marks"][0].quote == f"x {s.REDACTED}"


def test_a_field_that_is_not_given_to_init_is_not_walked():
    mark = Mark("해요체", 1, {})
    mark.derived = KEY  # not an init field: the copying walk leaves it to the dataclass too
    s.register_secret(KEY)
    assert s.scrub_value(mark) is mark
