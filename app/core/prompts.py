"""Prompts and rubrics are files under resources/prompts/; this renders them and versions them.

A prompt's version is its declared version plus a hash of its files, so editing a template changes the
version and no stale cached answer or stored result is ever reused for the new prompt.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache

import jinja2

from litlens.app.core.resources import resource_path

_env: jinja2.Environment | None = None


def _environment() -> jinja2.Environment:
    global _env
    if _env is None:
        _env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(resource_path("prompts"))),
            undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True,
            trim_blocks=True, lstrip_blocks=True)
        _env.filters["data"] = data_block
    return _env


def render(template: str, **variables: object) -> str:
    """Render ``resources/prompts/<template>`` (e.g. ``"da_mqm/user.j2"``)."""
    return _environment().get_template(template).render(**variables).strip() + "\n"


@lru_cache(maxsize=None)
def version(folder: str, declared: str) -> str:
    """``declared`` plus a short hash of every file in ``resources/prompts/<folder>``."""
    h = hashlib.sha256()
    root = resource_path("prompts", folder)
    for p in sorted(root.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode())
            h.update(p.read_bytes())
    return f"{declared}+{h.hexdigest()[:10]}"


_TAG_START = re.compile(r"<(?=/?[A-Za-z])")


def data_block(text: str | None, tag: str) -> str:
    """Wrap untrusted text (source, translations) in a clearly delimited block.

    The text cannot close the block early: any ``<`` that would start a tag is escaped — not only tags
    named like this block, since a translation that writes "</source>" would otherwise unbalance the
    neighbouring block — so "ignore your instructions" inside a translation stays data.
    """
    body = _TAG_START.sub("&lt;", text or "")
    return f"<{tag}>\n{body}\n</{tag}>"
