"""What keeps the house readable, checked on the installed ``litlens`` package: no import cycle (run-time,
function-level or type-checking imports alike), no module reaching into another module's private names,
and no function too long to read at once. A module may grow while it stays one idea."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import litlens

PACKAGE = Path(litlens.__file__).parent  # litlens/ with app/, ui/ and resources/ inside it
MAX_FUNCTION_LINES = 80
# Cycles allowed on purpose, each with its reason. Empty: none is needed.
ALLOWED_CYCLES: dict[frozenset[str], str] = {}
# Functions allowed past the limit, each with its reason.
LONG_FUNCTIONS: dict[str, str] = {}


def _modules(root: Path, prefix: str) -> dict[str, Path]:
    found = {}
    paths = [Path(folder) / f for folder, dirs, files in os.walk(root, followlinks=True)  # through the links
             for f in files if f.endswith(".py")]
    for path in paths:
        if "__pycache__" in path.parts or "resources" in path.relative_to(root).parts[:1]:
            continue
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join([prefix, *parts])] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The litlens modules ``name`` imports anywhere in its file (module level, in functions, under
    TYPE_CHECKING); ``from pkg import mod`` counts as pkg.mod, relative imports are resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            # ``from pkg import mod`` needs pkg.mod (its package is only being initialised); a name
            # that is not a module needs the module that defines it
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        for target in names:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
    return targets


def import_graph(root: Path = PACKAGE, prefix: str = "litlens") -> dict[str, set[str]]:
    modules = _modules(root, prefix)
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def test_no_import_cycle_anywhere_in_litlens():
    graph = import_graph()
    assert len(graph) > 200 and "litlens.ui.shell.window" in graph and "litlens.app.run.store" in graph
    found = [sorted(c) for c in cycles(graph) if c not in ALLOWED_CYCLES]
    assert found == [], "modules that import each other (directly or round a circle)"


def test_the_cycle_check_sees_type_checking_and_function_level_imports(tmp_path):
    """The check itself: a circle closed only by a TYPE_CHECKING import, or only inside a function, or
    through ``from pkg import module`` and a relative import, is still a circle."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    for init in (pkg / "__init__.py", pkg / "sub" / "__init__.py"):
        init.write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import X\n")
    (pkg / "c.py").write_text("import pkg.d\n")
    (pkg / "d.py").write_text("def f():\n    from pkg import c\n")
    (pkg / "e.py").write_text("from pkg import a\n")  # imports into a circle, is not part of one
    found = cycles(import_graph(pkg, "pkg"))
    assert sorted(sorted(c) for c in found) == [["pkg.a", "pkg.sub.b"], ["pkg.c", "pkg.d"]]


def _private_reaches(root: Path = PACKAGE, prefix: str = "litlens") -> list[str]:
    """Uses of another litlens module's private names: ``from mod import _x`` and ``mod._x`` where ``mod``
    is an imported litlens module (dunders and a package's own submodules excepted)."""
    modules = _modules(root, prefix)
    offenders = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(prefix):
                for a in node.names:
                    full = f"{node.module}.{a.name}"
                    if full in modules:
                        aliases[a.asname or a.name] = full
                    elif a.name.startswith("_") and not a.name.startswith("__") and node.module != name:
                        offenders.append(f"{name}: from {node.module} import {a.name}")
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in modules and a.asname:
                        aliases[a.asname] = a.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in aliases and node.attr.startswith("_")
                    and not node.attr.startswith("__") and aliases[node.value.id] != name):
                offenders.append(f"{name}: {aliases[node.value.id]}.{node.attr}")
    return sorted(set(offenders))


def test_no_module_reaches_into_another_modules_private_names():
    assert _private_reaches() == [], "give the owner a public operation, or move the code to its owner"


def test_the_private_check_sees_both_forms(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "store.py").write_text("def _save(): pass\ndef save(): _save()\n")
    (pkg / "a.py").write_text("from pkg.store import _save\n")
    (pkg / "b.py").write_text("from pkg import store\nstore._save()\nstore.save()\n")
    (pkg / "c.py").write_text("from pkg import store as s\nprint(s.__name__)\n")
    assert _private_reaches(pkg, "pkg") == ["pkg.a: from pkg.store import _save", "pkg.b: pkg.store._save"]


def long_functions(root: Path = PACKAGE, prefix: str = "litlens") -> list[str]:
    out = []
    for name, path in _modules(root, prefix).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                where = f"{name}.{node.name}"
                if length > MAX_FUNCTION_LINES and where not in LONG_FUNCTIONS:
                    out.append(f"{where}: {length} lines")
    return sorted(out)


def test_no_function_is_too_long_to_read_at_once():
    assert long_functions() == [], f"split into named steps (at most {MAX_FUNCTION_LINES} lines each)"


def test_the_function_length_check_counts_nested_and_async_functions(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    (pkg / "m.py").write_text(f"async def slow():\n{body}\n\ndef ok():\n    pass\n")
    assert long_functions(pkg, "pkg") == [f"pkg.m.slow: {MAX_FUNCTION_LINES + 1} lines"]


def test_the_window_modules_are_grouped_by_feature():
    """ui/ holds feature packages and a handful of modules at its top, each package saying what it owns."""
    ui = PACKAGE / "ui"
    top_modules = [p.name for p in ui.glob("*.py")]
    packages = [p for p in ui.iterdir() if (p / "__init__.py").exists()]
    assert len(top_modules) <= 12, top_modules
    assert {p.name for p in packages} >= {"shell", "pair", "review", "revisions", "runs", "views", "common"}
    for package in packages:
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        assert doc and len(doc) > 40, f"{package.name}/__init__.py says what the package owns"
