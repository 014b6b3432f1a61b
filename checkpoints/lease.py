"""Per-thread leases: at most one process drives a thread at a time.

Two processes resuming the same thread would both replay the interrupted node. The ledger
already keeps its write to one execution, but the second process would still race the
first on checkpoints and answer the user with a half-finished state. A lease row in the same
database settles it: the first process inserts it, the second gets a clear one-line error
(or waits, when asked to). The row names its owner (host, pid and the pid's start time, so a
reused pid is not mistaken for it) and carries an expiry that a heartbeat keeps pushing
forward, so the lease of a process that was SIGKILLed never blocks a resume for long: a dead
owner on this host frees it at once, any other owner at expiry.
"""

from __future__ import annotations

import asyncio
import math
import os
import socket
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkpoints.storage import Conn, Row, Schema, rows_of, run_db
from tools.errors import AgentError, ConfigError

LEASE_TTL_ENV = "LOOPGUARD_LEASE_TTL"
"""Seconds a lease lives without a heartbeat; tests shorten it."""
DEFAULT_LEASE_TTL_S = 30.0
POLL_S = 0.1
"""How often a waiting process looks at the lease again."""

THREAD_BUSY = (
    "thread {tid!r} is being run by another process (pid {pid} on {host}, since {since}); "
    "wait for it, or retry with --wait SECONDS"
)
LEASE_LOST = (
    "thread {tid!r}: this process lost its lease (no heartbeat for {ttl:g}s), so it stopped; "
    "resume again with: python -m graph resume --thread-id {tid}"
)
BAD_TTL = LEASE_TTL_ENV + "={value!r}: expected a positive, finite number of seconds"
BAD_WAIT = "--wait {value:g}: expected a number of seconds, 0 or more"

SCHEMA = Schema(
    name="leases",
    ddl="""
CREATE TABLE IF NOT EXISTS thread_leases (
    thread_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    acquired_at {double} NOT NULL,
    expires_at {double} NOT NULL
);
""",
    tables=("thread_leases",),
)

HOST = socket.gethostname()


def start_time(pid: int) -> str | None:
    """When the process with `pid` started (clock ticks since boot), or None if unknown.

    Pids are reused (`pid_max` is often 32768), so "pid 123 is alive" alone could mistake a
    new process for a dead owner; the pair (pid, start time) names one process for good.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[-1].split()
    return fields[19] if len(fields) > 19 else None


def _token() -> str:
    pid = os.getpid()
    return f"{HOST}:{pid}:{start_time(pid) or uuid.uuid4().hex[:8]}"


PROCESS_TOKEN = _token()
"""This process's identity in lease and ledger rows: host, pid and the pid's start time."""


def lease_ttl_s() -> float:
    """The lease lifetime in force, read at call time.

    NaN would store a NULL expiry and infinity a lease no heartbeat ever has to renew (one
    a crashed owner on another host would hold for good), so both are refused.

    Raises:
        AgentError: The environment variable is not a positive, finite number.
    """
    raw = os.environ.get(LEASE_TTL_ENV)
    if raw is None or not raw.strip():
        return DEFAULT_LEASE_TTL_S
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if not (math.isfinite(value) and value > 0):
        raise AgentError(BAD_TTL.format(value=raw))
    return value


def check_wait(wait_s: float) -> float:
    """A `--wait` value: NaN would make the deadline never pass, a negative one is a typo.

    Infinity is accepted: wait for as long as the other process runs the thread.

    Raises:
        ConfigError: NaN or negative.
    """
    if math.isnan(wait_s) or wait_s < 0:
        raise ConfigError(BAD_WAIT.format(value=wait_s))
    return wait_s


def process_token() -> str:
    """This process's identity; recomputed after a fork, since the pid changed."""
    global PROCESS_TOKEN
    if PROCESS_TOKEN.split(":")[1] != str(os.getpid()):
        PROCESS_TOKEN = _token()
    return PROCESS_TOKEN


def pid_alive(pid: int) -> bool:
    """True when a process with this pid exists on this host and is not a zombie."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


def owner_gone(owner: str | None, *, expires_at: float | None = None) -> bool:
    """Whether the process named by an owner token can no longer be working.

    On this host the pid answers for certain (a SIGKILLed owner frees its rows at once). For
    another host only the expiry can tell, so without one the owner counts as alive.
    """
    if not owner:
        return True
    host, _, rest = owner.partition(":")
    pid_text, _, rest = rest.partition(":")
    started = rest.split(":", 1)[0]
    if host == HOST:
        if owner == process_token():
            return False
        if not (pid_text.isdigit() and pid_alive(int(pid_text))):
            return True
        # Alive, but is it the same process? A reused pid has another start time.
        return started.isdigit() and start_time(int(pid_text)) != started
    return expires_at is not None and expires_at < time.time()


@dataclass(frozen=True)
class LeaseHolder:
    """Who holds a thread's lease, for the busy message and for `threads`."""

    owner: str
    host: str
    pid: int
    acquired_at: float
    expires_at: float

    def live(self) -> bool:
        """True while the holder may still be working on the thread."""
        return self.expires_at >= time.time() and not owner_gone(
            self.owner, expires_at=self.expires_at
        )


def _holder(row: Row | None) -> LeaseHolder | None:
    if row is None:
        return None
    return LeaseHolder(
        owner=row["owner"],
        host=row["host"],
        pid=int(row["pid"]),
        acquired_at=float(row["acquired_at"]),
        expires_at=float(row["expires_at"]),
    )


