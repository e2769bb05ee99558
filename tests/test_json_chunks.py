"""app/core/json_chunks.py: the same values and errors as json.loads, the same text as json.dumps, and other
threads keep running while a large text is decoded or a large value encoded (json.loads and json.dumps hold
the GIL for the whole of it)."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import threading
import time

import pytest

from litlens.app.core import json_chunks, plain


def _random_value(rng: random.Random, depth: int) -> object:
    kind = rng.randrange(9 if depth < 5 else 6)
    if kind == 0:
        return rng.randint(-10**12, 10**12)
    if kind == 1:
        return rng.uniform(-1e6, 1e6)
    if kind == 2:
        return "".join(rng.choice('ab "\\\n\t/é한글😀\u2028\x01') for _ in range(rng.randrange(12)))
    if kind == 3:
        return rng.choice([True, False, None])
    if kind in (4, 5):
        return rng.choice([[], {}, "", 0, -0.5, 1e300])
    if kind in (6, 7):
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(6))]
    return {"".join(rng.choice('kéy"\\ 한') for _ in range(rng.randrange(5))): _random_value(rng, depth + 1)
            for _ in range(rng.randrange(6))}


@pytest.mark.parametrize("seed", range(40))
def test_the_values_are_those_json_loads_gives(seed):
    rng = random.Random(seed)
    value = {"spans": [_random_value(rng, 2) for _ in range(20)], "data": _random_value(rng, 1),
             "x": _random_value(rng, 0)}
    for text in (json.dumps(value), json.dumps(value, indent=2, ensure_ascii=False),
                 json.dumps([value, value], separators=(",", ":")), " \n" + json.dumps(value) + "\t\r\n"):
        for depth in (1, 2, 3, 8):
            assert json_chunks.loads(text, small=0, depth=depth) == json.loads(text)


def test_constants_and_scalars_at_the_top():
    for text in ("NaN", "[NaN, -Infinity, Infinity]", '"only a string"', "12", "null", "[]", "{}", " [ ] "):
        got, want = json_chunks.loads(text, small=0), json.loads(text)
        assert json.dumps(got) == json.dumps(want)
    assert math.isnan(json_chunks.loads('{"a": [NaN]}', small=0)["a"][0])


@pytest.mark.parametrize("text", ['{"a": 1,}', '[1, 2,]', '{"a" 1}', '{a: 1}', '[1 2]', '{"a": [1, 2}',
                                  '[1, 2] 3', '[', '{"a": "unterminated]', '', '  ', '{"a": 1} {}',
                                  '[1, 2]]', '{"a": tru}', '{"a"x1}', '{"a": 1;"b": 2}'])
def test_broken_texts_fail_as_json_loads_fails(text):
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)
    with pytest.raises(json.JSONDecodeError):
        json_chunks.loads(text, small=0)


def test_a_small_text_is_one_json_loads(monkeypatch):
    calls = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda text, **kw: calls.append(len(text)) or real(text, **kw))
    assert json_chunks.loads('{"a": [1, 2]}') == {"a": [1, 2]}
    assert calls == [13]
    calls.clear()
    assert json_chunks.loads('{"a": [1, 2]}', small=4) == {"a": [1, 2]}
    assert calls == []


def _longest_wait_of_another_thread(decode, text: object) -> tuple[float, float]:
    """(longest interval between two turns of a thread that wakes every millisecond, while ``decode(text)``
    runs on a worker; the worker's CPU seconds for it)."""
    done = threading.Event()
    cpu: list[float] = []

    def work() -> None:
        c0 = time.thread_time()
        decode(text)
        cpu.append(time.thread_time() - c0)
        done.set()

    worker = threading.Thread(target=work)
    last, longest = time.perf_counter(), 0.0
    worker.start()
    while not done.is_set():
        time.sleep(0.001)
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    return longest, cpu[0]


@pytest.mark.flaky(reruns=2)  # a shared machine may deschedule the waiting thread on its own
def test_another_thread_keeps_its_turns_while_a_large_text_decodes():
    rng = random.Random(7)
    spans = [{"start": i, "end": i + 5, "quote": "그는 말했다", "category": "style/register",
              "data": {"level": rng.choice(["haeyo", "hasipsio", "hae"]), "rewrite": "어서 오세요" * 3}}
             for i in range(60_000)]
    text = json.dumps({"judge": "honorifics", "spans": spans, "data": {"ledger": spans[:20_000]}})
    whole, whole_cpu = _longest_wait_of_another_thread(json.loads, text)
    assert whole_cpu > 0.05  # one C call long enough to matter
    assert whole >= 0.8 * whole_cpu  # the other thread waited for the whole decode
    pieces, _cpu = _longest_wait_of_another_thread(json_chunks.loads, text)
    assert pieces < max(0.25 * whole, 0.02), (pieces, whole)


@dataclasses.dataclass
class _Finding:
    start: int
    quote: str
    data: dict
    notes: tuple = ()


@pytest.mark.parametrize("seed", range(30))
def test_the_text_is_the_one_json_dumps_makes(seed):
    rng = random.Random(seed)
    value = {"spans": [_Finding(i, "말했다 \"x\"", {"level": _random_value(rng, 3)}, (1, "a"))
                       for i in range(rng.randrange(4))],
             "data": _random_value(rng, 1), "n": {1: "int key", "s": [1.5, None]}, "t": (1, [2, (3,)])}
    for ensure_ascii in (True, False):
        want = plain.dumps(value, ensure_ascii=ensure_ascii)
        for depth in (0, 1, 2, 3, 6):
            got = json_chunks.dumps(value, default=plain.plain, ensure_ascii=ensure_ascii, depth=depth)
            assert got == want
        assert plain.dumps(value, ensure_ascii=ensure_ascii, pieces=True) == want


def test_an_object_the_encoder_cannot_write_fails_as_json_dumps_fails():
    for value in ({"a": object()}, [1, {2, 3}], object()):
        with pytest.raises(TypeError):
            json.dumps(value)
        with pytest.raises(TypeError):
            json_chunks.dumps(value, default=None)
        with pytest.raises(TypeError):
            plain.dumps(value, pieces=True)


@pytest.mark.flaky(reruns=2)  # a shared machine may deschedule the waiting thread on its own
def test_another_thread_keeps_its_turns_while_a_large_value_is_encoded():
    ledger = [{"start": i, "end": i + 9, "level": "haeyo", "dialogue": True, "markers": ["요", "세요"],
               "speaker": "할멈", "listener": "도련님", "ending": "어요"} for i in range(150_000)]
    value = {"judge": "honorifics", "data": {"sentences": ledger}}
    whole, whole_cpu = _longest_wait_of_another_thread(lambda v: json.dumps(v, ensure_ascii=False), value)
    assert whole_cpu > 0.05 and whole >= 0.8 * whole_cpu
    pieces, _cpu = _longest_wait_of_another_thread(
        lambda v: json_chunks.dumps(v, ensure_ascii=False), value)
    assert pieces < max(0.25 * whole, 0.02), (pieces, whole)


@dataclasses.dataclass
class _Cell:
    name: str
    items: list


class _Word(str):
    pass


@pytest.mark.parametrize("seed", range(30))
def test_indented_pieces_are_the_text_json_dumps_indents(seed):
    rng = random.Random(1000 + seed)
    value = {"spans": [_random_value(rng, 2) for _ in range(15)], "data": _random_value(rng, 1),
             "odd": [math.nan, math.inf, -math.inf, -0.0, (1, "two"), {1: "a", None: [], 2.5: {}}, _Word("w"),
                     True, 7, 10**30, [[], {}], {"": ""}]}
    for depth in (0, 1, 3):
        counts = []
        for batch in (1, 3, 4096):
            pieces = list(json_chunks.indented_pieces(value, depth, batch))
            expected = json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + "  " * depth)
            assert "".join(pieces) == expected
            counts.append(len(pieces))
        assert counts[0] >= counts[1] > counts[2] == 1  # written as it is made, a few pieces at a time


def test_indented_pieces_hand_what_they_do_not_know_to_the_encoder():
    value = {"cell": _Cell("x", [1, 2])}
    with pytest.raises(TypeError):
        "".join(json_chunks.indented_pieces(value))
    assert "".join(json_chunks.indented_pieces({"a": [1, "b"]}, 0)) == '{\n  "a": [\n    1,\n    "b"\n  ]\n}'
