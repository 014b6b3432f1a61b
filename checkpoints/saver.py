"""`SqliteCheckpointer`: LangGraph's SqliteSaver driven from one writer thread, with group commit.

Why not `AsyncSqliteSaver`: it sends every statement through aiosqlite as its own round trip
to a worker thread (execute, commit, cursor close), and commits a step's writes and its
checkpoint separately. Measured with no-op nodes (`python -m graph bench`, floor rows), that
is most of what a checkpointed super-step costs. This saver keeps the library's schema, SQL
and serialisation (it *is* a `SqliteSaver`: reads and writes go through its `get_tuple`,
`list`, `put`, `put_writes`), and changes only how they reach the database:

- One job per call: each async method is one hand-off to the writer thread, not three or four.
- Group commit: jobs already queued when the writer wakes run in one transaction. A job that
  is usually followed at once (a task's writes, then the step's checkpoint) waits up to
  `LINGER_S` for company. Every caller is answered only after the commit that holds its
  rows, so `durability="sync"` means exactly what it meant: a step's checkpoint is on disk
  before the next step starts.
- Side writes (`submit_side`): rows a node wants stored atomically with its step (the trace)
  join the next transaction instead of paying for one of their own. They are committed no
  later than the checkpoint of the step that wrote them; a crash before that loses both, and
  the node, re-run on resume, writes them again under the same keys.

A failed job fails only its caller (a side write runs in a savepoint of its own). A failed
side write also fails every later write of its LangGraph thread until the thread's
checkpoint is next read (its next run or resume): the step that wrote it is not
checkpointed, as if the process had died there, and is re-run on resume, writing its rows
again. Other threads sharing the saver are not affected. The sync
methods keep working from any thread, serialised by the saver's lock, as in `SqliteSaver`.

Beyond `SqliteSaver`, it has what the LangGraph server asks a custom checkpointer for
(`checkpoints/studio.py`): deleting the checkpoints of given runs, pruning threads to their
latest checkpoint, and copying a thread, each one statement per table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
)
from langgraph.checkpoint.sqlite import SqliteSaver

T = TypeVar("T")

LINGER_S = 0.002
"""How long a task's writes wait for the step's checkpoint to share their commit. LangGraph
submits the checkpoint a fraction of a millisecond after the writes; nothing awaits the
writes alone except the end of a run, so the wait is invisible when the checkpoint comes."""
MAX_BATCH = 64
"""Jobs per transaction at most: a burst from many threads still commits in bounded time."""

Kind = Literal["read", "write", "side"]
CLOSED = "database {path}: the checkpointer was closed; open it again with open_checkpointer"
PRUNE_STRATEGIES = ("keep_latest", "delete")
PRUNE_ONE_STRING = "thread_ids must be a sequence of thread ids, not one string"
PRUNE_STRATEGY = "unknown prune strategy {strategy!r}; expected 'keep_latest' or 'delete'"
PRUNE_DELTA = "keep_latest cannot prune threads that use a DeltaChannel: {threads}"
_OF_RUNS = "json_extract(CAST(metadata AS TEXT), '$.run_id') IN (SELECT value FROM json_each(?))"
"""Rows saved by one of the runs in a JSON array parameter (the run id is in the metadata)."""
_OF_THREADS = "thread_id IN (SELECT value FROM json_each(?))"
"""Rows of one of the threads in a JSON array parameter: one statement for any number."""


@dataclass
class _Job:
    fn: Callable[[], Any]
    kind: Kind
    future: Future[Any] = field(default_factory=Future)
    linger: bool = False
    thread_id: str | None = None
    starts_thread: bool = False
    """A read of the thread's checkpoint: where a run or resume starts, so a failed side
    write of the thread stops failing its writes."""


_STOP = object()

current_checkpointer: ContextVar[SqliteCheckpointer | None] = ContextVar(
    "loopguard_sqlite_checkpointer", default=None
)
"""The checkpointer the running graph was opened with (`open_checkpointer` sets it), so a
node's side writes go to the same writer thread, in order with its checkpoints."""


