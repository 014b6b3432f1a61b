"""The exactly-once ledger for write tools, in the same database as the checkpoints.

A write is claimed under its idempotency key before it runs. The key's row says whether the
effect is in progress, succeeded (with its receipt), failed for certain, or unknown. A
replay after a crash, a model retry or a transport retry finds the row and either returns the
receipt or reconciles with the backend; it never runs the effect blindly a second time.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from checkpoints.db import run_db

LedgerStatus = Literal["in_progress", "succeeded", "failed", "unknown"]

DDL = """
CREATE TABLE IF NOT EXISTS tool_ledger (
    idempotency_key TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    args_hash TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('in_progress', 'succeeded', 'failed', 'unknown')),
    receipt TEXT,
    attempts INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS tool_ledger_thread ON tool_ledger (thread_id);
"""

_ready: set[str] = set()


@dataclass(frozen=True)
class Claim:
    """The outcome of claiming a key.

    Attributes:
        claimed: True when this caller now owns the execution and must run the effect.
        status: The row's status after the claim.
        receipt: The stored result of a succeeded effect.
        conflict: The key is taken by a call with different arguments.
        attempts: How many times the effect was claimed for execution.
    """

    claimed: bool
    status: LedgerStatus
    receipt: dict[str, Any] | None = None
    conflict: bool = False
    attempts: int = 1


def _setup(conn: sqlite3.Connection, path: str) -> None:
    if path not in _ready:
        conn.executescript(DDL)
        _ready.add(path)


class Ledger:
    """Idempotency records in one SQLite file; every method is safe across processes."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)

    async def claim(self, key: str, *, thread_id: str, tool: str, args_hash: str) -> Claim:
        """Atomically claim `key`, or report who holds it and in which state.

        The primary key makes the insert the arbiter: of two processes claiming at once,
        exactly one inserts. A key whose earlier attempt failed for certain is re-claimed.
        """

        def work(conn: sqlite3.Connection) -> Claim:
            _setup(conn, self.path)
            conn.execute("BEGIN IMMEDIATE")
            try:
                cur = conn.execute(
                    "INSERT INTO tool_ledger (idempotency_key, thread_id, tool, args_hash, status)"
                    " VALUES (?, ?, ?, ?, 'in_progress') ON CONFLICT DO NOTHING",
                    (key, thread_id, tool, args_hash),
                )
                if cur.rowcount == 1:
                    conn.execute("COMMIT")
                    return Claim(claimed=True, status="in_progress")
                row = conn.execute(
                    "SELECT * FROM tool_ledger WHERE idempotency_key = ?", (key,)
                ).fetchone()
                if row["args_hash"] != args_hash:
                    conn.execute("COMMIT")
                    return Claim(claimed=False, status=row["status"], conflict=True)
                if row["status"] == "failed":
                    conn.execute(
                        "UPDATE tool_ledger SET status = 'in_progress', attempts = attempts + 1, "
                        "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
                        "WHERE idempotency_key = ?",
                        (key,),
                    )
                    conn.execute("COMMIT")
                    return Claim(claimed=True, status="in_progress", attempts=row["attempts"] + 1)
                conn.execute("COMMIT")
                receipt = json.loads(row["receipt"]) if row["receipt"] else None
                return Claim(
                    claimed=False, status=row["status"], receipt=receipt, attempts=row["attempts"]
                )
            except BaseException:
                conn.execute("ROLLBACK")
                raise

        return await run_db(self.path, work)

    async def finish(self, key: str, status: LedgerStatus, receipt: dict[str, Any] | None) -> None:
        """Record the outcome of a claimed effect."""

        def work(conn: sqlite3.Connection) -> None:
            _setup(conn, self.path)
            conn.execute(
                "UPDATE tool_ledger SET status = ?, receipt = ?, "
                "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE idempotency_key = ?",
                (status, json.dumps(receipt, default=str) if receipt is not None else None, key),
            )

        await run_db(self.path, work)

    async def rows(self, thread_id: str | None = None) -> list[dict[str, Any]]:
        """Ledger rows, oldest first, for `show` and for tests."""

        def work(conn: sqlite3.Connection) -> list[dict[str, Any]]:
            _setup(conn, self.path)
            if thread_id is None:
                cur = conn.execute("SELECT * FROM tool_ledger ORDER BY created_at")
            else:
                cur = conn.execute(
                    "SELECT * FROM tool_ledger WHERE thread_id = ? ORDER BY created_at",
                    (thread_id,),
                )
            return [dict(r) for r in cur.fetchall()]

        return await run_db(self.path, work)
