"""Discovers judges through the ``litlens.judges`` entry-point group (built-ins are registered the same way).

A plug-in that fails to load is reported, not fatal: the other judges stay usable.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points

from litlens.app.judges.base import Judge

GROUP = "litlens.judges"


# Judges registered in-process (a notebook, a test) by register_judge; they sit beside the entry points.
_registered: dict[str, type[Judge]] = {}


class UnknownJudge(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; keep it one readable line
        return str(self.args[0])


# Built-in judges newer than an editable install's metadata (its entry points are those of its last
# ``pip install -e``): the same declaration as their entry point in pyproject.toml, read when no installed
# entry point has the name, so a checkout finds them before it is reinstalled. Empty once it is.
BUILT_IN: dict[str, str] = {}


@lru_cache(maxsize=1)
def _load() -> tuple[dict[str, type[Judge]], dict[str, str]]:
    found: dict[str, type[Judge]] = {}
    errors: dict[str, str] = {}
    installed = list(entry_points(group=GROUP))
    named = {ep.name for ep in installed}
    extra = [EntryPoint(name, value, GROUP) for name, value in BUILT_IN.items() if name not in named]
    for ep in installed + extra:
        try:
            cls = ep.load()
        except Exception as exc:  # a broken plug-in must not take the others down
            errors[ep.name] = f"{type(exc).__name__}: {exc}"
            continue
        if not (isinstance(cls, type) and issubclass(cls, Judge)):
            errors[ep.name] = f"{ep.value} is not a Judge subclass"
        elif cls.id != ep.name:
            errors[ep.name] = f"{ep.value} declares id {cls.id!r}, registered as {ep.name!r}"
        else:
            found[ep.name] = cls
    return dict(sorted(found.items())), errors


def _all() -> tuple[dict[str, type[Judge]], dict[str, str]]:
    found, errors = _load()
    if not _registered:
        return found, errors
    # an in-process registration wins over an installed judge of the same id: it is the newer intent
    merged = dict(sorted({**found, **_registered}.items()))
    return merged, {k: v for k, v in errors.items() if k not in _registered}


def register_judge(cls: type[Judge]) -> type[Judge]:
    """Make ``cls`` available under its ``id`` in this process without an entry point; usable as a class
    decorator. Installed plug-ins should declare an entry point in the ``litlens.judges`` group instead."""
    if not (isinstance(cls, type) and issubclass(cls, Judge)):
        raise TypeError(f"{cls!r} is not a Judge subclass")
    judge_id = getattr(cls, "id", None)
    if not isinstance(judge_id, str) or not judge_id:
        raise TypeError(f"{cls.__name__} has no id")
    _registered[judge_id] = cls
    return cls


def registered_here() -> frozenset[str]:
    """Ids of the judges ``register_judge`` made available in this process (another process lacks them)."""
    return frozenset(_registered)


def unregister_judge(judge_id: str) -> None:
    """Undo ``register_judge`` (entry-point judges are not affected)."""
    _registered.pop(judge_id, None)


def available() -> dict[str, type[Judge]]:
    """All installed judges that loaded, by id."""
    return _all()[0]


def load_errors() -> dict[str, str]:
    """Judges registered in the entry-point group that could not be loaded, with the reason."""
    return _all()[1]


def get(judge_id: str) -> Judge:
    judges, errors = _all()
    if judge_id in errors:
        raise UnknownJudge(f"judge {judge_id!r} is installed but failed to load: {errors[judge_id]}")
    if judge_id not in judges:
        close = difflib.get_close_matches(judge_id, list(judges), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownJudge(f"unknown judge {judge_id!r}{hint}; installed judges: {', '.join(judges) or 'none'}")
    return judges[judge_id]()


def reload() -> None:
    _load.cache_clear()
