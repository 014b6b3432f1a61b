"""Storage by URL: one setting picks where checkpoints, ledger, trace, threads and leases live.

`--db` (the CLI), `Context.db` and `LOOPGUARD_DB` (Studio) take either a SQLite path, the
embedded default, or a `postgresql://` URL. `storage_for(db)` turns that one string into a
`Storage`: the checkpointer that LangGraph writes through, and a small SQL runner the ledger,
the threads index, the leases and the trace use. The modules above it write their SQL once,
with `?` placeholders and the fragments `Dialect` names (a timestamp default, a float column,
an insertion-order column, row locks); each implementation keeps what differs to itself:
placeholders, `BEGIN IMMEDIATE` versus `SELECT ... FOR UPDATE`, connections and error text.

SQLite (`checkpoints/sqlite.py`) is one file on one host: WAL, a busy timeout, one writer at a
time. PostgreSQL (`checkpoints/postgres.py`) is a server: many hosts, row locks, no file lock.
The PostgreSQL driver is imported only when a URL asks for it.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar
from urllib.parse import urlsplit

from langgraph.checkpoint.base import BaseCheckpointSaver

from tools.errors import AgentError

T = TypeVar("T")
Backend = Literal["sqlite", "postgres"]
DB_ENV = "LOOPGUARD_DB"
"""The database when `--db` is not given (CLI) and Studio's: a SQLite path or a URL."""
URL_SCHEMES = ("postgresql://", "postgres://")
"""What makes a `--db` value a server URL rather than a file path."""
Row = Mapping[str, Any]

BAD_PORT = "port {port} is out of range 1-65535"
BAD_URL = (
    "database {label}: not a usable PostgreSQL URL ({why}); expected "
    "postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
)
_PASSWORD = re.compile(r"(://[^/@:]*:)[^/]*@")


@dataclass(frozen=True)
class Dialect:
    """The SQL fragments that differ between the backends, named once.

    Attributes:
        name: The backend.
        now: An expression for the current UTC time as ISO 8601 text with milliseconds.
        double: A double-precision float column type (SQLite's REAL is one; PostgreSQL's is
            four bytes, too coarse for epoch seconds).
        serial: A column definition (with trailing comma) that numbers rows in insertion
            order, or "" where the engine has one built in (SQLite's rowid).
        insertion_order: The column to `ORDER BY` for insertion order.
        for_update: Appended to a SELECT inside a locking transaction; SQLite locks the whole
            file at `BEGIN IMMEDIATE` instead.
        is_: Null-safe equality (`a IS b` in SQLite).
    """

    name: Backend
    now: str
    double: str
    serial: str
    insertion_order: str
    for_update: str
    is_: str


@dataclass(frozen=True)
class Schema:
    """One module's tables: DDL with `{now}`, `{double}` and `{serial}` holes, and migrations.

    Attributes:
        name: A key for "already created in this database by this process".
        ddl: `CREATE ... IF NOT EXISTS` statements, `;`-separated.
        tables: The tables `ddl` creates; when they all exist the DDL is skipped.
        added_columns: (table, column, type) added after the table's first release; older
            databases gain them in place.
    """

    name: str
    ddl: str
    tables: tuple[str, ...]
    added_columns: tuple[tuple[str, str, str], ...] = ()

    def render(self, dialect: Dialect) -> str:
        """The DDL for one dialect."""
        return self.ddl.format(now=dialect.now, double=dialect.double, serial=dialect.serial)


class Cursor(Protocol):
    """What a statement returns: the DB-API subset the modules use."""

    @property
    def rowcount(self) -> int:
        """Rows the last INSERT, UPDATE or DELETE changed."""
        ...

    def fetchone(self) -> Any:
        """The next row (a mapping by column name), or None."""
        ...

    def fetchall(self) -> Sequence[Any]:
        """The remaining rows."""
        ...


class Conn(Protocol):
    """One connection, used by one worker thread for one unit of work."""

    dialect: Dialect

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement written with `?` placeholders."""
        ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each parameter row."""
        ...

    def transaction(self, *, lock: bool = False) -> AbstractContextManager[None]:
        """A transaction committed on exit and rolled back on any exception.

        Args:
            lock: The transaction reads, decides and writes: SQLite takes the write lock at
                its start (`BEGIN IMMEDIATE`); PostgreSQL relies on the caller's
                `SELECT ... {dialect.for_update}` and the unique constraints.
        """
        ...

    def ensure(self, schema: Schema) -> None:
        """Create `schema`'s tables (and added columns) unless this process already did."""
        ...


