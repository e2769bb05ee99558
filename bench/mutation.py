"""Mutation score of the modules that guard keys, files, text and numbers: plant one small bug at a time
in a copy of the checkout, run the tests that cover that module, and count the bugs they catch.

    python bench/mutation.py                      # every mutant of every guarded module (slow: hours)
    python bench/mutation.py --sample 5           # a fixed sample of 5 mutants per module (seeded)
    python bench/mutation.py --module app/llm/scrub.py --sample 20
    python bench/mutation.py --list               # the mutants, without running anything

The operators (ast-based): comparison flips (== !=, < <=, > >=, < >, in / not in, is / is not), and/or
swap, a removed `not`, an `if` condition negated, integer constants +1 and -1, True/False swapped, a
non-empty string emptied, + - and * / swapped, `return X` -> `return None`, and a statement replaced by
`pass`. Docstrings, annotations and `__all__` are not mutated. Each mutant is written into a private copy
of the checkout (the working tree is never touched, so it is safe while others edit it), and the module's
test files run in a fresh `python -m pytest -x` under that copy; a mutant is killed when they fail (or
time out at 3x the baseline). Tests that already fail on the unmutated copy are deselected and named.

Beside the score, the module's line coverage under the same tests is printed (coverage.py, the
`mutation` extra). Mutants listed in bench/mutation_equivalent.txt ("path:line:operator  reason", one a
line; "path:line:operator | mutated statement  reason" where one line has several mutants of that operator,
which the run insists on) are equivalent (no behaviour can tell them apart); they are printed with their
reason and left out of the denominator. Runs at nice 15 and one test process at a time: the machine is shared.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = ROOT / "bench" / "mutation_equivalent.txt"

# Each guarded module and the test files that state its behaviour (fast ones: a mutant runs them all).
GUARDED: dict[str, list[str]] = {
    "app/llm/scrub.py": ["tests/test_guard_scrub.py"],
    "app/formats/safexml.py": ["tests/test_guard_safexml.py", "tests/test_formats_import.py"],
    "app/texts/readers.py": ["tests/test_guard_readers.py", "tests/test_texts_readers.py"],
    "app/texts/encoding.py": ["tests/test_guard_encoding.py", "tests/test_texts_encoding.py"],
    "app/texts/limits.py": ["tests/test_guard_limits.py"],
    "app/mqm/spans.py": ["tests/test_guard_spans.py", "tests/test_spans.py"],
    "app/core/edits.py": ["tests/test_guard_edits.py"],
    "app/korean/levels.py": ["tests/test_guard_level_rules.py", "tests/test_guard_level_tokens.py",
                             "tests/test_guard_levels.py"],
    "app/korean/speech_levels.py": ["tests/test_guard_level_readings.py", "tests/test_guard_level_tokens.py",
                                    "tests/test_guard_levels.py",
                                    "tests/test_honorifics_levels.py"],
    "app/mqm/scores.py": ["tests/test_mqm_scores.py", "tests/test_guard_scores.py"],
    "app/exercises/grading.py": ["tests/test_guard_grading.py", "tests/test_exercises.py"],
    "app/llm/structured.py": ["tests/test_guard_structured.py"],
    "app/metrics/uncertainty.py": ["tests/test_guard_intervals.py"],
    "app/run/revisions.py": ["tests/test_guard_revisions.py"],
    "app/run/history.py": ["tests/test_guard_history.py"],
    "app/run/store.py": ["tests/test_guard_store.py", "tests/test_estimate_queries.py"],
}
# Slow tests that run the command line in a subprocess (tens of seconds each on a shared machine): they count
# toward the module's line coverage in the unmutated run but do not run for every mutant.
COVERAGE_ALSO: dict[str, list[str]] = {
    "app/texts/readers.py": ["tests/test_guard_cli_files.py"],
    "app/texts/encoding.py": ["tests/test_guard_cli_files.py"],
    "app/korean/levels.py": ["tests/test_guard_cli_files.py"],
    "app/korean/speech_levels.py": ["tests/test_guard_cli_files.py"],
}
COPIED = ("app", "ui", "resources", "litlens", "tests", "pyproject.toml")


@dataclass(frozen=True)
class Mutant:
    module: str
    index: int
    line: int
    op: str
    source: str  # the whole mutated module
    snippet: str = ""  # the mutated statement (its header for an if/while/for), as the mutant has it

    @property
    def key(self) -> str:
        return f"{self.module}:{self.line}:{self.op}"


# ---- operators ------------------------------------------------------------------------------------------
_CMP = {ast.Eq: [ast.NotEq], ast.NotEq: [ast.Eq], ast.Lt: [ast.LtE, ast.Gt], ast.LtE: [ast.Lt],
        ast.Gt: [ast.GtE, ast.Lt], ast.GtE: [ast.Gt], ast.In: [ast.NotIn], ast.NotIn: [ast.In],
        ast.Is: [ast.IsNot], ast.IsNot: [ast.Is]}
_BIN = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Mult}
_SYM = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.In: "in",
        ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
        ast.Div: "/", ast.FloorDiv: "//", ast.And: "and", ast.Or: "or"}


def _skipped_nodes(tree: ast.Module) -> set[int]:
    """ids of nodes never mutated: docstrings, annotations, __all__ and `from __future__`."""
    skip: set[int] = set()

    def drop(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            drop(body[0])
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            drop(node.returns)
            for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
                drop(a.annotation)
        if isinstance(node, ast.AnnAssign):
            drop(node.annotation)
        if isinstance(node, (ast.ImportFrom, ast.Import)):
            drop(node)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__"
                                                for t in node.targets):
            drop(node)
    return skip


def _sites(tree: ast.Module) -> list[tuple[ast.AST, str, object]]:
    """Every (node, operator name, argument) a mutant can be made of, in source order."""
    skip = _skipped_nodes(tree)
    out: list[tuple[ast.AST, str, object]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                for new in _CMP.get(type(op), []):
                    out.append((node, f"cmp{i} {_SYM[type(op)]}->{_SYM[new]}", (i, new)))
        elif isinstance(node, ast.BoolOp):
            out.append((node, f"{_SYM[type(node.op)]}->{'or' if isinstance(node.op, ast.And) else 'and'}", None))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append((node, "drop not", None))
        elif isinstance(node, ast.BinOp) and type(node.op) in _BIN:
            out.append((node, f"{_SYM[type(node.op)]}->{_SYM[_BIN[type(node.op)]]}", None))
        elif isinstance(node, ast.Constant):
            v = node.value
            if isinstance(v, bool):
                out.append((node, f"{v}->{not v}", None))
            elif isinstance(v, int):
                out += [(node, f"{v}->{v + 1}", v + 1), (node, f"{v}->{v - 1}", v - 1)]
            elif isinstance(v, str) and v:
                out.append((node, "str->''", ""))
        elif isinstance(node, (ast.If, ast.While)):
            out.append((node, f"negate {type(node).__name__.lower()}", None))
        if isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            out.append((node, "return None", None))
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            for stmt in stmts if isinstance(stmts, list) else []:
                if isinstance(stmt, (ast.Expr, ast.Assign, ast.AugAssign, ast.Raise, ast.Continue,
                                     ast.Break, ast.Return, ast.AnnAssign)) and id(stmt) not in skip:
                    out.append((stmt, "delete statement", (node, field)))
    return [s for s in out if getattr(s[0], "lineno", None)]


def _apply(node: ast.AST, op: str, arg: object) -> None:
    if op.startswith("cmp"):
        i, new = arg  # type: ignore[misc]
        node.ops[i] = new()  # type: ignore[attr-defined]
    elif op in ("and->or", "or->and"):
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()  # type: ignore[attr-defined]
    elif op == "drop not":
        node.op = ast.UAdd()  # type: ignore[attr-defined]  # +x: x's own truth value for bools is kept
    elif op.startswith("negate"):
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)  # type: ignore[attr-defined]
    elif op == "return None":
        node.value = ast.Constant(value=None)  # type: ignore[attr-defined]
    elif op == "delete statement":
        parent, field = arg  # type: ignore[misc]
        body = getattr(parent, field)
        body[body.index(node)] = ast.Pass()
    elif isinstance(node, ast.BinOp):
        node.op = _BIN[type(node.op)]()
    elif isinstance(node, ast.Constant):
        node.value = (not node.value) if isinstance(node.value, bool) else arg


def mutants(module: str, sample: int = 0, seed: int = 37, only: set[int] | None = None,
            ops: set[str] | None = None) -> list[Mutant]:
    """The module's mutants; with ``sample``, a fixed seeded choice of that many sites (only those are
    built: building one re-walks a copy of the tree); with ``only``, just those site numbers."""
    text = (ROOT / module).read_text(encoding="utf-8")
    base = ast.parse(text)
    sites = list(enumerate(_sites(base)))
    if only:
        sites = [s for s in sites if s[0] in only]
    if ops is not None:
        sites = [s for s in sites if s[1][1] in ops]
    if sample and len(sites) > sample:
        sites = sorted(random.Random(f"{seed}:{module}").sample(sites, sample), key=lambda s: s[0])
    out = []
    for index, (node, op, _arg) in sites:
        tree = copy.deepcopy(base)
        target, _op, arg = _sites(tree)[index]  # the same walk over the copy finds the same site
        if op == "drop not":
            # `not x` -> `x` (UAdd would change the value of non-numbers): replace in the parent
            for parent in ast.walk(tree):
                for field, value in ast.iter_fields(parent):
                    if value is target:
                        setattr(parent, field, target.operand)  # type: ignore[attr-defined]
                    elif isinstance(value, list) and target in value:
                        value[value.index(target)] = target.operand  # type: ignore[attr-defined]
        else:
            _apply(target, op, arg)
        ast.fix_missing_locations(tree)
        try:
            source = ast.unparse(tree)
            compile(source, module, "exec")
        except (SyntaxError, ValueError):
            continue
        out.append(Mutant(module, index, node.lineno, op, source,  # type: ignore[attr-defined]
                          _deleted(node) if op == "delete statement" else _snippet(tree, node.lineno)))  # type: ignore[attr-defined]
    return out


def _deleted(stmt: ast.AST) -> str:
    return "pass  # was: " + " ".join(ast.unparse(stmt).split())[:180]


def _snippet(tree: ast.Module, line: int) -> str:
    """The innermost statement of ``tree`` on ``line``, one line of text (a compound statement's header)."""
    best: ast.stmt | None = None
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno):
            if best is None or (node.end_lineno or 0) - node.lineno <= (best.end_lineno or 0) - best.lineno:
                best = node
    if best is None:
        return ""
    if isinstance(best, (ast.If, ast.While)):
        text = f"{type(best).__name__.lower()} {ast.unparse(best.test)}:"
    elif isinstance(best, (ast.For, ast.AsyncFor)):
        text = f"for {ast.unparse(best.target)} in {ast.unparse(best.iter)}:"
    elif isinstance(best, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.With, ast.Try)):
        text = ast.unparse(best).splitlines()[0]
    else:
        text = ast.unparse(best)
    return " ".join(text.split())[:200]


