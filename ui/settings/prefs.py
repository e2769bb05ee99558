"""Non-secret preferences kept with QSettings: provider, models, limits, budget, paths, language, theme.

API keys are never stored here; they go to the system keyring through app.llm.keys (settings_dialog).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings

# The one table of providers the GUI offers (the settings dialog and the judge panel both read it).
PROVIDERS = ("openai", "anthropic", "compat", "local")
PROVIDER_TITLES = {"openai": "OpenAI", "anthropic": "Anthropic", "compat": "OpenAI-compatible",
                   "local": "Local model (GGUF)"}
DEFAULT_MODELS = {"openai": "gpt-4o-mini", "anthropic": "claude-sonnet-4-5", "compat": "", "local": ""}
LOCAL = "local"  # runs a GGUF file in-process: no key, no base URL, no cost
OFFLINE = "none (offline)"  # the judge panel's choice of no provider: offline judges only
LANGUAGES = {"en": "English", "ko": "한국어"}
THEMES = ("light", "dark")
CALIBRATION_MODES = ("off", "fade", "hide")
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
    local_model_file: str = ""  # a GGUF file for the local provider
    local_n_ctx: int = 4096
    local_n_threads: int = 0  # 0: llama.cpp chooses
    local_n_gpu_layers: int = 0  # -1: all layers
    prompts_dir: str = ""  # a folder of prompt templates replacing built-in ones by name (empty: built-ins)
    # findings of a judge the reviewer keeps rejecting in a category (app.humans.calibration): shown as
    # they are ("off", the default), faded, or hidden (the list says how many, and shows them on a click)
    calibration: str = "off"

    def model_for(self, provider: str) -> str:
        if provider == LOCAL:
            return self.local_model_name()
        return self.models.get(provider, DEFAULT_MODELS.get(provider, ""))

    def local_model_name(self) -> str:
        """The local model's display name, stored with its results: the file's stem."""
        return Path(self.local_model_file).stem if self.local_model_file.strip() else ""

    def local_choice(self) -> dict[str, Any]:
        """The local provider's ProviderSettings fields."""
        return {"model": self.local_model_name() or LOCAL, "model_file": self.local_model_file or None,
                "n_ctx": self.local_n_ctx, "n_threads": self.local_n_threads or None,
                "n_gpu_layers": self.local_n_gpu_layers}

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
    if out.calibration not in CALIBRATION_MODES:
        out.calibration = "off"
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
    # one entry per name: a project saved again after an edit gets a new id but is the same to the user
    items = [(pid, n) for pid, n in recent_projects(qs) if pid != project_id and n != name]
    items.insert(0, (project_id, name))
    value = [f"{pid}:{n}" for pid, n in items[:RECENT_MAX]]
    if value == [f"{pid}:{n}" for pid, n in recent_projects(qs)]:
        return  # already first: the review reloads often, and nothing need be written
    # no sync() here: it writes the file on the GUI thread (109 ms in one profile); QSettings writes
    # changes from the event loop soon after and when it is destroyed, so a clean exit keeps them
    qs.setValue("recent/projects", value)


def last_project(settings: QSettings | None = None) -> int | None:
    """The project used last (File › Recent's first entry), or None."""
    recent = recent_projects(settings)
    return recent[0][0] if recent else None


def provider_title(name: str) -> str:
    """A provider as the lists show it: its name, or what it is in the interface language (the judge
    panel's translations)."""
    titles = {OFFLINE: QCoreApplication.translate("JudgePanel", "none (offline)"),
              "compat": QCoreApplication.translate("JudgePanel", "OpenAI-compatible server"),
              LOCAL: QCoreApplication.translate("JudgePanel", "Local model (GGUF)")}
    return titles.get(name, PROVIDER_TITLES.get(name, name))


def apply_prompts(prefs: AppSettings) -> str | None:
    """Use the prompt templates folder of ``prefs`` from now on (empty: the built-in templates). Returns
    why it could not be used (the template and placeholder named), leaving the templates as they were."""
    from litlens.app.core.prompts import PromptOverrideError, use_prompts
    try:
        use_prompts(prefs.prompts_dir.strip() or None)
    except (PromptOverrideError, OSError) as exc:
        return str(exc)
    return None
