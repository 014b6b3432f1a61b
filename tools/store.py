"""A real local SQLite business store for the example tools.

It stands in for the backend a real agent would call: it lives in its own file, apart from
the checkpoints, so a crash can fall between a side effect here and the checkpoint there.
Every tool function records its entry in `tool_audit`, which is how tests count real
executions rather than trusting the agent's own bookkeeping.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from checkpoints.db import busy_timeout_ms, ensure_wal, probe_sqlite
from tools.errors import AgentError

T = TypeVar("T")

NOT_SQLITE = "store {path}: not a SQLite database; pass another --store path or delete the file"
STORE_UNUSABLE = "store {path}: {error}; check the path and its permissions"
STORE_IS_DIR = "store {path}: a directory, not a SQLite file; pass a file path with --store"

AUDIT_DDL = """
CREATE TABLE IF NOT EXISTS tool_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tool TEXT NOT NULL,
    user_id TEXT NOT NULL,
    args TEXT NOT NULL,
    idempotency_key TEXT,
    at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""

_ready: set[tuple[str, str]] = set()
_ready_lock = threading.Lock()


def connect(path: str | Path, ddl: str = "") -> sqlite3.Connection:
    """Open the store, creating its tables on first use in this process.

    WAL lets readers proceed while a writer commits; the busy timeout (the checkpoints',
    `LOOPGUARD_BUSY_TIMEOUT_MS`) makes concurrent processes wait for a lock instead of
    failing with "database is locked", and the switch to WAL is retried while another
    process makes it, as for the checkpoint file.

    Raises:
        AgentError: The path is not a SQLite file or cannot be opened.
    """
    path = str(path)
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        timeout_ms = busy_timeout_ms()
        conn = sqlite3.connect(path, timeout=timeout_ms / 1000, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout={timeout_ms}")
        key = (path, ddl)
        if key not in _ready:
            with _ready_lock:
                ensure_wal(conn, timeout_ms)
                conn.executescript(AUDIT_DDL + ddl)
                _ready.add(key)
    except sqlite3.DatabaseError as exc:
        if "not a database" in str(exc):
            msg = NOT_SQLITE.format(path=path)
        else:
            msg = STORE_UNUSABLE.format(path=path, error=exc)
        raise AgentError(msg) from None
    except OSError as exc:
        msg = STORE_UNUSABLE.format(path=path, error=exc.strerror or exc)
        raise AgentError(msg) from None
    return conn


def check_store(path: str | Path) -> None:
    """Fail up front, in one line, on a store path that can never hold the database.

    Without this a directory or a text file surfaces only inside a tool call, where it looks
    like a transient failure and is retried until the run stops with `no_progress`. The file
    is probed read-only through SQLite and left as it is (one a killed writer left half
    written passes: the first tool call's connection repairs it); a missing file is fine
    (the first call creates it).

    Raises:
        AgentError: The path is a directory, not a SQLite file, or under a regular file.
    """
    p = Path(path)
    if p.is_dir():
        raise AgentError(STORE_IS_DIR.format(path=p))
    if not p.exists():
        blocker = next((a for a in p.parents if a.exists()), None)
        if blocker is not None and not blocker.is_dir():
            error = f"{blocker} is a file, not a directory"
            raise AgentError(STORE_UNUSABLE.format(path=p, error=error))
        return
    exc = probe_sqlite(p)
    if exc is not None:
        if "not a database" in str(exc) or "encrypted" in str(exc):
            raise AgentError(NOT_SQLITE.format(path=p)) from None
        raise AgentError(STORE_UNUSABLE.format(path=p, error=exc)) from None


def audit(
    conn: sqlite3.Connection,
    tool: str,
    user_id: str,
    args: Mapping[str, Any],
    idempotency_key: str | None = None,
) -> None:
    """Record that a tool function was really entered."""
    conn.execute(
        "INSERT INTO tool_audit (tool, user_id, args, idempotency_key) VALUES (?, ?, ?, ?)",
        (tool, user_id, json.dumps(dict(args), sort_keys=True, default=str), idempotency_key),
    )


async def run_in_store(path: str, ddl: str, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run blocking store work in a worker thread, so async nodes keep the loop free."""

    def _run() -> T:
        conn = connect(path, ddl)
        try:
            return work(conn)
        finally:
            conn.close()

    return await asyncio.to_thread(_run)


def count_executions(path: str | Path, tool: str | None = None) -> int:
    """How many times tool functions were really entered (all tools, or one)."""
    conn = connect(path)
    try:
        if tool is None:
            row = conn.execute("SELECT COUNT(*) FROM tool_audit").fetchone()
        else:
            row = conn.execute("SELECT COUNT(*) FROM tool_audit WHERE tool = ?", (tool,)).fetchone()
        return int(row[0])
    finally:
        conn.close()