# ---- running --------------------------------------------------------------------------------------------
def make_copy() -> Path:
    work = Path(tempfile.mkdtemp(prefix="litlens-mutation-"))
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache"))
        else:
            shutil.copy2(src, work / name)
    return work


def _pytest_args(tests: list[str], deselect: list[str]) -> list[str]:
    return ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:pytestqt", "-o", "addopts=",
            *tests, *[f"--deselect={d}" for d in deselect]]


# The fork server: one Python process under the copy that imports pytest and warms a Kiwi analyser once, then
# forks a child per mutant that runs pytest.main there. Nothing of litlens is imported before the fork (checked
# before every fork), so each child imports the mutated module from the copy afresh; the child's Kiwi() is a
# copy of the warmed one (kiwipiepy.Kiwi() with no arguments is answered by it), pristine in every child. It
# saves the interpreter, pytest and the Kiwi model (about 5 s) per mutant.
_SERVER = r"""
import json, os, signal, sys, time
import pytest
try:
    import kiwipiepy
    _warm = kiwipiepy.Kiwi()
    _warm.tokenize("이제 갑시다.")
    _Kiwi = kiwipiepy.Kiwi
    def _kiwi(*a, **kw):
        return _warm if not a and not kw else _Kiwi(*a, **kw)
    kiwipiepy.Kiwi = _kiwi
except Exception:
    pass
out = sys.stdout
child = 0


def _stop(*_):
    if child:
        try:
            os.killpg(child, signal.SIGKILL)
        except ProcessLookupError:
            pass
    os._exit(1)


signal.signal(signal.SIGTERM, _stop)
print(json.dumps({"ready": True}), file=out, flush=True)
for line in sys.stdin:
    req = json.loads(line)
    if any(m == "litlens" or m.startswith("litlens.") for m in sys.modules):
        raise SystemExit("litlens was imported before a fork")
    log = req["log"]
    started = time.perf_counter()
    pid = child = os.fork()
    if pid == 0:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.setsid()
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        try:
            code = int(pytest.main(req["args"]))
        except BaseException:
            code = 99
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    deadline = started + req["timeout"]
    state = None
    while state is None:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            state = "passed" if os.waitstatus_to_exitcode(status) == 0 else "failed"
        elif time.perf_counter() > deadline:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
            state = "timeout"
        else:
            time.sleep(0.01)
    print(json.dumps({"state": state, "seconds": time.perf_counter() - started}), file=out, flush=True)
"""


