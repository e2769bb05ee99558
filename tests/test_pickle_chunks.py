"""app/core/pickle_chunks.py and its use by the analyser process (app/judges/offload.py): the same bytes as
pickle.dumps, the same value as pickle.loads, and a large value is written and read in frames (each a call
back into Python, where another thread can take the GIL), never in one stretch; a report the child answers
arrives as bytes and is rebuilt frame by frame on the caller's thread."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import pickle
import random

import pytest

from litlens.app.core import pickle_chunks
from litlens.app.judges import offload

FRAME = 64 * 1024  # the pickler's frame size target (pickle._FRAME_SIZE_TARGET)


@dataclasses.dataclass
class Sentence:
    start: int
    end: int
    level: str
    markers: list[str]


@dataclasses.dataclass
class Report:
    sentences: list[Sentence]
    ledger: dict[str, list[tuple[str, float]]]
    blob: bytes = b""


def _report(n: int, seed: int = 0) -> Report:
    rng = random.Random(seed)
    levels = ["해요체", "해라체", "하십시오체", "해체"]
    sentences = [Sentence(i * 7, i * 7 + rng.randrange(1, 90), rng.choice(levels),
                          [rng.choice(["요", "다", "습니다", "어"]) for _ in range(rng.randrange(4))])
                 for i in range(n)]
    ledger = {f"화자{i}": [(rng.choice(levels), rng.random()) for _ in range(5)] for i in range(n // 10)}
    return Report(sentences, ledger, bytes(rng.randrange(256) for _ in range(300)))


@pytest.mark.parametrize("n", [0, 3, 40_000])
def test_the_bytes_are_pickle_dumps_and_the_value_pickle_loads(n):
    report = _report(n)
    data = pickle_chunks.dumps(report)
    assert data == pickle.dumps(report, protocol=pickle_chunks.PROTOCOL)
    assert pickle_chunks.loads(data) == report == pickle.loads(data)
    assert pickle_chunks.loads(memoryview(data)) == report and pickle_chunks.loads(bytearray(data)) == report


def test_a_large_value_is_read_frame_by_frame_never_in_one_piece():
    report = _report(40_000)
    data = pickle_chunks.dumps(report)
    assert len(data) > 20 * FRAME
    reader = pickle_chunks.FrameReader(data)
    assert pickle.Unpickler(reader).load() == report
    # one call back into Python per frame: the C unpickler never rebuilds more than a frame in one go
    assert reader.calls >= len(data) // FRAME
    assert reader.largest <= FRAME + 1024


def test_a_large_value_is_written_frame_by_frame(monkeypatch):
    made: list[pickle_chunks._Frames] = []

    class Kept(pickle_chunks._Frames):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(pickle_chunks, "_Frames", Kept)
    data = pickle_chunks.dumps(_report(40_000))
    assert len(made) == 1 and b"".join(made[0].parts) == data
    assert len(made[0].parts) > 20 and max(map(len, made[0].parts)) <= FRAME + 1024


def test_broken_bytes_fail_as_pickle_loads_fails():
    data = pickle_chunks.dumps(_report(2_000))
    for broken in (data[: len(data) // 2], b"", data[:-1]):
        with pytest.raises(Exception) as ours:
            pickle_chunks.loads(broken)
        with pytest.raises(Exception) as theirs:
            pickle.loads(broken)
        assert type(ours.value) is type(theirs.value)



def _large_report(n: int) -> Report:
    return _report(n, seed=n)


def _arguments_seen(report: Report) -> int:
    return len(report.sentences)


def test_the_child_answers_bytes_that_the_caller_rebuilds_in_frames(monkeypatch):
    """Through the analyser process: the pool carries bytes (a copy, not a rebuild, on its own thread)
    and the report is rebuilt frame by frame where the caller awaits it; arguments go the same way."""
    rebuilt: list[pickle_chunks.FrameReader] = []
    real = pickle_chunks.FrameReader

    class Counting(real):  # type: ignore[misc, valid-type]
        def __init__(self, data):
            super().__init__(data)
            rebuilt.append(self)

    monkeypatch.setattr(pickle_chunks, "FrameReader", Counting)
    offload.use_processes(True)
    try:
        got = asyncio.run(offload.run(_large_report, 30_000))
        assert got == _report(30_000, seed=30_000)
        assert offload.call(_large_report, 20_000) == _report(20_000, seed=20_000)
        assert offload.call(_arguments_seen, _report(25_000)) == 25_000  # a large argument crosses too
        assert offload.in_child(_arguments_seen, pickle_chunks.dumps((_report(5),))) == pickle.dumps(5, 5)
    finally:
        offload.use_processes(False)
        offload.shutdown()
    answers = [r for r in rebuilt if r.largest]
    assert len(answers) >= 3 and all(r.calls > 10 and r.largest <= FRAME + 1024 for r in answers[:2])


def test_large_arguments_and_answers_cross_through_files_that_are_removed(monkeypatch):
    """The pool's pipe sends a large message in pieces, copying what is left after each (holding the GIL
    every time): a large pickle crosses through a file instead, written and read in one call, and the
    file is gone once read. Small ones still go through the pipe."""
    sent: list[bytes | str] = []
    received: list[bytes | str] = []
    parcel, unparcel = offload._parcel, offload._unparcel
    monkeypatch.setattr(offload, "_parcel", lambda data, folder: sent.append(parcel(data, folder)) or sent[-1])
    monkeypatch.setattr(offload, "_unparcel", lambda p: received.append(p) or unparcel(p))
    offload.use_processes(True)
    try:
        assert offload.call(_arguments_seen, _report(25_000)) == 25_000
        assert asyncio.run(offload.run(_large_report, 30_000)) == _report(30_000, seed=30_000)
        assert offload.call(_large_report, 3) == _report(3, seed=3)
    finally:
        offload.use_processes(False)
        offload.shutdown()
    big_argument, small_argument = sent[0], sent[-1]
    assert isinstance(big_argument, str) and isinstance(small_argument, bytes)  # a file; the pipe
    big_answer, small_answer = received[1], received[-1]
    assert isinstance(big_answer, str) and isinstance(small_answer, bytes)
    import os
    assert not os.path.exists(big_argument) and not os.path.exists(big_answer)
    assert os.listdir(offload.spool()) == []


class Noting:
    """Notes, as it is rebuilt, whether automatic collection was on."""

    seen: list[bool] = []

    def __init__(self, payload: bytes) -> None:
        self.payload = payload

    def __setstate__(self, state: dict) -> None:
        Noting.seen.append(gc.isenabled())
        self.__dict__.update(state)


@pytest.fixture
def thawed():
    gc.unfreeze()
    Noting.seen = []
    yield
    gc.unfreeze()


def test_a_large_pickle_is_rebuilt_with_collection_paused_then_frozen(thawed):
    """A book's report rebuilt here started full collections of everything not frozen, nothing to free."""
    large = pickle_chunks.loads(pickle.dumps([Noting(bytes(pickle_chunks.KEEP_FROM)), Noting(b"y")],
                                             protocol=pickle_chunks.PROTOCOL))
    small = pickle_chunks.loads(pickle.dumps([Noting(b"x" * 100)], protocol=pickle_chunks.PROTOCOL))
    assert Noting.seen == [False, False, True]
    assert gc.isenabled()
    walked = {id(o) for o in gc.get_objects()}
    assert id(small[0]) in walked  # a small answer is the collector's ordinary business
    assert id(large[0]) not in walked and id(large[1]) not in walked
