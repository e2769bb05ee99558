"""Which process owns a run, and whether that process still exists.

A run row says "running" from the moment it starts until its engine writes the final status. A process
killed in between (SIGKILL, power cut, a crash in native code) never writes it, so the row would say
"running" for ever. Each run records its owner — pid, host and a start token that tells a reused pid
apart — and readers ask ``owner_gone`` to show such a run as interrupted instead.
"""

from __future__ import annotations

import os
import socket
import sys
from typing import Any

INTERRUPTED = "interrupted"


def _linux_stat(pid: int) -> list[str]:
    # /proc/PID/stat after the command name, which may itself contain spaces and parentheses: [0] is the
    # state (Z: a zombie, dead but not yet reaped), [19] the start time in clock ticks since boot.
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read().decode("ascii", "replace")
    except OSError:
        return []
    return stat.rsplit(")", 1)[-1].split()


def _linux_start_token(pid: int) -> str | None:
    fields = _linux_stat(pid)
    return fields[19] if len(fields) > 19 else None


def _windows_alive(pid: int) -> bool | None:
    import ctypes
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return None
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def start_token(pid: int) -> str | None:
    """A value that differs between two processes that had the same pid (None where unknown)."""
    if sys.platform.startswith("linux"):
        return _linux_start_token(pid)
    return None


def current_owner() -> dict[str, Any]:
    """The columns a new run records about the process that runs it."""
    pid = os.getpid()
    return {"pid": pid, "host": socket.gethostname(), "start_token": start_token(pid)}


def process_alive(pid: int, token: str | None) -> bool | None:
    """True/False when it can be told; None when not (then the caller must not call it gone)."""
    if pid <= 0:
        return None
    if sys.platform == "win32":
        # os.kill on Windows terminates the process whatever the signal: never use it to probe
        try:
            return _windows_alive(pid)
        except (OSError, AttributeError):
            return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, under another user
    except OSError:
        return None
    if sys.platform.startswith("linux") and _linux_stat(pid)[:1] == ["Z"]:
        return False  # killed; only its exit status is left for the parent to collect
    if token is not None:
        now = start_token(pid)
        if now is not None and now != token:
            return False  # the pid now belongs to another process
    return True


def owner_gone(run: dict[str, Any]) -> bool:
    """True when ``run`` says running but the process that ran it no longer exists on this host.

    Runs recorded before owners were kept, and runs from another machine sharing the database, cannot
    be checked and are left as they are.
    """
    if run.get("status") != "running" or not run.get("pid"):
        return False
    if run.get("host") and run["host"] != socket.gethostname():
        return False
    return process_alive(int(run["pid"]), run.get("start_token")) is False


def effective(run: dict[str, Any]) -> dict[str, Any]:
    """The run as a reader should show it: ``interrupted`` when its process died mid-run."""
    if owner_gone(run):
        return {**run, "status": INTERRUPTED}
    return run
