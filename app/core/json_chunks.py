"""JSON decoding and encoding that let other threads run: a large text is made or read piece by piece.

``json.loads`` decodes in one C call and holds the GIL for all of it: a book's honorifics result (thousands
of findings and a ledger of every sentence, megabytes of JSON) kept every other thread of the process
waiting 50-150 ms while a run's thread read it back, and in the window one of those threads is the GUI
thread (bench/first_run_latency.py --book). Here the outer containers of a large text (down to ``depth``)
are walked in Python, each of their elements decoded by the standard decoder on its own: the interpreter
offers the GIL to other threads between elements, and each element is small. The values are the ones
``json.loads`` returns; a text below ``small`` characters goes to ``json.loads`` directly.

Encoding is the same the other way: ``dumps`` walks the outer containers in Python and encodes each element
with ``json.dumps``, so writing a book's result (its ledger is a list of thousands of plain dicts, which the
C encoder writes without calling back into Python) is not one long hold either; the text is ``json.dumps``'s.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from json.decoder import JSONDecodeError
from json.decoder import scanstring  # type: ignore[attr-defined]  # in the module, not in its stub
from typing import Any

SMALL = 64 * 1024  # characters: below this one C call is short enough (well under a millisecond or two)
DEPTH = 3  # container levels walked in Python: a judgment, its spans or data, the ledger's lists

_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def loads(text: str, *, small: int = SMALL, depth: int = DEPTH) -> Any:
    """``json.loads(text)``, decoded so that no single C call spans the whole of a large text."""
    if len(text) <= small:
        return json.loads(text)
    value, end = _value(text, _skip(text, 0), depth)
    end = _skip(text, end)
    if end != len(text):
        raise JSONDecodeError("Extra data", text, end)
    return value


def _skip(s: str, i: int) -> int:
    return _WS.match(s, i).end()  # type: ignore[union-attr]  # the pattern matches the empty string


def _value(s: str, i: int, depth: int) -> tuple[Any, int]:
    opening = s[i:i + 1]
    if depth <= 0 or opening not in ("{", "["):
        return _DECODER.raw_decode(s, i)
    if opening == "[":
        return _array(s, i, depth)
    return _object(s, i, depth)


def _array(s: str, i: int, depth: int) -> tuple[list[Any], int]:
    out: list[Any] = []
    i = _skip(s, i + 1)
    if s[i:i + 1] == "]":
        return out, i + 1
    while True:
        value, i = _value(s, i, depth - 1)
        out.append(value)
        i = _skip(s, i)
        mark = s[i:i + 1]
        if mark == "]":
            return out, i + 1
        if mark != ",":
            raise JSONDecodeError("Expecting ',' delimiter", s, i)
        i = _skip(s, i + 1)


def _object(s: str, i: int, depth: int) -> tuple[dict[str, Any], int]:
    out: dict[str, Any] = {}
    i = _skip(s, i + 1)
    if s[i:i + 1] == "}":
        return out, i + 1
    while True:
        if s[i:i + 1] != '"':
            raise JSONDecodeError("Expecting property name enclosed in double quotes", s, i)
        key, i = scanstring(s, i + 1)
        i = _skip(s, i)
        if s[i:i + 1] != ":":
            raise JSONDecodeError("Expecting ':' delimiter", s, i)
        out[key], i = _value(s, _skip(s, i + 1), depth - 1)
        i = _skip(s, i)
        mark = s[i:i + 1]
        if mark == "}":
            return out, i + 1
        if mark != ",":
            raise JSONDecodeError("Expecting ',' delimiter", s, i)
        i = _skip(s, i + 1)


_NATIVE = (str, int, float, bool, type(None), dict, list, tuple)


def dumps(value: Any, *, default: Callable[[Any], Any] | None = None, ensure_ascii: bool = True,
          depth: int = DEPTH) -> str:
    """``json.dumps(value, default=default, ensure_ascii=ensure_ascii)`` (the same text), made so that no
    single C call encodes the outer ``depth`` levels' contents all at once."""
    def encode(v: Any) -> str:
        return json.dumps(v, default=default, ensure_ascii=ensure_ascii)
    return _joined(_pieces(value, encode, default, depth))


