"""Typed judge options: each judge declares its options once, as a frozen dataclass, and everything else
(checking a run before it starts, the CLI's ``--option`` strings, the GUI's editors, the stored run) is
derived from that declaration.

```python
@dataclass(frozen=True)
class Options(JudgeOptions):
    variant: Literal["original", "literary"] = option("original", help="which prompt to use")
    orders: int | None = option(None, range=(1, 24), help="None: every order the method defines")
```
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

OptionType = Literal["bool", "int", "float", "choice", "text", "candidate"]

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_NONE = ("", "none", "default")  # how a user writes "no value" for an optional option


class OptionError(ValueError):
    """An option the judge does not declare, or a value its declaration does not allow."""

    def __init__(self, message: str, judge: str = "", option: str = "") -> None:
        super().__init__(message)
        self.judge = judge
        self.option = option


def option(default: Any, *, help: str = "", range: tuple[float, float] | None = None,
           kind: str | None = None) -> Any:
    """A dataclass field with the extras an option needs: a help text, an inclusive numeric range, and
    ``kind="candidate"`` for a value that names one of the project's candidates (or None)."""
    if kind not in (None, "candidate"):
        raise ValueError(f"unknown option kind {kind!r}")
    return dataclasses.field(default=default, metadata={"help": help, "range": range, "kind": kind})


@dataclass(frozen=True)
class OptionInfo:
    """One option as a user interface needs to see it."""

    name: str
    type: OptionType
    default: Any
    choices: tuple[str, ...] | None
    range: tuple[float, float] | None
    optional: bool  # None is allowed and means "the judge's own default behaviour"
    help: str

    def summary(self) -> str:
        """``name=default (allowed values)``, one line, as ``--option`` takes it (``litlens judges``)."""
        shown = str(self.default).lower() if self.default is None or isinstance(self.default, bool) \
            else self.default
        allowed = {"choice": "|".join(self.choices or ()), "bool": "true|false",
                   "candidate": "a candidate label or none"}.get(self.type)
        if allowed is None:
            allowed = f"{self.range[0]:g}–{self.range[1]:g}" if self.range else self.type
        return f"{self.name}={shown} ({allowed})"


def _classify(hint: Any, kind: str | None) -> tuple[OptionType, tuple[str, ...] | None, bool]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    optional = False
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        optional = len(rest) < len(args)
        if len(rest) != 1:
            raise TypeError(f"an option is one type (optionally | None), not {hint!r}")
        hint = rest[0]
        origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        if not all(isinstance(a, str) for a in args):
            raise TypeError(f"choices must be strings: {hint!r}")
        return "choice", tuple(args), optional
    if kind == "candidate":
        return "candidate", None, True
    for py, name in ((bool, "bool"), (int, "int"), (float, "float"), (str, "text")):
        if hint is py:
            return name, None, optional  # type: ignore[return-value]
    raise TypeError(f"unsupported option type {hint!r} (use bool, int, float, str or Literal[...])")


@dataclass(frozen=True)
class JudgeOptions:
    """Base of every judge's options; a judge without options uses it as it is."""

    @classmethod
    def describe(cls) -> list[OptionInfo]:
        """The declared options, in declaration order."""
        if cls is not JudgeOptions and "__dataclass_fields__" not in cls.__dict__:
            raise TypeError(f"{cls.__qualname__} must be decorated with @dataclass(frozen=True)")
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            meta = f.metadata
            kind, choices, optional = _classify(hints[f.name], meta.get("kind"))
            rng = meta.get("range")
            out.append(OptionInfo(f.name, kind, f.default, choices, tuple(rng) if rng else None, optional,
                                  meta.get("help", "")))
        return out

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | JudgeOptions | None, judge_id: str) -> JudgeOptions:
        """Typed options from stored values, GUI values or CLI strings; anything the declaration does
        not allow is an OptionError that says what would have been accepted."""
        if isinstance(raw, cls):
            return raw
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise OptionError(f"{judge_id}: options must be NAME=VALUE pairs, not {raw!r}", judge_id)
        infos = {i.name: i for i in cls.describe()}
        values: dict[str, Any] = {}
        for name, value in raw.items():
            info = infos.get(name)
            if info is None:
                raise OptionError(_unknown(judge_id, str(name), list(infos)), judge_id, str(name))
            values[name] = _coerce(info, value, judge_id)
        try:
            return cls(**values)
        except OptionError:
            raise
        except (TypeError, ValueError) as exc:  # a cross-option check in the judge's __post_init__
            raise OptionError(f"{judge_id}: {exc}", judge_id) from None

    def to_dict(self) -> dict[str, Any]:
        """Every option's value, as plain JSON values (how a run stores them)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def changed(self) -> dict[str, Any]:
        """Only the options whose value differs from the declared default."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if getattr(self, f.name) != f.default}


def _unknown(judge_id: str, name: str, valid: list[str]) -> str:
    if not valid:
        return f"{judge_id} has no options (got {name!r})"
    close = difflib.get_close_matches(name, valid, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{judge_id} has no option {name!r}{hint}; its options are: {', '.join(valid)}"


def _coerce(info: OptionInfo, value: Any, judge_id: str) -> Any:
    where = f"{judge_id}.{info.name}"

    def bad(expected: str) -> OptionError:
        return OptionError(f"{where} must be {expected}, not {value!r}", judge_id, info.name)

    text = value.strip() if isinstance(value, str) else None
    if info.optional and (value is None or (text is not None and text.lower() in _NONE)):
        return None
    if info.type == "bool":
        if isinstance(value, bool):
            return value
        if text is not None and text.lower() in _TRUE + _FALSE:
            return text.lower() in _TRUE
        raise bad("true or false")
    if info.type in ("int", "float"):
        number = _number(value, text, info.type == "int")
        if number is None:
            raise bad("a whole number" if info.type == "int" else "a number")
        if info.range is not None and not info.range[0] <= number <= info.range[1]:
            lo, hi = (_show(x) for x in info.range)
            raise bad(f"between {lo} and {hi}")
        return number
    if info.type == "choice":
        assert info.choices is not None
        match = next((c for c in info.choices if text is not None and c.lower() == text.lower()), None)
        if match is None:
            raise bad(f"one of {', '.join(info.choices)}")
        return match
    if text is None:
        raise bad("text")
    return text


def _number(value: Any, text: str | None, whole: bool) -> int | float | None:
    if isinstance(value, bool):  # True is an int to Python, never a count to a user
        return None
    if text is not None:
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            return None
    if isinstance(value, float) and whole:
        return int(value) if value.is_integer() else None
    if isinstance(value, int) and not whole:
        return float(value)
    return value if isinstance(value, (int, float)) else None


def _show(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)
