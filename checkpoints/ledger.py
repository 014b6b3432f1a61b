"""The exactly-once ledger for write tools, in the same database as the checkpoints.

A write is claimed under its idempotency key before it runs. The key's row says whether the
effect is in progress, succeeded (with its receipt), failed for certain, or unknown. A
replay after a crash, a model retry or a transport retry finds the row and either returns the
receipt or reconciles with the backend; it never runs the effect blindly a second time.

Each row also names the process that claimed it and the tool call it was claimed for. The
process tells an orphan (its claimer died: reconcile, then take over) from a write that is
still running elsewhere (wait, never run it twice). The call id tells a replay of the same
call after a crash (the effect belongs to this call) from a different call reusing the key
(answered from the receipt).
"""

from __future__ import annotations

import json
import threading
import uuid
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from checkpoints.lease import lease_ttl_s, owner_gone, process_token
from checkpoints.storage import Conn, Schema, rows_of, run_db

LedgerStatus = Literal["in_progress", "succeeded", "failed", "unknown"]
Resolution = Literal["reconciled", "taken_over", "human_approved"]

SCHEMA = Schema(
    name="ledger",
    ddl="""
CREATE TABLE IF NOT EXISTS tool_ledger (
    idempotency_key TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    args_hash TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('in_progress', 'succeeded', 'failed', 'unknown')),
    receipt TEXT,
    attempts INTEGER NOT NULL DEFAULT 1,
    call_id TEXT,
    owner TEXT,
    resolution TEXT,
    created_at TEXT NOT NULL DEFAULT ({now}),
    updated_at TEXT NOT NULL DEFAULT ({now})
);
CREATE INDEX IF NOT EXISTS tool_ledger_thread ON tool_ledger (thread_id);
CREATE TABLE IF NOT EXISTS agent_meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ({now})
);
""",
    # agent_meta: facts about the agent database itself; one row so far, its `database_id`.
    # Created with the ledger, whose keys need it, so no process pays a second schema check.
    tables=("tool_ledger", "agent_meta"),
    # Columns newer than the first release of the table, added in place to older databases.
    added_columns=(
        ("tool_ledger", "call_id", "TEXT"),
        ("tool_ledger", "owner", "TEXT"),
        ("tool_ledger", "resolution", "TEXT"),
    ),
)

DATABASE_ID = "database_id"


def _database_id(conn: Conn) -> str:
    """This database's id, made on first use: the first writer's insert wins, all read it."""
    conn.ensure(SCHEMA)
    select = "SELECT value FROM agent_meta WHERE name = ?"
    row = conn.execute(select, (DATABASE_ID,)).fetchone()
    if row is None:
        with conn.transaction():
            conn.execute(
                "INSERT INTO agent_meta (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (DATABASE_ID, "adb_" + uuid.uuid4().hex),
            )
            row = conn.execute(select, (DATABASE_ID,)).fetchone()
    return str(row["value"])


_in_flight: Counter[str] = Counter()
"""Keys this process claimed and has not finished: its own in_progress rows that are live,
and writes whose worker thread outlived its attempt (`hold_in_flight`).

A key is marked before the write that makes this process its owner is committed, not after:
another coroutine of this process reading the row in between would otherwise see its owner's
token, find the key unmarked, and take a live claim for an orphan. A count, because a
take-over that loses must unmark only its own mark, never the winner's.
"""
_in_flight_lock = threading.Lock()


def _mark(key: str) -> None:
    with _in_flight_lock:
        _in_flight[key] += 1


def _unmark(key: str) -> None:
    with _in_flight_lock:
        if _in_flight[key] > 1:
            _in_flight[key] -= 1
        else:
            _in_flight.pop(key, None)


def _live(key: str) -> bool:
    with _in_flight_lock:
        return _in_flight[key] > 0


