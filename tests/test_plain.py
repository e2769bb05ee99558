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
