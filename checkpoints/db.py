"""The SQLite file's connections, checks and one-line errors (`checkpoints/sqlite.py` uses them).

By default one SQLite file holds a deployment's checkpoints, the exactly-once ledger, the
trace, the threads index and the leases: one file to back up and one set of settings. They use
separate connections, so a slow checkpoint write never holds the ledger's lock longer than it
must. (A `postgresql://` URL instead: `checkpoints/postgres.py`.)
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from tools.errors import AgentError

BUSY_TIMEOUT_ENV = "LOOPGUARD_BUSY_TIMEOUT_MS"
"""Milliseconds a writer waits for another process's lock; tests shorten it."""
DEFAULT_BUSY_TIMEOUT_MS = 10_000
"""SQLite's own default is 0: a second writer would fail at once with "database is locked"."""

NOT_SQLITE = "database {path}: not a SQLite file; pass another --db path"
UNWRITABLE = "database {path}: cannot write there ({error}); pass a writable --db path"
LOCKED = (
    "database {path}: locked by another process for over {seconds:g}s; retry when it "
    "finishes (wait longer with " + BUSY_TIMEOUT_ENV + "=MILLISECONDS)"
)
NO_DATABASE = "database {path}: no such file; run a request first or pass the right --db"
BAD_BUSY_TIMEOUT = BUSY_TIMEOUT_ENV + "={value!r}: expected a whole number of milliseconds"


def busy_timeout_ms() -> int:
    """The busy timeout in force, read at call time so a test or an operator can change it.

    Raises:
        AgentError: The environment variable is not a non-negative integer.
    """
    raw = os.environ.get(BUSY_TIMEOUT_ENV)
    if raw is None or not raw.strip():
        return DEFAULT_BUSY_TIMEOUT_MS
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise AgentError(BAD_BUSY_TIMEOUT.format(value=raw))
    return value


_SQLITE_READONLY = 8
"""SQLite's primary code for "attempt to write a readonly database"; the extended codes
(`SQLITE_READONLY_ROLLBACK`, `_RECOVERY`, ...) share its low byte."""


def probe_sqlite(path: Path) -> sqlite3.DatabaseError | None:
    """Open an existing file read-only through SQLite and read its header; the error, if any.

    SQLite, not open()/close(): closing any descriptor of the file from outside SQLite drops
    every POSIX lock this process's SQLite connections hold on it. A file left by a process
    killed in the middle of a write (a hot rollback journal, a WAL index to rebuild) is a
    sound database that only a writer may repair, and a read-only connection refuses it with
    one of the `SQLITE_READONLY_*` codes; the next connection that writes rolls it back. So
    those count as no error: refusing them stopped the resume of a run SIGKILLed while its
    first connection was switching a new file to WAL.
    """
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            conn.execute("PRAGMA schema_version").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF == _SQLITE_READONLY:
            return None
        return exc
    return None


def check_db_path(path: str | Path, *, must_exist: bool = False) -> Path:
    """Fail early, in one line, on a path that cannot hold the database.

    Permission bits are checked too, but root ignores them; what fails for root as well (a
    parent that is a regular file, a read-only or virtual file system) surfaces here or as
    SQLite's "unable to open" and is translated to the same one-line error.

    Raises:
        AgentError: Missing (when required), not a SQLite file, or not writable.
    """
    p = Path(path)
    if p.exists():
        if p.is_dir():
            raise AgentError(NOT_SQLITE.format(path=p))
        exc = probe_sqlite(p)
        if exc is not None:
            if "not a database" in str(exc) or "encrypted" in str(exc):
                raise AgentError(NOT_SQLITE.format(path=p)) from None
            if "unable to open" in str(exc):
                raise AgentError(UNWRITABLE.format(path=p, error=exc)) from None
        if not os.access(p, os.W_OK):
            raise AgentError(UNWRITABLE.format(path=p, error="read-only file"))
        return p
    parent = p.parent if str(p.parent) else Path()
    blocker = next((a for a in (parent, *parent.parents) if a.exists()), None)
    if blocker is not None and not blocker.is_dir():
        error = f"{blocker} is a file, not a directory"
        raise AgentError(UNWRITABLE.format(path=p, error=error))
    if must_exist:
        raise AgentError(NO_DATABASE.format(path=p))
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AgentError(UNWRITABLE.format(path=p, error=exc.strerror or exc)) from None
    if not os.access(parent, os.W_OK):
        raise AgentError(UNWRITABLE.format(path=p, error="directory is read-only"))
    return p


def connect(path: str | Path) -> sqlite3.Connection:
    """A connection in autocommit mode with WAL and a busy timeout.

    Raises:
        AgentError: The file is not a database or cannot be opened.
    """
    timeout_ms = busy_timeout_ms()
    try:
        conn = sqlite3.connect(
            str(path), timeout=timeout_ms / 1000, isolation_level=None, check_same_thread=False
        )
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout={timeout_ms}")
        ensure_wal(conn, timeout_ms)
    except sqlite3.DatabaseError as exc:
        raise translate(exc, path) from None
    return conn


def is_busy(exc: sqlite3.Error) -> bool:
    """SQLite's "database is locked" / "busy" family of errors."""
    text = str(exc)
    return "locked" in text or "busy" in text


def ensure_wal(conn: sqlite3.Connection, timeout_ms: int) -> None:
    """Switch the file to WAL unless it already is, retrying while another process switches it.

    SQLite answers a journal-mode change with "database is locked" at once, without calling
    the busy handler, when another connection is doing the same; that happens when two
    processes open a fresh file together (measured: 24 of 200 three-way races failed).
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.01)


def translate(exc: sqlite3.Error, path: str | Path) -> AgentError:
    """Map a sqlite3 error to a one-line, actionable AgentError."""
    text = str(exc)
    if "not a database" in text or "file is encrypted" in text:
        return AgentError(NOT_SQLITE.format(path=path))
    if is_busy(exc):
        return AgentError(LOCKED.format(path=path, seconds=busy_timeout_ms() / 1000))
    if "readonly" in text or "unable to open" in text or "disk I/O" in text:
        return AgentError(UNWRITABLE.format(path=path, error=text))
    return AgentError(f"database {path}: {text}")
