"""app.core.plain: asdict's answer and asdict's JSON text, without asdict's deep copy of every value."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

import pytest

from litlens.app.core import plain
from litlens.app.core.model import Judgment, Score, Span


@dataclass
class Inner:
    name: str
    pair: tuple[int, int] = (1, 2)


@dataclass
class Outer:
    items: list[Inner] = field(default_factory=list)
    by_key: dict[str, Inner] = field(default_factory=dict)
    data: dict[str, object] = field(default_factory=dict)


def _sample() -> Outer:
    return Outer([Inner("가"), Inner("나", (3, 4))], {"k": Inner("다")},
                 {"nested": [{"x": Inner("라")}, (5, Inner("마"))], "n": None, "f": 0.5})


def test_the_same_value_as_asdict_with_new_containers():
    value = _sample()
    got = plain.plain(value)
    assert got == asdict(value)
    got["items"][0]["name"] = "changed"  # the containers are its own: the dataclass is untouched
    assert value.items[0].name == "가"


def test_the_same_json_text_as_asdict_for_a_judgment():
    j = Judgment("honorifics", "KO", "KO", None, scores=[Score("d", 0.5, 0.0, 1.0, "why")],
                 spans=[Span("honorifics", "fluency/x", "minor", data={"kind": "mixed", "pair": (1, 2)})],
                 data={"sentences": [{"start": 0, "end": 3, "level": "해요체"}], "inner": _sample()})
    assert plain.dumps(j, ensure_ascii=False) == json.dumps(asdict(j), ensure_ascii=False)


def test_what_json_cannot_write_is_refused_as_json_refuses_it():
    with pytest.raises(TypeError, match="not JSON serializable"):
        plain.dumps({"x": object()})


class _Word(str):
    pass


def test_plain_data_and_odd_leaves_come_out_as_asdict_gives_them():
    # dicts, lists and leaves of exact types take the quick way; tuples, subclasses, keys that are not
    # strings and dataclasses inside plain data the general one: all as asdict gives them
    inner = {"w": _Word("w"), 3: [Inner("가", (1, 2))], None: (Inner("나"), [1.5, None, True]),
             "deep": [[{"x": Inner("라")}], {}]}
    value = Outer([Inner("마")], {"k": Inner("바")}, {"inner": inner, "list": [inner, "s"]})
    got = plain.plain(value)
    assert got == asdict(value) and repr(got) == repr(asdict(value))  # tuples stay tuples, lists lists
    assert got["data"]["inner"] is not inner and got["data"]["inner"]["deep"][0] is not inner["deep"][0]
    assert type(got["data"]["inner"]["w"]) is _Word


def test_a_named_tuple_is_kept_as_it_is():
    from collections import namedtuple
    pair = namedtuple("Pair", "a b")(1, [2])
    assert plain.plain({"p": [pair]})["p"][0] is pair  # as before the quick way: a leaf