class Storage(Protocol):
    """Where a deployment keeps checkpoints and the records beside them."""

    backend: Backend
    label: str
    """How messages name the database: the path, or the URL without its password."""
    errors: tuple[type[BaseException], ...]
    """The driver's exception types, for `translate`."""

    def check(self, *, must_exist: bool = False) -> None:
        """Fail early, in one line, when the database cannot be used (blocking).

        Raises:
            AgentError: Missing (when required), unreachable, not a database, not writable.
        """
        ...

    def exists(self) -> bool:
        """False only when there is certainly nothing to read (a SQLite file not created)."""
        ...

    def open_checkpointer(
        self, *, must_exist: bool = False
    ) -> AbstractAsyncContextManager[BaseCheckpointSaver[Any]]:
        """LangGraph's async saver for this database, set up and ready."""
        ...

    def run_sync(self, work: Callable[[Conn], T], *, relaxed: bool = False) -> T:
        """Run `work` on a connection of its own, translating driver errors (blocking).

        Args:
            work: The unit of work; it opens its own transactions.
            relaxed: The writes may skip their own flush to disk (trace rows): the next
                checkpoint's durable commit flushes them too.
        """
        ...

    def translate(self, exc: BaseException) -> AgentError:
        """A driver error as a one-line, actionable AgentError."""
        ...


def is_url(db: str) -> bool:
    """True when `db` names a PostgreSQL server rather than a SQLite file."""
    return db.strip().lower().startswith(URL_SCHEMES)


def check_url(db: str) -> None:
    """Reject a server URL whose host part cannot be parsed, before any driver sees it.

    Python's URL parser raises on a port above 65535 or a broken IPv6 literal, and libpq
    reports port 0 as a connection failure; all are typos in `--db`, said as such.

    Raises:
        AgentError: Naming the URL (password masked) and what is wrong with it.
    """
    try:
        port = urlsplit(db.strip()).port
    except ValueError as exc:
        why = str(exc)
        if "out of range" in why:
            port_text = db.strip().split("@")[-1].split("/")[0].rsplit(":", 1)[-1]
            why = BAD_PORT.format(port=port_text)
    else:
        if port is None or 0 < port < 65536:
            return
        why = BAD_PORT.format(port=port)
    label = _PASSWORD.sub(r"\1***@", db.strip())
    raise AgentError(BAD_URL.format(label=label, why=why))


_storages: dict[str, Storage] = {}
_storages_lock = threading.Lock()


def storage_for(db: str) -> Storage:
    """The storage a `--db` value names; one object per value and process (it pools).

    Raises:
        AgentError: A server URL that cannot be parsed (`check_url`).
    """
    with _storages_lock:  # worker threads ask too: two objects would pool apart
        found = _storages.get(db)
        if found is not None:
            return found
        made: Storage
        if is_url(db):
            check_url(db)
            from checkpoints.postgres import PostgresStorage

            made = PostgresStorage(db)
        else:
            from checkpoints.sqlite import SqliteStorage

            made = SqliteStorage(db)
        _storages[db] = made
        return made


def release(db: str | None = None) -> None:
    """Close pooled connections (of one database, or all) and forget the storage objects.

    Tests call this before dropping a database; a long-lived process need not.
    """
    with _storages_lock:
        keys = list(_storages) if db is None else [db]
        gone = [_storages.pop(key, None) for key in keys]
    for found in gone:
        close = getattr(found, "close", None)
        if close is not None:
            close()


async def run_db(db: str, work: Callable[[Conn], T], *, relaxed: bool = False) -> T:
    """Run blocking database work on a worker thread, with a connection of its own."""
    storage = storage_for(db)
    return await asyncio.to_thread(storage.run_sync, work, relaxed=relaxed)


def open_checkpointer(
    db: str, *, must_exist: bool = False
) -> AbstractAsyncContextManager[BaseCheckpointSaver[Any]]:
    """LangGraph's async saver for `db`, a SQLite path or a `postgresql://` URL."""
    return storage_for(db).open_checkpointer(must_exist=must_exist)


def rows_of(cursor: Cursor) -> Iterator[dict[str, Any]]:
    """A cursor's remaining rows as plain dicts, whatever the driver's row type."""
    for row in cursor.fetchall():
        yield dict(row)
