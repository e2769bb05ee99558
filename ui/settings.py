"""Non-secret preferences kept with QSettings: provider, models, limits, budget, paths, language, theme.

API keys are never stored here; they go to the system keyring through app.llm.keys (settings_dialog).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from PySide6.QtCore import QSettings

PROVIDERS = ("openai", "anthropic", "compat")
DEFAULT_MODELS = {"openai": "gpt-4o-mini", "anthropic": "claude-sonnet-4-5", "compat": ""}
LANGUAGES = {"en": "English", "ko": "한국어"}
THEMES = ("light", "dark")
RECENT_MAX = 8


@dataclass
class AppSettings:
    provider: str = "openai"
    models: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_MODELS))
    base_urls: dict[str, str] = field(default_factory=dict)
    concurrency: int = 8
    rpm: int = 0  # 0: no limit
    tpm: int = 0
    budget: float = 0.0  # 0: no cap
    spacy_model: str = "en_core_web_sm"
    db_path: str = ""  # empty: the platform's user data folder
    language: str = "en"
    theme: str = "light"
    reviewer: str = ""
    show_badges: bool = True

    def model_for(self, provider: str) -> str:
        return self.models.get(provider, DEFAULT_MODELS.get(provider, ""))

    def base_url_for(self, provider: str) -> str:
        return self.base_urls.get(provider, "")


def _qsettings() -> QSettings:
    return QSettings("LitLens", "LitLens")


def _coerce(value: Any, like: Any) -> Any:
    """QSettings hands back strings on some platforms; turn them into the default's type."""
    if isinstance(like, bool):
        return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
    if isinstance(like, int):
        return int(value)
    if isinstance(like, float):
        return float(value)
    if isinstance(like, dict):
        return {str(k): str(v) for k, v in dict(value).items()} if value else {}
    return str(value)


def load(settings: QSettings | None = None) -> AppSettings:
    qs = settings or _qsettings()
    out = AppSettings()
    for f in fields(AppSettings):
        key = f"prefs/{f.name}"
        if not qs.contains(key):
            continue
        try:
            setattr(out, f.name, _coerce(qs.value(key), getattr(out, f.name)))
        except (TypeError, ValueError):  # a hand-edited or older value: keep the default
            continue
    if out.language not in LANGUAGES:
        out.language = "en"
    if out.theme not in THEMES:
        out.theme = "light"
    return out


def save(prefs: AppSettings, settings: QSettings | None = None) -> None:
    qs = settings or _qsettings()
    for name, value in asdict(prefs).items():
        qs.setValue(f"prefs/{name}", value)
    qs.sync()


# ---- recent projects (project id in the store and a display name) -----------------------------------
def recent_projects(settings: QSettings | None = None) -> list[tuple[int, str]]:
    qs = settings or _qsettings()
    raw = qs.value("recent/projects") or []
    out: list[tuple[int, str]] = []
    for item in raw if isinstance(raw, list) else [raw]:
        pid, _, name = str(item).partition(":")
        if pid.isdigit():
            out.append((int(pid), name))
    return out


def remember_project(project_id: int, name: str, settings: QSettings | None = None) -> None:
    qs = settings or _qsettings()
    items = [(pid, n) for pid, n in recent_projects(qs) if pid != project_id]
    items.insert(0, (project_id, name))
    qs.setValue("recent/projects", [f"{pid}:{n}" for pid, n in items[:RECENT_MAX]])
    qs.sync()
