"""Prompts and rubrics are files under resources/prompts/; this renders them and versions them.

A prompt's version is its declared version plus a hash of its files, so editing a template changes the
version and no stale cached answer or stored result is ever reused for the new prompt.

A user's folder of templates (``use_prompts``: ``litlens --prompts DIR`` or $LITLENS_PROMPTS) replaces
built-in templates of the same name, e.g. DIR/gemba_mqm/system.j2, so a researcher can run a paper's
verbatim prompt. Each template is checked before any call: one that names a placeholder the built-in
is never given, or leaves out one that carries the text under assessment (a ``| data`` block), is
refused with the placeholder named. The version then ends in "+custom:<hash of the replacing files>",
which every stored result records, and the judge's card says "custom prompt".
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from litlens.app.core.resources import resource_path

if TYPE_CHECKING:  # jinja2 is imported when a template is first read, not when a judge module loads
    import jinja2
    from jinja2 import nodes

_env: jinja2.Environment | None = None
_custom: Path | None = None  # the user's template folder, once checked
_custom_read = False  # $LITLENS_PROMPTS is read once, lazily


class PromptOverrideError(ValueError):
    """A user template cannot replace a built-in one (the message names the template and why)."""


def _make_env(*roots: Path) -> jinja2.Environment:
    import jinja2
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(r)) for r in roots]),
        undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True,
        trim_blocks=True, lstrip_blocks=True, auto_reload=False)
    env.filters["data"] = data_block
    return env


def _custom_folder() -> Path | None:
    """The user's template folder ($LITLENS_PROMPTS is read the first time), or None."""
    global _custom_read
    if not _custom_read:
        _custom_read = True
        if os.environ.get("LITLENS_PROMPTS"):
            use_prompts(os.environ["LITLENS_PROMPTS"])
    return _custom


def _environment() -> jinja2.Environment:
    global _env
    _custom_folder()
    if _env is None:
        builtin = resource_path("prompts")
        _env = _make_env(*([_custom] if _custom else []), builtin)
    return _env


def _builtin_root() -> Path:
    return Path(str(resource_path("prompts")))


def _names(ast: nodes.Template, env: jinja2.Environment) -> set[str]:
    import jinja2.meta
    return set(jinja2.meta.find_undeclared_variables(ast)) - set(env.globals)


def _data_names(ast: nodes.Template, undeclared: set[str]) -> set[str]:
    """Placeholders that always carry the text under assessment: names inside a ``| data`` filter, and
    the lists a loop walks whose body writes such a block (``{% for it in items %}{{ it.text | data }}``).
    A block inside ``{% if %}`` is optional material (a reference, a ledger) and not required."""
    from jinja2 import nodes
    found: set[str] = set()

    def names(node: nodes.Node) -> set[str]:
        own = {node.name} if isinstance(node, nodes.Name) else set()
        return own | {n.name for n in node.find_all(nodes.Name)}

    def writes_data(node: nodes.Node) -> bool:
        return any(f.name == "data" for f in node.find_all(nodes.Filter))

    def walk(node: nodes.Node) -> None:
        if isinstance(node, nodes.If):
            return
        if isinstance(node, nodes.Filter) and node.name == "data":
            found.update(names(node))
        if isinstance(node, nodes.For) and any(writes_data(b) for b in node.body):
            found.update(names(node.iter))
        for child in node.iter_child_nodes():
            walk(child)

    walk(ast)
    return found & undeclared


def _placeholders(env: jinja2.Environment, root: Path, name: str, seen: set[str] | None = None
                  ) -> tuple[set[str], set[str]]:
    """(every placeholder the template and what it includes may use, the text-carrying ones)."""
    import jinja2.meta
    seen = seen if seen is not None else set()
    seen.add(name)
    ast = env.parse((root / name).read_text(encoding="utf-8"))
    names = _names(ast, env)
    data = _data_names(ast, names)
    for inc in jinja2.meta.find_referenced_templates(ast):
        if inc and inc not in seen:
            base = root if (root / inc).is_file() else _builtin_root()
            more, more_data = _placeholders(env, base, inc, seen)
            names |= more
            data |= more_data
    return names, data


