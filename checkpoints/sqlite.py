"""The SQLite checkpointer, configured so a hard crash resumes at the node that was running.

Measured on this stack: with LangGraph's default `durability="async"` a SIGKILL re-ran
earlier nodes on resume; with `"sync"` every step's checkpoint is on disk before the next
step starts, and resume starts exactly at the interrupted node. WAL lets readers (the
`threads` and `show` commands, Studio) read while a run writes; `synchronous=FULL` makes a
committed checkpoint survive a power cut, not only a process crash; the busy timeout makes a
second process wait for the lock instead of failing with "database is locked".
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Literal

import aiosqlite
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from checkpoints.db import busy_timeout_ms, check_db_path, is_busy, translate

DURABILITY: Literal["sync"] = "sync"
"""Pass as `durability=` on every invoke/stream of a graph compiled with this saver."""

Synchronous = Literal["FULL", "NORMAL", "OFF"]


async def _ensure_wal(conn: aiosqlite.Connection, timeout_ms: int) -> None:
    """`checkpoints.db.ensure_wal` for the async connection: retry a concurrent switch."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            async with conn.execute("PRAGMA journal_mode") as cur:
                row = await cur.fetchone()
            if row is None or str(row[0]).lower() != "wal":
                await conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() >= deadline:
                raise
            await asyncio.sleep(0.01)


@asynccontextmanager
async def open_checkpointer(
    path: str | Path, *, must_exist: bool = False, synchronous: Synchronous = "FULL"
) -> AsyncIterator[AsyncSqliteSaver]:
    """An AsyncSqliteSaver on `path` (async nodes need the async saver: the sync one raises).

    Args:
        path: The SQLite file; created unless `must_exist`.
        must_exist: Readers and resumers fail on a missing file instead of creating one.
        synchronous: FULL (default) fsyncs the WAL on every commit, so a checkpoint survives
            a power cut; NORMAL only survives a process crash. Only benchmarks change it.

    Raises:
        AgentError: The path is not a SQLite file, or cannot be created or written.
    """
    db = check_db_path(path, must_exist=must_exist)
    timeout_ms = busy_timeout_ms()
    try:
        conn = await aiosqlite.connect(str(db), timeout=timeout_ms / 1000)
    except sqlite3.Error as exc:
        raise translate(exc, db) from None
    try:
        await conn.execute(f"PRAGMA busy_timeout={timeout_ms}")
        await _ensure_wal(conn, timeout_ms)
        await conn.execute(f"PRAGMA synchronous={synchronous}")
        saver = AsyncSqliteSaver(conn)
        await saver.setup()
    except sqlite3.Error as exc:
        await conn.close()
        raise translate(exc, db) from None
    try:
        yield saver
    finally:
        await conn.close()