class ThreadLeases:
    """The `thread_leases` table of one database (a SQLite file or a URL)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)

    async def try_acquire(self, thread_id: str, owner: str, ttl: float) -> LeaseHolder | None:
        """Take the lease unless a live owner holds it; returns that owner, or None on success."""

        def work(conn: Conn) -> LeaseHolder | None:
            conn.ensure(SCHEMA)
            now = time.time()
            mine = (owner, HOST, os.getpid(), now, now + ttl)
            with conn.transaction(lock=True):
                # The insert decides between two processes taking a free thread at once.
                cur = conn.execute(
                    "INSERT INTO thread_leases "
                    "(thread_id, owner, host, pid, acquired_at, expires_at) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (thread_id, *mine),
                )
                if cur.rowcount == 1:
                    return None
                row = conn.execute(
                    "SELECT * FROM thread_leases WHERE thread_id = ?" + conn.dialect.for_update,
                    (thread_id,),
                ).fetchone()
                holder = _holder(row)
                if holder is not None and holder.owner != owner and holder.live():
                    return holder
                conn.execute(
                    "UPDATE thread_leases SET owner = ?, host = ?, pid = ?, acquired_at = ?, "
                    "expires_at = ? WHERE thread_id = ?",
                    (*mine, thread_id),
                )
                return None

        return await run_db(self.path, work)

    async def renew(self, thread_id: str, owner: str, ttl: float) -> bool:
        """Push the expiry forward; False when the lease is no longer this owner's."""

        def work(conn: Conn) -> bool:
            conn.ensure(SCHEMA)
            cur = conn.execute(
                "UPDATE thread_leases SET expires_at = ? WHERE thread_id = ? AND owner = ?",
                (time.time() + ttl, thread_id, owner),
            )
            return cur.rowcount == 1

        return await run_db(self.path, work)

    async def release(self, thread_id: str, owner: str) -> None:
        """Drop the lease if this owner still holds it."""

        def work(conn: Conn) -> None:
            conn.ensure(SCHEMA)
            conn.execute(
                "DELETE FROM thread_leases WHERE thread_id = ? AND owner = ?", (thread_id, owner)
            )

        await run_db(self.path, work)

    async def holders(self) -> dict[str, LeaseHolder]:
        """Every lease row by thread id, live or stale."""

        def work(conn: Conn) -> dict[str, LeaseHolder]:
            conn.ensure(SCHEMA)
            rows = rows_of(conn.execute("SELECT * FROM thread_leases"))
            return {r["thread_id"]: h for r in rows if (h := _holder(r)) is not None}

        return await run_db(self.path, work)


@dataclass
class Lease:
    """A held lease; `waited` says whether another process had it first."""

    thread_id: str
    owner: str
    waited: bool


def _since(ts: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(ts))


@asynccontextmanager
async def thread_lease(
    path: str | Path, thread_id: str, *, wait_s: float = 0.0
) -> AsyncIterator[Lease]:
    """Hold `thread_id`'s lease for the body, with a heartbeat; release it on the way out.

    Args:
        path: The database: a SQLite file or a `postgresql://` URL.
        thread_id: The thread to drive.
        wait_s: How long to wait for a live owner to finish before giving up.

    Raises:
        AgentError: Another live process holds the lease past `wait_s`, or this process lost
            the lease while running (the body is cancelled then, so it stops writing), or
            the lease lifetime setting is unusable.
        ConfigError: `wait_s` is NaN or negative.
    """
    leases = ThreadLeases(path)
    ttl = lease_ttl_s()
    check_wait(wait_s)
    owner = f"{process_token()}:{uuid.uuid4().hex[:6]}"
    deadline = time.monotonic() + wait_s
    waited = False
    while (holder := await leases.try_acquire(thread_id, owner, ttl)) is not None:
        if time.monotonic() >= deadline:
            msg = THREAD_BUSY.format(
                tid=thread_id, pid=holder.pid, host=holder.host, since=_since(holder.acquired_at)
            )
            raise AgentError(msg)
        waited = True
        await asyncio.sleep(POLL_S)

    body = asyncio.current_task()
    lost = asyncio.Event()

    async def heartbeat() -> None:
        while True:
            await asyncio.sleep(ttl / 3)
            try:
                held = await leases.renew(thread_id, owner, ttl)
            except AgentError:
                continue  # the file is busy right now: try again at the next beat
            if not held:
                lost.set()
                if body is not None:
                    body.cancel()
                return

    beat = asyncio.create_task(heartbeat())
    try:
        yield Lease(thread_id, owner, waited)
    except asyncio.CancelledError:
        if lost.is_set() and body is not None:
            body.uncancel()  # the cancel was ours, not the caller's: report it as an error
            raise AgentError(LEASE_LOST.format(tid=thread_id, ttl=ttl)) from None
        raise
    finally:
        beat.cancel()
        await asyncio.gather(beat, return_exceptions=True)
        await leases.release(thread_id, owner)


def describe(holder: LeaseHolder | None) -> dict[str, Any] | None:
    """A live holder as plain data for `threads --json`; None when nobody runs the thread."""
    if holder is None or not holder.live():
        return None
    return {"pid": holder.pid, "host": holder.host, "since": _since(holder.acquired_at)}
