"""The trace: every guard verdict and every execution, as rows in the checkpoint database.

Checkpoints say where a thread is; the trace says how it got there, one row per decision, in
a table that outlives state compaction and exports as JSON lines. Rows are written in one
batch per node, one connection and one transaction per batch, so a round costs two small
commits, not one per call. Each row has a deterministic key: a node that re-runs after a crash
or an interrupt writes the same keys again and the table keeps the first.

The same module keeps the message archive: tool traffic that `state_update` windows out of
the checkpointed state (see `nodes/state_update.py`) is appended here first, so `show` can
still print a thread's full history while each checkpoint stays the same size.

Nothing happens at import time; the first use of a database creates the tables. The same
SQL runs on SQLite and PostgreSQL (`checkpoints/storage.py`).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, TypedDict

from langchain_core.messages import (
    BaseMessage,
    HumanMessage,
    message_to_dict,
    messages_from_dict,
)

from checkpoints.sqlite import read_after_steps, write_with_step
from checkpoints.storage import Conn, Row, Schema, storage_for

RowKind = Literal["verdict", "execution", "end"]

SCHEMA = Schema(
    name="trace",
    ddl="""
CREATE TABLE IF NOT EXISTS trace (
    {serial}
    row_key TEXT PRIMARY KEY,
    trace_id TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    task_seq INTEGER NOT NULL,
    round INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('verdict', 'execution', 'end')),
    node TEXT NOT NULL,
    intent TEXT,
    offered_tools TEXT NOT NULL,
    offered_count INTEGER NOT NULL,
    tool TEXT,
    args_hash TEXT,
    verdict TEXT,
    reason TEXT,
    outcome TEXT,
    error_type TEXT,
    executed INTEGER,
    attempts INTEGER,
    repeat TEXT,
    checklist TEXT NOT NULL,
    stop_reason TEXT,
    latency_ms {double},
    tokens INTEGER,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS trace_thread ON trace (thread_id, task_seq);
CREATE TABLE IF NOT EXISTS fingerprint_archive (
    thread_id TEXT NOT NULL,
    task_seq INTEGER NOT NULL,
    fingerprint TEXT NOT NULL,
    stats TEXT NOT NULL,
    PRIMARY KEY (thread_id, task_seq, fingerprint)
);
CREATE TABLE IF NOT EXISTS message_archive (
    {serial}
    thread_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    task_seq INTEGER NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (thread_id, message_id)
);
""",
    tables=("trace", "fingerprint_archive", "message_archive"),
)

COLUMNS: tuple[str, ...] = (
    "row_key",
    "trace_id",
    "thread_id",
    "task_seq",
    "round",
    "kind",
    "node",
    "intent",
    "offered_tools",
    "offered_count",
    "tool",
    "args_hash",
    "verdict",
    "reason",
    "outcome",
    "error_type",
    "executed",
    "attempts",
    "repeat",
    "checklist",
    "stop_reason",
    "latency_ms",
    "tokens",
    "at",
)
_INSERT = (
    f"INSERT INTO trace ({', '.join(COLUMNS)}) VALUES ({', '.join('?' for _ in COLUMNS)}) "
    "ON CONFLICT DO NOTHING"
)
_JSON_COLUMNS = ("offered_tools", "checklist")


class TraceRow(TypedDict, total=False):
    """One row as nodes build it and `rows()` returns it (JSON columns decoded)."""

    trace_id: str
    thread_id: str
    task_seq: int
    round: int
    kind: RowKind
    node: str
    intent: str | None
    offered_tools: list[str]
    offered_count: int
    tool: str | None
    args_hash: str | None
    verdict: str | None
    """guard: run, cached, feedback, blocked, stopped or skipped; human: approved, edited."""
    reason: str | None
    outcome: str | None
    """"ok", an error type, or "not_run"."""
    error_type: str | None
    executed: bool | None
    attempts: int | None
    repeat: str | None
    """execution of a call that ran before: "retry" (after a failure), "poll" (the job was
    still pending), "reread" (a read after a write), "repeat" (none of these: a loop the guard
    let through, which the regression set asserts never happens); None for a first run."""
    checklist: dict[str, bool]
    """The checklist right after this row's decision or execution."""
    stop_reason: str | None
    latency_ms: float | None
    """execution: the tool's wall time; end: seconds the task spent in model and tools."""
    tokens: int | None
    """verdict: the proposing model turn's tokens, on its first call only (sums stay
    right); end: the task's total."""