def _joined(pieces: Iterator[str], batch: int = 4096) -> str:
    """``"".join(pieces)`` in two steps: a book's value makes about a million small pieces, and joining them
    in one call held the GIL for ~50 ms; joined ``batch`` at a time, the last join copies a few hundred
    strings."""
    groups: list[str] = []
    group: list[str] = []
    for piece in pieces:
        group.append(piece)
        if len(group) >= batch:
            groups.append("".join(group))
            group.clear()
    groups.append("".join(group))
    return "".join(groups)


def _pieces(value: Any, encode: Callable[[Any], str], default: Callable[[Any], Any] | None,
            depth: int) -> Iterator[str]:
    if depth > 0 and default is not None and not isinstance(value, _NATIVE):
        value = default(value)  # what the encoder does with an object it does not know
    if depth <= 0 or not isinstance(value, (dict, list, tuple)) or \
            (isinstance(value, dict) and not all(type(k) is str for k in value)):
        yield encode(value)  # (keys other than str are converted by the encoder itself)
        return
    if isinstance(value, dict):
        yield "{"
        for n, (key, item) in enumerate(value.items()):
            yield f"{', ' if n else ''}{encode(key)}: "
            yield from _pieces(item, encode, default, depth - 1)
        yield "}"
        return
    yield "["
    for n, item in enumerate(value):
        if n:
            yield ", "
        yield from _pieces(item, encode, default, depth - 1)
    yield "]"


# the leaf types written here without the standard encoder's generator chain (exact types only: a subclass,
# a float that is not finite, or anything else goes to the encoder itself, which knows how to write it)
_str_json = json.encoder.encode_basestring  # ensure_ascii=False: the C function when the accelerator is there
_LEAVES: dict[type, Callable[[Any], str]] = {
    str: _str_json, int: int.__repr__, bool: lambda v: "true" if v else "false", type(None): lambda v: "null"}


def indented_pieces(value: Any, depth: int = 0, batch: int = 4096) -> Iterator[str]:
    """``json.dumps(value, ensure_ascii=False, indent=2)`` with every line after the first indented by
    ``depth`` more levels (``"\\n"`` → ``"\\n" + "  " * depth``), as strings of about ``batch`` pieces each.

    The standard encoder writes indented JSON in Python, a generator per container level, every piece
    passed up through each of them: most of the CLI's JSON output of a book (millions of pieces). Here
    plain dicts, lists and tuples are walked by one recursive function that appends to a list; any other
    value (dataclass, subclass, NaN) is handed to the standard encoder, so the text is the same."""
    parts: list[str] = []
    for _ in _walk(value, "\n" + "  " * depth, parts, batch):
        yield "".join(parts)
        parts.clear()
    if parts:
        yield "".join(parts)


def _walk(value: Any, pad: str, parts: list[str], batch: int) -> Iterator[None]:
    """Append ``value``'s indented text to ``parts`` (``pad``: a new line and the current indent), yielding
    whenever ``parts`` has ``batch`` pieces or more (the caller then empties it)."""
    kind = type(value)
    leaf = _LEAVES.get(kind)
    if leaf is not None:
        parts.append(leaf(value))
    elif kind is float and value - value == 0.0:  # finite: the encoder writes float.__repr__ then
        parts.append(float.__repr__(value))
    elif (kind is dict and all(type(k) is str for k in value)) or kind is list or kind is tuple:
        if not value:
            parts.append("{}" if kind is dict else "[]")
            return
        inner = pad + "  "
        pairs = ((_str_json(k) + ": ", v) for k, v in value.items()) if kind is dict else (("", v) for v in value)
        opening = ("{" if kind is dict else "[") + inner
        for key, item in pairs:
            parts.append(opening + key)
            opening = "," + inner
            leaf = _LEAVES.get(type(item))
            if leaf is not None:
                parts.append(leaf(item))
            elif type(item) is float and item - item == 0.0:
                parts.append(float.__repr__(item))
            else:
                yield from _walk(item, inner, parts, batch)
        parts.append(pad + ("}" if kind is dict else "]"))
    else:
        parts.append(json.dumps(value, ensure_ascii=False, indent=2).replace("\n", pad))
    if len(parts) >= batch:
        yield
