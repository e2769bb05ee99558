"""Discovers judges through the ``litlens.judges`` entry-point group (built-ins are registered the same way)."""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import entry_points

from app.judges.base import Judge

GROUP = "litlens.judges"


class UnknownJudge(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; keep it one readable line
        return str(self.args[0])


@lru_cache(maxsize=1)
def _load() -> dict[str, type[Judge]]:
    found: dict[str, type[Judge]] = {}
    for ep in entry_points(group=GROUP):
        cls = ep.load()
        if not (isinstance(cls, type) and issubclass(cls, Judge)):
            raise TypeError(f"entry point {ep.name!r} in {GROUP} is not a Judge subclass")
        if cls.id != ep.name:
            raise TypeError(f"entry point {ep.name!r} loads a judge whose id is {cls.id!r}")
        found[ep.name] = cls
    return dict(sorted(found.items()))


def available() -> dict[str, type[Judge]]:
    """All installed judges by id."""
    return _load()


def get(judge_id: str) -> Judge:
    judges = _load()
    if judge_id not in judges:
        raise UnknownJudge(f"unknown judge {judge_id!r}; installed judges: {', '.join(judges) or 'none'}")
    return judges[judge_id]()


def reload() -> None:
    _load.cache_clear()