def now_iso() -> str:
    """UTC timestamp with milliseconds, the format the other tables use."""
    t = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"


def _row_values(row: Mapping[str, Any], key: str, at: str) -> tuple[Any, ...]:
    values: list[Any] = []
    for col in COLUMNS:
        if col == "row_key":
            values.append(key)
        elif col == "at":
            values.append(at)
        elif col in _JSON_COLUMNS:
            values.append(json.dumps(row.get(col) or ([] if col == "offered_tools" else {})))
        elif col == "executed":
            executed = row.get("executed")
            values.append(None if executed is None else int(bool(executed)))
        else:
            values.append(row.get(col))
    return tuple(values)


def row_key(row: Mapping[str, Any], index: int, call_id: str = "") -> str:
    """Deterministic key: a node replayed after a crash rewrites the same keys.

    With a call id the key ignores `index`, so two nodes writing the row for the same call
    (the guard on a stop, `state_update` after a run) produce one row.
    """
    which = call_id or f"#{index}"
    return f"{row['trace_id']}|{row['kind']}|{row.get('round', 0)}|{which}"


async def record(db: str, rows: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
    """Write one node's rows (key, row) in one transaction on a worker thread."""
    if not rows:
        return
    at = now_iso()
    values = [_row_values(row, key, at) for key, row in rows]

    def work(conn: Conn) -> None:
        conn.ensure(SCHEMA)
        with conn.transaction():
            conn.executemany(_INSERT, values)

    await write_with_step(str(db), SCHEMA, work)


def _decode(r: Row) -> dict[str, Any]:
    out = dict(r)
    out.pop("row_key", None)
    out.pop("seq", None)
    for col in _JSON_COLUMNS:
        out[col] = json.loads(out[col])
    if out["executed"] is not None:
        out["executed"] = bool(out["executed"])
    return out


def read_rows(db: str, thread_id: str | None = None) -> list[dict[str, Any]]:
    """Trace rows in write order, for one thread or all; blocking (CLI and tests)."""
    storage = storage_for(str(db))
    if not storage.exists():
        return []

    def work(conn: Conn) -> list[dict[str, Any]]:
        conn.ensure(SCHEMA)
        order = conn.dialect.insertion_order
        if thread_id is None:
            cur = conn.execute(f"SELECT * FROM trace ORDER BY {order}")
        else:
            cur = conn.execute(
                f"SELECT * FROM trace WHERE thread_id = ? ORDER BY {order}", (thread_id,)
            )
        return [_decode(r) for r in cur.fetchall()]

    rows: list[dict[str, Any]] = storage.run_sync(work)
    return rows


async def rows(db: str, thread_id: str | None = None) -> list[dict[str, Any]]:
    """`read_rows` off the event loop."""
    return await asyncio.to_thread(read_rows, db, thread_id)


def to_jsonl(trace_rows: Iterable[Mapping[str, Any]]) -> str:
    """The rows as JSON lines, one object per line, keys in column order."""
    return "".join(json.dumps(dict(r), ensure_ascii=False) + "\n" for r in trace_rows)


# --- message archive ------------------------------------------------------------------------


async def archive_messages(
    db: str, thread_id: str, task_seqs: Sequence[int], messages: Sequence[BaseMessage]
) -> None:
    """Append messages about to leave the checkpointed state; a replay re-appends nothing."""
    if not messages:
        return
    values = [
        (
            thread_id,
            str(m.id),
            seq,
            json.dumps(message_to_dict(m), ensure_ascii=False, default=str),
        )
        for seq, m in zip(task_seqs, messages, strict=True)
    ]

    def work(conn: Conn) -> None:
        conn.ensure(SCHEMA)
        with conn.transaction():
            conn.executemany(
                "INSERT INTO message_archive (thread_id, message_id, task_seq, message)"
                " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                values,
            )

    await write_with_step(str(db), SCHEMA, work)


def read_archive(db: str, thread_id: str) -> list[tuple[int, BaseMessage]]:
    """A thread's archived messages with their task numbers, oldest first; blocking."""
    storage = storage_for(str(db))
    if not storage.exists():
        return []

    def work(conn: Conn) -> list[tuple[int, str]]:
        conn.ensure(SCHEMA)
        cur = conn.execute(
            "SELECT task_seq, message FROM message_archive WHERE thread_id = ? "
            f"ORDER BY {conn.dialect.insertion_order}",
            (thread_id,),
        )
        return [(int(r["task_seq"]), str(r["message"])) for r in cur.fetchall()]

    rows: list[tuple[int, str]] = storage.run_sync(work)
    messages = messages_from_dict([json.loads(payload) for _, payload in rows])
    return [(seq, m) for (seq, _), m in zip(rows, messages, strict=True)]


async def full_history(
    db: str, thread_id: str, in_state: Sequence[BaseMessage]
) -> list[BaseMessage]:
    """The thread as it happened: archived tool turns put back after their task's request.

    Requests stay in state (compaction only moves tool traffic, oldest first), so task N's
    archived messages belong right after the N-th human message, before what state kept.
    """
    archived = await asyncio.to_thread(read_archive, db, thread_id)
    if not archived:
        return list(in_state)
    kept = {m.id for m in in_state}
    by_task: dict[int, list[BaseMessage]] = {}
    for seq, m in archived:
        if m.id not in kept:
            by_task.setdefault(seq, []).append(m)
    out: list[BaseMessage] = list(by_task.pop(0, []))
    task = 0
    for m in in_state:
        out.append(m)
        if isinstance(m, HumanMessage):
            task += 1
            out.extend(by_task.pop(task, []))
    for seq in sorted(by_task):  # a task whose request is gone from state: keep it, at the end
        out.extend(by_task[seq])
    return out


# --- fingerprint archive --------------------------------------------------------------------


async def archive_fingerprints(
    db: str, thread_id: str, task_seq: int, entries: Mapping[str, Mapping[str, Any]]
) -> None:
    """Store per-call counters leaving state; the latest version of each call wins."""
    if not entries:
        return
    values = [
        (thread_id, task_seq, fp, json.dumps(dict(stats), default=str))
        for fp, stats in entries.items()
    ]

    def work(conn: Conn) -> None:
        conn.ensure(SCHEMA)
        with conn.transaction():
            conn.executemany(
                "INSERT INTO fingerprint_archive (thread_id, task_seq, fingerprint, stats) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (thread_id, task_seq, fingerprint) "
                "DO UPDATE SET stats = excluded.stats",
                values,
            )

    await write_with_step(str(db), SCHEMA, work)


async def archived_fingerprints(db: str, thread_id: str, task_seq: int) -> dict[str, Any]:
    """A task's archived per-call counters, by fingerprint."""

    def work(conn: Conn) -> dict[str, Any]:
        conn.ensure(SCHEMA)
        cur = conn.execute(
            "SELECT fingerprint, stats FROM fingerprint_archive WHERE thread_id = ? "
            "AND task_seq = ?",
            (thread_id, task_seq),
        )
        return {str(r["fingerprint"]): json.loads(r["stats"]) for r in cur.fetchall()}

    found: dict[str, Any] = await read_after_steps(str(db), SCHEMA, work)
    return found
