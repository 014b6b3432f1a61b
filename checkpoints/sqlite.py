"""The SQLite checkpointer, configured so a hard crash resumes at the node that was running.

Measured on this stack: with LangGraph's default `durability="async"` a SIGKILL re-ran
earlier nodes on resume; with `"sync"` every step's checkpoint is on disk before the next
step starts, and resume starts exactly at the interrupted node. WAL lets readers (the
`threads` and `show` commands, Studio) read while a run writes; `synchronous=FULL` makes a
committed checkpoint survive a power cut, not only a process crash; the busy timeout makes a
second process wait for the lock instead of failing with "database is locked".
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Literal

import aiosqlite
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from checkpoints.db import BUSY_TIMEOUT_MS, check_db_path, translate

DURABILITY: Literal["sync"] = "sync"
"""Pass as `durability=` on every invoke/stream of a graph compiled with this saver."""


@asynccontextmanager
async def open_checkpointer(path: str | Path) -> AsyncIterator[AsyncSqliteSaver]:
    """An AsyncSqliteSaver on `path` (async nodes need the async saver: the sync one raises).

    Raises:
        AgentError: The path is not a SQLite file, or cannot be created or written.
    """
    db = check_db_path(path)
    try:
        conn = await aiosqlite.connect(str(db), timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as exc:
        raise translate(exc, db) from None
    try:
        await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=FULL")
        saver = AsyncSqliteSaver(conn)
        await saver.setup()
    except sqlite3.Error as exc:
        await conn.close()
        raise translate(exc, db) from None
    try:
        yield saver
    finally:
        await conn.close()
