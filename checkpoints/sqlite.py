"""The SQLite checkpointer, configured so a hard crash resumes at the node that was running.

Measured on this stack: with LangGraph's default `durability="async"` a SIGKILL re-ran
earlier nodes on resume; with `"sync"` every step's checkpoint is on disk before the next
step starts, and resume starts exactly at the interrupted node. WAL lets readers (the
`threads` and `show` commands, Studio) read while a run writes; `synchronous=FULL` makes a
committed checkpoint survive a power cut, not only a process crash; the busy timeout makes a
second process wait for the lock instead of failing with "database is locked".

`SqliteStorage` is the `Storage` (see `checkpoints/storage.py`) for a file path: the
checkpointer above (`checkpoints/saver.py`), and short-lived connections for the ledger,
threads and leases. The trace and the archives ride in the checkpointer's transactions when it
serves the run that writes them (`write_with_step`), else get a connection too.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.config import get_config

from checkpoints.db import (
    UNWRITABLE,
    busy_timeout_ms,
    check_db_path,
    connect,
    ensure_wal,
    translate,
)
from checkpoints.saver import SqliteCheckpointer, current_checkpointer, thread_of
from checkpoints.storage import Backend, Conn, Dialect, Schema, run_db
from tools.errors import AgentError

T = TypeVar("T")

DURABILITY: Literal["sync"] = "sync"
"""Pass as `durability=` on every invoke/stream of a graph compiled with this saver."""

Synchronous = Literal["FULL", "NORMAL", "OFF"]


@asynccontextmanager
async def open_checkpointer(
    path: str | Path, *, must_exist: bool = False, synchronous: Synchronous = "FULL"
) -> AsyncIterator[SqliteCheckpointer]:
    """The project's saver on `path`: LangGraph's SqliteSaver behind one writer thread.

    See `checkpoints/saver.py` for why not `AsyncSqliteSaver`. While the context is open,
    `current_checkpointer` names it, so nodes of the run it serves can add rows to its
    transactions (`write_with_step`).

    Args:
        path: The SQLite file; created unless `must_exist`.
        must_exist: Readers and resumers fail on a missing file instead of creating one.
        synchronous: FULL (default) fsyncs the WAL on every commit, so a checkpoint survives
            a power cut; NORMAL only survives a process crash. Only benchmarks change it.

    Raises:
        AgentError: The path is not a SQLite file, or cannot be created or written.
    """
    db = check_db_path(path, must_exist=must_exist)
    saver = await asyncio.to_thread(_open_saver, db, synchronous)
    token = current_checkpointer.set(saver)
    try:
        yield saver
    finally:
        current_checkpointer.reset(token)
        await asyncio.to_thread(saver.close)


def _open_saver(db: Path, synchronous: Synchronous) -> SqliteCheckpointer:
    timeout_ms = busy_timeout_ms()
    try:
        conn = sqlite3.connect(
            str(db), timeout=timeout_ms / 1000, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as exc:
        raise translate(exc, db) from None
    try:
        conn.execute(f"PRAGMA busy_timeout={timeout_ms}")
        ensure_wal(conn, timeout_ms)
        conn.execute(f"PRAGMA synchronous={synchronous}")
        saver = SqliteCheckpointer(conn, str(db))
    except sqlite3.Error as exc:
        conn.close()
        raise translate(exc, db) from None
    try:
        saver.setup()
    except sqlite3.Error as exc:
        saver.close()
        raise translate(exc, db) from None
    return saver


def owning_checkpointer(db: str, schema: Schema) -> SqliteCheckpointer | None:
    """The running graph's checkpointer when it owns `db` and `schema`'s tables exist.

    None (the caller then uses a connection of its own) when no checkpointer of this file
    serves the current run, or this process has not created the schema yet: creating a
    table would end the checkpointer's transaction.
    """
    saver = current_checkpointer.get()
    if saver is None or (db, schema.name) not in _ready:
        return None
    return saver if saver.path == str(Path(db)) else None  # the form `open_checkpointer` keeps


async def write_with_step(db: str, schema: Schema, work: Callable[[Conn], None]) -> None:
    """Store a node's rows as durably as its step.

    With the step's checkpoint when the run's checkpointer owns the file (not awaited: the
    step's own commit carries them), else in a transaction of their own, awaited.
    """
    saver = owning_checkpointer(db, schema)
    if saver is None:
        await run_db(db, work, relaxed=True)
        return
    saver.submit_side(lambda conn: work(SqliteConn(conn, db)), _running_thread())


def _running_thread() -> str | None:
    """The LangGraph thread of the node calling, so a failed side write fails only its run."""
    try:
        return thread_of(get_config())
    except RuntimeError:  # not inside a graph run
        return None


async def read_after_steps(db: str, schema: Schema, work: Callable[[Conn], T]) -> T:
    """Read what nodes wrote with `write_with_step`, including rows not yet committed.

    On the run's checkpointer thread when it owns the file, so rows queued there are seen;
    else on a connection of its own.
    """
    saver = owning_checkpointer(db, schema)
    if saver is None:
        return await run_db(db, work)
    return await saver.run(lambda conn: work(SqliteConn(conn, db)))


DIALECT = Dialect(
    name="sqlite",
    now="strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
    double="REAL",
    serial="",
    insertion_order="rowid",
    for_update="",
    is_="IS",
)

_ready: set[tuple[str, str]] = set()
"""(file, schema) pairs this process has created; a file deleted since is caught by retry."""


class SqliteConn:
    """A `checkpoints.storage.Conn` over one autocommit sqlite3 connection."""

    dialect = DIALECT

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        self.conn = conn
        self.path = path

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        """Run one statement; SQLite's placeholders are already `?`. Rows read by name."""
        cur = self.conn.cursor()
        cur.row_factory = sqlite3.Row
        return cur.execute(sql, tuple(params))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each parameter row."""
        self.conn.executemany(sql, rows)

    @contextmanager
    def transaction(self, *, lock: bool = False) -> Iterator[None]:
        """A transaction; with `lock`, `BEGIN IMMEDIATE`.

        A body that reads, decides and writes takes the file's write lock up front, so no
        other process can change what it read before it writes. Inside a transaction already
        (a side write joining the checkpointer's), a savepoint instead.
        """
        if self.conn.in_transaction:
            self.conn.execute("SAVEPOINT body")
            try:
                yield
            except BaseException:
                self.conn.execute("ROLLBACK TO body")
                self.conn.execute("RELEASE body")
                raise
            self.conn.execute("RELEASE body")
            return
        self.conn.execute("BEGIN IMMEDIATE" if lock else "BEGIN")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def ensure(self, schema: Schema) -> None:
        """Create the schema's tables once per process and file; add columns newer tables have."""
        key = (self.path, schema.name)
        if key in _ready:
            return
        self.conn.executescript(schema.render(DIALECT))
        for table, column, kind in schema.added_columns:
            have = {r["name"] for r in self.conn.execute(f"PRAGMA table_info({table})")}
            if column in have:
                continue
            try:
                self.conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
            except sqlite3.OperationalError as exc:
                if "duplicate column" not in str(exc):  # another process added it first
                    raise
        _ready.add(key)


class SqliteStorage:
    """One SQLite file: the embedded default, for one host and a handful of writers at once."""

    backend: Backend = "sqlite"
    errors: tuple[type[BaseException], ...] = (sqlite3.Error,)

    def __init__(self, path: str) -> None:
        self.path = path
        self.label = path

    def check(self, *, must_exist: bool = False) -> None:
        """The file can hold the database (and exists, when required)."""
        check_db_path(self.path, must_exist=must_exist)

    def exists(self) -> bool:
        """Whether the file exists: a reader of a missing file has nothing to read."""
        return Path(self.path).exists()

    def open_checkpointer(
        self, *, must_exist: bool = False
    ) -> AbstractAsyncContextManager[BaseCheckpointSaver[Any]]:
        """The project's `SqliteCheckpointer` (see `open_checkpointer`)."""
        return open_checkpointer(self.path, must_exist=must_exist)

    def run_sync(self, work: Callable[[Any], T], *, relaxed: bool = False) -> T:
        """Run `work` on a short-lived connection of its own.

        Not a connection cached for the life of the process: code elsewhere reads the
        database file's header with a plain `open()`, and closing that descriptor drops every
        POSIX lock this process holds on the file, so a long-lived connection could be
        checkpointed under and lose what it wrote (SQLite's "how to corrupt" guide, 2.2).
        A table missing although this process created it (the file was replaced) is created
        again and the work retried once.
        """
        try:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise AgentError(UNWRITABLE.format(path=self.path, error=exc.strerror)) from None
        conn = connect(self.path)
        try:
            if relaxed:
                # A trace commit survives a process crash without an fsync of its own; the
                # next checkpoint commit (synchronous=FULL) fsyncs the shared WAL with it.
                conn.execute("PRAGMA synchronous=NORMAL")
            try:
                return work(SqliteConn(conn, self.path))
            except sqlite3.OperationalError as exc:
                if "no such table" not in str(exc):
                    raise
                for key in [k for k in _ready if k[0] == self.path]:
                    _ready.discard(key)
                return work(SqliteConn(conn, self.path))
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from None
        finally:
            conn.close()

    def translate(self, exc: BaseException) -> AgentError:
        """A sqlite3 error as a one-line AgentError naming the file."""
        if isinstance(exc, sqlite3.Error):
            return translate(exc, self.path)
        return AgentError(f"database {self.path}: {exc}")