class SqliteCheckpointer(SqliteSaver):
    """A SqliteSaver whose async methods run on one writer thread with group commit.

    Args:
        conn: A connection opened with `check_same_thread=False` and `isolation_level=None`
            (the writer thread opens and commits its transactions itself).
        path: The file, to match side writes with the saver that owns it.
    """

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        super().__init__(conn)
        self.path = path
        self._queue: queue.SimpleQueue[_Job | object] = queue.SimpleQueue()
        self._side_errors: dict[str | None, BaseException] = {}
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name="sqlite-checkpointer", daemon=True)
        self._thread.start()

    # --- the writer thread ------------------------------------------------------------------

    @contextlib.contextmanager
    def cursor(self, transaction: bool = True) -> Iterator[sqlite3.Cursor]:
        """On the writer thread, a bare cursor inside its batch; elsewhere the library's."""
        if threading.current_thread() is not self._thread:
            with super().cursor(transaction) as cur:
                yield cur
            return
        cur = self.conn.cursor()
        try:
            yield cur
        finally:
            cur.close()

    def _serve(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            assert isinstance(first, _Job)
            batch = [first]
            stop = self._gather(batch)
            # A caller that gave up (a cancelled run) no longer wants its job done.
            live = [job for job in batch if job.future.set_running_or_notify_cancel()]
            try:
                self._run_batch(live)
            except BaseException as exc:  # never let the writer thread die with callers waiting
                for job in live:
                    if not job.future.done():
                        job.future.set_exception(exc)
            if stop:
                return

    def _gather(self, batch: list[_Job]) -> bool:
        """Add what is queued (and, after a lingering job, what comes soon); True on stop."""
        while len(batch) < MAX_BATCH:
            try:
                nxt = (
                    self._queue.get(timeout=LINGER_S)
                    if batch[-1].linger
                    else self._queue.get_nowait()
                )
            except queue.Empty:
                return False
            if nxt is _STOP:
                return True
            assert isinstance(nxt, _Job)
            batch.append(nxt)
        return False

    def _run_batch(self, batch: Sequence[_Job]) -> None:
        if not batch:
            return
        results: list[tuple[_Job, Any, BaseException | None]] = []
        writes = any(job.kind != "read" for job in batch)
        with self.lock:
            try:
                self.conn.execute("BEGIN IMMEDIATE" if writes else "BEGIN")
            except sqlite3.Error as exc:
                for job in batch:
                    job.future.set_exception(exc)
                return
            for job in batch:
                if (lost := self._lost_side_write(job)) is not None:
                    results.append((job, None, lost))
                    continue
                # A side write runs in a savepoint: its failure must not undo a checkpoint.
                # LangGraph's own statements need none; a failed one leaves nothing behind.
                if job.kind == "side":
                    self.conn.execute("SAVEPOINT side")
                try:
                    value = job.fn()
                except Exception as exc:  # the job's failure is its caller's
                    if job.kind == "side":
                        self.conn.execute("ROLLBACK TO side")
                        self.conn.execute("RELEASE side")
                        self._side_errors.setdefault(job.thread_id, exc)
                    results.append((job, None, exc))
                else:
                    if job.kind == "side":
                        self.conn.execute("RELEASE side")
                    results.append((job, value, None))
            try:
                self.conn.execute("COMMIT")
            except sqlite3.Error as exc:
                with contextlib.suppress(sqlite3.Error):
                    self.conn.execute("ROLLBACK")
                results = [(job, None, exc) for job, _, _ in results]
        for job, value, error in results:
            if error is None:
                job.future.set_result(value)
            else:
                job.future.set_exception(error)

    def _lost_side_write(self, job: _Job) -> BaseException | None:
        """On the writer thread: the failed side write that must fail this job, if any."""
        if job.starts_thread:
            self._side_errors.pop(job.thread_id, None)
        if job.kind != "write":
            return None
        if job.thread_id is not None and job.thread_id in self._side_errors:
            return self._side_errors[job.thread_id]  # until the thread starts again
        return self._side_errors.pop(None, None)  # no known thread: the next write, once

    async def _call(
        self,
        fn: Callable[[], T],
        kind: Kind,
        *,
        linger: bool = False,
        thread_id: str | None = None,
        starts_thread: bool = False,
    ) -> T:
        if self._closed:
            raise sqlite3.ProgrammingError(CLOSED.format(path=self.path))
        job = _Job(fn, kind, linger=linger, thread_id=thread_id, starts_thread=starts_thread)
        self._queue.put(job)
        result: T = await asyncio.wrap_future(job.future)
        return result

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run a read on the writer thread, after every write queued before it."""
        return await self._call(lambda: fn(self.conn), "read")

    def submit_side(
        self, work: Callable[[sqlite3.Connection], None], thread_id: str | None = None
    ) -> Future[None]:
        """Queue rows to commit with the next checkpoint write; do not wait for them.

        A failure fails the later writes of `thread_id` until its next run (see the module
        docstring), or the next write of any thread when None, so a step whose rows were
        not stored is never checkpointed.
        """
        if self._closed:
            raise sqlite3.ProgrammingError(CLOSED.format(path=self.path))
        job = _Job(lambda: work(self.conn), "side", linger=True, thread_id=thread_id)
        self._queue.put(job)
        return job.future

    def close(self) -> None:
        """Commit what is queued, stop the writer thread, close the connection."""
        self._closed = True
        if self._thread.is_alive():
            self._queue.put(_STOP)
            self._thread.join()
        self.conn.close()

    # --- the async API LangGraph calls ---------------------------------------------------------

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        """`get_tuple` on the writer thread (it sees every write queued before it)."""
        return await self._call(
            lambda: self.get_tuple(config), "read", thread_id=thread_of(config), starts_thread=True
        )

    async def alist(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[CheckpointTuple]:
        """`list`, read whole on the writer thread, then yielded."""
        found = await self._call(
            lambda: list(self.list(config, filter=filter, before=before, limit=limit)), "read"
        )
        for item in found:
            yield item

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        """`put`, answered after the commit that holds it."""
        return await self._call(
            lambda: self.put(config, checkpoint, metadata, new_versions),
            "write",
            thread_id=thread_of(config),
        )

    async def aput_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        """`put_writes`, lingering for the step's checkpoint to share its commit."""
        await self._call(
            lambda: self.put_writes(config, writes, task_id, task_path),
            "write",
            linger=True,
            thread_id=thread_of(config),
        )

    async def adelete_thread(self, thread_id: str) -> None:
        """`delete_thread` on the writer thread."""
        await self._call(lambda: self.delete_thread(thread_id), "write", thread_id=thread_id)

    def delete_for_runs(self, run_ids: Sequence[str]) -> None:
        """Delete the checkpoints the given runs saved, and the writes stored on them.

        The LangGraph server calls this to roll back a cancelled run
        (`multitask_strategy="rollback"`) and to delete a run: afterwards the thread's
        latest checkpoint is the one before the run. A run's id is in the metadata of each
        checkpoint it saved. Writes a resumed run stored on the checkpoint it started from
        (its resume value, tasks it finished) carry no run id and are kept, as LangGraph's
        in-memory server keeps them. The exactly-once ledger is never touched: a write a
        rolled-back run made stays recorded, so a later run cannot repeat it.
        """
        ids = json.dumps([str(run_id) for run_id in run_ids])
        with self.cursor() as cur:
            cur.execute(
                "DELETE FROM writes WHERE (thread_id, checkpoint_ns, checkpoint_id) IN (SELECT "
                f"thread_id, checkpoint_ns, checkpoint_id FROM checkpoints WHERE {_OF_RUNS})",
                (ids,),
            )
            cur.execute(f"DELETE FROM checkpoints WHERE {_OF_RUNS}", (ids,))

    def prune(self, thread_ids: Sequence[str], *, strategy: str = "keep_latest") -> None:
        """Drop the history of threads: all of it, or all but the latest checkpoint.

        `"keep_latest"` keeps each namespace's latest checkpoint (the one a resume starts
        from) with its pending writes, so an interrupted thread still resumes; the kept
        checkpoint is left with no parent, and `get_state_history` starts there. Threads
        whose graph uses a `DeltaChannel` are refused, since its value is rebuilt from older
        checkpoints (the project's graph uses none). `"delete"` removes every checkpoint
        and write of the threads. Either way the ledger, the trace and the message archive
        stay: `show` still has the whole history, and no write can be repeated.

        Raises:
            TypeError: `thread_ids` is a single string.
            ValueError: Unknown strategy.
            NotImplementedError: `"keep_latest"` on a thread that uses a `DeltaChannel`.
        """
        if isinstance(thread_ids, str):
            raise TypeError(PRUNE_ONE_STRING)
        if strategy not in PRUNE_STRATEGIES:
            raise ValueError(PRUNE_STRATEGY.format(strategy=strategy))
        ids = json.dumps([str(thread_id) for thread_id in thread_ids])
        with self.cursor() as cur:
            if strategy == "delete":
                for table in ("writes", "checkpoints"):
                    cur.execute(f"DELETE FROM {table} WHERE {_OF_THREADS}", (ids,))
                return
            delta = cur.execute(
                f"SELECT DISTINCT thread_id FROM checkpoints WHERE {_OF_THREADS} AND "
                "json_extract(CAST(metadata AS TEXT), '$.counters_since_delta_snapshot') "
                "IS NOT NULL ORDER BY thread_id",
                (ids,),
            ).fetchall()
            if delta:
                names = ", ".join(str(row[0]) for row in delta)
                raise NotImplementedError(PRUNE_DELTA.format(threads=names))
            cur.execute(
                f"DELETE FROM checkpoints WHERE {_OF_THREADS} AND "
                "(thread_id, checkpoint_ns, checkpoint_id) NOT IN (SELECT thread_id, "
                f"checkpoint_ns, MAX(checkpoint_id) FROM checkpoints WHERE {_OF_THREADS} "
                "GROUP BY thread_id, checkpoint_ns)",
                (ids, ids),
            )
            cur.execute(
                f"DELETE FROM writes WHERE {_OF_THREADS} AND "
                "(thread_id, checkpoint_ns, checkpoint_id) NOT IN (SELECT thread_id, "
                f"checkpoint_ns, checkpoint_id FROM checkpoints WHERE {_OF_THREADS})",
                (ids, ids),
            )
            cur.execute(
                f"UPDATE checkpoints SET parent_checkpoint_id = NULL WHERE {_OF_THREADS}", (ids,)
            )

    def copy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """Copy a thread's every checkpoint and write to another thread id, in one statement each.

        The server's `POST /threads/{id}/copy` would otherwise replay them one `put` at a
        time. Metadata is copied as it is; ledger rows are not: the copy is a new thread, and
        its writes get new idempotency keys.
        """
        with self.cursor() as cur:
            cur.execute(
                "INSERT OR REPLACE INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, "
                "parent_checkpoint_id, type, checkpoint, metadata) SELECT ?, checkpoint_ns, "
                "checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata "
                "FROM checkpoints WHERE thread_id = ?",
                (str(target_thread_id), str(source_thread_id)),
            )
            cur.execute(
                "INSERT OR REPLACE INTO writes (thread_id, checkpoint_ns, checkpoint_id, task_id, "
                "task_path, idx, channel, type, value) SELECT ?, checkpoint_ns, checkpoint_id, "
                "task_id, task_path, idx, channel, type, value FROM writes WHERE thread_id = ?",
                (str(target_thread_id), str(source_thread_id)),
            )

    async def acopy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """`copy_thread` on the writer thread, after every write queued before it."""
        await self._call(
            lambda: self.copy_thread(source_thread_id, target_thread_id),
            "write",
            thread_id=str(target_thread_id),
        )

    async def adelete_for_runs(self, run_ids: Sequence[str]) -> None:
        """`delete_for_runs` on the writer thread, in order with the runs' own writes."""
        run_ids = list(run_ids)  # the server may pass a one-shot iterable
        await self._call(lambda: self.delete_for_runs(run_ids), "write")

    async def aprune(self, thread_ids: Sequence[str], *, strategy: str = "keep_latest") -> None:
        """`prune` on the writer thread, in order with the threads' own writes."""
        if isinstance(thread_ids, str):
            raise TypeError(PRUNE_ONE_STRING)
        thread_ids = list(thread_ids)
        await self._call(lambda: self.prune(thread_ids, strategy=strategy), "write")

    async def aget_delta_channel_history(
        self, *, config: RunnableConfig, channels: Sequence[str]
    ) -> Mapping[str, Any]:
        """`get_delta_channel_history` on the writer thread."""
        return await self._call(
            lambda: self.get_delta_channel_history(config=config, channels=channels), "read"
        )


def thread_of(config: RunnableConfig) -> str | None:
    """The LangGraph thread a config names, if any: whose run a failed side write fails."""
    thread_id = config.get("configurable", {}).get("thread_id")
    return None if thread_id is None else str(thread_id)
