"""One SQLite file per deployment: checkpoints, the exactly-once ledger and the threads index.

Keeping them together means one file to back up and one set of settings; they use separate
connections, so a slow checkpoint write never holds the ledger's lock longer than it must.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from tools.errors import AgentError

T = TypeVar("T")

BUSY_TIMEOUT_MS = 10_000
"""How long a writer waits for another process's lock before giving up (SQLite's default: 0)."""

SQLITE_MAGIC = b"SQLite format 3\x00"
NOT_SQLITE = "database {path}: not a SQLite file; pass another --db path"
UNWRITABLE = "database {path}: cannot write there ({error}); pass a writable --db path"
LOCKED = "database {path}: locked by another process for over {seconds}s; retry when it finishes"


def check_db_path(path: str | Path, *, must_exist: bool = False) -> Path:
    """Fail early, in one line, on a path that cannot hold the database.

    Raises:
        AgentError: Missing (when required), not a SQLite file, or not writable.
    """
    p = Path(path)
    if p.exists():
        if p.is_dir():
            raise AgentError(NOT_SQLITE.format(path=p))
        try:
            with p.open("rb") as fh:
                head = fh.read(len(SQLITE_MAGIC))
        except OSError as exc:
            raise AgentError(UNWRITABLE.format(path=p, error=exc.strerror)) from None
        if head and head != SQLITE_MAGIC:
            raise AgentError(NOT_SQLITE.format(path=p))
        if not _writable(p):
            raise AgentError(UNWRITABLE.format(path=p, error="read-only file"))
        return p
    if must_exist:
        msg = f"database {p}: no such file; run a request first or pass the right --db"
        raise AgentError(msg)
    parent = p.parent if str(p.parent) else Path()
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AgentError(UNWRITABLE.format(path=p, error=exc.strerror or exc)) from None
    if not _writable(parent):
        raise AgentError(UNWRITABLE.format(path=p, error="directory is read-only"))
    return p


def _writable(p: Path) -> bool:
    import os

    return os.access(p, os.W_OK)


def connect(path: str | Path) -> sqlite3.Connection:
    """A connection in autocommit mode with WAL and a busy timeout.

    Raises:
        AgentError: The file is not a database or cannot be opened.
    """
    try:
        conn = sqlite3.connect(
            str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode=WAL")
    except sqlite3.DatabaseError as exc:
        raise translate(exc, path) from None
    return conn


def translate(exc: sqlite3.Error, path: str | Path) -> AgentError:
    """Map a sqlite3 error to a one-line, actionable AgentError."""
    text = str(exc)
    if "not a database" in text or "file is encrypted" in text:
        return AgentError(NOT_SQLITE.format(path=path))
    if "locked" in text or "busy" in text:
        return AgentError(LOCKED.format(path=path, seconds=BUSY_TIMEOUT_MS // 1000))
    if "readonly" in text or "unable to open" in text:
        return AgentError(UNWRITABLE.format(path=path, error=text))
    return AgentError(f"database {path}: {text}")


async def run_db(path: str | Path, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run blocking database work on a worker thread with its own connection."""

    def _run() -> T:
        conn = connect(path)
        try:
            return work(conn)
        except sqlite3.Error as exc:
            raise translate(exc, path) from None
        finally:
            conn.close()

    return await asyncio.to_thread(_run)
