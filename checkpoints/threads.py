"""The threads index: which threads exist, how they were started, and how they ended.

Checkpoints alone say where a thread is; this index also keeps the settings a thread was
started with, so `resume --thread-id` continues with the same model, user and domain, and
the checkpoint each request started from, so a request whose process died before its input
was checkpointed is still known to be unfinished (the thread's last checkpoint is then the
one it started from, perhaps a finished earlier request).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkpoints.storage import Conn, Schema, run_db

SCHEMA = Schema(
    name="threads",
    ddl="""
CREATE TABLE IF NOT EXISTS threads (
    thread_id TEXT PRIMARY KEY,
    request TEXT NOT NULL,
    context TEXT NOT NULL,
    status TEXT NOT NULL,
    stop_reason TEXT,
    started_from TEXT,
    created_at TEXT NOT NULL DEFAULT ({now}),
    updated_at TEXT NOT NULL DEFAULT ({now})
);
""",
    tables=("threads",),
    added_columns=(("threads", "started_from", "TEXT"),),
)


@dataclass(frozen=True)
class ThreadRow:
    """One thread as the index knows it."""

    thread_id: str
    request: str
    context: dict[str, Any]
    status: str
    stop_reason: str | None
    created_at: str
    updated_at: str
    started_from: str | None = None
    """The checkpoint id the latest request started from (None: the thread had none)."""


class ThreadIndex:
    """Reads and writes the `threads` table of one database (a SQLite file or a URL)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)

    async def upsert(
        self,
        thread_id: str,
        *,
        request: str | None = None,
        context: dict[str, Any] | None = None,
        status: str,
        stop_reason: str | None = None,
        started_from: str | None = None,
    ) -> None:
        """Create the row on a thread's first run, then keep its status current.

        A new request (`request` given) records `started_from`, the thread's last
        checkpoint id before it, or None for a thread with no checkpoint yet.
        """

        def work(conn: Conn) -> None:
            conn.ensure(SCHEMA)
            conn.execute(
                "INSERT INTO threads (thread_id, request, context, status, stop_reason, "
                "started_from) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (thread_id) DO UPDATE SET "
                "request = COALESCE(?, threads.request), "
                "context = COALESCE(?, threads.context), "
                "status = excluded.status, stop_reason = excluded.stop_reason, "
                "started_from = CASE WHEN ? THEN excluded.started_from "
                "ELSE threads.started_from END, "
                f"updated_at = {conn.dialect.now}",
                (
                    thread_id,
                    request or "",
                    json.dumps(context or {}),
                    status,
                    stop_reason,
                    started_from,
                    request,
                    json.dumps(context) if context is not None else None,
                    request is not None,
                ),
            )

        await run_db(self.path, work)

    async def get(self, thread_id: str) -> ThreadRow | None:
        """The thread's row, or None when this database never saw it."""
        rows = await self._select("WHERE thread_id = ?", (thread_id,))
        return rows[0] if rows else None

    async def all(self) -> list[ThreadRow]:
        """Every thread, most recently updated first."""
        return await self._select("ORDER BY updated_at DESC", ())

    async def _select(self, clause: str, params: tuple[Any, ...]) -> list[ThreadRow]:
        def work(conn: Conn) -> list[ThreadRow]:
            conn.ensure(SCHEMA)
            cur = conn.execute(f"SELECT * FROM threads {clause}", params)
            return [
                ThreadRow(
                    thread_id=r["thread_id"],
                    request=r["request"],
                    context=json.loads(r["context"]),
                    status=r["status"],
                    stop_reason=r["stop_reason"],
                    created_at=r["created_at"],
                    updated_at=r["updated_at"],
                    started_from=r["started_from"],
                )
                for r in cur.fetchall()
            ]

        return await run_db(self.path, work)
