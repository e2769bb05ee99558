"""Opening a LitLens database: where it lives by default, and one connection set up the way every
Store needs it (write-ahead logging, foreign keys, a busy timeout)."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

from platformdirs import user_data_dir

if TYPE_CHECKING:  # sqlite_utils is imported on the first connection: the window's start needs no database
    import sqlite_utils

OPEN_TIMEOUT = 30.0  # seconds a connection waits for another one's lock (sqlite3.connect's timeout too)


def default_db_path() -> Path:
    env = os.environ.get("LITLENS_DB")
    if env:
        return Path(env)
    return Path(user_data_dir("LitLens", appauthor=False)) / "litlens.db"


def connect(path: Path) -> sqlite_utils.Database:
    """A connection to ``path`` in autocommit mode (transactions are begun explicitly), in WAL mode.
    Raises sqlite3.DatabaseError when the file is not a database or stays locked too long."""
    import sqlite_utils

    conn = sqlite3.connect(str(path), timeout=OPEN_TIMEOUT, isolation_level=None)
    db = sqlite_utils.Database(conn, execute_plugins=False)  # no entry-point scan at open
    try:
        use_wal(db)
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        conn.close()
        raise
    return db


def use_wal(db: sqlite_utils.Database) -> None:
    """Switch the database to write-ahead logging (a no-op once any connection has done it).

    The switch needs the database to itself, and SQLite answers "database is locked" at once, without
    its busy timeout, when another connection holds a lock at that moment: several threads or processes
    opening a new database together meet exactly that. So the switch is retried, with a short growing
    pause, for up to OPEN_TIMEOUT seconds; any other error, or the time running out, is raised."""
    deadline, pause = time.monotonic() + OPEN_TIMEOUT, 0.002
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


def connect_read_only(path: Path) -> sqlite_utils.Database:
    """A connection that can only read ``path`` (SQLite refuses every write on it).

    A database in WAL mode is read through its shared-memory file; when that cannot be created (the
    folder is read-only too) the file is opened as immutable, which is safe because nothing can be
    writing to a database nobody may write to. Raises sqlite3.DatabaseError when it cannot be read."""
    uri = path.resolve().as_uri()
    last: sqlite3.DatabaseError | None = None
    for mode in ("mode=ro", "mode=ro&immutable=1"):
        conn = sqlite3.connect(f"{uri}?{mode}", uri=True, timeout=OPEN_TIMEOUT, isolation_level=None)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as exc:
            conn.close()
            last = exc
            continue
        import sqlite_utils
        return sqlite_utils.Database(conn, execute_plugins=False)
    assert last is not None
    raise last