@dataclass(frozen=True)
class Claim:
    """The outcome of claiming a key.

    Attributes:
        claimed: True when this caller now owns the execution and must run the effect.
        status: The row's status after the claim.
        receipt: The stored result of a succeeded effect.
        conflict: The key is taken by a call with different arguments.
        attempts: How many times the effect was claimed for execution.
        same_call: The row was claimed for this very tool call: a replay after a crash.
        owner_alive: The claimer may still be running the effect: an in_progress row of a
            live process, or a row of this process whose worker thread still runs it.
        owner: The claimer's process token.
        updated_at: When the row last changed (UTC, ISO 8601).
        resolution: How an earlier uncertain attempt was settled, if one was.
    """

    claimed: bool
    status: LedgerStatus
    receipt: dict[str, Any] | None = None
    conflict: bool = False
    attempts: int = 1
    same_call: bool = False
    owner_alive: bool = False
    owner: str | None = None
    updated_at: str | None = None
    resolution: str | None = None


def _epoch(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def _owner_alive(key: str, row: Mapping[str, Any]) -> bool:
    owner = row["owner"]
    if owner == process_token() and _live(key):
        # Ours and still running, whatever the row says: a worker thread that outlived its
        # attempt's timeout may still land an effect recorded as unknown.
        return True
    if row["status"] != "in_progress":
        return False
    if owner == process_token():
        return False  # ours, and this process is not running it
    expires_at = _epoch(row["updated_at"]) + lease_ttl_s()
    return not owner_gone(owner, expires_at=expires_at)


def _claim_of(key: str, row: Mapping[str, Any], call_id: str | None) -> Claim:
    receipt = json.loads(row["receipt"]) if row["receipt"] else None
    return Claim(
        claimed=False,
        status=row["status"],
        receipt=receipt,
        attempts=row["attempts"],
        same_call=call_id is not None and row["call_id"] == call_id,
        owner_alive=_owner_alive(key, row),
        owner=row["owner"],
        updated_at=row["updated_at"],
        resolution=row["resolution"],
    )


class Ledger:
    """Idempotency records in the checkpoint database; every method is safe across processes.

    `path` is the `--db` value: a SQLite file or a `postgresql://` URL.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)

    async def database_id(self) -> str:
        """A random id made once per agent database and stored in it (`agent_meta`).

        Idempotency keys include it, so two agent databases sharing one business backend
        (every `postgresql://` URL shares the default store; a SQLite file deleted and
        made again is a new database) never reuse each other's keys, and a backend that
        finds a key never hands one database's receipt to another. Read, not cached: a
        file replaced under a running process must not keep its predecessor's id.
        """
        return await run_db(self.path, _database_id)

    async def claim(
        self, key: str, *, thread_id: str, tool: str, args_hash: str, call_id: str | None = None
    ) -> Claim:
        """Atomically claim `key`, or report who holds it and in which state.

        The primary key makes the insert the arbiter: of two processes claiming at once,
        exactly one inserts. A key whose earlier attempt failed for certain is re-claimed.
        """
        owner = process_token()

        def work(conn: Conn) -> Claim:
            conn.ensure(SCHEMA)
            marked = False
            try:
                with conn.transaction(lock=True):
                    claim = decide(conn)
                    if claim.claimed:
                        _mark(key)  # before the commit below makes the row ours
                        marked = True
            except BaseException:
                if marked:
                    _unmark(key)
                raise
            return claim

        def decide(conn: Conn) -> Claim:
            now = conn.dialect.now
            cur = conn.execute(
                "INSERT INTO tool_ledger (idempotency_key, thread_id, tool, args_hash, "
                "status, call_id, owner) VALUES (?, ?, ?, ?, 'in_progress', ?, ?) "
                "ON CONFLICT DO NOTHING",
                (key, thread_id, tool, args_hash, call_id, owner),
            )
            if cur.rowcount == 1:
                return Claim(claimed=True, status="in_progress", same_call=True, owner=owner)
            row = conn.execute(
                "SELECT * FROM tool_ledger WHERE idempotency_key = ?" + conn.dialect.for_update,
                (key,),
            ).fetchone()
            if row["args_hash"] != args_hash:
                return Claim(claimed=False, status=row["status"], conflict=True)
            if row["status"] != "failed":
                return _claim_of(key, row, call_id)
            conn.execute(
                "UPDATE tool_ledger SET status = 'in_progress', attempts = attempts + 1, "
                f"call_id = ?, owner = ?, updated_at = {now} WHERE idempotency_key = ?",
                (call_id, owner, key),
            )
            return Claim(
                claimed=True,
                status="in_progress",
                attempts=row["attempts"] + 1,
                same_call=True,
                owner=owner,
            )

        return await run_db(self.path, work)

    async def take_over(
        self, key: str, seen: Claim, *, call_id: str | None, resolution: Resolution
    ) -> bool:
        """Claim an orphaned or unknown row for a new attempt, if nobody changed it since `seen`.

        A compare-and-swap on status, attempts and owner: of two processes taking over the
        same orphan, exactly one wins and runs the effect.
        """
        owner = process_token()

        def work(conn: Conn) -> bool:
            conn.ensure(SCHEMA)
            _mark(key)  # before the update commits; unmarked below unless it won
            won = False
            try:
                won = swap(conn)
            finally:
                if not won:
                    _unmark(key)
            return won

        def swap(conn: Conn) -> bool:
            cur = conn.execute(
                "UPDATE tool_ledger SET status = 'in_progress', attempts = attempts + 1, "
                f"call_id = ?, owner = ?, resolution = ?, updated_at = {conn.dialect.now} "
                f"WHERE idempotency_key = ? AND status = ? AND attempts = ? "
                f"AND owner {conn.dialect.is_} ?",
                (call_id, owner, resolution, key, seen.status, seen.attempts, seen.owner),
            )
            return cur.rowcount == 1

        return await run_db(self.path, work)

    async def finish(
        self,
        key: str,
        status: LedgerStatus,
        receipt: dict[str, Any] | None,
        *,
        resolution: Resolution | None = None,
    ) -> None:
        """Record the outcome of a claimed effect (or of a reconcile)."""

        def work(conn: Conn) -> None:
            conn.ensure(SCHEMA)
            conn.execute(
                "UPDATE tool_ledger SET status = ?, receipt = ?, "
                f"resolution = COALESCE(?, resolution), updated_at = {conn.dialect.now} "
                "WHERE idempotency_key = ?",
                (
                    status,
                    json.dumps(receipt, default=str) if receipt is not None else None,
                    resolution,
                    key,
                ),
            )

        try:
            await run_db(self.path, work)
        finally:
            _unmark(key)

    async def get(self, key: str, *, call_id: str | None = None) -> Claim | None:
        """The row of `key` as a non-claiming Claim, or None when it was never claimed."""

        def work(conn: Conn) -> Claim | None:
            conn.ensure(SCHEMA)
            row = conn.execute(
                "SELECT * FROM tool_ledger WHERE idempotency_key = ?", (key,)
            ).fetchone()
            return None if row is None else _claim_of(key, row, call_id)

        return await run_db(self.path, work)

    async def rows(self, thread_id: str | None = None) -> list[dict[str, Any]]:
        """Ledger rows, oldest first, for `show` and for tests."""

        def work(conn: Conn) -> list[dict[str, Any]]:
            conn.ensure(SCHEMA)
            if thread_id is None:
                cur = conn.execute("SELECT * FROM tool_ledger ORDER BY created_at")
            else:
                cur = conn.execute(
                    "SELECT * FROM tool_ledger WHERE thread_id = ? ORDER BY created_at",
                    (thread_id,),
                )
            return list(rows_of(cur))

        return await run_db(self.path, work)


def hold_in_flight(key: str) -> None:
    """Keep `key` live in this process for work that outlives its attempt.

    A synchronous tool's thread cannot be stopped when its attempt times out or is
    cancelled; until it ends (then `forget_in_flight`), the row reads as claimed by a live
    owner, so no other attempt of this process takes it over and runs the effect twice.
    """
    _mark(key)


def forget_in_flight(key: str) -> None:
    """Drop a key from this process's in-flight set (an attempt abandoned without finishing)."""
    _unmark(key)
