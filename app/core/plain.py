"""Dataclasses as plain JSON-ready values, without the deep copy ``dataclasses.asdict`` makes of every leaf.

A book's honorifics result holds hundreds of thousands of small values; ``asdict`` deep-copies each one
(``copy.deepcopy`` per string and number), which cost the novel bench seconds on every store write and
every JSON output. Here containers are made anew, as ``asdict`` makes them, and the immutable leaves are
shared; ``dumps`` lets the JSON encoder walk the value and turns only the dataclasses it meets into dicts.
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from typing import Any


_LEAVES = frozenset((str, int, float, bool, type(None)))


def plain(value: Any) -> Any:
    """What ``dataclasses.asdict`` returns for ``value`` (and the same for a dict, list or tuple holding
    dataclasses): new dicts, lists and tuples, the leaves themselves.

    Exact leaf types, dicts and lists are recognised by their type before anything else is asked (a
    book's result holds over a million of them, and asking each whether it is a dataclass was most of
    the JSON output's copy); what is not one of them takes the general way below."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is dict:
        return {k if type(k) in _LEAVES else plain(k): v if type(v) in _LEAVES else plain(v)
                for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _LEAVES else plain(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(plain(v) for v in value)
    return value


def _fields(value: Any) -> dict[str, Any]:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in fields(value)}
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def dumps(value: Any, *, pieces: bool = False, **kw: Any) -> str:
    """``json.dumps(dataclasses.asdict(value), **kw)``, the same text, without the copy. ``pieces``: made
    piece by piece (app.core.json_chunks; only ``ensure_ascii`` may be given then), so that other threads
    run while a large value is encoded."""
    if pieces:
        from litlens.app.core.json_chunks import dumps as in_pieces
        return in_pieces(value, default=_fields, **kw)
    return json.dumps(value, default=_fields, **kw)
