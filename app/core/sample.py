"""The bundled sample: an original English story excerpt with a careful and a flawed Korean translation."""

from __future__ import annotations

from typing import Any

import json

from litlens.app.core.model import Project
from litlens.app.core.resources import resource_path


def sample_paths() -> dict[str, Any]:
    manifest = json.loads(resource_path("samples", "sample.json").read_text(encoding="utf-8"))
    return manifest


def load_sample() -> Project:
    from litlens.app.texts import build_project, load_text
    m = sample_paths()
    src = m["source"]  # type: ignore[index]
    source = load_text(resource_path("samples", src["file"]), src["language"])
    cands = [(c["label"], load_text(resource_path("samples", c["file"]), c["language"]))
             for c in m["candidates"]]  # type: ignore[index]
    return build_project(str(m["name"]), source, cands)
