"""QA profiles: how findings become penalty points and what passes. A profile is a TOML or JSON file
(resources/qa/ holds the built-in ones, ``literary`` and ``mqm-core``); a user edits a copy.

Keys: ``name``, ``description``, ``threshold`` (the quality score a text must reach), ``words``
("source" or "target": which text's words are counted), ``per_words`` (penalties are also shown per this
many words), ``severity_weights`` (points per severity), ``category_weights`` (a multiplier by MQM path;
the longest matching prefix wins, others weigh 1) and ``category_points`` (categories whose errors cost a
fixed number of points whatever their severity, as seed 002 prices non-translation).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from litlens.app.core.model import SEVERITIES
from litlens.app.core.resources import resource_root

BUILT_IN = ("literary", "mqm-core")
DEFAULT = "literary"


class ProfileError(ValueError):
    """A QA profile that cannot be read or says something impossible."""


@dataclass(frozen=True)
class Profile:
    name: str
    severity_weights: Mapping[str, float]
    threshold: float
    description: str = ""
    category_weights: Mapping[str, float] = field(default_factory=dict)
    category_points: Mapping[str, float] = field(default_factory=dict)
    words: str = "source"
    per_words: int = 1000

    def points(self, category: str, severity: str) -> float:
        """Penalty points of one error (a neutral finding is not an error, whatever its category)."""
        if severity == "neutral":
            return self.severity_weights.get("neutral", 0.0)
        fixed = _by_prefix(self.category_points, category)
        if fixed is not None:
            return fixed
        if severity not in self.severity_weights:
            raise ProfileError(f"profile {self.name!r} gives no weight for severity {severity!r}")
        weight = _by_prefix(self.category_weights, category)
        return self.severity_weights[severity] * (1.0 if weight is None else weight)

    def as_data(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "threshold": self.threshold,
                "words": self.words, "per_words": self.per_words,
                "severity_weights": dict(self.severity_weights),
                "category_weights": dict(self.category_weights), "category_points": dict(self.category_points)}


def _by_prefix(table: Mapping[str, float], category: str) -> float | None:
    best, best_len = None, -1
    parts = category.split("/")
    for key, value in table.items():
        kp = key.strip("/").split("/")
        if parts[:len(kp)] == kp and len(kp) > best_len:
            best, best_len = value, len(kp)
    return best


def _number(value: Any, what: str, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ProfileError(f"{name}: {what} must be a number, not {value!r}")
    if value < 0:
        raise ProfileError(f"{name}: {what} must not be negative")
    return float(value)


def _threshold(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ProfileError(f"{name}: threshold must be a number (a quality score), not {value!r}")
    return float(value)


def profile_from_data(data: Mapping[str, Any], name: str) -> Profile:
    sev = data.get("severity_weights")
    if not isinstance(sev, Mapping):
        raise ProfileError(f"{name}: a profile needs a [severity_weights] table")
    unknown = set(sev) - set(SEVERITIES)
    if unknown:
        raise ProfileError(f"{name}: unknown severities {sorted(unknown)}; expected {', '.join(SEVERITIES)}")
    missing = {"minor", "major", "critical"} - set(sev)
    if missing:
        raise ProfileError(f"{name}: severity_weights needs {', '.join(sorted(missing))}")
    words = data.get("words", "source")
    if words not in ("source", "target"):
        raise ProfileError(f"{name}: words must be 'source' or 'target', not {words!r}")
    per = data.get("per_words", 1000)
    if isinstance(per, bool) or not isinstance(per, int) or per < 1:
        raise ProfileError(f"{name}: per_words must be a whole number of at least 1")
    tables = {}
    for key in ("category_weights", "category_points"):
        raw = data.get(key) or {}
        if not isinstance(raw, Mapping):
            raise ProfileError(f"{name}: {key} must be a table of category paths")
        tables[key] = {str(k): _number(v, f"{key}.{k}", name) for k, v in raw.items()}
    return Profile(name=str(data.get("name") or name), description=str(data.get("description", "")),
                   severity_weights={"neutral": 0.0, **{k: _number(v, f"severity_weights.{k}", name)
                                                        for k, v in sev.items()}},
                   threshold=_threshold(data.get("threshold", 0.0), name),
                   category_weights=tables["category_weights"], category_points=tables["category_points"],
                   words=words, per_words=per)


def load_profile(name_or_path: str | Path | None = None) -> Profile:
    """A built-in profile by name (``literary``, ``mqm-core``) or a profile file (.toml or .json)."""
    key = str(name_or_path or DEFAULT)
    path = resource_root() / "qa" / f"{key}.toml" if key in BUILT_IN else Path(key)
    from litlens.app.texts.limits import FileRefused, refuse_unless_regular
    try:
        refuse_unless_regular(path)  # a FIFO or a device would block or never end
        raw = path.read_bytes()
    except FileRefused as exc:
        raise ProfileError(f"QA profile {key!r}: {exc}") from None
    except OSError as exc:
        known = ", ".join(BUILT_IN)
        raise ProfileError(f"no QA profile {key!r} ({exc.strerror}); built in: {known}, or give a .toml/.json "
                           "file") from None
    try:
        data = json.loads(raw) if path.suffix.lower() == ".json" else tomllib.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProfileError(f"{path.name}: not a readable profile ({exc})") from None
    return profile_from_data(data, path.stem)