class ForkServer:
    """Runs a module's test files under the copy in a forked child of one warm process (see _SERVER)."""

    def __init__(self, work: Path) -> None:
        self.work = work
        env = dict(os.environ, PYTHONPATH=str(work), QT_QPA_PLATFORM="offscreen", PYTHONDONTWRITEBYTECODE="1")
        self.proc = subprocess.Popen([sys.executable, "-c", _SERVER], cwd=work, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdout is not None
        if not json.loads(self.proc.stdout.readline() or "{}").get("ready"):
            raise SystemExit("the mutation fork server did not start")

    def run(self, tests: list[str], deselect: list[str], timeout: float) -> tuple[str, float, str]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        log = self.work / ".mutant-log"
        self.proc.stdin.write(json.dumps({"args": _pytest_args(tests, deselect), "timeout": timeout,
                                          "log": str(log)}) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise SystemExit("the mutation fork server stopped")
        got = json.loads(answer)
        tail = log.read_text(encoding="utf-8", errors="replace")[-2000:] if log.exists() else ""
        return got["state"], got["seconds"], tail

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.terminate()  # the server kills the test run it is waiting for, then exits
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def run_tests(work: Path, tests: list[str], deselect: list[str], timeout: float) -> tuple[str, float, str]:
    """('passed'|'failed'|'timeout', seconds, output tail) of the test files under the copy, in a fresh
    interpreter (the fork server's results are checked against this: --no-fork)."""
    env = dict(os.environ, PYTHONPATH=str(work), QT_QPA_PLATFORM="offscreen", PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "pytest", *_pytest_args(tests, deselect)]
    started = time.perf_counter()
    try:
        done = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, timeout=timeout,
                              check=False)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - started, ""
    tail = (done.stdout + done.stderr)[-2000:]
    return ("passed" if done.returncode == 0 else "failed"), time.perf_counter() - started, tail


def baseline(work: Path, module: str, tests: list[str]) -> tuple[list[str], float, float | None]:
    """(tests already failing unmutated, seconds, line coverage %) of ``module`` under its tests: one run
    under coverage; a failing test is named and deselected for the mutants (it cannot tell them apart).

    The coverage counts every Python process the tests start (a CLI run in a subprocess too): coverage's
    subprocess support, ``COVERAGE_PROCESS_START`` naming a config with ``parallel = true`` and a
    ``sitecustomize`` on the copy's PYTHONPATH calling ``coverage.process_startup()``; the data files of
    all the processes are combined before the figure is read."""
    rc = work / ".coveragerc-mutation"
    rc.write_text(f"[run]\nparallel = true\ndata_file = {work / '.coverage'}\ninclude = {work / module}\n"
                  f"    */litlens/{module}\n", encoding="utf-8")
    startup = work / "sitecustomize.py"
    startup.write_text("import coverage\ncoverage.process_startup()\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(work), QT_QPA_PLATFORM="offscreen", COVERAGE_PROCESS_START=str(rc))
    for old in work.glob(".coverage*"):
        if old != rc:
            old.unlink()
    started = time.perf_counter()
    try:
        run = subprocess.run([sys.executable, "-m", "coverage", "run", "--rcfile", str(rc), "-m", "pytest", "-q",
                              "-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:pytestqt", "-o", "addopts=",
                              "-rf", *tests, *COVERAGE_ALSO.get(module, [])],
                             cwd=work, env=env, capture_output=True, text=True, check=False)
    finally:
        startup.unlink()
    seconds = time.perf_counter() - started
    failing = [ln.split()[1] for ln in run.stdout.splitlines() if ln.startswith("FAILED ")]
    if run.returncode not in (0, 1) or (run.returncode == 1 and not failing):
        raise SystemExit(f"{module}: its tests did not run:\n{(run.stdout + run.stderr)[-2000:]}")
    coverage_pct = None
    cov = [sys.executable, "-m", "coverage"]
    subprocess.run([*cov, "combine", "--rcfile", str(rc)], cwd=work, env=env, capture_output=True, check=False)
    report = subprocess.run([*cov, "json", "--rcfile", str(rc), "-o", str(work / "cov.json")], cwd=work, env=env,
                            capture_output=True, text=True, check=False)
    if report.returncode == 0:
        files = json.loads((work / "cov.json").read_text()).get("files", {})
        if files:
            coverage_pct = next(iter(files.values()))["summary"]["percent_covered"]
    return failing, seconds, coverage_pct


def load_equivalent() -> dict[str, str]:
    """Entry -> reason. An entry is ``path:line:operator``, or ``path:line:operator | mutated statement``
    (as the run prints it) where one line has several mutants of that operator."""
    out = {}
    if EQUIVALENT_FILE.exists():
        for ln in EQUIVALENT_FILE.read_text(encoding="utf-8").splitlines():
            if ln.strip() and not ln.startswith("#"):
                key, _, reason = ln.partition("  ")
                out[key.strip()] = reason.strip()
    return out


def equivalent_reason(m: Mutant, equivalent: dict[str, str]) -> str | None:
    return equivalent.get(f"{m.key} | {m.snippet}") or equivalent.get(m.key)


def ambiguous_entries(module: str, equivalent: dict[str, str]) -> list[str]:
    """Unqualified entries of ``module`` that name more than one mutant (they must name its statement)."""
    counts: dict[str, int] = {}
    for node, op, _arg in _sites(ast.parse((ROOT / module).read_text(encoding="utf-8"))):
        key = f"{module}:{node.lineno}:{op}"  # type: ignore[attr-defined]
        counts[key] = counts.get(key, 0) + 1
    return [k for k in equivalent if k.startswith(module + ":") and " | " not in k and counts.get(k, 0) > 1]


def _run_module(work: Path, server: ForkServer | None, module: str, ms: list[Mutant], equivalent: dict[str, str],
                no_baseline: bool) -> tuple[tuple, list[Mutant]]:
    """One module's row of the table and its surviving mutants; the copy's module is restored after."""
    tests = GUARDED[module]
    module_started = time.perf_counter()
    if no_baseline:
        failing, seconds, cov = [], 40.0, None
    else:
        failing, seconds, cov = baseline(work, module, tests)
    original = (work / module).read_text(encoding="utf-8")
    killed, alive, equiv = 0, [], []
    try:
        for done, m in enumerate(ms, 1):
            if done % 25 == 0:
                print(f"    {module}: {done}/{len(ms)} ...", file=sys.stderr, flush=True)
            if equivalent_reason(m, equivalent) is not None:
                equiv.append(m)
                continue
            (work / module).write_text(m.source, encoding="utf-8")
            timeout = max(20.0, 3 * seconds)
            state, _s, _tail = (server.run(tests, failing, timeout) if server is not None
                                else run_tests(work, tests, failing, timeout))
            if state == "passed":
                alive.append(m)
                print(f"    survived: {m.key}  #{m.index}  | {m.snippet[:120]}", file=sys.stderr, flush=True)
            else:
                killed += 1
    finally:
        (work / module).write_text(original, encoding="utf-8")
    counted = killed + len(alive)
    score = 100.0 * killed / counted if counted else 100.0
    print(f"  {module}: {killed}/{counted} killed ({score:.0f}%)", file=sys.stderr, flush=True)
    return (module, len(ms), killed, len(alive), len(equiv), score, cov, failing,
            time.perf_counter() - module_started), alive


def _survivors_in(log: Path) -> set[tuple[str, str, str]]:
    """(module, operator, mutated statement) of each "survived:" line of an earlier run's output."""
    out = set()
    for ln in log.read_text(encoding="utf-8").splitlines():
        if ln.strip().startswith("survived: ") and "  #" in ln and "  | " in ln:
            key, _, rest = ln.strip()[len("survived: "):].partition("  #")
            module, _line, op = key.split(":", 2)
            out.add((module, op, rest.partition("  | ")[2].strip()))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, default=0, help="mutants per module, a fixed seeded sample (0 = all)")
    ap.add_argument("--seed", type=int, default=37)
    ap.add_argument("--module", action="append", help="only this guarded module (repeatable)")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--min-score", type=float, default=0.0, help="exit 1 when a module scores below this %%")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the unmutated run (no coverage, no deselection, 120 s per mutant): for .ci/run, "
                         "where the whole suite has just passed")
    ap.add_argument("--index", type=int, action="append",
                    help="only the mutant of this site number (as --list prints it; repeatable, with --module)")
    ap.add_argument("--no-fork", action="store_true",
                    help="a fresh interpreter per mutant instead of a fork of one warm process (slower)")
    ap.add_argument("--rerun", metavar="LOG",
                    help="only the mutants an earlier run's output lists as surviving (matched by operator and "
                         "mutated statement, so lines that moved since are still found)")
    args = ap.parse_args(argv)
    if os.name == "posix" and os.nice(0) < 15:
        os.nice(15 - os.nice(0))
    modules = args.module or list(GUARDED)
    unknown = [m for m in modules if m not in GUARDED]
    if unknown:
        ap.error(f"not a guarded module: {unknown}")
    equivalent = load_equivalent()
    ambiguous = [k for module in modules for k in ambiguous_entries(module, equivalent)]
    if ambiguous:
        ap.error("these equivalent entries name several mutants; add ' | <mutated statement>' as the run prints "
                 "it: " + ", ".join(ambiguous))
    chosen: dict[str, list[Mutant]] = {}
    wanted = _survivors_in(Path(args.rerun)) if args.rerun else set()
    if args.rerun:  # only the modules and operators the log names are built (building every mutant is slow)
        modules = [m for m in modules if any(w[0] == m for w in wanted)]
    for module in modules:
        ops = {w[1] for w in wanted if w[0] == module} if args.rerun else None
        chosen[module] = mutants(module, args.sample, args.seed, set(args.index or ()), ops)
    if args.rerun:
        chosen = {m: [x for x in ms if (m, x.op, x.snippet[:120].strip()) in wanted] for m, ms in chosen.items()}
        chosen = {m: ms for m, ms in chosen.items() if ms}
    if args.list:
        for module, ms in chosen.items():
            for m in ms:
                print(f"{m.key}  #{m.index}  | {m.snippet[:120]}")
        return 0
    run_started = time.perf_counter()
    # a run stopped with SIGTERM still ends its fork server and removes its copy (the finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    work = make_copy()
    server = None if args.no_fork or not hasattr(os, "fork") else ForkServer(work)
    rows, survivors, below = [], [], []
    try:
        for module, ms in chosen.items():
            row, alive = _run_module(work, server, module, ms, equivalent, args.no_baseline)
            rows.append(row)
            survivors += alive
            if row[5] < args.min_score:
                below.append(module)
    finally:
        if server is not None:
            server.close()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{'module':34} {'mutants':>7} {'killed':>6} {'alive':>5} {'equiv':>5} {'score':>6} {'line cov':>8} "
          f"{'time':>6}")
    for module, n, k, a, e, score, cov, _f, took in rows:
        covs = f"{cov:.0f}%" if cov is not None else "n/a"
        print(f"{module:34} {n:7d} {k:6d} {a:5d} {e:5d} {score:5.0f}% {covs:>8} {took:5.0f}s")
    total_k = sum(r[2] for r in rows)
    total = sum(r[2] + r[3] for r in rows)
    print(f"{'all':34} {sum(r[1] for r in rows):7d} {total_k:6d} {total - total_k:5d} "
          f"{sum(r[4] for r in rows):5d} {100.0 * total_k / max(1, total):5.0f}% {'':>8} "
          f"{time.perf_counter() - run_started:5.0f}s")
    for module, *_rest, failing, _took in rows:
        for f in failing:
            print(f"deselected (fails unmutated): {module}: {f}")
    if survivors:
        print("\nsurviving mutants:")
        for m in survivors:
            line = (ROOT / m.module).read_text(encoding="utf-8").splitlines()[m.line - 1].strip()
            print(f"  {m.key}  #{m.index}  | {line[:90]}\n      -> {m.snippet[:150]}")
    listed = [(k, r) for k, r in equivalent.items() if k.split(":")[0] in chosen]
    if listed:
        print("\nequivalent mutants (not counted):")
        for k, r in listed:
            print(f"  {k}  {r}")
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