def check_override(folder: Path, name: str) -> None:
    """Refuse ``folder/name`` unless it replaces a built-in template and uses its placeholders."""
    builtin = _builtin_root()
    if not (builtin / name).is_file():
        known = sorted(p.relative_to(builtin).as_posix() for p in builtin.rglob("*.j2"))
        folder_name = name.split("/")[0]
        near = [k for k in known if k.startswith(folder_name + "/")] or known
        raise PromptOverrideError(f"{name}: no built-in prompt has this name (replaceable: "
                                  f"{', '.join(near)})")
    env = _make_env(folder, builtin)
    import jinja2
    try:
        given, carried = _placeholders(env, builtin, name)
        used, _ = _placeholders(env, folder, name)
    except jinja2.TemplateSyntaxError as exc:
        raise PromptOverrideError(f"{name}: not a valid template ({exc.message}, line {exc.lineno})") from None
    unknown = sorted(used - given)
    if unknown:
        raise PromptOverrideError(f"{name}: unknown placeholder {{{{ {unknown[0]} }}}} (this prompt is "
                                  f"given: {', '.join(sorted(given))})")
    missing = sorted(carried - used)
    if missing:
        raise PromptOverrideError(f"{name}: missing placeholder {{{{ {missing[0]} }}}}, which carries the "
                                  "text to be assessed; without it the model never sees that text")


def use_prompts(directory: str | Path | None) -> list[str]:
    """Check the user's templates in ``directory`` and render them instead of the built-in ones of the
    same name from now on (None: built-ins only). Returns the replaced names; raises
    PromptOverrideError, naming the template and placeholder, before anything is replaced."""
    global _custom, _env, _custom_read
    _custom_read = True
    if directory is None:
        _custom, _env = None, None
        version.cache_clear()
        return []
    folder = Path(directory).expanduser()
    if not folder.is_dir():
        raise PromptOverrideError(f"{folder}: no such folder of prompt templates")
    names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.j2"))
    if not names:
        raise PromptOverrideError(f"{folder}: no templates (*.j2) in it; name them as the built-in ones, "
                                  "e.g. gemba_mqm/system.j2")
    for name in names:
        check_override(folder, name)
    _custom, _env = folder.resolve(), None
    version.cache_clear()
    return names


def current_folder() -> Path | None:
    """The user's template folder in use in this process (resolved), or None for the built-ins only."""
    return _custom_folder()


def follow(folder: Path | None) -> None:
    """Use ``folder`` (another process's ``current_folder()``), unless this process uses it already: the
    window's analyser process plans estimates with the templates the window's runs will render."""
    if _custom_folder() != folder:
        use_prompts(folder)


def custom_templates(folder: str) -> list[str]:
    """The user's templates that replace built-in ones in ``resources/prompts/<folder>``."""
    _custom_folder()  # (no template environment: a judge's version is read to show the window)
    if _custom is None or not (_custom / folder).is_dir():
        return []
    return sorted(f"{folder}/{p.relative_to(_custom / folder).as_posix()}" for p in (_custom / folder).rglob("*.j2"))


def render(template: str, **variables: object) -> str:
    """Render ``resources/prompts/<template>`` (e.g. ``"da_mqm/user.j2"``)."""
    return _environment().get_template(template).render(**variables).strip() + "\n"


@lru_cache(maxsize=None)
def version(folder: str, declared: str) -> str:
    """``declared`` plus a short hash of every file in ``resources/prompts/<folder>``, and
    "+custom:<hash>" of the user's templates that replace any of them."""
    h = hashlib.sha256()
    root = resource_path("prompts", folder)
    for p in sorted(root.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode())
            h.update(p.read_bytes())
    out = f"{declared}+{h.hexdigest()[:10]}"
    custom = custom_templates(folder)
    if custom and _custom is not None:
        c = hashlib.sha256()
        for name in custom:
            c.update(name.encode())
            c.update((_custom / name).read_bytes())
        out += f"+custom:{c.hexdigest()[:10]}"
    return out


class Versioned:
    """A judge's ``prompt_version`` read when it is used, so templates the user swapped in after the
    judge was imported still change it (``prompt_version = prompts.Versioned("sqm", "sqm/1")``)."""

    def __init__(self, folder: str, declared: str) -> None:
        self.folder, self.declared = folder, declared

    def __get__(self, obj: object, owner: type | None = None) -> str:
        return version(self.folder, self.declared)


_TAG_START = re.compile(r"<(?=/?[A-Za-z])")


def data_block(text: str | None, tag: str) -> str:
    """Wrap untrusted text (source, translations) in a clearly delimited block.

    The text cannot close the block early: any ``<`` that would start a tag is escaped — not only tags
    named like this block, since a translation that writes "</source>" would otherwise unbalance the
    neighbouring block — so "ignore your instructions" inside a translation stays data.
    """
    body = _TAG_START.sub("&lt;", text or "")
    return f"<{tag}>\n{body}\n</{tag}>"
